// The tiles that look like one the player corrected. One set draws a kind one way, so a set whose 8m is read as 6m
// has every 8m of the photo read so: when the player corrects one, the others can be offered the same change. Pure;
// the review screen (src/app/capture/review.ts) offers them, `npm run eval -- --only lookalikes` measures the rule.
import { isFivePair } from './tiles.ts';

/**
 * Tiles whose embeddings are at least this alike, and whose own top 3 guesses hold the player's correction, are taken
 * for the same drawing (lookAlikeTiles). Chosen end to end on development renders (session 24, `npm run eval -- --only
 * lookalikes`: the app's own boxes and embeddings; for every misread tile, corrected to its true kind, the other tiles
 * read as it was): on the held-out renders, handdev and devset (chosen there) 0.8 with the top-3 condition offers 38
 * of the 54 tiles that truly are the corrected kind and 4 of the 64 that are not (0.9 without the condition: 28 and
 * 8); on the one-set series (a check) 6 of 10 and 6 of 40 (0.9 without it: 8 and 13).
 */
export const LOOK_ALIKE_COSINE = 0.8;
/** How many of a tile's first guesses (its reading included) must hold the correction. */
export const LOOK_ALIKE_GUESSES = 3;

/** One tile of the row as the rule sees it. */
export interface LookAlikeTile {
  /** The current reading. */
  tile: string;
  /** The classifier's embedding, when kept. */
  embedding?: readonly number[];
  /** The model's guesses, best first, its reading included. */
  guesses: readonly string[];
  /** Set by the player: never offered. */
  fixed: boolean;
}

/** The cosine of two embeddings (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** How alike a tile must be to the corrected one to be offered the same change (lookAlikeTiles). */
export interface LookAlikeRule {
  cosine: number;
  /** How many first guesses must hold the correction; Infinity: no such condition (measuring only). */
  guesses: number;
}

export const LOOK_ALIKE_RULE: LookAlikeRule = { cosine: LOOK_ALIKE_COSINE, guesses: LOOK_ALIKE_GUESSES };

/**
 * When tile `index`, read `from`, is corrected to `to`: the indices of the other tiles still read `from`, not set by
 * the player, that look like it (embeddings at least `rule.cosine` alike, LOOK_ALIKE_COSINE by default) and that the
 * model itself thought might be `to` (among their first `rule.guesses` guesses, LOOK_ALIKE_GUESSES). The guess
 * condition keeps out tiles truly of the misread kind (a set's real 4s when its 6s was read as 4s look like that 6s).
 * None between a five and its red five (colour tells those apart, and the embedding hardly keeps it).
 */
export function lookAlikeTiles(tiles: readonly LookAlikeTile[], index: number, from: string, to: string, rule: LookAlikeRule = LOOK_ALIKE_RULE): number[] {
  const own = tiles[index]?.embedding;
  if (!own || from === to || isFivePair(from, to)) return [];
  const out: number[] = [];
  tiles.forEach((t, i) => {
    if (i === index || t.tile !== from || t.fixed || !t.embedding || t.embedding.length !== own.length) return;
    if (Number.isFinite(rule.guesses) && !t.guesses.slice(0, rule.guesses).includes(to)) return; // Infinity: no condition
    if (cosine(t.embedding, own) >= rule.cosine) out.push(i);
  });
  return out;
}
