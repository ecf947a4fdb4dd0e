/* Riichi Lens service worker (hand-written; vite.config.ts fills in the file lists at build time).
 * - install: caches the app shell (HTML, JS, CSS, tile art, icons, manifest) of this build.
 * - activate: drops caches older than the previous version (and the heavy files of the one kept).
 * - heavy files (recognition models, onnxruntime wasm) are not handled here: the recognition worker downloads them
 *   once, with progress, into its own cache (src/worker/model-cache.ts, also filled by src/app/offline/prefetch.ts),
 *   and reads them from there offline. Caching them here too downloaded and stored each of them twice.
 * - fetch: same-origin GET only. Navigations get the cached index.html; other files come from the cache
 *   first, else from the network (and are added to the cache). Requests to other origins are never made
 *   by the app (the Content-Security-Policy forbids them) and are left alone here.
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const HEAVY = __HEAVY__;
const CACHE = `riichi-lens-${VERSION}`;
const HEAVY_PATHS = new Set(HEAVY.map((url) => new URL(url, self.location.href).pathname));
const isHeavyPath = (pathname) => HEAVY_PATHS.has(pathname) || /\.(wasm|onnx)$/.test(pathname);

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
      // Versions before this one kept copies of the heavy files: they live in the worker's cache now.
      for (const name of names.slice(-1)) {
        const old = await caches.open(name);
        for (const request of await old.keys()) if (isHeavyPath(new URL(request.url).pathname)) await old.delete(request);
      }
      await self.clients.claim();
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
  if (isHeavyPath(url.pathname)) return; // straight to the network, streamed: the worker caches it (see above)
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
