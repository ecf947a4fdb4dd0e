// The scorer's integer fast paths agree with the public definitions they replace in the hot loop.
import { describe, expect, it } from 'vitest';
import { basePoints, decomposeHand, limitOf } from '../../src/engine/index.ts';
import { seededRandom } from '../../src/engine/random-hands.ts';
import { handBase, handLimit } from '../../src/engine/payment.ts';

describe('handBase, handLimit', () => {
  it('equal basePoints(han, fu, limitOf(han, fu, kazoe)) and limitOf for every fan and fu', () => {
    for (const kazoe of [false, true]) {
      for (let han = 1; han <= 20; han++) {
        for (const fu of [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]) {
          expect(handBase(han, fu, kazoe)).toBe(basePoints(han, fu, limitOf(han, fu, kazoe)));
          expect(handLimit(han, fu, kazoe)).toBe(limitOf(han, fu, kazoe));
        }
      }
    }
  });
});

/** Every pair + sets split by plain search over all 34 pair candidates (the reference for the pruned search). */
function naiveDecompositions(counts: number[]): string[] {
  const out: string[] = [];
  const total = counts.reduce((a, b) => a + b, 0);
  if (total % 3 !== 2) return out;
  const c = [...counts];
  const sets: string[] = [];
  const find = (from: number): void => {
    let i = from;
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) {
      out.push(`${pair}:${sets.join(',')}`);
      return;
    }
    if (c[i]! >= 3) {
      c[i]! -= 3;
      sets.push(`pung${i}`);
      find(i);
      sets.pop();
      c[i]! += 3;
    }
    if (i < 27 && i % 9 < 7 && c[i]! > 0 && c[i + 1]! > 0 && c[i + 2]! > 0) {
      c[i]!--;
      c[i + 1]!--;
      c[i + 2]!--;
      sets.push(`run${i}`);
      find(i);
      sets.pop();
      c[i]!++;
      c[i + 1]!++;
      c[i + 2]!++;
    }
  };
  let pair = -1;
  for (pair = 0; pair < 34; pair++) {
    if (c[pair]! < 2) continue;
    c[pair]! -= 2;
    find(0);
    c[pair]! += 2;
  }
  return out;
}

describe('decomposeHand', () => {
  it('finds the same decompositions, in the same order, as a search over every pair candidate', () => {
    const r = seededRandom(7);
    let found = 0;
    for (let n = 0; n < 3000; n++) {
      // a pair and sets drawn in one or two suits (winning shapes, often several splits), or loose tiles
      const counts = Array<number>(34).fill(0);
      const suits = [Math.floor(r() * 3) * 9, Math.floor(r() * 3) * 9];
      const kind = () => (r() < 0.1 ? 27 + Math.floor(r() * 7) : suits[Math.floor(r() * 2)]! + Math.floor(r() * 9));
      const add = (k: number, n: number) => {
        if (counts[k]! + n <= 4) counts[k]! += n;
      };
      if (r() < 0.7) {
        add(kind(), 2);
        const sets = Math.floor(r() * 5);
        for (let i = 0; i < sets; i++) {
          const k = kind();
          if (r() < 0.6 && k < 27 && k % 9 < 7) [k, k + 1, k + 2].forEach((t) => add(t, 1));
          else add(k, 3);
        }
      } else {
        const tiles = [2, 5, 8, 11, 14][Math.floor(r() * 5)]!;
        for (let t = 0; t < tiles; t++) add(kind(), 1);
      }
      const got = decomposeHand(counts).map((d) => `${d.pair}:${d.sets.map((s) => `${s.kind}${s.tile}`).join(',')}`);
      expect(got).toEqual(naiveDecompositions(counts));
      found += got.length;
    }
    expect(found).toBeGreaterThan(500);
  });
});
