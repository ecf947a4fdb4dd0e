/** Text of a waits result (and of each discard of a 14-tile hand), English or French, from the data tables. */
import { fillTemplate } from '../errors.ts';
import { errorMessage, limitName, MESSAGES, type Lang } from '../explain.ts';
import { WAIT_JAPANESE, WAITS_TEXTS, type WaitsTexts } from '../i18n/waits.ts';
import { COUNTER_RON, COUNTER_TSUMO_EACH, RIICHI_BET, tableValue, YAKUMAN_LIMITS } from '../payment.ts';
import type { ScoreResult } from '../types.ts';
import type { DiscardsResult } from './discards.ts';
import type { WaitEntry, WaitsOk, WaitsResult } from './find.ts';
import type { WaitPattern, WaitShape } from './shapes.ts';

function texts(lang: Lang | string): WaitsTexts {
  return WAITS_TEXTS[lang as Lang] ?? WAITS_TEXTS.en;
}

const number = (n: number, lang: string) => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');

/** One wait shape in words, e.g. `two-sided on 34m (ryanmen 両面)`. */
export function shapeText(shape: WaitShape, lang: Lang | string = 'en'): string {
  const w = texts(lang);
  return fillTemplate(w.shapes[shape.id] ?? shape.id, { tiles: shape.tiles, ja: WAIT_JAPANESE[shape.id] ?? '' });
}

/** A wait pattern of the whole hand in words, e.g. `single tile on two sides: 2345m waits on 2m or 5m (nobetan 延べ単)`. */
export function patternText(p: WaitPattern, lang: Lang | string = 'en'): string {
  const w = texts(lang);
  return fillTemplate(w.patterns[p.id] ?? p.id, { tiles: p.tiles, waits: p.waits.join(w.or), ja: WAIT_JAPANESE[p.id] ?? '' });
}

/** Every shape of a winning tile, joined by "or". */
export function shapesText(shapes: readonly WaitShape[], lang: Lang | string = 'en'): string {
  return shapes.map((s) => shapeText(s, lang)).join(texts(lang).or);
}

/**
 * A score in one line: the hand's value as the tables give it, each payer's share on a self-draw, fan and fu (or the
 * limit) and the yaku, e.g. `1,500 (dealer 700, others 400) (3 fan 20 fu: Menzen tsumo, Pinfu)`. Counters and
 * riichi bets are left out, as the Hand screen's headline leaves them out: they are the same for every winning
 * tile, and `waitsExtrasText` says them once (inside, the shares did not add up to the total).
 */
export function scoreText(r: ScoreResult, lang: Lang | string = 'en'): string {
  const w = texts(lang);
  const m = MESSAGES[lang as Lang] ?? MESSAGES.en;
  if (!r.ok) return r.error.params ? errorMessage(r.error.code, r.error.params, lang) : r.error.message;
  const p = r.payment;
  const honba = r.explanation.honba;
  const { value } = tableValue(p, honba, r.explanation.riichi_sticks);
  let points = number(value, String(lang));
  if (!('from_discarder' in p)) {
    const each = p.from_each_non_dealer - COUNTER_TSUMO_EACH * honba;
    const dealer = p.from_dealer === undefined ? undefined : p.from_dealer - COUNTER_TSUMO_EACH * honba;
    points += ` (${dealer === undefined ? fillTemplate(w.tsumoEach, { each: number(each, String(lang)) }) : fillTemplate(w.tsumoShares, { dealer: number(dealer, String(lang)), each: number(each, String(lang)) })})`;
  }
  const yaku = r.yaku.map((y) => m.yaku[y.id]?.name ?? y.id).join(', ');
  const params = { points, han: r.han, fu: r.fu, yaku, limit: r.limit ? limitName(r.limit, lang) : '' };
  // Any yakuman, single or stacked, reads as its name alone: its fan count (13 per yakuman) says nothing more.
  if (r.limit && YAKUMAN_LIMITS.includes(r.limit)) return fillTemplate(w.yakuman, params);
  return fillTemplate(r.limit ? w.limitScore : w.hanFu, params);
}

/**
 * What comes on top of every score of a waits result: the counters (honba) and the riichi bets on the table; null
 * when there are none.
 */
export function waitsExtrasText(r: WaitsOk, lang: Lang | string = 'en'): string | null {
  const w = texts(lang);
  const scored = r.waits.flatMap((e) => [e.ron, e.tsumo]).find((s) => s.ok);
  if (!scored?.ok) return null;
  const { honba, riichi_sticks: sticks } = scored.explanation;
  const parts = [
    ...(honba > 0 ? [fillTemplate(w.extraCounters, { count: honba, ron: number(COUNTER_RON * honba, String(lang)), each: number(COUNTER_TSUMO_EACH * honba, String(lang)) })] : []),
    ...(sticks > 0 ? [fillTemplate(w.extraBets, { count: sticks, amount: number(sticks * RIICHI_BET, String(lang)) })] : []),
  ];
  return parts.length ? fillTemplate(w.extras, { what: parts.join(w.and) }) : null;
}

/** The two scores of a winning tile in words ("no yaku on ron" where only tsumo scores). */
export function waitScoresText(e: WaitEntry, lang: Lang | string = 'en', closedHand = true): string {
  const w = texts(lang);
  switch (e.scoring) {
    case 'both':
      return `${fillTemplate(w.ron, { score: scoreText(e.ron, lang) })}; ${fillTemplate(w.tsumo, { score: scoreText(e.tsumo, lang) })}`;
    case 'tsumo-only':
      return `${w.noYakuOnRon}; ${fillTemplate(w.tsumo, { score: scoreText(e.tsumo, lang) })}`;
    case 'ron-only':
      return `${fillTemplate(w.ron, { score: scoreText(e.ron, lang) })}; tsumo: ${w.noYaku}`;
    case 'no-yaku':
      return closedHand ? w.noYakuRiichi : w.noYaku;
    default:
      return scoreText(e.ron.ok ? e.tsumo : e.ron, lang);
  }
}

function readyLines(r: WaitsOk, lang: Lang | string, closedHand: boolean): string[] {
  const w = texts(lang);
  const out: string[] = [];
  if (r.waits.length === 0) out.push(w.readyNone);
  else out.push(fillTemplate(w.ready, { kinds: r.waits.length, unseen: r.waits.reduce((n, e) => n + e.unseen, 0) }));
  for (const p of r.patterns) out.push(`  ${patternText(p, lang)}`);
  for (const e of r.waits) {
    out.push(`  ${e.tile}: ${shapesText(e.shapes, lang)} — ${fillTemplate(w.unseen, { n: e.unseen })}`);
    out.push(`      ${waitScoresText(e, lang, closedHand)}`);
  }
  const extras = waitsExtrasText(r, lang);
  if (extras) out.push(extras);
  return out;
}

/** Lines of text of a waits result. */
export function explainWaits(r: WaitsResult, lang: Lang | string = 'en'): string[] {
  const w = texts(lang);
  if (!r.ok) {
    if (r.error.code === 'WRONG_TILE_COUNT' && r.error.params?.expected === 13) return [fillTemplate(w.wrongCount, { count: r.error.params.count ?? '?' })];
    return [r.error.params ? errorMessage(r.error.code, r.error.params, lang) : r.error.message];
  }
  const out: string[] = [];
  if (r.shanten <= 0) out.push(...readyLines(r, lang, r.closedHand));
  else {
    out.push(fillTemplate(w.notReady, { shanten: r.shanten }));
    const f = r.forms;
    const form = (n: number) => (n >= 99 ? '—' : String(n));
    out.push(fillTemplate(w.shantenForms, { standard: form(f.standard), sevenPairs: form(f.sevenPairs), orphans: form(f.orphans) }));
    out.push(fillTemplate(w.improving, { kinds: r.improving.length, unseen: r.improving.reduce((n, t) => n + t.unseen, 0) }));
    out.push(`  ${r.improving.map((t) => `${t.tile} (${t.unseen})`).join(', ')}`);
  }
  if (r.impossible.length) out.push(fillTemplate(w.impossible, { tiles: r.impossible.join(' ') }));
  if (r.shanten === 0) out.push(w.furiten);
  return out;
}

/** Lines of text for every discard of a 14-tile hand. */
export function explainDiscards(r: DiscardsResult, lang: Lang | string = 'en'): string[] {
  const w = texts(lang);
  if (!r.ok) return [r.error.params ? errorMessage(r.error.code, r.error.params, lang) : r.error.message];
  const out: string[] = [];
  // A discard leaves a wait on itself only when the 14 tiles already win (left + discard = the hand): every
  // discard of a complete hand is furiten, and only of one. Said first, with what to do instead.
  if (r.options.length && r.options.every((o) => o.furiten)) out.push(w.complete);
  for (const o of r.options) {
    const left = o.left;
    const what =
      left.shanten !== 0
        ? fillTemplate(w.discardNotReady, { shanten: left.shanten, kinds: left.improving.length, unseen: left.improving.reduce((n, t) => n + t.unseen, 0) })
        : left.waits.length === 0
          ? w.discardReadyNone
          : fillTemplate(w.discardReady, { tiles: left.waits.map((e) => e.tile).join(' '), unseen: left.waits.reduce((n, e) => n + e.unseen, 0) }) + (o.furiten ? w.discardFuriten : '');
    out.push(`${fillTemplate(w.discard, { tile: o.discard })} ${what}`);
  }
  return out;
}
