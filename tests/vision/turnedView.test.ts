// The photo seen turned by any angle (src/vision/turnedView.ts): what the view shows, crops asked of it, and boxes
// found in it mapped back onto the photo as shown.
import { describe, expect, it } from 'vitest';
import { pixelsImageSource, type RecognitionResult, type RecognizedTile } from '../../src/vision/pipeline.ts';
import { turnedView, withinQuarter } from '../../src/vision/turnedView.ts';
import type { Box } from '../../src/vision/detect.ts';
import type { Pixels } from '../../src/vision/pixels.ts';

const note = { code: 'QUARTER_TURNED' as const, params: {} };
const tile = (box: Box): RecognizedTile => ({
  tile: '1m', box, score: 0.9, alternatives: [], doubtful: false, rotated: false, reranked: false, group: 0, detection: 0.9,
});
const reading = (boxes: Box[], tilt = 0): RecognitionResult =>
  ({ tiles: boxes.map(tile), otherBoxes: [], tileSizedGaps: [], extraBoxes: [], loneBacks: [], notes: [], width: 1, height: 1, tilt, timings: { totalMs: 0 } }) as unknown as RecognitionResult;

/** A W × H photo, black but for a bright block x0 ≤ x < x1, y0 ≤ y < y1. */
function photoWithBlock(W: number, H: number, [x0, y0, x1, y1]: Box) {
  const data = new Uint8Array(W * H * 3);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.fill(255, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return pixelsImageSource({ data, width: W, height: H, channels: 3 });
}

/** The bounds of the bright pixels of a picture. */
function brightBounds(px: Pixels): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let y = 0; y < px.height; y++) for (let x = 0; x < px.width; x++) {
    if (px.data[(y * px.width + x) * px.channels]! > 128) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
  }
  return [x0, y0, x1, y1];
}

describe('turnedView', () => {
  const W = 40;
  const H = 30;
  const block: Box = [4, 2, 8, 5];
  const photo = photoWithBlock(W, H, block);

  for (const [angle, name] of [[Math.PI / 2, 'a quarter one way'], [-Math.PI / 2, 'a quarter the other way']] as const) {
    it(`turned ${name}, shows the photo turned and maps a box found in it back onto the photo as shown`, async () => {
      const view = turnedView(photo, angle, note);
      expect([view.source.width, view.source.height]).toEqual([H, W]);
      const px = await view.source.resize(H, W);
      const found = brightBounds(px);
      expect(found[2] - found[0]).toBe(3); // the block, 4 wide and 3 tall, stands 3 wide and 4 tall
      expect(found[3] - found[1]).toBe(4);
      const back = view.back(reading([found]));
      back.tiles[0]!.box.forEach((v, i) => expect(v).toBeCloseTo(block[i]!, 6));
      expect([back.width, back.height]).toEqual([W, H]);
      expect(back.notes.map((n) => n.code)).toEqual(['QUARTER_TURNED']);
      expect(back.tilt).toBeCloseTo(Math.PI / 2, 9); // a quarter either way: the same rectangle
    });
  }

  it('turned 45 degrees, holds the whole photo, and a crop asked of it is cut from the photo turned', async () => {
    const angle = Math.PI / 4;
    const view = turnedView(photo, angle, note);
    const side = (W + H) / Math.SQRT2;
    expect(view.source.width).toBe(Math.round(side));
    expect(view.source.height).toBe(Math.round(side));
    // The block's centre (6, 3.5) seen in the view: the photo's centre (20, 15) is the view's centre, and the view's
    // x axis runs down-right along the photo at 45 degrees.
    const [u, v] = [6 - 20, 3.5 - 15];
    const X = view.source.width / 2 + (u + v) / Math.SQRT2;
    const Y = view.source.height / 2 + (-u + v) / Math.SQRT2;
    const [crop] = await view.source.crop([{ rect: { x0: X - 1, y0: Y - 1, x1: X + 1, y1: Y + 1 }, turn: 'none', width: 2, height: 2 }]);
    expect([...crop!.data].every((c) => c > 200)).toBe(true);
    const [away] = await view.source.crop([{ rect: { x0: X + 8, y0: Y - 1, x1: X + 10, y1: Y + 1 }, turn: 'none', width: 2, height: 2 }]);
    expect([...away!.data].every((c) => c < 50)).toBe(true);
    // A box about that point maps back to a box about the block's centre, as large as the box turned.
    const back = view.back(reading([[X - 1, Y - 1, X + 1, Y + 1]], 0.1));
    const b = back.tiles[0]!.box;
    expect((b[0] + b[2]) / 2).toBeCloseTo(6, 6);
    expect((b[1] + b[3]) / 2).toBeCloseTo(3.5, 6);
    expect(b[2] - b[0]).toBeCloseTo(2 * Math.SQRT2, 6);
    expect(back.tilt).toBeCloseTo(angle + 0.1, 9);
  });
});

describe('withinQuarter', () => {
  it('turns an angle by half turns into (−π/2, π/2]', () => {
    const deg = (d: number) => (d * Math.PI) / 180;
    for (const [a, b] of [[0, 0], [30, 30], [90, 90], [-90, 90], [120, -60], [-126, 54], [200, 20], [-300, 60]]) {
      expect(withinQuarter(deg(a!))).toBeCloseTo(deg(b!), 9);
    }
  });
});
