import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { findAnnotationBoxes, paintOut, withoutOverlays } from '../../src/vision/overlays.ts';
import { createPixels, type Pixels } from '../../src/vision/pixels.ts';
import { haveModels, useCommittedRecognizer } from './committedModels.ts';

type RGB = [number, number, number];

function fillRect(px: Pixels, x0: number, y0: number, x1: number, y1: number, c: RGB): void {
  for (let y = Math.max(0, y0); y < Math.min(px.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(px.width, x1); x++) {
      const i = (y * px.width + x) * px.channels;
      px.data[i] = c[0];
      px.data[i + 1] = c[1];
      px.data[i + 2] = c[2];
    }
  }
}

function strokeRect(px: Pixels, x0: number, y0: number, x1: number, y1: number, t: number, c: RGB): void {
  fillRect(px, x0, y0, x1, y0 + t, c);
  fillRect(px, x0, y1 - t, x1, y1, c);
  fillRect(px, x0, y0, x0 + t, y1, c);
  fillRect(px, x1 - t, y0, x1, y1, c);
}

const TABLE: RGB = [40, 110, 60];
const FACE: RGB = [235, 230, 215];
const TILE_W = 60;
const TILE_H = 80;

/** A row of 8 tiles on a green table: cream faces, a blue band under each (the back layer), red and green ink. */
function rowPicture(): Pixels {
  const px = createPixels(8 * TILE_W + 100, TILE_H + 120, 3);
  fillRect(px, 0, 0, px.width, px.height, TABLE);
  for (let k = 0; k < 8; k++) {
    const x0 = 50 + k * TILE_W;
    fillRect(px, x0 + 1, 60, x0 + TILE_W - 1, 60 + TILE_H, FACE);
    fillRect(px, x0 + 1, 60 + TILE_H, x0 + TILE_W - 1, 60 + TILE_H + 12, [30, 60, 200]);
    // ink: a red horizontal stroke (a character's), green vertical sticks (bamboo)
    fillRect(px, x0 + 12, 80, x0 + 48, 84, [200, 30, 30]);
    for (let s = 0; s < 3; s++) fillRect(px, x0 + 15 + 12 * s, 95, x0 + 18 + 12 * s, 125, [20, 150, 40]);
  }
  return px;
}

function annotate(px: Pixels, colour: RGB): void {
  for (let k = 0; k < 8; k++) {
    const x0 = 50 + k * TILE_W;
    strokeRect(px, x0 - 1, 58, x0 + TILE_W + 1, 62 + TILE_H, 3, colour);
    fillRect(px, x0 - 1, 44, x0 + 30, 58, colour); // a tag standing on the box
  }
}

const at = (px: Pixels, x: number, y: number) => Array.from(px.data.subarray((y * px.width + x) * 3, (y * px.width + x) * 3 + 3));

describe('annotation boxes drawn over a photo (overlays.ts)', () => {
  it('finds none in a row of tiles with coloured ink, bands and table', () => {
    expect(findAnnotationBoxes(rowPicture(), TILE_W, TILE_H)).toBeNull();
  });

  it('finds the drawn boxes and their tags, and none of the tiles\' ink', () => {
    const px = rowPicture();
    annotate(px, [255, 0, 200]);
    const found = findAnnotationBoxes(px, TILE_W, TILE_H)!;
    expect(found).not.toBeNull();
    expect(found.boxes).toBeGreaterThanOrEqual(6);
    const masked = (x: number, y: number) => found.mask[y * px.width + x]! > 0;
    // a box's top line, side and bottom; its tag
    expect(masked(50 + 2 * TILE_W + 30, 59)).toBe(true);
    expect(masked(50 + 3 * TILE_W + 40, 61 + TILE_H)).toBe(true);
    expect(masked(50 + 3 * TILE_W + 10, 50)).toBe(true);
    // not the ink or the face inside
    expect(masked(50 + 3 * TILE_W + 30, 82)).toBe(false);
    expect(masked(50 + 3 * TILE_W + 16, 110)).toBe(false);
    expect(masked(50 + 3 * TILE_W + 30, 100)).toBe(false);
  });

  it('paints the lines out from the pixels around them', () => {
    const original = rowPicture();
    const px = rowPicture();
    annotate(px, [255, 0, 200]);
    const found = findAnnotationBoxes(px, TILE_W, TILE_H)!;
    paintOut(px, found.mask);
    // along a box's top line and on its tag: near what was there before it was drawn, far from magenta
    const d = (a: number[], b: number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0);
    for (const [x, y] of [[50 + 4 * TILE_W + 45, 57], [50 + 4 * TILE_W + 15, 50]] as const) {
      expect(d(at(px, x, y), at(original, x, y))).toBeLessThan(0.5 * d([255, 0, 200], at(original, x, y)));
    }
    expect(at(px, 50 + 4 * TILE_W + 30, 82)).toEqual([200, 30, 30]); // ink untouched
  });

  it('cleans every picture cut from the photo through the wrapped source', async () => {
    const px = rowPicture();
    annotate(px, [0, 200, 255]);
    const found = findAnnotationBoxes(px, TILE_W, TILE_H)!;
    const source = {
      width: px.width,
      height: px.height,
      resize: () => px,
      crop: (reqs: readonly { width: number; height: number }[]) => reqs.map((r) => (r.width === px.width ? { ...px, data: px.data.slice() } : px)),
    };
    const clean = withoutOverlays(source, { ...found, rect: { x0: 0, y0: 0, x1: px.width, y1: px.height } });
    const [cut] = await clean.crop([{ rect: { x0: 0, y0: 0, x1: px.width, y1: px.height }, turn: 'none', width: px.width, height: px.height }]);
    const [r, g, b] = at(cut!, 50 + 4 * TILE_W + 45, 59);
    expect(b!).toBeLessThan(150); // the cyan line is gone
    expect(r! + g! + b!).toBeGreaterThan(0);
  });
});

describe.skipIf(!haveModels)('a test image with annotation boxes drawn over it, with the committed models', () => {
  const recognizer = useCommittedRecognizer();
  it('reads the same hand as the plain photo and says the boxes were painted out', async () => {
    const name = 'hand06_pinfu.jpg';
    const bytes = new Uint8Array(await readFile(new URL(`../../test-images/${name}`, import.meta.url)));
    const plain = await recognizer().recognize(await openImage(bytes, { name }));
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const px: Pixels = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
    const w = plain.tiles.map((t) => t.box[2] - t.box[0]).sort((a, b) => a - b)[plain.tiles.length >> 1]!;
    const t = Math.max(2, Math.round(0.04 * w));
    plain.tiles.forEach(({ box }, i) => {
      const colour: RGB = i % 2 ? [255, 40, 40] : [40, 255, 80];
      strokeRect(px, Math.round(box[0]), Math.round(box[1]), Math.round(box[2]), Math.round(box[3]), t, colour);
    });
    const drawn = await sharp(Buffer.from(px.data), { raw: { width: px.width, height: px.height, channels: 3 } }).png().toBuffer();
    const read = await recognizer().recognize(await openImage(new Uint8Array(drawn), { name: 'annotated.png' }));
    expect(read.notes.some((n) => n.code === 'OVERLAYS_PAINTED')).toBe(true);
    expect(read.hand).toBe(plain.hand);
    expect(plain.notes.some((n) => n.code === 'OVERLAYS_PAINTED')).toBe(false);
  }, 60_000);
});
