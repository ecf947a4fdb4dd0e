/**
 * scoreHand: every reading of the hand (each decomposition, and each set the winning tile may have
 * completed, plus seven pairs and thirteen orphans), its fu and fan; the highest-scoring reading wins.
 * The hot path works on one reused context and integer arrays; the structured explanation is built once,
 * for the chosen reading only.
 */
import {
  FORM_CHIITOITSU, FORM_KOKUSHI, FORM_STANDARD, KONG, PUNG, RUN, WAIT_KANCHAN, WAIT_KOKUSHI, WAIT_NAMES, WAIT_PENCHAN,
  WAIT_RYANMEN, WAIT_SHANPON, WAIT_TANKI, newContext, type HandContext,
} from './context.ts';
import { forEachDecomposition, isChiitoitsu, isKokushi, PUNG_FLAG } from './decompose.ts';
import { EngineError } from './errors.ts';
import { computeFu, fuItem, roundFu } from './fu.ts';
import { checkFlags, parseHandTiles, parseSituation, type ParsedHand, type Situation } from './hand.ts';
import { LIMIT_BASE, limitOf, paymentOnly, paymentTotal, RIICHI_BET, type Limit } from './payment.ts';
import { resolveRules, type ResolvedRules, type RulesLike } from './rules.ts';
import { doraFromIndicator, isTerminalOrHonour, KIND_CODES } from './tiles.ts';
import type { Explanation, FuItem, HandInput, ScoreError, ScoreOk, ScoreResult, YakuEntry, YakuExplanation } from './types.ts';
import { YAKU, YAKUMAN, RENHOU_ID, type YakuDef } from './yaku/index.ts';

const ctx: HandContext = newContext(resolveRules('ema'));

// ---- per-hand state of the search (module-level: the scorer is single-threaded and not re-entrant) ----
let meldSets = 0;
let doraCount = 0;
let akaCount = 0;
let uraCount = 0;
let minYakuHan = 1;
let anyYaku = false;
let anyReading = false;
let bestBase = -1;
let bestHan = 0;
let bestFu = 0;
let bestYakuman = 0;
let bestYakumanIndex = -1;
/** Indices into YAKU of the yaku of the reading being evaluated. */
const readingYaku = new Uint8Array(64);
/** Yaku that depend only on the hand (evaluated once per hand) and those that depend on the reading. */
const HAND_LEVEL: readonly number[] = YAKU.map((y, i) => (y.handLevel ? i : -1)).filter((i) => i >= 0);
const READING_LEVEL: readonly number[] = YAKU.map((y, i) => (y.handLevel ? -1 : i)).filter((i) => i >= 0);
const handYaku = new Uint8Array(64);
let handYakuCount = 0;
let handYakuHan = 0;
/** Indices into YAKU of the yaku of the best reading. */
const bestYaku = new Uint8Array(64);
let bestYakuCount = 0;

interface ReadingSnapshot {
  form: number; n: number; pair: number; winSet: number; wait: number;
  setKind: Uint8Array; setTile: Uint8Array; setCalled: Uint8Array; setConcealed: Uint8Array;
}
function newSnapshot(): ReadingSnapshot {
  return {
    form: 0, n: 0, pair: -1, winSet: -1, wait: 0,
    setKind: new Uint8Array(4), setTile: new Uint8Array(4), setCalled: new Uint8Array(4), setConcealed: new Uint8Array(4),
  };
}
function copyReading(from: ReadingSnapshot | HandContext, to: ReadingSnapshot | HandContext): void {
  to.form = from.form;
  to.n = from.n;
  to.pair = from.pair;
  to.winSet = from.winSet;
  to.wait = from.wait;
  for (let i = 0; i < 4; i++) {
    to.setKind[i] = from.setKind[i] as number;
    to.setTile[i] = from.setTile[i] as number;
    to.setCalled[i] = from.setCalled[i] as number;
    to.setConcealed[i] = from.setConcealed[i] as number;
  }
}
/** The best reading so far, and the first reading seen (shown for a renhou mangan without another yaku). */
const best = newSnapshot();
const first = newSnapshot();

function deriveReading(c: HandContext): void {
  let runs = 0;
  let pungs = 0;
  let kongs = 0;
  let concealed = 0;
  let peikou = 0;
  let honourPungs = 0;
  for (let i = 0; i < c.n; i++) {
    const k = c.setKind[i];
    if (k === RUN) {
      runs++;
      if (c.setCalled[i] === 0) {
        // each 2nd (4th) equal concealed run closes one pair of identical runs
        let equalBefore = 0;
        for (let j = 0; j < i; j++) if (c.setKind[j] === RUN && c.setCalled[j] === 0 && c.setTile[j] === c.setTile[i]) equalBefore++;
        if (equalBefore % 2 === 1) peikou++;
      }
    } else {
      pungs++;
      const t = c.setTile[i] as number;
      if (t >= 27) honourPungs |= 1 << (t - 27);
      if (k === KONG) kongs++;
      if (c.setConcealed[i] === 1) concealed++;
    }
  }
  c.runs = runs;
  c.pungs = pungs;
  c.kongs = kongs;
  c.concealedPungs = concealed;
  c.peikou = peikou;
  c.honourPungs = honourPungs;
}

function yakuApplies(y: YakuDef, c: HandContext): boolean {
  return (c.closedHand || y.open > 0) && y.check(c);
}

function yakumanValue(y: YakuDef, c: HandContext): number {
  return y.id === 'daisuushii' && c.rules.daisuushiiDouble ? 2 : 1;
}

/**
 * Cheap necessary condition for any yakuman: three or more pungs (suuankou, suukantsu, daisangen, the wind
 * yakuman, chinroutou, tsuuiisou), a first-turn flag, thirteen orphans, or at most one suit (chuuren,
 * ryuuiisou, tsuuiisou as seven pairs).
 */
function yakumanPossible(c: HandContext): boolean {
  const suits = c.suitMask & 7;
  return c.pungs >= 3 || c.form === FORM_KOKUSHI || c.tenhou || c.chiihou || c.renhou || (suits & (suits - 1)) === 0;
}

/** Evaluate the reading now in ctx; keep it when it beats the best so far. */
function evaluate(): void {
  const c = ctx;
  if (!anyReading) copyReading(c, first);
  anyReading = true;
  deriveReading(c);
  const fuRaw = computeFu(c, null);
  const fu = roundFu(fuRaw, c.form);
  let yakuman = 0;
  let yakumanIndex = -1;
  if (yakumanPossible(c)) for (let i = 0; i < YAKUMAN.length; i++) {
    const y = YAKUMAN[i] as YakuDef;
    if (yakuApplies(y, c)) {
      const v = yakumanValue(y, c);
      if (v > yakuman) {
        yakuman = v;
        yakumanIndex = i;
      }
    }
  }
  let found = handYakuCount;
  for (let i = 0; i < found; i++) readingYaku[i] = handYaku[i] as number;
  let han: number;
  let yakuHan = handYakuHan;
  let limit: Limit | null;
  if (yakuman > 0) {
    han = 13 * yakuman;
    limit = yakuman >= 2 ? 'double_yakuman' : 'yakuman';
    anyYaku = true;
  } else {
    for (let j = 0; j < READING_LEVEL.length; j++) {
      const i = READING_LEVEL[j] as number;
      const y = YAKU[i] as YakuDef;
      if (yakuApplies(y, c)) {
        yakuHan += c.closedHand ? y.closed : y.open;
        readingYaku[found++] = i;
      }
    }
    if (yakuHan === 0) return;
    anyYaku = true;
    if (yakuHan < minYakuHan) return;
    han = yakuHan + doraCount + akaCount + uraCount;
    limit = limitOf(han, fu, c.rules.kazoeYakuman);
  }
  const base = limit ? LIMIT_BASE[limit] : fu * 2 ** (han + 2);
  if (base > bestBase || (base === bestBase && (han > bestHan || (han === bestHan && fu > bestFu)))) {
    bestBase = base;
    bestHan = han;
    bestFu = fu;
    bestYakuman = yakuman;
    bestYakumanIndex = yakumanIndex;
    bestYakuCount = found;
    for (let i = 0; i < found; i++) bestYaku[i] = readingYaku[i] as number;
    copyReading(c, best);
  }
}

function visitDecomposition(pair: number, sets: Uint8Array, n: number): void {
  const c = ctx;
  const m = meldSets;
  const w = c.winKind;
  c.form = FORM_STANDARD;
  c.n = m + n;
  c.pair = pair;
  for (let j = 0; j < n; j++) {
    const s = sets[j] as number;
    const i = m + j;
    if (s >= PUNG_FLAG) {
      c.setKind[i] = PUNG;
      c.setTile[i] = s - PUNG_FLAG;
    } else {
      c.setKind[i] = RUN;
      c.setTile[i] = s;
    }
    c.setCalled[i] = 0;
    c.setConcealed[i] = s >= PUNG_FLAG ? 1 : 0;
  }
  if (pair === w) {
    c.winSet = -1;
    c.wait = WAIT_TANKI;
    evaluate();
  }
  for (let j = 0; j < n; j++) {
    const s = sets[j] as number;
    let dup = false;
    for (let q = 0; q < j; q++) if (sets[q] === s) dup = true;
    if (dup) continue;
    const i = m + j;
    if (s >= PUNG_FLAG) {
      if (s - PUNG_FLAG !== w) continue;
      c.winSet = i;
      c.wait = WAIT_SHANPON;
      c.setConcealed[i] = c.tsumo ? 1 : 0;
      evaluate();
      c.setConcealed[i] = 1;
    } else {
      if (w < s || w > s + 2) continue;
      c.winSet = i;
      if (w === s + 1) c.wait = WAIT_KANCHAN;
      else if ((w === s + 2 && s % 9 === 0) || (w === s && s % 9 === 6)) c.wait = WAIT_PENCHAN;
      else c.wait = WAIT_RYANMEN;
      evaluate();
    }
  }
}

function setupContext(hand: ParsedHand, s: Situation, rules: ResolvedRules): void {
  const c = ctx;
  c.rules = rules;
  c.all = hand.all;
  c.closedHand = true;
  c.meldCount = hand.melds.length;
  for (let i = 0; i < hand.melds.length; i++) {
    const m = hand.melds[i]!;
    if (m.called) c.closedHand = false;
    c.setKind[i] = m.run ? RUN : m.kong ? KONG : PUNG;
    c.setTile[i] = m.kind;
    c.setCalled[i] = m.called ? 1 : 0;
    c.setConcealed[i] = m.called ? 0 : 1;
  }
  meldSets = hand.melds.length;
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
  c.winKind = hand.winKind;
  let mask = 0;
  let anyTH = false;
  let allTH = true;
  for (let k = 0; k < 34; k++) {
    if (c.all[k] === 0) continue;
    mask |= 1 << ((k / 9) | 0);
    if (isTerminalOrHonour(k)) anyTH = true;
    else allTH = false;
  }
  c.suitMask = mask;
  c.hasTerminalOrHonour = anyTH;
  c.allTerminalOrHonour = allTH;
}

function errorResult(e: unknown): ScoreResult {
  if (e instanceof EngineError) return { ok: false, error: { code: e.code, message: e.message, params: e.params } };
  return { ok: false, error: { code: 'INVALID_INPUT', message: `Invalid input: ${e instanceof Error ? e.message : String(e)}` } };
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

function scoreWith(input: HandInput, rules: RulesLike, explain: boolean): ScoreResult {
  try {
    if (!input || typeof input !== 'object') throw new EngineError('INVALID_INPUT', { field: 'input', value: String(input), expected: 'an object' });
    const r = resolveRules(rules ?? input.rules);
    const s = parseSituation(input);
    const hand = parseHandTiles(input);
    checkFlags(s, hand);
    return scoreParsed(hand, s, r, explain);
  } catch (e) {
    return errorResult(e);
  }
}

/** Score an already parsed and checked hand (used by scoreHand and the bench). May throw EngineError. */
export function scoreParsed(hand: ParsedHand, s: Situation, rules: ResolvedRules, explain = true): ScoreResult {
  setupContext(hand, s, rules);
  const c = ctx;
  // hand-level fan from dora
  doraCount = 0;
  for (const ind of hand.doraIndicators) doraCount += c.all[doraFromIndicator(ind)] as number;
  akaCount = rules.redFivesAreDora ? hand.redFives : 0;
  uraCount = 0;
  if (s.riichi) for (const ind of hand.uraIndicators) uraCount += c.all[doraFromIndicator(ind)] as number;
  minYakuHan = rules.minTwoFanWithFiveCounters && s.honba >= 5 ? 2 : 1;
  anyYaku = false;
  anyReading = false;
  bestBase = -1;
  bestHan = 0;
  bestFu = 0;
  bestYakuman = 0;
  bestYakumanIndex = -1;
  bestYakuCount = 0;
  handYakuCount = 0;
  handYakuHan = 0;
  for (let j = 0; j < HAND_LEVEL.length; j++) {
    const i = HAND_LEVEL[j] as number;
    const y = YAKU[i] as YakuDef;
    if (yakuApplies(y, c)) {
      handYaku[handYakuCount++] = i;
      handYakuHan += c.closedHand ? y.closed : y.open;
    }
  }

  const counts = hand.counts;
  forEachDecomposition(counts, 4 - meldSets, visitDecomposition);
  if (meldSets === 0) {
    if (isChiitoitsu(counts)) {
      c.form = FORM_CHIITOITSU;
      c.n = 0;
      c.pair = -1;
      c.winSet = -1;
      c.wait = WAIT_TANKI;
      evaluate();
    } else if (isKokushi(counts)) {
      c.form = FORM_KOKUSHI;
      c.n = 0;
      c.pair = -1;
      for (let k = 0; k < 34; k++) if (counts[k] === 2) c.pair = k;
      c.winSet = -1;
      c.wait = WAIT_KOKUSHI;
      evaluate();
    }
  }
  if (!anyReading) throw new EngineError('NOT_A_WINNING_HAND');
  const renhouMangan = s.renhou && rules.renhou === 'mangan';
  if (bestBase < 0 && !renhouMangan) {
    if (anyYaku) throw new EngineError('NOT_ENOUGH_FAN', { honba: s.honba, han: 1 });
    throw new EngineError('NO_YAKU');
  }
  if (bestBase < 0) copyReading(first, best); // renhou without another yaku: show the first reading
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
/** Notation of every pair, precomputed: `55m`. */
const PAIR_TEXT: readonly string[] = KIND_CODES.map((code) => `${code[0]}${code}`);

function buildResult(hand: ParsedHand, s: Situation, rules: ResolvedRules, renhouWins: boolean, explain: boolean): ScoreResult {
  const c = ctx;
  copyReading(best, c);
  deriveReading(c);
  const fuItems: FuItem[] | null = explain ? [] : null;
  const fuRaw = computeFu(c, fuItems);
  const fu = roundFu(fuRaw, c.form);
  if (fuItems && fu !== fuRaw) fuItems.push(fuItem('rounding', fu - fuRaw));
  const yakuEx: YakuExplanation[] = [];
  const yaku: YakuEntry[] = [];
  let han = 0;
  let limit: Limit | null;
  let base: number;
  if (renhouWins) {
    han = 5;
    limit = 'mangan';
    base = LIMIT_BASE.mangan;
    yaku.push(yakuEntry(RENHOU_ID, 5));
    if (explain) yakuEx.push(plainExplained(RENHOU_ID, 5));
  } else if (bestYakuman > 0) {
    const chosen: YakuDef | null = bestYakumanIndex >= 0 ? (YAKUMAN[bestYakumanIndex] as YakuDef) : null;
    const mult = chosen ? yakumanValue(chosen, c) : 1;
    han = 13 * mult;
    limit = mult >= 2 ? 'double_yakuman' : 'yakuman';
    base = LIMIT_BASE[limit];
    const id = chosen ? chosen.id : 'yakuman';
    yaku.push(yakuEntry(id, han));
    if (explain) yakuEx.push(plainExplained(id, han));
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
    for (let j = 0; j < bestYakuCount; j++) {
      const y = YAKU[bestYaku[j] as number] as YakuDef;
      const h = c.closedHand ? y.closed : y.open;
      han += h;
      yaku.push(yakuEntry(y.id, h));
      if (explain) yakuEx.push(y.params ? { id: y.id, han: h, reason: y.id, params: y.params(c) } : plainExplained(y.id, h));
    }
    if (doraCount > 0) {
      yaku.push(yakuEntry('dora', doraCount));
      if (explain) yakuEx.push({ id: 'dora', han: doraCount, reason: 'dora', params: { count: doraCount, indicators: indicatorText(hand.doraIndicators), dora: doraText(hand.doraIndicators) } });
    }
    if (akaCount > 0) {
      yaku.push(yakuEntry('aka_dora', akaCount));
      if (explain) yakuEx.push({ id: 'aka_dora', han: akaCount, reason: 'aka_dora', params: { count: akaCount, tiles: redText(hand.redKinds) } });
    }
    if (uraCount > 0) {
      yaku.push(yakuEntry('ura_dora', uraCount));
      if (explain) yakuEx.push({ id: 'ura_dora', han: uraCount, reason: 'ura_dora', params: { count: uraCount, indicators: indicatorText(hand.uraIndicators), dora: doraText(hand.uraIndicators) } });
    }
    han += doraCount + akaCount + uraCount;
    limit = limitOf(han, fu, rules.kazoeYakuman);
    base = limit ? LIMIT_BASE[limit] : fu * 2 ** (han + 2);
  }
  const dealer = s.seatWind === 27;
  const payment = paymentOnly(base, dealer, s.tsumo, s.honba);
  const total = paymentTotal(payment) + RIICHI_BET * s.riichiSticks;
  if (!fuItems) return { ok: true, han, fu, yaku, limit, payment, total_gain: total, rules: rules.name } as ScoreBrief as ScoreResult;
  const sets: string[] = [];
  for (let i = 0; i < c.n; i++) sets.push(setNotation(c, i));
  if (c.form === FORM_CHIITOITSU) for (let k = 0; k < 34; k++) if (hand.counts[k] === 2) sets.push(PAIR_TEXT[k] as string);
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
  };
  return { ok: true, han, fu, yaku, limit, payment, total_gain: total, rules: rules.name, explanation };
}

function redText(kinds: number[]): string {
  return kindsText(kinds, false).replace(/5/g, '0');
}

/** Compact notation of kinds in order (`['1m','2m','5p']` -> `12m5p`) without intermediate arrays. */
function kindsText(kinds: number[], map: boolean): string {
  let out = '';
  let suit = -1;
  for (let i = 0; i < kinds.length; i++) {
    const k = map ? doraFromIndicator(kinds[i] as number) : (kinds[i] as number);
    const su = (k / 9) | 0;
    if (su !== suit && suit >= 0) out += SUIT_LETTERS[suit];
    out += String((k % 9) + 1);
    suit = su;
  }
  return suit >= 0 ? out + SUIT_LETTERS[suit] : out;
}
const SUIT_LETTERS = 'mpsz';
function indicatorText(ind: number[]): string {
  return kindsText(ind, false);
}
function doraText(ind: number[]): string {
  return kindsText(ind, true);
}


