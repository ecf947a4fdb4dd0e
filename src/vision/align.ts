// Edit-distance alignment of a recognised row with the true row: used to score recognition
// (a missed tile is a deletion, an extra detection an insertion, a misread tile a substitution)
// and to learn from a corrected photo (each recognised crop gets the true tile it lines up with).

export interface AlignedPair {
  /** Index in the recognised row, or null for a true tile that was not found. */
  found: number | null;
  /** Index in the true row, or null for an extra detection. */
  truth: number | null;
}

/** Minimum-cost alignment (unit costs, a match costs 0), in row order. */
export function alignRows(found: readonly string[], truth: readonly string[]): AlignedPair[] {
  const n = found.length;
  const m = truth.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = d[i - 1]![j - 1]! + (found[i - 1] === truth[j - 1] ? 0 : 1);
      d[i]![j] = Math.min(sub, d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
    }
  }
  const pairs: AlignedPair[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (found[i - 1] === truth[j - 1] ? 0 : 1)) {
      pairs.push({ found: i - 1, truth: j - 1 });
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
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

/**
 * What went wrong in a recognised row, by kind, for the development measures (`npm run eval`): each true tile read as
 * another (`"0p>5p"`), each true tile not found (`"0p>-"`), each recognised tile on no true tile (`"->5z"`), counted
 * into `into` (a map from that key to its count, which this adds to). Its own alignment, not alignRows': with unit
 * costs a row with a tile missed and one extra has several alignments of the same cost, and the one taken would
 * name arbitrary pairs; here a misread within one suit costs a little less (0.9), so `0p 1m 2m` read as `5p 2m 5z`
 * counts `0p>5p`, `1m>-` and `->5z`.
 */
export function tallyRowErrors(found: readonly string[], truth: readonly string[], into: Map<string, number>): Map<string, number> {
  const n = found.length;
  const m = truth.length;
  const sub = (f: string, t: string) => (f === t ? 0 : f.length === 2 && f[1] === t[1] ? 0.9 : 1);
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) d[i]![j] = Math.min(d[i - 1]![j - 1]! + sub(found[i - 1]!, truth[j - 1]!), d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
  }
  const add = (key: string) => into.set(key, (into.get(key) ?? 0) + 1);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && Math.abs(d[i]![j]! - (d[i - 1]![j - 1]! + sub(found[i - 1]!, truth[j - 1]!))) < 1e-9) {
      if (found[i - 1] !== truth[j - 1]) add(`${truth[j - 1]}>${found[i - 1]}`);
      i--;
      j--;
    } else if (i > 0 && Math.abs(d[i]![j]! - (d[i - 1]![j]! + 1)) < 1e-9) {
      add(`->${found[i - 1]}`);
      i--;
    } else {
      add(`${truth[j - 1]}>-`);
      j--;
    }
  }
  return into;
}

/** The `n` most frequent kinds of a tally, most frequent first (ties by key), as `0p>5p x5`, joined by commas. */
export function commonRowErrors(tally: ReadonlyMap<string, number>, n: number): string {
  return [...tally]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([k, c]) => `${k} x${c}`)
    .join(', ');
}
