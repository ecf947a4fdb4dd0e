import type { HandInput, ScoreResult } from './types.ts';
import type { RulesLike } from './rules.ts';

/** Score one winning hand. Never throws. (Work in progress: the full scorer lands in the next commits.) */
export function scoreHand(_input: HandInput, _rules?: RulesLike): ScoreResult {
  return { ok: false, error: { code: 'NOT_A_WINNING_HAND', message: 'scoreHand is not implemented yet' } };
}
