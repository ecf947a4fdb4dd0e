// Red fives in the set (rules.redFivesInSet): three (one of each suit) or four (one 5m, two 5p, one 5s), as some
// rule sets and some physical sets have them. The hand check refuses more red fives of a suit than the set has.
import { describe, expect, it } from 'vitest';
import { PRESETS, PRESET_NAMES, resolveRules, scoreHand } from '../../src/engine/index.ts';
import { ok, score } from './helpers.ts';

// two red 5p in the closed hand (456p and 567p, each with its red five), riichi, a single wait on 2s
const TWO_RED_PINS = '123m 406p 067p 789s 2s +2s';

describe('four red fives (redFivesInSet 4)', () => {
  it('every preset has the usual three; four is an option value of its own, named in the rules label', () => {
    for (const p of PRESET_NAMES) expect(PRESETS[p].redFivesInSet, p).toBe(3);
    expect(resolveRules({ preset: 'tenhou', redFivesInSet: 4 }).label).toBe('Tenhou (red fives in the set: 4)');
    expect(() => resolveRules({ redFivesInSet: 5 as never })).toThrow(/redFivesInSet/);
  });

  it('two red 5p are refused with three red fives in the set, with the number the set has', () => {
    const r = score(TWO_RED_PINS, { riichi: true }, 'tenhou');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('TOO_MANY_RED_FIVES');
      expect(r.error.message).toMatch(/0p is used 2 times; the set has only 1/);
    }
  });

  it('with four they count: two aka dora under tenhou rules; scored plain (and said so) under ema', () => {
    const red = ok(score(TWO_RED_PINS, { riichi: true }, { preset: 'tenhou', redFivesInSet: 4 }));
    expect(red.yaku.find((y) => y.id === 'aka_dora')).toEqual({ id: 'aka_dora', han: 2 });
    const plain = ok(score(TWO_RED_PINS, { riichi: true }, { redFivesInSet: 4 }));
    expect(plain.yaku.find((y) => y.id === 'aka_dora')).toBeUndefined();
    expect(plain.explanation.red_fives_plain).toBe(2);
  });

  it('the second red five is only for the pins: two red 5m or 5s, or three red 5p, stay refused', () => {
    const four = { preset: 'tenhou' as const, redFivesInSet: 4 as const };
    expect(score('406m 067m 123p 789s 2s +2s', {}, four).ok).toBe(false);
    expect(score('123m 406s 067s 789p 2p +2p', {}, four).ok).toBe(false);
    // a red 5p dora indicator is one of the set's red fives too
    const third = scoreHand({ closed: '123m406p067p789s22s', win_tile: '2s', riichi: true, dora_indicators: '0p', seat_wind: 'S' }, four);
    expect(third.ok).toBe(false);
    if (!third.ok) expect(third.error.code).toBe('TOO_MANY_RED_FIVES');
  });

  it('a red 5p in a meld and one in the hand count the same (open tanyao)', () => {
    const r = ok(score('[406p] 067p 234m 678s 2s +2s', {}, { preset: 'tenhou', redFivesInSet: 4 }));
    expect(r.yaku.find((y) => y.id === 'aka_dora')).toEqual({ id: 'aka_dora', han: 2 });
  });
});
