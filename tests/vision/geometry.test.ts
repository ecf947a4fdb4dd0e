import { describe, expect, it } from 'vitest';
import { cropShrink } from '../../src/vision/classify.ts';
import { boxToSource, inputToSource, letterboxGeometry, letterboxTensor } from '../../src/vision/letterbox.ts';
import { createPixels, resampleRegion, resizePixels, rotateQuarter, type Pixels } from '../../src/vision/pixels.ts';

const identity = { mean: [0, 0, 0] as [number, number, number], std: [1, 1, 1] as [number, number, number] };

function rgb(width: number, height: number, f: (x: number, y: number) => [number, number, number]): Pixels {
  const p = createPixels(width, height, 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) p.data.set(f(x, y), (y * width + x) * 3);
  return p;
}

describe('letterbox', () => {
  it('fits a landscape photo into the square, centred, and maps points back', () => {
    const g = letterboxGeometry(4000, 3000, 512);
    expect(g.width).toBe(512);
    expect(g.height).toBe(384);
    expect(g.padX).toBe(0);
    expect(g.padY).toBe(64);
    expect(inputToSource(g, 256, 64 + 192)).toEqual([2000, 1500]);
    expect(inputToSource(g, 0, 64)).toEqual([0, 0]);
    expect(boxToSource(g, [-10, 0, 600, 64 + 384])).toEqual([0, 0, 4000, 3000]);
  });

  it('supports top-left placement and portrait photos', () => {
    const g = letterboxGeometry(3000, 4000, 512, 'top-left');
    expect([g.width, g.height, g.padX, g.padY]).toEqual([384, 512, 0, 0]);
    const c = letterboxGeometry(3000, 4000, 512);
    expect(c.padX).toBe(64);
    const [x, y] = inputToSource(c, 64 + 384, 512);
    expect(x).toBeCloseTo(3000);
    expect(y).toBeCloseTo(4000);
  });

  it('fills the pad with the normalised pad value and the image planes in CHW order', () => {
    const g = letterboxGeometry(4, 2, 4);
    const img = rgb(4, 2, (x) => [x * 10, 100, 200]);
    const norm = { mean: [0.5, 0.5, 0.5] as [number, number, number], std: [0.25, 0.25, 0.25] as [number, number, number] };
    const t = letterboxTensor(img, g, norm, 0);
    expect(t.length).toBe(3 * 16);
    // Row 0 is padding (padY = 1): (0/255 - 0.5) / 0.25 = -2.
    expect(t[0]).toBeCloseTo(-2);
    // Pixel (x=3, y=0) of the image lands at row 1, column 3 of plane R.
    expect(t[1 * 4 + 3]).toBeCloseTo((30 / 255 - 0.5) / 0.25);
    expect(t[16 + 1 * 4 + 3]).toBeCloseTo((100 / 255 - 0.5) / 0.25);
    expect(t[32 + 1 * 4 + 3]).toBeCloseTo((200 / 255 - 0.5) / 0.25);
    expect(t[3 * 4]).toBeCloseTo(-2);
  });

  it('rejects a resized image of the wrong size', () => {
    expect(() => letterboxTensor(createPixels(3, 3), letterboxGeometry(4, 4, 4), identity, 0)).toThrow(/expected 4×4/);
  });
});

describe('resampling', () => {
  it('averages areas when shrinking (no aliasing of a fine pattern)', () => {
    const checker = rgb(8, 8, (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]));
    const small = resizePixels(checker, 2, 2);
    for (const v of small.data) expect(Math.abs(v - 127.5)).toBeLessThanOrEqual(1);
  });

  it('shrinks by an exact factor to the block means', () => {
    const img = rgb(4, 2, (x) => (x < 2 ? [10, 20, 30] : [50, 60, 70]));
    const out = resizePixels(img, 2, 1);
    expect(Array.from(out.data)).toEqual([10, 20, 30, 50, 60, 70]);
  });

  it('interpolates when enlarging and repeats edge pixels outside the image', () => {
    const img = rgb(2, 1, (x) => (x === 0 ? [0, 0, 0] : [200, 200, 200]));
    const out = resizePixels(img, 4, 1);
    expect(Array.from(out.data.filter((_, i) => i % 3 === 0))).toEqual([0, 50, 150, 200]);
    const outside = resampleRegion(img, { x0: -4, y0: 0, x1: -2, y1: 1 }, 1, 1);
    expect(outside.data[0]).toBe(0);
  });

  it('turns crops a quarter turn either way', () => {
    const img = rgb(3, 2, (x, y) => [x, y, 0]);
    const cw = rotateQuarter(img, 'cw');
    expect([cw.width, cw.height]).toEqual([2, 3]);
    // Clockwise: the bottom-left pixel (0,1) goes to the top-left.
    expect(Array.from(cw.data.slice(0, 3))).toEqual([0, 1, 0]);
    const ccw = rotateQuarter(img, 'ccw');
    // Counter-clockwise: the top-right pixel (2,0) goes to the top-left.
    expect(Array.from(ccw.data.slice(0, 3))).toEqual([2, 0, 0]);
    const turned = resampleRegion(img, { x0: 0, y0: 0, x1: 3, y1: 2 }, 2, 3, 'cw');
    expect(Array.from(turned.data)).toEqual(Array.from(cw.data));
  });
});

describe('cropShrink (how far a photo may be reduced before its crops are cut)', () => {
  const crop = (w: number, h: number, turn: 'none' | 'cw' = 'none') => ({ rect: { x0: 10, y0: 20, x1: 10 + w, y1: 20 + h }, turn, width: 48, height: 64 });
  it('keeps two source pixels per crop pixel on each axis', () => {
    expect(cropShrink([crop(200, 270)])).toBe(2);
    expect(cropShrink([crop(400, 540)])).toBe(4);
    expect(cropShrink([crop(150, 270)])).toBe(1);
    expect(cropShrink([crop(200, 250)])).toBe(1);
  });
  it('measures a turned crop along its turned axes, and is set by the smallest crop', () => {
    expect(cropShrink([crop(270, 200, 'cw')])).toBe(2);
    expect(cropShrink([crop(200, 270, 'cw')])).toBe(1);
    expect(cropShrink([crop(400, 540), crop(200, 270)])).toBe(2);
    expect(cropShrink([crop(400, 540), crop(100, 130)])).toBe(1);
  });
  it('keeps only what a request asks for: a picture that needs no finer source than its size', () => {
    const picture = { rect: { x0: 0, y0: 0, x1: 3778, y1: 952 }, turn: 'none' as const, width: 771, height: 194 };
    expect(cropShrink([picture])).toBe(2);
    expect(cropShrink([{ ...picture, oversampling: 1 }])).toBe(4);
  });
});
