import { describe, expect, it } from 'vitest';
import { SET_KINDS } from '../../src/app/capture/profile.ts';
import { addExample, emptyProfile, learntKinds, learntTiles } from '../../src/vision/prototypes.ts';

describe('the stored tile-set profile, as the app tells it', () => {
  it('counts the tiles learnt and the kinds of the set they cover (red fives are kinds of their own, backs are not)', () => {
    expect(SET_KINDS).toBe(37);
    expect(learntKinds(null)).toBe(0);
    let p = emptyProfile('m', 2);
    for (const tile of ['5m', '5m', '0m', '1z', 'back']) p = addExample(p, tile, [1, 0]);
    expect(learntTiles(p)).toBe(5);
    expect(learntKinds(p)).toBe(3);
  });
});
