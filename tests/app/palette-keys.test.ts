// The tile palette as one tab stop: where the arrow keys, Home and End take the focus (src/app/hand/paletteKeys.ts).
import { describe, expect, it } from 'vitest';
import { nextPaletteIndex } from '../../src/app/hand/paletteKeys.ts';
import { ALL_CODES, PALETTE_ROWS } from '../../src/app/tiles/codes.ts';

const ROWS = PALETTE_ROWS.map((row) => row.length); // 9 characters, 9 circles, 9 bamboo, 7 honours, 3 red fives
const at = (code: string) => ALL_CODES.indexOf(code as (typeof ALL_CODES)[number]);
const move = (code: string, key: string) => {
  const to = nextPaletteIndex(ROWS, at(code), key);
  return to === undefined ? undefined : ALL_CODES[to];
};

describe('the palette moved through with the keyboard', () => {
  it('Left and Right go tile by tile, on to the next row and round from the last tile to the first', () => {
    expect(move('1m', 'ArrowRight')).toBe('2m');
    expect(move('9m', 'ArrowRight')).toBe('1p');
    expect(move('1p', 'ArrowLeft')).toBe('9m');
    expect(move('0s', 'ArrowRight')).toBe('1m');
    expect(move('1m', 'ArrowLeft')).toBe('0s');
  });

  it('Up and Down keep the place in the row, or take the last tile of a shorter row; nothing past the ends', () => {
    expect(move('5m', 'ArrowDown')).toBe('5p');
    expect(move('5p', 'ArrowUp')).toBe('5m');
    expect(move('9s', 'ArrowDown')).toBe('7z'); // the honours are 7 tiles
    expect(move('7z', 'ArrowDown')).toBe('0s'); // the red fives are 3
    expect(move('2z', 'ArrowDown')).toBe('0p');
    expect(move('0p', 'ArrowUp')).toBe('2z');
    expect(move('3m', 'ArrowUp')).toBeUndefined();
    expect(move('0m', 'ArrowDown')).toBeUndefined();
  });

  it('Home and End go to the first and last tile; other keys are left to the browser', () => {
    expect(move('6s', 'Home')).toBe('1m');
    expect(move('6s', 'End')).toBe('0s');
    for (const key of ['Enter', ' ', 'Tab', 'a', 'PageDown']) expect(move('6s', key)).toBeUndefined();
  });

  it('an index outside the palette, or a palette of no tiles, moves nowhere', () => {
    expect(nextPaletteIndex(ROWS, -1, 'ArrowRight')).toBeUndefined();
    expect(nextPaletteIndex(ROWS, ALL_CODES.length, 'ArrowRight')).toBeUndefined();
    expect(nextPaletteIndex([], 0, 'ArrowRight')).toBeUndefined();
  });
});
