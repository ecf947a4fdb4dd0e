import { describe, expect, it } from 'vitest';
import { alignRows, commonRowErrors, scoreRow, tallyRowErrors } from '../../src/vision/align.ts';
import { formatHandString, parseHandString } from '../../src/vision/tiles.ts';

describe('row alignment', () => {
  it('scores a perfect row', () => {
    const t = parseHandString('123m456p789s11z')!;
    expect(scoreRow(t, t)).toEqual({ truthTiles: 11, foundTiles: 11, matched: 11, correct: 11, extra: 0, exact: true });
  });

  it('lines up a missed tile, an extra detection and a misread tile', () => {
    const truth = parseHandString('1234m')!;
    const found = parseHandString('134m5m')!; // 2m missed, 5m extra
    const pairs = alignRows(found, truth);
    expect(pairs).toEqual([
      { found: 0, truth: 0 },
      { found: null, truth: 1 },
      { found: 1, truth: 2 },
      { found: 2, truth: 3 },
      { found: 3, truth: null },
    ]);
    expect(scoreRow(found, truth)).toMatchObject({ matched: 3, correct: 3, extra: 1, exact: false });
    expect(scoreRow(parseHandString('1294m')!, truth)).toMatchObject({ matched: 4, correct: 3, exact: false });
  });
});

describe('error kinds of recognised rows', () => {
  it('counts misreads, missed tiles and extra boxes along the alignment, over several rows', () => {
    const tally = new Map<string, number>();
    // a red five read plain, a tile missed, a White dragon found on nothing
    tallyRowErrors(parseHandString('5p23m5z')!, parseHandString('0p123m')!, tally);
    tallyRowErrors(parseHandString('5p5z')!, parseHandString('0p')!, tally);
    // a right row adds nothing
    tallyRowErrors(parseHandString('0p')!, parseHandString('0p')!, tally);
    expect(Object.fromEntries(tally)).toEqual({ '0p>5p': 2, '1m>-': 1, '->5z': 2 });
    expect(commonRowErrors(tally, 2)).toBe('->5z x2, 0p>5p x2');
    expect(commonRowErrors(new Map(), 5)).toBe('');
  });
});

describe('hand strings', () => {
  it('formats runs of one suit together and backs as ?', () => {
    expect(formatHandString(['1m', '2m', '0p', '5p', 'back', '7z', '7z'])).toBe('12m05p?77z');
    expect(parseHandString('12m05p?77z')).toEqual(['1m', '2m', '0p', '5p', 'back', '7z', '7z']);
    expect(parseHandString('8z')).toBeNull();
    expect(parseHandString('12')).toBeNull();
  });
});
