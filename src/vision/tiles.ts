import { formatTiles } from '../engine/index.ts';

// Tile codes as used by the engine: 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N White Green Red),
// red fives 0m 0p 0s. The classifier has one extra class, the tile back, written 'back'.

export const BACK = 'back';
/** The White dragon, blank in riichi sets: what the classifier reads on any blank light shape too. */
export const WHITE_DRAGON = '5z';

const TILE_RE = /^([0-9])([mpsz])$/;

export function isTileCode(code: string): boolean {
  const m = TILE_RE.exec(code);
  if (!m) return false;
  const n = Number(m[1]);
  return m[2] === 'z' ? n >= 1 && n <= 7 : true;
}

export function isRedFive(code: string): boolean {
  return code === '0m' || code === '0p' || code === '0s';
}

/** The kind a tile counts as for the four-of-a-kind rule: red fives count as fives. 'back' has no kind. */
export function tileKind(code: string): string | null {
  if (!isTileCode(code)) return null;
  return isRedFive(code) ? `5${code[1]}` : code;
}

/** A five and its red five of one suit, in either order (5m and 0m): the pair only colour tells apart. */
export function isFivePair(a: string, b: string): boolean {
  return a !== b && tileKind(a) === tileKind(b) && tileKind(a)?.[0] === '5';
}

/** Suit letter of a tile code ('m', 'p', 's', 'z'), or null for 'back' / unknown codes. */
export function tileSuit(code: string): string | null {
  return isTileCode(code) ? (code[1] ?? null) : null;
}

/**
 * Compact hand notation, left to right as given: runs of the same suit share one suit letter
 * ('1m2m3m4p' -> '123m4p'). A tile back is written '?', which the engine's parser does not accept:
 * the score-photo command resolves backs (closed kans) before scoring.
 */
export function formatHandString(codes: readonly string[]): string {
  // The engine's notation for runs of tiles, with '?' standing for each tile back.
  let out = '';
  let run: string[] = [];
  for (const code of codes) {
    if (isTileCode(code)) run.push(code);
    else {
      out += formatTiles(run) + '?';
      run = [];
    }
  }
  return out + formatTiles(run);
}

/** Parses compact notation ('123m0p?') into codes; '?' is a back. Returns null when malformed. */
export function parseHandString(text: string): string[] | null {
  const out: string[] = [];
  let pending: string[] = [];
  for (const ch of text.replace(/\s+/g, '')) {
    if (/[0-9]/.test(ch)) pending.push(ch);
    else if (/[mpsz]/.test(ch)) {
      if (pending.length === 0) return null;
      for (const d of pending) {
        const code = d + ch;
        if (!isTileCode(code)) return null;
        out.push(code);
      }
      pending = [];
    } else if (ch === '?') {
      if (pending.length) return null;
      out.push(BACK);
    } else return null;
  }
  return pending.length ? null : out;
}
