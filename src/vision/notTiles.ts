// No tiles where there are none. The localiser has only ever seen photos with tiles in them, so on a photo of a
// cat, a wallpaper or a printed page its heatmap still peaks here and there above the threshold, and the classifier,
// which has no "not a tile" class, reads every such box as some tile. What the models already give tells these boxes
// apart from a row of tiles:
// - a box too small to be a tile at the photo's resolution (damaged images give boxes 2-3 px wide), or not shaped like
//   one, is not a tile (boxTooSmallOrOddlyShaped, applied to every detection before rows are formed);
// - a row of one to three boxes is no hand (a hand shows at least 14 tiles; a photo of dora indicators may show one,
//   and there only one or two unsure boxes are not tiles);
// - a row whose tiles the localiser is unsure of (median peak well below the rows of real photos), or, shorter than a
//   hand, unsure and read by the classifier without conviction, or unsure and mostly
//   doubted by the classifier, or unsure and read as five or more of one kind (no set holds five: coins read as white
//   dragons), or unsure and mostly tile backs (a hand shows two, in a closed kan), or shorter than a hand and read
//   mostly as White dragons (what the classifier reads on any blank light shape: a chart's panels), or shorter than a
//   hand, like no kind of tile and mostly doubted (playing cards), is not a row of tiles (rowLooksLikeNoTiles, applied
//   to the hand row once it is classified); nor is any row of a photo in which the localiser finds hundreds of boxes
//   (a pattern).
// The lines are data (NOT_TILES); chosen on ordinary photos of Debian's wallpaper packages (gnome-backgrounds,
// plasma-workspace-wallpapers), scikit-image's sample photos and synthetic ones (noise, a text page, stripes, a
// damaged photo), against the rows of the development renders, test-images/ and the haitaks-yolo real photos; other
// wallpaper packages are kept apart to check them (training-notes/common/make_no_tiles_photos.mjs,
// src/vision/README.md).

import { DOUBT_PROBABILITY } from './calibration.ts';
import type { Box } from './detect.ts';
import type { RecognitionNote } from './notes.ts';
import { BACK, tileKind, WHITE_DRAGON } from './tiles.ts';

export const NOT_TILES = {
  /** A tile's shorter side is at least this many pixels... */
  minSidePx: 6,
  /** ...and at least this fraction of the photo's longer side (the smallest real tile seen: 0.0135). */
  minSideFraction: 0.008,
  /**
   * Height over width of one box: upright tiles about 1.3, sideways about 0.75; perspective squashes either, and
   * photos resized to a square (the haitaks-yolo real photos) stretch tiles to 5.5: only slivers are left out.
   */
  boxAspect: [0.15, 8] as const,
  /** A row whose median localiser peak is below this is not tiles (rows of real tiles: 0.65 and up, but for close-ups). */
  minRowDetection: 0.5,
  /**
   * Below this median peak, a row shorter than a hand (handSizedRow) must also be read with conviction: median tile
   * probability at least minRowScore. (No photo without tiles gave a hand-sized row but with a median peak below 0.5.)
   */
  unsureRowDetection: 0.7,
  minRowScore: 0.65,
  handSizedRow: 12,
  /**
   * A row of fewer boxes than this is no hand, however sure the models are: a winning hand shows at least 14 tiles, and
   * a reading of one to three is nothing the player can score without entering the rest by hand. (Session 16: the
   * three photos without tiles that still gave tiles gave 1, 2 and 3; of the 218 haitaks-yolo real photos two gave so
   * few, one real tile and three of a hand whose other tiles the localiser missed.)
   */
  minHandRow: 4,
  /**
   * A photo of dora indicators (photoOf 'indicators') may show a single tile, so the line above is off for it; there
   * one or two boxes make a row of tiles only with a median peak of at least fewTilesDetection.
   */
  fewTiles: 2,
  fewTilesDetection: 0.6,
  /**
   * Below this median peak, a row most of whose tiles the classifier doubts (at least `mostlyDoubtful` of them under
   * the doubt line, DOUBT_PROBABILITY) is not tiles: patterned wallpapers and a grey photo of a camera give hand-sized
   * rows so read.
   */
  doubtfulRowDetection: 0.7,
  mostlyDoubtful: 0.6,
  /** Below the same peak, a row shorter than a hand with this share of doubted tiles is not tiles either (coins). */
  shortRowDoubtful: 0.25,
  /**
   * A row of more boxes than any hand holds (14 and a tile per kan), the localiser unsure of them (median peak below
   * longRowDetection), is not tiles (a printed page, whose lines of text come out as rows of blank white dragons).
   */
  /**
   * Below this median peak, a row read as more than maxCopies of one kind (red fives with their plain five; backs are
   * no kind) is not tiles: a set holds four of each. (Session 14: a photo of coins read as six white dragons; on the
   * 218 haitaks-yolo real photos and 500 development renders it never acts. Session 47: for rows of any length, not
   * only those shorter than a hand: screenshots of text gave rows of 15 read as ten or eleven white dragons.)
   */
  copiesRowDetection: 0.7,
  maxCopies: 4,
  /**
   * A row shorter than a hand (handSizedRow) more than this share of which reads as the White dragon is not tiles,
   * however sure the models are: the White dragon is what the classifier reads on any blank light shape (the panels of
   * a chart, the boxes of a screenshot), a set holds four, and a hand shows at least 14 tiles. (Session 47: charts
   * and screenshots read as 5555z at 0.96-0.98.)
   */
  blankRowShare: 0.5,
  /**
   * A row shorter than a hand (handSizedRow) whose boxes look like no kind of tile (the median over the row of each
   * box's likeness, its best cosine to the classifier's class weights, below minTileLikeness) and that the classifier
   * mostly doubts (at least unlikeDoubtful of it under the doubt line) is not tiles, however sure the localiser is
   * (in a photo of a hand; a photo of dora indicators is left alone).
   * (Session 48: playing cards laid in a row, localiser medians 0.70-0.81, row likeness 0.20-0.28. Rows of tiles:
   * 0.30 and up on 318 of 319 development renders (one hand of 14 at 0.27), on the held-out art styles, fonts and
   * Japanese design (0.36 and up for their short rows) and on the real photos but for three short rows of one messy
   * table's photo in haitaks-yolo (0.17-0.28, two of them caught).)
   */
  minTileLikeness: 0.3,
  unlikeDoubtful: 0.5,
  /**
   * Below this median peak, a row of at least minBacksRow boxes more than maxBackShare of which read as tile backs is
   * not a hand: a hand shows backs only in a closed kan, two of its four tiles. (Session 15: a wine glass read as six
   * backs and a 2p; chosen on the check set's one such photo, measured on the development renders and real photos.)
   */
  backsRowDetection: 0.7,
  minBacksRow: 3,
  maxBackShare: 0.5,
  longRow: 18,
  longRowDetection: 0.6,
  /**
   * A photo in which the localiser finds more boxes than this is a texture, not a table (a whole game is 136 tiles):
   * a printed grid gives hundreds of "tile backs".
   */
  maxPhotoBoxes: 300,
};

export type NotTilesOptions = typeof NOT_TILES;

/** What the photo was taken of: a hand (the default), or the dora indicators (one tile or a few). */
export type PhotoOf = 'hand' | 'indicators';

/** Whether a detected box cannot be a tile in a photo of this size (too small, or not shaped like a tile). */
export function boxTooSmallOrOddlyShaped(box: Box, imageWidth: number, imageHeight: number, o: NotTilesOptions = NOT_TILES): boolean {
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const short = Math.min(w, h);
  if (!(short >= o.minSidePx) || short < o.minSideFraction * Math.max(imageWidth, imageHeight)) return true;
  const aspect = h / w;
  return aspect < o.boxAspect[0] || aspect > o.boxAspect[1];
}

function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The most copies of one kind in a reading (a red five counts as its plain five; backs are no kind). */
export function mostCopies(kinds: readonly string[]): { kind: string; copies: number } {
  const counts = new Map<string, number>();
  let best = { kind: '', copies: 0 };
  for (const k of kinds) {
    const kind = tileKind(k);
    if (!kind) continue;
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    if (n > best.copies) best = { kind, copies: n };
  }
  return best;
}

/**
 * Why the hand row is not a row of tiles, or null when it may be one. `detections` are the localiser's peaks of the
 * row's boxes, `scores` the classifier's (calibrated) probability of each box's reading, `photoBoxes` the number of
 * boxes the localiser kept in the whole photo, `kinds` each box's reading (tile codes; none given: not used), `photoOf`
 * what the photo was taken of, `likeness` each box's best cosine to a class weight (none given: not used).
 */
export function rowLooksLikeNoTiles(
  boxes: readonly Box[],
  detections: readonly number[],
  scores: readonly number[],
  photoBoxes = boxes.length,
  o: NotTilesOptions = NOT_TILES,
  kinds: readonly string[] = [],
  photoOf: PhotoOf = 'hand',
  likeness: readonly number[] = [],
): RecognitionNote | null {
  if (boxes.length === 0) return null;
  if (photoBoxes > o.maxPhotoBoxes) return { code: 'PATTERN', params: { boxes: photoBoxes } };
  const det = median(detections);
  const score = median(scores);
  const doubted = scores.filter((s) => s < DOUBT_PROBABILITY).length / scores.length;
  if (photoOf === 'hand' && boxes.length < o.minHandRow) return { code: 'FEW_BOXES', params: { count: boxes.length } };
  if (det < o.minRowDetection) return { code: 'LOCALISER_UNSURE', params: { detection: det } };
  if (boxes.length < o.handSizedRow && det < o.unsureRowDetection && score < o.minRowScore) return { code: 'NEITHER_MODEL_SURE', params: { detection: det, score } };
  if (boxes.length <= o.fewTiles && det < o.fewTilesDetection) return { code: 'FEW_UNSURE_BOXES', params: { count: boxes.length } };
  if (boxes.length > o.longRow && det < o.longRowDetection) return { code: 'LONG_UNSURE_ROW', params: { count: boxes.length } };
  if (det < o.doubtfulRowDetection && (doubted >= o.mostlyDoubtful || (boxes.length < o.handSizedRow && doubted >= o.shortRowDoubtful))) {
    return { code: 'MOSTLY_DOUBTED', params: { detection: det, percent: Math.round(100 * doubted) } };
  }
  if (det < o.copiesRowDetection) {
    const most = mostCopies(kinds);
    if (most.copies > o.maxCopies) return { code: 'TOO_MANY_COPIES', params: { detection: det, copies: most.copies, kind: most.kind } };
  }
  if (boxes.length < o.handSizedRow) {
    const whites = kinds.filter((k) => k === WHITE_DRAGON).length;
    if (whites > o.blankRowShare * boxes.length) return { code: 'MOSTLY_WHITE_DRAGONS', params: { whites, count: boxes.length } };
  }
  // Not for a photo of dora indicators: one or two tiles of a set the classifier reads poorly may look that unlike a
  // tile (the least tile-like of a row of real tiles or renders: 0.15-0.38, median 0.30), and there one box is the whole row.
  if (photoOf === 'hand' && boxes.length < o.handSizedRow && likeness.length && doubted >= o.unlikeDoubtful) {
    const like = median(likeness);
    if (like < o.minTileLikeness) return { code: 'UNLIKE_ANY_TILE', params: { likeness: like, line: o.minTileLikeness, percent: Math.round(100 * doubted) } };
  }
  if (kinds.length >= o.minBacksRow && det < o.backsRowDetection) {
    const backs = kinds.filter((k) => k === BACK).length;
    if (backs > o.maxBackShare * kinds.length) return { code: 'TOO_MANY_BACKS', params: { detection: det, backs, count: kinds.length } };
  }
  return null;
}
