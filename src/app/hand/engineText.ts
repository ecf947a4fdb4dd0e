// Words for what the engine returns (yaku, fu items, waits, errors), in the UI language.
// The texts themselves are the engine's (src/engine/i18n/{en,fr,ja}.ts); this only picks and fills them.
import { MESSAGES, YAKU_JAPANESE, closedFanText, yakuReasonTemplate, errorMessage, limitName, notCountedText, readingNoteText, type FuItem, type NotCounted, type ReadingNote, type YakuExplanation } from '../../engine/index.ts';
import { format, plural, translate, type Lang } from '../i18n/index.ts';

export interface EngineTexts {
  yakuName(id: string): string;
  yakuJapanese(id: string): string | null;
  yakuReason(y: YakuExplanation): string | null;
  /** After an open hand's yaku worth one fan less, what it counts closed ("(2 in a closed hand)"); null otherwise. */
  closedFan(y: YakuExplanation): string | null;
  fuItem(item: FuItem): string;
  wait(wait: string): string;
  /** "Haneman", "Triple yakuman": every limit the engine returns, stacked yakuman under Mahjong Soul's rules too. */
  limitName(limit: string): string;
  errorMessage(code: string, fallback: string, params?: Record<string, string | number>): string;
  /** Why a yaku the hand came close to is not counted ("the wait on 6s is not two-sided..."). */
  notCounted(item: NotCounted): string;
  /** A note on the reading's wait ("4s also finishes 56s as a two-sided wait; ..."). */
  readingNote(note: ReadingNote): string;
}

export function engineTexts(lang: Lang): EngineTexts {
  const m = MESSAGES[lang] ?? MESSAGES.en;
  const localise = (params: Record<string, string | number>) =>
    typeof params.suit === 'string' && m.suits[params.suit] ? { ...params, suit: m.suits[params.suit]! } : params;
  // own keys only: a yaku id from a stored game such as "constructor" is shown as itself
  const yaku = (id: string) => (Object.hasOwn(m.yaku, id) ? m.yaku[id] : undefined);
  return {
    yakuName: (id) => yaku(id)?.name ?? id,
    yakuJapanese: (id) => (Object.hasOwn(YAKU_JAPANESE, id) ? YAKU_JAPANESE[id] || null : null),
    yakuReason: (y) => {
      // The engine's "{count} red five(s)": said with a real plural here.
      if (y.id === 'aka_dora' && typeof y.params.count === 'number') return translate(lang, plural('engine.akaDora', y.params.count, lang), y.params);
      const template = yakuReasonTemplate(y.id, y.han, lang);
      return template ? format(template, localise(y.params)) : null;
    },
    closedFan: (y) => closedFanText(y.id, y.han, lang),
    fuItem: (item) => format(m.fu[item.id] ?? item.id, { tiles: item.tiles ?? '' }),
    wait: (wait) => m.waits[wait] ?? wait,
    limitName: (limit) => limitName(limit, lang),
    errorMessage: (code, fallback, params) => (params ? errorMessage(code, params, lang) : fallback),
    notCounted: (item) => notCountedText(item, lang),
    readingNote: (note) => readingNoteText(note, lang),
  };
}
