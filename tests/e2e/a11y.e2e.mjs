// Accessibility audit with axe-core (the engine of Lighthouse's and the browsers' accessibility checks) on the
// screens and states a player meets: the four screens, the live camera view, a hand with its score and with a hand
// error, a photo's review with the tile menu open, and with a tile cut at the edge (problems and one-tile mends), a game in the ledger, a checked practice answer; in the light and dark colour
// schemes, in English and French. Any violation fails, with what axe says and where: missing names, lists and
// roles misused, colour contrast, duplicate ids...
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { assert, assertEqual, test } from './harness.mjs';
import { liveY4m } from './live-fixtures.mjs';

const AXE = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');
const PHOTO = fileURLToPath(new URL('../../test-images/hand01_tanyao_red5.jpg', import.meta.url));
const LABELS = JSON.parse(readFileSync(fileURLToPath(new URL('../../test-images/labels.json', import.meta.url)), 'utf8'));

/** PHOTO cut through its first tile (a third of it left at the edge): the review lists the cut tile as a problem
 * and offers the one-tile mends of a hand a tile short. */
async function photoCutAtEdge() {
  const [x0, , x1] = LABELS['hand01_tanyao_red5.jpg'].tiles[0].box;
  const left = Math.round(x0 + 0.6 * (x1 - x0));
  const { width, height } = await sharp(PHOTO).metadata();
  return sharp(PHOTO).extract({ left, top: 0, width: width - left, height }).jpeg().toBuffer();
}

/** axe's violations on the page as it is now, one line each: rule, impact, the first elements and why. */
async function violations(page, where) {
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') does not apply to it
  await page.evaluate(`${AXE}\n;0`);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''})`).join('; ')}`);
  });
  return found.map((line) => `${where}: ${line}`);
}

/** The states to audit, each reached from a fresh page. */
const STATES = [
  ['Photo screen', async (page) => page.locator('nav button[data-screen="photo"][aria-current="page"]').waitFor()],
  ['Hand screen, empty', async (page) => page.goto(page.url().replace(/#.*$/, '#/hand'))],
  [
    'Hand screen, a scored hand',
    async (page) => {
      await page.goto(page.url().replace(/#.*$/, '#/hand?c=234m067p345s5688s&w=7s&f=riichi&d=1m'));
      await page.locator('[data-testid=score]').waitFor();
      // how the points are counted, unfolded: its lines are checked too
      await page.locator('[data-testid=points-steps] summary').click();
    },
  ],
  [
    'Hand screen, a hand cleared with its riichi and tsumo still set (the notice that names them)',
    async (page) => {
      await page.goto(page.url().replace(/#.*$/, '#/hand?c=234m067p345s5688s&w=7s&t=1&f=riichi'));
      await page.locator('[data-testid=clear-hand]').click();
      await page.locator('[data-testid=kept-from-before]').waitFor();
    },
  ],
  [
    'Hand screen, 15 tiles (the hand\'s errors listed)',
    async (page) => {
      await page.goto(page.url().replace(/#.*$/, '#/hand?c=234m067p345s22p678m&w=8m'));
      await page.locator('[data-testid=hand-problems]').waitFor();
    },
  ],
  [
    'Photo review with the tile menu open',
    async (page) => {
      await page.locator('[data-testid=file-input]').setInputFiles(PHOTO);
      await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 60_000 });
      await page.locator('[data-testid=review-tile]').nth(3).click();
      await page.locator('[data-testid=delete-tile]').waitFor();
    },
  ],
  [
    'Photo review of a photo cut at its edge: the problem said, the one-tile mends offered',
    async (page) => {
      await page.locator('[data-testid=file-input]').setInputFiles({ name: 'cut.jpg', mimeType: 'image/jpeg', buffer: await photoCutAtEdge() });
      await page.locator('[data-testid=review-mends]').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid=review-problems]').waitFor();
    },
  ],
  [
    'Ledger, a game started',
    async (page) => {
      await page.locator('nav button[data-screen="ledger"]').click();
      for (let i = 0; i < 4; i++) await page.locator(`[data-testid=player-name-${i}]`).fill(['Aiko', 'Bruno', 'Chloé', 'Dmitri'][i]);
      await page.locator('[data-testid=start-game]').click();
      await page.locator('[data-testid=ledger-status]').waitFor();
    },
  ],
  [
    'Ledger, a game over (a yakuman busts a Tenhou game), with its final table',
    async (page) => {
      await page.locator('nav button[data-screen="ledger"]').click();
      for (let i = 0; i < 4; i++) await page.locator(`[data-testid=player-name-${i}]`).fill(['Aiko', 'Bruno', 'Chloé', 'Dmitri'][i]);
      await page.locator('[data-testid=preset]').selectOption('tenhou');
      await page.locator('[data-testid=start-game]').click();
      await page.locator('[data-testid=kind-ron]').check();
      await page.locator('[data-testid=discarder]').selectOption('1');
      await page.locator('[data-testid=ron-winner-0]').check();
      await page.locator('[data-testid=limit-0]').selectOption('yakuman');
      await page.locator('[data-testid=record-submit]').click();
      await page.waitForFunction(() => /over|terminée/i.test(document.querySelector('[data-testid=round-label]')?.textContent ?? ''));
      // the end is said with its reason (it once said "South 4 ended" for a game that ended in East 1)
      const over = await page.locator('[data-testid=round-label]').textContent();
      assert(/Bruno below zero after East 1|Bruno sous zéro après Est 1/.test(over), `end of game: ${over}`);
    },
  ],
  [
    'Practice, an answer checked',
    async (page) => {
      await page.locator('nav button[data-screen="practice"]').click();
      await page.getByRole('button', { name: /Check my answer|Vérifier/ }).click();
      // every yaku under these rules, unfolded: its lines are checked too
      await page.locator('[data-testid=yaku-table] summary').click();
      // and the points table, on a non-dealer's self-draw
      await page.locator('[data-testid=points-table] summary').click();
      await page.locator('[data-testid=points-table-tsumo]').check();
      await page.waitForTimeout(300);
    },
  ],
];

for (const [scheme, lang] of [['light', 'en'], ['dark', 'fr']]) {
  test(`accessibility (axe-core): every screen and its main states, no violation (${scheme}, ${lang})`, async (ctx) => {
    const problems = [];
    for (const [name, reach] of STATES) {
      const page = await ctx.openPage('/');
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 390, height: 844 });
      if (lang === 'fr') {
        await page.evaluate(() => localStorage.setItem('riichi-lens.lang', 'fr'));
        await page.reload();
      }
      await page.locator('nav button[data-screen]').first().waitFor();
      await reach(page);
      problems.push(...(await violations(page, name)));
      await page.close();
    }
    // the live camera view (a fake camera on a test photo, automatic shutter off), once the reader has read a frame
    const camera = await liveY4m(PHOTO);
    const context = await ctx.launch(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera.path}`, '--use-fake-ui-for-media-stream']);
    await context.grantPermissions(['camera'], { origin: ctx.baseURL });
    await context.addInitScript((lang) => {
      localStorage.setItem('riichi-lens.auto-capture', 'off');
      localStorage.setItem('riichi-lens.lang', lang);
    }, lang);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL('/#/photo', ctx.baseURL).href);
    await page.locator('[data-testid=model-status][data-status=ready]').waitFor({ timeout: 60_000 });
    if ((await page.locator('[data-testid=camera]').getAttribute('data-status')) === 'off') await page.locator('[data-testid=start-camera]').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=live]')?.getAttribute('data-reads') ?? 0) >= 1, undefined, { timeout: 60_000 });
    problems.push(...(await violations(page, 'Photo screen, live camera view')));

    assertEqual(problems, [], 'axe-core violations');
    assertEqual(ctx.pageErrors, [], 'page errors');
  }, { timeoutMs: 240_000 });
}
