// Practice mode in the production build: one question answered wrong, then the same hand answered
// right (from the engine's values shown in the feedback), with the feedback and the topic score checked.
import { assert, assertEqual, test } from './harness.mjs';

async function tally(page) {
  return page.locator('[data-testid=practice-tally] li').evaluateAll((els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-topic'), [Number(e.getAttribute('data-right')), Number(e.getAttribute('data-wrong'))]])),
  );
}

test('practice: a wrong answer then a right one, with the engine explanation', async (ctx) => {
  const page = await ctx.openPage('/#/practice');
  await page.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=practice-ask]').selectOption('full');
  await page.locator('[data-testid=practice-question]').waitFor();
  assert((await page.locator('[data-testid=practice-hand] [data-tile]').count()) >= 14, 'the hand is drawn');

  // Wrong: 99 fan, payment 100.
  await page.locator('[data-testid=answer-fan]').fill('99');
  if (await page.locator('[data-testid=answer-fu]').count()) await page.locator('[data-testid=answer-fu]').fill('20');
  await page.locator('[data-testid=answer-pay-a]').fill('100');
  if (await page.locator('[data-testid=answer-pay-b]').count()) await page.locator('[data-testid=answer-pay-b]').fill('100');
  await page.locator('[data-testid=practice-check]').click();
  const feedback = page.locator('[data-testid=practice-feedback]');
  await feedback.waitFor();
  assertEqual(await feedback.getAttribute('data-all-correct'), 'false', 'wrong answer detected');
  assertEqual((await page.locator('[data-testid=practice-verdict]').textContent()).trim(), 'Not quite.');
  assertEqual(await page.locator('[data-testid=check-fan]').getAttribute('data-correct'), 'false', 'fan marked wrong');
  assertEqual(await page.locator('[data-testid=check-payment]').getAttribute('data-correct'), 'false', 'payment marked wrong');
  assert((await page.locator('[data-testid=check-fan] .practice-lines li').count()) >= 2, 'yaku lines beside the fan');
  assert((await page.locator('[data-testid=check-payment] .practice-lines li').count()) >= 2, 'payment lines beside the payment');
  assertEqual((await tally(page)).yaku, [0, 1], 'yaku topic counted wrong once');
  assert(/^Question \d+ — .*Yaku/.test((await page.locator('[data-testid=practice-heading]').textContent()).trim()), 'the topics trained, once answered');

  // Right: the same hand again, answered with the engine's values.
  const fan = await page.locator('[data-testid=check-fan]').getAttribute('data-expected');
  const fu = await page.locator('[data-testid=check-fu]').getAttribute('data-expected');
  const [a, b] = (await page.locator('[data-testid=check-payment]').getAttribute('data-expected')).split('|');
  const seed = await page.locator('[data-testid=practice-question]').getAttribute('data-seed');
  await page.locator('[data-testid=practice-retry]').click();
  assertEqual(await page.locator('[data-testid=practice-question]').getAttribute('data-seed'), seed, 'same hand');
  await page.locator('[data-testid=answer-fan]').fill(fan);
  if (await page.locator('[data-testid=answer-fu]').count()) await page.locator('[data-testid=answer-fu]').fill(fu);
  await page.locator('[data-testid=answer-pay-a]').fill(a);
  if (b !== undefined) await page.locator('[data-testid=answer-pay-b]').fill(b);
  await page.locator('[data-testid=practice-check]').click();
  await page.locator('[data-testid=practice-feedback]').waitFor();
  assertEqual(await page.locator('[data-testid=practice-feedback]').getAttribute('data-all-correct'), 'true', 'right answer accepted');
  assertEqual((await page.locator('[data-testid=practice-verdict]').textContent()).trim(), 'Right!');
  assertEqual(await page.locator('[data-testid=check-fan]').getAttribute('data-correct'), 'true');
  assertEqual((await tally(page)).yaku, [0, 1], 'a retried hand is not counted twice');

  // A new question is dealt; the score survives a reload (localStorage).
  await page.locator('[data-testid=practice-next-after]').click();
  assertEqual(await page.locator('[data-testid=practice-feedback]').count(), 0, 'fresh question');
  await page.reload();
  await page.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  assertEqual((await tally(page)).yaku, [0, 1], 'score after reload');

  // Practice open in a second tab too: the answers of both tabs count, and each tab shows them.
  const wrongAnswer = async (p) => {
    await p.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
    await p.locator('[data-testid=answer-fan]').fill('99');
    if (await p.locator('[data-testid=answer-fu]').count()) await p.locator('[data-testid=answer-fu]').fill('20');
    await p.locator('[data-testid=answer-pay-a]').fill('100');
    if (await p.locator('[data-testid=answer-pay-b]').count()) await p.locator('[data-testid=answer-pay-b]').fill('100');
    await p.locator('[data-testid=practice-check]').click();
    await p.locator('[data-testid=practice-feedback]').waitFor();
  };
  const other = await page.context().newPage();
  await other.goto(page.url());
  await wrongAnswer(other);
  assertEqual((await tally(other)).yaku, [0, 2], 'the second tab counts its answer');
  await page.waitForFunction(() => document.querySelector('[data-testid=practice-tally] li[data-topic=yaku]')?.getAttribute('data-wrong') === '2', null, { timeout: 5_000 });
  await wrongAnswer(page);
  assertEqual((await tally(page)).yaku, [0, 3], 'the first tab adds its answer to the second\'s');
  await other.reload();
  await other.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  assertEqual((await tally(other)).yaku, [0, 3], 'all three answers stored');

  assertEqual(ctx.foreignRequests, [], 'requests to another origin');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 120_000 });

test('practice: the question on screen comes back after a look at another screen and a reload, answered or not, and is counted once', async (ctx) => {
  const page = await ctx.openPage('/#/practice');
  await page.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=practice-ask]').selectOption('fan');
  const question = page.locator('[data-testid=practice-question]');
  const seed = await question.getAttribute('data-seed');
  const heading = (await page.locator('[data-testid=practice-heading]').textContent()).trim();
  /** To the Hand screen and back to the practice, until `shown` is there again. */
  const away = async (shown) => {
    await page.locator('button[data-screen=hand]').click();
    await page.locator('[data-testid=palette]').first().waitFor({ timeout: 15_000 });
    await page.locator('button[data-screen=practice]').click();
    await shown.waitFor({ timeout: 15_000 });
  };
  // a fan typed, then a look at the Hand screen: the same hand, the fan still typed
  await page.locator('[data-testid=answer-fan]').fill('2');
  await away(question);
  assertEqual([await question.getAttribute('data-seed'), await page.locator('[data-testid=answer-fan]').inputValue()], [seed, '2'], 'the question as left');
  assertEqual((await page.locator('[data-testid=practice-heading]').textContent()).trim(), heading, 'its number and topics');
  // answered, then the tab reloaded: the same feedback, and the answer counted once
  await page.locator('[data-testid=practice-check]').click();
  await page.locator('[data-testid=practice-feedback]').waitFor();
  const verdict = await page.locator('[data-testid=practice-feedback]').getAttribute('data-all-correct');
  const counted = await tally(page);
  assertEqual(Object.values(counted).reduce((n, [r, w]) => n + r + w, 0) > 0, true, 'the answer counts');
  await page.reload();
  await page.locator('[data-testid=practice-feedback]').waitFor({ timeout: 15_000 });
  assertEqual([await question.getAttribute('data-seed'), await page.locator('[data-testid=practice-feedback]').getAttribute('data-all-correct')], [seed, verdict], 'the answered question after a reload');
  assertEqual(await tally(page), counted, 'not counted a second time');
  assert(await page.locator('[data-testid=practice-check]').isDisabled(), 'checked already');
  // the next question replaces it
  await page.locator('[data-testid=practice-next-after]').click();
  const nextSeed = await question.getAttribute('data-seed');
  await page.reload();
  await question.waitFor({ timeout: 15_000 });
  assertEqual([await question.getAttribute('data-seed'), await page.locator('[data-testid=practice-feedback]').count()], [nextSeed, 0], 'the next question, unanswered');

  // the waits question the same way: tiles picked, a look elsewhere, checked, a reload
  await page.locator('[data-testid=practice-ask]').selectOption('waits');
  const waits = page.locator('[data-testid=waits-question]');
  await waits.waitFor();
  const waitsSeed = await waits.getAttribute('data-seed');
  const first = (await waits.getAttribute('data-waits')).split(' ')[0];
  await page.locator(`[data-testid=waits-pick][data-tile="${first}"]`).click();
  await away(waits);
  assertEqual([await waits.getAttribute('data-seed'), await page.locator(`[data-testid=waits-pick][data-tile="${first}"]`).getAttribute('aria-pressed')], [waitsSeed, 'true'], 'the waits question as left');
  await page.locator('[data-testid=waits-check]').click();
  await page.locator('[data-testid=waits-feedback]').waitFor();
  const waitsCounted = await tally(page);
  await page.reload();
  await page.locator('[data-testid=waits-feedback]').waitFor({ timeout: 15_000 });
  assertEqual(await waits.getAttribute('data-seed'), waitsSeed, 'the answered waits question after a reload');
  assertEqual(await tally(page), waitsCounted, 'counted once');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 120_000 });

test('practice: the points table follows the winner, the way of winning and the rules chosen', async (ctx) => {
  const page = await ctx.openPage('/#/practice');
  await page.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=practice-rules]').selectOption('ema');
  // a folded part shows that it opens: a triangle, turned down once open (not read out)
  const marker = () => page.locator('[data-testid=points-table] summary').evaluate((el) => getComputedStyle(el, '::before').content);
  assertEqual(await marker(), '"▸" / ""', 'closed');
  await page.locator('[data-testid=points-table] summary').click();
  assertEqual(await marker(), '"▾" / ""', 'open');
  const cell = (fu, fan) => page.locator(`[data-testid=points-table-grid] td[data-fu="${fu}"][data-fan="${fan}"]`);
  const text = async (fu, fan) => (await cell(fu, fan).textContent()).trim();
  assertEqual(await text(30, 4), '7,700', 'a non-dealer ron, 4 fan 30 fu, EMA 2016');
  await page.locator('[data-testid=points-table-tsumo]').check();
  assertEqual(await text(30, 4), '2,000 / 3,900', "a non-dealer's self-draw: the others' share, then the dealer's");
  assertEqual(await text(20, 2), '400 / 700', 'pinfu tsumo');
  await page.locator('[data-testid=points-table-dealer]').check();
  assertEqual(await text(30, 4), '3,900', "the dealer's self-draw: each pays");
  await page.locator('[data-testid=points-table-ron]').check();
  assertEqual(await text(30, 4), '11,600', 'a dealer ron');
  assertEqual(await cell(30, 4).getAttribute('class'), null, 'not a mangan under EMA 2016');
  // M-League rounds 4 fan 30 fu up to a mangan (kiriage): the table says so as soon as the rules change
  await page.locator('[data-testid=practice-rules]').selectOption('mleague');
  assertEqual(await text(30, 4), '12,000', 'kiriage mangan under M-League');
  assertEqual(await cell(30, 4).getAttribute('class'), 'points-table-limit', 'tinted as a mangan');
  assert((await page.locator('[data-testid=points-table-grid] caption').textContent()).includes('M-League'), 'the caption names the rules');
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('practice: a full question always asks the fu, so a missing field never gives away a hand of 5 fan or more', async (ctx) => {
  const page = await ctx.openPage('/#/practice');
  await page.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=practice-ask]').selectOption('full');
  let limitHands = 0;
  let others = 0;
  for (let i = 0; i < 40 && (limitHands < 1 || others < 1); i++) {
    await page.locator('[data-testid=practice-question]').waitFor();
    assertEqual(await page.locator('[data-testid=answer-fu]').count(), 1, 'the fu field is there before the answer');
    await page.locator('[data-testid=answer-fu]').fill('30');
    await page.locator('[data-testid=practice-check]').click();
    await page.locator('[data-testid=practice-feedback]').waitFor();
    const fan = Number(await page.locator('[data-testid=check-fan]').getAttribute('data-expected'));
    const fuRow = page.locator('[data-testid=check-fu]');
    if (fan >= 5) {
      limitHands++;
      assertEqual(await fuRow.getAttribute('data-correct'), 'not-asked', `${fan} fan: the fu are not marked`);
      assert((await fuRow.textContent()).includes('Fu do not matter from 5 fan on.'), 'and the feedback says why');
    } else {
      others++;
      assert(['true', 'false'].includes(await fuRow.getAttribute('data-correct')), `${fan} fan: the fu are marked`);
    }
    await page.locator('[data-testid=practice-next-after]').click();
  }
  assert(limitHands >= 1 && others >= 1, `both kinds of hand seen (${limitHands} of 5 fan or more, ${others} below)`);
  assertEqual(ctx.pageErrors, [], 'no page errors');
}, { timeoutMs: 120_000 });

test('practice: "Check" with nothing typed asks for an answer and counts nothing', async (ctx) => {
  const page = await ctx.openPage('/#/practice');
  await page.locator('[data-testid=practice-question]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=practice-ask]').selectOption('full');
  await page.locator('[data-testid=practice-question]').waitFor();
  const before = await tally(page);
  await page.locator('[data-testid=practice-check]').click();
  const ask = page.locator('[data-testid=practice-answer-first]');
  await ask.waitFor();
  assertEqual(await ask.getAttribute('role'), 'alert', 'announced');
  assertEqual(await page.locator('[data-testid=practice-feedback]').count(), 0, 'no feedback for an empty answer');
  assertEqual(await tally(page), before, 'nothing counted');
  assertEqual(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'answer-fan', 'the first field is focused');
  // typing takes the line away; the answer is then checked and counted
  await page.keyboard.type('1');
  assertEqual(await ask.count(), 0, 'gone once something is typed');
  await page.locator('[data-testid=practice-check]').click();
  await page.locator('[data-testid=practice-feedback]').waitFor();
  assert(JSON.stringify(await tally(page)) !== JSON.stringify(before), 'a typed answer counts');
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('words of the game: the Hand screen\'s "How the points are counted" leads to them, open and in view on the Practice screen', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234m567p345s5688s&w=7s', { viewport: { width: 390, height: 844 } });
  await page.locator('[data-testid=points-steps] > summary').click();
  await page.locator('[data-testid=open-words]').click();
  const glossary = page.locator('[data-testid=glossary]');
  await glossary.waitFor({ timeout: 15_000 });
  assertEqual(await glossary.evaluate((el) => el.open), true, 'the words are open');
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=glossary]').getBoundingClientRect();
    return r.top >= -1 && r.top < window.innerHeight / 2;
  }, null, { timeout: 5_000 });
  assert((await glossary.locator('[data-term=fu] dd').textContent()).includes('rounded up to the next 10'), 'fu explained');
  // opened from the menu, the Practice screen keeps them folded
  await page.locator('nav button', { hasText: 'Hand' }).click();
  await page.locator('nav button', { hasText: 'Practice' }).click();
  await glossary.waitFor({ state: 'attached' });
  assertEqual(await glossary.evaluate((el) => el.open), false, 'folded when not asked for');
  assertEqual(ctx.pageErrors, [], 'page errors');
});
