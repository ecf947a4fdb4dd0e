// A row that runs up and down the photo (src/vision/quarterTurn.ts): which turned readings are taken, and boxes of the
// turned copy mapped back onto the photo as shown. The committed models on a turned photo: realModel.test.ts.
import { describe, expect, it } from 'vitest';
import { pixelsImageSource, type RecognitionResult, type RecognizedTile } from '../../src/vision/pipeline.ts';
import { quarterTurns, turnedReadingHolds } from '../../src/vision/quarterTurn.ts';
import type { Box } from '../../src/vision/detect.ts';

const tile = (code: string, box: Box = [0, 0, 1, 1]): RecognizedTile => ({
  tile: code, box, score: 0.9, alternatives: [], doubtful: false, rotated: false, reranked: false, group: 0, detection: 0.9,
});
const reading = (codes: string[]): RecognitionResult =>
  ({ tiles: codes.map((c) => tile(c)), otherBoxes: [], tileSizedGaps: [], extraBoxes: [], loneBacks: [], notes: [], width: 1, height: 1 }) as unknown as RecognitionResult;

describe('turnedReadingHolds', () => {
  it('takes a hand, even with three white dragons and a closed kan', () => {
    expect(turnedReadingHolds(reading('1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z'.split(' ')))).toBe(true);
    expect(turnedReadingHolds(reading('1m 2m 3m 4p 5p 6p 5z 5z 5z back 9s 9s back 1z'.split(' ')))).toBe(true);
  });

  it('refuses too few tiles, a row mostly of backs and blanks, and a fifth copy of a kind', () => {
    expect(turnedReadingHolds(reading(['1m', '2m', '3m', '4m']))).toBe(false);
    expect(turnedReadingHolds(reading('5z 5z back 5z back back 1z 2s'.split(' ')))).toBe(false);
    expect(turnedReadingHolds(reading('2s 2s 2s 2s 0s 3m 4m 5m 6p 7p 8p'.split(' ')))).toBe(true); // four 2s, a red 5s
    expect(turnedReadingHolds(reading('3z 2s 2s 2s 2s 2s 3m 4m 5m 6p 7p'.split(' ')))).toBe(false);
    expect(turnedReadingHolds(reading('5p 5p 0p 5p 5p 3m 4m 5m 6s 7s 8s'.split(' ')))).toBe(false); // a red five counts as a five
  });
});

describe('quarterTurns', () => {
  // a 40 × 30 photo with one bright pixel block at x 4-7, y 2-4
  const W = 40;
  const H = 30;
  const data = new Uint8Array(W * H * 3);
  for (let y = 2; y < 5; y++) for (let x = 4; x < 8; x++) data.fill(255, (y * W + x) * 3, (y * W + x) * 3 + 3);
  const photo = pixelsImageSource({ data, width: W, height: H, channels: 3 });

  for (const turn of ['cw', 'ccw'] as const) {
    it(`turns the photo ${turn} and maps a box found in the copy back onto the photo as shown`, async () => {
      const turned = (await quarterTurns(photo))(turn);
      const px = turned.pixels;
      expect([px.width, px.height]).toEqual([H, W]);
      // find the bright block in the turned copy
      let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
      for (let y = 0; y < px.height; y++) for (let x = 0; x < px.width; x++) {
        if (px.data[(y * px.width + x) * px.channels]! > 128) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
      }
      const back = turned.back({ ...reading([]), tiles: [tile('1m', [x0, y0, x1, y1])] });
      expect(back.tiles[0]!.box).toEqual([4, 2, 8, 5]);
      expect([back.width, back.height]).toEqual([W, H]);
      expect(back.notes.map((n) => n.code)).toEqual(['QUARTER_TURNED']);
    });
  }
});
