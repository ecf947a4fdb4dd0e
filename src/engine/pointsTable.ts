/**
 * The points table under a rule set: what a hand of 1-4 fan pays at each row of minipoints, and what each limit hand
 * pays, for the winner as dealer or not, on a discard or by self-draw. It is the A-1 table players look up at the
 * table, computed by the scorer's own payment rule (payment.ts), so that it follows the rules' options: kiriage
 * mangan turns 4 fan 30 fu and 3 fan 60 fu into mangan cells, and 13 fan or more is a yakuman only with kazoe.
 */
import { basePoints, LIMIT_BASE, LIMIT_BY_FAN, limitOf, missingTableCell, paymentOnly, TABLE_FU, type Limit, type Payment } from './payment.ts';
import { maxYakuman, resolveRules, type RulesLike } from './rules.ts';

export interface PointsTableCell {
  /** What the winner is paid, without counters; null where the A-1 table has no such hand (20 fu on a discard, 25 fu below 2 fan, ...). */
  share: Payment | null;
  /** The limit this cell already is (a mangan from 4 fan 40 fu on), null below. */
  limit: Limit | null;
}

export interface PointsTableLimitRow {
  limit: Limit;
  /** Fewest fan from ordinary yaku that reach it; null for a limit only yakuman hands reach. */
  minFan: number | null;
  /** Most fan at this limit; null where it has no top (the highest limit the rules give 13+ fan). */
  maxFan: number | null;
  /** What the winner is paid, without counters. */
  share: Payment;
}

export interface PointsTable {
  /** Fan columns of the table (1-4; from 5 fan every hand is a limit). */
  fan: readonly number[];
  /** Minipoint rows (A-1's: 20, 25, 30 ... 100). */
  fu: readonly number[];
  /** `cells[fuIndex][fanIndex]`. */
  cells: PointsTableCell[][];
  limits: PointsTableLimitRow[];
  /** The rules add yakuman up (two yakuman in one hand pay as a double, three as a triple...). */
  yakumanAddUp: boolean;
}

const TABLE_FAN: readonly number[] = [1, 2, 3, 4];

/** The payment of a hand worth `base` points, as a score result gives it, without counters. */
function shareOf(base: number, dealer: boolean, tsumo: boolean): Payment {
  return paymentOnly(base, dealer, tsumo, 0);
}

/** The points table for the winner as `dealer` or not, won by self-draw (`tsumo`) or on a discard. */
export function pointsTable(rules: RulesLike | undefined, dealer: boolean, tsumo: boolean): PointsTable {
  const r = resolveRules(rules);
  const cells = TABLE_FU.map((fu) =>
    TABLE_FAN.map((han): PointsTableCell => {
      if (missingTableCell(han, fu, tsumo) !== null) return { share: null, limit: null };
      const limit = limitOf(han, fu, r.kazoeYakuman, 0, r.kiriageMangan);
      return { share: shareOf(basePoints(han, fu, limit), dealer, tsumo), limit };
    }),
  );
  // The limits by fan (mangan 5, haneman 6-7, baiman 8-10, sanbaiman 11-12, 13+ yakuman with kazoe, else sanbaiman
  // goes on), then the yakuman hands' own limits where no count of fan reaches them.
  const byFan = [...LIMIT_BY_FAN].reverse().filter((row) => row.limit !== 'yakuman' || r.kazoeYakuman);
  const limits: PointsTableLimitRow[] = byFan.map((row, i) => {
    const next = byFan[i + 1];
    return { limit: row.limit, minFan: row.minFan, maxFan: next ? next.minFan - 1 : null, share: shareOf(LIMIT_BASE[row.limit], dealer, tsumo) };
  });
  if (!r.kazoeYakuman) limits.push({ limit: 'yakuman', minFan: null, maxFan: null, share: shareOf(LIMIT_BASE.yakuman, dealer, tsumo) });
  if (maxYakuman(r) >= 2) {
    limits.push({ limit: 'double_yakuman', minFan: null, maxFan: null, share: shareOf(LIMIT_BASE.double_yakuman, dealer, tsumo) });
  }
  return { fan: TABLE_FAN, fu: TABLE_FU, cells, limits, yakumanAddUp: r.yakumanStacking };
}
