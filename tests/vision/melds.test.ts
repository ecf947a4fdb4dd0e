import { describe, expect, it } from 'vitest';
import { guessHand, type RowTile } from '../../src/vision/melds.ts';
import { parseHand } from '../../src/engine/index.ts';
import { noteText } from '../../src/vision/notes.ts';

const row = (spec: [string, number, boolean?][]): RowTile[] => spec.map(([tile, group, rotated]) => ({ tile, group, rotated: rotated ?? false }));

describe('from a recognised row to hand notation', () => {
  it('keeps a fully concealed row as is (the last tile is the winning tile)', () => {
    const g = guessHand(row(['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '1z', '7z', '7z'].map((t) => [t, 0])));
    expect(g.notation).toBe('123m456p789s11177z');
    expect(g.melds).toEqual([]);
    expect(parseHand(g.notation).win_tile).toBe('7z');
  });

  it('turns groups with a sideways tile into calls and backs into a closed kan', () => {
    const g = guessHand(
      row([
        ['2m', 0], ['3m', 0], ['4m', 0], ['5p', 0], ['5p', 0], ['7s', 0], ['8s', 0],
        ['6z', 1, true], ['6z', 1], ['6z', 1],
        ['back', 2], ['9p', 2], ['9p', 2], ['back', 2],
        ['9s', 3],
      ]),
    );
    expect(g.notation).toBe('234m55p789s [666z] (9999p)');
    expect(g.melds.map((m) => m.type)).toEqual(['pon', 'kan-closed']);
    const parsed = parseHand(g.notation);
    expect(parsed.melds).toHaveLength(2);
    expect(parsed.win_tile).toBe('9s');
  });

  it('recognises an added kan (two sideways tiles) and a chi, and reports what is not a meld', () => {
    const g = guessHand(row([['1m', 0], ['9m', 1, true], ['9m', 1, true], ['9m', 1], ['9m', 1], ['4s', 2, true], ['3s', 2], ['5s', 2], ['1z', 3, true]]));
    expect(g.melds.map((m) => m.type)).toEqual(['kan-added', 'chi']);
    // A lone sideways tile at the end (a winning tile shown sideways) stays concealed.
    expect(g.notation).toBe('1m1z {9999m} [435s]');
    expect(g.problems).toEqual([]);
    const bad = guessHand(row([['1m', 0], ['back', 1], ['3m', 1, true]]));
    expect(bad.problems).toEqual([{ code: 'NOT_MELDS', params: { tiles: '2, 3', readings: 'back 3m' } }]);
    expect(noteText(bad.problems[0]!, 'fr')).toBe('Les tuiles 2, 3 (back 3m) ne forment pas de combinaisons.');
    expect(bad.notation).toBe('13m');
    expect(parseHand('1m {9999m} [435s]').melds[1]).toEqual({ type: 'chi', tiles: '435s' });
  });

  it('gives tiles left of a meld in the same group back to the concealed hand', () => {
    // As in test-images/hand07_meld.jpg: the gap falls before 6s, the pon is 777z with the last tile sideways.
    const tiles = ['3m', '4m', '5m', '6p', '7p', '8p', '2s', '2s', '4s', '5s'].map((t): [string, number] => [t, 0]);
    const g = guessHand(row([...tiles, ['6s', 1], ['7z', 1], ['7z', 1], ['7z', 1, true]]));
    expect(g.notation).toBe('345m678p22456s [777z]');
    expect(g.problems).toEqual([]);
  });
});
