// The app shell: loads under the production CSP, navigates between screens, asks nothing of other origins.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, test } from './harness.mjs';

test('shell loads, navigates, and stays on its own origin', async (ctx) => {
  const page = await ctx.openPage('/');
  // The app opens ready to photograph (issue 16); the palette is one tap away.
  await page.locator('nav button[data-screen="photo"][aria-current="page"]').waitFor();
  for (const screen of ['hand', 'ledger', 'practice', 'photo']) {
    await page.locator(`nav button[data-screen="${screen}"]`).click();
    await page.waitForFunction((s) => location.hash.startsWith(`#/${s}`), screen);
    await page.locator('main section, main .error-box').first().waitFor();
  }
  await page.goBack();
  await page.waitForFunction(() => location.hash.startsWith('#/practice'));
  assert((await page.locator('.app-main').innerText()).trim().length > 0, 'never a blank screen');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert(csp && csp.includes("default-src 'self'"), 'production build carries a CSP meta');
  assertEqual(ctx.foreignRequests, [], 'requests to other origins');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('service worker and manifest are served', async (ctx) => {
  const page = await ctx.openPage('/');
  const registered = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return Boolean(reg.active);
  });
  assert(registered, 'service worker active');
  // the first worker of a first visit takes the page over (clients.claim): that is no update, and nothing says one
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForTimeout(300);
  assertEqual(await page.locator('[data-testid=update-installed]').count(), 0, 'no "new version" notice on a first visit');
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  assertEqual(manifest.name, 'Riichi Lens');
  const isolated = await page.evaluate(() => crossOriginIsolated);
  assert(isolated, 'page is cross-origin isolated (COOP/COEP)');
});

/** A page at `path` once the service worker controls it: the page that registered it is not yet; after a reload it is. */
async function controlledPage(ctx, path) {
  const page = await ctx.openPage(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

test('works offline after the first visit (service worker cache)', async (ctx) => {
  const page = await controlledPage(ctx, '/#/hand');
  await page.waitForFunction(async () => {
    const keys = await caches.keys();
    if (!keys.length) return false;
    const cache = await caches.open(keys[0]);
    return Boolean(await cache.match('/models/model.json')) || (await cache.keys()).length > 20;
  });
  // The tile reader's files are fetched once into the recognition cache (src/app/offline/prefetch.ts).
  await page.waitForFunction(async () => (await (await caches.open('recognition-models-v1')).keys()).length >= 3, null, { timeout: 60_000 });
  await page.context().setOffline(true);
  await page.goto(new URL('/#/hand?c=234m567p345s5688s&w=7s', ctx.baseURL).href);
  await page.locator('[data-testid=score]').waitFor();
  assertEqual(await page.locator('[data-testid=score]').getAttribute('data-total'), '2000', 'scored offline');
  for (const screen of ['photo', 'ledger', 'practice']) {
    await page.locator(`nav button[data-screen="${screen}"]`).click();
    await page.locator('main section, main .error-box').first().waitFor();
  }
  assertEqual(await page.locator('main .error-box').count(), 0, 'every screen loads offline');
  const tileArt = await page.evaluate(async () => (await fetch('/tiles/7z.svg')).ok);
  assert(tileArt, 'tile art from the cache');
});

test('the HEIC decoder: not downloaded by a first visit, cached the first time a HEIC photo is read, then read offline', async (ctx) => {
  // libheif's 2 MB chunk is left out of the service worker's install (vite.config.ts isOnDemand).
  const page = await controlledPage(ctx, '/#/photo');
  const cachedDecoder = () =>
    page.evaluate(async () => {
      const found = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) if (/\/wasm-bundle-[\w-]+\.js$/.test(request.url)) found.push(request.url);
      return found.length;
    });
  assertEqual(await cachedDecoder(), 0, 'the HEIC decoder is not cached by the install');
  await page.locator('[data-testid=model-status][data-status=ready]').waitFor({ timeout: 180_000 });
  const heic = new URL('../fixtures/hand01_1200x900.heic', import.meta.url).pathname;
  await page.locator('[data-testid=file-input]').setInputFiles(heic);
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 120_000 });
  assertEqual(await cachedDecoder(), 1, 'cached once a HEIC photo was read');
  // offline, a fresh page: the next HEIC photo is read as well
  await page.context().setOffline(true);
  const offline = await page.context().newPage();
  await offline.goto(new URL('/#/photo', ctx.baseURL).href);
  await offline.locator('[data-testid=model-status][data-status=ready]').waitFor({ timeout: 60_000 });
  await offline.locator('[data-testid=file-input]').setInputFiles(heic);
  await offline.locator('[data-testid=review-tile]').first().waitFor({ timeout: 120_000 });
  assertEqual(await offline.locator('[data-testid=review-tile]').count(), 14, 'the HEIC photo read offline');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 300_000 });

test('a new version installed while the app is open: the page says so, with a reload', async (ctx) => {
  const page = await controlledPage(ctx, '/#/hand');
  // the next version published: the same worker with another version, as a build with changed files writes it
  const file = join(ctx.distDir, 'sw.js');
  const sw = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, sw.replace(/const VERSION = '[^']*'/, "const VERSION = 'next-version'"));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.locator('[data-testid=update-installed]');
    await notice.waitFor({ timeout: 30_000 });
    assert(/A new version of Riichi Lens is installed: reload the page/.test(await notice.textContent()), await notice.textContent());
    await notice.getByRole('button', { name: 'Reload the page' }).click();
    await page.locator('[data-testid=hand-closed], main section').first().waitFor();
    assertEqual(await page.locator('[data-testid=update-installed]').count(), 0, 'gone once reloaded');
  } finally {
    writeFileSync(file, sw);
  }
});
