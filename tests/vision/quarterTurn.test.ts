// A row that runs up and down the photo (src/vision/quarterTurn.ts): which turned readings are taken. The view of the
// photo turned and its way back: turnedView.test.ts; the committed models on a turned photo: realModel.test.ts.
import { describe, expect, it } from 'vitest';
import type { RecognitionResult, RecognizedTile } from '../../src/vision/pipeline.ts';
import { turnedReadingHolds } from '../../src/vision/quarterTurn.ts';

const tile = (code: string): RecognizedTile => ({
  tile: code, box: [0, 0, 1, 1], score: 0.9, alternatives: [], doubtful: false, rotated: false, reranked: false, group: 0, detection: 0.9,
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
