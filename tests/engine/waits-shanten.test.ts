// Shanten (issue 19) against a brute-force search: the fewest tiles missing from any complete hand (pair and sets
// chosen among all 34 pairs, 34 pungs and 21 runs), minus one. Like the usual definition (and countShanten), the
// search ignores the four-copies limit of the target hand.
import { describe, expect, it } from 'vitest';
import { countShanten, formatTiles, improvingTiles, KIND_CODES, orphansShanten, sevenPairsShanten, shantenDetail, standardShanten } from '../../src/engine/index.ts';
import { seededRandom } from '../../src/engine/random-hands.ts';

const SETS: number[][] = [];
for (let k = 0; k < 34; k++) SETS.push([k, k, k]);
for (let s = 0; s < 3; s++) for (let d = 0; d < 7; d++) SETS.push([s * 9 + d, s * 9 + d + 1, s * 9 + d + 2]);

function bruteStandard(counts: number[], melds: number): number {
  const have = counts.slice();
  const need = 4 - melds;
  let best = 99;
  const rec = (from: number, depth: number, missing: number) => {
    if (missing >= best) return;
    if (depth === need) {
      for (let k = 0; k < 34; k++) best = Math.min(best, missing + Math.max(0, 2 - have[k]!));
      return;
    }
    for (let i = from; i < SETS.length; i++) {
      const used: number[] = [];
      let miss = 0;
      for (const k of SETS[i]!) {
        if (have[k]! > 0) {
          have[k]!--;
          used.push(k);
        } else miss++;
      }
      rec(i, depth + 1, missing + miss);
      for (const k of used) have[k]!++;
    }
  };
  rec(0, 0, 0);
  return best - 1;
}

function bruteSevenPairs(counts: number[]): number {
  // the seven distinct kinds closest to pairs: kinds sorted by copies held (at most 2 count)
  const byHeld = counts.map((c) => Math.min(c, 2)).sort((a, b) => b - a);
  return byHeld.slice(0, 7).reduce((n, c) => n + (2 - c), 0) - 1;
}

function bruteOrphans(counts: number[]): number {
  const orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
  let best = 99;
  for (const pair of orphans) best = Math.min(best, orphans.reduce((n, k) => n + Math.max(0, (k === pair ? 2 : 1) - counts[k]!), 0));
  return best - 1;
}

function randomCounts(r: () => number, n: number, suits = 4): number[] {
  const counts = new Array<number>(34).fill(0);
  const kinds = suits === 4 ? 34 : suits * 9;
  let placed = 0;
  while (placed < n) {
    const k = Math.floor(r() * kinds);
    if (counts[k]! < 4) {
      counts[k]!++;
      placed++;
    }
  }
  return counts;
}

describe('countShanten against a brute-force search', () => {
  it('standard form on random hands (13 and 14 tiles, open hands, one-suit hands)', () => {
    const r = seededRandom(19);
    for (let i = 0; i < 300; i++) {
      const melds = i % 5 === 0 ? 1 + (i % 3) : 0;
      const tiles = (i % 2 === 0 ? 13 : 14) - 3 * melds;
      const counts = randomCounts(r, tiles, i % 7 === 0 ? 1 : i % 11 === 0 ? 2 : 4);
      const hand = formatTiles(counts.flatMap((c, k) => Array<string>(c).fill(KIND_CODES[k]!)));
      expect(standardShanten(counts, melds), `${hand} with ${melds} melds`).toBe(bruteStandard(counts, melds));
    }
  });
  it('seven pairs and thirteen orphans, and the smallest of the three', () => {
    const r = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const counts = randomCounts(r, 13, i % 3 === 0 ? 1 : 4);
      const d = shantenDetail(counts);
      expect(sevenPairsShanten(counts)).toBe(bruteSevenPairs(counts));
      expect(orphansShanten(counts)).toBe(bruteOrphans(counts));
      expect(d.shanten).toBe(Math.min(d.standard, d.sevenPairs, d.orphans));
      expect(countShanten(counts)).toBe(d.shanten);
    }
  });
  it('known values', () => {
    const c = (text: string) => {
      const counts = new Array<number>(34).fill(0);
      for (const m of text.matchAll(/(\d+)([mpsz])/g)) for (const d of m[1]!) counts['mpsz'.indexOf(m[2]!) * 9 + Number(d) - 1]!++;
      return counts;
    };
    expect(countShanten(c('1112345678999m'))).toBe(0);
    expect(countShanten(c('11112345678999m'))).toBe(-1);
    expect(countShanten(c('19m19p19s1234567z'))).toBe(0);
    expect(countShanten(c('1122m3344p5566s7z'))).toBe(0);
    expect(countShanten(c('1122m3344p5566s77z'))).toBe(-1);
    expect(countShanten(c('147m258p369s1234z'))).toBe(6);
    expect(shantenDetail(c('147m258p369s1234z')).orphans).toBe(7);
    expect(countShanten(c('5z'), 4)).toBe(0);
    expect(shantenDetail(c('5z'), 4).sevenPairs).toBe(99);
  });
  it('improving tiles lower the shanten by one, and only they do', () => {
    const r = seededRandom(3);
    for (let i = 0; i < 36; i++) {
      const melds = i % 3 === 0 ? 1 + (i % 2) : 0;
      const counts = randomCounts(r, 13 - 3 * melds, i % 4 === 1 ? 1 : 4);
      const base = countShanten(counts, melds);
      const u8 = Uint8Array.from(counts);
      const got = improvingTiles(u8, melds).map((t) => t.kind);
      const want: number[] = [];
      for (let k = 0; k < 34; k++) {
        if (counts[k]! >= 4) continue;
        counts[k]!++;
        if (bruteStandard(counts, melds) < base || (melds === 0 && (bruteSevenPairs(counts) < base || bruteOrphans(counts) < base))) want.push(k);
        counts[k]!--;
      }
      expect(got).toEqual(want);
      expect(Array.from(u8)).toEqual(counts);
    }
  });
});
