// Random games under every preset: whatever a player types into the ledger (wins with any fan and fu, several
// winners, pao, draws, nagashi, chombo, abortive draws, riichi at any time, some of it impossible), the ledger
// either takes the entry or refuses it with a LedgerError, and never loses or makes a point: the points plus the
// bets on the table always add up to the four starts, a finished game's scores add up to what its uma, oka,
// penalties and leftover bets say, and a saved game reloads to the same state. The fixed tests beside this one
// check the amounts; this one checks that no sequence breaks the bookkeeping.
import { describe, expect, it } from 'vitest';
import {
  ABORTIVE_KINDS,
  applyEvent,
  createGame,
  exportCsv,
  exportJson,
  finalTable,
  importJson,
  initialState,
  LedgerError,
  newDocument,
  replay,
  type GameState,
  type LedgerEvent,
  type PlayerIndex,
  type WinningHand,
} from '../../src/engine/ledger/index.ts';
import { describeHand } from '../../src/engine/ledger/document.ts';
import { PRESETS } from '../../src/engine/rules.ts';

/** Small seeded generator (mulberry32), so a failure names a game that can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const LIMITS = ['mangan', 'haneman', 'yakuman', 'double_yakuman', 'triple_yakuman'] as const;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function randomEvent(next: () => number): LedgerEvent {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const player = (): PlayerIndex => pick([0, 1, 2, 3] as const);
  const hand = (p: PlayerIndex): WinningHand => {
    // mostly small hands, as at a table (big ones end games under the bust rules before much is tried)
    const h: WinningHand = { player: p, han: 1 + Math.floor(next() ** 3 * 13), fu: pick(FU) };
    const limit = next() < 0.08 ? pick(LIMITS) : null;
    if (limit) h.limit = limit;
    if (limit?.endsWith('yakuman') && next() < 0.3) {
      h.liable = player();
      h.yaku = [{ id: pick(['daisangen', 'daisuushii', 'tsuuiisou']), han: 13 }];
    }
    return h;
  };
  const r = next();
  if (r < 0.25) return { type: 'riichi', player: player() };
  if (r < 0.45) return { type: 'win', winners: [hand(player())] };
  if (r < 0.7) {
    const discarder = player();
    const others = ([0, 1, 2, 3] as const).filter((p) => p !== discarder || next() < 0.05);
    const count = next() < 0.85 ? 1 : next() < 0.7 ? 2 : 3;
    const winners = [...others].sort(() => next() - 0.5).slice(0, count);
    return { type: 'win', discarder, winners: winners.map(hand) };
  }
  if (r < 0.88) {
    const tenpai = ([0, 1, 2, 3] as const).filter(() => next() < 0.5);
    return next() < 0.15 ? { type: 'draw', tenpai, nagashi: [player()] } : { type: 'draw', tenpai };
  }
  if (r < 0.94) return { type: 'chombo', player: player() };
  return { type: 'abortive', kind: pick(ABORTIVE_KINDS) };
}

function checkBooks(state: GameState, start: number) {
  // points move between players and the table, never in or out
  expect(sum(state.points) + state.riichiBets * 1000).toBe(4 * start);
  let previous = [start, start, start, start];
  for (const record of state.hands) {
    expect(record.pointsAfter).toEqual(previous.map((p, i) => p + record.deltas[i]!));
    previous = record.pointsAfter;
  }
}

const PRESET_NAMES = Object.keys(PRESETS);

describe('random games under every preset', () => {
  it.each(PRESET_NAMES)('%s: 40 games, every entry taken or refused with a reason, no point lost', (preset) => {
    const next = rng(20261205 + PRESET_NAMES.indexOf(preset));
    let finished = 0;
    let refused = 0;
    let hands = 0;
    for (let game = 0; game < 40; game++) {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'constructor', 'Dmitri'], rules: preset });
      const start = setup.startingPoints;
      let state = initialState(setup);
      const events: LedgerEvent[] = [];
      for (let n = 0; n < 120 && !state.finished; n++) {
        const event = randomEvent(next);
        const before = JSON.stringify(state);
        try {
          state = applyEvent(state, event, events.length);
          events.push(event);
        } catch (e) {
          // a refusal names its entry and reads in both languages; the state it was refused on is untouched
          if (!(e instanceof LedgerError)) throw new Error(`${preset} game ${game}: ${JSON.stringify(event)} threw ${String(e)}`, { cause: e });
          expect(e.text('fr')).not.toBe('');
          expect(JSON.stringify(state)).toBe(before);
          refused++;
          continue;
        }
        checkBooks(state, start);
      }
      // the events replay to the same state, and a saved game reloads to it
      const replayed = replay(setup, events);
      expect(replayed.error ?? null).toBeNull();
      expect(replayed.state).toEqual(state);
      const doc = { ...newDocument(`g${game}`, setup, new Date(Date.UTC(2026, 11, 5))), events };
      const loaded = importJson(exportJson(doc));
      if (!loaded.ok) throw new Error(`${preset} game ${game} did not reload: ${loaded.error}`);
      expect(loaded.state).toEqual(state);
      for (const lang of ['en', 'fr'] as const) {
        expect(exportCsv(doc, lang).split('\r\n').length).toBeGreaterThan(state.hands.length);
        for (const record of state.hands) expect(describeHand(setup, record, lang)).not.toMatch(/undefined|NaN/);
      }
      if (state.finished) {
        finished++;
        hands += state.hands.length;
        // after the end nothing more is taken
        expect(() => applyEvent(state, { type: 'draw', tenpai: [] })).toThrow(LedgerError);
        const table = finalTable(state);
        const rules = setup.rules;
        const returned = rules.returnPoints ?? start;
        const penalties = sum(table.rows.map((r) => r.chomboPenalty));
        const leftOnTable = table.riichiBetsFate === 'stay-on-table' ? table.riichiBetsLeft * 1000 : 0;
        expect(sum(table.rows.map((r) => r.uma))).toBeCloseTo(0, 6);
        expect(sum(table.rows.map((r) => r.score))).toBeCloseTo((4 * start - leftOnTable - 4 * returned) / 1000 + sum(table.rows.map((r) => r.oka)) - penalties, 6);
        expect(table.rows.map((r) => r.place).sort()).toEqual([...table.rows.map((r) => r.place)].sort());
      }
    }
    // the sequences reach the end of a game and exercise refusals, or the test proves little
    expect(finished).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(5);
    expect(hands).toBeGreaterThan(200);
  });
});
