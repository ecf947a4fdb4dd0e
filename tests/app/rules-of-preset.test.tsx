// Each rule book's options in player words and their sources, on the Practice screen and beside the Hand screen's
// rules (the sources lived only in docs/rules.md).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HandScreen from '../../src/app/hand/HandScreen.tsx';
import { setLang } from '../../src/app/i18n/index.ts';
import { RULE_SOURCES } from '../../src/app/i18n/ruleSources.ts';
import { ruleLinesIn } from '../../src/app/i18n/ruleWords.ts';
import { RulesOfPreset } from '../../src/app/practice/RulesOfPreset.tsx';
import { practiceStrings } from '../../src/app/practice/strings.ts';
import { actions } from '../../src/app/state/store.ts';
import { OPTION_KEYS, PRESET_NAMES } from '../../src/engine/index.ts';
import { breakable, shownText, unspaced } from './frenchText.ts';

describe('the rules of a rule book, with their sources', () => {
  it('name every option and cite sources for every preset, in English and French', () => {
    for (const preset of PRESET_NAMES) {
      for (const lang of ['en', 'fr'] as const) {
        expect(ruleLinesIn(preset, lang)).toHaveLength(OPTION_KEYS.length);
        expect(RULE_SOURCES[lang][preset].length, `${preset} ${lang}`).toBeGreaterThan(0);
      }
      expect(RULE_SOURCES.fr[preset].length).toBe(RULE_SOURCES.en[preset].length);
    }
    expect(ruleLinesIn('tenhou', 'en')).toContain('uma: 20/10/-10/-20');
    expect(ruleLinesIn('tenhou', 'en')).toContain('return points: 30,000');
    expect(RULE_SOURCES.en.wrc2015.join(' ')).toContain('6.2 “Liability payment” could not be checked');
    setLang('fr');
    const fr = shownText(renderToStaticMarkup(createElement(RulesOfPreset, { s: practiceStrings.fr, rules: 'mahjongsoul' })));
    setLang('en');
    expect(unspaced(fr)).toEqual([]);
    expect(breakable(fr)).toEqual([]);
  });

  it('are a tap away from the Hand screen\'s rules, for custom rules those of the rule book they start from', () => {
    setLang('en');
    actions.openLink('#/hand?c=234m567p345s5688s&w=7s&rules=mahjongsoul');
    const html = renderToStaticMarkup(createElement(HandScreen));
    expect(html).toMatch(/data-testid="rules-of-preset"><summary>The rules of Mahjong Soul, option by option, and their sources</);
    expect(html).toContain('riichi.wiki, Mahjong Soul rules');
    actions.openLink('#/hand?c=234m567p345s5688s&w=7s&rules=custom&cb=tenhou&o=kiriageMangan:true');
    expect(renderToStaticMarkup(createElement(HandScreen))).toContain('The rules of Tenhou, option by option');
    actions.openLink('#/hand');
  });
});
