/**
 * Hand notation: one readable string for a whole winning hand, used by the command line and the app.
 *
 *   234m067p22s55s [345s] +5s
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
import { EngineError, fillTemplate, type ErrorParams } from './errors.ts';
import { REASONS_EN } from './i18n/en.ts';
import { formatTiles, parseTileValues, tileCode, type TileValue } from './tiles.ts';
import type { HandInput, MeldInput, MeldType } from './types.ts';

export type HandTiles = Pick<HandInput, 'closed' | 'win_tile'> & { melds: MeldInput[] };
export type ParseHandResult = { ok: true; hand: HandTiles } | { ok: false; error: { code: string; message: string; params?: ErrorParams } };

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

/** A syntax error of the notation: INVALID_INPUT, what was expected named by a reason of the engine's texts, so
 * that `errorMessage` says it in the message's language. */
function syntax(text: string, reason: string, params: Record<string, string> = {}): EngineError {
  return new EngineError('INVALID_INPUT', { field: 'hand', value: JSON.stringify(text), expected: fillTemplate(REASONS_EN[reason] as string, params), reason, ...params });
}

/** Parse a hand string (see the module comment). Throws EngineError; `tryParseHand` returns a result. */
export function parseHand(text: string): HandTiles {
  if (typeof text !== 'string') throw syntax(String(text), 'notation_not_text');
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
      if (end < 0) throw syntax(text, 'notation_close', { opener: ch, closer: CLOSERS[ch] as string });
      const inner = text.slice(i + 1, end);
      const values: TileValue[] = [];
      const err = parseTileValues(inner, values);
      if (err) throw err;
      melds.push({ type: meldType(ch, values), tiles: formatTiles(codes(values)) });
      i = end + 1;
    } else if (ch === ']' || ch === '}' || ch === ')') {
      throw syntax(text, 'notation_open', { closer: ch });
    } else if (ch === '+') {
      flush();
      if (win !== null) throw syntax(text, 'notation_two_wins');
      let j = i + 1;
      while (j < text.length && text[j] === ' ') j++;
      const m = /^[0-9][mpsz]/.exec(text.slice(j));
      if (!m) throw syntax(text, 'notation_win_tile');
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
    if (closed.length === 0) throw syntax(text, 'notation_no_tiles');
    win = closed[closed.length - 1] as string;
  } else {
    closed.push(win);
  }
  return { closed: formatTiles(closed), melds, win_tile: win };
}

/** The tile codes of the Unicode Mahjong Tiles block from U+1F000: the winds, Red, Green and White, then 1-9 of
 * characters (man), bamboos (sou) and circles (pin). Flowers, seasons, the joker and the back are not riichi tiles. */
const UNICODE_TILES = ['1z', '2z', '3z', '4z', '7z', '6z', '5z', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}m`), ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}s`), ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}p`)];

/** The honours written in kanji, as on the tiles: the winds, then White, Green (発 in today's script) and Red. */
const HONOUR_KANJI: Readonly<Record<string, string>> = { 東: '1z', 南: '2z', 西: '3z', 北: '4z', 白: '5z', 發: '6z', 発: '6z', 中: '7z' };

/**
 * Hand text as people type or paste it, in this notation: full-width characters from a Japanese keyboard
 * (`１２３ｍ`, `［７８９ｓ］`) as ASCII, suit letters in capitals (a phone's keyboard) as small ones, the honours
 * written in kanji (`東南西北白發中`, `発` too) and the Unicode mahjong tiles (`🀇🀈🀉`, as chat apps show them) as
 * codes. Anything else is left as it is, for `parseHand` to refuse with its position.
 */
export function normalizeHandText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\uFE0E\uFE0F]/g, '') // the variation selectors that follow a tile shown as an emoji (🀄️)
    .replace(/[\u{1F000}-\u{1F021}]/gu, (c) => UNICODE_TILES[(c.codePointAt(0) as number) - 0x1f000] as string)
    .replace(/[東南西北白發発中]/g, (c) => HONOUR_KANJI[c] as string)
    .replace(/[MPSZ]/g, (c) => c.toLowerCase());
}

export function tryParseHand(text: string): ParseHandResult {
  try {
    return { ok: true, hand: parseHand(text) };
  } catch (e) {
    if (e instanceof EngineError) return { ok: false, error: { code: e.code, message: e.message, params: e.params } };
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
