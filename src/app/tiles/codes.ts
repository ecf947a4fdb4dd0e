// Tile codes as the engine writes them: 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N White Green Red), red fives 0m 0p 0s.
export type TileCode = string;

export const SUITS = ['m', 'p', 's'] as const;

/** The 34 kinds in palette order, then the three red fives. */
/** The palette: one row per suit (nine tiles fit a 360 px phone row), then the red fives. */
export const PALETTE_ROWS: TileCode[][] = [
  ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m'],
  ['1p', '2p', '3p', '4p', '5p', '6p', '7p', '8p', '9p'],
  ['1s', '2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s'],
  ['1z', '2z', '3z', '4z', '5z', '6z', '7z'],
  ['0m', '0p', '0s'],
];

export const ALL_CODES: TileCode[] = PALETTE_ROWS.flat();

const TILE_RE = /^[0-9][mps]$|^[1-7]z$/;
export function isTileCode(code: string): code is TileCode {
  return TILE_RE.test(code);
}

/** The kind of a tile: red fives are fives. */
export function kindOf(code: TileCode): TileCode {
  return code[0] === '0' ? `5${code[1]}` : code;
}

export function isRedFive(code: TileCode): boolean {
  return code[0] === '0';
}

const suitOrder: Record<string, number> = { m: 0, p: 1, s: 2, z: 3 };
/** Sort key: suit, then number, a red five just before its plain fives. */
export function tileSortKey(code: TileCode): number {
  const n = Number(code[0]);
  return (suitOrder[code[1] ?? 'z'] ?? 3) * 100 + (n === 0 ? 49 : n * 10);
}

export function sortTiles(tiles: readonly TileCode[]): TileCode[] {
  return [...tiles].sort((a, b) => tileSortKey(a) - tileSortKey(b));
}

/** Parse compact notation like `123m406p77z` into codes. Returns null on anything it does not understand. */
export function parseNotation(text: string): TileCode[] | null {
  const out: TileCode[] = [];
  let digits = '';
  for (const ch of text.replace(/\s+/g, '')) {
    if (ch >= '0' && ch <= '9') digits += ch;
    else if ('mpsz'.includes(ch)) {
      if (!digits) return null;
      for (const d of digits) {
        const code = `${d}${ch}`;
        if (!isTileCode(code)) return null;
        out.push(code);
      }
      digits = '';
    } else return null;
  }
  return digits ? null : out;
}

/** Print codes in compact notation, keeping the given order (`1m2m3p` → `12m3p`). */
export function formatNotation(tiles: readonly TileCode[]): string {
  let out = '';
  let run = '';
  let suit = '';
  for (const t of tiles) {
    if (t[1] !== suit && run) {
      out += run + suit;
      run = '';
    }
    suit = t[1] ?? '';
    run += t[0];
  }
  return run ? out + run + suit : out;
}

/** Next tile in sequence, as a dora indicator points: 9→1, N→E, Red→White. */
export function doraFromIndicator(code: TileCode): TileCode {
  const k = kindOf(code);
  const n = Number(k[0]);
  const s = k[1];
  if (s === 'z') return n <= 4 ? `${(n % 4) + 1}z` : `${((n - 5 + 1) % 3) + 5}z`;
  return `${(n % 9) + 1}${s}`;
}
