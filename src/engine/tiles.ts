/**
 * Tiles and the standard text notation.
 *
 * Internally a tile kind is an integer 0..33:
 *   0..8   = 1m..9m (characters / man)
 *   9..17  = 1p..9p (circles / pin)
 *   18..26 = 1s..9s (bamboo / sou)
 *   27..33 = 1z..7z = East, South, West, North, White, Green, Red
 * Red fives are kind 4 / 13 / 22 with a separate "red" mark; in text they are written `0m 0p 0s`.
 *
 * Text notation: digits followed by their suit letter, e.g. `123m406p789s11z`; `0` is a red five.
 * Whitespace between groups is allowed when parsing. `formatTiles` groups consecutive tiles of
 * the same suit in the order given, so parse -> format -> parse is the identity on the tile list.
 */
import { EngineError } from './errors.ts';

/** A tile code as used at the API boundary: `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `1z`..`7z`, `0m`/`0p`/`0s` (red fives). */
export type Tile = string;

export const SUITS = ['m', 'p', 's', 'z'] as const;
export type Suit = (typeof SUITS)[number];

export const KIND_COUNT = 34;
export const EAST = 27;
export const SOUTH = 28;
export const WEST = 29;
export const NORTH = 30;
export const WHITE = 31;
export const GREEN = 32;
export const RED = 33;

/** Every kind, as its plain (non-red) code. */
export const KIND_CODES: readonly string[] = Array.from({ length: KIND_COUNT }, (_, k) => `${(k % 9) + 1}${SUITS[Math.floor(k / 9)]}`);

export function isHonour(kind: number): boolean {
  return kind >= 27;
}
export function isTerminal(kind: number): boolean {
  return kind < 27 && (kind % 9 === 0 || kind % 9 === 8);
}
export function isTerminalOrHonour(kind: number): boolean {
  return kind >= 27 || kind % 9 === 0 || kind % 9 === 8;
}
export function isSimple(kind: number): boolean {
  return kind < 27 && kind % 9 !== 0 && kind % 9 !== 8;
}
export function isDragon(kind: number): boolean {
  return kind >= WHITE;
}
export function isWind(kind: number): boolean {
  return kind >= EAST && kind <= NORTH;
}
/** 0 = man, 1 = pin, 2 = sou, 3 = honours. */
export function suitOf(kind: number): number {
  return (kind / 9) | 0;
}

/** The dora shown by an indicator: next in its suit (9 -> 1), N -> E for winds, Red -> White for dragons. */
export function doraFromIndicator(kind: number): number {
  if (kind < 27) return kind % 9 === 8 ? kind - 8 : kind + 1;
  if (kind <= NORTH) return kind === NORTH ? EAST : kind + 1;
  return kind === RED ? WHITE : kind + 1;
}

/** A parsed tile: its kind index and whether it is a red five. */
export interface TileValue {
  kind: number;
  red: boolean;
}

/** Code of one tile value (`0p` for a red five pin). */
export function tileCode(kind: number, red = false): Tile {
  if (red) return `0${SUITS[suitOf(kind)]}`;
  return KIND_CODES[kind] as string;
}

/** Suit index (m p s z: 0..3) of a suit letter's character code, -1 for any other character below 128. */
export const SUIT_OF_CODE = new Int8Array(128).fill(-1);
SUIT_OF_CODE[109] = 0;
SUIT_OF_CODE[112] = 1;
SUIT_OF_CODE[115] = 2;
SUIT_OF_CODE[122] = 3;

/**
 * Kind index of a single tile code (`'5p'` -> 13, `'0p'` -> 13), or -1 when it is not a tile. The scorer reads
 * the winning tile and one-tile indicators with it, so it reads character codes (no string property lookup).
 */
export function tileKind(code: string): number {
  if (code.length !== 2) return -1;
  const d = code.charCodeAt(0) - 48;
  const c = code.charCodeAt(1);
  const s = c < 128 ? (SUIT_OF_CODE[c] as number) : -1;
  if (s < 0 || d < 0 || d > 9) return -1;
  if (s === 3) return d >= 1 && d <= 7 ? 27 + d - 1 : -1;
  return d === 0 ? s * 9 + 4 : s * 9 + d - 1;
}
export function isRedCode(code: string): boolean {
  return code.length === 2 && code[0] === '0';
}

/**
 * Low-level parser of parseTiles and tryParseTiles (the scorer scans with its own allocation-free loop, hand.ts):
 * Accepts spaces between groups. Rejects digits without a suit, unknown letters, `0z`, `8z`, `9z`.
 */
export function parseTileValues(text: string, out: TileValue[]): EngineError | null {
  let pendingStart = -1;
  let pending = 0;
  const digits: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (pendingStart < 0) pendingStart = i;
      digits.push(c - 48);
      pending++;
      continue;
    }
    if (c === 32 || c === 9) {
      continue;
    }
    const s = c < 128 ? (SUIT_OF_CODE[c] as number) : -1;
    if (s < 0) {
      // the whole character: an emoji or a mahjong tile character (U+1F000...) is two UTF-16 units
      return new EngineError('UNKNOWN_TILE', { text, char: String.fromCodePoint(text.codePointAt(i) as number), position: i });
    }
    if (pending === 0) {
      return new EngineError('UNKNOWN_TILE', { text, char: text[i] as string, position: i });
    }
    for (const d of digits) {
      if (s === 3) {
        if (d < 1 || d > 7) return new EngineError('UNKNOWN_TILE', { text, char: `${d}z`, position: pendingStart });
        out.push({ kind: 27 + d - 1, red: false });
      } else if (d === 0) {
        out.push({ kind: s * 9 + 4, red: true });
      } else {
        out.push({ kind: s * 9 + d - 1, red: false });
      }
    }
    digits.length = 0;
    pending = 0;
    pendingStart = -1;
  }
  if (pending > 0) {
    return new EngineError('UNKNOWN_TILE', { text, char: text.slice(pendingStart), position: pendingStart });
  }
  return null;
}

/** Result of a parse that never throws. */
export type ParseTilesResult = { ok: true; tiles: Tile[] } | { ok: false; error: { code: string; message: string } };

/** Parse notation into tile codes, in the order written. Never throws. */
export function tryParseTiles(text: string): ParseTilesResult {
  if (typeof text !== 'string') {
    const e = new EngineError('UNKNOWN_TILE', { text: String(text), char: '', position: 0 });
    return { ok: false, error: { code: e.code, message: e.message } };
  }
  const values: TileValue[] = [];
  const err = parseTileValues(text, values);
  if (err) return { ok: false, error: { code: err.code, message: err.message } };
  return { ok: true, tiles: values.map((v) => tileCode(v.kind, v.red)) };
}

/**
 * Parse notation (`'123m406p'`) into tile codes (`['1m','2m','3m','4p','0p','6p']`).
 * Throws an `EngineError` (code `UNKNOWN_TILE`) on text that is not tiles; use `tryParseTiles` for a result object.
 */
export function parseTiles(text: string): Tile[] {
  const values: TileValue[] = [];
  const err = parseTileValues(text, values);
  if (err) throw err;
  return values.map((v) => tileCode(v.kind, v.red));
}

/** How many of each kind (34 slots) among tile kinds. */
export function kindCounts(kinds: readonly number[]): Uint8Array {
  const counts = new Uint8Array(KIND_COUNT);
  for (const k of kinds) counts[k]!++;
  return counts;
}

/** Print tile codes in notation, grouping runs of the same suit: `['1m','2m','5p']` -> `'12m5p'`. */
export function formatTiles(tiles: readonly Tile[]): string {
  let out = '';
  let suit = '';
  for (const t of tiles) {
    const s = t[1] ?? '';
    if (s !== suit && suit !== '') out += suit;
    out += t[0];
    suit = s;
  }
  return out + suit;
}

/** Sort tile codes in the usual display order (m, p, s, z; red five sorted as a five, before the plain five). */
export function sortTiles(tiles: readonly Tile[]): Tile[] {
  return [...tiles].sort((a, b) => tileKind(a) - tileKind(b) || (isRedCode(b) ? 1 : 0) - (isRedCode(a) ? 1 : 0));
}

/** The UNKNOWN_TILE error for text the scorer's scanner (hand.ts) refused: the same message as parseTiles gives. */
export function tileTextError(text: string): EngineError {
  const values: TileValue[] = [];
  return parseTileValues(text, values) ?? new EngineError('UNKNOWN_TILE', { text, char: text, position: 0 });
}

/**
 * Red fives of one kind a set has (rules.redFivesInSet): one each of 5m, 5p, 5s in a set of three; a set of four has
 * two red 5p. 0 for every other kind.
 */
export function redFivesOfKind(kind: number, redFivesInSet: 3 | 4): number {
  if (kind !== 4 && kind !== 13 && kind !== 22) return 0;
  return redFivesInSet === 4 && kind === 13 ? 2 : 1;
}
