// Hand rules used to re-rank doubtful tiles: a set has four copies of each tile (a red five counts
// as one of the four fives) and at most one red five per suit (two red 5p in a set of four red fives, redFivesPerSuit). When the classifier's best guesses
// break a rule, the tile whose move costs the least probability (its best score minus the score of
// its best class that breaks no rule) is moved to that class, and this repeats until no rule is broken.

import { redFivesOfKind } from '../engine/tiles.ts';
import { isRedFive, tileKind, tileSuit } from './tiles.ts';

export const MAX_COPIES = 4;
export const MAX_RED_PER_SUIT = 1;

/** Red fives of each suit m, p, s for the rules' redFivesInSet (3, or 4: two red 5p), as the engine counts them. */
export function redFivesPerSuit(redFivesInSet: 3 | 4 = 3): readonly number[] {
  return FIVE_KINDS.map((kind) => redFivesOfKind(kind, redFivesInSet));
}
const FIVE_KINDS = [4, 13, 22]; // 5m, 5p, 5s in the engine's kind order
/** Red fives of each suit m, p, s in the usual set of three. */
export const RED_FIVES_PER_SUIT: readonly number[] = redFivesPerSuit(3);

export interface RerankResult {
  /** Chosen class index per tile. */
  choice: number[];
  /** True for tiles moved away from their best class. */
  reranked: boolean[];
}

interface Tally {
  kinds: Map<string, number>;
  reds: Map<string, number>;
}

function tally(choice: readonly number[], classes: readonly string[]): Tally {
  const kinds = new Map<string, number>();
  const reds = new Map<string, number>();
  for (const c of choice) {
    const code = classes[c]!;
    const kind = tileKind(code);
    if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (isRedFive(code)) reds.set(tileSuit(code)!, (reds.get(tileSuit(code)!) ?? 0) + 1);
  }
  return { kinds, reds };
}

const redsOf = (suit: string, perSuit: readonly number[]) => perSuit['mps'.indexOf(suit)] ?? MAX_RED_PER_SUIT;

/** Whether one more tile of this class fits the rules given the current tally. */
function fits(code: string, t: Tally, perSuit: readonly number[]): boolean {
  const kind = tileKind(code);
  if (kind && (t.kinds.get(kind) ?? 0) >= MAX_COPIES) return false;
  if (isRedFive(code) && (t.reds.get(tileSuit(code)!) ?? 0) >= redsOf(tileSuit(code)!, perSuit)) return false;
  return true;
}

/** Tile indices taking part in a broken rule (an over-full kind or an extra red five), or [] when none. */
function violators(choice: readonly number[], classes: readonly string[], t: Tally, perSuit: readonly number[]): number[] {
  for (const [kind, n] of t.kinds) {
    if (n > MAX_COPIES) return choice.flatMap((c, i) => (tileKind(classes[c]!) === kind ? [i] : []));
  }
  for (const [suit, n] of t.reds) {
    if (n > redsOf(suit, perSuit)) return choice.flatMap((c, i) => (isRedFive(classes[c]!) && tileSuit(classes[c]!) === suit ? [i] : []));
  }
  return [];
}

/**
 * Applies the hand rules to per-tile class probabilities (rows of `probs`, columns in `classes` order).
 * Deterministic; never loops more than once per tile and class.
 */
export function rerankWithHandRules(probs: readonly ArrayLike<number>[], classes: readonly string[], perSuit: readonly number[] = RED_FIVES_PER_SUIT): RerankResult {
  const argmax = (p: ArrayLike<number>) => {
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    return best;
  };
  const choice = probs.map(argmax);
  const reranked = choice.map(() => false);
  const limit = probs.length * classes.length + 1;
  for (let step = 0; step < limit; step++) {
    const t = tally(choice, classes);
    const involved = violators(choice, classes, t, perSuit);
    if (involved.length === 0) break;
    let bestMove: { tile: number; to: number; cost: number } | null = null;
    for (const i of involved) {
      const p = probs[i]!;
      const cur = choice[i]!;
      // The tally without this tile, to test where it may go.
      const without = tally(choice.filter((_, j) => j !== i), classes);
      let to = -1;
      for (let c = 0; c < classes.length; c++) {
        if (c === cur || !fits(classes[c]!, without, perSuit)) continue;
        if (to < 0 || p[c]! > p[to]!) to = c;
      }
      if (to < 0) continue;
      const cost = p[cur]! - p[to]!;
      if (!bestMove || cost < bestMove.cost || (cost === bestMove.cost && i > bestMove.tile)) bestMove = { tile: i, to, cost };
    }
    if (!bestMove) break;
    choice[bestMove.tile] = bestMove.to;
    reranked[bestMove.tile] = true;
  }
  return { choice, reranked };
}

/** Plausible number of tiles in a winning hand row: 14 plus one per kan, 13 before the winning tile. */
export const HAND_TILE_RANGE = [13, 18] as const;
