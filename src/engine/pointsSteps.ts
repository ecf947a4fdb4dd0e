/**
 * How a score's points are counted, step by step, for the player learning why a hand is worth what it is: the base
 * points (fu x 2^(fan + 2), or a limit's fixed base), then each payment as a multiple of the base rounded up to the
 * next 100, plus the counters. Derived from a score alone; nothing here runs in scoreHand.
 */
import { COUNTER_RON, COUNTER_TSUMO_EACH, KIRIAGE_BASE, roundUp100, RON_DEALER_TIMES, RON_TIMES, TSUMO_DEALER_TIMES, yakumanOfYaku, type Limit } from './payment.ts';
import type { ScoreResult } from './types.ts';

/**
 * Base points by the formula (`capped`: more than a mangan; `kiriage`: 1,920 rounded up to one), or a limit's base
 * (`kazoe`, for 13 fan or more from ordinary yaku: true where the rules count it a yakuman, false where they stop at
 * sanbaiman; null otherwise).
 */
export type BaseStep =
  | { kind: 'formula'; fu: number; han: number; raw: number; base: number; capped: 'mangan' | 'kiriage' | null }
  | { kind: 'limit'; limit: Limit; base: number; kazoe: boolean | null };

/** One payer's share: `times` x the base = `raw`, rounded up to `rounded`, plus `counters` for the counters. */
export interface PayStep {
  who: 'discarder' | 'dealer' | 'each' | 'each_other';
  times: number;
  raw: number;
  rounded: number;
  counters: number;
}

export interface PointsSteps {
  base: BaseStep;
  pays: PayStep[];
}

/** The steps of `result`'s points; null for an error. */
export function pointsSteps(result: ScoreResult): PointsSteps | null {
  if (!result.ok) return null;
  const ex = result.explanation;
  const base = ex.base_points;
  const raw = result.fu * 2 ** (result.han + 2);
  let capped: 'mangan' | 'kiriage' | null = null;
  // a mangan of fewer than 5 fan by the formula: past 2,000, or 1,920 rounded up where the rules have kiriage (any
  // other mangan, renhou's say, is said as the limit it is)
  if (ex.limit === 'mangan' && result.han < 5) capped = raw === KIRIAGE_BASE ? 'kiriage' : raw > base ? 'mangan' : null;
  // 13 fan or more of ordinary yaku (no yakuman among them): a yakuman by count (kazoe), or sanbaiman
  const byCount = result.han >= 13 && !result.yaku.some((y) => yakumanOfYaku(y.han) !== null);
  const kazoe = byCount && ex.limit === 'yakuman' ? true : byCount && ex.limit === 'sanbaiman' ? false : null;
  const baseStep: BaseStep =
    ex.limit === null || capped ? { kind: 'formula', fu: result.fu, han: result.han, raw, base, capped } : { kind: 'limit', limit: ex.limit, base, kazoe };
  const step = (who: PayStep['who'], times: number, counter: number): PayStep => ({ who, times, raw: base * times, rounded: roundUp100(base * times), counters: counter * ex.honba });
  const pays = !ex.tsumo
    ? [step('discarder', ex.dealer ? RON_DEALER_TIMES : RON_TIMES, COUNTER_RON)]
    : ex.dealer
      ? [step('each', TSUMO_DEALER_TIMES, COUNTER_TSUMO_EACH)]
      : [step('dealer', TSUMO_DEALER_TIMES, COUNTER_TSUMO_EACH), step('each_other', 1, COUNTER_TSUMO_EACH)];
  return { base: baseStep, pays };
}
