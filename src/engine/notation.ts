/**
 * Hand notation: one readable string for a whole winning hand, used by the command line and the app.
 *
 *   234m067p11z55s [345s] +5p
 *
 *   tiles          concealed tiles in the standard notation (`0` = red five); spaces are free
 *   [345s]         a called meld: chi when the 3 tiles are a sequence, pon when identical, open kan for 4 identical
 *   {5555m}        an added kan (a pon extended with the fourth tile)
 *   (5555m)        a closed kan
 *   +5p            the winning tile (added to the concealed tiles); without `+`, the last concealed tile written
 *                  is the winning tile
 *
 * `parseHand` gives the `closed` / `melds` / `win_tile` fields of a HandInput (closed includes the
 * winning tile); `formatHand` prints them back with the winning tile after `+`, so
 * parseHand(formatHand(h)) equals h for every hand parseHand produces.
 */
import { EngineError } from './errors.ts';
import { formatTiles, parseTileValues, tileCode, type TileValue } from './tiles.ts';
import type { HandInput, MeldInput, MeldType } from './types.ts';

export type HandTiles = Pick<HandInput, 'closed' | 'win_tile'> & { melds: MeldInput[] };
export type ParseHandResult = { ok: true; hand: HandTiles } | { ok: false; error: { code: string; message: string } };

const CLOSERS: Record<string, string> = { '[': ']', '{': '}', '(': ')' };

function codes(values: TileValue[]): string[] {
  return values.map((v) => tileCode(v.kind, v.red));
}

function meldType(open: string, values: TileValue[]): MeldType {
  const same = values.every((v) => v.kind === values[0]?.kind);
  if (open === '(') return 'kan-closed';
  if (open === '{') return 'kan-added';
  if (values.length === 4) return 'kan-open';
  return same ? 'pon' : 'chi';
}

function syntax(text: string, what: string): EngineError {
  return new EngineError('INVALID_INPUT', { field: 'hand', value: JSON.stringify(text), expected: what });
}

/** Parse a hand string (see the module comment). Throws EngineError; `tryParseHand` returns a result. */
export function parseHand(text: string): HandTiles {
  if (typeof text !== 'string') throw syntax(String(text), 'a hand string');
  const closed: string[] = [];
  const melds: MeldInput[] = [];
  let win: string | null = null;
  let i = 0;
  let chunk = '';
  const flush = () => {
    if (!chunk.trim()) return;
    const values: TileValue[] = [];
    const err = parseTileValues(chunk, values);
    if (err) throw err;
    closed.push(...codes(values));
    chunk = '';
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch in CLOSERS) {
      flush();
      const end = text.indexOf(CLOSERS[ch] as string, i + 1);
      if (end < 0) throw syntax(text, `a closing "${CLOSERS[ch]}" after "${ch}"`);
      const inner = text.slice(i + 1, end);
      const values: TileValue[] = [];
      const err = parseTileValues(inner, values);
      if (err) throw err;
      melds.push({ type: meldType(ch, values), tiles: formatTiles(codes(values)) });
      i = end + 1;
    } else if (ch === ']' || ch === '}' || ch === ')') {
      throw syntax(text, `no "${ch}" without its opening bracket`);
    } else if (ch === '+') {
      flush();
      if (win !== null) throw syntax(text, 'only one winning tile after "+"');
      let j = i + 1;
      while (j < text.length && text[j] === ' ') j++;
      const m = /^[0-9][mpsz]/.exec(text.slice(j));
      if (!m) throw syntax(text, 'one tile after "+", e.g. +5p');
      const values: TileValue[] = [];
      const err = parseTileValues(m[0], values);
      if (err) throw err;
      win = codes(values)[0] as string;
      i = j + 2;
    } else {
      chunk += ch;
      i++;
    }
  }
  flush();
  if (win === null) {
    if (closed.length === 0) throw syntax(text, 'at least the winning tile');
    win = closed[closed.length - 1] as string;
  } else {
    closed.push(win);
  }
  return { closed: formatTiles(closed), melds, win_tile: win };
}

export function tryParseHand(text: string): ParseHandResult {
  try {
    return { ok: true, hand: parseHand(text) };
  } catch (e) {
    if (e instanceof EngineError) return { ok: false, error: { code: e.code, message: e.message } };
    return { ok: false, error: { code: 'INVALID_INPUT', message: String(e) } };
  }
}

const OPEN_BRACKET: Record<MeldType, [string, string]> = {
  chi: ['[', ']'],
  pon: ['[', ']'],
  'kan-open': ['[', ']'],
  'kan-added': ['{', '}'],
  'kan-closed': ['(', ')'],
};

/** Print the tiles of a hand: concealed tiles without the winning tile, melds, then `+` winning tile. */
export function formatHand(hand: Pick<HandInput, 'closed' | 'win_tile' | 'melds'>): string {
  const values: TileValue[] = [];
  const err = parseTileValues(hand.closed, values);
  if (err) throw err;
  const closed = codes(values);
  const winValues: TileValue[] = [];
  const werr = parseTileValues(hand.win_tile, winValues);
  if (werr) throw werr;
  const w = winValues[0];
  let win = hand.win_tile.trim();
  if (w) {
    let idx = closed.lastIndexOf(tileCode(w.kind, w.red));
    if (idx < 0) {
      for (let k = closed.length - 1; k >= 0 && idx < 0; k--) {
        const v = values[k] as TileValue;
        if (v.kind === w.kind) idx = k;
      }
    }
    if (idx >= 0) {
      win = closed[idx] as string;
      closed.splice(idx, 1);
    }
  }
  const parts: string[] = [];
  if (closed.length) parts.push(formatTiles(closed));
  for (const m of hand.melds ?? []) {
    const [a, b] = OPEN_BRACKET[m.type] ?? ['[', ']'];
    parts.push(`${a}${m.tiles}${b}`);
  }
  parts.push(`+${win}`);
  return parts.join(' ');
}
