import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from '../../src/app/i18n/en.ts';
import { fr } from '../../src/app/i18n/fr.ts';
import { format, translate } from '../../src/app/i18n/index.ts';
import { MELD_TYPES, SITUATION_FLAGS } from '../../src/app/state/types.ts';
import { EMA_OPTIONS } from '../../src/app/state/types.ts';
import { ERROR_CODES, MESSAGES } from '../../src/engine/index.ts';
import { WAITS_TEXTS } from '../../src/engine/i18n/waits.ts';
import { SHEET_WORDS } from '../../src/engine/ledger/document.ts';
import { ledgerStrings } from '../../src/app/ledger/strings.ts';
import { practiceStrings } from '../../src/app/practice/strings.ts';
import { waitsPracticeStrings } from '../../src/app/practice/waitsStrings.ts';
import { waitsStrings } from '../../src/app/hand/waitsStrings.ts';
import { tables as captureTables } from '../../src/app/capture/strings.ts';
import { liveTables } from '../../src/app/capture/live/strings.ts';
import { RULE_WORDS } from '../../src/app/i18n/ruleWords.ts';
import { IMPORT_MESSAGES, LEDGER_MESSAGES } from '../../src/engine/ledger/messages.ts';
import { stringsOf } from './tableStrings.ts';

// the values a text shows; its plural endings are the grammar of its language ("0 tuile" but "0 tiles"), not data
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => !/^(plural|pluriel)(_\w+)?$/.test(name)).sort();

describe('UI strings', () => {
  it('French has every English key, non-empty, with the same placeholders', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(fr[key], key).toBeTruthy();
      expect(placeholders(fr[key]), key).toEqual(placeholders(en[key]));
    }
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('writes French thousands as fr-FR does, with a no-break space, so "1 000 points" never breaks after the 1', () => {
    const french = [fr, ledgerStrings.fr, practiceStrings.fr, waitsPracticeStrings.fr, waitsStrings.fr, captureTables.fr, liveTables.fr, RULE_WORDS.fr, MESSAGES.fr, WAITS_TEXTS.fr, SHEET_WORDS.fr, LEDGER_MESSAGES.fr, IMPORT_MESSAGES.fr];
    const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);
    const all = french.flatMap(strings);
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter((text) => /\d[ \u00a0]\d{3}(?!\d)/.test(text))).toEqual([]);
    // French elision with the typographic apostrophe, as the rest of the French text ("n’a", not "n'a")
    expect(all.filter((text) => /\p{L}'\p{L}/u.test(text))).toEqual([]);
    expect((1000).toLocaleString('fr-FR')).toBe('1\u202f000');
    expect(all.some((text) => text.includes('1\u202f000 points'))).toBe(true);
  });

  it('gives the buttons shown side by side different names (the Hand screen: Undo, Redo, Cancel, Sort, Clear hand, Copy link)', () => {
    const together: MessageKey[] = ['editor.undo', 'editor.redo', 'editor.cancel', 'editor.remove', 'editor.makeWin', 'editor.sort', 'editor.clear', 'editor.copyLink'];
    for (const table of [en, fr]) expect(new Set(together.map((k) => table[k])).size).toBe(together.length);
  });

  it('has every key the screens build at run time', () => {
    const dynamic = [
      ...MELD_TYPES.map((m) => `meld.${m}`),
      ...SITUATION_FLAGS.flatMap((f) => [`flag.${f}`, `flag.${f}.help`]),
      ...Object.keys(EMA_OPTIONS).filter((k) => k !== 'renhou' && k !== 'multipleRon').map((k) => `option.${k}`),
      ...['size', 'chi-suit', 'chi-run', 'same-kind', 'unknown-tile'].map((w) => `problem.meld.${w}`),
      ...['hand', 'chi', 'pon', 'kan', 'dora', 'ura'].map((h) => `editor.hint.${h}`),
      'notice.chi-honour',
      'notice.chi-high',
      ...['m', 'p', 's'].map((s) => `tile.suit.${s}`),
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `tile.z${n}`),
      ...['E', 'S', 'W', 'N'].map((w) => `wind.${w}`),
    ];
    for (const key of dynamic) expect(en, key).toHaveProperty([key]);
  });

  it('explains the engine errors a player can reach', () => {
    for (const code of ['NOT_A_WINNING_HAND', 'NO_YAKU', 'CONTRADICTORY_FLAGS', 'NOT_ENOUGH_FAN']) {
      expect(ERROR_CODES).toContain(code);
      expect(en, code).toHaveProperty([`error.${code}`]);
    }
  });

  it('gives back a key no table has, instead of failing (a key built from what the engine returned)', () => {
    for (const code of ERROR_CODES) {
      const key = `error.${code}` as MessageKey;
      for (const lang of ['en', 'fr'] as const) expect(translate(lang, key)).toBe(Object.hasOwn(en, key) ? (lang === 'fr' ? fr[key] : en[key]) : key);
    }
    for (const key of ['limit.triple_yakuman', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(translate('fr', key as MessageKey, { n: 1 })).toBe(key);
    expect(translate('fr', 'nav.hand')).toBe(fr['nav.hand']);
  });

  it('fills placeholders', () => {
    expect(format('{a} and {b} and {c}', { a: 1, b: 'x' })).toBe('1 and x and {c}');
  });

  it('elides French "de" before a name that starts with a vowel: "d’Amélie", "de Bruno", "de Hugo"', () => {
    expect(['Amélie', 'Bruno', 'Hugo', 'Yves', 'Élodie'].map((name) => format('chombo de {name}', { name }))).toEqual(['chombo d’Amélie', 'chombo de Bruno', 'chombo de Hugo', 'chombo d’Yves', 'chombo d’Élodie']);
    expect(format('de {min} à {max}', { min: 1, max: 8 })).toBe('de 1 à 8');
    // English is not touched: "de" is only ever the French word
    expect(format('made {what}', { what: 'East' })).toBe('made East');
  });

  it('says a count with the plural of its language: {plural} by the English rule, {pluriel} by the French one', () => {
    expect([0, 1, 2].map((count) => format('{count} tile{plural}', { count }))).toEqual(['0 tiles', '1 tile', '2 tiles']);
    expect([0, 1, 2].map((count) => format('{count} tuile{pluriel}', { count }))).toEqual(['0 tuile', '1 tuile', '2 tuiles']);
    expect(format('{kinds} winning tile{plural_kinds}, {n} choisie{pluriel_n}', { kinds: 1, n: 3 })).toBe('1 winning tile, 3 choisies');
    // a placeholder named like a JavaScript built-in is not filled from Object.prototype
    expect(format('{constructor} {toString}', { count: 1 })).toBe('{constructor} {toString}');
  });

  it('no text says "(s)" for a plural, in the app, the engine, the ledger sheet or the waits', () => {
    const tables: unknown[] = [en, fr, ledgerStrings, practiceStrings, waitsPracticeStrings, waitsStrings, captureTables, MESSAGES, WAITS_TEXTS, SHEET_WORDS];
    const texts = stringsOf(tables);
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((t) => /[^\s(]\((?:s|es|e)\)/.test(t))).toEqual([]);
    expect(['tile(s)', 'compté(s)'].every((t) => /[^\s(]\((?:s|es|e)\)/.test(t))).toBe(true);
  });
});
