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

/** A colour: red, green, blue (0-255). */
export type Rgb = readonly [number, number, number];

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
 * The pixels (offsets into `crop.data`) of the border band of the tile in a classifier crop: the band between
 * BORDER_OUTER and BORDER_INNER of the box, inward from its edges. The crop holds the box plus the classifier's
 * margins (turned upright for a sideways tile, which swaps the margins' axes).
 */
function borderPixels(crop: Pixels, request: Pick<CropRequest, 'turn'>, spec: Pick<ClassifierSpec, 'marginX' | 'marginY'>): number[] {
  const turned = request.turn !== 'none';
  const mx = turned ? spec.marginY : spec.marginX;
  const my = turned ? spec.marginX : spec.marginY;
  const { width: W, height: H, channels: ch } = crop;
  // Box edges inside the crop, in crop pixels.
  const bx0 = (mx / (1 + 2 * mx)) * W;
  const bx1 = ((1 + mx) / (1 + 2 * mx)) * W;
  const by0 = (my / (1 + 2 * my)) * H;
  const by1 = ((1 + my) / (1 + 2 * my)) * H;
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  const offsets: number[] = [];
  for (let y = 0; y < H; y++) {
    const fy = (y + 0.5 - by0) / bh;
    if (fy <= BORDER_OUTER || fy >= 1 - BORDER_OUTER) continue;
    const innerY = fy > BORDER_INNER && fy < 1 - BORDER_INNER;
    for (let x = 0; x < W; x++) {
      const fx = (x + 0.5 - bx0) / bw;
      if (fx <= BORDER_OUTER || fx >= 1 - BORDER_OUTER) continue;
      if (innerY && fx > BORDER_INNER && fx < 1 - BORDER_INNER) continue;
      offsets.push((y * W + x) * ch);
    }
  }
  return offsets;
}

/** Median brightness ((r + g + b) / 3) of the border band of the tile in a classifier crop (borderPixels). */
export function faceBorderBrightness(crop: Pixels, request: Pick<CropRequest, 'turn'>, spec: Pick<ClassifierSpec, 'marginX' | 'marginY'>): number {
  const { data } = crop;
  const values = borderPixels(crop, request, spec).map((o) => (data[o]! + data[o + 1]! + data[o + 2]!) / 3);
  // No border pixels (a crop too small to have one): unknown, which no comparison finds dark.
  return values.length ? median(values) : NaN;
}

/** Median red, green and blue of the border band of the tile in a classifier crop (borderPixels); NaNs without one. */
export function faceBorderColour(crop: Pixels, request: Pick<CropRequest, 'turn'>, spec: Pick<ClassifierSpec, 'marginX' | 'marginY'>): Rgb {
  const { data } = crop;
  const offsets = borderPixels(crop, request, spec);
  if (!offsets.length) return [NaN, NaN, NaN];
  return [0, 1, 2].map((c) => median(offsets.map((o) => data[o + c]!))) as unknown as Rgb;
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

/**
 * How a tile's face border compares with the row's faces (each channel's median over the tiles not read as
 * backs): its brightness as a fraction of theirs, and the distance between the two colours' chromaticities
 * (r, g, b over r + g + b). Null without four such tiles to compare with, or without a border.
 */
export function borderAgainstFaces(colours: readonly Rgb[], isBack: readonly boolean[], index: number): { brightness: number; chroma: number } | null {
  const faces = colours.filter((c, k) => k !== index && !isBack[k] && c.every(Number.isFinite));
  const own = colours[index]!;
  if (faces.length < 4 || !own.every(Number.isFinite)) return null;
  const row = [0, 1, 2].map((c) => median(faces.map((f) => f[c]!)));
  const sum = own[0] + own[1] + own[2];
  const rowSum = row[0]! + row[1]! + row[2]!;
  if (!(sum > 0) || !(rowSum > 0)) return null;
  const chroma = Math.hypot(own[0] / sum - row[0]! / rowSum, own[1] / sum - row[1]! / rowSum, own[2] / sum - row[2]! / rowSum);
  return { brightness: sum / rowSum, chroma };
}

/**
 * A box read as a tile back is a tile face when its border is the row's face material: as bright, and the same
 * colour. A back shows the set's back colour (blue, green, yellow, orange...), while a blank white dragon, the face
 * most often taken for a back, is the colour of its neighbours' faces. Used only on backs the lone-back rule would
 * leave out (extraTiles.ts loneTileBacks): a closed kan's two backs are never judged, and the worst a wrong call
 * does is keep a doubtful tile the player deletes, where the right one keeps a tile the player would have to add.
 *
 * Chosen (session 42) on the lone backs of every labelled development render set and the haitaks-yolo real photos
 * (79 lone backs, measured on the classifier's crops): the 2 blank white dragons read as backs on a face-coloured
 * border had brightness 0.98 and 1.04 of the row's faces and chromaticity 0.006 and 0.000 from theirs; of 66 boxes
 * that were no tile, none had brightness 0.95-1.15 with chromaticity under 0.03 (nearest: 0.92 / 0.011 and 1.19 /
 * 0.098); no true back did either (all from 0.08; over the 122 true backs of those sets, read on the photo's own
 * pixels, none under 0.041). The third white dragon read as a lone back (border 0.85 / 0.151, its box off the tile)
 * stays left out. Thin margins on few cases: a weak signal.
 */
export const FACE_NOT_BACK = { minBrightness: 0.95, maxBrightness: 1.15, maxChroma: 0.03 };

/** Whether a border compared with the row's faces (borderAgainstFaces) is the faces' material (FACE_NOT_BACK). */
export function borderIsFaceMaterial(against: { brightness: number; chroma: number } | null, limits = FACE_NOT_BACK): boolean {
  return !!against && against.brightness >= limits.minBrightness && against.brightness <= limits.maxBrightness && against.chroma <= limits.maxChroma;
}
