// More tiles than a hand can hold. A winning hand shows 14 tiles, one more for each kan; the localiser sometimes
// adds a box that is no tile of the row (a gap between two tiles, the back of a tile of the row behind, a tile's
// side), and the classifier, which has no "not a tile" class, reads it as some tile. When the hand row holds more
// tiles than 14 plus its kans, the extra ones are the boxes both models are least sure of: they are left out, but
// only while each is doubtful (a confident tile is never dropped to make the count fit; the row is then kept as it
// is and the count warning stays).
//
// Chosen on the development renders (training-notes/common: devset, devsets, rowsdev, rowsdev-far; 264 rows, none
// with a kan): 3 rows came out with 15 tiles, and in each the extra box had the lowest product of classifier
// probability and localiser peak (0.08, 0.23, 0.32), while 0.9% of the 3,439 true tiles found score below 0.3 and
// 1.8% below 0.4: the count is what makes the rule safe, the line only keeps confident tiles. The real validation
// photos were not used (their rows have 13 or 14 tiles found either way).

export const EXTRA_TILES = {
  /** Tiles of a winning hand without kans. */
  handTiles: 14,
  /** At most this many kans in a hand. */
  maxKans: 4,
  /** A tile is dropped only while classifier probability × localiser peak is below this. */
  dropBelow: 0.5,
};

export type ExtraTilesOptions = typeof EXTRA_TILES;

/** 5m and its red five 0m are one kind for a kan. */
const kindOf = (tile: string) => (tile[0] === '0' ? `5${tile.slice(1)}` : tile);

/**
 * How many kans the row may show: runs of four tiles of one kind side by side, and two backs for each closed kan
 * shown with its ends face down. Also returns the positions in those runs (never dropped).
 */
export function kansInRow(readings: readonly string[], maxKans = EXTRA_TILES.maxKans): { kans: number; inKan: Set<number> } {
  const inKan = new Set<number>();
  let kans = 0;
  for (let i = 0; i + 3 < readings.length; i++) {
    const k = kindOf(readings[i]!);
    if (k !== 'back' && [1, 2, 3].every((d) => kindOf(readings[i + d]!) === k)) {
      for (let d = 0; d < 4; d++) inKan.add(i + d);
      kans++;
      i += 3;
    }
  }
  const backs = readings.filter((t) => t === 'back').length;
  return { kans: Math.min(maxKans, kans + Math.floor(backs / 2)), inKan };
}

/**
 * Positions (ascending) of the tiles to leave out of a row with more tiles than a hand holds, given each tile's
 * reading, classifier probability of that reading and localiser peak. Empty when the row fits.
 */
export function tilesBeyondAHand(readings: readonly string[], scores: readonly number[], detections: readonly number[], options: ExtraTilesOptions = EXTRA_TILES): number[] {
  const { kans, inKan } = kansInRow(readings, options.maxKans);
  const excess = readings.length - (options.handTiles + kans);
  if (excess <= 0) return [];
  const sure = (n: number) => scores[n]! * detections[n]!;
  return readings
    .map((_, n) => n)
    .filter((n) => !inKan.has(n) && sure(n) < options.dropBelow)
    .sort((a, b) => sure(a) - sure(b))
    .slice(0, excess)
    .sort((a, b) => a - b);
}

/** How far (in positions) another back may stand for a back not to be alone: a closed kan's two backs are 3 apart. */
export const LONE_BACK_SPAN = 3;

/**
 * A tile back standing alone is no tile of the hand. A winning hand shows tile backs only in a closed kan, and a
 * closed kan shows two (its ends face down, or its middle two): so a box read as a back with no other back within
 * LONE_BACK_SPAN positions is the localiser's (a gap between two groups showing the tiles' back layer, the table
 * past the row's end, a tile of the row behind). Positions (ascending) of such backs in the row's readings.
 * Measured on the held-out-style renders (src/vision/README.md): of 18 lone backs, 10 were no tile at all, 3 a
 * kan's back whose partner was misread and 5 a face misread as a back.
 */
export function loneTileBacks(readings: readonly string[], span = LONE_BACK_SPAN): number[] {
  const lone: number[] = [];
  readings.forEach((t, i) => {
    if (t !== 'back') return;
    for (let k = Math.max(0, i - span); k <= Math.min(readings.length - 1, i + span); k++) if (k !== i && readings[k] === 'back') return;
    lone.push(i);
  });
  return lone;
}
