// A new version taking over an open page is said (with a reload); the first worker of a first visit is not an update.
import { describe, expect, it } from 'vitest';
import { updateInstalled, watchForUpdates } from '../../src/app/offline/update.ts';

/** A stand-in for navigator.serviceWorker: its controller, and a way to fire controllerchange. */
function container(controller: object | null) {
  const target = new EventTarget();
  return {
    controller: controller as ServiceWorker | null,
    addEventListener: target.addEventListener.bind(target) as ServiceWorkerContainer['addEventListener'],
    takeOver: () => target.dispatchEvent(new Event('controllerchange')),
  };
}

describe('an update installed while the page is open', () => {
  it('is no update on a first visit (no controller when the page loaded), and is one after that', () => {
    const first = container(null);
    watchForUpdates(first);
    first.takeOver(); // the first service worker claims the page
    expect(updateInstalled()).toBe(false);
    first.takeOver(); // a later version takes over the same page
    expect(updateInstalled()).toBe(true);
  });

  it('a page loaded under a worker: the next one taking over is an update', () => {
    const page = container({});
    watchForUpdates(page);
    page.takeOver();
    expect(updateInstalled()).toBe(true);
  });
});
