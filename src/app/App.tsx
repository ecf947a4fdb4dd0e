import { Component, lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { LANGS, setLang, useLang, useT, type Lang } from './i18n/index.ts';
import { updateInstalled, useUpdateInstalled } from './offline/update.ts';
import { actions, useAppState } from './state/store.ts';
import { SCREENS, type Screen } from './state/types.ts';

// Every screen is its own chunk: the first load carries only the shell.
const screens: Record<Screen, LazyExoticComponent<ComponentType>> = {
  photo: lazy(() => import('./capture/CaptureScreen.tsx')),
  hand: lazy(() => import('./hand/HandScreen.tsx')),
  ledger: lazy(() => import('./ledger/LedgerScreen.tsx')),
  practice: lazy(() => import('./practice/PracticeScreen.tsx')),
};

const navKey = { photo: 'nav.photo', hand: 'nav.hand', ledger: 'nav.ledger', practice: 'nav.practice' } as const;

export function App() {
  const t = useT();
  const lang = useLang();
  const screen = useAppState((s) => s.screen);
  const Current = screens[screen];
  const updated = useUpdateInstalled();
  // A new screen opens at its top (not part-way down, where the last one was scrolled).
  const firstScreen = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    // A button inside the last screen brought the player here ("Enter the hand by hand"): the focus went with it.
    // It goes to the new screen's tab, where the keyboard can go on, not back to the top of the page.
    requestAnimationFrame(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) document.querySelector<HTMLButtonElement>('.app-nav [aria-current=page]')?.focus({ preventScroll: true });
    });
  }, [screen]);
  return (
    <div className="app">
      <header className="app-header">
        <h1 className="app-title">
          <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width={28} height={28} />
          {t('app.title')}
        </h1>
        <label className="lang-switch">
          <span className="visually-hidden">{t('app.language')}</span>
          <select
            value={lang}
            onChange={(e) => setLang(e.target.value as Lang)}
            aria-label={t('app.language')}
            data-testid="lang-switch"
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {l === 'en' ? 'English' : 'Français'}
              </option>
            ))}
          </select>
        </label>
      </header>
      <nav className="app-nav" aria-label={t('nav.label')}>
        {SCREENS.map((s) => (
          <button
            key={s}
            type="button"
            className="nav-button"
            aria-current={s === screen ? 'page' : undefined}
            onClick={() => actions.goTo(s)}
            data-screen={s}
          >
            {t(navKey[s])}
          </button>
        ))}
      </nav>
      {updated && (
        <p className="update-notice" role="status" data-testid="update-installed">
          {t('app.updateInstalled')}{' '}
          <button type="button" onClick={() => window.location.reload()}>
            {t('app.retry')}
          </button>
        </p>
      )}
      <main className="app-main" id="main">
        <ScreenBoundary key={screen} retryLabel={t('app.retry')} messageTemplate={t('app.screenError')} afterUpdate={t('app.screenAfterUpdate')}>
          <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
            <Current />
          </Suspense>
        </ScreenBoundary>
      </main>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  retryLabel: string;
  messageTemplate: string;
  /** What a screen that fails to load says once a new version was installed: its files are the old version's. */
  afterUpdate: string;
}

/** A screen that throws (or whose chunk fails to load) shows a message, never a blank page. */
class ScreenBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="error-box">
          <p>{updateInstalled() ? this.props.afterUpdate : this.props.messageTemplate.replace('{message}', this.state.error.message)}</p>
          {/* A failed lazy chunk stays failed inside React.lazy: reloading is the retry that works. */}
          <button type="button" onClick={() => window.location.reload()}>
            {this.props.retryLabel}
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
