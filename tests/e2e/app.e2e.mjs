// The Hand screen in the production build: hands entered by tapping tiles, checked totals, errors, French, URL.
import { assert, assertEqual, test, tilesIn } from './harness.mjs';

const palette = (page, code) => page.locator(`[data-testid=palette] button:has([data-tile="${code}"])`);

/** Tap tiles of the palette; `spec` is compact notation like '234m567p'. */
async function tap(page, spec) {
  for (const code of expand(spec)) await palette(page, code).click();
}

function expand(spec) {
  const out = [];
  for (const [, digits, suit] of spec.matchAll(/(\d+)([mpsz])/g)) for (const d of digits) out.push(`${d}${suit}`);
  return out;
}

async function target(page, value) {
  await page.locator(`input[name=palette-target][value="${value}"]`).check({ force: true });
}

async function total(page) {
  const score = page.locator('[data-testid=score]');
  await score.waitFor({ timeout: 10_000 });
  return {
    total: Number(await score.getAttribute('data-total')),
    han: Number(await score.getAttribute('data-han')),
    fu: Number(await score.getAttribute('data-fu')),
    text: (await page.locator('[data-testid=total]').textContent()).trim(),
    yaku: await page.locator('[data-testid=yaku-list] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-yaku'))),
  };
}

// Generous: the machine running the tests may be busy, and each tap is a real click.
const SLOW = { timeoutMs: 150_000 };

function noForeignRequests(ctx) {
  assertEqual(ctx.foreignRequests, [], 'requests to another origin');
  assertEqual(ctx.pageErrors, [], 'page errors');
}

test('closed pinfu tanyao by tapping: 2 fan 30 fu, 2,000 on a discard', async (ctx) => {
  const page = await ctx.openPage('/#/hand');
  await tap(page, '234m567p345s56788s'.replace('56788s', '5688s') + '7s');
  assertEqual(await tilesIn(page, '[data-testid=hand-win]'), ['7s'], 'the 14th tile is the winning tile');
  const r = await total(page);
  assertEqual([r.han, r.fu, r.total], [2, 30, 2000], 'han, fu, total');
  assertEqual(r.text, '2,000');
  assert(r.yaku.includes('pinfu') && r.yaku.includes('tanyao'), `yaku ${r.yaku}`);
  assert((await page.locator('[data-testid=fu-list] li').count()) >= 2, 'fu items listed');
  // Tsumo changes it: pinfu + tanyao + menzen tsumo, 20 fu: 700/1,300 = 2,700.
  await page.locator('[data-testid=tsumo]').check();
  const t = await total(page);
  assertEqual([t.han, t.fu, t.total], [3, 20, 2700], 'tsumo han, fu, total');
  // The hand lives in the URL: reload keeps it, a new tab with the link shows the same score.
  const url = page.url();
  assert(url.includes('c=') && url.includes('t=1'), `hand in the URL: ${url}`);
  await page.reload();
  assertEqual((await total(page)).total, 2700, 'score after reload');
  noForeignRequests(ctx);
}, SLOW);

test('open yakuhai hand with a pon of red dragons: 1 fan 30 fu, 1,000', async (ctx) => {
  const page = await ctx.openPage('/#/hand');
  await target(page, 'pon');
  await tap(page, '7z');
  // the notice of the pon added follows a change of language (it stayed in the one it was said in)
  await page.locator('p.notice', { hasText: /^Pon added/ }).waitFor();
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.locator('p.notice', { hasText: /^Pon ajouté/ }).waitFor({ timeout: 5_000 });
  await page.locator('[data-testid=lang-switch]').selectOption('en');
  await target(page, 'hand');
  await tap(page, '234m567p345s8s' + '8s');
  assertEqual(await tilesIn(page, '[data-meld=pon]'), ['7z', '7z', '7z'], 'pon tiles');
  assertEqual(await page.locator('[data-meld=pon] .tile-sideways').count(), 1, 'one called tile sideways');
  const r = await total(page);
  assertEqual([r.han, r.fu, r.total], [1, 30, 1000], 'han, fu, total');
  assert(r.yaku.some((y) => y.startsWith('yakuhai')), `yaku ${r.yaku}`);
  noForeignRequests(ctx);
}, SLOW);

test('chiitoitsu: 2 fan 25 fu, 1,600', async (ctx) => {
  const page = await ctx.openPage('/#/hand');
  await tap(page, '1133m5577p2299s4z4z');
  const r = await total(page);
  assertEqual([r.han, r.fu, r.total], [2, 25, 1600], 'han, fu, total');
  assert(r.yaku.includes('chiitoitsu'), `yaku ${r.yaku}`);
  noForeignRequests(ctx);
}, SLOW);

test('daisangen yakuman as dealer: 48,000', async (ctx) => {
  const page = await ctx.openPage('/#/hand');
  await page.locator('[data-testid=seat-wind]').selectOption('E');
  await tap(page, '555666777z234m1p1p');
  const r = await total(page);
  assertEqual(r.total, 48000, 'dealer yakuman on a discard');
  assert(r.yaku.includes('daisangen'), `yaku ${r.yaku}`);
  assert((await page.locator('[data-testid=limit]').textContent()).includes('Yakuman'), 'limit named');
  noForeignRequests(ctx);
}, SLOW);

test('Clear hand by mistake: Undo brings the hand back; the next tile tapped ends the offer', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234m067p55s66z&w=6z&m=pon:777z:1');
  await page.locator('[data-testid=score]').waitFor();
  const before = { closed: await tilesIn(page, '[data-testid=hand-closed]'), win: await tilesIn(page, '[data-testid=hand-win]'), hash: new URL(page.url()).hash };
  assertEqual(await page.locator('[data-testid=undo-clear]').count(), 0, 'nothing to undo before clearing');
  await page.locator('[data-testid=clear-hand]').click();
  await page.locator('[data-testid=hand-cleared]').waitFor();
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]'), [], 'the hand is cleared');
  assertEqual(await page.locator('[data-testid=clear-hand]').isDisabled(), true, 'nothing left to clear');
  await page.locator('[data-testid=undo-clear]').click();
  await page.locator('[data-testid=score]').waitFor();
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]'), before.closed, 'Undo brings the concealed tiles back');
  assertEqual(await tilesIn(page, '[data-testid=hand-win]'), before.win, 'and the winning tile');
  assertEqual(new URL(page.url()).hash, before.hash, 'and the melds: the same hand, the same link');
  assertEqual(await page.locator('[data-testid=hand-cleared]').count(), 0, 'the offer is gone once used');
  // Cleared, then a tile tapped: the player has started a new hand, Undo is no longer offered.
  await page.locator('[data-testid=clear-hand]').click();
  await page.locator('[data-testid=hand-cleared]').waitFor();
  await palette(page, '1m').click();
  await page.locator('[data-testid=hand-cleared]').waitFor({ state: 'detached' });
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]'), ['1m'], 'the new hand is kept');
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('Undo on the Hand screen: a mis-tapped tile and indicator come off one by one, by button or Ctrl+Z, and Redo brings them back', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234m067p55s66z&w=6z&m=pon:777z:1');
  await page.locator('[data-testid=score]').waitFor();
  const undo = page.locator('[data-testid=hand-undo]');
  assertEqual(await undo.isDisabled(), true, 'nothing to undo yet');
  const start = new URL(page.url()).hash;
  await palette(page, '9p').click(); // a mis-tap: 15 tiles
  await page.locator('[data-problem=too-many-tiles]').waitFor();
  await target(page, 'dora');
  await palette(page, '3s').click();
  await page.locator('input[data-flag=houtei]').check(); // not a tile: Undo leaves it
  await undo.click();
  assertEqual(await tilesIn(page, '[data-testid=dora-indicators]'), [], 'the indicator is taken back first');
  await page.locator('body').press('Control+z');
  await page.locator('[data-testid=score]').waitFor();
  assertEqual(new URL(page.url()).hash.replace('&f=houtei', ''), start, 'then the tile: the hand as it was');
  assertEqual(await page.locator('input[data-flag=houtei]').isChecked(), true, 'the houtei flag stays');
  assertEqual(await undo.isDisabled(), true, 'nothing left to undo');
  // One Undo too many: Redo (or Ctrl+Shift+Z) brings it back, and goes away once used up.
  await page.keyboard.press('Control+Shift+z');
  await page.locator('[data-problem=too-many-tiles]').waitFor();
  await page.locator('[data-testid=hand-redo]').click();
  assertEqual(await tilesIn(page, '[data-testid=dora-indicators]'), ['3s'], 'Redo brings the indicator back');
  assertEqual(await page.locator('[data-testid=hand-redo]').count(), 0, 'nothing left to redo');
  await undo.click();
  await undo.click();
  // Ctrl+Z inside the text field is the field's own undo, not the hand's.
  await target(page, 'hand');
  await palette(page, '1m').click();
  await page.locator('[data-testid=hand-text]').fill('123m');
  await page.locator('[data-testid=hand-text]').press('Control+z');
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]').then((t) => t.at(-1)), '1m', 'the hand keeps its tile');
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('15 tiles: the error says so next to the hand, and removing one fixes it', async (ctx) => {
  const page = await ctx.openPage('/#/hand');
  await tap(page, '234m567p345s5688s7s' + '9m');
  const problem = page.locator('[data-problem=too-many-tiles]');
  await problem.waitFor();
  assert((await problem.textContent()).includes('15 tiles'), await problem.textContent());
  assertEqual(await page.locator('[data-testid=score]').count(), 0, 'no score shown');
  // Tap the 9m and remove it.
  await page.locator('[data-testid=hand-closed] button:has([data-tile="9m"])').click();
  await page.locator('[data-testid=selection-bar] [data-action=remove]').click();
  assertEqual(await problem.count(), 0, 'problem gone');
  assertEqual((await total(page)).total, 2000);
  // The same 15 tiles again: the hand says it wins without the 9m, and its button removes it.
  await tap(page, '9m');
  const without = page.locator('[data-problem=wins-without]');
  await without.waitFor();
  assertEqual((await without.textContent()).includes('Without one 9 Characters it is a winning hand.'), true, await without.textContent());
  // by keyboard: the button goes with the problem, and the focus stays in the hand (it fell to the page's top)
  await without.locator('[data-testid=remove-extra]').focus();
  await page.keyboard.press('Enter');
  assertEqual(await page.locator('[data-problem]').count(), 0, 'no problem left');
  assertEqual((await total(page)).total, 2000);
  await page.waitForFunction(() => document.activeElement?.closest('[data-testid=hand]') !== null, null, { timeout: 2_000 });
  noForeignRequests(ctx);
}, SLOW);

test('fifth copy and no-yaku errors are explained', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=1111m');
  await tap(page, '1m');
  await page.locator('[data-problem=fifth-copy]').waitFor();
  const page2 = await ctx.openPage('/#/hand');
  await target(page2, 'chi');
  await tap(page2, '1m');
  await target(page2, 'hand');
  await tap(page2, '456p789s234s9m9m');
  const error = page2.locator('[data-testid=score-error][data-code=NO_YAKU]');
  await error.waitFor();
  assert((await error.textContent()).includes('yaku'), 'explains yaku');
  noForeignRequests(ctx);
}, SLOW);

test('a garbled link: the hand screen names the parts it could not read, and a good link pasted after says nothing', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234567m234p56x8s&w=8s&d=constructor&rules=__proto__');
  const notice = page.locator('[data-testid=link-unread]');
  await notice.waitFor();
  assertEqual(
    (await notice.textContent()).trim(),
    'Part of this link could not be read and was set back to its default: the tiles of the hand, the dora indicators, the rules. OK',
  );
  assertEqual(await tilesIn(page, '[data-testid=hand-win]'), ['8s'], 'the winning tile it could read is kept');
  // the address was normalised (the unreadable parts dropped), and the notice still says what was lost
  assert(!(await page.evaluate(() => location.hash)).includes('constructor'), 'address normalised');
  await notice.getByRole('button', { name: 'OK' }).click();
  await notice.waitFor({ state: 'detached' });
  await page.evaluate(() => { location.hash = '#/hand?c=234567m234p5688s&w=8s'; });
  await page.locator('[data-testid=hand-closed] [data-tile]').nth(12).waitFor();
  assertEqual(await notice.count(), 0, 'a good link: no notice');
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('French: switch, remembered after reload, score texts in French', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234m567p345s5688s&w=7s');
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  assertEqual((await page.locator('nav button[data-screen=hand]').textContent()).trim(), 'Main');
  assert((await page.locator('[data-testid=payments]').textContent()).includes('paie'), 'payment in French');
  await page.reload();
  assertEqual((await page.locator('nav button[data-screen=hand]').textContent()).trim(), 'Main', 'remembered');
  assertEqual(await page.evaluate(() => document.documentElement.lang), 'fr');
  // the rule books' one-line descriptions (the rules picker's tooltips) in French too
  assert(/^Règles de compétition riichi de l’EMA 2016, par défaut\u00a0: pas de cinq rouges/.test(await page.locator('[data-testid=rules] option[value=ema]').getAttribute('title')), 'EMA 2016 described in French');
  noForeignRequests(ctx);
}, SLOW);

test('back button, 360 px phone width, keyboard entry and typed hands', async (ctx) => {
  const page = await ctx.openPage('/#/hand', { viewport: { width: 360, height: 740 } });
  // Keyboard: focus the first palette tile and press Enter / Space.
  await palette(page, '1m').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]'), ['1m', '1m'], 'keyboard adds tiles');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 0, `no horizontal scrolling at 360 px (overflow ${overflow}px)`);
  await page.locator('nav button[data-screen=ledger]').click();
  await page.waitForFunction(() => location.hash.startsWith('#/ledger'));
  await page.goBack();
  await page.waitForFunction(() => location.hash.startsWith('#/hand'));
  assertEqual(await tilesIn(page, '[data-testid=hand-closed]'), ['1m', '1m'], 'hand kept after Back');
  // Typing the hand in the command line's notation, then Enter.
  await page.locator('[data-testid=hand-text]').fill('234m567p345s5688s +7s');
  await page.locator('[data-testid=hand-text]').press('Enter');
  assertEqual((await total(page)).total, 2000, 'typed hand scored');
  await page.locator('[data-testid=hand-text]').fill('234m56x');
  await page.locator('[data-testid=hand-text]').press('Enter');
  await page.locator('[data-testid=hand-text-error]').waitFor();
  // Text typed and not applied is still in the box after a visit to another screen and after a reload; a tile
  // tapped since puts the hand's own text back.
  await page.locator('nav button[data-screen=practice]').click();
  await page.locator('nav button[data-screen=hand]').click();
  assertEqual(await page.locator('[data-testid=hand-text]').inputValue(), '234m56x', 'typed text kept across screens');
  await page.reload();
  await page.locator('[data-testid=hand-text]').waitFor();
  assertEqual(await page.locator('[data-testid=hand-text]').inputValue(), '234m56x', 'typed text kept across a reload');
  assertEqual((await total(page)).total, 2000, 'the hand itself unchanged');
  await palette(page, '9p').click();
  assert((await page.locator('[data-testid=hand-text]').inputValue()).includes('9p'), 'the hand tapped since shows in the box');
  // The same hand pasted as Unicode mahjong tiles is read, written back in the notation, and scored the same.
  await page.locator('[data-testid=hand-text]').fill('🀈🀉🀊🀝🀞🀟🀒🀓🀔🀔🀕🀗🀗 +🀖');
  await page.locator('[data-testid=hand-text]').press('Enter');
  await page.locator('[data-testid=hand-text-error]').waitFor({ state: 'detached' });
  assertEqual(await page.locator('[data-testid=hand-text]').inputValue(), '234m567p3455688s +7s', 'the pasted tiles in notation');
  assertEqual((await total(page)).total, 2000, 'pasted hand scored');
  noForeignRequests(ctx);
}, SLOW);

test('rule presets and a custom option change the score (open tanyao)', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=567p345s678s8s&w=8s&m=chi:234m:0');
  assertEqual((await total(page)).total, 1000, 'ema: open tanyao, 1 fan 30 fu');
  assertEqual(await page.locator('[data-testid=not-counted]').count(), 0, 'nothing near to name under ema');
  await page.locator('[data-testid=rules]').selectOption('ema2012');
  await page.locator('[data-testid=score-error][data-code=NO_YAKU]').waitFor();
  // the yaku it came close to says what kept it out: these rules' closed-only tanyao
  const why = page.locator('[data-testid=score-error] [data-testid=not-counted] [data-not-counted=tanyao]');
  assertEqual(await why.getAttribute('data-reason'), 'tanyao_open', 'why no tanyao');
  assert((await why.textContent()).includes('only in a closed hand'), await why.textContent());
  // custom rules start from the rule book chosen (EMA 2012: closed tanyao only), and one option changes it
  await page.locator('[data-testid=rules]').selectOption('custom');
  await page.locator('[data-testid=score-error][data-code=NO_YAKU]').waitFor();
  await page.locator('[data-testid=custom-rules] label', { hasText: 'Open tanyao' }).locator('input').check();
  assertEqual((await total(page)).total, 1000, 'EMA 2012 with open tanyao: 1 fan 30 fu');
  assert(page.url().includes('openTanyao:true') && page.url().includes('cb=ema2012'), `custom option and its rule book in the URL: ${page.url()}`);
  noForeignRequests(ctx);
}, SLOW);

test('"Enter the hand by hand" by keyboard: the focus goes to the Hand screen\'s tab, not back to the top of the page', async (ctx) => {
  const page = await ctx.openPage('/#/photo');
  const button = page.getByRole('button', { name: 'Enter the hand by hand' });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=hand-screen]').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-screen') === 'hand', null, { timeout: 2_000 });
  // and Tab goes on into the Hand screen
  await page.keyboard.press('Tab');
  assert(await page.evaluate(() => document.activeElement?.closest('nav') !== null || document.activeElement?.closest('main') !== null), 'Tab moves on from there');
  noForeignRequests(ctx);
});

test('the rules chosen on the Hand screen open the next launch (the home screen starts at #/photo); a shared EMA hand stays EMA', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234m567p345s5688s&w=7s');
  await page.locator('[data-testid=rules]').selectOption('mleague');
  // a new launch: the manifest's start address, in the same browser
  const launch = await page.context().newPage();
  await launch.goto(page.url().replace(/#.*$/, '#/photo'));
  await launch.locator('.nav-button[data-screen=hand]').click();
  assertEqual(await launch.locator('[data-testid=rules]').inputValue(), 'mleague', 'the rules kept');
  // a friend's link to an EMA hand (no rules in it) is scored under EMA, and choosing nothing keeps M-League kept
  const shared = await page.context().newPage();
  await shared.goto(page.url().replace(/#.*$/, '#/hand?c=234m567p345s5688s&w=7s'));
  assertEqual(await shared.locator('[data-testid=rules]').inputValue(), 'ema', 'the link says EMA');
  const again = await page.context().newPage();
  await again.goto(page.url().replace(/#.*$/, '#/hand'));
  assertEqual(await again.locator('[data-testid=rules]').inputValue(), 'mleague', 'still kept');
  noForeignRequests(ctx);
});

test('custom rules start from the rule book chosen: a Mahjong Soul hand made custom keeps its red five and its name, and adds kiriage', async (ctx) => {
  const page = await ctx.openPage('/#/hand?c=234m406p678s2z&w=2z&m=pon:777z:2&sw=S&d=1z&rules=mahjongsoul');
  const total = () => page.locator('[data-testid=total]').textContent();
  const rules = async () => (await page.locator('[data-testid=rules-used]').textContent()).trim();
  await page.locator('[data-testid=total]').waitFor({ timeout: 15_000 });
  assertEqual(await total(), '7,700', 'Mahjong Soul: 4 fan 30 fu, the red five a dora');
  await page.locator('[data-testid=rules]').selectOption('custom');
  assertEqual(await total(), '7,700', 'custom from Mahjong Soul: the same score');
  assertEqual(await rules(), 'Rules: Mahjong Soul', 'and the same name');
  await page.locator('[data-option=kiriageMangan]').check();
  assertEqual(await total(), '8,000', 'kiriage: 4 fan 30 fu paid as a mangan');
  assertEqual(await rules(), 'Rules: Mahjong Soul (kiriage mangan (4-30, 3-60): on)', 'named after its rule book');
  assertEqual((await page.locator('[data-testid=reset-custom]').textContent()).trim(), 'Reset to Mahjong Soul', 'reset goes back to it');
  // the link keeps it
  await page.reload();
  await page.locator('[data-testid=total]').waitFor({ timeout: 15_000 });
  assertEqual(await total(), '8,000', 'after a reload');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('typed digits without their suit letter are said with the suit they were read with, until the hand changes', async (ctx) => {
  const page = await ctx.openPage('/#/hand');
  await page.locator('[data-testid=hand-text]').fill('234 567p 345s 678m 22p');
  await page.getByRole('button', { name: 'Use this hand' }).click();
  const note = page.locator('[data-testid=hand-text-suitless]');
  await note.waitFor({ timeout: 5_000 });
  assertEqual((await note.textContent()).trim(), '234 had no suit letter: it was read with the next one, as 234p.');
  // the hand changed since: the note goes
  await page.locator('[data-testid=hand-closed] button').first().click();
  await page.locator('[data-testid=selection-bar] [data-action=remove]').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid=hand-text-suitless]'), null, { timeout: 5_000 });
  assertEqual(ctx.pageErrors, [], 'page errors');
});
