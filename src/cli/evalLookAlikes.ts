// `npm run eval -- --only lookalikes`: the look-alikes the review offers after a correction (src/vision/lookAlikes.ts),
// measured end to end on labelled renders. Every misread tile of a photo (not a five read as its red five or back) is
// corrected to its true kind, as a player would; each other tile offered the same change is a right offer when it
// truly is that kind, a wrong one otherwise. The pairs that could be offered (other tiles read as the misread one
// was) are the denominators.
import { alignRows } from '../vision/align.ts';
import { LOOK_ALIKE_RULE, lookAlikeTiles, type LookAlikeRule, type LookAlikeTile } from '../vision/lookAlikes.ts';
import { isFivePair } from '../vision/tiles.ts';

/** One recognised photo: what was found (with the model's guesses and embeddings) and the true row. */
export interface LookAlikePhoto {
  found: readonly string[];
  /** Per found tile, the model's guesses after its reading (RecognizedTile.alternatives). */
  alternatives: readonly (readonly string[])[];
  embeddings: readonly (readonly number[])[];
  truth: readonly string[];
}

export interface LookAlikeFigures {
  photos: number;
  corrections: number;
  /** Other tiles read as a misread tile was that truly are its kind / are not. */
  candidatesRight: number;
  candidatesWrong: number;
  offeredRight: number;
  offeredWrong: number;
}

export function measureLookAlikes(photos: readonly LookAlikePhoto[], rule: LookAlikeRule = LOOK_ALIKE_RULE): LookAlikeFigures {
  const f: LookAlikeFigures = { photos: photos.length, corrections: 0, candidatesRight: 0, candidatesWrong: 0, offeredRight: 0, offeredWrong: 0 };
  for (const p of photos) {
    const truthOf: (string | null)[] = p.found.map(() => null);
    for (const a of alignRows(p.found, p.truth)) if (a.found !== null && a.truth !== null) truthOf[a.found] = p.truth[a.truth]!;
    const tiles: LookAlikeTile[] = p.found.map((tile, i) => ({ tile, embedding: p.embeddings[i], guesses: [tile, ...(p.alternatives[i] ?? [])], fixed: false }));
    p.found.forEach((read, i) => {
      const truth = truthOf[i];
      if (!truth || truth === read || isFivePair(read, truth)) return;
      f.corrections++;
      const offered = new Set(lookAlikeTiles(tiles, i, read, truth, rule));
      p.found.forEach((other, j) => {
        if (j === i || other !== read) return;
        const right = truthOf[j] === truth;
        if (right) f.candidatesRight++;
        else f.candidatesWrong++;
        if (offered.has(j)) {
          if (right) f.offeredRight++;
          else f.offeredWrong++;
        }
      });
    });
  }
  return f;
}
