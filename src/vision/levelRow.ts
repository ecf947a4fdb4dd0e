// A hand row photographed at a steep slant (the phone held at 30-60 degrees, a photo taken from a corner of the
// table). Below about 20 degrees the row is read as shown and each tile is cut as the tilted rectangle it is
// (tilt.ts). Steeper than that, the localiser finds the tiles poorly (their upright boxes overlap and merge), the
// row rules split the row, and the tilt measured from the tiles' edges falls short. So when the first reading's row
// runs steeply, the photo is read again turned by the row's angle, which stands the row level, and the reading that
// holds more of the hand is kept, its boxes mapped back onto the photo as shown.
import { rowTilt } from './tilt.ts';
import { meanTileScore, turnedReadingHolds } from './quarterTurn.ts';
import type { Box } from './detect.ts';
import type { RecognitionNote } from './notes.ts';
import type { RecognitionResult } from './pipeline.ts';

/** A row steeper than this (radians) is read again levelled (chosen on the development renders). */
export const LEVEL_MIN_ANGLE = (20 * Math.PI) / 180;
/** Past this the row runs up and down the photo: the quarter turns (quarterTurn.ts) read it. */
export const LEVEL_MAX_ANGLE = (70 * Math.PI) / 180;

/**
 * When nothing is found as shown nor turned a quarter, the photo is read at these angles too (radians): a row at
 * 25-65 degrees, which the localiser misses as shown, lies within 20 degrees of level in one of them.
 */
export const LEVEL_PROBE_ANGLES: readonly number[] = [Math.PI / 4, -Math.PI / 4];

/** The note of a reading levelled by `angle` (radians). */
export function levelledNote(angle: number): RecognitionNote {
  return { code: 'ROW_LEVELLED', params: { degrees: Math.round((Math.abs(angle) * 180) / Math.PI) } };
}

/**
 * The angle (radians, clockwise, y down) by which a reading's hand row runs, when it is steep enough to read again
 * levelled; null otherwise. The row's line (rowTilt over its tiles' boxes), not the tiles' own edges: past 30
 * degrees the upright boxes of tilted tiles no longer say where each tile's edges are.
 */
export function steepRowAngle(result: RecognitionResult): number | null {
  return steepAngleOf(result.tiles.map((t) => t.box));
}

/** The angle by which a row of boxes runs, when it is steep enough to read again levelled; null otherwise. */
export function steepAngleOf(boxes: readonly Box[]): number | null {
  const line = rowTilt(boxes);
  return Math.abs(line) >= LEVEL_MIN_ANGLE && Math.abs(line) <= LEVEL_MAX_ANGLE ? line : null;
}

/**
 * Whether the levelled reading replaces the one as shown: it holds (enough tiles, not mostly blanks, no fifth copy;
 * quarterTurn.ts) and reads more tiles of the hand, or as many and surer.
 */
export function levelledReadingIsBetter(levelled: RecognitionResult, asShown: RecognitionResult): boolean {
  if (!turnedReadingHolds(levelled)) return false;
  const n = Math.min(levelled.tiles.length, 14);
  const m = Math.min(asShown.tiles.length, 14);
  return n > m || (n === m && meanTileScore(levelled) > meanTileScore(asShown));
}
