/**
 * A hand without its winning tile (13 tiles, each meld counting 3) read into counts: concealed tiles, every tile
 * of the hand (melds included, for the copies), dora indicators seen. Errors as values, like scoreHand.
 */
import { EngineError } from '../errors.ts';
import { tileKind, tryParseTiles } from '../tiles.ts';
import type { MeldInput } from '../types.ts';
import { MELD_TYPES } from '../types.ts';

export interface WaitingHandInput {
  /** Concealed tiles in notation (13 less 3 per meld), e.g. `1112345678999m`. */
  closed: string;
  melds?: MeldInput[];
}

export interface WaitingHand {
  closed: string;
  melds: MeldInput[];
  /** Concealed tiles by kind. */
  concealed: Uint8Array;
  /** Every tile of the hand by kind, melds included (32 bits: a thousand copies of one tile are counted, not wrapped). */
  all: Uint32Array;
  /** Tiles counted the way a hand is (a kan as 3). */
  count: number;
}

export type WaitsError = { ok: false; error: { code: string; message: string; params?: Record<string, string | number> } };

function fail(e: EngineError): WaitsError {
  return { ok: false, error: { code: e.code, message: e.message, params: e.params } };
}

function kindsOf(text: string): number[] | WaitsError {
  const parsed = tryParseTiles(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return parsed.tiles.map(tileKind);
}

function meldProblem(type: string, kinds: number[]): string | null {
  if (!(MELD_TYPES as readonly string[]).includes(type)) return 'meld_type';
  const size = type === 'chi' || type === 'pon' ? 3 : 4;
  if (kinds.length !== size) return 'meld_size';
  const k = kinds[0] as number;
  if (type === 'chi') {
    const s = [...kinds].sort((a, b) => a - b);
    const a = s[0] as number;
    return a < 27 && a % 9 <= 6 && s[1] === a + 1 && s[2] === a + 2 ? null : 'meld_chi_shape';
  }
  return kinds.every((x) => x === k) ? null : 'meld_same_tiles';
}

/** Read a waiting hand; the count is checked by the caller (13 for waits, 14 for discards). */
export function readHand(input: WaitingHandInput): WaitingHand | WaitsError {
  const concealed = new Uint8Array(34);
  const all = new Uint32Array(34);
  if (!input || typeof input.closed !== 'string') return fail(new EngineError('INVALID_INPUT', { field: 'closed', value: String(input?.closed), expected: 'a tile string' }));
  const kinds = kindsOf(input.closed);
  if (!Array.isArray(kinds)) return kinds;
  for (const k of kinds) {
    concealed[k]!++;
    all[k]!++;
  }
  let count = kinds.length;
  const melds = input.melds ?? [];
  for (const m of melds) {
    const mk = kindsOf(m?.tiles);
    if (!Array.isArray(mk)) return mk;
    const reason = meldProblem(m.type, mk);
    if (reason) return fail(new EngineError('INVALID_MELD', { type: String(m.type), tiles: String(m.tiles), reason, size: mk.length, count: m.type === 'chi' || m.type === 'pon' ? 3 : 4 }));
    for (const k of mk) all[k]!++;
    count += 3;
  }
  for (let k = 0; k < 34; k++) {
    if ((all[k] as number) > 4) return fail(new EngineError('TOO_MANY_COPIES', { tile: `${(k % 9) + 1}${'mpsz'[(k / 9) | 0]}`, count: all[k] as number }));
  }
  return { closed: input.closed, melds, concealed, all, count };
}

/** Dora (and ura) indicators by kind; unreadable text counts nothing (scoreHand reports it). */
export function seenCounts(...texts: (string | undefined)[]): Uint8Array {
  const seen = new Uint8Array(34);
  for (const t of texts) {
    if (!t) continue;
    const parsed = tryParseTiles(t);
    if (parsed.ok) for (const c of parsed.tiles) seen[tileKind(c)]!++;
  }
  return seen;
}
