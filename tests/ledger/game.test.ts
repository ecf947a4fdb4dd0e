import { describe, expect, it } from 'vitest';
import {
  correctEvent,
  createGame,
  exportJson,
  finalTable,
  importJson,
  LedgerError,
  newDocument,
  pointDifferences,
  replay,
  replayOrThrow,
  undoLast,
  type LedgerEvent,
  type PlayerIndex,
} from '../../src/engine/ledger/index.ts';

const PLAYERS = ['Aiko', 'Bruno', 'Chloé', 'Dmitri'];
const [A, B, C, D] = [0, 1, 2, 3] as const;

const ron = (winner: PlayerIndex, discarder: PlayerIndex, han: number, fu: number): LedgerEvent => ({
  type: 'win',
  discarder,
  winners: [{ player: winner, han, fu }],
});
const tsumo = (winner: PlayerIndex, han: number, fu: number): LedgerEvent => ({ type: 'win', winners: [{ player: winner, han, fu }] });
const draw = (...tenpai: PlayerIndex[]): LedgerEvent => ({ type: 'draw', tenpai });
const riichi = (player: PlayerIndex): LedgerEvent => ({ type: 'riichi', player });
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('a whole hanchan (ema preset)', () => {
  const setup = createGame({ players: PLAYERS, rules: 'ema' });
  // Expected points after each hand, worked out by hand from the A-1 tables.
  const script: { events: LedgerEvent[]; points: number[]; label: string; counters: number; sticks: number }[] = [
    // E1 dealer Aiko: dealer ron 2 fan 30 fu = 2900 from Bruno; counter added, dealer stays.
    { events: [ron(A, B, 2, 30)], points: [32900, 27100, 30000, 30000], label: 'E1', counters: 1, sticks: 0 },
    // Draw, Aiko and Chloé tenpai: Bruno and Dmitri pay 1500 each.
    { events: [draw(A, C)], points: [34400, 25600, 31500, 28500], label: 'E1', counters: 2, sticks: 0 },
    // Chloé riichi; Dmitri tsumo 3/30 with 2 counters: 2000+200 from the dealer, 1000+200 from the others, + 1 bet.
    { events: [riichi(C), tsumo(D, 3, 30)], points: [32200, 24400, 29300, 34100], label: 'E2', counters: 0, sticks: 0 },
    // Bruno and Dmitri riichi, both tenpai at the draw; Aiko and Chloé pay 1500 each. Bets stay on the table.
    { events: [riichi(B), riichi(D), draw(B, D)], points: [30700, 24900, 27800, 34600], label: 'E2', counters: 1, sticks: 2 },
    // Chloé ron mangan on Aiko: 8000 + 300, plus the two bets.
    { events: [ron(C, A, 5, 30)], points: [22400, 24900, 38100, 34600], label: 'E3', counters: 0, sticks: 0 },
    // Dealer Chloé tsumo 2/30: 1000 from each.
    { events: [tsumo(C, 2, 30)], points: [21400, 23900, 41100, 33600], label: 'E3', counters: 1, sticks: 0 },
    // Chombo by Aiko: no payment on the table, no rotation, counters unchanged.
    { events: [{ type: 'chombo', player: A }], points: [21400, 23900, 41100, 33600], label: 'E3', counters: 1, sticks: 0 },
    // Nobody tenpai: no payment; the dealer rotates, a counter is added.
    { events: [draw()], points: [21400, 23900, 41100, 33600], label: 'E4', counters: 2, sticks: 0 },
    // Aiko ron 1/30 on Dmitri with 2 counters: 1000 + 600; South round starts.
    { events: [ron(A, D, 1, 30)], points: [23000, 23900, 41100, 32000], label: 'S1', counters: 0, sticks: 0 },
    // Bruno ron 3/40 on Chloé: 5200.
    { events: [ron(B, C, 3, 40)], points: [23000, 29100, 35900, 32000], label: 'S2', counters: 0, sticks: 0 },
    // All four tenpai: nothing paid; dealer stays.
    { events: [draw(A, B, C, D)], points: [23000, 29100, 35900, 32000], label: 'S2', counters: 1, sticks: 0 },
    // Dealer Bruno tsumo mangan: 4000 + 100 from each.
    { events: [tsumo(B, 5, 30)], points: [18900, 41400, 31800, 27900], label: 'S2', counters: 2, sticks: 0 },
    // Dmitri ron 2/30 on Bruno with 2 counters: 2000 + 600.
    { events: [ron(D, B, 2, 30)], points: [18900, 38800, 31800, 30500], label: 'S3', counters: 0, sticks: 0 },
    // Aiko riichi, only Aiko tenpai: 1000 from each of the others.
    { events: [riichi(A), draw(A)], points: [20900, 37800, 30800, 29500], label: 'S4', counters: 1, sticks: 1 },
    // Dealer Dmitri riichi and alone tenpai: stays dealer (no agari-yame either way).
    { events: [riichi(D), draw(D)], points: [19900, 36800, 29800, 31500], label: 'S4', counters: 2, sticks: 2 },
  ];

  it('gives the expected points, round, counters and bets after every hand', () => {
    const events: LedgerEvent[] = [];
    for (const step of script) {
      events.push(...step.events);
      const state = replayOrThrow(setup, events);
      expect(state.points, `after ${JSON.stringify(step.events)}`).toEqual(step.points);
      expect(`${state.round}${state.handNumber}`).toBe(step.label);
      expect(state.counters).toBe(step.counters);
      expect(state.riichiBets).toBe(step.sticks);
      expect(sum(state.points) + 1000 * state.riichiBets).toBe(120000);
      expect(state.finished).toBe(false);
    }
  });

  it('ends after South 4 and gives the final table; the bets left go to first place (RCR 2016)', () => {
    const events = [...script.flatMap((s) => s.events), draw()];
    const state = replayOrThrow(setup, events);
    expect(state.finished).toBe(true);
    expect(state.hands).toHaveLength(16);
    const table = finalTable(state);
    expect(table.riichiBetsLeft).toBe(2);
    expect(table.riichiBetsFate).toBe('to-first-place');
    expect(table.rows.map((r) => [r.name, r.points, r.place, r.uma, r.chomboPenalty, r.score])).toEqual([
      ['Bruno', 38800, 1, 15, 0, 23.8],
      ['Dmitri', 31500, 2, 5, 0, 6.5],
      ['Chloé', 29800, 3, -5, 0, -5.2],
      ['Aiko', 19900, 4, -15, 20, -45.1],
    ]);
    // Nothing can be recorded after the end of the game.
    const after = replay(setup, [...events, riichi(A)]);
    expect(after.error?.message).toMatch(/game is over/);
  });

  it('records each hand with its round, counters and deltas', () => {
    const state = replayOrThrow(setup, script.flatMap((s) => s.events));
    const third = state.hands[2]!;
    expect(third.round).toBe('E');
    expect(third.handNumber).toBe(1);
    expect(third.counters).toBe(2);
    expect(third.deltas).toEqual([-2200, -1200, -2200, 5600]); // Chloé's riichi bet is in her delta
  });

  it('knows the seat winds and the differences between players', () => {
    const state = replayOrThrow(setup, script.slice(0, 3).flatMap((s) => s.events));
    expect(state.dealer).toBe(B);
    expect(state.seatWinds).toEqual(['N', 'E', 'S', 'W']);
    const diff = pointDifferences(state.points);
    expect(diff[D]![A]).toBe(34100 - 32200);
    expect(diff[A]![D]).toBe(32200 - 34100);
  });
});

describe('ties in uma', () => {
  const setup = createGame({ players: PLAYERS });
  const noTenpai = (n: number) => Array.from({ length: n }, () => draw());

  it('two players tied first and two tied third split their places', () => {
    const state = replayOrThrow(setup, [ron(B, A, 1, 30), ron(C, D, 1, 30), ...noTenpai(6)]);
    expect(state.finished).toBe(true);
    expect(state.counters).toBe(6);
    const rows = finalTable(state).rows;
    expect(rows.map((r) => [r.name, r.place, r.tied, r.uma, r.score])).toEqual([
      ['Bruno', 1, true, 10, 11],
      ['Chloé', 1, true, 10, 11],
      ['Aiko', 3, true, -10, -11],
      ['Dmitri', 3, true, -10, -11],
    ]);
  });

  it('three players tied first share 15 + 5 - 5', () => {
    // Only Dmitri noten: he pays 1000 to each; the dealer (Aiko) is tenpai and stays.
    const state = replayOrThrow(setup, [draw(A, B, C), ...noTenpai(8)]);
    expect(state.finished).toBe(true);
    const rows = finalTable(state).rows;
    expect(rows.map((r) => [r.name, r.points, r.place, r.uma, r.score])).toEqual([
      ['Aiko', 31000, 1, 5, 6],
      ['Bruno', 31000, 1, 5, 6],
      ['Chloé', 31000, 1, 5, 6],
      ['Dmitri', 27000, 4, -15, -18],
    ]);
  });

  it('all four tied get no uma', () => {
    const state = replayOrThrow(setup, noTenpai(8));
    expect(finalTable(state).rows.map((r) => r.score)).toEqual([0, 0, 0, 0]);
  });
});

describe('several winners on one discard', () => {
  // E1: Chloé riichi and alone tenpai (1 bet left on the table, dealer rotates, 1 counter).
  // E2 (dealer Bruno): Bruno and Dmitri riichi; Chloé discards; Bruno (dealer, 2/30) and Dmitri (3/30) both win.
  const events: LedgerEvent[] = [
    riichi(C),
    draw(C),
    riichi(B),
    riichi(D),
    { type: 'win', discarder: C, winners: [{ player: B, han: 2, fu: 30 }, { player: D, han: 3, fu: 30 }] },
  ];

  it('head bump (wrc2015, 002 5.7.6): only the winner nearest the discarder is paid and takes every bet', () => {
    const state = replayOrThrow(createGame({ players: PLAYERS, rules: 'wrc2015' }), events);
    expect(state.points).toEqual([29000, 28000, 27800, 35200]);
    expect(state.hands.at(-1)!.paidWinners).toEqual([D]);
    expect(state.riichiBets).toBe(0);
    // The dealer was not paid: the deal rotates and the counters are removed.
    expect([state.round, state.handNumber, state.counters]).toEqual(['E', 3, 0]);
  });

  it('each winner paid (ema2012): counters to each, winners keep their bet, the rest to the nearest winner', () => {
    const state = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema2012' }), events);
    // Dmitri 3/30 = 3900 + 300, own bet back + Chloé's old bet; Bruno dealer 2/30 = 2900 + 300, own bet back.
    expect(state.points).toEqual([29000, 32200, 24600, 34200]);
    expect(state.hands.at(-1)!.paidWinners).toEqual([D, B]);
    expect(state.riichiBets).toBe(0);
    // The dealer won: he stays and a counter is added.
    expect([state.round, state.handNumber, state.counters]).toEqual(['E', 2, 2]);
  });

  it('each winner paid under ema too (RCR 2016 3.4.9): both winners are paid', () => {
    const state = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema' }), events);
    expect(state.points).toEqual([29000, 32200, 24600, 34200]);
    expect(state.hands.at(-1)!.paidWinners).toEqual([D, B]);
  });

  it('the option can be set alone', () => {
    const state = replayOrThrow(createGame({ players: PLAYERS, rules: { preset: 'wrc2015', multipleRon: 'each-winner', multipleRonExtras: 'each-winner' } }), events);
    expect(state.points).toEqual([29000, 32200, 24600, 34200]);
    const bump = replayOrThrow(createGame({ players: PLAYERS, rules: { multipleRon: 'head-bump' } }), events);
    expect(bump.points).toEqual([29000, 28000, 27800, 35200]);
  });

  it('refuses impossible wins', () => {
    const setup = createGame({ players: PLAYERS });
    expect(replay(setup, [{ type: 'win', winners: [{ player: A, han: 1, fu: 30 }, { player: B, han: 1, fu: 30 }] }]).error?.message).toMatch(/self-draw has exactly one winner/);
    expect(replay(setup, [ron(A, A, 1, 30)]).error?.message).toMatch(/own discard/);
    expect(replay(setup, [ron(B, A, 1, 33)]).error?.message).toMatch(/Bruno/);
    expect(replay(setup, [ron(B, A, 0, 30)]).error).not.toBeNull();
  });
});

describe('exhaustive draws', () => {
  const setup = createGame({ players: PLAYERS });
  it('noten players pay 3000 in total', () => {
    expect(replayOrThrow(setup, [draw(B)]).points).toEqual([29000, 33000, 29000, 29000]);
    expect(replayOrThrow(setup, [draw(B, C)]).points).toEqual([28500, 31500, 31500, 28500]);
    expect(replayOrThrow(setup, [draw(A, B, C)]).points).toEqual([31000, 31000, 31000, 27000]);
    expect(replayOrThrow(setup, [draw()]).points).toEqual([30000, 30000, 30000, 30000]);
    expect(replayOrThrow(setup, [draw(A, B, C, D)]).points).toEqual([30000, 30000, 30000, 30000]);
  });

  it('a riichi player must be tenpai', () => {
    expect(replay(setup, [riichi(B), draw(A)]).error?.message).toMatch(/Bruno declared riichi.*chombo/);
  });

  it('nagashi mangan only where the rules allow it, paid as a mangan tsumo', () => {
    const nagashi: LedgerEvent = { type: 'draw', tenpai: [], nagashi: [C] };
    expect(replay(setup, [nagashi]).error?.message).toMatch(/nagashi/);
    const state = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema2012' }), [nagashi]);
    expect(state.points).toEqual([26000, 28000, 38000, 28000]);
    expect([state.handNumber, state.counters]).toEqual([2, 1]);
  });
});

describe('counters, chombo, undo and corrections', () => {
  const setup = createGame({ players: PLAYERS });

  it('counters are carried through dealer wins and draws and cleared by another winner', () => {
    const events = [ron(A, B, 1, 30), draw(A), tsumo(A, 1, 30)];
    const s = replayOrThrow(setup, events);
    expect(s.counters).toBe(3);
    // Dealer tsumo 1/30 with 2 counters: 500 + 200 each.
    expect(s.hands[2]!.deltas).toEqual([2100, -700, -700, -700]);
    const s2 = replayOrThrow(setup, [...events, ron(C, A, 1, 30)]);
    expect(s2.hands[3]!.deltas).toEqual([-1900, 0, 1900, 0]);
    expect([s2.counters, s2.dealer]).toEqual([0, B]);
  });

  it('a chombo returns the bets of the hand, keeps the dealer and counters, and costs the penalty at the end', () => {
    const s = replayOrThrow(setup, [draw(), riichi(C), { type: 'chombo', player: D }]);
    expect(s.points).toEqual([30000, 30000, 30000, 30000]);
    expect([s.dealer, s.counters, s.riichiBets, s.chombos[D]]).toEqual([B, 1, 0, 1]);
  });

  it('a player cannot declare riichi twice in one hand', () => {
    expect(replay(setup, [riichi(A), riichi(A)]).error?.message).toMatch(/already declared riichi/);
  });

  it('under rules where a player below zero ends the game, riichi needs 1,000 points; elsewhere it may go below zero', () => {
    // Tenhou (25,000 start, bust): Bruno pays the dealer's baiman (24,000) and keeps 1,000; his riichi takes him to 0
    // (allowed), Chloé wins on Dmitri's discard and takes the bet; in the next hand Bruno has 0 points
    const events = [ron(A, B, 8, 30), riichi(B), ron(C, D, 1, 30), riichi(B)];
    const tenhou = createGame({ players: PLAYERS, rules: 'tenhou' });
    expect(replayOrThrow(tenhou, events.slice(0, 3)).points[B]).toBe(0);
    const refused = replay(tenhou, events);
    expect(refused.error?.code).toBe('RIICHI_NO_POINTS');
    expect(refused.error?.message).toBe('Entry 4: Bruno has 0 points: under these rules (a player below zero ends the game) riichi needs the 1,000 of its bet.');
    // EMA 2016 has no bust: the same riichi takes Bruno below zero
    const ema = createGame({ players: PLAYERS, rules: 'ema', startingPoints: 25000 });
    expect(replayOrThrow(ema, events).points[B]).toBe(-1000);
  });

  it('undo removes the last entry; correcting an early entry recomputes everything after it', () => {
    const events = [ron(A, B, 2, 30), ron(C, A, 1, 30), draw(C)];
    expect(replayOrThrow(setup, undoLast(events)).hands).toHaveLength(2);
    // The first hand was in fact won by Dmitri: now Bruno deals the second hand, Chloé's ron is a
    // plain 1000 without counters, and Chloé deals (and stays, tenpai) the third.
    const fixed = correctEvent(setup, events, 0, ron(D, B, 2, 30));
    expect(fixed.state.points).toEqual([28000, 27000, 34000, 31000]);
    expect(fixed.state.round + fixed.state.handNumber).toBe('E3');
    // A correction that breaks a later entry is refused.
    expect(() => correctEvent(setup, [riichi(B), draw(B)], 1, draw(A))).toThrow(/Bruno declared riichi/);
  });

  it('starting points and chombo penalty can be chosen', () => {
    const s = createGame({ players: PLAYERS, startingPoints: 25000, chomboPenalty: 8000 });
    expect(replayOrThrow(s, []).points).toEqual([25000, 25000, 25000, 25000]);
    expect(() => createGame({ players: ['a', 'b', 'c'] })).toThrow(/exactly 4/);
    expect(() => createGame({ players: ['a', 'b', 'c', 'A'] })).toThrow(/different/);
    expect(() => createGame({ players: PLAYERS, rules: 'wrc' })).toThrow();
  });

  it('starting points and chombo penalty up to 1,000,000, the bounds a saved game is read back with', () => {
    // every game that can be created can be exported and imported again
    const largest = createGame({ players: PLAYERS, startingPoints: 1_000_000, chomboPenalty: 1_000_000 });
    const reloaded = importJson(exportJson(newDocument('big', largest, new Date(Date.UTC(2026, 11, 5)))));
    expect(reloaded.ok && reloaded.state.points).toEqual([1_000_000, 1_000_000, 1_000_000, 1_000_000]);
    // beyond, the player's own error in their language (it was the engine's "Unknown rules startingPoints=2000000")
    for (const [options, code] of [
      [{ startingPoints: 2_000_000 }, 'STARTING_POINTS'],
      [{ startingPoints: 1e21 }, 'STARTING_POINTS'],
      [{ chomboPenalty: 2_000_000 }, 'CHOMBO_PENALTY'],
    ] as const) {
      let error: unknown;
      try {
        createGame({ players: PLAYERS, ...options });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LedgerError);
      expect((error as LedgerError).code).toBe(code);
      expect((error as LedgerError).message).toMatch(/to 1,000,000, got /);
      expect((error as LedgerError).text('fr')).toMatch(/et 1\u202f000\u202f000, pas /);
    }
  });
});

describe('error messages in English and French', () => {
  const setup = createGame({ players: PLAYERS });
  it('refuses fan and fu beyond what a saved game is read back with, so a typo cannot make the game unreadable', () => {
    // 200 fan was taken by applyEvent (the app's field stops at 99), and the game then listed as damaged after a reload
    const { error } = replay(setup, [ron(B, A, 200, 30)]);
    expect(error?.code).toBe('HAND_NUMBER');
    expect(error?.message).toBe('Entry 1: Bruno: fan must be a whole number from 1 to 130, got 200.');
    expect(error?.text('fr')).toBe('Entrée 1\u00a0: Bruno\u00a0: fan doit être un nombre entier de 1 à 130, pas 200.');
    expect(replay(setup, [tsumo(C, 2, 140)]).error?.message).toBe('Entry 1: Chloé: fu must be a whole number from 20 to 130, got 140.');
    const badYaku = replay(setup, [{ type: 'win', discarder: A, winners: [{ player: B, han: 3, fu: 30, yaku: [{ id: 'riichi', han: 40 }] }] }]);
    expect(badYaku.error?.code).toBe('HAND_RECORD');
    // the largest values taken are read back
    const largest: LedgerEvent[] = [{ type: 'win', discarder: A, winners: [{ player: B, han: 130, fu: 130, yaku: [{ id: 'kokushi', han: 26 }], hand: 'x'.repeat(200) }] }];
    expect(replay(setup, largest).error).toBeNull();
    expect(importJson(exportJson({ ...newDocument('g', setup, new Date(Date.UTC(2026, 11, 5))), events: largest })).ok).toBe(true);
  });

  it('refuses a player name longer than a saved game is read back with (60 characters)', () => {
    expect(createGame({ players: ['a'.repeat(60), 'b', 'c', 'd'] }).players[0]).toHaveLength(60);
    expect(() => createGame({ players: ['a', 'b'.repeat(61), 'c', 'd'] })).toThrow('The name of player 2 is 61 characters long; at most 60.');
  });

  it('names the entry and the player in both languages', () => {
    const { error } = replay(setup, [riichi(B), draw(A)]);
    expect(error?.code).toBe('NOTEN_RIICHI');
    expect(error?.message).toBe('Entry 2: Bruno declared riichi in this hand and must be tenpai at the draw (a noten riichi is a chombo).');
    expect(error?.text('fr')).toBe('Entrée 2\u00a0: Bruno a déclaré riichi dans cette main et doit être tenpai quand le mur est épuisé (un riichi noten est un chombo).');
  });

  it('passes the engine error of an impossible fan/fu through, translatable', async () => {
    const { errorMessage } = await import('../../src/engine/index.ts');
    const { error } = replay(setup, [ron(B, A, 2, 35)]);
    expect(error?.code).toBe('HAND_VALUE');
    expect(error?.engineError?.code).toBe('INVALID_INPUT');
    const fr = error!.text('fr', (code, params) => errorMessage(code, params, 'fr'));
    expect(fr.startsWith('Entrée 1\u00a0: Bruno\u00a0: ')).toBe(true);
    expect(fr).not.toBe(error!.message);
  });
});

describe('three winners on one discard', () => {
  // Dmitri's riichi bet is on the table; Aiko discards; Bruno, Chloé and Dmitri all win 1 fan 30 fu
  // (Bruno deals after a first draw with nobody tenpai: 1 counter).
  const events: LedgerEvent[] = [
    draw(),
    riichi(D),
    riichi(A),
    {
      type: 'win',
      discarder: A,
      winners: [
        { player: D, han: 1, fu: 30 },
        { player: C, han: 1, fu: 30 },
        { player: B, han: 1, fu: 30 },
      ],
    },
  ];

  it('head bump (wrc2015): only Bruno (at the discarder\'s right) is paid, with both bets', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'wrc2015' }), events);
    // Dealer Bruno ron 1/30 = 1500 + 300.
    expect(s.points).toEqual([30000 - 1000 - 1800, 30000 + 1800 + 2000, 30000, 30000 - 1000]);
    expect(s.hands.at(-1)!.paidWinners).toEqual([B]);
    expect([s.dealer, s.counters]).toEqual([B, 2]);
  });

  it('each winner paid: all three with the counter; Dmitri keeps his bet, Aiko\'s goes to Bruno', () => {
    const s = replayOrThrow(createGame({ players: PLAYERS, rules: 'ema2012' }), events);
    expect(s.points).toEqual([30000 - 1000 - 1800 - 1300 - 1300, 30000 + 1800 + 1000, 30000 + 1300, 30000 - 1000 + 1300 + 1000]);
    expect(s.hands.at(-1)!.paidWinners).toEqual([B, C, D]);
    expect(s.riichiBets).toBe(0);
  });
});
