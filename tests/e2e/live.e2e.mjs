// Live reading in the viewfinder (issue 17), end to end in Chromium against the production build, with the real
// models and a fake camera playing a 1280×720 .y4m made from a project test image (tests/e2e/live-fixtures.mjs):
// 1. live boxes and tile labels appear over a moving preview, read several times a second;
//    with auto-capture off a complete hand in view is never taken, switched on it is;
// 2. auto-capture fires by itself and the true hand reaches the review (camera opened → review timed);
// 3. a 13-tile hand gets the "13 tiles" hint, in English and in French; a blurred picture "hold steady", tiles far
//    away "move closer";
// 4. a scene without tiles never fires (LIVE_NO_TILES_S seconds, 30 by default as the issue asks);
// 5. hiding the page stops the reading, showing it again resumes it;
// 6. the dora mode reads the indicators by itself and the next photo's review starts with them.
import { assert, assertEqual, codes, test, tilesIn } from './harness.mjs';
import { testImages } from './capture-fixtures.mjs';
import { doraY4m, liveY4m, movingY4m, tilelessY4m } from './live-fixtures.mjs';
import { loadavg } from 'node:os';

const MODEL_TIMEOUT = 120_000;
const NO_TILES_S = Number(process.env.LIVE_NO_TILES_S ?? 30);
// The goal is 4 reads a second on an idle machine (`npm run bench live` measures it); the test asks for 2,
// as the shared test machine runs other work beside it.
const MIN_READS_PER_S = Number(process.env.LIVE_MIN_READS ?? 2);


const image = (name) => {
  const found = testImages().find((t) => t.file.includes(name));
  assert(found, `test image ${name} in test-images/labels.json`);
  return found;
};

/** A fresh Chromium with the fake camera on `y4m`, localStorage prepared before the app starts, the Photo screen open. */
async function openLive(ctx, y4m, { auto = true, lang = 'en' } = {}) {
  const context = await ctx.launch(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`, '--use-fake-ui-for-media-stream']);
  await context.grantPermissions(['camera'], { origin: ctx.baseURL });
  await context.addInitScript(({ auto, lang }) => {
    localStorage.setItem('riichi-lens.auto-capture', auto ? 'on' : 'off');
    localStorage.setItem('riichi-lens.lang', lang);
  }, { auto, lang });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => ctx.pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') ctx.pageErrors.push(`console.error: ${msg.text()}`);
  });
  await page.goto(new URL('/#/photo', ctx.baseURL).href);
  await page.locator('[data-testid=model-status][data-status=ready]').waitFor({ timeout: MODEL_TIMEOUT });
  if ((await page.locator('[data-testid=camera]').getAttribute('data-status')) === 'off') await page.locator('[data-testid=start-camera]').click();
  await page.locator('[data-testid=camera][data-status=on]').waitFor({ timeout: 30_000 });
  return page;
}

const live = (page) => page.locator('[data-testid=live]');
const reads = async (page) => Number((await live(page).getAttribute('data-reads')) ?? 0);

/** Pixels drawn on the overlay canvas (alpha > 0). */
const drawnPixels = (page) =>
  page.locator('[data-testid=live] canvas').evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n;
  });

test('live: boxes and tiles follow a moving camera, several reads a second', async (ctx) => {
  const hand = image('tanyao');
  const camera = await movingY4m(hand.file);
  const page = await openLive(ctx, camera.path, { auto: false });
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=live]')?.getAttribute('data-reads') ?? 0) >= 3, undefined, { timeout: 30_000 });
  // Reads per second over 6 s of live view, and what each read found.
  const r0 = await reads(page);
  const t0 = Date.now();
  const seen = [];
  while (Date.now() - t0 < 6000) {
    await page.waitForTimeout(250);
    seen.push({ tiles: Number(await live(page).getAttribute('data-tiles')), hand: await live(page).getAttribute('data-hand') });
  }
  const perSecond = ((await reads(page)) - r0) / ((Date.now() - t0) / 1000);
  const fourteen = seen.filter((s) => s.tiles === 14).length;
  const right = seen.filter((s) => s.hand && s.hand.split(/[ |]/).join('') === codes(hand.hand).join('')).length;
  console.log(`    live reads: ${perSecond.toFixed(1)}/s (last read ${await live(page).getAttribute('data-last-ms')} ms, page fps ${await live(page).getAttribute('data-fps')}); 14 boxes in ${fourteen}/${seen.length} samples, true hand in ${right}/${seen.length}; load ${loadavg()[0].toFixed(1)}`);
  assert(perSecond >= MIN_READS_PER_S, `at least ${MIN_READS_PER_S} reads a second on this machine (got ${perSecond.toFixed(2)})`);
  assert(fourteen >= seen.length / 2, 'a box on each of the 14 tiles in most samples');
  assert(right > 0, 'the true hand read live');
  assert((await drawnPixels(page)) > 1000, 'boxes and tile art drawn over the preview');
  assertEqual(await page.locator('[data-testid=capture]').getAttribute('data-stage'), 'start', 'auto-capture off: no photo taken');
  assertEqual(ctx.foreignRequests, [], 'no request to another origin');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 180_000 });

test('live: with auto-capture off a complete hand in view is never taken; switched on, it is', async (ctx) => {
  const hand = image('tanyao');
  const camera = await liveY4m(hand.file);
  const page = await openLive(ctx, camera.path, { auto: false });
  await page.locator('[data-testid=live][data-hint=complete]').waitFor({ timeout: 30_000 });
  assertEqual(await live(page).getAttribute('data-auto'), 'false', 'auto-capture off, as remembered');
  // A complete hand, auto-capture off: the player is told to shoot.
  await page.locator('[data-testid=live-hint]', { hasText: 'Hand read: take the photo' }).waitFor({ timeout: 5000 });
  await page.waitForTimeout(5000);
  assertEqual(await page.locator('[data-testid=capture]').getAttribute('data-stage'), 'start', 'no photo taken in 5 s');
  assertEqual(await live(page).getAttribute('data-shutter'), 'off', 'the automatic shutter is off');
  // The switch turns it on (and remembers it): the photo is then taken by itself.
  await page.locator('[data-testid=auto-capture]').check();
  assertEqual(await page.evaluate(() => localStorage.getItem('riichi-lens.auto-capture')), 'on', 'the choice is remembered');
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 30_000 });
  assertEqual(await tilesIn(page, '[data-testid=review-strip] [data-testid=review-tile]'), codes(hand.hand), 'the review holds the true hand');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 180_000 });

test('live: auto-capture takes the photo by itself and the true hand reaches the review', async (ctx) => {
  const hand = image('pinfu');
  const camera = await liveY4m(hand.file);
  const page = await openLive(ctx, camera.path, { auto: true });
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('riichi-lens:tiles-shown').length > 0);
  const timing = await page.evaluate(() => {
    const at = (n) => performance.getEntriesByName(`riichi-lens:${n}`).at(-1)?.startTime ?? NaN;
    return { open: at('camera-open'), first: at('live-first'), auto: at('auto-shot'), shown: at('tiles-shown') };
  });
  console.log(`    camera opened → first live reading ${Math.round(timing.first - timing.open)} ms → auto shot ${Math.round(timing.auto - timing.open)} ms → review shown ${Math.round(timing.shown - timing.open)} ms (the camera may start with the page, while the model loads: see npm run bench live; load ${loadavg()[0].toFixed(1)})`);
  assert(timing.auto > timing.open, 'the automatic shutter fired');
  const strip = await tilesIn(page, '[data-testid=review-strip] [data-testid=review-tile]');
  assertEqual(strip, codes(hand.hand), 'the review holds the true hand');
  assertEqual(ctx.foreignRequests, [], 'no request to another origin');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 180_000 });

test('live: 13 tiles → "is the winning tile in view?", in English and French; never fires', async (ctx) => {
  const hand = image('tenpai13');
  const camera = await liveY4m(hand.file);
  const page = await openLive(ctx, camera.path, { auto: true });
  const hint = page.locator('[data-testid=live-hint]');
  await page.locator('[data-testid=live][data-hint=thirteen]').waitFor({ timeout: 30_000 });
  assertEqual(await hint.textContent(), '13 tiles: is the winning tile in view?', 'English hint');
  // on a phone, one line: centred by a shift, it had half the view to grow in and wrapped on three over the tiles
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  const { lines, room } = await hint.evaluate((el) => {
    const st = getComputedStyle(el);
    const text = el.getBoundingClientRect().height - parseFloat(st.paddingTop) - parseFloat(st.paddingBottom);
    return { lines: Math.round(text / (parseFloat(st.fontSize) * 1.25)), room: el.parentElement.getBoundingClientRect().width };
  });
  assertEqual(lines, 1, `the hint's lines in a view ${Math.round(room)} px wide`);
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.waitForFunction(() => document.querySelector('[data-testid=live-hint]')?.textContent?.startsWith('13 tuiles'), undefined, { timeout: 5000 });
  assertEqual(await hint.textContent(), '13 tuiles\u00a0: la tuile gagnante est-elle visible\u00a0?', 'French hint');
  await page.waitForTimeout(3000);
  assertEqual(await page.locator('[data-testid=capture]').getAttribute('data-stage'), 'start', 'a 13-tile hand is not a complete hand: no photo');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 180_000 });

test('live: a blurred picture → "hold steady"; tiles far away → "move closer"; neither fires', async (ctx) => {
  const hand = image('sanshoku');
  for (const [fixture, hint, text] of [
    [{ blur: 6 }, 'hold-steady', 'Hold steady'],
    [{ fit: 0.55 }, 'move-closer', 'Move closer'],
  ]) {
    const camera = await liveY4m(hand.file, fixture);
    const page = await openLive(ctx, camera.path, { auto: true });
    await page.locator(`[data-testid=live][data-hint=${hint}]`).waitFor({ timeout: 30_000 }).catch(async (e) => {
      const l = live(page);
      throw new Error(`${e.message}\n      hint ${await l.getAttribute('data-hint')}, ${await l.getAttribute('data-tiles')} boxes, sharpness ${await l.getAttribute('data-sharpness')}, read ${await l.getAttribute('data-hand')}`);
    });
    await page.locator('[data-testid=live-hint]', { hasText: text }).waitFor({ timeout: 5000 });
    console.log(`    ${JSON.stringify(fixture)}: hint ${hint}, ${await live(page).getAttribute('data-tiles')} boxes, sharpness ${await live(page).getAttribute('data-sharpness')}`);
    await page.waitForTimeout(2000);
    assertEqual(await page.locator('[data-testid=capture]').getAttribute('data-stage'), 'start', `${hint}: no photo taken`);
    await page.context().close();
  }
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 240_000 });

test(`live: a scene without tiles never takes the photo (${NO_TILES_S} s)`, async (ctx) => {
  const camera = await tilelessY4m();
  const page = await openLive(ctx, camera.path, { auto: true });
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=live]')?.getAttribute('data-reads') ?? 0) >= 3, undefined, { timeout: 30_000 });
  const r0 = await reads(page);
  const phases = new Set();
  for (let s = 0; s < NO_TILES_S; s++) {
    await page.waitForTimeout(1000);
    phases.add(await live(page).getAttribute('data-shutter'));
    assertEqual(await page.locator('[data-testid=capture]').getAttribute('data-stage'), 'start', `no photo taken after ${s + 1} s`);
  }
  const read = (await reads(page)) - r0;
  console.log(`    ${read} frames read in ${NO_TILES_S} s, shutter phases seen: ${[...phases].join(', ')}, hint: ${await live(page).getAttribute('data-hint')}`);
  assert(read >= NO_TILES_S, 'the frames were read all along (at least one a second: slower when nothing changes)');
  assert(!phases.has('holding') && !phases.has('fired'), 'the shutter never held a hand');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 60_000 + NO_TILES_S * 1500 });

test('live: hiding the page stops the reading; showing it resumes', async (ctx) => {
  const hand = image('tanyao');
  const camera = await liveY4m(hand.file);
  const page = await openLive(ctx, camera.path, { auto: false });
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=live]')?.getAttribute('data-reads') ?? 0) >= 2, undefined, { timeout: 30_000 });
  // Headless Chromium never hides a page (another tab in front, a minimised window: still 'visible'), so the page is
  // told it is hidden as a browser tells it: document.visibilityState 'hidden' and a visibilitychange event.
  const setHidden = (hidden) =>
    page.evaluate((hidden) => {
      if (hidden) {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      } else {
        delete document.visibilityState;
        delete document.hidden;
      }
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await page.waitForTimeout(500); // a reading in flight when it was hidden comes back
  const hidden = await reads(page);
  await page.waitForTimeout(3000);
  assertEqual(await reads(page), hidden, 'no frame read while the page is hidden');
  assertEqual(await live(page).getAttribute('data-paused'), 'hidden', 'paused because hidden');
  await setHidden(false);
  assertEqual(await page.evaluate(() => document.visibilityState), 'visible', 'visible again');
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=live]')?.getAttribute('data-reads') ?? 0) > n + 1, hidden, { timeout: 15_000 });
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 120_000 });

test('live: the dora mode reads the indicators by itself; the review of the next photo starts with them', async (ctx) => {
  const hand = image('tanyao');
  // 2m 3m of hand01 (its 3s 4s were used first; the round-5 classifier reads that 4s crop, alone in the frame with
  // one view, as a 6s: a known weakness noted in the model card, not what this test is about)
  const picked = [0, 1].map((i) => hand.entry.tiles[i]);
  const camera = await doraY4m(hand.file, picked.map((t) => t.box));
  const page = await openLive(ctx, camera.path, { auto: false });
  await page.locator('[data-testid=live-mode-dora]').check({ force: true });
  await page.locator('[data-testid=live-dora-taken]').waitFor({ timeout: 30_000 });
  const note = await page.locator('[data-testid=live-dora-taken]').textContent();
  console.log(`    ${note}`);
  assertEqual(note, `Dora indicators read: ${picked.map((t) => t.tile).join(' ')}. Now the hand.`, 'the indicators read live');
  assertEqual(await live(page).getAttribute('data-mode'), 'hand', 'back to the hand once the indicators are read');
  // Auto-capture is off: a shot of the same two tiles with the button is no hand (a hand shows at least 14 tiles)...
  await page.locator('[data-testid=shutter]').click();
  await page.locator('[data-testid=capture-error][data-code=no-tiles]').waitFor({ timeout: 60_000 });
  // ...and the indicators wait for the hand, here the whole photo chosen as a file.
  await page.locator('[data-testid=file-input]').setInputFiles(hand.file);
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 60_000 });
  assertEqual(await tilesIn(page, '[data-testid=review-dora]'), picked.map((t) => t.tile), 'the review starts with the indicators read live');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 180_000 });
