/**
 * Reading and checking a HandInput: tiles, melds, the winning tile, the situation flags.
 * Produces the compact ParsedHand the scorer works on, or an EngineError with a stable code.
 */
import { EngineError } from './errors.ts';
import { isTerminalOrHonour, scanTiles, tileCode, tileTextError, KIND_CODES } from './tiles.ts';
import type { HandInput, MeldType, Wind } from './types.ts';

export interface ParsedMeld {
  type: MeldType;
  /** Lowest kind of the meld. */
  kind: number;
  run: boolean;
  kong: boolean;
  /** Called from another player (everything but a closed kong). */
  called: boolean;
}

/**
 * A hand ready for scoring. The object, its arrays and its typed arrays are the parser's reused buffers:
 * valid until the next call of parseHandTiles (the scorer is synchronous and single-threaded).
 */
export interface ParsedHand {
  /** Concealed tiles (winning tile included), per kind. */
  counts: Uint8Array;
  /** The melds: the first `meldCount` entries of a reused pool. */
  melds: readonly ParsedMeld[];
  meldCount: number;
  /** A meld called from another player (not a closed kong); a kong among the melds. */
  anyCalled: boolean;
  anyKong: boolean;
  winKind: number;
  /** Every tile of the hand, per kind (a kong counts 4). */
  all: Uint8Array;
  /** Bit i set when suit i (0 m, 1 p, 2 s, 3 honours) is in the hand. */
  suitMask: number;
  hasTerminalOrHonour: boolean;
  allTerminalOrHonour: boolean;
  /** Red fives in the hand (concealed and melds): count, and their kinds in `redKinds[0..redFives)`. */
  redFives: number;
  redKinds: Uint8Array;
  /** Dora and ura dora indicators, kinds in the order written: `doraIndicators[0..doraCount)`. */
  doraIndicators: Uint8Array;
  doraCount: number;
  uraIndicators: Uint8Array;
  uraCount: number;
}

export const WIND_KIND: Record<Wind, number> = { E: 27, S: 28, W: 29, N: 30 };


const scanKinds = new Uint8Array(64);
const scanReds = new Uint8Array(64);

function scanField(text: unknown, field: string): number {
  if (text === undefined || text === null) return 0;
  if (typeof text !== 'string') throw new EngineError('INVALID_INPUT', { field, value: JSON.stringify(text) ?? String(text), expected: 'a tile string' });
  const n = scanTiles(text, scanKinds, scanReds, 0);
  if (n < 0) {
    if (text.length > 60) throw new EngineError('INVALID_INPUT', { field, value: `${text.length} characters`, expected: 'at most 60 characters' });
    throw tileTextError(text);
  }
  return n;
}

function meldError(type: string, tiles: string, reason: string, extra: Record<string, number> = {}): EngineError {
  return new EngineError('INVALID_MELD', { type, tiles, reason, ...extra });
}

/** Check one meld; its tiles are left in the scan buffers (length returned in `meldLength`). */
export function parseMeld(m: unknown, into?: ParsedMeld): ParsedMeld {
  if (!m || typeof m !== 'object') throw new EngineError('INVALID_INPUT', { field: 'melds[]', value: JSON.stringify(m) ?? String(m), expected: 'an object {type, tiles}' });
  const type = (m as { type?: unknown }).type;
  const tiles = (m as { tiles?: unknown }).tiles;
  // a switch on the type compares the (usually interned) strings directly, no hashing as a Set lookup would
  let kong: boolean;
  switch (type) {
    case 'chi':
    case 'pon':
      kong = false;
      break;
    case 'kan-open':
    case 'kan-added':
    case 'kan-closed':
      kong = true;
      break;
    default:
      throw meldError(String(type), String(tiles), 'meld_type');
  }
  if (typeof tiles !== 'string') throw meldError(type, String(tiles), 'meld_tiles_text');
  const n = scanField(tiles, 'melds[].tiles');
  const t: MeldType = type;
  const size = kong ? 4 : 3;
  if (n !== size) throw meldError(t, tiles, 'meld_size', { size, count: n });
  let lo = 99;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const k = scanKinds[i] as number;
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  if (t === 'chi') {
    const a = scanKinds[0] as number;
    const b = scanKinds[1] as number;
    const c = scanKinds[2] as number;
    const distinct = a !== b && b !== c && a !== c;
    if (lo >= 27 || hi !== lo + 2 || !distinct || ((lo / 9) | 0) !== ((hi / 9) | 0)) throw meldError(t, tiles, 'meld_chi_shape');
  } else if (lo !== hi) {
    throw meldError(t, tiles, 'meld_same_tiles');
  }
  meldLength = n;
  const out = into ?? { type: t, kind: lo, run: false, kong: false, called: false };
  out.type = t;
  out.kind = lo;
  out.run = t === 'chi';
  out.kong = kong;
  out.called = t !== 'kan-closed';
  return out;
}
let meldLength = 0;

function checkWind(v: unknown, field: string): number {
  switch (v) {
    case 'E':
    case undefined:
    case null:
      return 27;
    case 'S':
      return 28;
    case 'W':
      return 29;
    case 'N':
      return 30;
  }
  throw new EngineError('INVALID_INPUT', { field, value: JSON.stringify(v) ?? String(v), expected: 'E, S, W or N' });
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

function flag(v: unknown, field: string): boolean {
  if (v === true) return true;
  if (v === false || v === undefined || v === null) return false;
  throw new EngineError('INVALID_INPUT', { field, value: JSON.stringify(v) ?? String(v), expected: 'true or false' });
}

const situation: Situation = {
  tsumo: false, riichi: false, doubleRiichi: false, ippatsu: false, haitei: false, houtei: false, rinshan: false, chankan: false,
  tenhou: false, chiihou: false, renhou: false, seatWind: 27, roundWind: 27, honba: 0, riichiSticks: 0,
};

/** Read the situation flags (booleans, winds, counters). Throws INVALID_INPUT. The object is reused by the next call. */
export function parseSituation(input: HandInput): Situation {
  const s = situation;
  s.doubleRiichi = flag(input.double_riichi, 'double_riichi');
  s.tsumo = flag(input.tsumo, 'tsumo');
  s.riichi = flag(input.riichi, 'riichi') || s.doubleRiichi;
  s.ippatsu = flag(input.ippatsu, 'ippatsu');
  s.haitei = flag(input.haitei, 'haitei');
  s.houtei = flag(input.houtei, 'houtei');
  s.rinshan = flag(input.rinshan, 'rinshan');
  s.chankan = flag(input.chankan, 'chankan');
  s.tenhou = flag(input.tenhou, 'tenhou');
  s.chiihou = flag(input.chiihou, 'chiihou');
  s.renhou = flag(input.renhou, 'renhou');
  s.seatWind = checkWind(input.seat_wind, 'seat_wind');
  s.roundWind = checkWind(input.round_wind, 'round_wind');
  s.honba = checkCount(input.honba, 'honba');
  s.riichiSticks = checkCount(input.riichi_sticks, 'riichi_sticks');
  return s;
}

/** One buffer for the four per-kind tallies, so a hand clears them with one fill. */
const tally = new Uint8Array(4 * 34);
const bufCounts = tally.subarray(0, 34);
const bufAll = tally.subarray(34, 68);
/** Copies of each kind in the hand and the indicators (at most 4), and red fives of each kind (at most 1). */
const bufCopies = tally.subarray(68, 102);
const bufReds = tally.subarray(102, 136);
/** Kind is a terminal or an honour (1) or a simple (0). */
const TERMINAL_OR_HONOUR = Uint8Array.from({ length: 34 }, (_, k) => (isTerminalOrHonour(k) ? 1 : 0));

// tallies of the hand being parsed (the copies and red-five limits are checked once at the end, in kind order,
// only when a tile went over: the same error as checking every kind)
let overLimit = false;
let handTiles = 0;
let outsideTiles = 0;
let suitMask = 0;

function addScanned(n: number, concealed: boolean, inHand: boolean): void {
  for (let i = 0; i < n; i++) {
    const k = scanKinds[i] as number;
    if (++bufCopies[k]! > 4) overLimit = true;
    if (concealed) bufCounts[k]!++;
    if (inHand) {
      bufAll[k]!++;
      handTiles++;
      outsideTiles += TERMINAL_OR_HONOUR[k] as number;
      suitMask |= 1 << ((k / 9) | 0);
    }
    if (scanReds[i] === 1) {
      if (++bufReds[k]! > 1) overLimit = true;
      if (inHand) parsed.redKinds[parsed.redFives++] = k;
    }
  }
}

function copyIndicators(n: number, into: Uint8Array): void {
  for (let i = 0; i < n; i++) into[i] = scanKinds[i] as number;
}

const parsed: ParsedHand = {
  counts: bufCounts, melds: [0, 1, 2, 3].map((): ParsedMeld => ({ type: 'chi', kind: 0, run: false, kong: false, called: false })),
  meldCount: 0, anyCalled: false, anyKong: false, winKind: 0, all: bufAll, suitMask: 0,
  hasTerminalOrHonour: false, allTerminalOrHonour: false, redFives: 0, redKinds: new Uint8Array(64),
  doraIndicators: new Uint8Array(64), doraCount: 0, uraIndicators: new Uint8Array(64), uraCount: 0,
};

/** Read the tiles: closed part, melds, winning tile, indicators. Checks counts and copies. Throws EngineError. */
export function parseHandTiles(input: HandInput): ParsedHand {
  if (typeof input.closed !== 'string') {
    throw new EngineError('INVALID_INPUT', { field: 'closed', value: JSON.stringify(input.closed) ?? 'undefined', expected: 'a tile string' });
  }
  tally.fill(0);
  overLimit = false;
  handTiles = 0;
  outsideTiles = 0;
  suitMask = 0;
  parsed.redFives = 0;
  const nClosed = scanField(input.closed, 'closed');
  addScanned(nClosed, true, true);
  const meldsIn = input.melds ?? [];
  if (!Array.isArray(meldsIn)) throw new EngineError('INVALID_INPUT', { field: 'melds', value: JSON.stringify(meldsIn) ?? '', expected: 'an array' });
  if (nClosed + 3 * meldsIn.length !== 14 || meldsIn.length > 4) {
    // melds are still checked first so a broken meld is reported as such
    for (const m of meldsIn) parseMeld(m);
    throw new EngineError('WRONG_TILE_COUNT', { count: nClosed + 3 * meldsIn.length });
  }
  let anyCalled = false;
  let anyKong = false;
  for (let i = 0; i < meldsIn.length; i++) {
    const m = parseMeld(meldsIn[i], parsed.melds[i]);
    if (m.called) anyCalled = true;
    if (m.kong) anyKong = true;
    addScanned(meldLength, false, true);
  }
  parsed.meldCount = meldsIn.length;
  parsed.anyCalled = anyCalled;
  parsed.anyKong = anyKong;
  if (typeof input.win_tile !== 'string') {
    throw new EngineError('INVALID_INPUT', { field: 'win_tile', value: JSON.stringify(input.win_tile) ?? 'undefined', expected: 'one tile, e.g. "5p"' });
  }
  if (scanField(input.win_tile, 'win_tile') !== 1) {
    throw new EngineError('INVALID_INPUT', { field: 'win_tile', value: JSON.stringify(input.win_tile), expected: 'exactly one tile, e.g. "5p"' });
  }
  const winKind = scanKinds[0] as number;
  const nDora = scanField(input.dora_indicators, 'dora_indicators');
  copyIndicators(nDora, parsed.doraIndicators);
  parsed.doraCount = nDora;
  addScanned(nDora, false, false);
  const nUra = scanField(input.ura_indicators, 'ura_indicators');
  copyIndicators(nUra, parsed.uraIndicators);
  parsed.uraCount = nUra;
  addScanned(nUra, false, false);
  if (overLimit) {
    for (let k = 0; k < 34; k++) {
      if ((bufCopies[k] as number) > 4) throw new EngineError('TOO_MANY_COPIES', { tile: KIND_CODES[k] as string, count: bufCopies[k] as number });
      if ((bufReds[k] as number) > 1) throw new EngineError('TOO_MANY_RED_FIVES', { tile: tileCode(k, true), count: bufReds[k] as number });
    }
  }
  if (bufCounts[winKind] === 0) throw new EngineError('WIN_TILE_NOT_IN_HAND', { tile: input.win_tile.trim() });
  parsed.winKind = winKind;
  parsed.suitMask = suitMask;
  parsed.hasTerminalOrHonour = outsideTiles > 0;
  parsed.allTerminalOrHonour = outsideTiles === handTiles;
  return parsed;
}

function contradiction(reason: string, extra: Record<string, string> = {}): never {
  throw new EngineError('CONTRADICTORY_FLAGS', { reason, ...extra });
}

/** Situation flags that cannot hold together. Throws CONTRADICTORY_FLAGS with the reason. */
export function checkFlags(s: Situation, hand: ParsedHand): void {
  const why = contradiction;
  const called = hand.anyCalled;
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
  if (s.rinshan && !hand.anyKong) why('rinshan_without_kong');
  if (s.chankan && (hand.all[hand.winKind] as number) > 1) why('chankan_copies', { tile: KIND_CODES[hand.winKind] as string });
  const special = (s.tenhou ? 1 : 0) + (s.chiihou ? 1 : 0) + (s.renhou ? 1 : 0);
  if (special > 1) why('several_first_turn');
  if (special === 1) {
    const name = s.tenhou ? 'tenhou' : s.chiihou ? 'chiihou' : 'renhou';
    if (hand.meldCount > 0) why('first_turn_meld', { name });
    if (s.riichi || s.ippatsu || s.haitei || s.houtei || s.rinshan || s.chankan) why('first_turn_flags', { name });
    if (s.tenhou && !dealer) why('tenhou_not_dealer');
    if (s.chiihou && dealer) why('chiihou_dealer');
    if ((s.tenhou || s.chiihou) && !s.tsumo) why('first_turn_not_tsumo', { name });
    if (s.renhou && dealer) why('renhou_dealer');
    if (s.renhou && s.tsumo) why('renhou_tsumo');
  }
}
