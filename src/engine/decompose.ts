/**
 * Hand decomposition over 34-slot count arrays: every way to split concealed tiles into a pair and
 * sets (runs and pungs). Allocation-free core (`forEachDecomposition`, callback per result) used by the
 * scorer, plus the friendly `decomposeHand` that returns plain objects.
 */

/** Set code in the core: kind for a run starting at kind, 64 + kind for a pung. */
export const PUNG_FLAG = 64;

export type DecompositionVisitor = (pair: number, sets: Uint8Array, n: number) => void;

const stack = new Uint8Array(8);
let visitor: DecompositionVisitor | null = null;
let need = 0;

function findSets(c: Uint8Array, from: number, depth: number): void {
  // the counts hold exactly 3 * need tiles (the callers see to it): with `need` sets found none is left, and
  // before that some tile is, at `from` or after (every kind before it is used up)
  if (depth === need) {
    visitor!(pairKind, stack, depth);
    return;
  }
  let i = from;
  while (i < 34 && c[i] === 0) i++;
  if (i === 34) return;
  const ci = c[i] as number;
  if (ci >= 3) {
    c[i] = ci - 3;
    stack[depth] = PUNG_FLAG + i;
    findSets(c, i, depth + 1);
    c[i] = ci;
  }
  if (i < 27 && i % 9 < 7 && (c[i + 1] as number) > 0 && (c[i + 2] as number) > 0) {
    c[i] = ci - 1;
    c[i + 1]!--;
    c[i + 2]!--;
    stack[depth] = i;
    findSets(c, i, depth + 1);
    c[i] = ci;
    c[i + 1]!++;
    c[i + 2]!++;
  }
}

let pairKind = -1;

/**
 * Call `visit(pair, sets, n)` for every decomposition of `counts` (concealed tiles) into one pair and
 * `setsNeeded` sets; `counts` must hold 2 + 3 * setsNeeded tiles. `sets` is a shared buffer, valid only during the
 * call. `counts` is restored on return. `suitSums`, when the caller has them (the scorer's parser tallies them as it
 * reads the tiles): tiles of each suit m p s at 0..2, the sum of their numbers minus one at 3..5.
 */
export function forEachDecomposition(counts: Uint8Array, setsNeeded: number, visit: DecompositionVisitor, suitSums?: Int32Array): void {
  const prevVisitor = visitor;
  const prevNeed = need;
  const prevPair = pairKind;
  // Sets hold 3 tiles and honours form no runs: the pair lies in the one suit whose count leaves 2 mod 3, or is
  // the one honour held twice. Anything else (a suit leaving 1, an honour held once or four times) has no
  // decomposition. Only the pair candidates of that suit are searched.
  let pairFrom = -1;
  for (let k = 27; k < 34; k++) {
    const v = counts[k] as number;
    if (v === 1 || v === 4) return;
    if (v === 2) {
      if (pairFrom >= 0) return;
      pairFrom = k;
    }
  }
  let pairTo = pairFrom + 1;
  // In the pair's suit, sum(number * count) = 2 * pair (mod 3): every pung (3d) and run (3d + 3) adds 0 mod 3.
  // So the pair's number is 2 * sum (mod 3), and the other two thirds of the candidates cannot decompose.
  let pairStep = 1;
  for (let su = 0; su < 27; su += 9) {
    let total = 0;
    let weighted = 0;
    if (suitSums) {
      total = suitSums[su / 9] as number;
      weighted = suitSums[3 + su / 9] as number;
    } else {
      for (let d = 0; d < 9; d++) {
        const v = counts[su + d] as number;
        total += v;
        weighted += d * v;
      }
    }
    const rest = total % 3;
    if (rest === 1) return;
    if (rest === 2) {
      if (pairFrom >= 0) return;
      pairFrom = su + ((2 * weighted) % 3);
      pairTo = su + 9;
      pairStep = 3;
    }
  }
  if (pairFrom < 0) return;
  visitor = visit;
  need = setsNeeded;
  for (let p = pairFrom; p < pairTo; p += pairStep) {
    if ((counts[p] as number) < 2) continue;
    counts[p]! -= 2;
    pairKind = p;
    findSets(counts, 0, 0);
    counts[p]! += 2;
  }
  visitor = prevVisitor;
  need = prevNeed;
  pairKind = prevPair;
}

export interface DecomposedSet {
  kind: 'run' | 'pung';
  /** Lowest kind of the set (0..33). */
  tile: number;
}
export interface Decomposition {
  pair: number;
  sets: DecomposedSet[];
}

/**
 * Every decomposition of a 34-slot count array into a pair and (total - 2) / 3 sets.
 * Returns [] when the count is not 3n + 2 or no decomposition exists.
 */
export function decomposeHand(counts: ArrayLike<number>): Decomposition[] {
  const c = new Uint8Array(34);
  let total = 0;
  for (let i = 0; i < 34; i++) {
    c[i] = counts[i] ?? 0;
    total += c[i] as number;
  }
  if (total % 3 !== 2) return [];
  const out: Decomposition[] = [];
  forEachDecomposition(c, (total - 2) / 3, (pair, sets, n) => {
    const list: DecomposedSet[] = [];
    for (let i = 0; i < n; i++) {
      const s = sets[i] as number;
      list.push(s >= PUNG_FLAG ? { kind: 'pung', tile: s - PUNG_FLAG } : { kind: 'run', tile: s });
    }
    out.push({ pair, sets: list });
  });
  return out;
}

const TERMINALS_AND_HONOURS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** Seven different pairs (14 concealed tiles). */
export function isChiitoitsu(counts: Uint8Array): boolean {
  let pairs = 0;
  for (let i = 0; i < 34; i++) {
    const v = counts[i] as number;
    if (v === 2) pairs++;
    else if (v !== 0) return false;
  }
  return pairs === 7;
}

/** Thirteen orphans: each terminal and honour once, one of them twice (14 concealed tiles). */
export function isKokushi(counts: Uint8Array): boolean {
  let pair = false;
  let total = 0;
  for (const k of TERMINALS_AND_HONOURS) {
    const v = counts[k] as number;
    if (v === 0 || v > 2) return false;
    if (v === 2) {
      if (pair) return false;
      pair = true;
    }
    total += v;
  }
  return pair && total === 14;
}
