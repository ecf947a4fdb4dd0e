/* Riichi Lens service worker (hand-written; vite.config.ts fills in the file lists at build time).
 * - install: caches the app shell (HTML, JS, CSS, tile art, icons, manifest) of this build.
 * - activate: drops caches older than the previous version, then fetches the heavy files (recognition models, onnxruntime wasm)
 *   into the cache in the background, so photo recognition works offline after the first visit.
 * - fetch: same-origin GET only. Navigations get the cached index.html; other files come from the cache
 *   first, else from the network (and are added to the cache). Requests to other origins are never made
 *   by the app (the Content-Security-Policy forbids them) and are left alone here.
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const HEAVY = __HEAVY__;
const CACHE = `riichi-lens-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Keep the previous version too (caches.keys() is in creation order): a page opened before this update
      // may still load its lazy chunks from it. Older versions go.
      const names = (await caches.keys()).filter((n) => n.startsWith('riichi-lens-') && n !== CACHE);
      await Promise.all(names.slice(0, -1).map((n) => caches.delete(n)));
      await self.clients.claim();
      // Heavy files: best effort, one at a time, never failing activation.
      const cache = await caches.open(CACHE);
      for (const url of HEAVY) {
        try {
          if (!(await cache.match(url))) await cache.add(url);
        } catch {
          /* fetched again on first use */
        }
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      caches.match('./index.html', { cacheName: CACHE, ignoreVary: true }).then((cached) => cached || fetch(request)),
    );
    return;
  }
  if (request.headers.has('range')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // ignoreVary: module scripts and crossorigin stylesheets send an Origin header, and servers answer with Vary: Origin.
      const cached =
        (await cache.match(request, { ignoreSearch: true, ignoreVary: true })) ||
        (await caches.match(request, { ignoreSearch: true, ignoreVary: true }));
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') cache.put(request, response.clone()).catch(() => {});
      return response;
    })(),
  );
});
