// Classifier outputs made by hand, for tests of the row reading: probabilities over the model's classes.
import { parseHandString } from '../../src/vision/tiles.ts';

export const CLASSES = [
  ...['m', 'p', 's'].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`)),
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`),
  '0m', '0p', '0s', 'back',
];

/** Probabilities over CLASSES: the given classes get their values, the rest share what is left. */
export function probs(given: Record<string, number>): Float64Array {
  const p = new Float64Array(CLASSES.length);
  const used = Object.values(given).reduce((a, b) => a + b, 0);
  const rest = (1 - used) / (CLASSES.length - Object.keys(given).length);
  CLASSES.forEach((c, i) => (p[i] = given[c] ?? rest));
  return p;
}

/** A tile the model is sure of. */
export const sure = (tile: string) => probs({ [tile]: 0.97 });
/** A row of tiles the model is sure of, from a hand string. */
export const row = (hand: string) => parseHandString(hand)!.map(sure);
/** The classes chosen, as "1m 2m ...". */
export const read = (choice: number[]) => choice.map((c) => CLASSES[c]).join(' ');
