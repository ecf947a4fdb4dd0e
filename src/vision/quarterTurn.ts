// A row of tiles that runs up and down the photo: taken from the side of the table, or a photo whose orientation was
// lost on the way (a screenshot, an editor that drops EXIF). The localiser and the row rules look for a row across
// the photo, and such a photo gave "no tiles found". When nothing is found as shown, the pipeline reads the photo
// again turned a quarter clockwise and, when that finds tiles, counter-clockwise; it keeps the surer of the readings
// that hold (the one whose tiles stand upright; telling an upside-down row by its tiles alone, as orientation.ts must
// for a row alone, is weaker on sets never seen) and maps what it found back onto the photo as shown.
import type { Box } from './detect.ts';
import type { RecognitionNote } from './notes.ts';
import { rotateQuarter, type Pixels } from './pixels.ts';
import { mostCopies } from './notTiles.ts';
import type { ImageSource, RecognitionResult } from './pipeline.ts';

/** Fewer tiles than this in the turned reading: it is no hand either, and the reading as shown stands. */
export const QUARTER_TURN_MIN_TILES = 5;
/**
 * More of the turned reading's tiles than this share being tile backs or blank white dragons: what a pattern or a
 * plain surface reads as, not a hand (chosen on the photos without tiles of no-tiles-tune, where two turned
 * readings were 60% and more of them; a hand with three white dragons and a closed kan's two backs is 36%).
 */
export const QUARTER_TURN_MAX_BLANK = 0.4;

/** Mean probability of a reading's tiles: of the two quarter turns, the one that stands the tiles upright reads surer. */
export function meanTileScore(result: RecognitionResult): number {
  return result.tiles.reduce((sum, t) => sum + t.score, 0) / Math.max(1, result.tiles.length);
}

/**
 * Whether a reading of the photo turned a quarter is taken: enough tiles, not mostly backs and blanks, and no kind
 * more than four times (a set has four; a repeating pattern read turned gave eleven 2s on a photo of no-tiles-check).
 */
export function turnedReadingHolds(result: RecognitionResult): boolean {
  const n = result.tiles.length;
  const blank = result.tiles.filter((t) => t.tile === 'back' || t.tile === '5z').length;
  const fifthCopy = mostCopies(result.tiles.map((t) => t.tile)).copies > 4;
  return n >= QUARTER_TURN_MIN_TILES && blank <= QUARTER_TURN_MAX_BLANK * n && !fifthCopy;
}

/**
 * The turned copy is made at most this many pixels on its long side: tiles stay several times the classifier's input
 * (a 12 MP photo's hand tiles are 150-300 px wide), and a turned copy of a 12 MP photo would cost 36 MB more.
 */
export const QUARTER_TURN_MAX_SIDE = 2400;

export interface QuarterTurned {
  /** The photo turned a quarter (at most QUARTER_TURN_MAX_SIDE on its long side), for the pipeline to read. */
  pixels: Pixels;
  /** A reading of `pixels` with its boxes on the photo as shown, and a note that it was read turned. */
  back(result: RecognitionResult): RecognitionResult;
}

/**
 * The photo's two quarter turns, each with the way back: the photo is resized once (at most QUARTER_TURN_MAX_SIDE
 * on its long side), and each turn is a turned copy of those pixels.
 */
export async function quarterTurns(photo: ImageSource): Promise<(turn: 'cw' | 'ccw') => QuarterTurned> {
  const scale = Math.min(1, QUARTER_TURN_MAX_SIDE / Math.max(photo.width, photo.height));
  const w = Math.max(1, Math.round(photo.width * scale));
  const h = Math.max(1, Math.round(photo.height * scale));
  const shown = await photo.resize(w, h);
  return (turn) => quarterTurned(photo, shown, turn);
}

/** `shown` (the photo resized) turned a quarter, clockwise or counter-clockwise, and the way back to `photo`. */
function quarterTurned(photo: ImageSource, shown: Pixels, turn: 'cw' | 'ccw'): QuarterTurned {
  const { width: w, height: h } = shown;
  const pixels = rotateQuarter(shown, turn);
  // A point (x, y) of the copy turned clockwise is (y, h − x) of the copy as shown, and of one turned
  // counter-clockwise (w − y, x); then scaled back on each axis (rounding w and h makes the two scales differ a little).
  const sx = w / photo.width;
  const sy = h / photo.height;
  const toShown = (b: Box): Box => {
    const [x0, y0, x1, y1] = b;
    return turn === 'cw' ? [y0 / sx, (h - x1) / sy, y1 / sx, (h - x0) / sy] : [(w - y1) / sx, x0 / sy, (w - y0) / sx, x1 / sy];
  };
  const note: RecognitionNote = { code: 'QUARTER_TURNED', params: {} };
  return {
    pixels,
    back: (r) => ({
      ...r,
      width: photo.width,
      height: photo.height,
      tiles: r.tiles.map((t) => ({ ...t, box: toShown(t.box) })),
      otherBoxes: r.otherBoxes.map(toShown),
      tileSizedGaps: r.tileSizedGaps.map((g) => ({ ...g, box: toShown(g.box) })),
      extraBoxes: r.extraBoxes.map(toShown),
      loneBacks: r.loneBacks.map(toShown),
      notes: [note, ...r.notes],
      // The tiles were cut in the turned copy; on the photo as shown they lie sideways, and a tile the player adds
      // there is cut as any sideways box is (classify.ts, rotateLandscape), not at the copy's angle.
      tilt: undefined,
    }),
  };
}
