// Random games under every preset: whatever a player types into the ledger (wins with any fan and fu, several
// winners, pao, draws, nagashi, chombo, abortive draws, riichi at any time, some of it impossible), the ledger
// either takes the entry or refuses it with a LedgerError, and never loses or makes a point: the points plus the
// bets on the table always add up to the four starts, a finished game's scores add up to what its uma, oka,
// penalties and leftover bets say, and a saved game reloads to the same state. The fixed tests beside this one
// check the amounts; this one checks that no sequence breaks the bookkeeping.
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  exportCsv,
  exportJson,
  finalTable,
  importJson,
  LedgerError,
  newDocument,
  replay,
  type GameState,
} from '../../src/engine/ledger/index.ts';
import { describeHand } from '../../src/engine/ledger/document.ts';
import { PRESETS } from '../../src/engine/rules.ts';
import { playRandomGame, rng } from './randomGames.ts';

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
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('random games under every preset', () => {
  it.each(PRESET_NAMES)('%s: 40 games, every entry taken or refused with a reason, no point lost', (preset) => {
    const next = rng(20261205 + PRESET_NAMES.indexOf(preset));
    let finished = 0;
    let refused = 0;
    let hands = 0;
    for (let game = 0; game < 40; game++) {
      let snapshot: GameState | null = null;
      const { setup, events, state } = playRandomGame(preset, next, 120, (before, _event, after) => {
        // an entry, taken or refused, never changes the state it was applied to
        if (snapshot) expect(before).toEqual(snapshot);
        if (after instanceof LedgerError) {
          expect(after.text('fr')).not.toBe(''); // a refusal reads in both languages
          refused++;
        } else {
          checkBooks(after, after.setup.startingPoints);
        }
        snapshot = structuredClone(after instanceof LedgerError ? before : after);
      });
      const start = setup.startingPoints;
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
