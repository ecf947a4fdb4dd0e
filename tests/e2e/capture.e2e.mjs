// Photo to score (issue 5), end to end in Chromium against the production build, with the real models:
// 1. fake camera (a .y4m made from a project test image) → shutter → tiles on the photo → fix one tile
//    through its top-3 menu → hand editor → ron → the score the engine gives for the true hand;
// 2. the same through the file picker (a photo file), plus the data set export;
// 3. a file that is not an image: a clear message and a way forward, the hand in the editor untouched;
// 4. camera refused: a clear message and the file picker / manual entry still there.
import { register } from 'tsx/esm/api';
import { assert, assertEqual, test, tilesIn } from './harness.mjs';
import { makeY4m, testImages } from './capture-fixtures.mjs';

register();
const { scoreHand } = await import('../../src/engine/index.ts');

const RECOGNITION_TIMEOUT = 120_000;

/** Hand codes in compact notation (`123m0p`) → ['1m','2m','3m','0p']. */
function codes(notation) {
  const out = [];
  let digits = '';
  for (const ch of notation.replace(/\s+/g, '')) {
    if (/[0-9]/.test(ch)) digits += ch;
    else {
      for (const d of digits) out.push(`${d}${ch}`);
      digits = '';
    }
  }
  return out;
}

/** A labelled test image with a closed 14-tile hand that scores by ron on its last tile, preferring the given name. */
function closedHandImage(prefer) {
  const images = testImages().filter((t) => typeof t.hand === 'string' && /^[0-9mpsz]+$/.test(t.hand) && codes(t.hand).length === 14 && t.file.includes(prefer));
  assert(images.length > 0, 'a labelled closed 14-tile hand in test-images/labels.json');
  return images.find((t) => t.file.includes(prefer)) ?? images[0];
}

function expectedRonTotal(truth) {
  // The win tile is the last tile of the labelled hand (the photographed hand puts it last).
  const tiles = codes(truth);
  const result = scoreHand({ closed: tiles.join(''), melds: [], win_tile: tiles[13], tsumo: false, seat_wind: 'S', round_wind: 'E', dora_indicators: '' });
  assert(result.ok, `engine scores the true hand ${truth}: ${JSON.stringify(result.error ?? null)}`);
  return result.total_gain;
}

const stripTiles = (page) => tilesIn(page, '[data-testid=review-strip] [data-testid=review-tile]');

async function waitForReview(page) {
  await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: RECOGNITION_TIMEOUT });
  return stripTiles(page);
}

/**
 * Makes the review match the true hand: every misread tile is fixed through its top-3 menu when the true tile
 * is among the guesses, else through the palette. When nothing is misread, one tile is still corrected through
 * the top-3 menu (set to its second guess, then back to the true tile), so the menu is always exercised.
 * Returns how many fixes went through the top-3 guesses.
 */
async function correctToTruth(page, truth) {
  const read = await stripTiles(page);
  assertEqual(read.length, truth.length, `tiles found (read ${read.join(' ')}, truth ${truth.join(' ')})`);
  let viaGuesses = 0;
  const setTile = async (i, code) => {
    await page.locator('[data-testid=review-strip] [data-testid=review-tile]').nth(i).click();
    const menu = page.locator('[data-testid=tile-menu]');
    await menu.waitFor();
    const guess = menu.locator(`[data-testid=guess][data-guess="${code}"]`);
    if ((await guess.count()) > 0) {
      await guess.click();
      viaGuesses++;
    } else {
      await menu.locator(`[data-testid=palette] button:has([data-tile="${code}"])`).first().click();
    }
    await menu.waitFor({ state: 'detached' });
  };
  for (let i = 0; i < truth.length; i++) if (read[i] !== truth[i]) await setTile(i, truth[i]);
  if (viaGuesses === 0) {
    await page.locator('[data-testid=review-strip] [data-testid=review-tile]').first().click();
    const other = await page.locator('[data-testid=tile-menu] [data-testid=guess]').evaluateAll((els, current) => els.map((e) => e.getAttribute('data-guess')).filter((g) => g !== current), truth[0]);
    assert(other.length > 0, 'the top-3 menu offers other guesses');
    await page.locator(`[data-testid=tile-menu] [data-testid=guess][data-guess="${other[0]}"]`).click();
    assertEqual((await stripTiles(page))[0], other[0], 'tile changed to the chosen guess');
    await setTile(0, truth[0]);
  }
  assertEqual(await stripTiles(page), truth, 'review after corrections');
  // The winning tile: the last one.
  await page.locator('[data-testid=review-strip] [data-testid=review-tile]').nth(truth.length - 1).click();
  await page.locator('[data-testid=tile-menu] [data-testid=set-winner]').click();
  return viaGuesses;
}

async function confirmAndScoreRon(page, truth) {
  await page.locator('[data-testid=confirm-hand]').click();
  await page.waitForFunction(() => location.hash.startsWith('#/hand'));
  await page.locator('[data-testid=ron]').check();
  const total = page.locator('[data-testid=total]');
  await total.waitFor({ timeout: 30_000 });
  const shown = Number((await total.textContent()).replace(/[^0-9]/g, ''));
  assertEqual(shown, expectedRonTotal(truth), 'ron total shown for the corrected hand');
  const inEditor = [...(await tilesIn(page, '[data-testid=hand-closed]')), ...(await tilesIn(page, '[data-testid=hand-win]'))];
  assertEqual([...inEditor].sort(), [...codes(truth)].sort(), 'hand editor holds the corrected tiles');
}

test('camera: shutter, tiles on the photo, fix a tile via top-3, ron, score', async (ctx) => {
  const image = closedHandImage('tanyao');
  const camera = await makeY4m(image.file);
  const page = await ctx.openPage('/#/photo', {
    extraArgs: ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera.path}`, '--use-fake-ui-for-media-stream'],
  });
  await page.locator('[data-testid=start-camera]').click();
  await page.locator('[data-testid=camera][data-status=on]').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => (document.querySelector('[data-testid=camera] video')?.videoWidth ?? 0) > 0);
  // The model loads once, with a progress indicator, before the shot can be read.
  await page.locator('[data-testid=model-status][data-status=ready]').waitFor({ timeout: RECOGNITION_TIMEOUT });
  await page.locator('[data-testid=shutter]').click();
  await waitForReview(page);
  const boxes = await page.locator('[data-testid=review-box]').count();
  const truth = codes(image.hand);
  assertEqual(boxes, truth.length, 'a box on every tile of the photo');
  assert((await tilesIn(page, '[data-testid=review-photo]')).length === boxes, 'every box is labelled with tile art');
  await correctToTruth(page, truth);
  await confirmAndScoreRon(page, image.hand);
  assertEqual(ctx.foreignRequests, [], 'no request to another origin');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 240_000 });

test('file upload: a photo file is read, corrected and scored; the labelled photo can be exported', async (ctx) => {
  const image = closedHandImage('sanshoku');
  const page = await ctx.openPage('/#/photo');
  await page.locator('[data-testid=file-input]').setInputFiles(image.file);
  await page.locator('[data-testid=capture][data-stage=reading], [data-testid=review]').first().waitFor();
  await waitForReview(page);
  const truth = codes(image.hand);
  await correctToTruth(page, truth);
  await confirmAndScoreRon(page, image.hand);
  // Back on the Photo screen, the confirmed photo is stored for the data set export.
  await page.locator('nav button[data-screen="photo"]').click();
  await page.locator('[data-testid=retake]').click();
  await page.locator('[data-testid=dataset-count]').waitFor({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await page.locator('[data-testid=dataset-export]').click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const zip = readFileSync(file);
  assertEqual(zip.readUInt32LE(0), 0x04034b50, 'a zip archive');
  for (const name of ['classes.txt', 'images/', 'labels/']) assert(zip.includes(name), `archive has ${name}`);
  assertEqual(ctx.foreignRequests, [], 'no request to another origin');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 240_000 });

test('a file that is not an image: clear message, a way forward, the hand kept', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234567m234p5688s&w=8s');
  await page.locator('[data-testid=hand] [data-tile]').first().waitFor();
  const before = await tilesIn(page, '[data-testid=hand]');
  assertEqual(before.length, 14, 'the prepared hand is shown');
  await page.locator('nav button[data-screen="photo"]').click();
  await page.locator('[data-testid=file-input]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo of tiles') });
  const error = page.locator('[data-testid=capture-error]');
  await error.waitFor({ timeout: RECOGNITION_TIMEOUT });
  assertEqual(await error.getAttribute('data-code'), 'NOT_AN_IMAGE');
  assert(/not a photo/i.test(await error.textContent()), 'the message says the file is not a photo');
  await error.getByRole('button', { name: 'Enter the hand by hand' }).click();
  await page.waitForFunction(() => location.hash.startsWith('#/hand'));
  assertEqual(await tilesIn(page, '[data-testid=hand]'), before, 'the hand in the editor is untouched');
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 180_000 });

test('camera refused: clear message, the file picker and manual entry remain', async (ctx) => {
  const page = await ctx.openPage('/#/photo');
  await page.context().clearPermissions();
  await page.locator('[data-testid=start-camera]').click();
  const error = page.locator('[data-testid=capture-error]');
  await error.waitFor({ timeout: 30_000 });
  assert(['camera-denied', 'camera-absent'].includes(await error.getAttribute('data-code')), 'camera error named');
  assert((await error.getByRole('button', { name: 'Choose a photo' }).count()) === 1, 'file picker offered');
  assert((await error.getByRole('button', { name: 'Enter the hand by hand' }).count()) === 1, 'manual entry offered');
});
