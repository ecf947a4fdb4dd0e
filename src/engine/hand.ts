/**
 * Reading and checking a HandInput: tiles, melds, the winning tile, the situation flags.
 * Produces the compact ParsedHand the scorer works on, or an error with a stable code (thrown as an EngineFailure: a plain value, no stack).
 */
import { EngineFailure } from './errors.ts';
import { redFivesOfKind, tileCode, tileKind, tileTextError, KIND_CODES, SUIT_OF_CODE } from './tiles.ts';
import type { HandInput, MeldType } from './types.ts';

/**
 * Dora indicators a hand can have: the one turned at the start, and one after each kan made at the table, by any
 * player. A fifth kan is never made (four kans by more than one player end the hand), so five at most.
 */
export const MAX_DORA_INDICATORS = 5;

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
  /** Concealed tiles of each suit m p s (0..2) and the sum of their numbers minus one (3..5): forEachDecomposition's. */
  suitSums: Int32Array;
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


/** One buffer for the four per-kind tallies, so a hand clears them at once. */
const tally = new Uint8Array(4 * 34);
/** The same bytes as 17 words: clearing them with 17 stores is cheaper than a call of `fill` (a C++ builtin). */
const tallyWords = new Float64Array(tally.buffer);
const bufCounts = tally.subarray(0, 34);
const bufAll = tally.subarray(34, 68);
/** Copies of each kind in the hand and the indicators (at most 4), and red fives of each kind (the set's: 1, or 2). */
const bufCopies = tally.subarray(68, 102);
const bufReds = tally.subarray(102, 136);
/**
 * Kinds of the text scanned last (a meld, the winning tile, indicators), in the order written, at the end of the
 * buffer: `scanKinds[SCAN_END - n..SCAN_END)` for n tiles (the scanner reads the text from its end).
 */
const SCAN_END = 64;
const scanKinds = new Uint8Array(SCAN_END);

// tallies of the hand being parsed (the copies and red-five limits are checked once at the end, in kind order,
// only when a tile went over: the same error as checking every kind; a second red five of a kind always asks for
// the check, which knows whether the set has two)
let overLimit = false;
let handTiles = 0;
let outsideTiles = 0;
let suitMask = 0;

/**
 * What scanned tiles count toward, each level adding to the one before: nothing (the winning tile, already in the
 * closed part), the copies and red-five limits (indicators), every hand tally but the concealed counts (melds), the
 * concealed counts (the closed part).
 */
const TALLY_NONE = 0;
const TALLY_LIMITS = 1;
const TALLY_HAND = 2;
const TALLY_CONCEALED = 3;

/**
 * Scan notation (the grammar of tiles.ts's parseTileValues: digits then their suit letter, `0` a red five, spaces and
 * tabs anywhere between) and tally its tiles in the same pass: the copies and red-five limits, the hand and the
 * concealed tallies as `into` says. Returns the number of tiles, or -1 when the text is not tiles (the caller builds
 * the error). The kinds are left at the end of `scanKinds` in the order written, except for the closed part (not needed).
 *
 * Parsing is about a third of the cost of scoring a hand, so: the text is read from its end, where each digit's suit
 * letter (written after it) is already known, so that a tile is tallied as soon as it is read (no buffer of pending
 * digits, no second loop); the module's buffers and the levels are read into locals once (V8 reloads and rechecks a
 * module-level binding at every use, even a const).
 */
function scanText(text: string, into: number): number {
  const limits = into >= TALLY_LIMITS;
  const hand = into >= TALLY_HAND;
  const concealed = into === TALLY_CONCEALED;
  const kinds = scanKinds;
  const suitOf = SUIT_OF_CODE;
  // the four tallies of one buffer: concealed counts at 0, all at 34, copies at 68, red fives at 102
  const t = tally;
  const redsBefore = parsed.redFives;
  let over = false;
  let outside = 0;
  let suits = 0;
  let n = 0;
  /** Suit of the digits being read (-1 before any letter: digits at the end have none) and how many it has so far. */
  let suit = -1;
  let inGroup = 0;
  /** Sum of the numbers (minus one) of the group's tiles: added to the suit sums with the group's count. */
  let weight = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    const d = c - 48;
    if (d >= 0 && d <= 9) {
      // 64: SCAN_END, written out (a module-level const is reloaded and checked at every use)
      if (suit < 0 || n === 64) return -1;
      let k: number;
      if (suit === 3) {
        if (d < 1 || d > 7) return -1;
        k = 26 + d;
        outside++;
      } else if (d === 0) {
        k = suit * 9 + 4;
        weight += 4;
        if (limits && ++t[102 + k]! > 1) over = true;
        if (hand) parsed.redKinds[parsed.redFives++] = k;
      } else {
        k = suit * 9 + d - 1;
        weight += d - 1;
        if (d === 1 || d === 9) outside++;
      }
      n++;
      inGroup++;
      if (!concealed) kinds[64 - n] = k;
      if (!limits) continue;
      if (++t[68 + k]! > 4) over = true;
      if (!hand) continue;
      t[34 + k]!++;
      if (concealed) t[k]!++;
      continue;
    }
    if (c === 32 || c === 9) continue;
    const s = c < 128 ? (suitOf[c] as number) : -1;
    // a letter must follow at least one digit of its own
    if (s < 0 || (suit >= 0 && inGroup === 0)) return -1;
    if (concealed && suit >= 0 && suit < 3) addSuitSums(suit, inGroup, weight);
    suit = s;
    inGroup = 0;
    weight = 0;
    suits |= 1 << s;
  }
  if (suit >= 0 && inGroup === 0) return -1;
  if (concealed && suit >= 0 && suit < 3) addSuitSums(suit, inGroup, weight);
  // red fives in the order written (rare: a loop over at most a few)
  const reds = parsed.redKinds;
  for (let a = redsBefore, b = parsed.redFives - 1; a < b; a++, b--) {
    const x = reds[a] as number;
    reds[a] = reds[b] as number;
    reds[b] = x;
  }
  if (over) overLimit = true;
  if (hand) {
    handTiles += n;
    outsideTiles += outside;
    suitMask |= suits;
  }
  return n;
}


function scanField(text: unknown, field: string, into: number): number {
  if (text === undefined || text === null) return 0;
  if (typeof text !== 'string') throw new EngineFailure('INVALID_INPUT', { field, value: JSON.stringify(text) ?? String(text), expected: 'a tile string' });
  // no indicators is common (ura dora without riichi): not worth a call of the scanner
  if (text.length === 0) return 0;
  const n = scanText(text, into);
  if (n < 0) {
    if (text.length > 60) throw new EngineFailure('INVALID_INPUT', { field, value: `${text.length} characters`, expected: 'at most 60 characters' });
    throw tileTextError(text);
  }
  return n;
}

function meldError(type: string, tiles: string, reason: string, extra: Record<string, number> = {}): EngineFailure {
  return new EngineFailure('INVALID_MELD', { type, tiles, reason, ...extra });
}

/** Check one meld; its tiles are tallied as the hand's. */
export function parseMeld(m: unknown, into?: ParsedMeld): ParsedMeld {
  if (!m || typeof m !== 'object') throw new EngineFailure('INVALID_INPUT', { field: 'melds[]', value: JSON.stringify(m) ?? String(m), expected: 'an object {type, tiles}' });
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
  const n = scanField(tiles, 'melds[].tiles', TALLY_HAND);
  const t: MeldType = type;
  const size = kong ? 4 : 3;
  if (n !== size) throw meldError(t, tiles, 'meld_size', { size, count: n });
  let lo = 99;
  let hi = -1;
  const first = SCAN_END - n;
  for (let i = first; i < SCAN_END; i++) {
    const k = scanKinds[i] as number;
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  if (t === 'chi') {
    const a = scanKinds[first] as number;
    const b = scanKinds[first + 1] as number;
    const c = scanKinds[first + 2] as number;
    const distinct = a !== b && b !== c && a !== c;
    if (lo >= 27 || hi !== lo + 2 || !distinct || ((lo / 9) | 0) !== ((hi / 9) | 0)) throw meldError(t, tiles, 'meld_chi_shape');
  } else if (lo !== hi) {
    throw meldError(t, tiles, 'meld_same_tiles');
  }
  const out = into ?? { type: t, kind: lo, run: false, kong: false, called: false };
  out.type = t;
  out.kind = lo;
  out.run = t === 'chi';
  out.kong = kong;
  out.called = t !== 'kan-closed';
  return out;
}

/**
 * The INVALID_INPUT error of a situation field. Built out of line: the small checks below stay small enough for V8
 * to inline them into parseSituation (a call per field otherwise).
 */
function invalidField(field: string, v: unknown, expected: string): EngineFailure {
  // a number JSON cannot write (1e400 reads as Infinity) is named as itself, not as "null"
  const value = typeof v === 'number' && !Number.isFinite(v) ? `${v} (out of range)` : (JSON.stringify(v) ?? String(v));
  return new EngineFailure('INVALID_INPUT', { field, value, expected });
}

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
  throw invalidField(field, v, 'E, S, W or N');
}

/** Largest counter (honba) and riichi-bet count a situation may give. */
export const MAX_COUNTERS = 1000;

function checkCount(v: unknown, field: string): number {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_COUNTERS) {
    throw invalidField(field, v, `an integer from 0 to ${MAX_COUNTERS}`);
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
  throw invalidField(field, v, 'true or false');
}

const situation: Situation = {
  tsumo: false, riichi: false, doubleRiichi: false, ippatsu: false, haitei: false, houtei: false, rinshan: false, chankan: false,
  tenhou: false, chiihou: false, renhou: false, seatWind: 27, roundWind: 27, honba: 0, riichiSticks: 0,
};

/** Read the situation flags (booleans, winds, counters) into `into` (by default an object reused by the next call). Throws INVALID_INPUT. */
export function parseSituation(input: HandInput, into: Situation = situation): Situation {
  const s = into;
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

const bufSuitSums = new Int32Array(6);
function addSuitSums(suit: number, tiles: number, weight: number): void {
  bufSuitSums[suit]! += tiles;
  bufSuitSums[3 + suit]! += weight;
}

/** Read indicators into `into` (kinds in the order written), counted against the copies and red-five limits. */
function scanIndicators(text: unknown, field: string, into: Uint8Array): number {
  // one tile, the usual case, read directly
  if (typeof text === 'string') {
    const k = tileKind(text);
    if (k >= 0) {
      into[0] = k;
      if (++bufCopies[k]! > 4) overLimit = true;
      if (text.charCodeAt(0) === 48 && ++bufReds[k]! > 1) overLimit = true;
      return 1;
    }
  }
  const n = scanField(text, field, TALLY_LIMITS);
  for (let i = 0; i < n; i++) into[i] = scanKinds[SCAN_END - n + i] as number;
  return n;
}

const parsed: ParsedHand = {
  counts: bufCounts, suitSums: bufSuitSums, melds: [0, 1, 2, 3].map((): ParsedMeld => ({ type: 'chi', kind: 0, run: false, kong: false, called: false })),
  meldCount: 0, anyCalled: false, anyKong: false, winKind: 0, all: bufAll, suitMask: 0,
  hasTerminalOrHonour: false, allTerminalOrHonour: false, redFives: 0, redKinds: new Uint8Array(64),
  doraIndicators: new Uint8Array(64), doraCount: 0, uraIndicators: new Uint8Array(64), uraCount: 0,
};

/**
 * Read the tiles: closed part, melds, winning tile, indicators. Checks counts and copies (red fives against the set's,
 * `redFivesInSet`). Throws EngineFailure.
 */
export function parseHandTiles(input: HandInput, redFivesInSet: 3 | 4 = 3): ParsedHand {
  if (typeof input.closed !== 'string') {
    throw new EngineFailure('INVALID_INPUT', { field: 'closed', value: JSON.stringify(input.closed) ?? 'undefined', expected: 'a tile string' });
  }
  for (let i = 0; i < tallyWords.length; i++) tallyWords[i] = 0;
  for (let i = 0; i < 6; i++) bufSuitSums[i] = 0;
  overLimit = false;
  handTiles = 0;
  outsideTiles = 0;
  suitMask = 0;
  parsed.redFives = 0;
  const nClosed = scanField(input.closed, 'closed', TALLY_CONCEALED);
  redsConcealed = parsed.redFives;
  const meldsIn = input.melds ?? [];
  if (!Array.isArray(meldsIn)) throw new EngineFailure('INVALID_INPUT', { field: 'melds', value: JSON.stringify(meldsIn) ?? '', expected: 'an array' });
  if (nClosed + 3 * meldsIn.length !== 14 || meldsIn.length > 4) {
    // melds are still checked first so a broken meld is reported as such
    for (const m of meldsIn) parseMeld(m);
    throw new EngineFailure('WRONG_TILE_COUNT', { count: nClosed + 3 * meldsIn.length });
  }
  let anyCalled = false;
  let anyKong = false;
  for (let i = 0; i < meldsIn.length; i++) {
    const m = parseMeld(meldsIn[i], parsed.melds[i]);
    if (m.called) anyCalled = true;
    if (m.kong) anyKong = true;
  }
  parsed.meldCount = meldsIn.length;
  parsed.anyCalled = anyCalled;
  parsed.anyKong = anyKong;
  if (typeof input.win_tile !== 'string') {
    throw new EngineFailure('INVALID_INPUT', { field: 'win_tile', value: JSON.stringify(input.win_tile) ?? 'undefined', expected: 'one tile, e.g. "5p"' });
  }
  // the usual two characters read directly; anything else (spaces, errors) by the scanner
  let winKind = tileKind(input.win_tile);
  if (winKind < 0) {
    if (scanField(input.win_tile, 'win_tile', TALLY_NONE) !== 1) {
      throw new EngineFailure('INVALID_INPUT', { field: 'win_tile', value: JSON.stringify(input.win_tile), expected: 'exactly one tile, e.g. "5p"' });
    }
    winKind = scanKinds[SCAN_END - 1] as number;
  }
  parsed.doraCount = scanIndicators(input.dora_indicators, 'dora_indicators', parsed.doraIndicators);
  parsed.uraCount = scanIndicators(input.ura_indicators, 'ura_indicators', parsed.uraIndicators);
  if (overLimit) {
    for (let k = 0; k < 34; k++) {
      if ((bufCopies[k] as number) > 4) throw new EngineFailure('TOO_MANY_COPIES', { tile: KIND_CODES[k] as string, count: bufCopies[k] as number });
      const reds = redFivesOfKind(k, redFivesInSet);
      if ((bufReds[k] as number) > reds) throw new EngineFailure('TOO_MANY_RED_FIVES', { tile: tileCode(k, true), count: bufReds[k] as number, max: reds });
    }
  }
  // one indicator is turned at the start, one more after each kan made at the table, by any player (so not bounded by
  // this hand's kans); the ura indicators lie under them
  if (parsed.doraCount > MAX_DORA_INDICATORS || parsed.uraCount > parsed.doraCount) indicatorError(input, parsed.doraCount, parsed.uraCount);
  if (bufCounts[winKind] === 0) throw new EngineFailure('WIN_TILE_NOT_IN_HAND', { tile: input.win_tile.trim() });
  // a red winning tile must be a red five of the concealed tiles, not one of its plain fives
  if (winKind < 27 && winKind % 9 === 4 && input.win_tile.trim().charCodeAt(0) === 48 && !redAmongConcealed(winKind)) {
    throw new EngineFailure('WIN_TILE_NOT_IN_HAND', { tile: `${input.win_tile.trim()} (a red five, while the concealed ${KIND_CODES[winKind]} are plain)` });
  }
  parsed.winKind = winKind;
  parsed.suitMask = suitMask;
  parsed.hasTerminalOrHonour = outsideTiles > 0;
  parsed.allTerminalOrHonour = outsideTiles === handTiles;
  return parsed;
}

/** Red fives of the concealed part: the first `redsConcealed` of `parsed.redKinds` (the closed tiles are read first). */
let redsConcealed = 0;
function redAmongConcealed(kind: number): boolean {
  for (let i = 0; i < redsConcealed; i++) if (parsed.redKinds[i] === kind) return true;
  return false;
}

function indicatorError(input: HandInput, dora: number, ura: number): never {
  if (dora > MAX_DORA_INDICATORS) {
    throw invalidField('dora_indicators', input.dora_indicators, `at most ${MAX_DORA_INDICATORS} indicators (one, plus one for each kan made at the table by any player, four at most), not ${dora}`);
  }
  throw invalidField('ura_indicators', input.ura_indicators, `at most as many ura indicators as dora indicators (${dora}), not ${ura}`);
}

function contradiction(reason: string, extra: Record<string, string> = {}): never {
  throw new EngineFailure('CONTRADICTORY_FLAGS', { reason, ...extra });
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
