// Data types of the hanchan ledger. A game is its setup plus an append-only list of events;
// every state (points, counters, riichi bets, dealer, round) is recomputed by replaying the events.
import { YAKUMAN_LIMITS, type Limit } from '../payment.ts';
import { MAX_OPTION_POINTS, type RuleOptions } from '../rules.ts';

/** Index of a player in `setup.players`; player 0 is the first East (the dealer of East 1). */
export type PlayerIndex = 0 | 1 | 2 | 3;
export type Wind = 'E' | 'S' | 'W' | 'N';
export const WINDS: readonly Wind[] = ['E', 'S', 'W', 'N'];
export const PLAYER_INDICES: readonly PlayerIndex[] = [0, 1, 2, 3];

/**
 * Bounds of what a game records, checked when an entry is made (game.ts) and when a saved game is read back
 * (document.ts), so that every game the ledger takes can be saved, reloaded and imported again. Fan: a sextuple
 * yakuman is 78; fu: 110 is the most a hand can have.
 */
export const RECORD_BOUNDS = {
  han: { min: 1, max: 130 },
  fu: { min: 20, max: 130 },
  /** One yaku's fan: a double yakuman is 26. */
  yakuHan: { min: 0, max: 26 },
  /** Characters of a player's name (the app's field takes 40), and of a hand in notation. */
  nameLength: 60,
  handLength: 200,
  /** A game's start and its chombo penalty: whole hundreds, up to the largest points option of the rules. */
  startingPoints: { min: 100, max: MAX_OPTION_POINTS, step: 100 },
  chomboPenalty: { min: 0, max: MAX_OPTION_POINTS, step: 100 },
} as const;

/** Whether a value is an integer within a bound of RECORD_BOUNDS (and a multiple of its step, where it has one). */
export function withinBound(value: unknown, bound: { readonly min: number; readonly max: number; readonly step?: number }): value is number {
  return Number.isInteger(value) && (value as number) >= bound.min && (value as number) <= bound.max && (value as number) % (bound.step ?? 1) === 0;
}

export type LimitName = Limit;
export const LIMIT_NAMES: readonly LimitName[] = ['mangan', 'haneman', 'baiman', 'sanbaiman', ...YAKUMAN_LIMITS];

export interface GameSetup {
  /** The four names in seating order: East, South, West, North of the first hand. */
  players: [string, string, string, string];
  startingPoints: number;
  /** Name of the preset the rules came from, e.g. "ema" (in player words: `setupRulesLabel(setup)`). */
  preset: string;
  /** The complete rule options, frozen when the game was created: a saved game keeps them when presets change. */
  rules: RuleOptions;
  /** Why these rules may differ from the preset of today's name (a game saved by an older version), for display. */
  note?: string;
  /**
   * Points taken from a player's final score for each chombo. The rule texts only say that a chombo
   * does not rotate the deal; the amount is the EMA convention (20,000 points, applied after uma,
   * not paid to the other players).
   */
  chomboPenalty: number;
}

/** One winning hand, either from a scored hand (ScoreResult) or from fan/fu entered by the players. */
export interface WinningHand {
  player: PlayerIndex;
  han: number;
  /** Minipoints; irrelevant (but kept) for limit hands. */
  fu: number;
  /** Limit named by the engine (e.g. a renhou mangan or a yakuman); null or absent: from han/fu. */
  limit?: LimitName | null;
  /** Yaku list when the hand came from the scoring engine (kept for the record). */
  yaku?: { id: string; han: number }[];
  /** The hand in tile notation when it came from a scored hand (for the record). */
  hand?: string;
  /**
   * Pao (liability): the player who fed the third dragon set (Daisangen) or the fourth wind set (Daisuushii),
   * recorded with the hand; only with rules.pao and a yakuman.
   */
  liable?: PlayerIndex;
  /**
   * The yakuman the liability is for (rules.paoSuukantsu for `suukantsu`). Absent: Daisangen or Daisuushii, whichever
   * the yaku list names; it sets the pao part of a hand of several yakuman (rules.paoStackedYakuman).
   */
  liableFor?: PaoYakuman;
}

/** The yakuman a player can be liable for (pao). */
export type PaoYakuman = 'daisangen' | 'daisuushii' | 'suukantsu';
export const PAO_YAKUMAN: readonly PaoYakuman[] = ['daisangen', 'daisuushii', 'suukantsu'];

export interface RiichiEvent {
  type: 'riichi';
  player: PlayerIndex;
}

export interface WinEvent {
  type: 'win';
  /** Absent for a win by self-draw (exactly one winner then). */
  discarder?: PlayerIndex;
  /** One winner, or two or three on the same discard. */
  winners: WinningHand[];
}

export interface DrawEvent {
  type: 'draw';
  /** Players tenpai at the exhaustive draw. */
  tenpai: PlayerIndex[];
  /** Players paid a nagashi mangan (only when the rules allow it). */
  nagashi?: PlayerIndex[];
}

export interface ChomboEvent {
  type: 'chombo';
  player: PlayerIndex;
}

/** What ended a hand early (rules.abortiveDraws). */
export type AbortiveKind = 'nine-terminals' | 'four-winds' | 'four-riichi' | 'four-kongs' | 'three-ron';
export const ABORTIVE_KINDS: readonly AbortiveKind[] = ['nine-terminals', 'four-winds', 'four-riichi', 'four-kongs', 'three-ron'];

/**
 * The abortive draws of the rules: three winners on one discard (sanchahou) abort the hand only where the rules pay
 * two winners at most (Tenhou); where every winner is paid (Mahjong Soul) it is a ron with three winners.
 */
export function abortiveKindsOf(rules: { multipleRon: string }): readonly AbortiveKind[] {
  return rules.multipleRon === 'double-ron' ? ABORTIVE_KINDS : ABORTIVE_KINDS.filter((k) => k !== 'three-ron');
}

/** An abortive draw: nothing is paid, riichi bets stay on the table, a counter is added and East stays. */
export interface AbortiveEvent {
  type: 'abortive';
  kind: AbortiveKind;
}

export type LedgerEvent = RiichiEvent | WinEvent | DrawEvent | ChomboEvent | AbortiveEvent;
export type HandEndEvent = WinEvent | DrawEvent | ChomboEvent | AbortiveEvent;

/** What happened to one player's points in one event. */
export interface Transfer {
  from: PlayerIndex | 'table';
  to: PlayerIndex | 'table';
  amount: number;
  reason: 'ron' | 'tsumo' | 'pao' | 'riichi-bet' | 'riichi-bets-collected' | 'riichi-bet-returned' | 'noten' | 'nagashi' | 'chombo';
}

/** The record of one finished hand (win, draw or chombo) as shown in the score sheet. */
export interface HandRecord {
  /** Index of the hand-ending event in the event list. */
  eventIndex: number;
  round: Wind;
  /** 1..4: which player of the round is dealing. */
  handNumber: number;
  counters: number;
  dealer: PlayerIndex;
  /** Riichi bets on the table when the hand ended (before they were collected). */
  riichiBetsBefore: number;
  event: HandEndEvent;
  /** Winners actually paid (head bump keeps only the first one). */
  paidWinners: PlayerIndex[];
  /** Point change of each player in this hand, riichi bets declared during it included. */
  deltas: [number, number, number, number];
  pointsAfter: [number, number, number, number];
  transfers: Transfer[];
}

export interface GameState {
  setup: GameSetup;
  /** Number of dealer rotations so far: 0..3 East round, 4..7 South round, 8..11 West round (rules.westRound). */
  rotations: number;
  round: Wind;
  /** 1..4 */
  handNumber: number;
  counters: number;
  /** Riichi bets (1,000 each) lying on the table. */
  riichiBets: number;
  dealer: PlayerIndex;
  /** seatWinds[p] = wind of player p in the current hand. */
  seatWinds: [Wind, Wind, Wind, Wind];
  points: [number, number, number, number];
  /** Players who declared riichi in the hand being played. */
  riichiThisHand: PlayerIndex[];
  chombos: [number, number, number, number];
  finished: boolean;
  /**
   * Why the game ended: the last hand played (South 4, or West 4 in a West round), a player below zero (rules.bust),
   * agari-yame, or a player at the return points after a hand of the West round (rules.westRound, sudden death).
   */
  endReason: 'last-hand' | 'bust' | 'agari-yame' | 'target-reached' | null;
  hands: HandRecord[];
  /** Number of events replayed. */
  eventCount: number;
}

export interface FinalRow {
  player: PlayerIndex;
  name: string;
  points: number;
  /** 1-based place; tied players share the best place of their group. */
  place: number;
  tied: boolean;
  uma: number;
  /** First place's bonus from a start below the return points: (return - start) x 4 / 1000 (shared when tied). */
  oka: number;
  chomboPenalty: number;
  /** Riichi bets left at the end that this player collected (rules.riichiBetsAtEnd = first-place), in points. */
  leftoverBets: number;
  /** (points + leftover bets - return points) / 1000 + uma + oka - chombo penalties, without rounding. */
  score: number;
}

export interface FinalTable {
  rows: FinalRow[];
  /** Riichi bets left on the table at the end, and what happened to them. */
  riichiBetsLeft: number;
  riichiBetsFate: 'stay-on-table' | 'to-first-place';
  /** Players level on points whom the rules place by seat (tiedPlaces 'seat-order'), each group in seat order. */
  seatTies: PlayerIndex[][];
}
