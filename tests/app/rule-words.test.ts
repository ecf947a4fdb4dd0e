// The rules in player words in the app's language (src/app/i18n/ruleWords.ts): every option and choice value has
// its words in English and French, and a custom rule set reads in French in the French app.
import { describe, expect, it } from 'vitest';
import { OPTION_KEYS, PRESET_INFO, PRESET_NAMES, RULE_OPTIONS, resolveRules } from '../../src/engine/index.ts';
import { RULE_WORDS, gameRulesLabelIn, presetSummaryIn, rulesLabelIn } from '../../src/app/i18n/ruleWords.ts';
import { checkHand } from '../../src/app/hand/validate.ts';
import { hashToState, stateToHash } from '../../src/app/state/url.ts';
import { DEFAULT_SITUATION, EMA_OPTIONS } from '../../src/app/state/types.ts';
import { createGame } from '../../src/engine/ledger/index.ts';

describe('rule words', () => {
  it('every option, and every value of a choice option, has its words in each language', () => {
    for (const lang of ['en', 'fr'] as const) {
      const w = RULE_WORDS[lang];
      expect(Object.keys(w.options).sort(), lang).toEqual([...OPTION_KEYS].sort());
      for (const k of OPTION_KEYS) {
        const spec = RULE_OPTIONS[k];
        if (spec.kind === 'choice') for (const v of spec.values) expect(w.values[`${k}.${v}`], `${lang} ${k}.${v}`).toBeTruthy();
      }
    }
  });

  it('a preset reads as its name in both languages; changed options in the language of the page', () => {
    expect(rulesLabelIn('ema', 'fr')).toBe('EMA 2016');
    expect(rulesLabelIn({ openTanyao: false }, 'en')).toBe(resolveRules({ openTanyao: false }).label);
    expect(rulesLabelIn({ openTanyao: false }, 'fr')).toBe('EMA 2016 (tanyao ouvert\u00a0: non)');
    expect(rulesLabelIn({ preset: 'tenhou', multipleRon: 'head-bump', uma: [15, 5, -5, -15] }, 'fr')).toBe('Tenhou (plusieurs gagnants sur un écart\u00a0: le plus proche seul (atamahane), uma\u00a0: 15/5/-5/-15)');
    expect(rulesLabelIn({ redFivesInSet: 4 }, 'fr')).toBe('EMA 2016 (5 rouges dans le jeu\u00a0: 4)');
  });

  it('each rule book has its one-line description (the rules picker\'s tooltip) in each language', () => {
    for (const name of PRESET_NAMES) {
      expect(presetSummaryIn(name, 'en')).toBe(PRESET_INFO[name].summary);
      const fr = presetSummaryIn(name, 'fr');
      expect(fr, name).toBeTruthy();
      expect(fr, name).not.toBe(PRESET_INFO[name].summary);
      expect(fr, name).not.toMatch(/\b(the|and|of|red fives|start|below)\b/);
    }
    expect(Object.keys(RULE_WORDS.fr.summaries).sort()).toEqual([...PRESET_NAMES].sort());
  });

  it('a saved game says its frozen rules in French too', () => {
    const setup = createGame({ players: ['A', 'B', 'C', 'D'], rules: { preset: 'mahjongsoul', westRound: false } });
    expect(gameRulesLabelIn(setup, 'fr')).toBe('Mahjong Soul (tour Ouest (mort subite) si personne n’a les points visés\u00a0: non)');
    expect(gameRulesLabelIn({ ...setup, preset: 'gone' }, 'en')).toMatch(/^EMA 2016 \(/);
  });
});

describe('four red fives in the hand editor', () => {
  const hand = { closed: ['1m', '2m', '3m', '4p', '0p', '6p', '0p', '6p', '7p', '7s', '8s', '9s', '2s'], melds: [], winTile: '2s' as const };
  it('two red 5p are a problem with three red fives in the set, not with four (custom rules)', () => {
    expect(checkHand(hand, DEFAULT_SITUATION).problems.map((p) => [p.code, p.params.max])).toEqual([['red-five-twice', 1]]);
    const four = { ...DEFAULT_SITUATION, rules: 'custom' as const, custom: { ...EMA_OPTIONS, redFivesInSet: 4 as const } };
    expect(checkHand(hand, four).problems).toEqual([]);
  });
  it('the custom value travels in the page address', () => {
    const situation = { ...DEFAULT_SITUATION, rules: 'custom' as const, custom: { ...EMA_OPTIONS, redFivesInSet: 4 as const } };
    const back = hashToState(stateToHash({ screen: 'hand', hand: { closed: [], melds: [], winTile: null }, situation }));
    expect(back.situation.custom.redFivesInSet).toBe(4);
  });
});
