// The only place the ledger asks for hand values: the engine's payment-table lookup.
// The ledger never computes a payment itself; it recomputes each one at replay time because the
// dealer and the counters of a hand can change when an earlier entry is corrected.
import { payment, YAKUMAN_LIMITS, type Limit } from '../payment.ts';
import type { RuleOptions } from '../rules.ts';
import type { ScoreOk } from '../types.ts';
import type { WinningHand } from './types.ts';

export interface PaymentLine {
  payer: 'discarder' | 'dealer' | 'non-dealer';
  amount: number;
}

/** Lowest fan of each limit below yakuman, so a named limit (e.g. renhou's mangan) is paid as that limit. */
const LIMIT_MIN_FAN: Readonly<Partial<Record<Limit, number>>> = {
  mangan: 5,
  haneman: 6,
  baiman: 8,
  sanbaiman: 11,
};

/** Number of yakuman of a named limit (0 below yakuman). */
export function yakumanCount(limit: Limit | null | undefined): number {
  return limit ? YAKUMAN_LIMITS.indexOf(limit) + 1 : 0;
}

/** What each payer owes one winner, counters included. Throws the engine's error on invalid fan/fu. */
export function handPayment(
  hand: Pick<WinningHand, 'han' | 'fu' | 'limit'>,
  situation: { dealer: boolean; tsumo: boolean; honba: number },
  rules: RuleOptions,
): PaymentLine[] {
  const limit = hand.limit ?? null;
  const yakuman = limit ? YAKUMAN_LIMITS.indexOf(limit) + 1 : 0;
  const input =
    yakuman > 0
      ? { han: hand.han, fu: hand.fu, yakuman }
      : limit
        ? { han: Math.max(hand.han, LIMIT_MIN_FAN[limit] ?? 5), fu: hand.fu }
        : { han: hand.han, fu: hand.fu };
  const p = payment({ ...input, ...situation }, rules);
  if ('from_discarder' in p) return [{ payer: 'discarder', amount: p.from_discarder }];
  const lines: PaymentLine[] = [{ payer: 'non-dealer', amount: p.from_each_non_dealer }];
  if (p.from_dealer !== undefined) lines.push({ payer: 'dealer', amount: p.from_dealer });
  return lines;
}

/**
 * A winning hand for the ledger from the engine's score of it: fan, fu, the limit the engine named
 * (so a renhou mangan or a yakuman is paid as such) and the yaku, kept for the record.
 */
export function winningHandFromScore(player: WinningHand['player'], result: ScoreOk, hand?: string): WinningHand {
  const out: WinningHand = { player, han: Math.max(1, result.han), fu: Math.max(20, result.fu), yaku: result.yaku.map((y) => ({ id: y.id, han: y.han })) };
  if (result.limit) out.limit = result.limit;
  if (hand) out.hand = hand;
  return out;
}
