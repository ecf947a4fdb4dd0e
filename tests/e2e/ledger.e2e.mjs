// The hanchan ledger in the production build: a short game (dealer ron, draw with riichi, non-dealer
// tsumo), reload, undo, and a refused import that leaves the stored games untouched.
import { assert, assertEqual, test } from './harness.mjs';

async function points(page) {
  const out = [];
  for (let p = 0; p < 4; p++) out.push(Number(await page.locator(`[data-testid=points-${p}]`).getAttribute('data-value')));
  return out;
}

async function status(page) {
  return {
    round: (await page.locator('[data-testid=round-label]').textContent()).trim(),
    dealer: (await page.locator('[data-testid=dealer]').textContent()).trim(),
    bets: Number(await page.locator('[data-testid=riichi-bets]').getAttribute('data-value')),
    points: await points(page),
  };
}

/** Fill in the four names, start the game and wait for its status line. */
async function startGame(page, names = ['Aiko', 'Bruno', 'Chloé', 'Dmitri']) {
  for (let i = 0; i < 4; i++) await page.locator(`[data-testid=player-name-${i}]`).fill(names[i]);
  await page.locator('[data-testid=start-game]').click();
  await page.locator('[data-testid=ledger-status]').waitFor({ timeout: 10_000 });
}

/** Record a ron: `winner` on `discarder`'s discard, `han` fan `fu` fu; waits for the ledger's entry `entry`. */
async function recordRon(page, { discarder, winner, han, fu, entry }) {
  await page.locator('[data-testid=kind-ron]').check();
  await page.locator('[data-testid=discarder]').selectOption(String(discarder));
  await page.locator(`[data-testid=ron-winner-${winner}]`).check();
  await page.locator(`[data-testid=han-${winner}]`).fill(String(han));
  await page.locator(`[data-testid=fu-${winner}]`).selectOption(String(fu));
  await page.locator('[data-testid=record-submit]').click();
  await page.locator(`[data-testid=entry-${entry}]`).waitFor();
}

/** A saved game file (version 2) of Emi, Fumio, Gen and Hana under EMA 2016, with these events. */
function gameFile(id, events) {
  return { format: 'riichi-lens-ledger', version: 2, id, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', setup: { players: ['Emi', 'Fumio', 'Gen', 'Hana'], startingPoints: 30000, preset: 'ema', rules: {}, chomboPenalty: 20000 }, events };
}

/** The Hand screen holding a closed pinfu tanyao waiting on 6-9s, won on 7s (ron, seat South: the URL holds the hand), scored. */
const PINFU_HAND = '#/hand?c=234m567p345s5688s&w=7s';
async function openPinfuHand(ctx) {
  const page = await ctx.openPage(`/${PINFU_HAND}`);
  await page.locator('[data-testid=score]').waitFor({ timeout: 15_000 });
  return page;
}

/** The same hand opened in a page already showing the app. */
async function openPinfuHandIn(page) {
  await page.goto(page.url().replace(/#.*$/, PINFU_HAND));
  await page.locator('[data-testid=score]').waitFor({ timeout: 15_000 });
}

test('ledger: record a short game, reload, undo, refuse a corrupt import and a file far too large', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  assertEqual(await status(page), { round: 'East 1', dealer: 'Aiko', bets: 0, points: [30000, 30000, 30000, 30000] }, 'new game');

  // 1. Dealer Aiko ron on Bruno, 2 fan 30 fu: 2,900.
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  assertEqual(await status(page), { round: 'East 1, 1 counter', dealer: 'Aiko', bets: 0, points: [32900, 27100, 30000, 30000] }, 'after the dealer win');

  // 2. Chloé declares riichi; exhaustive draw with Aiko and Chloé tenpai (Chloé is ticked already).
  await page.locator('[data-testid=riichi-2]').click();
  await page.locator('[data-testid=entry-1]').waitFor();
  await page.locator('[data-testid=kind-draw]').check();
  assert(await page.locator('[data-testid=tenpai-2]').isChecked(), 'a riichi player starts ticked as tenpai');
  await page.locator('[data-testid=tenpai-0]').check();
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-2]').waitFor();
  assertEqual(await status(page), { round: 'East 1, 2 counters', dealer: 'Aiko', bets: 1, points: [34400, 25600, 30500, 28500] }, 'after the draw');

  // 3. Dmitri tsumo 3 fan 30 fu with 2 counters: 2,200 from the dealer, 1,200 from the others, + the bet.
  await page.locator('[data-testid=kind-tsumo]').check();
  await page.locator('[data-testid=tsumo-winner]').selectOption('3');
  await page.locator('[data-testid=han-3]').fill('3');
  await page.locator('[data-testid=fu-3]').selectOption('30');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-3]').waitFor();
  const after = { round: 'East 2', dealer: 'Bruno', bets: 0, points: [32200, 24400, 29300, 34100] };
  assertEqual(await status(page), after, 'after the non-dealer tsumo');

  // The game survives a reload (IndexedDB) and reopens by itself.
  await page.reload();
  await page.locator('[data-testid=ledger-status]').waitFor({ timeout: 10_000 });
  assertEqual(await status(page), after, 'after reload');
  assertEqual(await page.locator('[data-testid=entries] > li').count(), 4, 'entries after reload');

  // Undo the tsumo: back to East 1 with 2 counters and the bet on the table, also after reload.
  await page.locator('[data-testid=undo]').click();
  await page.locator('[data-testid=entry-3]').waitFor({ state: 'detached' });
  const undone = { round: 'East 1, 2 counters', dealer: 'Aiko', bets: 1, points: [34400, 25600, 30500, 28500] };
  assertEqual(await status(page), undone, 'after undo');
  await page.reload();
  await page.locator('[data-testid=ledger-status]').waitFor({ timeout: 10_000 });
  assertEqual(await status(page), undone, 'undo survives reload');

  // A corrupt import is refused with a clear message; the stored game is untouched. The file is picked as a player
  // picks it: the import button (in the app's language) opens the browser's file chooser.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('[data-testid=import-json-button]').click()]);
  await chooser.setFiles({
    name: 'edited.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ format: 'riichi-lens-ledger', version: 1, id: 'x', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', setup: { players: ['a', 'b', 'c', 'd'], startingPoints: 30000, preset: 'ema', rules: {}, chomboPenalty: 20000 }, events: [{ type: 'riichi', player: 7 }] })),
  });
  const notice = page.locator('[data-testid=ledger-notice]');
  await notice.waitFor();
  const text = await notice.textContent();
  assert(/Import refused/.test(text) && /events\[0\]\.player/.test(text), `refusal message: ${text}`);
  assertEqual(await page.locator('[data-testid=game-entry]').count(), 1, 'still one stored game');
  assertEqual(await status(page), undone, 'open game unchanged');

  // Another file picked by mistake (here 6 MB) is refused from its size, with the size said.
  await page.locator('[data-testid=import-json]').setInputFiles({ name: 'holiday.mp4', mimeType: 'application/json', buffer: Buffer.alloc(6_000_000, 32) });
  await page.waitForFunction(() => /6\.0\u00a0MB/.test(document.querySelector('[data-testid=ledger-notice]')?.textContent ?? ''), null, { timeout: 10_000 });
  const tooBig = await notice.textContent();
  assert(/Import refused\. The file is 6\.0\u00a0MB; a game file is a few kilobytes \(at most 5\.0\u00a0MB\)/.test(tooBig), `size refusal: ${tooBig}`);
  assertEqual(await page.locator('[data-testid=game-entry]').count(), 1, 'still one stored game after the large file');

  // In French, a file that is no game is refused in French (the reason from the engine's refusal, not its English).
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.locator('[data-testid=import-json]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  await page.waitForFunction(() => /Import refusé/.test(document.querySelector('[data-testid=ledger-notice]')?.textContent ?? ''), null, { timeout: 10_000 });
  assertEqual(await notice.textContent(), 'Import refusé. Ce fichier n’est pas une partie de Riichi Lens. Vos parties enregistrées sont inchangées.', 'French refusal');

  // A game file that reads but cannot be saved (storage full) says so, and is not reported as imported.
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const game = gameFile('imported-game', []);
  await page.locator('[data-testid=import-json]').setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(game)) });
  await page.waitForFunction(() => !/Import refusé/.test(document.querySelector('[data-testid=ledger-notice]')?.textContent ?? ''), null, { timeout: 10_000 });
  await page.waitForTimeout(300);
  const saveFailed = await notice.textContent();
  assert(/^L’enregistrement a échoué\u00a0: The quota has been exceeded\. La modification s’affiche ici mais n’est pas encore enregistrée/.test(saveFailed), `save failure shown, not "imported": ${saveFailed}`);

  assertEqual(ctx.foreignRequests, [], 'requests to another origin');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 120_000 });

/** The next save of a game fails as the browser's storage fails (then it works again). */
async function failNextSave(page, message, name) {
  await page.evaluate(([message, name]) => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      IDBObjectStore.prototype.put = put;
      throw new DOMException(message, name);
    };
  }, [message, name]);
}

test('ledger: a save that fails once keeps the hand on screen with Try again, never "Recorded"; the next save keeps both hands, no "another tab"', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  // the database lost once (Safari: "Connection to Indexed Database server lost"), then back
  await failNextSave(page, 'Connection to Indexed Database server lost. Refresh the page to try again', 'UnknownError');
  await recordRon(page, { discarder: 2, winner: 0, han: 1, fu: 30, entry: 1 });
  const notice = page.locator('[data-testid=ledger-notice]');
  await notice.waitFor({ timeout: 10_000 });
  const failed = await notice.textContent();
  assert(/^Saving failed: Connection to Indexed Database server lost.*not saved yet/.test(failed), `the failure and what it means: ${failed}`);
  await page.locator('[data-testid=ledger-retry-save]').waitFor();
  assertEqual(await page.locator('[data-testid=ledger-recorded]').count(), 0, 'no "Recorded" for a hand not saved');
  // the next hand is recorded: both are saved, over the version still stored (not refused as another tab's change)
  await recordRon(page, { discarder: 3, winner: 1, han: 3, fu: 30, entry: 2 });
  await page.locator('[data-testid=ledger-recorded]').waitFor({ timeout: 10_000 });
  assertEqual(await notice.count(), 0, 'the failure mended, nothing about another tab');
  const shown = await status(page);
  await page.reload();
  await page.locator('[data-testid=entry-2]').waitFor({ timeout: 10_000 });
  assertEqual(await status(page), shown, 'all three hands saved');
  // Try again saves a failed change without another one
  await failNextSave(page, 'The quota has been exceeded.', 'QuotaExceededError');
  await recordRon(page, { discarder: 0, winner: 2, han: 2, fu: 40, entry: 3 });
  await page.locator('[data-testid=ledger-retry-save]').click();
  await page.locator('[data-testid=ledger-notice]').waitFor({ state: 'detached', timeout: 10_000 });
  const four = await status(page);
  await page.reload();
  await page.locator('[data-testid=entry-3]').waitFor({ timeout: 10_000 });
  assertEqual(await status(page), four, 'the hand saved by Try again');
  assertEqual(ctx.pageErrors.filter((e) => !/Connection to Indexed Database|quota/.test(e)), [], 'page errors');
}, { timeoutMs: 120_000 });

test('ledger: one game open in two tabs: a hand recorded in one shows in the other, a stale tab never saves over it, a deletion closes it', async (ctx) => {
  const first = await ctx.openPage('/#/ledger');
  await startGame(first);
  const second = await first.context().newPage();
  await second.goto(first.url());
  await second.locator('[data-testid=ledger-status]').waitFor({ timeout: 10_000 });
  // A hand recorded in the first tab shows in the second, without a reload; a form half filled in there is emptied
  // (it was for the game as it was), and the second tab says so instead of the fields vanishing without a word.
  await second.locator('[data-testid=kind-ron]').check();
  await second.locator('[data-testid=ron-winner-2]').check();
  await second.locator('[data-testid=han-2]').fill('3');
  await second.waitForTimeout(300); // the draft kept
  await recordRon(first, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  await second.locator('[data-testid=entry-0]').waitFor({ timeout: 10_000 });
  assertEqual(await status(second), await status(first), 'the second tab shows the hand recorded in the first');
  const emptied = await second.locator('[data-testid=ledger-notice]').textContent();
  assert(/the form you were filling in here was for the game as it was, so it was emptied/.test(emptied), `the emptied form said: ${emptied}`);
  // A tab that missed the news (here a browser without BroadcastChannel) still never saves over the other's hands.
  const stale = await first.context().newPage();
  await stale.addInitScript(() => Object.defineProperty(window, 'BroadcastChannel', { value: undefined, configurable: true }));
  await stale.goto(first.url());
  await stale.locator('[data-testid=entry-0]').waitFor({ timeout: 10_000 });
  await recordRon(first, { discarder: 2, winner: 0, han: 1, fu: 30, entry: 1 });
  const both = await status(first);
  // its hand refused, the stale tab shows the game as saved: entry 1 is the first tab's
  await recordRon(stale, { discarder: 3, winner: 1, han: 3, fu: 30, entry: 1 });
  const notice = stale.locator('[data-testid=ledger-notice]');
  await notice.waitFor({ timeout: 10_000 });
  const text = await notice.textContent();
  assert(/changed in another tab or window/.test(text) && /not saved/.test(text), `the stale tab says why its hand was not saved: ${text}`);
  assertEqual(await status(stale), both, 'the stale tab now shows the game as saved');
  await first.reload();
  await first.locator('[data-testid=entry-1]').waitFor({ timeout: 10_000 });
  assertEqual(await status(first), both, 'the saved game kept both hands of the first tab');
  assertEqual(await first.locator('[data-testid=entries] > li').count(), 2, 'and nothing of the stale tab');
  // Deleted in one tab: closed in the other, which says so.
  first.on('dialog', (d) => void d.accept());
  await first.locator('[data-testid=delete-game]').click();
  await first.locator('[data-testid=game-entry]').waitFor({ state: 'detached' });
  await second.locator('[data-testid=ledger-status]').waitFor({ state: 'detached', timeout: 10_000 });
  assert(/deleted in another tab or window/.test(await second.locator('[data-testid=ledger-notice]').textContent()), 'the second tab says the game was deleted');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 120_000 });

test('ledger: a browser that keeps no games (no IndexedDB, as some private windows) says so in words, and the game still plays', async (ctx) => {
  const page = await ctx.openPage('/');
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  await page.evaluate(() => {
    location.hash = '#/ledger';
  });
  await page.reload();
  const notice = page.locator('[data-testid=ledger-notice]');
  await notice.waitFor({ timeout: 10_000 });
  assertEqual(await notice.textContent(), 'This browser does not let the app keep games (a private window?): the game shows, but is not saved. Export it before you close the page.', 'no-storage notice');
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  assertEqual(await points(page), [32900, 27100, 30000, 30000], 'the game plays on');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a win scored from the Hand screen\'s hand, in the ledger\'s situation', async (ctx) => {
  const page = await openPinfuHand(ctx);
  await page.locator('button[data-screen=ledger]').click();
  await startGame(page);
  await page.locator('[data-testid=kind-ron]').check();
  await page.locator('[data-testid=discarder]').selectOption('2');
  await page.locator('[data-testid=ron-winner-1]').check();
  await page.locator('[data-testid=from-hand-1]').click();
  await page.locator('[data-testid=form-info]').waitFor();
  assertEqual([await page.locator('[data-testid=han-1]').inputValue(), await page.locator('[data-testid=fu-1]').inputValue()], ['2', '30'], 'fan and fu from the engine');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-0]').waitFor();
  const pts = [];
  for (let p = 0; p < 4; p++) pts.push(Number(await page.locator(`[data-testid=points-${p}]`).getAttribute('data-value')));
  assertEqual(pts, [30000, 32000, 28000, 30000], 'Bruno paid 2,000 by Chloé');
  // A Hand screen hand the engine refuses (one tile wrong: not a winning hand) is said so in the screen's language,
  // the engine's own words included (they were English on the French screen).
  await page.goto(page.url().replace(/#.*$/, '#/hand?c=123m456p789s2355z&w=5z'));
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.locator('button[data-screen=ledger]').click();
  await page.locator('[data-testid=kind-tsumo]').check();
  await page.locator('[data-testid=tsumo-winner]').selectOption('0');
  await page.locator('[data-testid=from-hand-0]').click();
  const refused = await page.locator('[data-testid=form-info]').textContent();
  assert(/^La main de l’écran Main ne peut pas être évaluée\u00a0: Ces tuiles ne forment pas une main gagnante/.test(refused), `refusal in French: ${refused}`);
  assertEqual(ctx.foreignRequests, [], 'requests to another origin');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 90_000 });

test('ledger: the names of a new game and a hand half entered are kept through a late riichi, a visit to the Hand screen and a reload; a correction too', async (ctx) => {
  const page = await openPinfuHand(ctx);
  await page.locator('button[data-screen=ledger]').click();
  // two names typed, then a look at the Hand screen: the names are still there
  await page.locator('[data-testid=player-name-0]').fill('Aiko');
  await page.locator('[data-testid=player-name-1]').fill('Bruno');
  await page.locator('button[data-screen=hand]').click();
  await page.locator('[data-testid=score]').waitFor();
  await page.locator('button[data-screen=ledger]').click();
  await page.locator('[data-testid=player-name-1]').waitFor();
  assertEqual([await page.locator('[data-testid=player-name-0]').inputValue(), await page.locator('[data-testid=player-name-1]').inputValue()], ['Aiko', 'Bruno'], 'names typed before');
  await startGame(page);
  const form = async () => ({
    ron: await page.locator('[data-testid=kind-ron]').isChecked(),
    discarder: await page.locator('[data-testid=discarder]').inputValue(),
    winner: await page.locator('[data-testid=ron-winner-1]').isChecked(),
    han: (await page.locator('[data-testid=han-1]').count()) ? await page.locator('[data-testid=han-1]').inputValue() : null,
  });
  const half = { ron: true, discarder: '2', winner: true, han: '3' };
  // Bruno's ron on Chloé's discard, half entered; then his riichi, pressed late (a new entry, which redrew the form).
  await page.locator('[data-testid=discarder]').selectOption('2');
  await page.locator('[data-testid=ron-winner-1]').check();
  await page.locator('[data-testid=han-1]').fill('3');
  await page.locator('[data-testid=riichi-1]').click();
  await page.locator('[data-testid=entry-0]').waitFor();
  assertEqual(await form(), half, 'after a late riichi');
  // to the Hand screen and back (the ledger screen is closed meanwhile), then the hand scored from it
  await page.locator('button[data-screen=hand]').click();
  await page.locator('[data-testid=score]').waitFor();
  await page.locator('button[data-screen=ledger]').click();
  await page.locator('[data-testid=hand-form]').waitFor();
  assertEqual(await form(), half, 'after a visit to the Hand screen');
  await page.locator('[data-testid=from-hand-1]').click();
  await page.locator('[data-testid=form-info]').waitFor();
  // riichi pinfu tanyao, 30 fu
  assertEqual(await form(), { ...half, han: '3' }, 'scored from the Hand screen');
  await page.locator('[data-testid=fu-1]').selectOption('40');
  await page.reload();
  await page.locator('[data-testid=hand-form]').waitFor({ timeout: 10_000 });
  assertEqual(await form(), half, 'after a reload');
  assertEqual(await page.locator('[data-testid=fu-1]').inputValue(), '40', 'the fu changed before the reload');
  await page.locator('[data-testid=fu-1]').selectOption('30');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-1]').waitFor();
  // 3 fan 30 fu, non-dealer ron: 3,900 from Chloé, and Bruno's own riichi stick back
  assertEqual(await points(page), [30000, 33900, 26100, 30000], 'recorded');
  await page.reload();
  await page.locator('[data-testid=hand-form]').waitFor({ timeout: 10_000 });
  assertEqual((await form()).winner, false, 'a recorded hand is not offered again');

  // A correction left for another screen opens again; Cancel ends it, and the next hand's form is as it was left.
  await page.locator('[data-testid=kind-tsumo]').check();
  await page.locator('[data-testid=tsumo-winner]').selectOption('3');
  await page.locator('[data-testid=edit-1]').click();
  await page.locator('[data-testid=han-1]').fill('4');
  await page.locator('button[data-screen=practice]').click();
  await page.locator('button[data-screen=ledger]').click();
  await page.locator('[data-testid=edit-cancel]').waitFor({ timeout: 10_000 });
  assertEqual(await page.locator('[data-testid=han-1]').inputValue(), '4', 'the correction as left');
  await page.locator('[data-testid=edit-cancel]').click();
  assert(await page.locator('[data-testid=kind-tsumo]').isChecked(), 'the next hand\'s form as left');
  assertEqual(await page.locator('[data-testid=tsumo-winner]').inputValue(), '3', 'its winner');
  await page.locator('[data-testid=edit-1]').click();
  assertEqual(await page.locator('[data-testid=han-1]').inputValue(), '3', 'a cancelled correction is not offered again');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 90_000 });

test('ledger: "Record in the ledger" on the Hand screen fills the form as the win of the player in that seat; who discarded is asked', async (ctx) => {
  // no game yet: the ledger says the hand waits for one
  const page = await openPinfuHand(ctx);
  await page.locator('[data-testid=to-ledger]').click();
  await page.locator('[data-testid=ledger-sent-waiting]').waitFor({ timeout: 10_000 });
  await startGame(page);
  // East 1, dealer Aiko: South is Bruno
  assert(await page.locator('[data-testid=kind-ron]').isChecked(), 'a ron');
  assert(await page.locator('[data-testid=ron-winner-1]').isChecked(), 'Bruno, in the South seat, wins');
  assertEqual([await page.locator('[data-testid=han-1]').inputValue(), await page.locator('[data-testid=fu-1]').inputValue()], ['2', '30'], 'fan and fu scored in the game');
  assertEqual(await page.locator('[data-testid=discarder]').inputValue(), '', 'who discarded is left to the player');
  const info = page.locator('[data-testid=form-info]');
  await info.waitFor();
  // the line says whose win it was scored as, and that the seat wind chose it (the Hand screen's seat may be its default)
  assertEqual(
    await info.textContent(),
    'From the Hand screen, as Bruno’s win (South seat): 2 fan 30 fu. The Hand screen’s seat wind chose Bruno. Not Bruno? Pick the winner: the hand is scored again for them.',
  );
  // in French once the language is switched (it stayed English), and back
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.waitForFunction(() => /^D’après l’écran Main/.test(document.querySelector('[data-testid=form-info]')?.textContent ?? ''), null, { timeout: 5_000 });
  await page.locator('[data-testid=lang-switch]').selectOption('en');
  await page.waitForFunction(() => /^From the Hand screen/.test(document.querySelector('[data-testid=form-info]')?.textContent ?? ''), null, { timeout: 5_000 });
  // Aiko won it, not Bruno: unticking him and ticking her scores the hand again as hers (East, the dealer), and
  // the line that named Bruno goes; back to Bruno, the same
  await page.locator('[data-testid=ron-winner-1]').uncheck();
  assertEqual(await info.count(), 0, 'no line about a player who no longer wins');
  await page.locator('[data-testid=ron-winner-0]').check();
  assertEqual([await page.locator('[data-testid=han-0]').inputValue(), await page.locator('[data-testid=fu-0]').inputValue()], ['2', '30'], 'scored again as Aiko’s');
  assertEqual(await info.textContent(), 'From the Hand screen, as Aiko’s win (East seat): 2 fan 30 fu.');
  await page.locator('[data-testid=ron-winner-1]').check();
  await page.locator('[data-testid=ron-winner-0]').uncheck();
  assertEqual([await page.locator('[data-testid=han-1]').inputValue(), await page.locator('[data-testid=fu-1]').inputValue()], ['2', '30'], 'and Bruno’s again');
  assertEqual(await info.textContent(), 'From the Hand screen, as Bruno’s win (South seat): 2 fan 30 fu.');
  await page.locator('[data-testid=record-submit]').click();
  assertEqual((await page.locator('[data-testid=form-error]').textContent()).trim(), 'Say who discarded the winning tile.', 'asked, not guessed');
  await page.locator('[data-testid=discarder]').selectOption('2');
  assert(await page.locator('[data-testid=ron-winner-1]').isChecked(), 'the winner stays ticked');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-0]').waitFor();
  assertEqual(await points(page), [30000, 32000, 28000, 30000], 'Bruno paid 2,000 by Chloé');
  // East 2, dealer Bruno: the same hand by tsumo from the West seat is Dmitri's, 3 fan 20 fu: 700 / 1,300
  await page.goto(page.url().replace(/#.*$/, '#/hand?c=234m567p345s5688s&w=7s&t=1&sw=W'));
  await page.locator('[data-testid=score]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid=to-ledger]').click();
  await page.locator('[data-testid=hand-form]').waitFor({ timeout: 10_000 });
  assert(await page.locator('[data-testid=kind-tsumo]').isChecked(), 'a tsumo');
  assertEqual(await page.locator('[data-testid=tsumo-winner]').inputValue(), '3', 'Dmitri, in the West seat');
  assertEqual([await page.locator('[data-testid=han-3]').inputValue(), await page.locator('[data-testid=fu-3]').inputValue()], ['3', '20'], 'fan and fu');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-1]').waitFor();
  assertEqual(await points(page), [29300, 30700, 27300, 32700], 'the tsumo paid');
  // taken once: the ledger opened again shows an empty form
  await page.locator('button[data-screen=hand]').click();
  await page.locator('button[data-screen=ledger]').click();
  await page.locator('[data-testid=hand-form]').waitFor();
  assert(await page.locator('[data-testid=kind-ron]').isChecked() && !(await page.locator('[data-testid=ron-winner-0]').isChecked()), 'a new empty form');
  assertEqual(await page.locator('[data-testid=discarder]').inputValue(), '', 'who discarded is asked in a form filled by hand too');

  // A hand sent while a finished game is open waits, and says why; the next game started takes it.
  const noTenpai = Array.from({ length: 8 }, () => ({ type: 'draw', tenpai: [] }));
  const finished = gameFile('finished-game', noTenpai);
  await page.locator('[data-testid=import-json]').setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(finished)) });
  await page.waitForFunction(() => /Emi/.test(document.querySelector('[data-testid=ledger-status]')?.textContent ?? ''), null, { timeout: 10_000 });
  const overLabel = await page.locator('[data-testid=round-label]').textContent();
  assert(/game is over/i.test(overLabel), `the imported game is over: ${overLabel}`);
  await openPinfuHandIn(page);
  await page.locator('[data-testid=to-ledger]').click();
  const waiting = page.locator('[data-testid=ledger-sent-waiting]');
  await waiting.waitFor({ timeout: 10_000 });
  assertEqual((await waiting.textContent()).trim(), 'A hand was sent from the Hand screen, but this game is over: start a new game or open another, and the hand fills its form.', 'why it waits');
  await startGame(page, ['Ines', 'Jun', 'Kai', 'Lea']);
  assert(await page.locator('[data-testid=ron-winner-1]').isChecked(), 'the new game takes it: Jun, in the South seat, wins');
  assertEqual(await waiting.count(), 0, 'no longer waiting');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 90_000 });

test('ledger: a Tenhou game starts at 25,000; pao splits a Daisangen ron; an abortive draw keeps the deal', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  const names = ['Aiko', 'Bruno', 'Chloé', 'Dmitri'];
  for (let i = 0; i < 4; i++) await page.locator(`[data-testid=player-name-${i}]`).fill(names[i]);
  await page.locator('[data-testid=preset]').selectOption('tenhou');
  assertEqual(await page.locator('[data-testid=starting-points]').inputValue(), '25000', "the rule book's start");
  await page.locator('[data-testid=start-game]').click();
  await page.locator('[data-testid=ledger-status]').waitFor({ timeout: 10_000 });
  assertEqual((await page.locator('[data-testid=rules]').textContent()).trim(), 'Tenhou', 'rules in player words');

  // Abortive draw (four winds): nothing paid, a counter, Aiko stays East.
  await page.locator('[data-testid=kind-abortive]').check();
  await page.locator('[data-testid=abortive-kind]').selectOption('four-winds');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-0]').waitFor();
  assertEqual(await status(page), { round: 'East 1, 1 counter', dealer: 'Aiko', bets: 0, points: [25000, 25000, 25000, 25000] }, 'after the abortive draw');

  // Chloé wins Daisangen on Dmitri's discard; Bruno fed the third dragon: 32,000 split, the counter paid by Bruno (Tenhou).
  await page.locator('[data-testid=kind-ron]').check();
  await page.locator('[data-testid=discarder]').selectOption('3');
  await page.locator('[data-testid=ron-winner-2]').check();
  await page.locator('[data-testid=limit-2]').selectOption('yakuman');
  await page.locator('[data-testid=liable-2]').selectOption('1');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-1]').waitFor();
  assertEqual((await status(page)).points, [25000, 25000 - 16300, 25000 + 32300, 25000 - 16000], 'pao split');
});

test('ledger: players named like JavaScript built-ins (constructor, __proto__...) are plain names, through a reload', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page, ['constructor', '__proto__', 'toString', 'hasOwnProperty']);
  // The dealer (constructor) wins by ron on __proto__'s discard, 3 fan 30 fu: 5,800.
  await recordRon(page, { discarder: 1, winner: 0, han: 3, fu: 30, entry: 0 });
  const want = { round: 'East 1, 1 counter', dealer: 'constructor', bets: 0, points: [35800, 24200, 30000, 30000] };
  assertEqual(await status(page), want, 'after the win');
  await page.reload();
  await page.locator('[data-testid=ledger-status]').waitFor({ timeout: 10_000 });
  assertEqual(await status(page), want, 'the same after a reload');
  assert((await page.locator('[data-testid=entry-0]').textContent()).includes('__proto__'), await page.locator('[data-testid=entry-0]').textContent());
  assertEqual(ctx.pageErrors, [], 'no page errors');
});

test('ledger: fan and fu no hand can score are refused; Edit brings the correction into view; a game imported twice is opened, not saved twice, its notice in the language shown', async (ctx) => {
  const page = await ctx.openPage('/#/ledger', { viewport: { width: 1280, height: 800 } });
  await startGame(page);
  // 1 fan 20 fu by self-draw: the tables have no such hand (20 fu is a pinfu with menzen tsumo, 2 fan at least)
  await page.locator('[data-testid=kind-tsumo]').check();
  await page.locator('[data-testid=tsumo-winner]').selectOption('1');
  await page.locator('[data-testid=han-1]').fill('1');
  await page.locator('[data-testid=fu-1]').selectOption('20');
  await page.locator('[data-testid=record-submit]').click();
  assert((await page.locator('[data-testid=form-error]').textContent()).startsWith('Bruno: no hand scores 1 fan 20 fu by self-draw'), 'refused, with the reason');
  assertEqual(await page.locator('[data-testid=entry-0]').count(), 0, 'nothing recorded');
  await page.locator('[data-testid=han-1]').fill('2');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-0]').waitFor();
  for (let i = 1; i <= 5; i++) await recordRon(page, { discarder: (i + 1) % 4, winner: i % 4, han: 1, fu: 30, entry: i });
  // Edit on an entry far down: the correction's form comes into view, under the standings that stay on top
  await page.locator('[data-testid=edit-1]').scrollIntoViewIfNeeded();
  await page.locator('[data-testid=edit-1]').click();
  const heading = page.locator('#ledger-record-title');
  await heading.waitFor();
  assert((await heading.textContent()).includes('2'), await heading.textContent());
  const visible = await heading.evaluate((h) => {
    const r = h.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 5, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= innerHeight && hit !== null && h.contains(hit);
  });
  assert(visible, 'the correction form is in view and not covered');
  await page.locator('[data-testid=edit-cancel]').click();
  // the game exported, then imported twice: the second import opens the saved game
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-json]').click()]);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  const buffer = readFileSync(file);
  const saved = async () => page.locator('[data-testid=games] > li').count();
  const before = await saved();
  await page.locator('[data-testid=import-json]').setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer });
  const notice = page.locator('[data-testid=ledger-notice]');
  await page.waitForFunction(() => /already saved/.test(document.querySelector('[data-testid=ledger-notice]')?.textContent ?? ''), null, { timeout: 10_000 });
  assertEqual(await saved(), before, 'no second copy saved');
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  assertEqual((await notice.textContent()).trim(), 'Cette partie est déjà enregistrée ici\u00a0: elle est ouverte.', 'the notice follows the language');
  assertEqual(ctx.pageErrors, [], 'page errors');
}, { timeoutMs: 120_000 });

test('ledger: the final table puts the hanchan score first, shows the oka where the rules give one, and says how the score is made', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  // M-League (25,000 / 30,000, uma 30/10): Emi's dealer mangan on Fumio's discard, then eight draws nobody is tenpai in
  const events = [{ type: 'win', discarder: 1, winners: [{ player: 0, han: 5, fu: 30, limit: 'mangan' }] }, ...Array.from({ length: 8 }, () => ({ type: 'draw', tenpai: [] }))];
  const game = { ...gameFile('mleague-finished', events), setup: { players: ['Emi', 'Fumio', 'Gen', 'Hana'], startingPoints: 25000, preset: 'mleague', rules: { returnPoints: 30000, uma: [30, 10, -10, -30] }, chomboPenalty: 20000 } };
  await page.locator('[data-testid=import-json]').setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(game)) });
  const final = page.locator('[data-testid=final-table]');
  await final.waitFor({ timeout: 10_000 });
  // no chombo in this game: no Chombo column
  assertEqual(await final.locator('thead th').evaluateAll((els) => els.map((e) => e.textContent.trim())), ['Place', 'Player', 'Hanchan score', 'Points', 'Uma', 'Oka']);
  const emi = await final.locator('tbody tr').first().locator('td, th').evaluateAll((els) => els.map((e) => e.textContent.trim()));
  // 37,000: (37,000 - 30,000) / 1,000 + 30 uma + 20 oka
  assertEqual(emi, ['1', 'Emi', '+57', '37,000', '+30', '+20'], 'first place, oka shown');
  assertEqual((await page.locator('[data-testid=final-formula]').textContent()).trim(), 'Hanchan score = (points − 30,000) ÷ 1,000 + uma + oka (to first place).');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a removed entry, or the last one undone, can be put back while nothing else changed', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  await recordRon(page, { discarder: 2, winner: 3, han: 3, fu: 30, entry: 1 });
  const after = await status(page);
  // Remove the first hand: its place says so, the focus on the way back, the entries numbered as before
  await page.locator('[data-testid=remove-0]').click();
  const removed = page.locator('[data-testid=removed-entry]');
  await removed.waitFor();
  assert((await removed.textContent()).startsWith('Entry 1 removed: '), await removed.textContent());
  assertEqual(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'restore-entry', 'focus on "Put it back"');
  assertEqual(await page.locator('[data-testid=entries] > li:not([data-testid=removed-entry])').count(), 1, 'one entry left');
  const number = await page.locator('[data-testid=entry-0]').evaluate((li) => [...li.parentElement.children].filter((c) => getComputedStyle(c).display === 'list-item').indexOf(li) + 1);
  assertEqual(number, 1, 'the entry left is numbered 1 (the notice takes no number)');
  await page.locator('[data-testid=restore-entry]').click();
  await page.locator('[data-testid=entry-1]').waitFor();
  assertEqual(await status(page), after, 'both hands back');
  assertEqual(await removed.count(), 0, 'the notice gone');
  // Undo the last entry, then put it back
  await page.locator('[data-testid=undo]').click();
  await removed.waitFor();
  await page.locator('[data-testid=restore-entry]').click();
  await page.locator('[data-testid=entry-1]').waitFor();
  assertEqual(await status(page), after, 'the undone hand back');
  // a removal followed by a new entry: no way back that would drop the new one
  await page.locator('[data-testid=remove-1]').click();
  await removed.waitFor();
  await recordRon(page, { discarder: 0, winner: 2, han: 1, fu: 30, entry: 1 });
  assertEqual(await removed.count(), 0, 'no "Put it back" once the entries changed');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger on a phone: a game started or opened comes into view; a second tap on Start makes no second game', async (ctx) => {
  const page = await ctx.openPage('/#/ledger', { viewport: { width: 390, height: 844 } });
  const inView = (sel) => page.waitForFunction((sel) => { const r = document.querySelector(sel)?.getBoundingClientRect(); return !!r && r.top >= -1 && r.top < innerHeight / 2; }, sel, { timeout: 5_000 });
  const saved = () => page.locator('[data-testid=games] > li').count();
  await startGame(page);
  await inView('[data-testid=ledger-status]');
  assertEqual(await page.locator('[data-testid=player-name-0]').inputValue(), '', 'the form emptied');
  const games = await saved();
  await page.locator('[data-testid=start-game]').click();
  await page.waitForTimeout(300);
  assertEqual(await saved(), games, 'no second game from a second tap');
  // a second game, then the first opened from the list (far below on a phone): in view, no notice about another game
  await startGame(page, ['Emi', 'Fumio', 'Gen', 'Hana']);
  // the list names each game's rules (two games of one evening look alike otherwise)
  assert((await page.locator('[data-testid=game-entry]').first().textContent()).includes(' — EMA 2016 — '), await page.locator('[data-testid=game-entry]').first().textContent());
  await page.locator('[data-testid=open-game]').first().click();
  await inView('[data-testid=ledger-status]');
  assertEqual(await page.locator('[data-testid=ledger-notice]').count(), 0, 'no notice left over');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: "Record" says what it recorded, where the form is', async (ctx) => {
  const page = await ctx.openPage('/#/ledger', { viewport: { width: 390, height: 844 } });
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  const said = page.locator('[data-testid=ledger-recorded]');
  await said.waitFor();
  const text = (await said.textContent()).trim();
  assert(text.startsWith('Recorded, East 1: '), text);
  assert(text.endsWith('(Aiko +2,900, Bruno -2,900, Chloé 0, Dmitri 0).'), text);
  assertEqual(await said.getAttribute('role'), 'status', 'announced');
  await page.waitForFunction(() => { const r = document.querySelector('[data-testid=ledger-recorded]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }, null, { timeout: 5_000 });
  // a change of language words it again (it stayed in the language it was recorded in)
  await page.locator('[data-testid=lang-switch]').selectOption('fr');
  await page.waitForFunction(() => /^Noté/.test(document.querySelector('[data-testid=ledger-recorded]')?.textContent.trim() ?? ''), null, { timeout: 5_000 });
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a chombo asks who made it (a quick "Record" charged the dealer)', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  await page.locator('[data-testid=kind-chombo]').check();
  assertEqual(await page.locator('[data-testid=chombo-player]').inputValue(), '', 'nobody chosen');
  await page.locator('[data-testid=record-submit]').click();
  const said = page.getByText('Say who made the chombo.');
  await said.waitFor();
  assertEqual(await page.locator('[data-testid=entry-0]').count(), 0, 'nothing recorded');
  await page.locator('[data-testid=chombo-player]').selectOption('2');
  await page.locator('[data-testid=record-submit]').click();
  await page.locator('[data-testid=entry-0]').waitFor();
  assert((await page.locator('[data-testid=entry-0]').textContent()).includes('Chloé'), 'Chloé\'s chombo');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: the CSV export opens in a spreadsheet with its accents (a UTF-8 byte-order mark)', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 2, han: 2, fu: 30, entry: 0 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=export-csv]').click()]);
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(await download.path());
  assertEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the mark first');
  assert(bytes.toString('utf8').includes('Chloé'), 'the names in UTF-8');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a riichi forgotten at the table is added to an earlier hand from its Edit form, and the hands after it follow', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  // East 1: Aiko (dealer) wins 2 fan 30 fu on Bruno; East 1, 1 counter: Dmitri wins 3 fan 30 fu on Chloé
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  await recordRon(page, { discarder: 2, winner: 3, han: 3, fu: 30, entry: 1 });
  const before = await status(page);
  // Bruno had declared riichi in the first hand: his bet goes to Aiko
  await page.locator('[data-testid=edit-0]').click();
  // the riichi of the hand are part of the correction, in view with it (above the form, Edit scrolled them away)
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=edit-riichi]')?.getBoundingClientRect();
    return r && r.top >= 0 && r.bottom <= innerHeight;
  }, null, { timeout: 5_000 });
  assert(await page.locator('[data-testid=hand-form] [data-testid=edit-riichi]').count() === 1, 'inside the correction form');
  await page.locator('[data-testid=edit-riichi-1]').check();
  await page.locator('[data-testid=entry-2]').waitFor();
  assert((await page.locator('[data-testid=entry-0]').textContent()).includes('Bruno'), 'the riichi entry before the hand');
  const after = await status(page);
  assertEqual([after.points[0] - before.points[0], after.points[1] - before.points[1]], [1000, -1000], "Bruno's bet, to Aiko");
  assertEqual(await page.locator('[data-testid=edit-riichi-1]').isChecked(), true, 'still editing the same hand, the box ticked');
  // and taken back
  await page.locator('[data-testid=edit-riichi-1]').uncheck();
  await page.waitForFunction(() => !document.querySelector('[data-testid=entry-2]'));
  assertEqual(await status(page), before, 'as before');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a correction saved says what it changed, and the "Recorded" line of a round that no longer exists goes', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  // East 1: Bruno wins on Chloé (the deal passes: East 2), Dmitri on Aiko (East 3), Chloé on Dmitri
  await recordRon(page, { discarder: 2, winner: 1, han: 1, fu: 30, entry: 0 });
  await recordRon(page, { discarder: 0, winner: 3, han: 1, fu: 30, entry: 1 });
  await recordRon(page, { discarder: 3, winner: 2, han: 1, fu: 30, entry: 2 });
  assert((await page.locator('[data-testid=ledger-recorded]').textContent()).startsWith('Recorded, East 3: Chloé'), 'recorded in East 3');
  // the referee is told it was Aiko, the dealer, who won the first hand: she keeps the deal, every later hand moves
  await page.locator('[data-testid=edit-0]').click();
  await page.locator('[data-testid=ron-winner-1]').uncheck();
  await page.locator('[data-testid=ron-winner-0]').check();
  await page.locator('[data-testid=han-0]').fill('1');
  await page.locator('[data-testid=fu-0]').selectOption('30');
  await page.locator('[data-testid=record-submit]').click();
  const corrected = page.locator('[data-testid=ledger-corrected]');
  await corrected.waitFor({ timeout: 5_000 });
  const text = (await corrected.textContent()).trim();
  assert(text.startsWith('Entry 1 corrected, East 1: Aiko'), `the correction said: ${text}`);
  assert(text.endsWith('The 2 entries after it were counted again from it: their dealer, counters and payments follow the correction.'), `what it did to the later entries: ${text}`);
  assertEqual(await page.locator('[data-testid=ledger-recorded]').count(), 0, 'no "Recorded, East 3" any more (that hand is East 2 now)');
  // the next entry takes the line's place
  await recordRon(page, { discarder: 1, winner: 0, han: 1, fu: 30, entry: 3 });
  assertEqual(await corrected.count(), 0, 'the correction line goes with the next entry');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a correction that ends the game before later entries says so', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  // Tenhou (a player below zero ends the game): two small hands, then the first corrected to a dealer yakuman on Bruno
  await page.locator('[data-testid=preset]').selectOption('tenhou');
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 1, fu: 30, entry: 0 });
  await recordRon(page, { discarder: 3, winner: 2, han: 1, fu: 30, entry: 1 });
  await page.locator('[data-testid=edit-0]').click();
  await page.locator('[data-testid=limit-0]').selectOption('yakuman');
  await page.locator('[data-testid=record-submit]').click();
  await page.getByText('With this correction the game ends at entry 1; the entries after it (1) cannot follow').waitFor({ timeout: 5_000 });
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: a name pasted longer than a game takes is cut with a word, not silently', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await page.locator('[data-testid=player-name-0]').fill('L'.repeat(70));
  assertEqual((await page.locator('[data-testid=player-name-0]').inputValue()).length, 60, 'the field keeps 60 characters');
  assertEqual((await page.locator('[data-testid=name-limit]').textContent()).trim(), 'A name is at most 60 characters.', 'and says so');
  await page.locator('[data-testid=player-name-0]').fill('Aiko');
  assertEqual(await page.locator('[data-testid=name-limit]').count(), 0, 'the word goes with a shorter name');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: the first game saved asks the browser, once, to keep the site\'s storage (games are best-effort storage otherwise)', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await page.addInitScript(() => {
    window.__persistAsked = 0;
    const persist = () => {
      window.__persistAsked++;
      return Promise.resolve(true);
    };
    Object.defineProperty(navigator.storage, 'persist', { value: persist, configurable: true });
  });
  await page.reload();
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  assertEqual(await page.evaluate(() => window.__persistAsked), 1, 'asked once, for the first save');
  assertEqual(ctx.pageErrors, [], 'page errors');
});

test('ledger: printed, the score sheet is the standings, the final table and the entries, without forms or buttons', async (ctx) => {
  const page = await ctx.openPage('/#/ledger');
  await startGame(page);
  await recordRon(page, { discarder: 1, winner: 0, han: 2, fu: 30, entry: 0 });
  assertEqual(await page.locator('[data-testid=print-sheet]').count(), 1, 'a Print button beside the exports');
  await page.emulateMedia({ media: 'print' });
  for (const shown of ['ledger-status', 'entries']) assert(await page.locator(`[data-testid=${shown}]`).isVisible(), `${shown} printed`);
  for (const hidden of ['hand-form', 'print-sheet', 'export-csv', 'edit-0', 'riichi-0']) assertEqual(await page.locator(`[data-testid=${hidden}]`).isVisible(), false, `${hidden} not printed`);
  assertEqual(await page.locator('.app-nav').isVisible(), false, 'no navigation on paper');
  assertEqual(ctx.pageErrors, [], 'page errors');
});
