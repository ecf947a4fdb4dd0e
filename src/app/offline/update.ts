// A new version of the app installed while a page of the old one is open. The service worker takes over at once
// (skipWaiting, clients.claim), so the page keeps running the old code: its screens not opened yet may no longer
// load (their files belong to the old version), and the new version's tile reader files are downloaded only by a
// page of the new version. The page says so, with a reload, instead of failing later offline.
import { useSyncExternalStore } from 'react';

let installed = false;
const listeners = new Set<() => void>();

/**
 * Listens for a new service worker taking over `container`. The first worker of a first visit takes over too: that
 * is no update, told apart by the page having had no controller when it loaded.
 */
export function watchForUpdates(container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>): void {
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (controlled && !installed) {
      installed = true;
      for (const l of listeners) l();
    }
    controlled = true;
  });
}

/** Whether a new version was installed since this page loaded. */
export function useUpdateInstalled(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => installed,
    () => false,
  );
}

/** Whether an update was installed (for a screen that fails to load: the likely reason). */
export function updateInstalled(): boolean {
  return installed;
}
