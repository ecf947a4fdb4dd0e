// Direct reader of one JSON-lines input line, as bytes, for the fixed input schema of `score --jsonl`: one
// object whose HandInput fields hold strings (ASCII, no escapes), integers, true/false/null, and `melds` an array
// of {type, tiles} objects. It builds the HandInput the engine reads from it: every HandInput field, each with
// the value JSON.parse would give it (undefined when absent), and no other key (the engine ignores other keys;
// their values are only checked to be plain scalars). Anything else (escapes, non-ASCII bytes, fractions and
// exponents, long numbers, objects or arrays where a scalar is expected, syntax errors, a line that is not an
// object) makes it answer FALLBACK, and the caller gives the decoded line to JSON.parse: results and error
// messages are then JSON.parse's own.
//
// Why: one pass over the bytes, everything in local variables; every hand object has one shape (the engine's
// property reads stay monomorphic); short strings (tiles, winds, meld types, rules names) come from tables
// instead of being allocated.
import type { HandInput, MeldInput } from '../../engine/index.ts';

/** Answer of `parseJsonLine` for a line it does not read itself. */
export const FALLBACK: unique symbol = Symbol('fallback');

/** Every HandInput field, as the parser knows them (a field added to HandInput must be added here: typecheck). */
const FIELDS: Record<keyof HandInput, number> = {
  closed: 0, melds: 1, win_tile: 2, tsumo: 3, riichi: 4, double_riichi: 5, ippatsu: 6, haitei: 7, houtei: 8, rinshan: 9,
  chankan: 10, tenhou: 11, chiihou: 12, renhou: 13, seat_wind: 14, round_wind: 15, dora_indicators: 16, ura_indicators: 17,
  honba: 18, riichi_sticks: 19, rules: 20,
};
const FIELD_NAMES = Object.keys(FIELDS) as (keyof HandInput)[];
const MELDS = FIELDS.melds;

function hashOf(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
/** Field index by key hash (open addressing; the key is compared in full on a hit). */
const KEY_SLOTS = 64;
const keySlotHash = new Int32Array(KEY_SLOTS);
const keySlotField = new Int8Array(KEY_SLOTS).fill(-1);
for (const name of FIELD_NAMES) {
  const h = hashOf(name);
  let slot = h & (KEY_SLOTS - 1);
  while (keySlotField[slot] !== -1) slot = (slot + 1) & (KEY_SLOTS - 1);
  keySlotHash[slot] = h;
  keySlotField[slot] = FIELDS[name];
}

/** Strings of up to 4 ASCII characters by their packed code (7 bits a character, and the length): exact. */
const shortStrings = new Map<number, string>();
const SHORT_MAX = 4096;

const MELD_FIELD_TYPE = 0;
const MELD_FIELD_TILES = 1;

/**
 * The HandInput of the bytes [start, stop) of `b`, or FALLBACK when this reader leaves the line to JSON.parse.
 * `latin1(start, stop)` returns those bytes (ASCII) as a string.
 */
export function parseJsonLine(b: Uint8Array, start: number, stop: number, latin1: (start: number, stop: number) => string): HandInput | typeof FALLBACK {
  const values: unknown[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];
  let meldList: MeldInput[] | undefined;
  let p = start;
  let c = 0;
  while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
  if (p >= stop || c !== 123) return FALLBACK;
  p++;
  while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
  let empty = p < stop && c === 125;
  if (empty) p++;
  // depth 0: the line's object; depth 1: melds array; depth 2: a meld object
  let depth = 0;
  let field = -1; // HandInput field of the value being read at depth 0 (-1: a key the engine ignores)
  let meldType: unknown;
  let meldTiles: unknown;
  let meldField = -1;
  while (!empty) {
    // ---- in an object (depth 0 or 2): a key, then ':'
    if (depth !== 1) {
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop || c !== 34) return FALLBACK;
      const k0 = ++p;
      let hash = 0;
      while (p < stop && (c = b[p] as number) !== 34) {
        if (c === 92 || c < 32 || c > 126) return FALLBACK;
        hash = (Math.imul(hash, 31) + c) | 0;
        p++;
      }
      if (p >= stop) return FALLBACK;
      const n = p - k0;
      p++;
      if (depth === 0) {
        field = -1;
        let slot = hash & (KEY_SLOTS - 1);
        for (;;) {
          const f = keySlotField[slot] as number;
          if (f === -1) break;
          if (keySlotHash[slot] === hash) {
            const name = FIELD_NAMES[f] as string;
            if (name.length === n) {
              let i = 0;
              while (i < n && name.charCodeAt(i) === b[k0 + i]) i++;
              if (i === n) {
                field = f;
                break;
              }
            }
          }
          slot = (slot + 1) & (KEY_SLOTS - 1);
        }
      } else {
        // a meld's keys: type, tiles, or ignored
        meldField = -1;
        if (n === 4 && b[k0] === 116 && b[k0 + 1] === 121 && b[k0 + 2] === 112 && b[k0 + 3] === 101) meldField = MELD_FIELD_TYPE;
        else if (n === 5 && b[k0] === 116 && b[k0 + 1] === 105 && b[k0 + 2] === 108 && b[k0 + 3] === 101 && b[k0 + 4] === 115) meldField = MELD_FIELD_TILES;
      }
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop || c !== 58) return FALLBACK;
      p++;
    }
    // ---- a value
    while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
    if (p >= stop) return FALLBACK;
    let v: unknown;
    if (c === 34) {
      const s0 = ++p;
      let packed = 0;
      while (p < stop && (c = b[p] as number) !== 34) {
        if (c === 92 || c < 32 || c > 126) return FALLBACK;
        packed = packed * 128 + c;
        p++;
      }
      if (p >= stop) return FALLBACK;
      const n = p - s0;
      p++;
      if (depth === 0 ? field < 0 : depth === 2 && meldField < 0) {
        v = null; // a value the engine ignores: checked, not kept
      } else if (n <= 4) {
        const code = packed * 8 + n; // at most 28 bits + 3: a small integer
        let s = shortStrings.get(code);
        if (s === undefined) {
          s = n === 0 ? '' : latin1(s0, s0 + n);
          if (shortStrings.size < SHORT_MAX) shortStrings.set(code, s);
        }
        v = s;
      } else {
        v = latin1(s0, s0 + n);
      }
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      // an integer of at most 15 digits, no fraction or exponent
      const negative = c === 45;
      if (negative) p++;
      const first = p;
      let x = 0;
      while (p < stop && (c = b[p] as number) >= 48 && c <= 57) {
        x = x * 10 + (c - 48);
        p++;
      }
      const n = p - first;
      if (n === 0 || n > 15 || (n > 1 && b[first] === 48)) return FALLBACK;
      if (p < stop && c !== 44 && c !== 125 && c !== 93 && c !== 32 && c !== 9) return FALLBACK;
      v = negative ? -x : x;
    } else if (c === 116) {
      if (p + 4 > stop || b[p + 1] !== 114 || b[p + 2] !== 117 || b[p + 3] !== 101) return FALLBACK;
      p += 4;
      v = true;
    } else if (c === 102) {
      if (p + 5 > stop || b[p + 1] !== 97 || b[p + 2] !== 108 || b[p + 3] !== 115 || b[p + 4] !== 101) return FALLBACK;
      p += 5;
      v = false;
    } else if (c === 110) {
      if (p + 4 > stop || b[p + 1] !== 117 || b[p + 2] !== 108 || b[p + 3] !== 108) return FALLBACK;
      p += 4;
      v = null;
    } else if (c === 91 && depth === 0 && field === MELDS) {
      // the melds array
      p++;
      meldList = [];
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p < stop && c === 93) {
        p++;
        v = meldList;
      } else {
        depth = 1;
        continue;
      }
    } else if (c === 123 && depth === 1) {
      // a meld
      p++;
      meldType = undefined;
      meldTiles = undefined;
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p < stop && c === 125) {
        p++;
        v = { type: undefined, tiles: undefined };
      } else {
        depth = 2;
        continue;
      }
    } else {
      return FALLBACK;
    }
    // ---- v is complete: store it, then close what ends here
    for (;;) {
      if (depth === 0) {
        if (field >= 0) values[field] = v;
      } else if (depth === 1) {
        (meldList as MeldInput[]).push(v as MeldInput);
      } else if (meldField === MELD_FIELD_TYPE) {
        meldType = v;
      } else if (meldField === MELD_FIELD_TILES) {
        meldTiles = v;
      }
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop) return FALLBACK;
      p++;
      if (c === 44) break; // next key or element
      if (depth === 1) {
        if (c !== 93) return FALLBACK;
        depth = 0;
        v = meldList;
        continue;
      }
      if (c !== 125) return FALLBACK;
      if (depth === 2) {
        depth = 1;
        v = { type: meldType, tiles: meldTiles };
        continue;
      }
      // the line's object is closed
      empty = true;
      break;
    }
    // a meld (depth 1) must be an object; the engine reports anything else with JSON.stringify: JSON.parse's
    if (depth === 1) {
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop || c !== 123) return FALLBACK;
    }
  }
  while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
  if (p !== stop) return FALLBACK;
  return {
    closed: values[0] as string,
    melds: values[1] as MeldInput[],
    win_tile: values[2] as string,
    tsumo: values[3] as boolean,
    riichi: values[4] as boolean,
    double_riichi: values[5] as boolean,
    ippatsu: values[6] as boolean,
    haitei: values[7] as boolean,
    houtei: values[8] as boolean,
    rinshan: values[9] as boolean,
    chankan: values[10] as boolean,
    tenhou: values[11] as boolean,
    chiihou: values[12] as boolean,
    renhou: values[13] as boolean,
    seat_wind: values[14] as HandInput['seat_wind'],
    round_wind: values[15] as HandInput['round_wind'],
    dora_indicators: values[16] as string,
    ura_indicators: values[17] as string,
    honba: values[18] as number,
    riichi_sticks: values[19] as number,
    rules: values[20] as HandInput['rules'],
  };
}
