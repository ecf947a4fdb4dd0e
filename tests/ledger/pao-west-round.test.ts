// The ledger options of issue 14's last items (docs/rules.md): pao for Suukantsu, the pao part of a hand of several
// yakuman (rules.paoStackedYakuman), and the West round of sudden death (rules.westRound). Every figure below is
// worked out by hand from the payment tables (a non-dealer yakuman: 32,000 on a ron, 8,000 / 16,000 on a self-draw).
import { describe, expect, it } from 'vitest';
import { PRESETS, resolveRules } from '../../src/engine/index.ts';
import { createGame, exportCsv, finalTable, importJson, exportJson, newDocument, replay, replayOrThrow, type LedgerEvent, type PlayerIndex, type WinningHand } from '../../src/engine/ledger/index.ts';

const PLAYERS = ['Aiko', 'Bruno', 'Chloé', 'Dmitri'];
const [A, B, C, D] = [0, 1, 2, 3] as const satisfies readonly PlayerIndex[];
const draw = (...tenpai: PlayerIndex[]): LedgerEvent => ({ type: 'draw', tenpai });
const ron = (winner: PlayerIndex, discarder: PlayerIndex, han: number, fu: number): LedgerEvent => ({ type: 'win', discarder, winners: [{ player: winner, han, fu }] });
const tsumo = (winner: PlayerIndex, han: number, fu: number): LedgerEvent => ({ type: 'win', winners: [{ player: winner, han, fu }] });

/** Chloé's double yakuman Daisangen + Tsuuiisou (yakumanStacking), Aiko fed the third dragon. */
const stacked = (extra: Partial<WinningHand> = {}): WinningHand => ({
  player: C, han: 26, fu: 30, limit: 'double_yakuman', liable: A,
  yaku: [{ id: 'daisangen', han: 13 }, { id: 'tsuuiisou', han: 13 }], ...extra,
});

describe('pao in a hand of several yakuman (paoStackedYakuman)', () => {
  const game = (rules: Parameters<typeof createGame>[0]['rules']) => createGame({ players: PLAYERS, rules, startingPoints: 30000 });

  it('mahjongsoul, ron on Dmitri: Aiko and Dmitri share the Daisangen (16,000 each), Dmitri pays the Tsuuiisou (32,000) alone', () => {
    const s = replayOrThrow(game('mahjongsoul'), [{ type: 'win', discarder: D, winners: [stacked()] }]);
    expect(s.points).toEqual([30000 - 16000, 30000, 30000 + 64000, 30000 - 16000 - 32000]);
    expect(s.hands[0]!.transfers).toEqual([
      { from: D, to: C, amount: 48000, reason: 'ron' },
      { from: A, to: C, amount: 16000, reason: 'pao' },
    ]);
  });

  it('mahjongsoul, self-draw: Aiko pays the Daisangen (32,000), the Tsuuiisou is a self-draw paid by all three', () => {
    // Aiko is the dealer of East 1: 16,000 of the Tsuuiisou, Bruno and Dmitri 8,000 each
    const s = replayOrThrow(game('mahjongsoul'), [{ type: 'win', winners: [stacked()] }]);
    expect(s.points).toEqual([30000 - 32000 - 16000, 30000 - 8000, 30000 + 64000, 30000 - 8000]);
  });

  it('tenhou (whole-hand liability): Aiko pays all 64,000 on the self-draw, half on the ron; the option alone does the same', () => {
    expect(replayOrThrow(game('tenhou'), [{ type: 'win', winners: [stacked()] }]).points).toEqual([30000 - 64000, 30000, 94000, 30000]);
    expect(replayOrThrow(game('tenhou'), [{ type: 'win', discarder: D, winners: [stacked()] }]).points).toEqual([-2000, 30000, 94000, -2000]);
    const whole = { preset: 'mahjongsoul' as const, paoStackedYakuman: 'whole-hand' as const };
    expect(replayOrThrow(game(whole), [{ type: 'win', discarder: D, winners: [stacked()] }]).points).toEqual([-2000, 30000, 94000, -2000]);
  });

  it('counters go with the pao part: on a self-draw the liable player pays them; on a ron, whoever paoCounters says', () => {
    // East 1 drawn (Aiko tenpai, stays: one counter); then Chloé's self-draw: Aiko pays 32,000 + 3 x 100 for the Daisangen
    const s = replayOrThrow(game('mahjongsoul'), [draw(A), { type: 'win', winners: [stacked()] }]);
    const last = s.hands.at(-1)!;
    expect(last.transfers.find((t) => t.reason === 'pao')).toEqual({ from: A, to: C, amount: 32300, reason: 'pao' });
    // the Tsuuiisou, a self-draw without counters: the dealer Aiko 16,000, Bruno and Dmitri 8,000 each
    expect(last.transfers.filter((t) => t.reason === 'tsumo').map((t) => [t.from, t.amount])).toEqual([[A, 16000], [B, 8000], [D, 8000]]);
    // on Dmitri's discard: the counter (300) by the liable Aiko (mahjongsoul paoCounters 'liable'), by Dmitri under ema's 'discarder'
    const ronEvents: LedgerEvent[] = [draw(A), { type: 'win', discarder: D, winners: [stacked()] }];
    const ron = replayOrThrow(game('mahjongsoul'), ronEvents).hands.at(-1)!.transfers.filter((t) => t.reason === 'ron' || t.reason === 'pao');
    expect(ron).toEqual([{ from: D, to: C, amount: 48000, reason: 'ron' }, { from: A, to: C, amount: 16300, reason: 'pao' }]);
    const byDiscarder = replayOrThrow(game({ preset: 'mahjongsoul', paoCounters: 'discarder' }), ronEvents).hands.at(-1)!.transfers.filter((t) => t.reason === 'ron' || t.reason === 'pao');
    expect(byDiscarder.map((t) => t.amount)).toEqual([48300, 16000]);
  });

  it('a double pao yakuman alone is the whole hand: Daisuushii (double under mahjongsoul) on a self-draw is paid by the liable player', () => {
    const hand: WinningHand = { player: C, han: 26, fu: 30, limit: 'double_yakuman', liable: A, yaku: [{ id: 'daisuushii', han: 26 }] };
    expect(replayOrThrow(game('mahjongsoul'), [{ type: 'win', winners: [hand] }]).points).toEqual([30000 - 64000, 30000, 94000, 30000]);
  });

  it('without a yaku list or liableFor, the pao part is not known: the liable player answers for the whole hand', () => {
    const hand: WinningHand = { player: C, han: 26, fu: 30, limit: 'double_yakuman', liable: A };
    expect(replayOrThrow(game('mahjongsoul'), [{ type: 'win', winners: [hand] }]).points).toEqual([30000 - 64000, 30000, 94000, 30000]);
  });

  it('ema has no stacking: a Daisangen + Tsuuiisou is one yakuman, all of it under pao', () => {
    const single: WinningHand = { ...stacked(), han: 13, limit: 'yakuman' };
    expect(replayOrThrow(game('ema'), [{ type: 'win', discarder: D, winners: [single] }]).points).toEqual([14000, 30000, 62000, 14000]);
  });
});

describe('pao for Suukantsu (paoSuukantsu)', () => {
  const suukantsu: WinningHand = { player: C, han: 13, fu: 30, limit: 'yakuman', liable: B, liableFor: 'suukantsu', yaku: [{ id: 'suukantsu', han: 13 }] };
  it('no preset has it (Tenhou and Mahjong Soul apply pao to Daisangen and Daisuushii only): refused, with a reason', () => {
    for (const p of ['ema', 'tenhou', 'mahjongsoul', 'mleague'] as const) {
      expect(PRESETS[p].paoSuukantsu, p).toBe(false);
      expect(replay(createGame({ players: PLAYERS, rules: p }), [{ type: 'win', winners: [suukantsu] }]).error?.code, p).toBe('PAO_SUUKANTSU_NOT_IN_RULES');
    }
  });
  it('set alone: Bruno, who fed the fourth kong, pays a self-drawn Suukantsu; shares a ron with the discarder', () => {
    const rules = { paoSuukantsu: true };
    expect(resolveRules(rules).label).toBe('EMA 2016 (pao for suukantsu: on)');
    expect(replayOrThrow(createGame({ players: PLAYERS, rules }), [{ type: 'win', winners: [suukantsu] }]).points).toEqual([30000, -2000, 62000, 30000]);
    expect(replayOrThrow(createGame({ players: PLAYERS, rules }), [{ type: 'win', discarder: D, winners: [suukantsu] }]).points).toEqual([30000, 14000, 62000, 14000]);
  });
  it('liableFor must name a yakuman of the hand (when the yaku are known) and one pao covers', () => {
    const rules = { paoSuukantsu: true };
    const noKongs: WinningHand = { ...suukantsu, yaku: [{ id: 'daisangen', han: 13 }] };
    expect(replay(createGame({ players: PLAYERS, rules }), [{ type: 'win', winners: [noKongs] }]).error?.code).toBe('PAO_YAKUMAN_NOT_IN_HAND');
    const odd = { ...suukantsu, liableFor: 'ryuuiisou' } as unknown as WinningHand;
    const err = replay(createGame({ players: PLAYERS, rules }), [{ type: 'win', winners: [odd] }]).error;
    expect(err?.code).toBe('PAO_YAKUMAN_KIND');
    expect(err?.text('fr')).toContain('«\u00a0ryuuiisou\u00a0»');
  });
  it('a saved game keeps liableFor; a bad one is refused on import', () => {
    const doc = { ...newDocument('g1', createGame({ players: PLAYERS, rules: { paoSuukantsu: true } }), new Date(0)), events: [{ type: 'win', winners: [suukantsu] }] as LedgerEvent[] };
    const back = importJson(exportJson(doc));
    expect(back.ok && (back.game.events[0] as { winners: WinningHand[] }).winners[0]!.liableFor).toBe('suukantsu');
    const bad = importJson(exportJson(doc).replace(/"liableFor": "suukantsu"/, '"liableFor": "kokushi"'));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/liableFor/);
  });
});

describe('the West round of sudden death (westRound)', () => {
  // eight hands where the deal passes (nobody tenpai): East 1 .. South 4, everybody still at the start
  const eightDraws: LedgerEvent[] = Array.from({ length: 8 }, () => draw());

  it('tenhou: nobody has 30,000 at the end of South 4 (25,000 each): the game goes on into West 1', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), eightDraws);
    expect([s.finished, s.round, s.handNumber, s.dealer]).toEqual([false, 'W', 1, A]);
  });

  it('the first West-round hand after which a player has 30,000 ends the game (here West 1: Bruno +8,000)', () => {
    // a mangan on Chloé with the 8 counters of the draws: 8,000 + 2,400
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [...eightDraws, ron(B, C, 5, 30)]);
    expect([s.finished, s.endReason, s.points]).toEqual([true, 'target-reached', [25000, 35400, 14600, 25000]]);
    expect(finalTable(s).rows[0]).toMatchObject({ name: 'Bruno', place: 1, oka: 20, uma: 20 });
    expect(finalTable(s).rows[0]!.score).toBeCloseTo(5.4 + 20 + 20, 9);
  });

  it('a West-round hand that leaves everybody below 30,000 goes on; the West round ends after West 4 (no North round)', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [...eightDraws, tsumo(B, 1, 30)]);
    expect([s.finished, s.round, s.handNumber, s.dealer]).toEqual([false, 'W', 2, B]);
    const end = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [...eightDraws, ...Array.from({ length: 4 }, () => draw())]);
    expect([end.finished, end.endReason, end.hands.length]).toEqual([true, 'last-hand', 12]);
    expect(replay(createGame({ players: PLAYERS, rules: 'tenhou' }), [...eightDraws, ...Array.from({ length: 5 }, () => draw())]).error?.code).toBe('GAME_OVER');
  });

  it('somebody at 30,000 at the end of South 4: no West round (mahjongsoul)', () => {
    // Aiko, dealer of East 1, wins 12,000 and keeps the deal; then eight hands without a winner
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'mahjongsoul' }), [ron(A, B, 5, 30), ...eightDraws]);
    expect([s.finished, s.endReason, s.round]).toEqual([true, 'last-hand', 'S']);
  });

  it('agari-yame in South 4 needs the dealer at 30,000 where a West round follows', () => {
    // Dmitri deals South 4 and wins 1,500 + 7 counters from Aiko: first (28,600) but below 30,000: South 4 again
    const low = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [...eightDraws.slice(0, 7), ron(D, A, 1, 30)]);
    expect([low.finished, low.round, low.handNumber, low.points[D]]).toEqual([false, 'S', 4, 28600]);
    // 12,000 + 2,100 from Aiko: first at 39,100: agari-yame
    const high = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [...eightDraws.slice(0, 7), ron(D, A, 5, 30)]);
    expect([high.finished, high.endReason]).toEqual([true, 'agari-yame']);
  });

  it('the option alone: ema ends after South 4 whatever the points; with westRound on it does not', () => {
    const lowScores: LedgerEvent[] = [ron(B, A, 1, 30), ...Array.from({ length: 7 }, () => draw())];
    // Bruno 31,000: at the target already, so even with a West round the game ends
    expect(replayOrThrow(createGame({ players: PLAYERS, rules: { westRound: true } }), lowScores).finished).toBe(true);
    const tied = replayOrThrow(createGame({ players: PLAYERS, rules: { westRound: true, startingPoints: 25000 } }), eightDraws);
    expect([tied.finished, tied.round]).toEqual([false, 'W']);
    expect(replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), eightDraws).finished).toBe(true);
  });

  it('a saved game in the West round loads where it was, and the sheet names the round (West 1 / Ouest 1)', () => {
    const doc = { ...newDocument('w1', createGame({ players: PLAYERS, rules: 'tenhou' }), new Date(0)), events: eightDraws };
    const back = importJson(exportJson(doc));
    expect(back.ok && [back.state.round, back.state.handNumber, back.state.finished]).toEqual(['W', 1, false]);
    expect(exportCsv(doc)).toContain('West 1');
    expect(exportCsv(doc, 'fr')).toContain('Ouest 1');
  });

  it('presets: Tenhou and Mahjong Soul have it, the tournament books and M-League do not', () => {
    expect(['ema', 'ema2012', 'wrc2015', 'mahjongsoul', 'tenhou', 'mleague'].map((p) => PRESETS[p as keyof typeof PRESETS].westRound)).toEqual([false, false, false, true, true, false]);
  });
});
