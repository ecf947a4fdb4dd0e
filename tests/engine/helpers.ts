import { parseHand, scoreHand, type HandInput, type RulesLike, type ScoreResult, type ScoreOk } from '../../src/engine/index.ts';

/** Score a hand written in the hand notation; non-dealer (South) in the East round unless overridden. */
export function score(hand: string, extra: Partial<HandInput> = {}, rules?: RulesLike): ScoreResult {
  return scoreHand({ ...parseHand(hand), seat_wind: 'S', round_wind: 'E', ...extra }, rules);
}

export function ok(r: ScoreResult): ScoreOk {
  if (!r.ok) throw new Error(`expected a score, got ${r.error.code}: ${r.error.message}`);
  return r;
}

export function yakuIds(r: ScoreResult): string[] {
  return ok(r).yaku.map((y) => y.id);
}
