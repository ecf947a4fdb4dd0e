import { describe, expect, it } from 'vitest';
import { borderAgainstFaces, borderIsFaceMaterial, faceBorderBrightness, faceBorderColour, FACE_NOT_BACK, NOT_A_FACE_RATIO, rowEndsNotTileFaces, type Rgb } from '../../src/vision/faces.ts';
import { createPixels } from '../../src/vision/pixels.ts';
import { pixelsImageSource } from '../../src/vision/pipeline.ts';
import { CLASSES, FakeRunner, handPhoto, recognize, SPEC } from './fakeModels.ts';

const MARGINS = { marginX: 0.08, marginY: 0.08 };

/** A 48×64 classifier crop: `outside` in the margins, a `face` border band, dark `ink` filling the middle. */
function tileCrop(face: number | Rgb, ink: number, outside: number, width = 48, height = 64) {
  const faceRgb: Rgb = typeof face === 'number' ? [face, face, face] : face;
  const p = createPixels(width, height, 3);
  const bx0 = (0.08 / 1.16) * width;
  const bx1 = (1.08 / 1.16) * width;
  const by0 = (0.08 / 1.16) * height;
  const by1 = (1.08 / 1.16) * height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = (x + 0.5 - bx0) / (bx1 - bx0);
      const fy = (y + 0.5 - by0) / (by1 - by0);
      const inBox = fx > 0 && fx < 1 && fy > 0 && fy < 1;
      const inInk = fx > 0.2 && fx < 0.8 && fy > 0.2 && fy < 0.8;
      p.data.set(!inBox ? [outside, outside, outside] : inInk ? [ink, ink, ink] : faceRgb, (y * width + x) * 3);
    }
  }
  return p;
}

describe('face border brightness', () => {
  it('reads the plain border of the face, not the engraving inside it nor the margin around the box', () => {
    expect(faceBorderBrightness(tileCrop(230, 20, 40), { turn: 'none' }, MARGINS)).toBe(230);
    // a tile whose engraving covers most of the face (a big circle) still shows its border
    expect(faceBorderBrightness(tileCrop(200, 0, 255), { turn: 'none' }, MARGINS)).toBe(200);
  });

  it('swaps the margins of a crop turned upright (a sideways tile)', () => {
    const crop = tileCrop(220, 10, 30);
    expect(faceBorderBrightness(crop, { turn: 'cw' }, { marginX: 0.08, marginY: 0.08 })).toBe(220);
  });
});

describe('end boxes that are not tile faces', () => {
  const row = [210, 220, 200, 215, 205, 225, 218];

  it('leaves out an end box far darker than the row faces (cloth past the row end)', () => {
    expect(rowEndsNotTileFaces([...row, 50], row.map(() => false).concat(false))).toEqual([7]);
    expect(rowEndsNotTileFaces([45, ...row], [false, ...row.map(() => false)])).toEqual([0]);
  });

  it('keeps a tile in shadow, a dark box read as a back, and dark boxes inside the row', () => {
    expect(rowEndsNotTileFaces([...row, 0.5 * 210], row.map(() => false).concat(false))).toEqual([]);
    expect(rowEndsNotTileFaces([...row, 40], row.map(() => false).concat(true))).toEqual([]);
    const middle = [...row];
    middle[3] = 30;
    expect(rowEndsNotTileFaces(middle, row.map(() => false))).toEqual([]);
  });

  it('judges nothing without four other faces to compare with', () => {
    expect(rowEndsNotTileFaces([200, 210, 205, 30], [false, false, false, false])).toEqual([]);
    expect(rowEndsNotTileFaces([200, 210, 205, 215, 30], [false, false, false, false, false])).toEqual([4]);
    expect(rowEndsNotTileFaces([200, 210, 205, 215, 30], [false, true, false, false, false])).toEqual([]);
  });

  it('draws the line at a third of the row median', () => {
    const at = NOT_A_FACE_RATIO * 210;
    expect(rowEndsNotTileFaces([210, 210, 210, 210, at - 1], [false, false, false, false, false])).toEqual([4]);
    expect(rowEndsNotTileFaces([210, 210, 210, 210, at + 1], [false, false, false, false, false])).toEqual([]);
  });

  it('in the pipeline: a box found on dark cloth just past the hand row is not read as a tile', async () => {
    const hand = ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '1z', '7z', '7z'].map((c) => CLASSES.indexOf(c));
    const photo = handPhoto(hand);
    const last = photo.tiles[photo.tiles.length - 1]!.box;
    const cloth: [number, number, number, number] = [last[2] + 4, last[1], last[2] + 4 + (last[2] - last[0]), last[3]];
    for (let y = Math.round(cloth[1]) - 8; y < Math.round(cloth[3]) + 8; y++) {
      for (let x = Math.round(cloth[0]) - 6; x < Math.round(cloth[2]) + 6; x++) photo.pixels.data.set([12, 14, 30], (y * photo.width + x) * 3);
    }
    const boxes = [...photo.tiles.map((t) => t.box), cloth];
    const r = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC, { includeEmbeddings: true });
    expect(r.hand).toBe('123m456p789s11177z');
    expect(r.tiles).toHaveLength(14);
    expect(r.embeddings).toHaveLength(14);
    expect(r.tiles.every((t) => t.group === 0)).toBe(true);
  });
});

describe('a box read as a tile back, against the row\'s faces', () => {
  const ivory: Rgb = [236, 230, 214];
  const row: Rgb[] = [ivory, [230, 224, 208], [240, 233, 219], [233, 228, 211], [238, 231, 216]];

  it('reads the colour of the border band, not the engraving nor the margin', () => {
    expect(faceBorderColour(tileCrop([236, 230, 214], 20, 40), { turn: 'none' }, MARGINS)).toEqual([236, 230, 214]);
    expect(faceBorderColour(tileCrop([30, 60, 160], 30, 240), { turn: 'none' }, MARGINS)).toEqual([30, 60, 160]);
  });

  it('compares its brightness and chromaticity with the median of the faces (backs and itself left out)', () => {
    const same = borderAgainstFaces([...row, [235, 229, 213]], [...row.map(() => false), true], 5)!;
    expect(same.brightness).toBeCloseTo(1, 1);
    expect(same.chroma).toBeLessThan(0.01);
    // a blue back, a yellow back: another colour, whatever their brightness
    const blue = borderAgainstFaces([...row, [40, 80, 170]], [...row.map(() => false), true], 5)!;
    expect(blue.chroma).toBeGreaterThan(0.2);
    const yellow = borderAgainstFaces([...row, [240, 205, 90]], [...row.map(() => false), true], 5)!;
    expect(yellow.brightness).toBeGreaterThan(0.75);
    expect(yellow.chroma).toBeGreaterThan(FACE_NOT_BACK.maxChroma);
    // other backs are no faces to compare with; fewer than four faces: nothing judged
    expect(borderAgainstFaces([...row.slice(0, 3), [40, 80, 170], ivory], [false, false, false, true, true], 4)).toBeNull();
  });

  it('calls it face material only as bright as the faces and the same colour', () => {
    expect(borderIsFaceMaterial({ brightness: 1.0, chroma: 0.005 })).toBe(true);
    expect(borderIsFaceMaterial({ brightness: 0.92, chroma: 0.01 })).toBe(false); // darker: a gap, a shadowed side
    expect(borderIsFaceMaterial({ brightness: 1.2, chroma: 0.01 })).toBe(false); // brighter: a white table past the row
    expect(borderIsFaceMaterial({ brightness: 1.0, chroma: 0.05 })).toBe(false); // a pale back colour
    expect(borderIsFaceMaterial(null)).toBe(false);
  });
});
