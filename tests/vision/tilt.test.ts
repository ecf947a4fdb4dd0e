// A hand row photographed with the phone at a slant (src/vision/tilt.ts): the row's angle, the tiles' own angle
// from their edges, the tilted crop, and the committed models reading a test image turned by 20 degrees.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { cropRequest, requestBounds } from '../../src/vision/classify.ts';
import type { Box } from '../../src/vision/detect.ts';
import type { ClassifierSpec } from '../../src/vision/modelSpec.ts';
import { createPixels, resampleRegion, type Pixels } from '../../src/vision/pixels.ts';
import { deskewAngle, deskewedSize, MIN_DESKEW_ANGLE, rowTilt, tileEdgeTilt } from '../../src/vision/tilt.ts';
import { haveModels, useCommittedRecognizer } from './committedModels.ts';

const deg = (d: number) => (d * Math.PI) / 180;

/** The upright bounding box of a w × h rectangle centred at (cx, cy), turned by `angle`. */
function boundingBox(cx: number, cy: number, w: number, h: number, angle: number): Box {
  const c = Math.abs(Math.cos(angle));
  const s = Math.abs(Math.sin(angle));
  const bw = w * c + h * s;
  const bh = w * s + h * c;
  return [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2];
}

/** A row of `n` touching w × h tiles along a line at `angle` through (x0, y0). */
function tiltedRow(n: number, w: number, h: number, angle: number, x0 = 100, y0 = 300): Box[] {
  return Array.from({ length: n }, (_, i) => boundingBox(x0 + i * w * Math.cos(angle), y0 + i * w * Math.sin(angle), w, h, angle));
}

/** Grey picture of upright bars (soft-edged, every 16 px, as a camera blurs them) turned by `angle`. */
function bars(width: number, height: number, angle: number): Pixels {
  const p = createPixels(width, height, 3);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The coordinate across the bars in the turned frame.
      const u = (x - width / 2) * c + (y - height / 2) * s;
      const v = Math.round(130 + 90 * Math.cos((2 * Math.PI * u) / 16));
      p.data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return p;
}

describe('the row angle', () => {
  it('is the line through the boxes, either way round', () => {
    expect(rowTilt(tiltedRow(14, 60, 80, deg(20)))).toBeCloseTo(deg(20), 3);
    expect(rowTilt(tiltedRow(14, 60, 80, deg(-12)))).toBeCloseTo(deg(-12), 3);
    expect(rowTilt(tiltedRow(14, 60, 80, 0))).toBeCloseTo(0, 6);
  });

  it('is not pulled by a box far off the line (a called tile lower, another row linked in)', () => {
    const row = tiltedRow(13, 60, 80, deg(15));
    row.push([row[12]![0] + 60, row[12]![1] + 200, row[12]![2] + 60, row[12]![3] + 200]);
    expect(rowTilt(row)).toBeCloseTo(deg(15), 1);
  });

  it('is 0 for fewer than four boxes', () => {
    expect(rowTilt(tiltedRow(3, 60, 80, deg(20)))).toBe(0);
  });

  it('deskews only between the two limits', () => {
    expect(deskewAngle(MIN_DESKEW_ANGLE / 2)).toBe(0);
    expect(deskewAngle(deg(20))).toBe(deg(20));
    expect(deskewAngle(deg(-20))).toBe(deg(-20));
    expect(deskewAngle(deg(60))).toBe(0);
  });
});

describe("a tilted tile's own size", () => {
  it('is solved from its bounding box', () => {
    for (const a of [5, 20, 30, -25]) {
      const size = deskewedSize(boundingBox(0, 0, 60, 80, deg(a)), deg(a));
      expect(size.width).toBeCloseTo(60, 6);
      expect(size.height).toBeCloseTo(80, 6);
    }
  });

  it('is solved past 45 degrees too, up to a quarter turn (a row read levelled or turned a quarter)', () => {
    for (const a of [60, -70, 90, -90]) {
      const size = deskewedSize(boundingBox(0, 0, 60, 80, deg(a)), deg(a));
      expect(size.width).toBeCloseTo(60, 6);
      expect(size.height).toBeCloseTo(80, 6);
    }
  });

  it('stays positive near 45 degrees, where the box no longer tells', () => {
    const size = deskewedSize(boundingBox(0, 0, 60, 80, deg(44)), deg(44));
    expect(size.width).toBeGreaterThan(30);
    expect(size.height).toBeGreaterThan(size.width);
  });
});

describe("the tiles' own angle, from their edges", () => {
  it('is the angle of upright edges turned with the phone', () => {
    expect(tileEdgeTilt(bars(300, 60, deg(18)), deg(17))).toBeCloseTo(deg(18), 1);
    expect(tileEdgeTilt(bars(300, 60, deg(-25)), deg(-20))).toBeCloseTo(deg(-25), 1);
  });

  it("counts only the row's own boxes when given them (another row, the rack or the table have edges too)", () => {
    // Left half: bars turned 18 degrees (the row's tiles); right half: upright bars (something else in the picture).
    const picture = bars(300, 60, deg(18));
    const other = bars(300, 60, 0);
    for (let y = 0; y < 60; y++) picture.data.set(other.data.subarray((y * 300 + 150) * 3, (y * 300 + 300) * 3), (y * 300 + 150) * 3);
    const tiles: Box[] = [[0, 0, 50, 60], [50, 0, 100, 60], [100, 0, 150, 60]];
    expect(tileEdgeTilt(picture, deg(10), tiles)).toBeCloseTo(deg(18), 1);
    expect(Math.abs(tileEdgeTilt(picture, deg(10), [[150, 0, 300, 60]]))).toBeLessThanOrEqual(deg(1));
  });

  it('is upright when only the row slants (a row running away from the camera)', () => {
    expect(Math.abs(tileEdgeTilt(bars(300, 60, 0), deg(-10)))).toBeLessThanOrEqual(deg(1));
  });
});

const spec = { width: 48, height: 64, marginX: 0.08, marginY: 0.08, landscapeRatio: 1.15, rotateLandscape: 'cw', fit: 'stretch' } as unknown as ClassifierSpec;

describe('a tilted crop', () => {
  it("is the tile's own rectangle with its margins, turned about the box's centre", () => {
    const box = boundingBox(200, 150, 60, 80, deg(20));
    const r = cropRequest(box, spec, 400, 300, deg(20));
    expect(r.angle).toBeCloseTo(deg(20), 9);
    expect(r.rect.x1 - r.rect.x0).toBeCloseTo(60 * 1.16, 6);
    expect(r.rect.y1 - r.rect.y0).toBeCloseTo(80 * 1.16, 6);
    expect((r.rect.x0 + r.rect.x1) / 2).toBeCloseTo(200, 6);
    // What it reads covers the turned rectangle, which is larger than the box with margins.
    const b = requestBounds(r);
    expect(b.x1 - b.x0).toBeGreaterThan((box[2] - box[0]) * 1.1);
    // No angle: the plain box, as before.
    expect(cropRequest(box, spec, 400, 300).angle).toBeUndefined();
  });

  it('samples the photo turned back: bars turned by 20 degrees come out upright', () => {
    const photo = bars(200, 200, deg(20));
    const rect = { x0: 60, y0: 60, x1: 140, y1: 140 };
    const upright = resampleRegion(photo, rect, 40, 40, 'none', deg(20));
    // Every column of the upright crop is one shade (a bar or a gap); read plain, the columns mix both.
    const columnSpread = (p: Pixels) => {
      let worst = 0;
      for (let x = 2; x < p.width - 2; x++) {
        let lo = 255, hi = 0;
        for (let y = 4; y < p.height - 4; y++) {
          const v = p.data[(y * p.width + x) * 3]!;
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
        worst = Math.max(worst, hi - lo);
      }
      return worst;
    };
    expect(columnSpread(upright)).toBeLessThan(60);
    expect(columnSpread(resampleRegion(photo, rect, 40, 40))).toBeGreaterThan(150);
  });
});

describe.skipIf(!haveModels)('the committed models on a photo taken at a slant', () => {
  const recognizer = useCommittedRecognizer();

  // Cut as plain boxes (deskew: false, the reading before tilt.ts) these two read 87m11p1s1p133456z8m1s and
  // 111z23466667877m: a row turned by 20 degrees in each has its tiles tilted by about 25.
  it.each([
    ['hand03_kokushi.jpg', '19m19p19s12345677z'],
    ['hand04_honitsu.jpg', '111z23455567899m'],
  ])('read test-images/%s turned by 20 degrees as the hand it is', async (name, hand) => {
    const bytes = await sharp(new URL(`../../test-images/${name}`, import.meta.url).pathname)
      .rotate(20, { background: { r: 90, g: 110, b: 90 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const image = await openImage(new Uint8Array(bytes), { name });
    const result = await recognizer().recognize(image);
    expect(result.hand).toBe(hand);
  }, 60_000);

  // Steeper than about 25 degrees the localiser misses tiles and the row splits; the row is then read from the photo
  // seen turned to stand it level (levelRow.ts). Read without it (levelRow: false), these three gave 111z234555m
  // (9 tiles), 11m44p77s2255z (10) and 14 tiles of which 2 right, read upside down.
  it.each([
    ['hand04_honitsu.jpg', 35, '111z23455567899m'],
    ['hand02_chiitoitsu.jpg', 35, '11m44p77s225566z99s'],
    ['hand03_kokushi.jpg', -50, '19m19p19s12345677z'],
  ])('read test-images/%s turned by %i degrees, the row levelled', async (name, degrees, hand) => {
    const bytes = await sharp(new URL(`../../test-images/${name}`, import.meta.url).pathname)
      .rotate(degrees, { background: { r: 90, g: 110, b: 90 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const image = await openImage(new Uint8Array(bytes), { name });
    const result = await recognizer().recognize(image);
    expect(result.hand).toBe(hand);
    expect(result.notes.map((n) => n.code)).toContain('ROW_LEVELLED');
    // The tiles stand at about the photo's turn, and their boxes lie along a line at that angle.
    expect(Math.abs(result.tilt! - deg(degrees))).toBeLessThan(deg(8));
    expect(Math.abs(rowTilt(result.tiles.map((t) => t.box)) - deg(degrees))).toBeLessThan(deg(8));
  }, 60_000);
});
