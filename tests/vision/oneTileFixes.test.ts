import { describe, expect, it } from 'vitest';
import { oneTileFixes, winningKindsAt, winsWithout, type FixTile, type HandFix } from '../../src/vision/oneTileFixes.ts';
import { parseHandString } from '../../src/vision/tiles.ts';

/** A row read surely (score 0.99, no other guess), with some tiles replaced by the given reads. */
function row(hand: string, reads: Record<number, FixTile> = {}): FixTile[] {
  return parseHandString(hand)!.map((tile, i) => reads[i] ?? { tile, score: 0.99, guesses: [{ tile, score: 0.99 }] });
}

const describeFix = (f: HandFix) =>
  f.kind === 'change' ? `${f.index}:${f.from}>${f.to}` : f.kind === 'add' ? `+${f.to}` : f.kind === 'kan' ? `kan${f.indices.join('.')}:${f.then}` : `-${f.index}:${f.from}`;

describe('one-tile mends of a row that is not a winning hand', () => {
  it('says a winning hand is complete', () => {
    expect(oneTileFixes(row('123m456m789m999s55z')).status).toBe('complete');
    expect(oneTileFixes(row('1122m3344p5566s77z')).status).toBe('complete');
    expect(oneTileFixes(row('19m19p19s12345677z')).status).toBe('complete');
  });

  it('puts first the change the classifier itself offered (a 9s read as 6s)', () => {
    // 123m 456m 789m 999s 55z with its second 9s read as 6s, 9s the tile's second guess
    const tiles = row('123m456m789m969s55z', { 10: { tile: '6s', score: 0.62, guesses: [{ tile: '6s', score: 0.62 }, { tile: '9s', score: 0.31 }, { tile: '8s', score: 0.04 }] } });
    const r = oneTileFixes(tiles);
    expect(r.status).toBe('incomplete');
    if (r.status !== 'incomplete') return;
    expect(describeFix(r.fixes[0]!)).toBe('10:6s>9s');
    expect(r.fixes[0]).toMatchObject({ evidence: 0.31 });
    // every listed change gives a complete hand
    for (const f of r.fixes) {
      if (f.kind !== 'change') continue;
      const changed = tiles.map((t, i) => (i === f.index ? { ...t, tile: f.to } : t));
      expect(oneTileFixes(changed).status).toBe('complete');
    }
  });

  it('lists a change of a sure tile too, after the guessed ones, and each mend once', () => {
    // the 6s read surely: no guess backs 9s, but the change is still listed
    const r = oneTileFixes(row('123m456m789m969s55z'));
    expect(r.status).toBe('incomplete');
    if (r.status !== 'incomplete') return;
    expect(r.fixes.map(describeFix)).toContain('10:6s>9s');
    const keys = r.fixes.map((f) => (f.kind === 'change' ? `${f.from}>${f.to}` : ''));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps a red five red when the guess was red, and plain when the set has no red left', () => {
    const reads = { 3: { tile: '4p', score: 0.5, guesses: [{ tile: '4p', score: 0.5 }, { tile: '0p', score: 0.4 }] } };
    // 123m 555p 789s 123s 77z with a 5p read as 4p, red 5p its second guess
    const r = oneTileFixes(row('123m4p55p789s123s77z', reads));
    expect(r.status).toBe('incomplete');
    if (r.status !== 'incomplete') return;
    expect(describeFix(r.fixes[0]!)).toBe('3:4p>0p');
    // the same with the set's one red 5p already in the row: the mend is a plain 5p, backed by the same guess
    const withRed = oneTileFixes(row('123m4p50p789s123s77z', reads));
    if (withRed.status !== 'incomplete') throw new Error(withRed.status);
    expect(withRed.fixes[0]).toMatchObject({ index: 3, to: '5p', evidence: 0.4 });
  });

  it('names the tiles a missed tile could be, and the tiles an extra one could be', () => {
    const missed = oneTileFixes(row('123m456m789m99s55z')); // 13 tiles: a 9s or 5z missed
    expect(missed).toMatchObject({ status: 'incomplete', count: 13 });
    if (missed.status === 'incomplete') expect(missed.fixes.map(describeFix).sort()).toEqual(['+5z', '+9s']);
    const extra = oneTileFixes(row('123m456m789m999s55z1p')); // 15 tiles: the 1p is extra
    if (extra.status !== 'incomplete') throw new Error(extra.status);
    expect(extra.fixes.map(describeFix)).toEqual(['-14:1p']);
  });

  it('counts a kan as three, melds as sets, and dora indicators towards four of a kind', () => {
    // a kan of East (four tiles, meld 0) + 123m 456m 789m 55z: 15 tiles, 14 counted
    const kan = [...row('1111z').map((t) => ({ ...t, meld: 0 })), ...row('123m456m789m55z')];
    expect(oneTileFixes(kan).status).toBe('complete');
    const short = [...row('1111z').map((t) => ({ ...t, meld: 0 })), ...row('123m456m789m5z')];
    const r = oneTileFixes(short);
    if (r.status !== 'incomplete') throw new Error(r.status);
    expect(r.fixes.map(describeFix)).toContain('+5z');
    // one White dragon held and three shown as dora indicators: no fifth to pair it
    const r2 = oneTileFixes(short, { otherTiles: ['5z', '5z', '5z'] });
    if (r2.status !== 'incomplete') throw new Error(r2.status);
    expect(r2.fixes.map(describeFix)).not.toContain('+5z');
  });

  it('offers four tiles of one kind side by side as a kan first, when that makes the hand win or a tile from it', () => {
    // a closed kan laid face up in the row: 15 tiles, a winning hand once the four 1m count as 3
    const faceUp = oneTileFixes(row('1111m234p567s789s55z'));
    if (faceUp.status !== 'incomplete') throw new Error(faceUp.status);
    expect(faceUp.count).toBe(15);
    expect(describeFix(faceUp.fixes[0]!)).toBe('kan0.1.2.3:complete');
    // an added kan of 9m in a 14-tile row whose winning tile was not found: a kan, then a tile from a winning hand
    const short = oneTileFixes(row('456s55p44z555z9999m'));
    if (short.status !== 'incomplete') throw new Error(short.status);
    expect(describeFix(short.fixes[0]!)).toBe('kan10.11.12.13:incomplete');
    // four of a kind that are not side by side are not offered
    const apart = oneTileFixes(row('1m234p1m1m567s1m789s55z'));
    if (apart.status !== 'incomplete') throw new Error(apart.status);
    expect(apart.fixes.some((f) => f.kind === 'kan')).toBe(false);
    // nor four of a kind in a winning hand (1111m as a pung and a run)
    expect(oneTileFixes(row('1111m23m456p789s55z')).status).toBe('complete');
  });

  it('leaves alone what is not a question of one tile', () => {
    expect(oneTileFixes(row('123m456m789m9s55z')).status).toBe('not-applicable'); // 12 tiles
    expect(oneTileFixes(row('11111m456m789m55z')).status).toBe('not-applicable'); // a fifth copy
    const back = row('123m456m789m999s5z');
    back.push({ tile: 'back', score: 0.9, guesses: [] });
    expect(oneTileFixes(back).status).toBe('not-applicable');
    const badMeld = [...row('135m').map((t) => ({ ...t, meld: 0 })), ...row('456m789m999s55z')];
    expect(oneTileFixes(badMeld).status).toBe('not-applicable');
  });

  it('says so when no single tile mends the row', () => {
    expect(oneTileFixes(row('1357m2468p1357s12z'))).toEqual({ status: 'incomplete', count: 14, fixes: [] });
  });
});

describe('the kinds a tapped tile could be for the row to win (the tile menu)', () => {
  /** The row with tile `index` changed to `code`. */
  const changed = (tiles: FixTile[], index: number, code: string) => tiles.map((t, i) => (i === index ? { ...t, tile: code } : t));

  it('names the kind that makes the row win, where the guesses of the tile missed it', () => {
    // 123m 456m 789m 99s 555z with a 9s read as 6s, and 9s not among that tile's guesses
    const tiles = row('123m456m789m69s555z', { 9: { tile: '6s', score: 0.9, guesses: [{ tile: '6s', score: 0.9 }, { tile: '8s', score: 0.05 }, { tile: '6p', score: 0.03 }] } });
    expect(winningKindsAt(tiles, 9)).toEqual(['9s']);
    expect(oneTileFixes(changed(tiles, 9, '9s')).status).toBe('complete');
  });

  it('lists every kind that keeps a winning hand winning, the kind read left out', () => {
    // the 1m of 123m 456m 789m 999s 55z: 234m 456m 789m with a 4m, 234m 567m 789m... with a 7m
    const tiles = row('123m456m789m999s55z');
    expect(winningKindsAt(tiles, 0)).toEqual(['4m', '7m']);
    for (const k of winningKindsAt(tiles, 0)) expect(oneTileFixes(changed(tiles, 0, k)).status).toBe('complete');
  });

  it('puts the kinds its guesses back first, by probability, the rest in kind order', () => {
    const tiles = row('123m456m789m999s55z', { 0: { tile: '1m', score: 0.5, guesses: [{ tile: '1m', score: 0.5 }, { tile: '7m', score: 0.2 }] } });
    expect(winningKindsAt(tiles, 0)).toEqual(['7m', '4m']);
  });

  it('offers kinds for a tile back, and for a tile that makes a fifth copy itself', () => {
    const back = row('123m456m789m99s55z');
    back.splice(11, 0, { tile: 'back', score: 0.9, guesses: [{ tile: 'back', score: 0.9 }, { tile: '9s', score: 0.05 }] });
    expect(winningKindsAt(back, 11)).toEqual(['9s', '5z']);
    // five 9s read (123m 456m 789s 999s 55z with the 8s read as 9s): the tapped 9s can be the 8s
    expect(winningKindsAt(row('123m456m799999s55z'), 7)).toEqual(['8s']);
  });

  it('counts dora indicators and keeps a red five red when the tile was guessed red', () => {
    const tiles = row('123m456m789m69s555z');
    expect(winningKindsAt(tiles, 9, { otherTiles: ['9s', '9s'] })).toEqual(['9s']);
    expect(winningKindsAt(tiles, 9, { otherTiles: ['9s', '9s', '9s'] })).toEqual([]); // the fourth 9s would be a fifth
    const red = row('123m4p55p789s123s77z', { 3: { tile: '4p', score: 0.5, guesses: [{ tile: '4p', score: 0.5 }, { tile: '0p', score: 0.4 }] } });
    expect(winningKindsAt(red, 3)).toEqual(['0p', '7z']);
  });

  it('offers nothing for a tile in a meld or a row that is not 14 tiles', () => {
    const melded = [...row('111m').map((t) => ({ ...t, meld: 0 })), ...row('456m789m969s55z')];
    expect(winningKindsAt(melded, 0)).toEqual([]);
    expect(winningKindsAt(melded, 10)).toEqual(['9s', '5z']);
    expect(winningKindsAt(row('123m456m789m99s55z'), 3)).toEqual([]); // 13 tiles: a tile is missing, not misread
    expect(winningKindsAt(row('123m456m789m999s55z'), 20)).toEqual([]);
  });
});

describe('whether the row wins without a tapped tile (the tile menu marks Delete)', () => {
  it('says so for the extra tile of a row of 15, and not for the others', () => {
    const tiles = row('123m456m789m999s55z1p'); // a 1p from a neighbouring row
    expect(winsWithout(tiles, 14)).toBe(true);
    expect(winsWithout(tiles, 0)).toBe(false);
    // a tile back as the extra one, and a fifth copy made by the tile itself
    const back = row('123m456m789m999s55z');
    back.push({ tile: 'back', score: 0.9, guesses: [] });
    expect(winsWithout(back, 14)).toBe(true);
    expect(winsWithout(row('123m456m789m9999s55z'), 12)).toBe(true);
  });

  it('says no for a row of another size, and for a tile in a meld', () => {
    expect(winsWithout(row('123m456m789m999s55z'), 0)).toBe(false);
    const melded = [...row('111m').map((t) => ({ ...t, meld: 0 })), ...row('456m789m999s55z1p')];
    expect(winsWithout(melded, 0)).toBe(false);
    expect(winsWithout(melded, 14)).toBe(true);
  });
});

