// A small seedable random number generator (mulberry32): the same seed gives the same questions,
// which makes generated practice hands reproducible in tests and shareable between players.
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** The state, to resume the sequence later. */
  readonly seed: number;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const rng: Rng = {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    int(n) {
      return Math.floor(rng.next() * n);
    },
    chance(p) {
      return rng.next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[rng.int(items.length)] as (typeof items)[number];
    },
    get seed() {
      return a;
    },
  };
  return rng;
}
