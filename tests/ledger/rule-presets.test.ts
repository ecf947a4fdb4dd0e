// The ledger under each rule preset and each game option alone (RULES.md "Presets", docs/rules.md):
// a replayed hanchan per preset with its final table worked out by hand, several winners, leftover bets,
// chombo, pao, abortive draws, agari-yame, bust, oka and tied places.
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, PRESETS, type PresetName } from '../../src/engine/index.ts';
import { abortiveKindsOf, createGame, finalTable, replay, replayOrThrow, type LedgerEvent, type PlayerIndex } from '../../src/engine/ledger/index.ts';

const PLAYERS = ['Aiko', 'Bruno', 'Chloé', 'Dmitri'];
const [A, B, C, D] = [0, 1, 2, 3] as const satisfies readonly PlayerIndex[];
const ron = (winner: PlayerIndex, discarder: PlayerIndex, han: number, fu: number): LedgerEvent => ({ type: 'win', discarder, winners: [{ player: winner, han, fu }] });
const tsumo = (winner: PlayerIndex, han: number, fu: number): LedgerEvent => ({ type: 'win', winners: [{ player: winner, han, fu }] });
const draw = (...tenpai: PlayerIndex[]): LedgerEvent => ({ type: 'draw', tenpai });
const riichi = (player: PlayerIndex): LedgerEvent => ({ type: 'riichi', player });

// The hanchan of game.test.ts ("a whole hanchan"): 17 hands, a chombo by Aiko in East 3 (Chloé deals), two riichi
// bets left on the table at the end; no several winners, no 4-30 / 3-60, nobody below zero under any preset.
const HANCHAN: LedgerEvent[] = [
  ron(A, B, 2, 30), draw(A, C), riichi(C), tsumo(D, 3, 30), riichi(B), riichi(D), draw(B, D), ron(C, A, 5, 30), tsumo(C, 2, 30),
  { type: 'chombo', player: A }, draw(), ron(A, D, 1, 30), ron(B, C, 3, 40), draw(A, B, C, D), tsumo(B, 5, 30), ron(D, B, 2, 30),
  riichi(A), draw(A), riichi(D), draw(D), draw(),
];

// [name, points, place, uma, oka, chombo penalty, score], worked out from the points of game.test.ts:
// final points 19,900 / 36,800 / 29,800 / 31,500 from a 30,000 start (each 5,000 less from a 25,000 start);
// a reverse-mangan chombo moves 8,000 from Aiko (4,000 to the dealer Chloé, 2,000 to each other player).
const FINAL: Record<PresetName, (string | number)[][]> = {
  // RCR 2016: bets to first place (Bruno +2,000), chombo -20 after uma
  ema: [['Bruno', 38800, 1, 15, 0, 0, 23.8], ['Dmitri', 31500, 2, 5, 0, 0, 6.5], ['Chloé', 29800, 3, -5, 0, 0, -5.2], ['Aiko', 19900, 4, -15, 0, 20, -45.1]],
  // RCR 2012: reverse mangan at the table, bets stay
  ema2012: [['Bruno', 38800, 1, 15, 0, 0, 23.8], ['Chloé', 33800, 2, 5, 0, 0, 8.8], ['Dmitri', 33500, 3, -5, 0, 0, -1.5], ['Aiko', 11900, 4, -15, 0, 0, -33.1]],
  // WRC 2015: bets stay on the table, chombo -20 on the overall score
  wrc2015: [['Bruno', 36800, 1, 15, 0, 0, 21.8], ['Dmitri', 31500, 2, 5, 0, 0, 6.5], ['Chloé', 29800, 3, -5, 0, 0, -5.2], ['Aiko', 19900, 4, -15, 0, 20, -45.1]],
  // 25,000 counted from 25,000 (no oka), uma 15/5, reverse mangan, bets to first
  mahjongsoul: [['Bruno', 35800, 1, 15, 0, 0, 25.8], ['Chloé', 28800, 2, 5, 0, 0, 8.8], ['Dmitri', 28500, 3, -5, 0, 0, -1.5], ['Aiko', 6900, 4, -15, 0, 0, -33.1]],
  // 25,000 / 30,000 (oka 20), uma 20/10, reverse mangan, bets to first
  tenhou: [['Bruno', 35800, 1, 20, 20, 0, 45.8], ['Chloé', 28800, 2, 10, 0, 0, 8.8], ['Dmitri', 28500, 3, -10, 0, 0, -11.5], ['Aiko', 6900, 4, -20, 0, 0, -43.1]],
  // 25,000 / 30,000 (oka 20), uma 30/10, chombo -20, bets to first
  mleague: [['Bruno', 33800, 1, 30, 20, 0, 53.8], ['Dmitri', 26500, 2, 10, 0, 0, 6.5], ['Chloé', 24800, 3, -10, 0, 0, -15.2], ['Aiko', 14900, 4, -30, 0, 20, -65.1]],
};

describe('a replayed hanchan per preset, with its known final table', () => {
  for (const preset of PRESET_NAMES) {
    it(preset, () => {
      const state = replayOrThrow(createGame({ players: PLAYERS, rules: preset }), HANCHAN);
      expect(state.finished).toBe(true);
      expect(state.endReason).toBe('last-hand');
      expect(state.hands).toHaveLength(16);
      const table = finalTable(state);
      expect(table.rows.map((r) => [r.name, r.points, r.place, r.uma, r.oka, r.chomboPenalty, r.score])).toEqual(FINAL[preset]);
      expect(table.riichiBetsFate).toBe(preset === 'ema2012' || preset === 'wrc2015' ? 'stay-on-table' : 'to-first-place');
    });
  }
});

describe('several winners on one discard, by preset', () => {
  // E1: Chloé riichi and alone tenpai; E2 (dealer Bruno): Bruno and Dmitri riichi; Chloé discards; Bruno (2/30) and Dmitri (3/30) win.
  const events: LedgerEvent[] = [riichi(C), draw(C), riichi(B), riichi(D), { type: 'win', discarder: C, winners: [{ player: B, han: 2, fu: 30 }, { player: D, han: 3, fu: 30 }] }];
  it('double ron under ema pays both winners, each with the counter; under wrc2015 only the nearest (Dmitri)', () => {
    expect(replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), events).points).toEqual([29000, 32200, 24600, 34200]);
    expect(replayOrThrow(createGame({ players: PLAYERS, rules: 'wrc2015' }), events).points).toEqual([29000, 28000, 27800, 35200]);
  });
  it('tenhou (30,000 start here): both paid, the counter and every bet to the nearest winner', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou', startingPoints: 30000 }), events);
    // Dmitri 3900 + 300 + 3 bets; dealer Bruno 2900, no counter, his bet goes to Dmitri
    expect(s.points).toEqual([29000, 30900, 24900, 35200]);
  });
  const three: LedgerEvent[] = [draw(), { type: 'win', discarder: A, winners: [{ player: D, han: 1, fu: 30 }, { player: C, han: 1, fu: 30 }, { player: B, han: 1, fu: 30 }] }];
  it('three winners: an abortive draw under tenhou (double ron only), all paid under mahjongsoul', () => {
    expect(replay(createGame({ players: PLAYERS, rules: 'tenhou' }), three).error?.code).toBe('THREE_RON_ABORTS');
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'mahjongsoul', startingPoints: 30000 }), three);
    // dealer Bruno 1500 + 300 (nearest: the counter), Chloé 1000, Dmitri 1000
    expect(s.points).toEqual([30000 - 1800 - 1000 - 1000, 31800, 31000, 31000]);
  });
  it('the abortive draw "three ron" exists only where three winners abort (tenhou); under mahjongsoul it is refused with why', () => {
    const aborted: LedgerEvent[] = [{ type: 'abortive', kind: 'three-ron' }];
    expect(replay(createGame({ players: PLAYERS, rules: 'tenhou' }), aborted).error).toBeNull();
    const ms = replay(createGame({ players: PLAYERS, rules: 'mahjongsoul' }), aborted).error;
    expect(ms?.code).toBe('THREE_RON_PAID');
    expect(ms?.text('en')).toContain('under these rules three winners on one discard are all paid, not an abortive draw: enter it as a ron with three winners.');
    expect(abortiveKindsOf(PRESETS.mahjongsoul)).not.toContain('three-ron');
    expect(abortiveKindsOf(PRESETS.tenhou)).toContain('three-ron');
  });
});

describe('leftover riichi bets at the end', () => {
  const end: LedgerEvent[] = [riichi(B), draw(B), draw(), draw(), draw(), draw(), draw(), draw(), draw()];
  it('go to first place under ema, stay under wrc2015; the option alone', () => {
    const ema = finalTable(replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), end));
    expect(ema.rows[0]).toMatchObject({ name: 'Bruno', points: 30000 + 3000 - 1000 + 1000, leftoverBets: 1000, score: 3 + 15 });
    const wrc = finalTable(replayOrThrow(createGame({ players: PLAYERS, rules: 'wrc2015' }), end));
    expect(wrc.rows[0]).toMatchObject({ name: 'Bruno', points: 32000, leftoverBets: 0, score: 2 + 15 });
    const alone = finalTable(replayOrThrow(createGame({ players: PLAYERS, rules: { preset: 'wrc2015', riichiBetsAtEnd: 'first-place' } }), end));
    expect(alone.rows[0]!.points).toBe(33000);
  });
});

describe('chombo', () => {
  it('ema: 20 taken after uma, nothing at the table; ema2012: a reverse mangan at the table', () => {
    const ema = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), [{ type: 'chombo', player: B }]);
    expect(ema.points).toEqual([30000, 30000, 30000, 30000]);
    const old = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema2012' }), [{ type: 'chombo', player: B }]);
    expect(old.points).toEqual([34000, 22000, 32000, 32000]);
    const east = replayOrThrow(createGame({ players: PLAYERS, rules: { chombo: 'reverse-mangan' } }), [{ type: 'chombo', player: A }]);
    expect(east.points).toEqual([18000, 34000, 34000, 34000]);
    expect([east.dealer, east.counters]).toEqual([A, 0]);
  });
});

describe('pao (liability) for Daisangen / Daisuushii', () => {
  const yakuman = (player: PlayerIndex, liable: PlayerIndex) => ({ player, han: 13, fu: 30, limit: 'yakuman' as const, liable });
  it('ron by another player: the liable player and the discarder split the value; the discarder pays the counters (ema)', () => {
    // a counter first (nobody tenpai, Aiko stays? no: the deal rotates to Bruno); Chloé wins Daisangen on Dmitri, Aiko fed the third dragon
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), [draw(), { type: 'win', discarder: D, winners: [yakuman(C, A)] }]);
    expect(s.points).toEqual([30000 - 16000, 30000, 30000 + 32000 + 300, 30000 - 16000 - 300]);
    expect(s.hands.at(-1)!.transfers.filter((t) => t.reason === 'pao')).toEqual([{ from: A, to: C, amount: 16000, reason: 'pao' }]);
  });
  it('tenhou: the liable player pays the counters', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou', startingPoints: 30000 }), [draw(), { type: 'win', discarder: D, winners: [yakuman(C, A)] }]);
    expect(s.points).toEqual([30000 - 16300, 30000, 62300, 30000 - 16000]);
  });
  it('self-draw: the liable player pays the whole hand', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS }), [{ type: 'win', winners: [yakuman(C, A)] }]);
    expect(s.points).toEqual([30000 - 32000, 30000, 62000, 30000]);
  });
  it('the discarder who fed the set pays alone as usual; refused without pao, on a non-yakuman, or for oneself', () => {
    expect(replayOrThrow(createGame({ players: PLAYERS }), [{ type: 'win', discarder: A, winners: [yakuman(C, A)] }]).points).toEqual([-2000, 30000, 62000, 30000]);
    expect(replay(createGame({ players: PLAYERS, rules: { pao: false } }), [{ type: 'win', discarder: D, winners: [yakuman(C, A)] }]).error?.code).toBe('PAO_NOT_IN_RULES');
    expect(replay(createGame({ players: PLAYERS }), [{ type: 'win', discarder: D, winners: [{ player: C, han: 3, fu: 30, liable: A }] }]).error?.code).toBe('PAO_NOT_YAKUMAN');
    expect(replay(createGame({ players: PLAYERS }), [{ type: 'win', discarder: D, winners: [yakuman(C, C)] }]).error?.code).toBe('PAO_SELF');
  });
});

describe('abortive draws, agari-yame, bust', () => {
  it('abortive draws only where the rules have them: counter +1, East stays, bets stay', () => {
    expect(replay(createGame({ players: PLAYERS, rules: 'ema' }), [{ type: 'abortive', kind: 'four-winds' }]).error?.code).toBe('ABORTIVE_NOT_ALLOWED');
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [riichi(A), riichi(B), riichi(C), riichi(D), { type: 'abortive', kind: 'four-riichi' }]);
    expect([s.dealer, s.counters, s.riichiBets, s.points[B]]).toEqual([A, 1, 4, 24000]);
    // four riichi with fewer declared: the bets would not be on the table
    const one = replay(createGame({ players: PLAYERS, rules: 'tenhou' }), [riichi(B), { type: 'abortive', kind: 'four-riichi' }]);
    expect([one.error?.code, one.error?.message]).toEqual(['FOUR_RIICHI_NOT_DECLARED', 'Entry 2: an abortive draw for four riichi needs the four riichi recorded in this hand first (Riichi beside each player); recorded so far: 1.']);
    expect(replay(createGame({ players: PLAYERS, rules: 'tenhou' }), [{ type: 'abortive', kind: 'five-winds' as never }]).error?.code).toBe('ABORTIVE_KIND');
  });
  // seven hands where the deal passes (nobody tenpai), then South 4 dealt by Dmitri
  const toSouth4: LedgerEvent[] = [draw(), draw(), draw(), draw(), draw(), draw(), draw()];
  it('agari-yame (tenhou): Dmitri, first in South 4, wins as dealer and the game ends', () => {
    const win = [...toSouth4, ron(D, A, 3, 30)];
    const tenhou = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), win);
    expect([tenhou.finished, tenhou.endReason]).toEqual([true, 'agari-yame']);
    const ema = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), win);
    expect([ema.finished, ema.round, ema.handNumber, ema.counters]).toEqual([false, 'S', 4, 8]);
    // not first: the game goes on
    const second = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), [ron(B, A, 5, 30), ...toSouth4.slice(1), ron(D, A, 1, 30)]);
    expect(second.finished).toBe(false);
  });
  it('bust (tenhou): a player below zero ends the game; not under mleague', () => {
    const events: LedgerEvent[] = [ron(B, A, 13, 30)]; // 32,000 from a 25,000 start
    const tenhou = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou' }), events);
    expect([tenhou.finished, tenhou.endReason, tenhou.points[A]]).toEqual([true, 'bust', -7000]);
    expect(replayOrThrow(createGame({ players: PLAYERS, rules: 'mleague' }), events).finished).toBe(false);
    const exactlyZero = replayOrThrow(createGame({ players: PLAYERS, rules: 'tenhou', startingPoints: 32000 }), events);
    expect(exactlyZero.finished).toBe(false);
  });
});

describe('oka and tied places', () => {
  it('seat order breaks ties under tenhou (earlier first East ahead); ema splits', () => {
    const events: LedgerEvent[] = [...Array.from({ length: 8 }, () => draw())];
    // everybody at 25,000: Tenhou would go on into the West round (pao-west-round.test.ts); without it the game ends
    const ended = replayOrThrow(createGame({ players: PLAYERS, rules: { preset: 'tenhou', westRound: false } }), events);
    expect(ended.finished).toBe(true);
    const tenhou = finalTable(ended);
    expect(tenhou.rows.map((r) => [r.name, r.place, r.uma, r.oka, r.score])).toEqual([
      ['Aiko', 1, 20, 20, 35], ['Bruno', 2, 10, 0, 5], ['Chloé', 3, -10, 0, -15], ['Dmitri', 4, -20, 0, -25],
    ]);
    const mleague = finalTable(replayOrThrow(createGame({ players: PLAYERS, rules: 'mleague' }), events));
    // all four tied: uma and oka shared: (30 + 10 - 10 - 30 + 20) / 4 = 5 each
    expect(mleague.rows.map((r) => r.uma + r.oka)).toEqual([5, 5, 5, 5]);
    expect(mleague.rows.map((r) => r.score)).toEqual([0, 0, 0, 0]);
  });
});
