// Is a box at the end of the hand row a tile at all? The localiser judges one box at a time, and on a dark,
// patterned cloth it sometimes finds a "tile" just past the row's end, which the classifier (it has no
// "not a tile" class) then reads as some tile. What every tile of a set shares is its face: the plain
// border around the engraving is the same material as its neighbours'. Backs are the exception (their
// colour is the set's back colour), so tiles read as backs are never judged.
//
// The border is sampled from the classifier's own crops, so the browser and Node judge the same pixels.

import type { CropRequest } from './classify.ts';
import type { ClassifierSpec } from './modelSpec.ts';
import type { Pixels } from './pixels.ts';
import { median } from './rows.ts';

/**
 * An end tile whose face border is darker than this fraction of the row's median border is not a tile face.
 * Why a third: light falling across a row rarely darkens one tile's face below half of its neighbours'
 * (measured with the committed models: the darkest true tile's border was 0.41 of its row's median, over
 * 2,135 tiles of the development renders, whose lighting is randomised harder than a table's, and 0.59
 * over 505 tiles of the haitaks real photos), while a cloth or table seen through a false box is a
 * different, darker material.
 */
export const NOT_A_FACE_RATIO = 1 / 3;

/** The face border, as fractions of the box inward from each edge: past the box edge, short of the engraving. */
const BORDER_OUTER = 0.06;
const BORDER_INNER = 0.18;

/**
 * Median brightness ((r + g + b) / 3) of the border band of the tile in a classifier crop: the band between
 * BORDER_OUTER and BORDER_INNER of the box, inward from its edges. The crop holds the box plus the
 * classifier's margins (turned upright for a sideways tile, which swaps the margins' axes).
 */
export function faceBorderBrightness(crop: Pixels, request: Pick<CropRequest, 'turn'>, spec: Pick<ClassifierSpec, 'marginX' | 'marginY'>): number {
  const turned = request.turn !== 'none';
  const mx = turned ? spec.marginY : spec.marginX;
  const my = turned ? spec.marginX : spec.marginY;
  const { width: W, height: H, data, channels: ch } = crop;
  // Box edges inside the crop, in crop pixels.
  const bx0 = (mx / (1 + 2 * mx)) * W;
  const bx1 = ((1 + mx) / (1 + 2 * mx)) * W;
  const by0 = (my / (1 + 2 * my)) * H;
  const by1 = ((1 + my) / (1 + 2 * my)) * H;
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  const values: number[] = [];
  for (let y = 0; y < H; y++) {
    const fy = (y + 0.5 - by0) / bh;
    if (fy <= BORDER_OUTER || fy >= 1 - BORDER_OUTER) continue;
    const innerY = fy > BORDER_INNER && fy < 1 - BORDER_INNER;
    for (let x = 0; x < W; x++) {
      const fx = (x + 0.5 - bx0) / bw;
      if (fx <= BORDER_OUTER || fx >= 1 - BORDER_OUTER) continue;
      if (innerY && fx > BORDER_INNER && fx < 1 - BORDER_INNER) continue;
      const o = (y * W + x) * ch;
      values.push((data[o]! + data[o + 1]! + data[o + 2]!) / 3);
    }
  }
  // No border pixels (a crop too small to have one): unknown, which no comparison finds dark.
  return values.length ? median(values) : NaN;
}

/**
 * Indices (0 and/or the last) of end tiles of a row that are not tile faces: not read as a back, and with a
 * face border darker than `ratio` of the median border of the row's other tiles read as faces. Needs at
 * least four such other tiles to know what the set's faces look like; otherwise nothing is judged.
 */
export function rowEndsNotTileFaces(borderBrightness: readonly number[], isBack: readonly boolean[], ratio = NOT_A_FACE_RATIO): number[] {
  const n = borderBrightness.length;
  const ends = n > 1 ? [0, n - 1] : [];
  return ends.filter((end) => {
    if (isBack[end]) return false;
    const others = borderBrightness.filter((_, k) => k !== end && !isBack[k]);
    if (others.length < 4) return false;
    return borderBrightness[end]! < ratio * median(others);
  });
}
