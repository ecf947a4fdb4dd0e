// The app shell: loads under the production CSP, navigates between screens, asks nothing of other origins.
import { assert, assertEqual, test } from './harness.mjs';

test('shell loads, navigates, and stays on its own origin', async (ctx) => {
  const page = await ctx.openPage('/');
  await page.locator('nav button[data-screen="hand"][aria-current="page"]').waitFor();
  for (const screen of ['photo', 'ledger', 'practice', 'hand']) {
    await page.locator(`nav button[data-screen="${screen}"]`).click();
    await page.waitForFunction((s) => location.hash.startsWith(`#/${s}`), screen);
    await page.locator('main section, main .error-box').first().waitFor();
  }
  await page.goBack();
  await page.waitForFunction(() => location.hash.startsWith('#/practice'));
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
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  assertEqual(manifest.name, 'Riichi Lens');
  const isolated = await page.evaluate(() => crossOriginIsolated);
  assert(isolated, 'page is cross-origin isolated (COOP/COEP)');
});
