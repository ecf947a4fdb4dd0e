// Issue 19, the photo path, in Chromium against the production build with the real models: a photo of 14 tiles is
// read; one tile deleted in the review leaves 13; after "confirm" the Hand screen shows the waits of exactly the tiles
// handed over (checked against the engine's findWaits in Node). With 14 tiles it offers what each discard leaves.
import { register } from 'tsx/esm/api';
import { assert, assertEqual, test, tilesIn } from './harness.mjs';
import { testImages } from './capture-fixtures.mjs';

register();
const { findWaits } = await import('../../src/engine/index.ts');

const RECOGNITION_TIMEOUT = 120_000;

function photo() {
  const images = testImages().filter((t) => typeof t.hand === 'string' && /^[0-9mpsz]+$/.test(t.hand) && t.hand.replace(/[mpsz]/g, '').length === 14);
  assert(images.length > 0, 'a labelled closed 14-tile hand in test-images/labels.json');
  return images.find((t) => t.file.includes('sanshoku')) ?? images[0];
}

const strip = '[data-testid=review-strip] [data-testid=review-tile]';

test('waits from a photo: 13 tiles after review show their waits; 14 tiles what each discard leaves', async (ctx) => {
  const image = photo();
  const page = await ctx.openPage('/#/photo');
  await page.locator('[data-testid=file-input]').setInputFiles(image.file);
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: RECOGNITION_TIMEOUT });
  const read = await tilesIn(page, strip);
  assert(read.length >= 14, `at least 14 tiles read, got ${read.length}`);

  // 14 tiles (extra boxes deleted) → the Hand screen offers the discards.
  while ((await page.locator(strip).count()) > 14) {
    await page.locator(strip).last().click();
    await page.locator('[data-testid=tile-menu] [data-testid=delete-tile]').click();
  }
  await page.locator('[data-testid=confirm-hand]').click();
  await page.waitForFunction(() => location.hash.startsWith('#/hand'));
  await page.locator('[data-testid=discards-panel]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=discards-panel] summary').click();
  await page.locator('[data-testid=discard]').first().waitFor();
  assert((await page.locator('[data-testid=discard]').count()) >= 1, 'discards listed');

  // Back to the review, one more tile deleted: 13 tiles → the waits view.
  await page.goBack();
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 30_000 });
  await page.locator(strip).first().click();
  await page.locator('[data-testid=tile-menu] [data-testid=delete-tile]').click();
  assertEqual(await page.locator(strip).count(), 13, 'thirteen tiles in the review');
  await page.locator('[data-testid=confirm-hand]').click();
  await page.waitForFunction(() => location.hash.startsWith('#/hand'));
  const panel = page.locator('[data-testid=waits-panel]');
  await panel.waitFor({ timeout: 15_000 });
  const tiles = [...(await tilesIn(page, '[data-testid=hand-closed]')), ...(await tilesIn(page, '[data-testid=hand-win]'))];
  assertEqual(tiles.length, 13, 'the editor holds the 13 tiles');
  const expected = findWaits({ closed: tiles.join('') }, { seat_wind: 'S' });
  assert(expected.ok, `engine reads the hand: ${JSON.stringify(expected.error ?? null)}`);
  assertEqual(Number(await panel.getAttribute('data-shanten')), expected.shanten, 'shanten as the engine gives it');
  const shown = await page.locator('[data-testid=wait]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));
  assertEqual(shown, expected.waits.map((w) => w.tile), 'waits as the engine gives them');
  console.log(`    photo hand ${tiles.join('')}: shanten ${expected.shanten}, waits ${shown.join(' ') || '-'}`);
  assertEqual(ctx.foreignRequests, [], 'no request to another origin');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 240_000 });
