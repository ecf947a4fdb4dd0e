// UI strings: one data table per language (en.ts, fr.ts). The chosen language is remembered in localStorage.
import { useCallback, useSyncExternalStore } from 'react';
import { fillTemplate } from '../../engine/index.ts';
import { en, type MessageKey } from './en.ts';
import { fr } from './fr.ts';

export type Lang = 'en' | 'fr';
export const LANGS: readonly Lang[] = ['en', 'fr'];
export type { MessageKey };

const tables: Record<Lang, Record<MessageKey, string>> = { en, fr };
const STORAGE_KEY = 'riichi-lens.lang';

function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'fr') return saved;
  } catch {
    /* storage blocked: fall back to the browser language */
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

let current: Lang = initialLang();
const listeners = new Set<() => void>();

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  if (lang === current) return;
  current = lang;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    /* not remembered, still switched */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language, re-rendering when it changes. */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang, getLang);
}

/** The number format of each language: 7,700 and 2.5 in English, 7 700 and 2,5 in French. */
const NUMBER_LOCALE: Record<Lang, string> = { en: 'en-GB', fr: 'fr-FR' };

/** Points in the player's language: 7,700, 7 700. */
export function points(n: number, lang: Lang): string {
  return n.toLocaleString(NUMBER_LOCALE[lang]);
}

/** A size in megabytes in the player's language: 2.5 MB, 0,3 Mo. */
export function megabytes(bytes: number, lang: Lang): string {
  return `${(bytes / 1e6).toLocaleString(NUMBER_LOCALE[lang], { maximumFractionDigits: 1, minimumFractionDigits: 1 })}\u00a0${lang === 'fr' ? 'Mo' : 'MB'}`;
}

/**
 * Fill `{name}` placeholders, plus the plural ending of `count`: `{plural}` → 's' by the English rule (1 tile,
 * 0 tiles), `{pluriel}` → 's' by the French rule (0 tuile, 1 tuile, 2 tuiles). The engine's own filler, so the app and
 * the command line word a count alike.
 */
export function format(template: string, vars: Record<string, string | number> = {}): string {
  return fillTemplate(template, vars);
}

/**
 * The string of `key` in `lang` (English where the language lacks it), filled with `vars`. A key neither table has
 * (one built at run time from what the engine returned, say) comes back as the key itself, so a screen shows a
 * word too few rather than failing: callers that build keys compare the answer with the key.
 */
export function translate(lang: Lang, key: MessageKey, vars?: Record<string, string | number>): string {
  const template = Object.hasOwn(tables[lang], key) ? tables[lang][key] : Object.hasOwn(en, key) ? en[key] : undefined;
  return template === undefined ? key : format(template, vars);
}

/** 'one' or 'other': English says "1 tile", "0 tiles"; French says "0 tuile", "1 tuile", "2 tuiles". */
export function pluralForm(count: number, lang: Lang): 'one' | 'other' {
  if (lang === 'fr') return Math.abs(count) < 2 ? 'one' : 'other';
  return count === 1 ? 'one' : 'other';
}

/** Keys that come in a `.one` / `.other` pair. */
export type PluralBase = { [K in MessageKey]: K extends `${infer B}.one` ? B : never }[MessageKey];

/** The key of the right plural form: `t(plural('pay.extraSticks', n, lang), { count: n })`. */
export function plural(base: PluralBase, count: number, lang: Lang): MessageKey {
  return `${base}.${pluralForm(count, lang)}` as MessageKey;
}

export type TFunction = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** `const t = useT(); t('nav.hand')` — the app's shared strings in the current language. */
export function useT(): TFunction {
  const lang = useLang();
  return useCallback((key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars), [lang]);
}

/**
 * For screens that keep their own string tables (ledger, practice, capture):
 * `const s = useStrings({ en: {...}, fr: {...} })` returns the table of the current language.
 */
export function useStrings<T>(tablesByLang: Record<Lang, T>): T {
  return tablesByLang[useLang()];
}
