/**
 * Waits of a 13-tile hand: every tile that completes it, the shape of each wait, and what each winning tile
 * scores by ron and by tsumo (through scoreHand, the public scorer); or, when the hand is not ready, its
 * shanten and the tiles that bring it closer.
 */
import { resolveRules, type ResolvedRules, type RulesLike } from '../rules.ts';
import { scoreHand } from '../score.ts';
import { countShanten, improvingTiles, shantenDetail, type ShantenDetail } from '../shanten.ts';
import { KIND_CODES } from '../tiles.ts';
import type { HandInput, ScoreResult } from '../types.ts';
import { readHand, seenCounts, type WaitingHand, type WaitingHandInput, type WaitsError } from './hand.ts';
import { waitPatterns, waitShapes, type WaitPattern, type WaitShape } from './shapes.ts';

/** The situation of a win, without the tiles and the win type (both win types are scored). */
export type WaitsSituation = Omit<HandInput, 'closed' | 'melds' | 'win_tile' | 'tsumo'>;

/**
 * What a winning tile scores: `both`; `tsumo-only` (no yaku on ron: only a self-draw scores, or riichi);
 * `ron-only`; `no-yaku` (neither scores without a yaku the situation lacks, e.g. riichi); `error` (the
 * situation itself is refused, e.g. contradictory flags: see the results).
 */
export type WaitScoring = 'both' | 'tsumo-only' | 'ron-only' | 'no-yaku' | 'error';

export interface WaitEntry {
  /** Plain tile code, e.g. `2m` (a red five is scored as a plain five). */
  tile: string;
  shapes: WaitShape[];
  /** Copies not in the hand nor on the dora indicators. */
  unseen: number;
  scoring: WaitScoring;
  /** The score result by ron and by tsumo, exactly as scoreHand (and `score --json`) gives it. */
  ron: ScoreResult;
  tsumo: ScoreResult;
}

export interface ImprovingEntry {
  tile: string;
  unseen: number;
}

export interface WaitsOk {
  ok: true;
  /** Tiles from ready: 0 = ready (tenpai). 0 with no waits: ready in form only (see `impossible`). */
  shanten: number;
  forms: ShantenDetail;
  waits: WaitEntry[];
  /** Waits of the whole hand over several tiles: single tile on two sides (nobetan), three-sided (sanmenchan). */
  patterns: WaitPattern[];
  /** Tiles that would complete the hand but cannot come: the hand holds all four (or indicators show the rest). */
  impossible: string[];
  /** When not ready: tiles that lower the shanten, with their unseen copies (empty when ready). */
  improving: ImprovingEntry[];
  /** No called meld (closed kans allowed): riichi could still give a yaku. */
  closedHand: boolean;
  /** Furiten cannot be seen from the tiles: always `furiten_unknown` (the text says it once, plainly). */
  note: 'furiten_unknown';
}

export type WaitsResult = WaitsOk | WaitsError;

/**
 * The scorer's input for one winning tile, always built with the same keys in the same order (one object shape
 * for every call keeps scoreHand's property reads fast). Ron leaves out the flags of a self-draw (haitei, rinshan,
 * tenhou, chiihou), tsumo those of a discard (houtei, chankan, renhou).
 */
function winInput(s: WaitsSituation, closed: string, melds: HandInput['melds'], tile: string, tsumo: boolean): HandInput {
  return {
    closed,
    melds,
    win_tile: tile,
    tsumo,
    riichi: s.riichi ?? false,
    double_riichi: s.double_riichi ?? false,
    ippatsu: s.ippatsu ?? false,
    haitei: tsumo && (s.haitei ?? false),
    houtei: !tsumo && (s.houtei ?? false),
    rinshan: tsumo && (s.rinshan ?? false),
    chankan: !tsumo && (s.chankan ?? false),
    tenhou: tsumo && (s.tenhou ?? false),
    chiihou: tsumo && (s.chiihou ?? false),
    renhou: !tsumo && (s.renhou ?? false),
    seat_wind: s.seat_wind ?? 'E',
    round_wind: s.round_wind ?? 'E',
    dora_indicators: s.dora_indicators ?? '',
    ura_indicators: s.ura_indicators ?? '',
    honba: s.honba ?? 0,
    riichi_sticks: s.riichi_sticks ?? 0,
  };
}

/**
 * What to hand scoreHand as its rules: a preset by name when no option is changed (scoreHand keeps presets
 * resolved), else the resolved options (which scoreHand resolves again at each call).
 */
function rulesForScoring(rules: ResolvedRules): RulesLike {
  const preset = (rules as { preset?: unknown }).preset;
  return typeof preset === 'string' && rules.name === preset ? preset : rules;
}
const NO_YAKU = new Set(['NO_YAKU', 'NOT_ENOUGH_FAN']);

function scoringOf(ron: ScoreResult, tsumo: ScoreResult): WaitScoring {
  if (ron.ok && tsumo.ok) return 'both';
  if (tsumo.ok) return NO_YAKU.has(ron.ok ? '' : ron.error.code) ? 'tsumo-only' : 'error';
  if (ron.ok) return NO_YAKU.has(tsumo.error.code) ? 'ron-only' : 'error';
  return NO_YAKU.has(ron.error.code) && NO_YAKU.has(tsumo.error.code) ? 'no-yaku' : 'error';
}

function nearHeld(c: Uint8Array, k: number): boolean {
  if (c[k] !== 0) return true;
  if (k >= 27) return false;
  const d = k % 9;
  return (d >= 1 && c[k - 1] !== 0) || (d >= 2 && c[k - 2] !== 0) || (d <= 7 && c[k + 1] !== 0) || (d <= 6 && c[k + 2] !== 0);
}

function isOrphan(k: number): boolean {
  return k >= 27 || k % 9 === 0 || k % 9 === 8;
}

function wrongCount(count: number): WaitsError {
  return { ok: false, error: { code: 'WRONG_TILE_COUNT', message: `A waiting hand has 13 tiles (each kan counts as 3); this one has ${count}.`, params: { count, expected: 13 } } };
}

/** Waits of an already read 13-tile hand (also used for each discard of a 14-tile hand). */
export function waitsOfHand(hand: WaitingHand, situation: WaitsSituation, rules: ResolvedRules, seen: Uint8Array): WaitsOk {
  const melds = hand.melds.length;
  const c = hand.concealed;
  const forms = shantenDetail(c, melds);
  const waits: WaitEntry[] = [];
  const impossible: string[] = [];
  let improving: ImprovingEntry[] = [];
  let patterns: WaitPattern[] = [];
  if (forms.shanten === 0) {
    const scoring = rulesForScoring(rules);
    for (let k = 0; k < 34; k++) {
      // a tile completes a set or the pair only next to (or on) a tile held: others are skipped unread,
      // except for thirteen orphans, which waits on a tile it lacks
      if (!nearHeld(c, k) && !(forms.orphans === 0 && isOrphan(k))) continue;
      const shapes = waitShapes(c, melds, k);
      if (shapes.length === 0) continue;
      const tile = KIND_CODES[k] as string;
      const unseen = 4 - (hand.all[k] as number) - (seen[k] as number);
      if ((hand.all[k] as number) >= 4 || unseen <= 0) {
        impossible.push(tile);
        continue;
      }
      const closed = hand.closed + tile;
      const ron = scoreHand(winInput(situation, closed, hand.melds, tile, false), scoring);
      const tsumo = scoreHand(winInput(situation, closed, hand.melds, tile, true), scoring);
      waits.push({ tile, shapes, unseen, scoring: scoringOf(ron, tsumo), ron, tsumo });
    }
    if (waits.length >= 2) patterns = waitPatterns(c, waits.map((w) => ({ kind: KIND_CODES.indexOf(w.tile), shapes: w.shapes })));
  } else {
    improving = improvingTiles(c, melds, hand.all, seen).map((t) => ({ tile: KIND_CODES[t.kind] as string, unseen: t.unseen }));
  }
  const closedHand = hand.melds.every((m) => m.type === 'kan-closed');
  return { ok: true, shanten: forms.shanten, forms, waits, patterns, impossible, improving, closedHand, note: 'furiten_unknown' };
}

/**
 * Waits of a 13-tile hand (concealed tiles plus melds, each meld counting 3) under a situation and rules.
 * Never throws: unreadable input gives `{ ok: false, error }` as scoreHand does.
 */
export function findWaits(hand: WaitingHandInput, situation: WaitsSituation = {}, rules?: RulesLike): WaitsResult {
  const read = readHand(hand);
  if ('error' in read) return read;
  const h = read;
  if (h.count !== 13) return wrongCount(h.count);
  const resolved = rulesOrError(rules ?? situation.rules);
  if ('error' in resolved) return resolved;
  return waitsOfHand(h, situation, resolved, seenCounts(situation.dora_indicators));
}

/** The rules resolved, or the UNKNOWN_RULES error as a value. */
export function rulesOrError(rules: RulesLike | undefined): ResolvedRules | WaitsError {
  try {
    return resolveRules(rules);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { ok: false, error: { code: err.code ?? 'UNKNOWN_RULES', message: err.message ?? String(e) } };
  }
}

/** Shanten of a 13-tile hand (or 14: then -1 is complete), the smallest of the three forms; null on bad input. */
export function shantenOfHand(hand: WaitingHandInput): number | null {
  const read = readHand(hand);
  if ('error' in read) return null;
  return countShanten(read.concealed, read.melds.length);
}
