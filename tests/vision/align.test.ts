import { describe, expect, it } from 'vitest';
import { alignRows, scoreRow } from '../../src/vision/align.ts';
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

describe('hand strings', () => {
  it('formats runs of one suit together and backs as ?', () => {
    expect(formatHandString(['1m', '2m', '0p', '5p', 'back', '7z', '7z'])).toBe('12m05p?77z');
    expect(parseHandString('12m05p?77z')).toEqual(['1m', '2m', '0p', '5p', 'back', '7z', '7z']);
    expect(parseHandString('8z')).toBeNull();
    expect(parseHandString('12')).toBeNull();
  });
});
