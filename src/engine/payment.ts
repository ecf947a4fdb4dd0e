/**
 * Hand value and payments (EMA 4.1.2 / 4.1.3 and the A-1 tables).
 *
 *   base = fu x 2^(fan + 2), capped at mangan (2000)
 *   non-dealer ron 4 x base, dealer ron 6 x base,
 *   non-dealer tsumo: dealer pays 2 x base, others 1 x base; dealer tsumo: each pays 2 x base.
 *   Every single payment is rounded up to the next 100; with kiriage mangan (an option) a hand whose base is
 *   1,920 (4 fan 30 fu, 3 fan 60 fu) is paid as a mangan.
 *   Counters: +300 on a ron (discarder pays), +100 from each payer on a tsumo.
 */
import { EngineError } from './errors.ts';
import { maxYakuman, resolveRules, type RulesLike } from './rules.ts';

export type Limit =
  | 'mangan' | 'haneman' | 'baiman' | 'sanbaiman' | 'yakuman' | 'double_yakuman'
  | 'triple_yakuman' | 'quadruple_yakuman' | 'quintuple_yakuman' | 'sextuple_yakuman';

/** Limit names of 1..6 yakuman (several yakuman add up only where the rules stack them). */
export const YAKUMAN_LIMITS: readonly Limit[] = ['yakuman', 'double_yakuman', 'triple_yakuman', 'quadruple_yakuman', 'quintuple_yakuman', 'sextuple_yakuman'];

/** The limit of `n` >= 1 yakuman. */
export function yakumanLimit(n: number): Limit {
  return YAKUMAN_LIMITS[Math.min(n, YAKUMAN_LIMITS.length) - 1] as Limit;
}

/** The fan the engine counts for one yakuman yaku (26 for a double yakuman, as score.ts counts them). */
const YAKUMAN_FAN = 13;

/** What one yaku's fan stands for: a yakuman limit for a yakuman yaku (13, 26... fan), null for an ordinary yaku. */
export function yakumanOfYaku(han: number): Limit | null {
  return han >= YAKUMAN_FAN && han % YAKUMAN_FAN === 0 ? yakumanLimit(han / YAKUMAN_FAN) : null;
}

/** Base points just below a mangan that kiriage mangan rounds up: 30 x 2^6 = 60 x 2^5 = 1,920. */
export const KIRIAGE_BASE = 1920;

/** Base points of each limit (the A-1 limit table: non-dealer tsumo payment from a non-dealer). */
export const LIMIT_BASE: Readonly<Record<Limit, number>> = {
  mangan: 2000,
  haneman: 3000,
  baiman: 4000,
  sanbaiman: 6000,
  yakuman: 8000,
  double_yakuman: 16000,
  triple_yakuman: 24000,
  quadruple_yakuman: 32000,
  quintuple_yakuman: 40000,
  sextuple_yakuman: 48000,
};

/** Fan ranges of the limit hands, in order (A-1 limit table). 13+ is yakuman only with kazoe. */
export const LIMIT_BY_FAN: readonly { minFan: number; limit: Limit }[] = [
  { minFan: 13, limit: 'yakuman' },
  { minFan: 11, limit: 'sanbaiman' },
  { minFan: 8, limit: 'baiman' },
  { minFan: 6, limit: 'haneman' },
  { minFan: 5, limit: 'mangan' },
];

export const COUNTER_RON = 300;
export const COUNTER_TSUMO_EACH = 100;
export const RIICHI_BET = 1000;

export interface PaymentInput {
  han: number;
  fu: number;
  dealer?: boolean;
  tsumo?: boolean;
  honba?: number;
  /** Number of yakuman (1, 2 for a double yakuman, more where the rules stack yakuman); fan and fu are then ignored. */
  yakuman?: number;
}

/** Who pays the winner what, counters included. Ron: `from_discarder`. Dealer tsumo: only `from_each_non_dealer`. */
export type Payment = { from_discarder: number } | { from_dealer?: number; from_each_non_dealer: number };
export type PaymentWithLimit = Payment & { limit: Limit | null };

export function roundUp100(x: number): number {
  return Math.ceil(x / 100) * 100;
}

/** The limit reached by a hand of `han` fan and `fu` minipoints (null below mangan). */
export function limitOf(han: number, fu: number, kazoeYakuman: boolean, yakuman = 0, kiriage = false): Limit | null {
  if (yakuman >= 1) return yakumanLimit(yakuman);
  if (han >= 5) {
    for (let i = 0; i < LIMIT_BY_FAN.length; i++) {
      const row = LIMIT_BY_FAN[i]!;
      if (han >= row.minFan) return row.limit === 'yakuman' && !kazoeYakuman ? 'sanbaiman' : row.limit;
    }
  }
  const base = fu * 2 ** (han + 2);
  return base > LIMIT_BASE.mangan || (kiriage && base === KIRIAGE_BASE) ? 'mangan' : null;
}

/** Limit base points by fan, 0..13, without kazoe (LIMIT_BY_FAN as numbers; 0 below mangan by fan). */
const FAN_LIMIT_BASE: readonly number[] = Array.from({ length: 14 }, (_, han) => {
  const row = LIMIT_BY_FAN.find((r) => han >= r.minFan);
  return row ? LIMIT_BASE[row.limit === 'yakuman' ? 'sanbaiman' : row.limit] : 0;
});

/**
 * Base points of a hand of `han` >= 1 fan that is not a yakuman: `basePoints(han, fu, limitOf(han, fu, kazoeYakuman))`
 * with integers only (the scorer's hot path compares every reading by it).
 */
export function handBase(han: number, fu: number, kazoeYakuman: boolean, kiriage = false): number {
  if (han >= 13) return kazoeYakuman ? LIMIT_BASE.yakuman : LIMIT_BASE.sanbaiman;
  if (han >= 5) return FAN_LIMIT_BASE[han] as number;
  const base = fu * (1 << (han + 2));
  return base > LIMIT_BASE.mangan || (kiriage && base === KIRIAGE_BASE) ? LIMIT_BASE.mangan : base;
}

/** The limit of a hand of `han` >= 1 fan that is not a yakuman: `limitOf(han, fu, kazoeYakuman)` without 2 ** x. */
export function handLimit(han: number, fu: number, kazoeYakuman: boolean, kiriage = false): Limit | null {
  if (han >= 5) return limitOf(han, fu, kazoeYakuman);
  const base = fu * (1 << (han + 2));
  return base > LIMIT_BASE.mangan || (kiriage && base === KIRIAGE_BASE) ? 'mangan' : null;
}

/** Base points: fu x 2^(fan+2), or the limit's base. */
export function basePoints(han: number, fu: number, limit: Limit | null): number {
  return limit ? LIMIT_BASE[limit] : fu * 2 ** (han + 2);
}

function checkInt(name: string, v: unknown, min: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw new EngineError('INVALID_INPUT', { field: name, value: String(v), expected: `an integer >= ${min}` });
  }
  return v;
}

/**
 * The payment-table lookup. Throws `EngineError('INVALID_INPUT')` for fan < 1, fu < 20 or not 25/multiple of 10,
 * a negative counter count, or more yakuman than the rules allow in one hand (`maxYakuman`: a double yakuman
 * only where some hand is one, more only where yakuman add up).
 */
export function payment(input: PaymentInput, rules?: RulesLike): PaymentWithLimit {
  const r = resolveRules(rules);
  const yakuman = input.yakuman ? checkInt('yakuman', input.yakuman, 0) : 0;
  const most = maxYakuman(r);
  if (yakuman > most) {
    throw new EngineError('INVALID_INPUT', {
      field: 'yakuman',
      value: String(yakuman),
      expected: most === 1 ? `1: ${r.label} has no double yakuman and yakuman do not add up` : `at most ${most} under ${r.label}`,
    });
  }
  const han = yakuman ? (input.han ?? 13) : checkInt('han', input.han, 1);
  const fu = yakuman ? (input.fu ?? 0) : checkInt('fu', input.fu, 20);
  if (!yakuman && fu !== 25 && fu % 10 !== 0) {
    throw new EngineError('INVALID_INPUT', { field: 'fu', value: String(fu), expected: '25 or a multiple of 10' });
  }
  const honba = checkInt('honba', input.honba ?? 0, 0);
  const limit = limitOf(han, fu, r.kazoeYakuman, yakuman, r.kiriageMangan);
  return paymentFromBase(basePoints(han, fu, limit), limit, !!input.dealer, !!input.tsumo, honba);
}

/**
 * Each payer's share in multiples of the base points, before rounding up to 100: on a discard the discarder pays 4x
 * (6x to the dealer); by self-draw the dealer pays 2x and each other player 1x (to a dealer, each pays 2x).
 */
export const RON_TIMES = 4;
export const RON_DEALER_TIMES = 6;
export const TSUMO_DEALER_TIMES = 2;

/** Payments from base points (no validation; the hot path of scoreHand). */
export function paymentFromBase(base: number, limit: Limit | null, dealer: boolean, tsumo: boolean, honba: number): PaymentWithLimit {
  if (!tsumo) return { limit, from_discarder: roundUp100(base * (dealer ? RON_DEALER_TIMES : RON_TIMES)) + COUNTER_RON * honba };
  if (dealer) return { limit, from_each_non_dealer: roundUp100(base * TSUMO_DEALER_TIMES) + COUNTER_TSUMO_EACH * honba };
  return {
    limit,
    from_dealer: roundUp100(base * TSUMO_DEALER_TIMES) + COUNTER_TSUMO_EACH * honba,
    from_each_non_dealer: roundUp100(base) + COUNTER_TSUMO_EACH * honba,
  };
}

/** Payments without the limit key (the `payment` object of a score result). */
export function paymentOnly(base: number, dealer: boolean, tsumo: boolean, honba: number): Payment {
  if (!tsumo) return { from_discarder: roundUp100(base * (dealer ? RON_DEALER_TIMES : RON_TIMES)) + COUNTER_RON * honba };
  if (dealer) return { from_each_non_dealer: roundUp100(base * TSUMO_DEALER_TIMES) + COUNTER_TSUMO_EACH * honba };
  return { from_dealer: roundUp100(base * TSUMO_DEALER_TIMES) + COUNTER_TSUMO_EACH * honba, from_each_non_dealer: roundUp100(base) + COUNTER_TSUMO_EACH * honba };
}

/**
 * A payment split as players read it: the hand's value as the scoring tables give it, what the counters (honba) add
 * to it, the riichi bets on the table the winner picks up, and all of it together.
 */
export function tableValue(p: Payment, honba: number, sticks: number): { value: number; counters: number; bets: number; total: number } {
  const paid = paymentTotal(p);
  const counters = honba * ('from_discarder' in p ? COUNTER_RON : 3 * COUNTER_TSUMO_EACH);
  const bets = sticks * RIICHI_BET;
  return { value: paid - counters, counters, bets, total: paid + bets };
}

/** Everything the payers hand over (riichi bets not included). */
export function paymentTotal(p: Payment): number {
  if ('from_discarder' in p) return p.from_discarder;
  if (p.from_dealer !== undefined) return p.from_dealer + 2 * p.from_each_non_dealer;
  return 3 * p.from_each_non_dealer;
}

/** Fu rows of the fan/fu tables (below 5 fan): A-1's, and the 110 fu row that A-2 of the same text adds. */
export const TABLE_FU: readonly number[] = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];

/**
 * Whether the scoring tables (A-1, and A-2 for 110 fu) have a cell for `han` (1-4) fan and `fu` minipoints, won by self-draw or on a discard:
 * rows 20, 25 and 30-110 fu; 20 fu only by self-draw from 2 fan (pinfu tsumo), 25 fu (seven pairs) from 2 fan on a
 * discard and from 3 fan by self-draw. Returns null when the cell exists, otherwise why it does not (English).
 * 5 fan and more are limit hands, where fu do not count: every such `han` has a cell.
 */
export function missingTableCell(han: number, fu: number, tsumo: boolean): string | null {
  if (han >= 5) return null;
  if (!TABLE_FU.includes(fu)) return `a row of the scoring tables: 20, 25, or 30 to 110 fu in tens (below 5 fan)`;
  if (fu === 20 && !tsumo) return `at least 30 fu on a discard (20 fu is a pinfu won by self-draw: add --tsumo)`;
  if (fu === 20 && han < 2) return `at least 2 fan with 20 fu (a pinfu tsumo is pinfu and menzen tsumo: the tables have no 1 fan 20 fu cell)`;
  if (fu === 25 && !tsumo && han < 2) return `at least 2 fan with 25 fu (25 fu is seven pairs, itself 2 fan: the tables have no 1 fan 25 fu cell)`;
  if (fu === 25 && tsumo && han < 3) return `at least 3 fan with 25 fu by self-draw (seven pairs and menzen tsumo: the tsumo tables have no ${han} fan 25 fu cell)`;
  return null;
}
