// The photo reading follows the rules' red fives (redFivesInSet): with a set of four red fives (two red 5p) the
// joint reading and the re-ranking keep a second red 5p; a second red 5m or 5s stays impossible.
import { describe, expect, it } from 'vitest';
import { readRowJointly } from '../../src/vision/jointReading.ts';
import { redFivesPerSuit, rerankWithHandRules } from '../../src/vision/handRules.ts';
import { CLASSES, probs, read, row } from './classProbs.ts';

describe('red fives in the set, in the photo reading', () => {
  it('redFivesPerSuit: one each for three red fives, two red 5p for four', () => {
    expect(redFivesPerSuit(3)).toEqual([1, 1, 1]);
    expect(redFivesPerSuit(4)).toEqual([1, 2, 1]);
    expect(redFivesPerSuit()).toEqual([1, 1, 1]);
  });

  it('joint reading: a doubtful second red 5p stays red with four red fives, becomes a plain 5p with three', () => {
    const reds = row('0p0p678m');
    reds[1] = probs({ '0p': 0.6, '5p': 0.35 });
    expect(read(readRowJointly(reds, CLASSES).choice)).toBe('0p 5p 6m 7m 8m');
    expect(read(readRowJointly(reds, CLASSES, { redFivesPerSuit: redFivesPerSuit(4) }).choice)).toBe('0p 0p 6m 7m 8m');
    const mans = row('0m0m678p');
    mans[1] = probs({ '0m': 0.6, '5m': 0.35 });
    expect(read(readRowJointly(mans, CLASSES, { redFivesPerSuit: redFivesPerSuit(4) }).choice)).toBe('0m 5m 6p 7p 8p');
  });

  it('two sure red 5p break the rule of a set of three (left as read, with a note), not of a set of four', () => {
    const two = row('0p0p678m');
    expect(readRowJointly(two, CLASSES).note).toEqual({ code: 'CONFIDENT_TILES_BREAK_RULES' });
    expect(readRowJointly(two, CLASSES, { redFivesPerSuit: redFivesPerSuit(4) }).note).toBeUndefined();
  });

  it('re-ranking follows the same limit', () => {
    const classes = ['5p', '0p', '6p'];
    const p = [Float64Array.from([0.05, 0.95, 0]), Float64Array.from([0.44, 0.55, 0.01])];
    expect(rerankWithHandRules(p, classes).choice).toEqual([1, 0]);
    expect(rerankWithHandRules(p, classes, redFivesPerSuit(4)).choice).toEqual([1, 1]);
  });
});
