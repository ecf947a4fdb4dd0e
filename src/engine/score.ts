/**
 * scoreHand: every reading of the hand (each decomposition, and each set the winning tile may have
 * completed, plus seven pairs and thirteen orphans), its fu and fan; the highest-scoring reading wins.
 * The hot path works on one reused context and integer arrays; the structured explanation is built once,
 * for the chosen reading only.
 */
import {
  FORM_CHIITOITSU, FORM_KOKUSHI, FORM_STANDARD, handFacts, KONG, NEED_CLOSED, PUNG, readingFacts, RUN, WAIT_KANCHAN, WAIT_KOKUSHI, WAIT_NAMES, WAIT_PENCHAN,
  WAIT_RYANMEN, WAIT_SHANPON, WAIT_TANKI, newContext, type HandContext,
} from './context.ts';
import { forEachDecomposition, isChiitoitsu, isKokushi, PUNG_FLAG } from './decompose.ts';
import { EngineError, EngineFailure, type ErrorCode, type ErrorParams } from './errors.ts';
import { computeFu, roundFu, roundingItem, type FuItemList } from './fu.ts';
import { checkFlags, parseHandTiles, parseSituation, type ParsedHand, type Situation } from './hand.ts';
import { handBase, handLimit, LIMIT_BASE, paymentOnly, paymentTotal, RIICHI_BET, yakumanLimit, type Limit } from './payment.ts';
import { resolveRules, type ResolvedRules, type RulesLike } from './rules.ts';
import { doraFromIndicator, KIND_CODES } from './tiles.ts';
import type { Explanation, FuItem, HandInput, ScoreError, ScoreOk, ScoreResult, YakuEntry, YakuExplanation } from './types.ts';
import { YAKU, YAKUMAN, RENHOU_ID, type YakuDef } from './yaku/index.ts';

const ctx: HandContext = newContext(resolveRules('ema'));

// ---- per-hand state of the search (module-level: the scorer is single-threaded and not re-entrant) ----
let meldSets = 0;
/** What the melds add to every reading (fixed per hand): counts and set bits as in HandContext. */
let meldRuns = 0;
let meldPungs = 0;
let meldConcealed = 0;
let meldRunStarts = 0;
let meldSuitedPungs = 0;
let meldHonourPungs = 0;
let doraCount = 0;
let akaCount = 0;
let uraCount = 0;
let minYakuHan = 1;
let anyYaku = false;
let bestBase = -1;
let bestHan = 0;
let bestFu = 0;
let bestYakuman = 0;
let bestYakumanIndex = -1;
/** With stacked yakuman (option yakumanStacking): the yakuman of the best reading as bits of YAKUMAN indices. */
let bestYakumanMask = 0;
/** Value (1 or 2) of each yakuman found, by YAKUMAN index: hand-level ones once per hand, the others per reading. */
const yakumanValues = new Uint8Array(32);
const bestYakumanValues = new Uint8Array(32);
/** Indices into YAKU of the yaku of the reading being evaluated. */
const readingYaku = new Uint8Array(64);
/** Yaku that depend only on the hand (evaluated once per hand) and those that depend on the reading. */
const HAND_LEVEL: readonly number[] = YAKU.map((y, i) => (y.handLevel ? i : -1)).filter((i) => i >= 0);
const READING_LEVEL: readonly number[] = YAKU.map((y, i) => (y.handLevel ? -1 : i)).filter((i) => i >= 0);
const HAND_LEVEL_YAKUMAN: readonly number[] = YAKUMAN.map((y, i) => (y.handLevel ? i : -1)).filter((i) => i >= 0);
const READING_LEVEL_YAKUMAN: readonly number[] = YAKUMAN.map((y, i) => (y.handLevel ? -1 : i)).filter((i) => i >= 0);
/** Each yaku's needs, with the closed hand for closed-only yaku (a fan of 0 when open). */
const needsOf = (y: YakuDef) => y.needs | (y.open === 0 ? NEED_CLOSED : 0);
const YAKU_NEEDS = Int32Array.from(YAKU, needsOf);
const YAKUMAN_NEEDS = Int32Array.from(YAKUMAN, needsOf);
/** Facts of the hand (handFacts), and of the reading being evaluated. */
let handFactBits = 0;

/** The yaku and yakuman (indices into YAKU, YAKUMAN) of a level whose needs a set of facts meets. */
interface Candidates {
  yaku: Uint8Array;
  yakuman: Uint8Array;
}
function meetNeeds(list: readonly number[], needs: Int32Array, facts: number): Uint8Array {
  return Uint8Array.from(list.filter((i) => ((needs[i] as number) & ~facts) === 0));
}
/**
 * Candidates by facts, memoised: they depend only on the facts and the yaku table, and few sets of facts occur,
 * so a hand or reading loops over the two or three yaku that may hold instead of every yaku. A direct-mapped
 * cache (slot by a hash of the facts, the facts kept to check) is cheaper than a Map and bounded.
 */
const CACHE_BITS = 12;
interface CandidateCache {
  facts: Int32Array;
  found: (Candidates | undefined)[];
  /** Every fact the yaku of the level need. */
  relevant: number;
}
const needsUnion = (list: readonly number[], needs: Int32Array) => list.reduce((all, i) => all | (needs[i] as number), 0);
const newCache = (yaku: readonly number[], yakuman: readonly number[]): CandidateCache => ({
  facts: new Int32Array(1 << CACHE_BITS).fill(-1),
  // filled to full length up front: V8 keeps an array written far past its end (slots up to 4095) as a slow
  // dictionary, which made every lookup a hash probe
  found: new Array<Candidates | undefined>(1 << CACHE_BITS).fill(undefined),
  relevant: needsUnion(yaku, YAKU_NEEDS) | needsUnion(yakuman, YAKUMAN_NEEDS),
});
const handCandidates = newCache(HAND_LEVEL, HAND_LEVEL_YAKUMAN);
const readingCandidates = newCache(READING_LEVEL, READING_LEVEL_YAKUMAN);
function candidatesFor(cache: CandidateCache, allFacts: number, yaku: readonly number[], yakuman: readonly number[]): Candidates {
  // only the facts some yaku of the level needs tell candidates apart
  const facts = allFacts & cache.relevant;
  const slot = Math.imul(facts, 0x9e3779b1) >>> (32 - CACHE_BITS);
  if (cache.facts[slot] === facts) return cache.found[slot] as Candidates;
  const found = { yaku: meetNeeds(yaku, YAKU_NEEDS, facts), yakuman: meetNeeds(yakuman, YAKUMAN_NEEDS, facts) };
  cache.facts[slot] = facts;
  cache.found[slot] = found;
  return found;
}

const handYaku = new Uint8Array(64);
let handYakuCount = 0;
let handYakuHan = 0;
/**
 * The best hand-level yakuman of this hand: value (0 none, 1, 2 double) and index into YAKUMAN. The best of a
 * reading is the highest value, the first in YAKUMAN order on a tie.
 */
let handYakuman = 0;
let handYakumanIndex = -1;
let handYakumanMask = 0;
/** Indices into YAKU of the yaku of the best reading. */
const bestYaku = new Uint8Array(64);
let bestYakuCount = 0;

/**
 * A reading as a few integers, so keeping the best one (and the first one) copies no arrays: the form, the pair,
 * the concealed sets of the decomposition packed 7 bits each (decompose.ts set codes), the winning set and the wait.
 * `restoreReading` puts it back into ctx.
 */
let curSets = 0;
let anyReading = false;
/** Readings evaluated so far in this hand, and the number of the best one. */
let readingSerial = 0;
let bestSerial = -1;
let firstForm = 0;
let firstPair = -1;
let firstSets = 0;
let firstWinSet = -1;
let firstWait = 0;
let bestForm = 0;
let bestPair = -1;
let bestSets = 0;
let bestWinSet = -1;
let bestWait = 0;

const SET_BITS = 7;
const SET_MASK = (1 << SET_BITS) - 1;

/**
 * Load a standard decomposition into ctx: its concealed sets after the melds, and the facts every reading of it
 * shares (counts, set bits, iipeikou pairs). Every concealed set starts as concealed; the caller marks a pung
 * completed by a discard.
 */
function loadDecomposition(pair: number, packed: number): void {
  const c = ctx;
  const m = meldSets;
  const n = 4 - m;
  let runs = meldRuns;
  let pungs = meldPungs;
  let runStarts = meldRunStarts;
  let suitedPungs = meldSuitedPungs;
  let honourPungs = meldHonourPungs;
  let peikou = 0;
  let prevRun = -1;
  let sameRuns = 0;
  for (let j = 0; j < n; j++) {
    const s = (packed >> (SET_BITS * j)) & SET_MASK;
    const i = m + j;
    if (s >= PUNG_FLAG) {
      const t = s - PUNG_FLAG;
      c.setKind[i] = PUNG;
      c.setTile[i] = t;
      pungs++;
      if (t >= 27) honourPungs |= 1 << (t - 27);
      else suitedPungs |= 1 << t;
    } else {
      c.setKind[i] = RUN;
      c.setTile[i] = s;
      runs++;
      runStarts |= 1 << s;
      // decompositions list sets in kind order, so identical runs are adjacent: each 2nd (4th) closes a pair
      sameRuns = s === prevRun ? sameRuns + 1 : 1;
      if (sameRuns % 2 === 0) peikou++;
      prevRun = s;
    }
    c.setCalled[i] = 0;
    c.setConcealed[i] = 1;
  }
  c.form = FORM_STANDARD;
  c.n = 4;
  c.pair = pair;
  c.runs = runs;
  c.pungs = pungs;
  c.concealedPungs = meldConcealed + pungs - meldPungs;
  c.peikou = peikou;
  c.runStarts = runStarts;
  c.suitedPungs = suitedPungs;
  c.honourPungs = honourPungs;
  curSets = packed;
}

/** Load seven pairs or thirteen orphans (no sets; no melds either). */
function loadSpecial(form: number, pair: number): void {
  const c = ctx;
  c.form = form;
  c.n = 0;
  c.pair = pair;
  c.runs = 0;
  c.pungs = 0;
  c.concealedPungs = 0;
  c.peikou = 0;
  c.runStarts = 0;
  c.suitedPungs = 0;
  c.honourPungs = 0;
  curSets = 0;
}

/** Which set the winning tile completed and the wait; a pung completed by a discard is not concealed. */
function setWin(winSet: number, wait: number): void {
  const c = ctx;
  c.winSet = winSet;
  c.wait = wait;
  if (wait === WAIT_SHANPON && !c.tsumo) {
    c.setConcealed[winSet] = 0;
    c.concealedPungs--;
  }
}

/** Undo setWin's change to the winning pung (the next reading of the decomposition starts concealed). */
function unsetWin(): void {
  const c = ctx;
  if (c.wait === WAIT_SHANPON && !c.tsumo) {
    c.setConcealed[c.winSet] = 1;
    c.concealedPungs++;
  }
}

function restoreReading(form: number, pair: number, packed: number, winSet: number, wait: number): void {
  if (form === FORM_STANDARD) loadDecomposition(pair, packed);
  else loadSpecial(form, pair);
  setWin(winSet, wait);
}


/** 1, or 2 for a double yakuman: daisuushii (daisuushiiDouble), or a double form (doubleYakumanWaits). */
function yakumanValue(y: YakuDef, c: HandContext): number {
  if (y.id === 'daisuushii') return c.rules.daisuushiiDouble ? 2 : 1;
  return y.doubleForm !== undefined && c.rules.doubleYakumanWaits && y.doubleForm(c) ? 2 : 1;
}

/** Evaluate the reading now in ctx; keep it when it beats the best so far. */
function evaluate(): void {
  const c = ctx;
  readingSerial++;
  if (!anyReading) {
    anyReading = true;
    firstForm = c.form;
    firstPair = c.pair;
    firstSets = curSets;
    firstWinSet = c.winSet;
    firstWait = c.wait;
  }
  const fuRaw = computeFu(c, null);
  const fu = roundFu(fuRaw, c.form);
  const facts = readingFacts(c, handFactBits);
  let yakuman = handYakuman;
  let yakumanIndex = handYakumanIndex;
  let yakumanMask = handYakumanMask;
  const candidates = candidatesFor(readingCandidates, facts, READING_LEVEL, READING_LEVEL_YAKUMAN);
  const yakumanList = candidates.yakuman;
  for (let j = 0; j < yakumanList.length; j++) {
    const i = yakumanList[j] as number;
    const y = YAKUMAN[i] as YakuDef;
    if (!y.check(c)) continue;
    const v = yakumanValue(y, c);
    if (c.rules.yakumanStacking) {
      yakumanValues[i] = v;
      yakuman += v;
      yakumanMask |= 1 << i;
      if (yakumanIndex < 0) yakumanIndex = i;
    } else if (v > yakuman || (v === yakuman && i < yakumanIndex)) {
      yakuman = v;
      yakumanIndex = i;
    }
  }
  let found = handYakuCount;
  let han: number;
  let base: number;
  if (yakuman > 0) {
    han = 13 * yakuman;
    base = LIMIT_BASE.yakuman * yakuman;
    anyYaku = true;
  } else {
    let yakuHan = handYakuHan;
    const yakuList = candidates.yaku;
    for (let j = 0; j < yakuList.length; j++) {
      const i = yakuList[j] as number;
      const y = YAKU[i] as YakuDef;
      if (y.check(c)) {
        yakuHan += c.closedHand ? y.closed : y.open;
        readingYaku[found++] = i;
      }
    }
    if (yakuHan === 0) return;
    anyYaku = true;
    if (yakuHan < minYakuHan) return;
    han = yakuHan + doraCount + akaCount + uraCount;
    base = handBase(han, fu, c.rules.kazoeYakuman, c.rules.kiriageMangan);
  }
  if (base > bestBase || (base === bestBase && (han > bestHan || (han === bestHan && fu > bestFu)))) {
    bestBase = base;
    bestHan = han;
    bestFu = fu;
    bestYakuman = yakuman;
    bestYakumanIndex = yakumanIndex;
    if (yakumanMask !== 0) {
      bestYakumanMask = yakumanMask;
      bestYakumanValues.set(yakumanValues);
    }
    bestYakuCount = found;
    for (let i = 0; i < handYakuCount; i++) bestYaku[i] = handYaku[i] as number;
    for (let i = handYakuCount; i < found; i++) bestYaku[i] = readingYaku[i] as number;
    bestSerial = readingSerial;
    bestForm = c.form;
    bestPair = c.pair;
    bestSets = curSets;
    bestWinSet = c.winSet;
    bestWait = c.wait;
  }
}

function visitDecomposition(pair: number, sets: Uint8Array, n: number): void {
  let packed = 0;
  for (let j = 0; j < n; j++) packed |= (sets[j] as number) << (SET_BITS * j);
  loadDecomposition(pair, packed);
  const m = meldSets;
  const w = ctx.winKind;
  if (pair === w) {
    setWin(-1, WAIT_TANKI);
    evaluate();
  }
  for (let j = 0; j < n; j++) {
    const s = sets[j] as number;
    // identical sets give the same readings: only the first of them is tried
    if (j > 0 && sets[j - 1] === s) continue;
    let wait: number;
    if (s >= PUNG_FLAG) {
      if (s - PUNG_FLAG !== w) continue;
      wait = WAIT_SHANPON;
    } else {
      if (w < s || w > s + 2) continue;
      if (w === s + 1) wait = WAIT_KANCHAN;
      else if ((w === s + 2 && s % 9 === 0) || (w === s && s % 9 === 6)) wait = WAIT_PENCHAN;
      else wait = WAIT_RYANMEN;
    }
    setWin(m + j, wait);
    evaluate();
    unsetWin();
  }
}

function setupContext(hand: ParsedHand, s: Situation, rules: ResolvedRules): void {
  const c = ctx;
  c.rules = rules;
  c.all = hand.all;
  c.closedHand = true;
  const m = hand.meldCount;
  c.meldCount = m;
  let runs = 0;
  let pungs = 0;
  let kongs = 0;
  let concealed = 0;
  let runStarts = 0;
  let suitedPungs = 0;
  let honourPungs = 0;
  for (let i = 0; i < m; i++) {
    const meld = hand.melds[i]!;
    const t = meld.kind;
    if (meld.called) c.closedHand = false;
    c.setKind[i] = meld.run ? RUN : meld.kong ? KONG : PUNG;
    c.setTile[i] = t;
    c.setCalled[i] = meld.called ? 1 : 0;
    c.setConcealed[i] = meld.called ? 0 : 1;
    if (meld.run) {
      runs++;
      runStarts |= 1 << t;
    } else {
      pungs++;
      if (meld.kong) kongs++;
      if (!meld.called) concealed++;
      if (t >= 27) honourPungs |= 1 << (t - 27);
      else suitedPungs |= 1 << t;
    }
  }
  meldSets = m;
  meldRuns = runs;
  meldPungs = pungs;
  meldConcealed = concealed;
  meldRunStarts = runStarts;
  meldSuitedPungs = suitedPungs;
  meldHonourPungs = honourPungs;
  c.kongs = kongs;
  // scoreHand parses the situation straight into ctx; a caller of scoreParsed may pass its own
  if (s !== c) {
    c.tsumo = s.tsumo;
    c.riichi = s.riichi;
    c.doubleRiichi = s.doubleRiichi;
    c.ippatsu = s.ippatsu;
    c.haitei = s.haitei;
    c.houtei = s.houtei;
    c.rinshan = s.rinshan;
    c.chankan = s.chankan;
    c.tenhou = s.tenhou;
    c.chiihou = s.chiihou;
    c.renhou = s.renhou;
    c.seatWind = s.seatWind;
    c.roundWind = s.roundWind;
    c.honba = s.honba;
    c.riichiSticks = s.riichiSticks;
  }
  c.winKind = hand.winKind;
  c.suitMask = hand.suitMask;
  c.hasTerminalOrHonour = hand.hasTerminalOrHonour;
  c.allTerminalOrHonour = hand.allTerminalOrHonour;
}

function errorResult(e: unknown): ScoreResult {
  if (e instanceof EngineFailure || e instanceof EngineError) return { ok: false, error: { code: e.code, message: e.message, params: e.params } };
  return { ok: false, error: { code: 'INVALID_INPUT', message: `Invalid input: ${e instanceof Error ? e.message : String(e)}` } };
}

/** The result of an error found while scoring (a value: no `Error`, no stack, nothing thrown). */
function failure(code: ErrorCode, params: ErrorParams = {}): ScoreResult {
  return errorResult(new EngineFailure(code, params));
}

/** A score without the explanation (batch checking, e.g. the CLI's JSON lines): the same fields otherwise. */
export type ScoreBrief = Omit<ScoreOk, 'explanation'> | ScoreError;

/**
 * Like scoreHand, without building the explanation (same han, fu, yaku, limit, payment, total_gain, rules).
 * Never throws.
 */
export function scoreHandBrief(input: HandInput, rules?: RulesLike): ScoreBrief {
  return scoreWith(input, rules, false);
}

/**
 * Score one winning hand by the given rules (or `input.rules`, or the `ema` preset). Never throws:
 * returns `{ok: true, ...}` or `{ok: false, error: {code, message}}`.
 */
export function scoreHand(input: HandInput, rules?: RulesLike): ScoreResult {
  return scoreWith(input, rules, true);
}

/** The default rules, resolved once (most calls name no rules). */
let defaultRules: ResolvedRules | undefined;

function scoreWith(input: HandInput, rules: RulesLike, explain: boolean): ScoreResult {
  try {
    if (!input || typeof input !== 'object') throw new EngineError('INVALID_INPUT', { field: 'input', value: String(input), expected: 'an object' });
    const asked = rules ?? input.rules;
    const r = asked === undefined ? (defaultRules ??= resolveRules('ema')) : resolveRules(asked);
    const s = parseSituation(input, ctx);
    const hand = parseHandTiles(input, r.redFivesInSet);
    checkFlags(s, hand);
    return scoreParsed(hand, s, r, explain);
  } catch (e) {
    return errorResult(e);
  }
}

/** Score an already parsed and checked hand (used by scoreHand and the bench). Errors are returned as results. */
export function scoreParsed(hand: ParsedHand, s: Situation, rules: ResolvedRules, explain = true): ScoreResult {
  setupContext(hand, s, rules);
  const c = ctx;
  // hand-level fan from dora
  doraCount = 0;
  for (let i = 0; i < hand.doraCount; i++) doraCount += c.all[doraFromIndicator(hand.doraIndicators[i] as number)] as number;
  akaCount = rules.redFivesAreDora ? hand.redFives : 0;
  uraCount = 0;
  if (s.riichi) for (let i = 0; i < hand.uraCount; i++) uraCount += c.all[doraFromIndicator(hand.uraIndicators[i] as number)] as number;
  minYakuHan = rules.minTwoFanWithFiveCounters && s.honba >= 5 ? 2 : 1;
  anyYaku = false;
  anyReading = false;
  bestSerial = -1;
  bestBase = -1;
  bestHan = 0;
  bestFu = 0;
  bestYakuman = 0;
  bestYakumanIndex = -1;
  bestYakumanMask = 0;
  bestYakuCount = 0;
  handYakuCount = 0;
  handYakuHan = 0;
  handFactBits = handFacts(c);
  const candidates = candidatesFor(handCandidates, handFactBits, HAND_LEVEL, HAND_LEVEL_YAKUMAN);
  const yakuList = candidates.yaku;
  for (let j = 0; j < yakuList.length; j++) {
    const i = yakuList[j] as number;
    const y = YAKU[i] as YakuDef;
    if (y.check(c)) {
      handYaku[handYakuCount++] = i;
      handYakuHan += c.closedHand ? y.closed : y.open;
    }
  }
  handYakuman = 0;
  handYakumanIndex = -1;
  handYakumanMask = 0;
  const yakumanList = candidates.yakuman;
  for (let j = 0; j < yakumanList.length; j++) {
    const i = yakumanList[j] as number;
    const y = YAKUMAN[i] as YakuDef;
    if (!y.check(c)) continue;
    const v = yakumanValue(y, c);
    if (rules.yakumanStacking) {
      yakumanValues[i] = v;
      handYakuman += v;
      handYakumanMask |= 1 << i;
      if (handYakumanIndex < 0) handYakumanIndex = i;
    } else if (v > handYakuman) {
      handYakuman = v;
      handYakumanIndex = i;
    }
  }

  const counts = hand.counts;
  forEachDecomposition(counts, 4 - meldSets, visitDecomposition, hand.suitSums);
  if (meldSets === 0) {
    // cheap necessary conditions first: seven pairs hold an even number of each suit's tiles, thirteen orphans
    // only terminals and honours
    const sums = hand.suitSums;
    const evenSuits = (((sums[0] as number) | (sums[1] as number) | (sums[2] as number)) & 1) === 0;
    if (evenSuits && isChiitoitsu(counts)) {
      loadSpecial(FORM_CHIITOITSU, -1);
      setWin(-1, WAIT_TANKI);
      evaluate();
    } else if (hand.allTerminalOrHonour && isKokushi(counts)) {
      let pair = -1;
      for (let k = 0; k < 34; k++) if (counts[k] === 2) pair = k;
      loadSpecial(FORM_KOKUSHI, pair);
      setWin(-1, WAIT_KOKUSHI);
      evaluate();
    }
  }
  if (!anyReading) return failure('NOT_A_WINNING_HAND');
  const renhouMangan = s.renhou && rules.renhou === 'mangan';
  if (bestBase < 0 && !renhouMangan) return anyYaku ? failure('NOT_ENOUGH_FAN', { honba: s.honba, han: 1 }) : failure('NO_YAKU');
  // renhou without another yaku: show the first reading
  // Without the explanation only the first reading (renhou) needs to be back in ctx: the best one's fu and yaku
  // are kept. With it, the best reading is restored unless it is the last one evaluated, still in ctx but for
  // its winning pung, which setWin marks again.
  if (bestBase < 0) restoreReading(firstForm, firstPair, firstSets, firstWinSet, firstWait);
  else if (explain) {
    if (bestSerial === readingSerial) setWin(bestWinSet, bestWait);
    else restoreReading(bestForm, bestPair, bestSets, bestWinSet, bestWait);
  }
  return buildResult(hand, s, rules, renhouMangan && bestBase < LIMIT_BASE.mangan, explain);
}

/** Notation of every set, precomputed: SET_TEXT[kind * 3 + style][tile], style 0 concealed, 1 called, 2 closed kong. */
const SET_TEXT: string[][] = [];
for (const kind of [RUN, PUNG, KONG]) {
  for (const style of [0, 1, 2]) {
    SET_TEXT[kind * 3 + style] = KIND_CODES.map((code) => {
      const d = +code[0]!;
      const suit = code[1] as string;
      const body = kind === RUN ? (d <= 7 && suit !== 'z' ? `${d}${d + 1}${d + 2}${suit}` : '') : `${String(d).repeat(kind === KONG ? 4 : 3)}${suit}`;
      return style === 1 ? `[${body}]` : style === 2 ? `(${body})` : body;
    });
  }
}

function setNotation(c: HandContext, i: number): string {
  const kind = c.setKind[i] as number;
  const style = c.setCalled[i] === 1 ? 1 : kind === KONG ? 2 : 0;
  return (SET_TEXT[kind * 3 + style] as string[])[c.setTile[i] as number] as string;
}

const NO_PARAMS: Record<string, string | number> = Object.freeze({}) as Record<string, string | number>;
const entryCache = new Map<string, YakuEntry[]>();
const explainedCache = new Map<string, YakuExplanation[]>();
/** Shared frozen `{id, han}` (yaku lists repeat the same few values). */
function yakuEntry(id: string, han: number): YakuEntry {
  let arr = entryCache.get(id);
  if (!arr) entryCache.set(id, (arr = []));
  return (arr[han] ??= Object.freeze({ id, han }));
}
/** Shared frozen explanation entry for a yaku without parameters. */
function plainExplained(id: string, han: number): YakuExplanation {
  let arr = explainedCache.get(id);
  if (!arr) explainedCache.set(id, (arr = []));
  return (arr[han] ??= Object.freeze({ id, han, reason: id, params: NO_PARAMS }));
}
/** The entries of each yaku looked up once, by index: [closed hand, open hand]. */
const YAKU_ENTRIES: readonly (readonly [YakuEntry, YakuEntry])[] = YAKU.map((y) => [yakuEntry(y.id, y.closed), yakuEntry(y.id, y.open)]);
const YAKU_EXPLAINED: readonly (readonly [YakuExplanation, YakuExplanation])[] = YAKU.map((y) => [plainExplained(y.id, y.closed), plainExplained(y.id, y.open)]);
/** Shared frozen explanation entries of the yaku with parameters: by yaku index and open (`2 * i + open`), then paramsKey. */
const PARAMS_EXPLAINED: YakuExplanation[][] = YAKU.map(() => []).concat(YAKU.map(() => []));
function paramsExplained(y: YakuDef, i: number, open: number, han: number, c: HandContext): YakuExplanation {
  const byKey = PARAMS_EXPLAINED[2 * i + open] as YakuExplanation[];
  const key = y.paramsKey ? y.paramsKey(c) : -1;
  const shared = key >= 0 ? byKey[key] : undefined;
  if (shared) return shared;
  const entry: YakuExplanation = { id: y.id, han, reason: y.id, params: (y.params as NonNullable<YakuDef['params']>)(c) };
  if (key < 0) return entry;
  Object.freeze(entry.params);
  return (byKey[key] = Object.freeze(entry));
}
/** Dora entries by count (the id lookup once). */
const DORA_ENTRIES: YakuEntry[] = [];
const AKA_ENTRIES: YakuEntry[] = [];
const URA_ENTRIES: YakuEntry[] = [];
/**
 * Dora explanation entries, shared and frozen like the other entries: by count and the one indicator (the usual
 * case; several indicators get a fresh entry), red fives by count and the suits in the order held.
 */
const DORA_EXPLAINED: YakuExplanation[] = [];
const URA_EXPLAINED: YakuExplanation[] = [];
const AKA_EXPLAINED: YakuExplanation[] = [];
function doraExplained(id: 'dora' | 'ura_dora', count: number, indicators: Uint8Array, n: number, cache: YakuExplanation[]): YakuExplanation {
  const key = count * 34 + (indicators[0] as number);
  const shared = n === 1 ? cache[key] : undefined;
  if (shared) return shared;
  const params = { count, indicators: kindsText(indicators, n, false), dora: kindsText(indicators, n, true) };
  const entry: YakuExplanation = { id, han: count, reason: id, params };
  if (n === 1) {
    Object.freeze(params);
    cache[key] = Object.freeze(entry);
  }
  return entry;
}
function akaExplained(count: number, kinds: Uint8Array, n: number): YakuExplanation {
  // the suits of up to three red fives in the order written, 2 bits each (a fourth, rules.redFivesInSet 4, is not cached)
  let key = count * 64;
  for (let i = 0; i < n; i++) key += (((kinds[i] as number) / 9) | 0) << (2 * i);
  const shared = n <= 3 ? AKA_EXPLAINED[key] : undefined;
  if (shared) return shared;
  const params = { count, tiles: kindsText(kinds, n, false, true) };
  const entry: YakuExplanation = { id: 'aka_dora', han: count, reason: 'aka_dora', params };
  if (n <= 3) {
    Object.freeze(params);
    AKA_EXPLAINED[key] = Object.freeze(entry);
  }
  return entry;
}

const fuScratch: FuItemList = { list: [], n: 0 };
const NO_EXPLAINED: YakuExplanation[] = [];
/** Notation of every pair, precomputed: `55m`. */
const PAIR_TEXT: readonly string[] = KIND_CODES.map((code) => `${code[0]}${code}`);

function buildResult(hand: ParsedHand, s: Situation, rules: ResolvedRules, renhouWins: boolean, explain: boolean): ScoreResult {
  const c = ctx;
  fuScratch.n = 0;
  const fuRaw = explain || bestBase < 0 ? computeFu(c, explain ? fuScratch : null) : bestFu;
  const fu = explain || bestBase < 0 ? roundFu(fuRaw, c.form) : bestFu;
  if (explain && fu !== fuRaw) fuScratch.list[fuScratch.n++] = roundingItem(fu - fuRaw);
  // exact-size arrays filled by index: a result carries no spare capacity (less memory written per hand)
  const stacked = bestYakuman > 0 && bestYakumanMask !== 0;
  const entries = stacked ? popCount(bestYakumanMask) : renhouWins || bestYakuman > 0 ? 1 : bestYakuCount + (doraCount > 0 ? 1 : 0) + (akaCount > 0 ? 1 : 0) + (uraCount > 0 ? 1 : 0);
  const yaku = new Array<YakuEntry>(entries);
  const yakuEx = explain ? new Array<YakuExplanation>(entries) : NO_EXPLAINED;
  let e = 0;
  let han = 0;
  let limit: Limit | null;
  let base: number;
  if (renhouWins) {
    han = 5;
    limit = 'mangan';
    base = LIMIT_BASE.mangan;
    yaku[0] = yakuEntry(RENHOU_ID, 5);
    if (explain) yakuEx[0] = plainExplained(RENHOU_ID, 5);
  } else if (stacked) {
    // every yakuman of the hand, in YAKUMAN order, each 13 fan a yakuman
    for (let i = 0; i < YAKUMAN.length; i++) {
      if ((bestYakumanMask & (1 << i)) === 0) continue;
      const id = (YAKUMAN[i] as YakuDef).id;
      const h = 13 * (bestYakumanValues[i] as number);
      yaku[e] = yakuEntry(id, h);
      if (explain) yakuEx[e] = plainExplained(id, h);
      e++;
      han += h;
    }
    limit = yakumanLimit(bestYakuman);
    base = LIMIT_BASE.yakuman * bestYakuman;
  } else if (bestYakuman > 0) {
    const chosen: YakuDef | null = bestYakumanIndex >= 0 ? (YAKUMAN[bestYakumanIndex] as YakuDef) : null;
    // the best reading's value (a double form depends on the reading, which ctx may no longer hold)
    const mult = bestYakuman;
    han = 13 * mult;
    limit = yakumanLimit(mult);
    base = LIMIT_BASE.yakuman * mult;
    const id = chosen ? chosen.id : 'yakuman';
    yaku[0] = yakuEntry(id, han);
    if (explain) yakuEx[0] = plainExplained(id, han);
  } else {
    // list in YAKU order (hand-level yaku were recorded first)
    for (let a = 1; a < bestYakuCount; a++) {
      const v = bestYaku[a] as number;
      let b = a - 1;
      while (b >= 0 && (bestYaku[b] as number) > v) {
        bestYaku[b + 1] = bestYaku[b] as number;
        b--;
      }
      bestYaku[b + 1] = v;
    }
    const open = c.closedHand ? 0 : 1;
    for (let j = 0; j < bestYakuCount; j++) {
      const i = bestYaku[j] as number;
      const y = YAKU[i] as YakuDef;
      const entry = (YAKU_ENTRIES[i] as [YakuEntry, YakuEntry])[open];
      han += entry.han;
      if (explain) yakuEx[e] = y.params ? paramsExplained(y, i, open, entry.han, c) : (YAKU_EXPLAINED[i] as [YakuExplanation, YakuExplanation])[open];
      yaku[e++] = entry;
    }
    if (doraCount > 0) {
      if (explain) yakuEx[e] = doraExplained('dora', doraCount, hand.doraIndicators, hand.doraCount, DORA_EXPLAINED);
      yaku[e++] = DORA_ENTRIES[doraCount] ??= yakuEntry('dora', doraCount);
    }
    if (akaCount > 0) {
      if (explain) yakuEx[e] = akaExplained(akaCount, hand.redKinds, hand.redFives);
      yaku[e++] = AKA_ENTRIES[akaCount] ??= yakuEntry('aka_dora', akaCount);
    }
    if (uraCount > 0) {
      if (explain) yakuEx[e] = doraExplained('ura_dora', uraCount, hand.uraIndicators, hand.uraCount, URA_EXPLAINED);
      yaku[e] = URA_ENTRIES[uraCount] ??= yakuEntry('ura_dora', uraCount);
    }
    han += doraCount + akaCount + uraCount;
    limit = handLimit(han, fu, rules.kazoeYakuman, rules.kiriageMangan);
    base = handBase(han, fu, rules.kazoeYakuman, rules.kiriageMangan);
  }
  const dealer = s.seatWind === 27;
  const payment = paymentOnly(base, dealer, s.tsumo, s.honba);
  const total = paymentTotal(payment) + RIICHI_BET * s.riichiSticks;
  // a red five under rules without red fives is scored as a plain five: the result says how many were
  const redPlain = rules.redFivesAreDora ? 0 : hand.redFives;
  if (!explain) {
    const brief = { ok: true, han, fu, yaku, limit, payment, total_gain: total, rules: rules.name } as ScoreBrief as ScoreResult;
    if (redPlain > 0) (brief as ScoreOk).red_fives_plain = redPlain;
    return brief;
  }
  const fuItems = new Array<FuItem>(fuScratch.n);
  for (let i = 0; i < fuScratch.n; i++) fuItems[i] = fuScratch.list[i] as FuItem;
  const sets = new Array<string>(c.form === FORM_CHIITOITSU ? 7 : c.n);
  for (let i = 0; i < c.n; i++) sets[i] = setNotation(c, i);
  if (c.form === FORM_CHIITOITSU) for (let k = 0, j = 0; k < 34; k++) if (hand.counts[k] === 2) sets[j++] = PAIR_TEXT[k] as string;
  const explanation: Explanation = {
    yaku: yakuEx,
    fu: fuItems,
    fu_raw: fuRaw,
    reading: {
      sets,
      pair: c.form !== FORM_CHIITOITSU && c.pair >= 0 ? (PAIR_TEXT[c.pair] as string) : '',
      wait: WAIT_NAMES[c.wait] as string,
      kind: c.form === FORM_CHIITOITSU ? 'chiitoitsu' : c.form === FORM_KOKUSHI ? 'kokushi' : 'standard',
    },
    base_points: base,
    limit,
    dealer,
    tsumo: s.tsumo,
    honba: s.honba,
    riichi_sticks: s.riichiSticks,
    payment,
    total_gain: total,
    rules: rules.name,
    rules_label: rules.label,
    red_fives_plain: redPlain,
  };
  const result: ScoreOk = { ok: true, han, fu, yaku, limit, payment, total_gain: total, rules: rules.name, explanation };
  if (redPlain > 0) result.red_fives_plain = redPlain;
  return result;
}

/**
 * Compact notation of kinds in order (`1m 2m 5p` -> `12m5p`): the dora they indicate with `dora`, fives written
 * as red (`0`) with `red`.
 */
function kindsText(kinds: Uint8Array, n: number, dora: boolean, red = false): string {
  let out = '';
  let suit = -1;
  for (let i = 0; i < n; i++) {
    const k = dora ? doraFromIndicator(kinds[i] as number) : (kinds[i] as number);
    const su = (k / 9) | 0;
    if (su !== suit && suit >= 0) out += SUIT_LETTERS[suit];
    out += red && k % 9 === 4 ? '0' : DIGITS[k % 9];
    suit = su;
  }
  return suit >= 0 ? out + SUIT_LETTERS[suit] : out;
}
const SUIT_LETTERS = 'mpsz';

function popCount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}
const DIGITS = '123456789';
