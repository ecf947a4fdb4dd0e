// A row of tiles that runs up and down the photo: taken from the side of the table, or a photo whose orientation was
// lost on the way (a screenshot, an editor that drops EXIF). The localiser and the row rules look for a row across
// the photo, and such a photo gave "no tiles found". When nothing is found as shown, the pipeline reads the photo
// again seen turned a quarter one way (turnedView.ts) and, when that finds tiles, the other way; it keeps the surer of
// the readings that hold (the one whose tiles stand upright; telling an upside-down row by its tiles alone, as
// orientation.ts must for a row alone, is weaker on sets never seen) and maps what it found back onto the photo.
// The rules here decide which readings of a turned view are taken, for the quarter turns and for levelRow.ts.
import { mostCopies } from './notTiles.ts';
import type { RecognitionResult } from './pipeline.ts';
import { BACK, WHITE_DRAGON } from './tiles.ts';

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
  const blank = result.tiles.filter((t) => t.tile === BACK || t.tile === WHITE_DRAGON).length;
  const fifthCopy = mostCopies(result.tiles.map((t) => t.tile)).copies > 4;
  return n >= QUARTER_TURN_MIN_TILES && blank <= QUARTER_TURN_MAX_BLANK * n && !fifthCopy;
}

/** The two quarter turns (radians, clockwise), in the order they are read. */
export const QUARTER_TURNS: readonly number[] = [Math.PI / 2, -Math.PI / 2];
