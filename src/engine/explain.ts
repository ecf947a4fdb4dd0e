/**
 * Text of an explained score, in English or French, from the structured explanation of a ScoreResult.
 * Nothing here runs in scoreHand: text is built only when a caller asks for it.
 */
import { fillTemplate, formatError, type ErrorCode, type ErrorParams } from './errors.ts';
import { EN } from './i18n/en.ts';
import { FR } from './i18n/fr.ts';
import { YAKU_JAPANESE } from './i18n/ja.ts';
import type { Messages } from './i18n/messages.ts';
import { yakuNotCounted, type NotCounted } from './notCounted.ts';
import { readingNotes, type ReadingNote } from './readingNote.ts';
import type { RulesLike } from './rules.ts';
import { pointsSteps } from './pointsSteps.ts';
import { yakumanOfYaku } from './payment.ts';
import { closedFanOf } from './yaku/index.ts';
import type { FuItem, HandInput, ScoreResult } from './types.ts';

export type Lang = 'en' | 'fr';
export const MESSAGES: Record<Lang, Messages> = { en: EN, fr: FR };
export { YAKU_JAPANESE };

function msgs(lang: Lang | string): Messages {
  return typeof lang === 'string' && Object.hasOwn(MESSAGES, lang) ? MESSAGES[lang as Lang] : EN;
}

/** Name of a yaku in a language (`yakuName('pinfu', 'fr')`), and its Japanese name. */
export function yakuName(id: string, lang: Lang | string = 'en'): { name: string; japanese: string } {
  const table = msgs(lang).yaku;
  // own keys only: an id such as "constructor" (from a stored game) is shown as itself
  const m = Object.hasOwn(table, id) ? table[id] : undefined;
  return { name: m?.name ?? String(id), japanese: Object.hasOwn(YAKU_JAPANESE, id) ? (YAKU_JAPANESE[id] as string) : '' };
}

/**
 * The template of a yaku's reason in a language, for the worth it was counted at: a yaku the rules make a yakuman or
 * not (renhou) has its own words for each. Undefined for an id without texts (own keys only: "constructor" too).
 */
export function yakuReasonTemplate(id: string, han: number, lang: Lang | string = 'en'): string | undefined {
  const table = msgs(lang).yaku;
  const texts = Object.hasOwn(table, id) ? table[id] : undefined;
  return (yakumanOfYaku(han) !== null && texts?.asYakuman) || texts?.reason;
}

/** Name of a limit in a language, as the explained score says it: `limitName('triple_yakuman')` is "Triple yakuman". */
export function limitName(limit: string, lang: Lang | string = 'en'): string {
  const table = msgs(lang).limits;
  return Object.hasOwn(table, limit) ? (table[limit] as string) : limit;
}

/** An error message in a language, from the error's code and params. */
export function errorMessage(code: string, params: ErrorParams = {}, lang: Lang | string = 'en'): string {
  const m = msgs(lang);
  return formatError(code as ErrorCode, params, m.errors, m.reasons);
}

function localiseParams(params: Record<string, string | number>, m: Messages): Record<string, string | number> {
  if (typeof params.suit === 'string' && m.suits[params.suit]) return { ...params, suit: m.suits[params.suit] as string };
  return params;
}

/**
 * After an open hand's yaku worth one fan less, what it counts closed ("(2 in a closed hand)"); null for any other
 * yaku. The command line's yaku line and the Hand screen say it the same way.
 */
export function closedFanText(id: string, han: number, lang: Lang | string = 'en'): string | null {
  const closed = closedFanOf(id, han);
  return closed === null ? null : fillTemplate(msgs(lang).lines.closedFan, { han: closed });
}

/** "fan", and after an open hand's yaku worth one fan less, what it counts closed: "fan (2 in a closed hand)". */
function fanWords(id: string, han: number, lang: Lang | string): string {
  const L = msgs(lang).lines;
  const word = han === 1 ? L.fanSingular : L.fanPlural;
  const closed = closedFanText(id, han, lang);
  return closed === null ? word : `${word} ${closed}`;
}

/**
 * Minipoints a beginner looks for and does not find, as 0-fu items after the score's own (`fu` texts by id): a
 * pinfu hand won by self-draw gets no 2 fu for it (20 fu in all); an open hand won on a discard gets no 10 fu (they
 * are a concealed hand's). Not in scoreHand's output: only explained.
 */
export function fuNotes(result: ScoreResult): FuItem[] {
  if (!result.ok) return [];
  const ex = result.explanation;
  if (ex.tsumo) return result.yaku.some((y) => y.id === 'pinfu') ? [{ id: 'pinfu_tsumo', fu: 0 }] : [];
  // called sets are written [...] (chi, pon, open kan) or {...} (added kan) in the reading
  const open = ex.reading.kind === 'standard' && ex.reading.sets.some((set) => set.startsWith('[') || set.startsWith('{'));
  return open ? [{ id: 'open_ron', fu: 0 }] : [];
}

/** The score's fu items with `fuNotes` among them, before the rounding (which stays last, as the sum's step). */
export function fuItemsExplained(result: ScoreResult): FuItem[] {
  if (!result.ok) return [];
  const items = result.explanation.fu;
  const notes = fuNotes(result);
  const rounding = items.findIndex((f) => f.id === 'rounding');
  return rounding < 0 ? [...items, ...notes] : [...items.slice(0, rounding), ...notes, ...items.slice(rounding)];
}

/**
 * The explained score in three parts, as the Practice screen sets them beside the player's answers: `fan` (the reading,
 * each yaku, a note on red fives scored plain), `fu` (each minipoint and their total) and `payment` (the total, who
 * pays what, bets, the gain, the rules). An error result gives its localised message as the one line of `fan`.
 */
export function explainScoreParts(result: ScoreResult, lang: Lang | string = 'en'): { fan: string[]; fu: string[]; payment: string[] } {
  const m = msgs(lang);
  const L = m.lines;
  if (!result.ok) {
    const message = result.error.params ? errorMessage(result.error.code, result.error.params, lang) : result.error.message;
    return { fan: [fillTemplate(L.error, { code: result.error.code, message })], fu: [], payment: [] };
  }
  const ex = result.explanation;
  const fan: string[] = [];
  const r = ex.reading;
  if (r.kind === 'chiitoitsu') fan.push(fillTemplate(L.readingChiitoitsu, { sets: r.sets.join(' ') }));
  else if (r.kind === 'kokushi') fan.push(fillTemplate(L.readingKokushi, { pair: r.pair }));
  else fan.push(fillTemplate(L.reading, { sets: r.sets.join(' '), pair: r.pair, wait: m.waits[r.wait] ?? r.wait }));
  for (const y of ex.yaku) {
    const t = m.yaku[y.id];
    // A yakuman yaku counts 13 fan a yakuman in the figures; a player reads it as "yakuman" or "double yakuman".
    const yakuman = yakumanOfYaku(y.han);
    const words = {
      name: t?.name ?? y.id,
      japanese: YAKU_JAPANESE[y.id] ?? '',
      reason: fillTemplate(yakuReasonTemplate(y.id, y.han, lang) ?? y.reason, localiseParams(y.params, m)),
    };
    fan.push(
      yakuman
        ? fillTemplate(L.yakumanYakuLine, { ...words, worth: limitName(yakuman, lang).toLocaleLowerCase(lang === 'fr' ? 'fr' : 'en') })
        : fillTemplate(L.yakuLine, { ...words, han: y.han, fanWord: fanWords(y.id, y.han, lang) }),
    );
  }
  if (ex.red_fives_plain > 0) fan.push(fillTemplate(L.redFivesPlain, { count: ex.red_fives_plain }));
  const fu = [L.fuHeader];
  for (const f of fuItemsExplained(result)) {
    fu.push(fillTemplate(L.fuLine, { sign: f.id === 'base' || f.id === 'chiitoitsu' ? '' : '+', fu: f.fu, text: fillTemplate(m.fu[f.id] ?? f.id, { tiles: f.tiles ?? '' }) }));
  }
  fu.push(fillTemplate(r.kind === 'chiitoitsu' ? L.fuChiitoitsu : L.fuTotal, { fu: result.fu }));
  const payment: string[] = [];
  // a yakuman hand is counted in yakuman, not fan ("13 fan" or "52 fan" would mean nothing); a hand counted up to a
  // yakuman by its fan (kazoe) says its fan
  if (ex.limit && ex.yaku.some((y) => yakumanOfYaku(y.han) !== null)) payment.push(fillTemplate(L.totalYakuman, { limit: limitName(ex.limit, lang), base: ex.base_points }));
  else if (ex.limit) payment.push(fillTemplate(L.totalLimit, { han: result.han, limit: limitName(ex.limit, lang), base: ex.base_points }));
  else payment.push(fillTemplate(L.total, { han: result.han, fu: result.fu, base: ex.base_points }));
  // how the points are counted, under the total: the base points, then each payer's share
  payment.push(...explainPointsSteps(result, lang).map((line) => `  ${line}`));
  const who = ex.dealer ? L.dealer : L.nonDealer;
  const p = ex.payment;
  let payLine: string;
  if ('from_discarder' in p) payLine = fillTemplate(L.payRon, { who, amount: p.from_discarder });
  else if (p.from_dealer === undefined) payLine = fillTemplate(L.payTsumoDealer, { who, amount: p.from_each_non_dealer });
  else payLine = fillTemplate(L.payTsumoNonDealer, { who, dealer: p.from_dealer, other: p.from_each_non_dealer });
  if (ex.honba > 0) payLine += ` (${fillTemplate(L.counters, { honba: ex.honba })})`;
  payment.push(payLine);
  if (ex.riichi_sticks > 0) payment.push(fillTemplate(L.riichiSticks, { count: ex.riichi_sticks, amount: ex.riichi_sticks * 1000 }));
  payment.push(fillTemplate(L.totalGain, { total: result.total_gain }));
  payment.push(fillTemplate(L.rules, { rules: ex.rules_label ?? result.rules }));
  return { fan, fu, payment };
}

/** The explained score as lines of text (its three parts in order). An error result gives one line with its localised message. */
export function explainScore(result: ScoreResult, lang: Lang | string = 'en'): string[] {
  const { fan, fu, payment } = explainScoreParts(result, lang);
  return [...fan, ...fu, ...payment];
}

/** Why a yaku the hand came close to is not counted (`yakuNotCounted`), in a language; the caller names the yaku. */
export function notCountedText(item: NotCounted, lang: Lang | string = 'en'): string {
  const m = msgs(lang);
  const wait = item.params.wait !== undefined && Object.hasOwn(m.waits, item.params.wait) ? (m.waits[item.params.wait] as string) : (item.params.wait ?? '');
  const suit = item.params.suit !== undefined && Object.hasOwn(m.suits, item.params.suit) ? (m.suits[item.params.suit] as string) : (item.params.suit ?? '');
  const { tiles = '', have = '', missing = '', seat = '', round = '' } = item.params;
  return fillTemplate(m.notCounted[item.reason], { tiles, wait, suit, have, missing, seat, round });
}

/** The yaku a hand came close to, one line each ("Pinfu not counted: the wait on 6s is not two-sided..."). */
export function explainNotCounted(items: readonly NotCounted[], lang: Lang | string = 'en'): string[] {
  const L = msgs(lang).lines;
  return items.map((item) => fillTemplate(L.notCountedLine, { name: yakuName(item.id, lang).name, reason: notCountedText(item, lang) }));
}

/** A note on the reading a score shows (`readingNotes`), in a language: "4s also finishes 56s as a two-sided wait; ...". */
export function readingNoteText(note: ReadingNote, lang: Lang | string = 'en'): string {
  const m = msgs(lang);
  const wait = Object.hasOwn(m.waits, note.params.wait) ? (m.waits[note.params.wait] as string) : note.params.wait;
  return fillTemplate(m.readingNotes[note.reason], { ...note.params, wait });
}

/**
 * How the points of `result` are counted, one line each (`pointsSteps`): "Base points: 40 fu × 2^(1 + 2) = 320",
 * "The discarder: 4 × 320 = 1280, rounded up to 1300". Numbers are written by `formatNumber` (the app's thousands
 * separators; plain digits by default, as the command line writes its amounts). None for an error.
 */
export function explainPointsSteps(result: ScoreResult, lang: Lang | string = 'en', formatNumber: (n: number) => string = String): string[] {
  const steps = pointsSteps(result);
  if (!steps) return [];
  const S = msgs(lang).steps;
  const n = formatNumber;
  const b = steps.base;
  const lines = [
    b.kind === 'limit'
      ? fillTemplate(b.kazoe === true ? S.baseKazoe : b.kazoe === false ? S.baseNoKazoe : S.baseLimit, { limit: limitName(b.limit, lang), base: n(b.base) })
      : fillTemplate(b.capped === 'kiriage' ? S.baseKiriage : b.capped ? S.baseCapped : S.baseFormula, { fu: b.fu, han: b.han, raw: n(b.raw), base: n(b.base) }),
  ];
  for (const p of steps.pays) {
    let line = fillTemplate(S.pay, { who: S.who[p.who], times: p.times, base: n(b.base), raw: n(p.raw) });
    if (p.rounded !== p.raw) line += fillTemplate(S.rounded, { rounded: n(p.rounded) });
    if (p.counters > 0) line += fillTemplate(S.counters, { counters: n(p.counters) });
    lines.push(line);
  }
  return lines;
}

/** A yaku's reason for the reference table, naming no tile of a hand ("chows 123, 456 and 789 in one suit"). */
export function yakuGenericReason(id: string, lang: Lang | string = 'en'): string {
  const m = msgs(lang);
  if (Object.hasOwn(m.yakuGeneric, id)) return m.yakuGeneric[id] as string;
  return Object.hasOwn(m.yaku, id) ? (m.yaku[id]?.reason ?? id) : id;
}

/**
 * The fan part of the explained score of `input` as a learner reads it: the reading, a note on its wait where the
 * player may see another (readingNotes), each yaku, then the yaku it came close to and what kept each out
 * (yakuNotCounted). The command line's `score` (which sets the note off by `noteIndent`) and the Practice screen's
 * answers print these.
 */
export function explainFanLines(input: HandInput, result: ScoreResult, rules: RulesLike | undefined, lang: Lang | string = 'en', noteIndent = ''): string[] {
  const [reading = '', ...yaku] = explainScoreParts(result, lang).fan;
  const notes = readingNotes(input, result).map((n) => noteIndent + readingNoteText(n, lang));
  return [reading, ...notes, ...yaku, ...explainNotCounted(yakuNotCounted(input, result, rules), lang)];
}
