/**
 * Wait shapes of a winning tile: every way the tile can complete the hand, read from every decomposition
 * (two-sided, edge, closed, pair (shanpon), single (tanki)), plus seven pairs and thirteen orphans.
 */
import { forEachDecomposition, PUNG_FLAG } from '../decompose.ts';
import { KIND_CODES } from '../tiles.ts';
import { ORPHAN_KINDS } from '../shanten.ts';

export type WaitShapeId = 'ryanmen' | 'penchan' | 'kanchan' | 'shanpon' | 'tanki' | 'kokushi' | 'kokushi13';

export interface WaitShape {
  id: WaitShapeId;
  /** The tiles held that the winning tile completes, in notation (`34m`, `99p`, `5s`). */
  tiles: string;
}

function code(kinds: number[]): string {
  const suit = KIND_CODES[kinds[0] as number]![1] as string;
  return kinds.map((k) => KIND_CODES[k]![0]).join('') + suit;
}

let found: WaitShape[] = [];
let win = 0;

function add(id: WaitShapeId, kinds: number[]): void {
  const tiles = code(kinds);
  if (!found.some((s) => s.id === id && s.tiles === tiles)) found.push({ id, tiles });
}

function visit(pair: number, sets: Uint8Array, n: number): void {
  if (pair === win) add('tanki', [win]);
  for (let i = 0; i < n; i++) {
    const s = sets[i] as number;
    if (s >= PUNG_FLAG) {
      if (s - PUNG_FLAG === win) add('shanpon', [win, win]);
      continue;
    }
    if (win === s + 1) add('kanchan', [s, s + 2]);
    else if (win === s) add(s % 9 === 6 ? 'penchan' : 'ryanmen', [s + 1, s + 2]);
    else if (win === s + 2) add(s % 9 === 0 ? 'penchan' : 'ryanmen', [s, s + 1]);
  }
}

function isSevenPairs(c: Uint8Array): boolean {
  for (let k = 0; k < 34; k++) if (c[k] !== 0 && c[k] !== 2) return false;
  return true;
}

function isOrphans(c: Uint8Array): boolean {
  let total = 0;
  for (const k of ORPHAN_KINDS) {
    if (c[k] === 0) return false;
    total += c[k] as number;
  }
  return total === 14;
}

/**
 * Shapes by which `kind` completes the concealed tiles `concealed` (13 less 3 per meld; `melds` sets outside).
 * Empty when the tile does not complete the hand. `concealed` is restored on return.
 */
export function waitShapes(concealed: Uint8Array, melds: number, kind: number): WaitShape[] {
  found = [];
  win = kind;
  concealed[kind]!++;
  forEachDecomposition(concealed, 4 - melds, visit);
  if (melds === 0) {
    if (isSevenPairs(concealed)) add('tanki', [kind]);
    if (isOrphans(concealed)) add(thirteenSided(concealed, kind) ? 'kokushi13' : 'kokushi', [kind]);
  }
  concealed[kind]!--;
  const out = found;
  found = [];
  return out;
}

/** Before the winning tile the hand held all thirteen orphans once each. */
function thirteenSided(c: Uint8Array, kind: number): boolean {
  return ORPHAN_KINDS.every((k) => (c[k] as number) - (k === kind ? 1 : 0) === 1);
}

/** A wait of the whole hand that spans several winning tiles: single tile on two sides, three-sided. */
export interface WaitPattern {
  id: 'nobetan' | 'sanmenchan';
  /** The tiles held that make it, e.g. `2345m`. */
  tiles: string;
  /** Its winning tiles, e.g. `['2m', '5m']`. */
  waits: string[];
}

/**
 * Patterns of the whole wait: nobetan (four in a row, e.g. 2345m, waits as a single tile on 2m or 5m) and
 * sanmenchan (five in a row, e.g. 23456m, two-sided on 1m, 4m and 7m). `waits`: each winning kind with its shapes.
 */
export function waitPatterns(concealed: Uint8Array, waits: readonly { kind: number; shapes: readonly WaitShape[] }[]): WaitPattern[] {
  const out: WaitPattern[] = [];
  const byKind = new Map(waits.map((w) => [w.kind, w.shapes]));
  const has = (k: number, id: WaitShapeId) => byKind.get(k)?.some((s) => s.id === id) ?? false;
  const holds = (from: number, n: number) => {
    for (let i = 0; i < n; i++) if (concealed[from + i] === 0) return false;
    return true;
  };
  for (let su = 0; su < 27; su += 9) {
    for (let d = 0; d + 3 < 9; d++) {
      const k = su + d;
      if (has(k, 'tanki') && has(k + 3, 'tanki') && holds(k, 4)) out.push({ id: 'nobetan', tiles: code([k, k + 1, k + 2, k + 3]), waits: [KIND_CODES[k]!, KIND_CODES[k + 3]!] });
      if (d + 6 < 9 && has(k, 'ryanmen') && has(k + 3, 'ryanmen') && has(k + 6, 'ryanmen') && holds(k + 1, 5)) {
        out.push({ id: 'sanmenchan', tiles: code([k + 1, k + 2, k + 3, k + 4, k + 5]), waits: [KIND_CODES[k]!, KIND_CODES[k + 3]!, KIND_CODES[k + 6]!] });
      }
    }
  }
  return out;
}
