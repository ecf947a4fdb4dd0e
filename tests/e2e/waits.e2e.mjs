// Waits (issue 19) in the production build: a 13-tile hand shows its waits with ron and tsumo scores, in English and
// French; a winning tile can be tried; a hand not ready shows its shanten; a 14-tile hand what each discard leaves;
// a practice waits question answered and counted; a kan entered as four tiles made one in a tap, its waits then shown.
import { assert, assertEqual, test, tilesIn } from './harness.mjs';

test('waits: a 13-tile hand shows every winning tile with its ron and tsumo scores', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=23m456p789s123s55z');
  const panel = page.locator('[data-testid=waits-panel]');
  await panel.waitFor({ timeout: 15_000 });
  assertEqual(await panel.getAttribute('data-shanten'), '0', 'ready');
  const waits = page.locator('[data-testid=wait]');
  assertEqual(await waits.evaluateAll((els) => els.map((e) => e.getAttribute('data-tile'))), ['1m', '4m'], 'winning tiles');
  // South seat, no riichi: no yaku on ron (a dragon pair is no yaku); tsumo scores menzen tsumo
  assertEqual(await waits.first().getAttribute('data-scoring'), 'tsumo-only');
  assert((await waits.first().locator('[data-testid=wait-ron]').textContent()).includes('no yaku on ron'), 'no yaku on ron said');
  assert(Number(await waits.first().getAttribute('data-tsumo-total')) > 0, 'tsumo scored');
  assert((await waits.first().textContent()).includes('two-sided on 23m (ryanmen 両面)'), 'shape in words with the Japanese term');
  assert((await page.locator('[data-testid=waits-furiten]').textContent()).includes('Furiten'), 'furiten note');

  // With riichi both scores appear.
  await page.locator('[data-flag=riichi]').check();
  await page.locator('[data-testid=wait][data-scoring=both]').first().waitFor();
  assert(Number(await waits.first().getAttribute('data-ron-total')) >= 1000, 'ron scored with riichi');

  // French
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.locator('[data-testid=waits-panel] h2').filter({ hasText: 'Attentes' }).waitFor();
  assert((await waits.first().textContent()).includes('des deux côtés'), 'French shape');

  // Try a winning tile: the hand becomes 14 tiles and is scored.
  await waits.nth(1).locator('[data-testid=wait-try]').click();
  await page.locator('[data-testid=score]').waitFor();
  assertEqual(await tilesIn(page, '[data-testid=hand-win]'), ['4m'], 'winning tile set');
  assertEqual(await page.locator('[data-testid=waits-panel]').count(), 0, 'waits view gone with 14 tiles');
  assertEqual(ctx.foreignRequests, [], 'requests to another origin');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('waits: a hand not ready shows its shanten and improving tiles; 14 tiles show what each discard leaves', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=123m456p789s1p2z3z5z');
  const panel = page.locator('[data-testid=waits-panel]');
  await panel.waitFor({ timeout: 15_000 });
  assertEqual(await panel.getAttribute('data-shanten'), '2');
  const improving = await page.locator('[data-testid=waits-improving] li').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-tile')}:${e.getAttribute('data-unseen')}`));
  assertEqual(improving, ['1p:3', '2p:4', '3p:4', '2z:3', '3z:3', '5z:3']);

  await page.goto(page.url().replace(/#.*/, '#/hand?c=123m456p789s1122z&w=3z'));
  const discards = page.locator('[data-testid=discards-panel]');
  await discards.waitFor({ timeout: 15_000 });
  await discards.locator('summary').click();
  const first = page.locator('[data-testid=discard]').first();
  await first.waitFor();
  assertEqual(await first.getAttribute('data-tile'), '3z', 'best discard');
  assertEqual(await first.getAttribute('data-waits'), '1z 2z');
  assertEqual(await page.locator('[data-testid=discard]').count(), 12);
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('practice: a waits question, answered wrong then a new one right, counted in the waits tally', async (ctx) => {
  const page = await ctx.openPage('/#/practice');
  await page.locator('[data-testid=practice-ask]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=practice-ask]').selectOption('waits');
  const q = page.locator('[data-testid=waits-question]');
  await q.waitFor();
  // thirteen tiles: concealed ones plus 3 per meld (closed kans can appear at the closed level)
  const concealed = await page.locator('[data-testid=waits-question-hand] > [data-tile]').count();
  const melds = await page.locator('[data-testid=waits-question-hand] [data-meld]').count();
  assertEqual(concealed + 3 * melds, 13, 'thirteen tiles shown');
  const tally = async () => page.locator('[data-testid=practice-tally] li[data-topic=waits]').evaluate((e) => [Number(e.getAttribute('data-right')), Number(e.getAttribute('data-wrong'))]);
  const before = await tally();

  // Wrong: nothing picked.
  await page.locator('[data-testid=waits-check]').click();
  await page.locator('[data-testid=waits-feedback]').waitFor();
  assertEqual(await page.locator('[data-testid=waits-feedback]').getAttribute('data-correct'), 'false');
  assert((await page.locator('[data-testid=waits-missed] [data-tile]').count()) > 0, 'missed tiles shown');
  assertEqual(await tally(), [before[0], before[1] + 1], 'counted wrong once');

  // Right: a new question, every winning tile picked. The screen's own "New question" at the top deals one too
  // (it once did nothing in waits mode), and the questions are numbered, not labelled with their seed.
  const heading = async () => (await page.locator('[data-testid=waits-heading]').textContent()).trim();
  const n = Number(/^Question (\d+) — topic: waits$/.exec(await heading())?.[1]);
  assert(n >= 1 && n < 1000, `numbered: ${await heading()}`);
  const seed = await q.getAttribute('data-seed');
  await page.locator('[data-testid=practice-next]').click();
  await page.locator('[data-testid=waits-feedback]').waitFor({ state: 'detached' });
  assert((await q.getAttribute('data-seed')) !== seed, 'the top button dealt a new hand');
  assertEqual(await heading(), `Question ${n + 1} — topic: waits`);
  await page.locator('[data-testid=waits-next]').click();
  assertEqual(await heading(), `Question ${n + 2} — topic: waits`);
  const winning = (await q.getAttribute('data-waits')).split(' ');
  for (const tile of winning) await page.locator(`[data-testid=waits-pick][data-tile="${tile}"]`).click();
  await page.locator('[data-testid=waits-check]').click();
  await page.locator('[data-testid=waits-feedback]').waitFor();
  assertEqual(await page.locator('[data-testid=waits-feedback]').getAttribute('data-correct'), 'true');
  assertEqual((await page.locator('[data-testid=waits-verdict]').textContent()).trim(), 'Right! You found every winning tile.');
  assertEqual(await page.locator('[data-testid=waits-feedback] .practice-lines li').count(), winning.length, 'each winning tile explained');
  assertEqual(await tally(), [before[0] + 1, before[1] + 1], 'counted right once');
  await page.reload();
  await page.locator('[data-testid=waits-question]').waitFor({ timeout: 15_000 });
  assertEqual(await tally(), [before[0] + 1, before[1] + 1], 'tally and level survive a reload');
  assertEqual(ctx.foreignRequests, [], 'requests to another origin');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 90_000 });

test('a kan entered as four tiles of a hand that does not win: one tap makes it a kan, and the waits show', async (ctx) => {
  // ten concealed tiles and four 9m photographed in the row (an added kan), the winning tile not found
  const page = await ctx.openPage('/#/hand?c=456s55p44z555z999m&w=9m');
  const error = page.locator('[data-testid=score-error][data-code=NOT_A_WINNING_HAND]');
  await error.waitFor({ timeout: 15_000 });
  assert((await error.textContent()).includes('Four identical tiles in the hand: if they are a kan, make them one.'), 'the kan is suggested');
  await error.locator('[data-testid=make-kan]').click();
  const panel = page.locator('[data-testid=waits-panel]');
  await panel.waitFor({ timeout: 15_000 });
  assertEqual(await tilesIn(page, '[data-testid=hand-melds]'), ['9m', '9m', '9m', '9m'], 'the four 9m are a kan');
  assertEqual(await page.locator('[data-testid=wait]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile'))), ['5p', '4z'], 'its waits: the missed tile is one of them');
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('a hand typed with one tile wrong: the changes that make it win are offered, and one tap scores it', async (ctx) => {
  // 123m 456m 789m 999s 55z with one 9s typed as 6s (the link a shared hand gives)
  const page = await ctx.openPage('/#/hand?c=123m456m789m69s55z&w=9s');
  const error = page.locator('[data-testid=score-error][data-code=NOT_A_WINNING_HAND]');
  await error.waitFor({ timeout: 15_000 });
  const changes = error.locator('[data-testid=change-tile]');
  assertEqual(await changes.evaluateAll((els) => els.map((e) => e.getAttribute('data-change'))), ['6s>9s', '6s>5z'], 'the changes offered');
  assertEqual((await changes.first().textContent()).trim(), '6 Bamboo → 9 Bamboo');
  await changes.first().click();
  await page.locator('[data-testid=score]').waitFor({ timeout: 15_000 });
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]'), ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '9s', '9s', '5z', '5z'], 'the 6s is a 9s');
  assertEqual(await page.locator('[data-testid=score-error]').count(), 0, 'no error left');
  // The same hand again, the 6s tapped: the palette outlines the tiles that would make it win, and one replaces it.
  const again = await ctx.openPage('/#/hand?c=123m456m789m69s55z&w=9s');
  await again.locator('[data-testid=score-error][data-code=NOT_A_WINNING_HAND]').waitFor({ timeout: 15_000 });
  await again.locator('[data-testid=hand-closed] button:has([data-tile="6s"])').click();
  const marked = again.locator('[data-testid=palette] [data-marked]');
  assertEqual(await marked.evaluateAll((els) => els.map((e) => e.querySelector('[data-tile]').getAttribute('data-tile'))), ['9s', '5z'], 'the palette outlines 9s and 5z');
  assertEqual(await again.locator('p.hint', { hasText: 'Outlined tiles make it a winning hand.' }).count(), 1, 'the hint says what the outline means');
  await marked.first().click();
  await again.locator('[data-testid=score]').waitFor({ timeout: 15_000 });
  assertEqual(ctx.pageErrors, [], 'no page errors');
});
