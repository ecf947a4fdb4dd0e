// Edit-distance alignment of a recognised row with the true row: used to score recognition
// (a missed tile is a deletion, an extra detection an insertion, a misread tile a substitution)
// and to learn from a corrected photo (each recognised crop gets the true tile it lines up with).

export interface AlignedPair {
  /** Index in the recognised row, or null for a true tile that was not found. */
  found: number | null;
  /** Index in the true row, or null for an extra detection. */
  truth: number | null;
}

/** The cost of lining up a recognised tile with a true one: 0 when they are the same, at most 1 (a miss or an extra). */
export type SubstitutionCost = (found: string, truth: string) => number;

const UNIT_COST: SubstitutionCost = (f, t) => (f === t ? 0 : 1);

/**
 * Minimum-cost alignment, in row order: a match costs 0, a misread `substitution` (1 by default), a missed or extra
 * tile 1. Of alignments of equal cost, the backtrace takes a misread first, then an extra tile.
 */
export function alignRows(found: readonly string[], truth: readonly string[], substitution: SubstitutionCost = UNIT_COST): AlignedPair[] {
  const n = found.length;
  const m = truth.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const diagonal = (i: number, j: number) => d[i - 1]![j - 1]! + substitution(found[i - 1]!, truth[j - 1]!);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) d[i]![j] = Math.min(diagonal(i, j), d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
  }
  // costs below 1 are sums of fractions: compared within a tolerance (unit costs are exact either way)
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const pairs: AlignedPair[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && same(d[i]![j]!, diagonal(i, j))) {
      pairs.push({ found: i - 1, truth: j - 1 });
      i--;
      j--;
    } else if (i > 0 && same(d[i]![j]!, d[i - 1]![j]! + 1)) {
      pairs.push({ found: i - 1, truth: null });
      i--;
    } else {
      pairs.push({ found: null, truth: j - 1 });
      j--;
    }
  }
  return pairs.reverse();
}

export interface RowScore {
  truthTiles: number;
  foundTiles: number;
  /** True tiles lined up with a recognised tile (right or wrong). */
  matched: number;
  /** True tiles lined up with a recognised tile of the same class. */
  correct: number;
  /** Recognised tiles lined up with no true tile. */
  extra: number;
  exact: boolean;
}

export function scoreRow(found: readonly string[], truth: readonly string[]): RowScore {
  const pairs = alignRows(found, truth);
  let matched = 0;
  let correct = 0;
  let extra = 0;
  for (const p of pairs) {
    if (p.found !== null && p.truth !== null) {
      matched++;
      if (found[p.found] === truth[p.truth]) correct++;
    } else if (p.truth === null) extra++;
  }
  return {
    truthTiles: truth.length,
    foundTiles: found.length,
    matched,
    correct,
    extra,
    exact: found.length === truth.length && found.every((t, k) => t === truth[k]),
  };
}

/** A misread within one suit (`0p` read as `5p`) costs a little less than one across suits or a miss and an extra. */
const WITHIN_SUIT_COST: SubstitutionCost = (f, t) => (f === t ? 0 : f.length === 2 && f[1] === t[1] ? 0.9 : 1);

/**
 * What went wrong in a recognised row, by kind, for the development measures (`npm run eval`): each true tile read as
 * another (`"0p>5p"`), each true tile not found (`"0p>-"`), each recognised tile on no true tile (`"->5z"`), counted
 * into `into` (a map from that key to its count, which this adds to). Aligned with WITHIN_SUIT_COST: with unit costs
 * a row with a tile missed and one extra has several alignments of the same cost, and the one taken would name
 * arbitrary pairs; so `0p 1m 2m` read as `5p 2m 5z` counts `0p>5p`, `1m>-` and `->5z`.
 */
export function tallyRowErrors(found: readonly string[], truth: readonly string[], into: Map<string, number>): Map<string, number> {
  for (const p of alignRows(found, truth, WITHIN_SUIT_COST)) {
    const t = p.truth === null ? '-' : truth[p.truth]!;
    const f = p.found === null ? '-' : found[p.found]!;
    if (t !== f) into.set(`${t}>${f}`, (into.get(`${t}>${f}`) ?? 0) + 1);
  }
  return into;
}

/** The `n` most frequent kinds of a tally, most frequent first (ties by key), as `0p>5p x5`, joined by commas. */
export function commonRowErrors(tally: Iterable<readonly [string, number]>, n: number): string {
  return [...tally]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([k, c]) => `${k} x${c}`)
    .join(', ');
}
