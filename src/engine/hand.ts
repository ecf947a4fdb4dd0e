/**
 * Reading and checking a HandInput: tiles, melds, the winning tile, the situation flags.
 * Produces the compact ParsedHand the scorer works on, or an EngineError with a stable code.
 */
import { EngineError } from './errors.ts';
import { parseTileValues, tileCode, isHonour, KIND_CODES, type TileValue } from './tiles.ts';
import { MELD_TYPES, type HandInput, type MeldType, type Wind } from './types.ts';

export interface ParsedMeld {
  type: MeldType;
  /** Lowest kind of the meld. */
  kind: number;
  run: boolean;
  kong: boolean;
  /** Called from another player (everything but a closed kong). */
  called: boolean;
  tiles: TileValue[];
}

export interface ParsedHand {
  /** Concealed tiles (winning tile included), per kind. */
  counts: Uint8Array;
  melds: ParsedMeld[];
  winKind: number;
  /** Every tile of the hand, per kind (a kong counts 4). */
  all: Uint8Array;
  /** Red fives in the hand (concealed and melds). */
  redFives: number;
  redKinds: number[];
  doraIndicators: number[];
  uraIndicators: number[];
}

export const WIND_KIND: Record<Wind, number> = { E: 27, S: 28, W: 29, N: 30 };

const BOOL_KEYS = [
  'tsumo', 'riichi', 'double_riichi', 'ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan', 'tenhou', 'chiihou', 'renhou',
] as const;

function parseTilesInto(text: unknown, field: string, out: TileValue[]): void {
  if (text === undefined || text === null) return;
  if (typeof text !== 'string') throw new EngineError('INVALID_INPUT', { field, value: JSON.stringify(text) ?? String(text), expected: 'a tile string' });
  const err = parseTileValues(text, out);
  if (err) throw err;
}

function meldError(type: string, tiles: string, reason: string, extra: Record<string, number> = {}): EngineError {
  return new EngineError('INVALID_MELD', { type, tiles, reason, ...extra });
}

export function parseMeld(m: unknown): ParsedMeld {
  if (!m || typeof m !== 'object') throw new EngineError('INVALID_INPUT', { field: 'melds[]', value: JSON.stringify(m) ?? String(m), expected: 'an object {type, tiles}' });
  const { type, tiles } = m as { type?: unknown; tiles?: unknown };
  if (typeof type !== 'string' || !(MELD_TYPES as readonly string[]).includes(type)) {
    throw meldError(String(type), String(tiles), 'meld_type');
  }
  if (typeof tiles !== 'string') throw meldError(type, String(tiles), 'meld_tiles_text');
  const values: TileValue[] = [];
  const err = parseTileValues(tiles, values);
  if (err) throw err;
  const t = type as MeldType;
  const kong = t.startsWith('kan');
  const size = kong ? 4 : 3;
  if (values.length !== size) throw meldError(t, tiles, 'meld_size', { size, count: values.length });
  const kinds = values.map((v) => v.kind).sort((a, b) => a - b);
  const k0 = kinds[0] as number;
  if (t === 'chi') {
    if (isHonour(k0) || kinds[1] !== k0 + 1 || kinds[2] !== k0 + 2 || Math.floor(k0 / 9) !== Math.floor((k0 + 2) / 9)) {
      throw meldError(t, tiles, 'meld_chi_shape');
    }
  } else if (kinds.some((k) => k !== k0)) {
    throw meldError(t, tiles, 'meld_same_tiles');
  }
  return { type: t, kind: k0, run: t === 'chi', kong, called: t !== 'kan-closed', tiles: values };
}

function checkWind(v: unknown, field: string): number {
  if (v === undefined || v === null) return 27;
  if (typeof v !== 'string' || !(v in WIND_KIND)) throw new EngineError('INVALID_INPUT', { field, value: JSON.stringify(v) ?? String(v), expected: 'E, S, W or N' });
  return WIND_KIND[v as Wind];
}

function checkCount(v: unknown, field: string): number {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1000) {
    throw new EngineError('INVALID_INPUT', { field, value: JSON.stringify(v) ?? String(v), expected: 'an integer >= 0' });
  }
  return v;
}

export interface Situation {
  tsumo: boolean;
  riichi: boolean;
  doubleRiichi: boolean;
  ippatsu: boolean;
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  tenhou: boolean;
  chiihou: boolean;
  renhou: boolean;
  seatWind: number;
  roundWind: number;
  honba: number;
  riichiSticks: number;
}

/** Read the situation flags (booleans, winds, counters). Throws INVALID_INPUT. */
export function parseSituation(input: HandInput): Situation {
  const rec = input as unknown as Record<string, unknown>;
  for (const k of BOOL_KEYS) {
    const v = rec[k];
    if (v !== undefined && v !== null && typeof v !== 'boolean') {
      throw new EngineError('INVALID_INPUT', { field: k, value: JSON.stringify(v) ?? String(v), expected: 'true or false' });
    }
  }
  const doubleRiichi = input.double_riichi === true;
  return {
    tsumo: input.tsumo === true,
    riichi: input.riichi === true || doubleRiichi,
    doubleRiichi,
    ippatsu: input.ippatsu === true,
    haitei: input.haitei === true,
    houtei: input.houtei === true,
    rinshan: input.rinshan === true,
    chankan: input.chankan === true,
    tenhou: input.tenhou === true,
    chiihou: input.chiihou === true,
    renhou: input.renhou === true,
    seatWind: checkWind(input.seat_wind, 'seat_wind'),
    roundWind: checkWind(input.round_wind, 'round_wind'),
    honba: checkCount(input.honba, 'honba'),
    riichiSticks: checkCount(input.riichi_sticks, 'riichi_sticks'),
  };
}

/** Read the tiles: closed part, melds, winning tile, indicators. Checks counts and copies. Throws EngineError. */
export function parseHandTiles(input: HandInput): ParsedHand {
  if (typeof input.closed !== 'string') {
    throw new EngineError('INVALID_INPUT', { field: 'closed', value: JSON.stringify(input.closed) ?? 'undefined', expected: 'a tile string' });
  }
  const closed: TileValue[] = [];
  parseTilesInto(input.closed, 'closed', closed);
  const meldsIn = input.melds ?? [];
  if (!Array.isArray(meldsIn)) throw new EngineError('INVALID_INPUT', { field: 'melds', value: JSON.stringify(meldsIn) ?? '', expected: 'an array' });
  const melds = meldsIn.map(parseMeld);
  if (typeof input.win_tile !== 'string') {
    throw new EngineError('INVALID_INPUT', { field: 'win_tile', value: JSON.stringify(input.win_tile) ?? 'undefined', expected: 'one tile, e.g. "5p"' });
  }
  const win: TileValue[] = [];
  parseTilesInto(input.win_tile, 'win_tile', win);
  if (win.length !== 1) throw new EngineError('INVALID_INPUT', { field: 'win_tile', value: JSON.stringify(input.win_tile), expected: 'exactly one tile, e.g. "5p"' });
  const dora: TileValue[] = [];
  parseTilesInto(input.dora_indicators, 'dora_indicators', dora);
  const ura: TileValue[] = [];
  parseTilesInto(input.ura_indicators, 'ura_indicators', ura);

  const count = closed.length + 3 * melds.length;
  if (count !== 14 || melds.length > 4) throw new EngineError('WRONG_TILE_COUNT', { count });

  const counts = new Uint8Array(34);
  const all = new Uint8Array(34);
  const copies = new Uint8Array(34);
  const reds = new Uint8Array(34);
  const redKinds: number[] = [];
  const add = (v: TileValue, toAll: boolean) => {
    copies[v.kind]!++;
    if (toAll) all[v.kind]!++;
    if (v.red) {
      reds[v.kind]!++;
      if (toAll) redKinds.push(v.kind);
    }
  };
  for (const v of closed) {
    counts[v.kind]!++;
    add(v, true);
  }
  for (const m of melds) for (const v of m.tiles) add(v, true);
  for (const v of dora) add(v, false);
  for (const v of ura) add(v, false);
  for (let k = 0; k < 34; k++) {
    if ((copies[k] as number) > 4) throw new EngineError('TOO_MANY_COPIES', { tile: KIND_CODES[k] as string, count: copies[k] as number });
    if ((reds[k] as number) > 1) throw new EngineError('TOO_MANY_RED_FIVES', { tile: tileCode(k, true), count: reds[k] as number });
  }
  const winKind = (win[0] as TileValue).kind;
  if (counts[winKind] === 0) throw new EngineError('WIN_TILE_NOT_IN_HAND', { tile: input.win_tile.trim() });
  return {
    counts,
    melds,
    winKind,
    all,
    redFives: redKinds.length,
    redKinds,
    doraIndicators: dora.map((v) => v.kind),
    uraIndicators: ura.map((v) => v.kind),
  };
}

/** Situation flags that cannot hold together. Throws CONTRADICTORY_FLAGS with the reason. */
export function checkFlags(s: Situation, hand: ParsedHand): void {
  const why = (reason: string, extra: Record<string, string> = {}) => {
    throw new EngineError('CONTRADICTORY_FLAGS', { reason, ...extra });
  };
  const called = hand.melds.some((m) => m.called);
  const dealer = s.seatWind === 27;
  if (s.ippatsu && !s.riichi) why('ippatsu_without_riichi');
  if (s.riichi && called) why('riichi_open');
  if (s.haitei && !s.tsumo) why('haitei_not_tsumo');
  if (s.houtei && s.tsumo) why('houtei_tsumo');
  if (s.rinshan && !s.tsumo) why('rinshan_not_tsumo');
  if (s.chankan && s.tsumo) why('chankan_tsumo');
  if (s.haitei && s.rinshan) why('haitei_rinshan');
  if (s.houtei && s.chankan) why('houtei_chankan');
  if (s.haitei && s.houtei) why('haitei_houtei');
  if (s.rinshan && !hand.melds.some((m) => m.kong)) why('rinshan_without_kong');
  if (s.chankan && (hand.all[hand.winKind] as number) > 1) why('chankan_copies', { tile: KIND_CODES[hand.winKind] as string });
  const special = (s.tenhou ? 1 : 0) + (s.chiihou ? 1 : 0) + (s.renhou ? 1 : 0);
  if (special > 1) why('several_first_turn');
  if (special === 1) {
    const name = s.tenhou ? 'tenhou' : s.chiihou ? 'chiihou' : 'renhou';
    if (hand.melds.length > 0) why('first_turn_meld', { name });
    if (s.riichi || s.ippatsu || s.haitei || s.houtei || s.rinshan || s.chankan) why('first_turn_flags', { name });
    if (s.tenhou && !dealer) why('tenhou_not_dealer');
    if (s.chiihou && dealer) why('chiihou_dealer');
    if ((s.tenhou || s.chiihou) && !s.tsumo) why('first_turn_not_tsumo', { name });
    if (s.renhou && dealer) why('renhou_dealer');
    if (s.renhou && s.tsumo) why('renhou_tsumo');
  }
}
