// Random ledger entries, as a player might type them (some impossible), for the random-game tests of the ledger
// engine (tests/ledger/random-games.test.ts) and of its screen (tests/app/ledger-random.test.tsx).
import {
  ABORTIVE_KINDS,
  applyEvent,
  createGame,
  initialState,
  LedgerError,
  type GameSetup,
  type GameState,
  type LedgerEvent,
  type PlayerIndex,
  type WinningHand,
} from '../../src/engine/ledger/index.ts';

/** Seeded random numbers (the engine's own generator), so a failure names a game that can be replayed. */
export { seededRandom as rng } from '../../src/engine/random-hands.ts';

const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const LIMITS = ['mangan', 'haneman', 'yakuman', 'double_yakuman', 'triple_yakuman'] as const;

export function randomEvent(next: () => number): LedgerEvent {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const player = (): PlayerIndex => pick([0, 1, 2, 3] as const);
  const hand = (p: PlayerIndex): WinningHand => {
    // mostly small hands, as at a table (big ones end games under the bust rules before much is tried)
    const h: WinningHand = { player: p, han: 1 + Math.floor(next() ** 3 * 13), fu: pick(FU) };
    // now and then a typo: 200 fan for 20, 140 fu, 35 fu, a fraction (all to be refused)
    if (next() < 0.03) h.han = pick([0, 131, 200, 1.5]);
    if (next() < 0.03) h.fu = pick([10, 35, 140, 1000]);
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

export interface RandomGame {
  setup: GameSetup;
  /** The entries the ledger took, in order. */
  events: LedgerEvent[];
  state: GameState;
}

/**
 * Up to `entries` random entries under a preset, until the game ends. Each is applied; one the ledger refuses (with
 * a LedgerError: anything else is a bug and is thrown) is left out. `onEntry` sees the state before and after each
 * entry, or the refusal.
 */
export function playRandomGame(
  preset: string,
  next: () => number,
  entries = 120,
  onEntry?: (before: GameState, event: LedgerEvent, after: GameState | LedgerError) => void,
): RandomGame {
  const setup = createGame({ players: ['Aiko', 'Bruno', 'constructor', 'Dmitri'], rules: preset });
  let state = initialState(setup);
  const events: LedgerEvent[] = [];
  for (let n = 0; n < entries && !state.finished; n++) {
    const event = randomEvent(next);
    const before = state;
    try {
      state = applyEvent(state, event, events.length);
      events.push(event);
    } catch (e) {
      if (!(e instanceof LedgerError)) throw new Error(`${preset}, entry ${events.length + 1}: ${JSON.stringify(event)} threw ${String(e)}`, { cause: e });
      onEntry?.(before, event, e);
      continue;
    }
    onEntry?.(before, event, state);
  }
  return { setup, events, state };
}
