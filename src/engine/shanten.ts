/**
 * Shanten: how many tiles a hand is from ready (0 = ready, tenpai; -1 = complete), for the standard form
 * (sets and a pair), seven pairs and thirteen orphans, and the smallest of the three.
 *
 * Standard form, the usual block count: with m sets (called melds included), t partial sets (two tiles of a
 * set: a pair, two neighbours, two tiles one apart) and p = 1 when a pair is kept for the head,
 * shanten = 8 - 2m - t - p, with at most 4 - m partial sets counted. The hand is split per suit: each suit's
 * best (sets, partial sets) for "head in this suit or not" is found by a small search and remembered by the
 * suit's counts, then the four suits are combined. The copies limit is not considered (a partial set
 * waiting on a tile the hand holds four of still counts), as in the usual definition; `findWaits` lists
 * such tiles apart.
 *
 * Counts are 34-slot arrays of the concealed tiles (kinds as in tiles.ts); `melds` is the number of called
 * melds and closed kans (each one set, outside the counts).
 */

/** Per suit, for p (head taken in this suit: 0/1) and m (sets 0..4) at p * 5 + m: the most partial sets, -1 if none. */
type SuitTable = Int8Array;
const TABLE_SIZE = 10;

// Tables by the suit's counts, base 5 (honours offset): every sub-vector met in a search is a suit vector too,
// so the search below is a dynamic programme over this one cache.
const tables = new Map<number, SuitTable>();
const MAX_TABLES = 300_000;
const HONOUR_KEY = 2_000_000;
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];
const EMPTY: SuitTable = Int8Array.from([0, -1, -1, -1, -1, -1, -1, -1, -1, -1]);

function merge(into: SuitTable, sub: SuitTable, dp: number, dm: number, dt: number): void {
  for (let p = 0; p + dp < 2; p++) {
    for (let m = 0; m + dm < 5; m++) {
      const v = sub[p * 5 + m] as number;
      if (v < 0) continue;
      const i = (p + dp) * 5 + m + dm;
      const t = v + dt > 8 ? 8 : v + dt;
      if ((into[i] as number) < t) into[i] = t;
    }
  }
}

/** The table of the suit counts a[0..len) (key: their base-5 code, plus HONOUR_KEY for honours). */
function tableOf(a: Uint8Array, len: number, key: number, honours: boolean): SuitTable {
  if (key === 0 || key === HONOUR_KEY) return EMPTY;
  const known = tables.get(key);
  if (known) return known;
  let i = 0;
  while (a[i] === 0) i++;
  const out = new Int8Array(TABLE_SIZE).fill(-1);
  const ci = a[i] as number;
  const pi = POW5[i] as number;
  const runs = !honours && i + 2 < len;
  const next1 = !honours && i + 1 < len && (a[i + 1] as number) > 0;
  const next2 = runs && (a[i + 2] as number) > 0;
  if (ci >= 3) {
    a[i] = ci - 3;
    merge(out, tableOf(a, len, key - 3 * pi, honours), 0, 1, 0);
    a[i] = ci;
  }
  if (next1 && next2) {
    a[i] = ci - 1;
    a[i + 1]!--;
    a[i + 2]!--;
    merge(out, tableOf(a, len, key - pi * 31, honours), 0, 1, 0);
    a[i] = ci;
    a[i + 1]!++;
    a[i + 2]!++;
  }
  if (ci >= 2) {
    a[i] = ci - 2;
    const sub = tableOf(a, len, key - 2 * pi, honours);
    merge(out, sub, 1, 0, 0);
    merge(out, sub, 0, 0, 1);
    a[i] = ci;
  }
  if (next1) {
    a[i] = ci - 1;
    a[i + 1]!--;
    merge(out, tableOf(a, len, key - pi * 6, honours), 0, 0, 1);
    a[i] = ci;
    a[i + 1]!++;
  }
  if (next2) {
    a[i] = ci - 1;
    a[i + 2]!--;
    merge(out, tableOf(a, len, key - pi * 26, honours), 0, 0, 1);
    a[i] = ci;
    a[i + 2]!++;
  }
  // tile i left alone (isolated)
  a[i] = ci - 1;
  merge(out, tableOf(a, len, key - pi, honours), 0, 0, 0);
  a[i] = ci;
  if (tables.size >= MAX_TABLES) tables.clear();
  tables.set(key, out);
  return out;
}

const suitWork = new Uint8Array(9);

function suitTable(counts: ArrayLike<number>, start: number, len: number): SuitTable {
  let key = len === 7 ? HONOUR_KEY : 0;
  for (let d = 0; d < len; d++) {
    const c = counts[start + d] as number;
    suitWork[d] = c;
    key += c * (POW5[d] as number);
  }
  return tableOf(suitWork, len, key, len === 7);
}

const acc = new Int8Array(TABLE_SIZE);
const next = new Int8Array(TABLE_SIZE);

/** The standard-form shanten from the four suit tables (m, p, s, honours). */
function combine(t0: SuitTable, t1: SuitTable, t2: SuitTable, t3: SuitTable, melds: number): number {
  acc.fill(-1);
  acc[0] = 0;
  for (let s = 0; s < 4; s++) {
    const table = s === 0 ? t0 : s === 1 ? t1 : s === 2 ? t2 : t3;
    next.fill(-1);
    for (let p1 = 0; p1 < 2; p1++) {
      for (let m1 = 0; m1 < 5; m1++) {
        const a = acc[p1 * 5 + m1] as number;
        if (a < 0) continue;
        for (let p2 = 0; p1 + p2 < 2; p2++) {
          for (let m2 = 0; m1 + m2 < 5; m2++) {
            const b = table[p2 * 5 + m2] as number;
            if (b < 0) continue;
            const i = (p1 + p2) * 5 + m1 + m2;
            if ((next[i] as number) < a + b) next[i] = a + b;
          }
        }
      }
    }
    acc.set(next);
  }
  let best = 8;
  for (let p = 0; p < 2; p++) {
    for (let m = 0; m + melds <= 4; m++) {
      const t = acc[p * 5 + m] as number;
      if (t < 0) continue;
      const sets = m + melds;
      const partial = t < 4 - sets ? t : 4 - sets;
      const sh = 8 - 2 * sets - partial - p;
      if (sh < best) best = sh;
    }
  }
  return best;
}

/** Shanten of the standard form (four sets and a pair). */
export function standardShanten(counts: ArrayLike<number>, melds = 0): number {
  return combine(suitTable(counts, 0, 9), suitTable(counts, 9, 9), suitTable(counts, 18, 9), suitTable(counts, 27, 7), melds);
}

/** Shanten of seven pairs (distinct pairs; a kind held four times is one pair). 99 with melds. */
export function sevenPairsShanten(counts: ArrayLike<number>, melds = 0): number {
  if (melds > 0) return 99;
  let pairs = 0;
  let kinds = 0;
  for (let k = 0; k < 34; k++) {
    const c = counts[k] as number;
    if (c >= 1) kinds++;
    if (c >= 2) pairs++;
  }
  return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

/** The 13 terminal and honour kinds. */
export const ORPHAN_KINDS: readonly number[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** Shanten of thirteen orphans. 99 with melds. */
export function orphansShanten(counts: ArrayLike<number>, melds = 0): number {
  if (melds > 0) return 99;
  let kinds = 0;
  let pair = 0;
  for (const k of ORPHAN_KINDS) {
    const c = counts[k] as number;
    if (c >= 1) kinds++;
    if (c >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

export interface ShantenDetail {
  /** The smallest of the three. */
  shanten: number;
  standard: number;
  /** 99 when the form is impossible (called melds). */
  sevenPairs: number;
  orphans: number;
}

/** Shanten of concealed tile counts (13 or 14 tiles less 3 per meld), the smallest of the three forms. */
export function countShanten(counts: ArrayLike<number>, melds = 0): number {
  const s = standardShanten(counts, melds);
  if (melds > 0 || s < 0) return s;
  const c = sevenPairsShanten(counts);
  const o = orphansShanten(counts);
  return Math.min(s, c, o);
}

export function shantenDetail(counts: ArrayLike<number>, melds = 0): ShantenDetail {
  const standard = standardShanten(counts, melds);
  const sevenPairs = sevenPairsShanten(counts, melds);
  const orphans = orphansShanten(counts, melds);
  return { shanten: Math.min(standard, sevenPairs, orphans), standard, sevenPairs, orphans };
}

export interface ImprovingTile {
  /** Plain tile code, e.g. `3p`. */
  kind: number;
  /** Copies not in the hand, its melds or the given seen tiles (dora indicators). */
  unseen: number;
}

/**
 * The tiles that bring the hand one step closer to ready (lower its shanten when drawn, the best tile then
 * discarded), with their unseen copies. `seen` (optional): counts of other visible tiles (dora indicators).
 * `all`: counts of the hand's tiles including its melds (for the copies), default `counts`.
 */
export function improvingTiles(counts: Uint8Array, melds: number, all: ArrayLike<number> = counts, seen?: ArrayLike<number>): ImprovingTile[] {
  const base = countShanten(counts, melds);
  const standard = standardShanten(counts, melds);
  const tables = [suitTable(counts, 0, 9), suitTable(counts, 9, 9), suitTable(counts, 18, 9), suitTable(counts, 27, 7)];
  const out: ImprovingTile[] = [];
  for (let k = 0; k < 34; k++) {
    const held = all[k] as number;
    if (held >= 4) continue;
    counts[k]!++;
    // a tile with no held tile of its suit within two makes no set, partial set or pair: the standard form is
    // unchanged; otherwise only its suit's table changes
    let s = standard;
    if (nearHeld(counts, k)) {
      const su = (k / 9) | 0;
      const t = suitTable(counts, su * 9, su === 3 ? 7 : 9);
      s = combine(su === 0 ? t : tables[0]!, su === 1 ? t : tables[1]!, su === 2 ? t : tables[2]!, su === 3 ? t : tables[3]!, melds);
    }
    if (melds === 0 && s >= base) s = Math.min(s, sevenPairsShanten(counts), orphansShanten(counts));
    counts[k]!--;
    if (s < base) {
      const unseen = 4 - held - ((seen?.[k] as number | undefined) ?? 0);
      out.push({ kind: k, unseen: unseen > 0 ? unseen : 0 });
    }
  }
  return out;
}

/** Whether the tile just added at `k` has another tile of its kind, or of its suit within two. */
function nearHeld(c: ArrayLike<number>, k: number): boolean {
  if ((c[k] as number) > 1) return true;
  if (k >= 27) return false;
  const d = k % 9;
  return (d >= 1 && c[k - 1] !== 0) || (d >= 2 && c[k - 2] !== 0) || (d <= 7 && c[k + 1] !== 0) || (d <= 6 && c[k + 2] !== 0);
}
