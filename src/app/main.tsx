import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { getLang } from './i18n/index.ts';
import { watchForUpdates } from './offline/update.ts';
import './app.css';

document.documentElement.lang = getLang();
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline support: the hand-written service worker in public/sw.js (production builds only).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // an update installed while this page is open is said, with a reload (offline/update.ts)
  watchForUpdates(navigator.serviceWorker);
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch((error: unknown) => {
      console.warn('Service worker not registered; the app still works online.', error);
    });
    // The tile reader's files, for offline use, once the page has settled (the Photo screen starts its own
    // download at once; the two share one download per file).
    window.setTimeout(() => {
      void import('./offline/prefetch.ts').then((m) => m.prefetchRecognitionFiles()).catch(() => undefined);
    }, 2000);
  });
}
