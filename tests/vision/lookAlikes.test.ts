// The look-alikes of a corrected tile (src/vision/lookAlikes.ts) and how `npm run eval -- --only lookalikes` counts them.
import { describe, expect, it } from 'vitest';
import { measureLookAlikes } from '../../src/cli/evalLookAlikes.ts';
import { cosine, LOOK_ALIKE_COSINE, LOOK_ALIKE_GUESSES, lookAlikeTiles } from '../../src/vision/lookAlikes.ts';

const unit = (v: number[]) => v.map((x) => x / Math.hypot(...v));

describe('look-alikes of a corrected tile', () => {
  // A set whose 8m reads as 6m: tiles 0, 1 are its 8m (one drawing); tile 2 is a real 6m that looks like them but the
  // model never thought 8m; tile 3 a real 6m unlike them; tile 4 a 7m.
  const emb = [unit([1, 0.1, 0]), unit([1, 0.3, 0]), unit([1, 0.2, 0.1]), unit([0.3, 1, 0]), unit([0, 0, 1])];
  const row = ['6m', '6m', '6m', '6m', '7m'].map((tile, i) => ({ tile, embedding: emb[i], guesses: i === 2 ? ['6m', '5m', '9m'] : ['6m', '8m', '9m'], fixed: false }));
  const truth = ['8m', '8m', '6m', '6m', '7m'];

  it('offers the tiles read the same way that look alike and might be the correction', () => {
    expect(LOOK_ALIKE_COSINE).toBe(0.8);
    expect(LOOK_ALIKE_GUESSES).toBe(3);
    expect(cosine(emb[0]!, emb[2]!)).toBeGreaterThan(LOOK_ALIKE_COSINE);
    expect(cosine(emb[0]!, emb[3]!)).toBeLessThan(LOOK_ALIKE_COSINE);
    expect(lookAlikeTiles(row, 0, '6m', '8m')).toEqual([1]);
    // Without the guess condition the real 6m that looks like them is offered too.
    expect(lookAlikeTiles(row, 0, '6m', '8m', { cosine: 0.8, guesses: Infinity })).toEqual([1, 2]);
    // Set by the player, between a five and its red five, without an embedding: nothing.
    expect(lookAlikeTiles(row.map((t, i) => (i === 1 ? { ...t, fixed: true } : t)), 0, '6m', '8m')).toEqual([]);
    expect(lookAlikeTiles(row.map((t) => ({ ...t, tile: '5p', guesses: ['5p', '0p'] })), 0, '5p', '0p')).toEqual([]);
    expect(lookAlikeTiles(row.map((t, i) => (i === 0 ? { ...t, embedding: undefined } : t)), 0, '6m', '8m')).toEqual([]);
  });

  it('counts right and wrong offers as the eval reports them', () => {
    const photo = { found: row.map((t) => t.tile), alternatives: row.map((t) => t.guesses.slice(1)), embeddings: emb, truth };
    // Corrections: tile 0 (offers 1, right; 2 and 3 could have been offered wrongly) and tile 1 (offers 0).
    expect(measureLookAlikes([photo])).toEqual({ photos: 1, corrections: 2, candidatesRight: 2, candidatesWrong: 4, offeredRight: 2, offeredWrong: 0 });
    expect(measureLookAlikes([photo], { cosine: 0.8, guesses: Infinity })).toMatchObject({ offeredRight: 2, offeredWrong: 2 });
  });
});
