// When the row as read is not a winning hand, the one-tile mends that make it one, most likely first.
//
// On tile sets the model has never seen a hand is often one tile off: one misread (a 9s read as 6s), one tile missed
// (a blank White dragon on a white table) or one extra (a discard beside the row). The joint reading
// (jointReading.ts) already changes unsure tiles when that makes a winning hand, but it leaves sure tiles and
// readings outside each tile's top-k alone. What is left is for the player, and the player fixes it faster from a
// short list ("9 Bamboo → 6 Bamboo?") than by checking 14 tiles against the photo. This module finds, by brute force
// (at most 14 × 33 shape checks, well under a millisecond), every single change, addition or removal of a
// concealed tile that gives a complete hand (4 sets and a pair, seven pairs, thirteen orphans) within the copy rules,
// and orders them by what the classifier said of the tile: a change to one of the tile's own guesses first (by that
// guess's probability), then changes of the tiles it was least sure of. Melds (a kan counted as 3) are kept as they
// are; four tiles of one kind side by side are also offered as a kan (a kan laid face up reads as a tile too many).
// Pure: the review screen, the CLI and `npm run eval` share it.

import { forEachDecomposition, isChiitoitsu, isKokushi } from '../engine/decompose.ts';
import { KIND_CODES, tileKind as kindIndex } from '../engine/tiles.ts';
import { MAX_COPIES, RED_FIVES_PER_SUIT } from './handRules.ts';
import { kanGroups } from './jointReading.ts';
import { isRedFive, isTileCode, tileSuit } from './tiles.ts';

const KINDS = 34;

/** Mends offered at once (the rest are counted): the review shows them, the CLI lists them, the eval scores them. */
export const MENDS_SHOWN = 3;

export interface FixTile {
  /** The tile as now read: a tile code, or `back`. */
  tile: string;
  /** What the classifier read (its first choice included), best first, with probabilities; [] for a tile added by hand. */
  guesses: readonly { tile: string; score: number }[];
  /** How sure the classifier was of the current reading (0 for a tile added by hand). */
  score: number;
  /** Tiles sharing a meld id form one called meld or kan (counted as one set; never changed); undefined: concealed. */
  meld?: number;
  /** Set by the player: counted, never changed or removed. */
  locked?: boolean;
}

export interface FixContext {
  /** Tiles seen outside the row (dora indicators): they count towards four of a kind. */
  otherTiles?: readonly string[];
  /** Red fives of each suit m, p, s the set has (handRules.ts). */
  redFivesPerSuit?: readonly number[];
}

export interface TileChange {
  kind: 'change';
  /** Index of the tile in the row given. */
  index: number;
  from: string;
  to: string;
  /** The classifier's probability for the kind of `to` on this tile, red and plain fives together (0 when not among its guesses). */
  evidence: number;
}
export interface TileAddition {
  kind: 'add';
  to: string;
}
export interface TileRemoval {
  kind: 'remove';
  index: number;
  from: string;
  /** How sure the classifier was of the tile (the least sure first). */
  evidence: number;
}
/**
 * Four tiles of one kind side by side in the concealed row, which count as 3 once they are a kan: laid face up for
 * the photo, a kan the row did not set apart reads as four concealed tiles, one too many.
 */
export interface TilesAsKan {
  kind: 'kan';
  /** Indices of the four tiles, in row order (consecutive). */
  indices: number[];
  tile: string;
  /** The hand once they are a kan: complete, or a tile from it (whose own mends the player sees once it is made). */
  then: 'complete' | 'incomplete';
}
export type HandFix = TileChange | TileAddition | TileRemoval | TilesAsKan;

export type HandFixes =
  /** Not a question of one tile: a tile back outside a kan, an invalid meld, or a count two or more away from 14. */
  | { status: 'not-applicable' }
  | { status: 'complete' }
  /** 13, 14 or 15 tiles (a kan counted as 3) that are not a winning hand: the one-tile mends, most likely first
   * (an empty list when no single tile mends it). */
  | { status: 'incomplete'; count: number; fixes: HandFix[] };

interface Parsed {
  concealed: number[]; // row indices of concealed tiles
  counts: Uint8Array; // concealed kinds
  copies: Uint8Array; // every tile seen (row, melds, other tiles), for the four-of-a-kind rule
  reds: Uint8Array; // red fives per suit, the same
  sets: number; // melds, each one set
  effective: number; // tiles counted for the hand's size (a kan as 3)
}

function parse(tiles: readonly FixTile[], context: FixContext): Parsed | null {
  const counts = new Uint8Array(KINDS);
  const copies = new Uint8Array(KINDS);
  const reds = new Uint8Array(3);
  const concealed: number[] = [];
  const melds = new Map<number, number[]>();
  const see = (code: string): boolean => {
    if (!isTileCode(code)) return false;
    copies[kindIndex(code)]!++;
    const s = tileSuit(code);
    if (isRedFive(code) && s) reds['mps'.indexOf(s)]!++;
    return true;
  };
  for (const code of context.otherTiles ?? []) see(code);
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i]!;
    if (t.meld !== undefined) {
      melds.set(t.meld, [...(melds.get(t.meld) ?? []), i]);
      continue;
    }
    if (!see(t.tile)) return null; // a back outside a kan: the player says what it is first
    concealed.push(i);
    counts[kindIndex(t.tile)]!++;
  }
  let effective = concealed.length;
  for (const members of melds.values()) {
    // A meld's backs (a closed kan) take the kind of its faces.
    const faces = members.map((i) => tiles[i]!.tile).filter(isTileCode);
    if (!faces.length) return null;
    const kinds = members.map((i) => (isTileCode(tiles[i]!.tile) ? kindIndex(tiles[i]!.tile) : kindIndex(faces[0]!)));
    for (let j = 0; j < members.length; j++) {
      const code = tiles[members[j]!]!.tile;
      if (!see(code)) copies[kinds[j]!]!++;
    }
    if (!validSet(kinds)) return null;
    effective += 3;
  }
  return { concealed, counts, copies, reds, sets: melds.size, effective };
}

/** Three of a kind, four of a kind (a kan) or three in a row of one suit. */
function validSet(kinds: readonly number[]): boolean {
  const k = [...kinds].sort((a, b) => a - b);
  if ((k.length === 3 || k.length === 4) && k.every((x) => x === k[0])) return true;
  return k.length === 3 && k[0]! < 27 && Math.floor(k[0]! / 9) === Math.floor(k[2]! / 9) && k[1] === k[0]! + 1 && k[2] === k[0]! + 2;
}

function complete(counts: Uint8Array, sets: number): boolean {
  if (sets === 0 && (isChiitoitsu(counts) || isKokushi(counts))) return true;
  let found = false;
  forEachDecomposition(counts, 4 - sets, () => {
    found = true;
  });
  return found;
}

/**
 * The code a tile of this kind would take (the guess of that kind when there is one, so a red five stays red while the
 * set has one left) and the classifier's probability for the kind (its red and plain fives together).
 */
function codeFor(kind: number, guesses: FixTile['guesses'], reds: Uint8Array, redMax: readonly number[]): { code: string; evidence: number } {
  let code = KIND_CODES[kind]!;
  let bestScore = 0;
  let evidence = 0;
  for (const g of guesses) {
    if (!isTileCode(g.tile) || kindIndex(g.tile) !== kind) continue;
    evidence += g.score;
    const s = tileSuit(g.tile);
    if (isRedFive(g.tile) && s && reds['mps'.indexOf(s)]! >= redMax['mps'.indexOf(s)]!) continue;
    if (g.score > bestScore) {
      bestScore = g.score;
      code = g.tile;
    }
  }
  return { code, evidence };
}

/**
 * Whether the row as read is a winning hand, and if it is one tile away, every one-tile mend (see the top of the file).
 * Four tiles of one kind side by side that would be a winning hand as a kan come first; those that would be a tile
 * from one come after the changes the reader's guesses back.
 */
export function oneTileFixes(tiles: readonly FixTile[], context: FixContext = {}): HandFixes {
  const plain = fixesWithoutKans(tiles, context);
  if (plain.status === 'complete') return plain;
  const kans: TilesAsKan[] = [];
  const meldIds = tiles.flatMap((t) => (t.meld === undefined ? [] : [t.meld]));
  const kanMeld = (meldIds.length ? Math.max(...meldIds) : -1) + 1;
  for (let i = 0; i + 3 < tiles.length; i++) {
    const run = [i, i + 1, i + 2, i + 3];
    const first = tiles[i]!.tile;
    if (!isTileCode(first) || run.some((k) => tiles[k]!.meld !== undefined || !isTileCode(tiles[k]!.tile) || kindIndex(tiles[k]!.tile) !== kindIndex(first))) continue;
    const asKan = fixesWithoutKans(tiles.map((t, k) => (run.includes(k) ? { ...t, meld: kanMeld } : t)), context);
    if (asKan.status === 'complete' || (asKan.status === 'incomplete' && asKan.fixes.length > 0)) kans.push({ kind: 'kan', indices: run, tile: first, then: asKan.status });
  }
  if (!kans.length) return plain;
  // A kan that makes a winning hand first; one that leaves a tile to find after the changes the reader backs.
  const rest = plain.status === 'incomplete' ? plain.fixes : [];
  const backed = rest.filter((f) => f.kind === 'change' && f.evidence > 0);
  const fixes = [...kans.filter((k) => k.then === 'complete'), ...backed, ...kans.filter((k) => k.then === 'incomplete'), ...rest.filter((f) => !backed.includes(f))];
  return { status: 'incomplete', count: plain.status === 'incomplete' ? plain.count : parse(tiles, context)!.effective, fixes };
}

function fixesWithoutKans(tiles: readonly FixTile[], context: FixContext): HandFixes {
  const p = parse(tiles, context);
  if (!p || p.effective < 13 || p.effective > 15) return { status: 'not-applicable' };
  if (p.copies.some((v) => v > MAX_COPIES)) return { status: 'not-applicable' }; // a fifth copy: its own problem
  const redMax = context.redFivesPerSuit ?? RED_FIVES_PER_SUIT;
  const { counts, copies, sets } = p;
  if (p.effective === 14 && complete(counts, sets)) return { status: 'complete' };
  const fixes: HandFix[] = [];

  if (p.effective === 14) {
    // Each (kind read, kind meant) once: on the tile whose guesses back it most, else on the least sure tile.
    const best = new Map<string, TileChange>();
    const order = [...p.concealed].sort((a, b) => tiles[a]!.score - tiles[b]!.score);
    for (const i of order) {
      const t = tiles[i]!;
      if (t.locked) continue;
      const from = kindIndex(t.tile);
      counts[from]!--;
      for (let to = 0; to < KINDS; to++) {
        if (to === from || copies[to]! >= MAX_COPIES) continue;
        counts[to]!++;
        if (complete(counts, sets)) {
          const { code, evidence } = codeFor(to, t.guesses, p.reds, redMax);
          const key = `${from}>${to}`;
          const known = best.get(key);
          if (!known || evidence > known.evidence) best.set(key, { kind: 'change', index: i, from: t.tile, to: code, evidence });
        }
        counts[to]!--;
      }
      counts[from]!++;
    }
    // The model's own guesses first, by probability; then the changes of the least sure tiles (a stable sort keeps
    // the order found).
    const tileScore = (c: TileChange) => tiles[c.index]!.score;
    fixes.push(...[...best.values()].sort((a, b) => b.evidence - a.evidence || tileScore(a) - tileScore(b)));
  } else if (p.effective === 13) {
    for (let to = 0; to < KINDS; to++) {
      if (copies[to]! >= MAX_COPIES) continue;
      counts[to]!++;
      if (complete(counts, sets)) fixes.push({ kind: 'add', to: KIND_CODES[to]! });
      counts[to]!--;
    }
  } else {
    const seen = new Set<number>();
    const order = [...p.concealed].sort((a, b) => tiles[a]!.score - tiles[b]!.score);
    for (const i of order) {
      if (tiles[i]!.locked) continue;
      const from = kindIndex(tiles[i]!.tile);
      if (seen.has(from)) continue; // one removal per kind: the least sure tile of it
      seen.add(from);
      counts[from]!--;
      if (complete(counts, sets)) fixes.push({ kind: 'remove', index: i, from: tiles[i]!.tile, evidence: tiles[i]!.score });
      counts[from]!++;
    }
  }
  return { status: 'incomplete', count: p.effective, fixes };
}

/**
 * A hand as the player typed it (the Hand screen, `riichi-lens score`): its concealed tiles (the winning tile among
 * them), then each meld's tiles; every tile as sure as written, no guesses.
 */
export function typedHandTiles(concealed: readonly string[], melds: readonly (readonly string[])[]): FixTile[] {
  return [
    ...concealed.map((tile) => ({ tile, score: 1, guesses: [] })),
    ...melds.flatMap((tiles, k) => tiles.map((tile) => ({ tile, score: 1, guesses: [], meld: k }))),
  ];
}

/** The changes of one tile among a row's mends when it is 14 tiles that do not win ([] for any other row). */
export function tileChangesOf(fixes: HandFixes): TileChange[] {
  return fixes.status === 'incomplete' && fixes.count === 14 ? fixes.fixes.filter((f): f is TileChange => f.kind === 'change') : [];
}

/** Changes listed at once for a hand the player typed (most hands with one tile wrong have 1 to 3; 95% at most 6). */
export const TYPED_CHANGES_SHOWN = 6;

/**
 * The row parsed without one of its concealed tiles (a tile back included): what is left of it, for the tile menu's
 * questions about that tile. Null for a tile in a meld, or a row that cannot be parsed (another back, a bad meld).
 */
function parseWithout(tiles: readonly FixTile[], index: number, context: FixContext): Parsed | null {
  const tapped = tiles[index];
  if (!tapped || tapped.meld !== undefined) return null;
  // A back stands in as any kind while the row is parsed; that kind is taken out again just below.
  const stand = isTileCode(tapped.tile) ? tapped.tile : KIND_CODES[0]!;
  const p = parse(stand === tapped.tile ? tiles : tiles.map((t, i) => (i === index ? { ...t, tile: stand } : t)), context);
  if (!p) return null;
  const kind = kindIndex(stand);
  p.counts[kind]!--;
  p.copies[kind]!--;
  if (isRedFive(stand)) p.reds['mps'.indexOf(tileSuit(stand)!)]!--;
  p.concealed = p.concealed.filter((i) => i !== index);
  p.effective--;
  return p;
}

/**
 * The kinds one tile could be for the row to be a winning hand, every other tile as it is: what the tile menu offers
 * beside the reader's guesses when the player taps a tile they see is misread (or a tile back the reader could not
 * read). Only for a row of 14 tiles (a kan counted as 3) whose tile is concealed; a fifth copy that the tile itself
 * makes is no bar, since it is the tile being changed. The tile's current kind is left out. The reader's guesses
 * for the tile come first, by probability, then the others in kind order; each as the code oneTileFixes would
 * give it (a red five while the set has one left and the reader guessed it).
 */
export function winningKindsAt(tiles: readonly FixTile[], index: number, context: FixContext = {}): string[] {
  const p = parseWithout(tiles, index, context);
  if (!p || p.effective !== 13 || p.copies.some((v) => v > MAX_COPIES)) return [];
  const tapped = tiles[index]!;
  const current = isTileCode(tapped.tile) ? kindIndex(tapped.tile) : -1;
  const redMax = context.redFivesPerSuit ?? RED_FIVES_PER_SUIT;
  const found: { code: string; evidence: number; kind: number }[] = [];
  for (let to = 0; to < KINDS; to++) {
    if (to === current || p.copies[to]! >= MAX_COPIES) continue;
    p.counts[to]!++;
    if (complete(p.counts, p.sets)) found.push({ ...codeFor(to, tapped.guesses, p.reds, redMax), kind: to });
    p.counts[to]!--;
  }
  return found.sort((a, b) => b.evidence - a.evidence || a.kind - b.kind).map((f) => f.code);
}

/**
 * Whether the row is a winning hand without this tile: for a row of 15 (a kan counted as 3), the tile menu marks
 * its Delete so (an extra tile from a neighbouring row, a discard, a flower). A fifth copy the tile makes is no bar.
 */
export function winsWithout(tiles: readonly FixTile[], index: number, context: FixContext = {}): boolean {
  const p = parseWithout(tiles, index, context);
  return !!p && p.effective === 14 && !p.copies.some((v) => v > MAX_COPIES) && complete(p.counts, p.sets);
}

/**
 * The rows of a recognition as oneTileFixes reads them: each tile with its guesses (its reading first), in the melds
 * given (row indices, as score-photo reads them), or else with each group set apart of four tiles of one kind as a
 * kan, as the joint reading counts it (jointReading.ts kanGroups).
 */
export function fixTilesOf(
  tiles: readonly { tile: string; score: number; alternatives: readonly { tile: string; score: number }[]; group: number }[],
  melds?: readonly { indices: readonly number[] }[],
): FixTile[] {
  const meldOf = new Map<number, number>();
  if (melds) melds.forEach((m, k) => m.indices.forEach((i) => meldOf.set(i, k)));
  else {
    const kans = kanGroups(tiles.map((t) => t.tile), tiles.map((t) => t.group));
    tiles.forEach((t, i) => kans.has(t.group) && meldOf.set(i, t.group));
  }
  return tiles.map((t, i) => ({ tile: t.tile, score: t.score, guesses: [{ tile: t.tile, score: t.score }, ...t.alternatives], ...(meldOf.has(i) ? { meld: meldOf.get(i)! } : {}) }));
}
