// The practice question on screen is kept in sessionStorage for a look at another screen or a reload
// (src/app/practice/keptQuestion.ts): as its seed, from which the generators draw the very same hand.
import { describe, expect, it } from 'vitest';
import { keepScoreQuestion, keepWaitsQuestion, readKeptScoreQuestion, readKeptWaitsQuestion, type KeptScoreQuestion } from '../../src/app/practice/keptQuestion.ts';
import { generateQuestion, generateWaitsQuestion, TOPICS } from '../../src/engine/practice/index.ts';
import { withSessionStorage } from './memoryStorage.ts';

const kept: KeptScoreQuestion = {
  seed: 123456789,
  target: 'yaku',
  level: { ask: 'full', melds: 'open' },
  rules: 'wrc2015',
  number: 3,
  fields: { fan: '2', fu: '', a: '3900', b: '' },
  answered: true,
  retry: false,
};

describe('the practice question kept for this tab', () => {
  it('its seed draws the same hand again, whatever the topic and level', () => {
    for (const target of TOPICS) {
      for (const ask of ['fu', 'fan', 'full'] as const) {
        // the screen's settings (with their rules) as the level, as a new question is drawn
        const settings = { ask, melds: 'closed' as const, rules: 'ema' as const };
        const shown = generateQuestion(987 + ask.length, settings, target, 'ema');
        const again = generateQuestion(shown.seed, { ask, melds: 'closed' }, target, 'ema');
        expect(again.input, `${target} ${ask}`).toEqual(shown.input);
        expect(again.result).toEqual(shown.result);
      }
    }
    expect(generateWaitsQuestion(4242, 'open', 'mleague').hand).toEqual(generateWaitsQuestion(4242, 'open', 'mleague').hand);
  });

  it('is read back as written, and a damaged or foreign one is ignored', () => {
    withSessionStorage((storage) => {
      expect(readKeptScoreQuestion()).toBeNull();
      keepScoreQuestion(kept);
      expect(readKeptScoreQuestion()).toEqual(kept);
      keepWaitsQuestion({ seed: 7, melds: 'closed', rules: 'ema', picked: ['3m', '6m'], answered: false });
      expect(readKeptWaitsQuestion()?.picked).toEqual(['3m', '6m']);
      const damaged = [
        '{',
        'null',
        JSON.stringify({ ...kept, seed: -1 }),
        JSON.stringify({ ...kept, target: 'constructor' }),
        JSON.stringify({ ...kept, level: { ask: 'waits', melds: 'open' } }),
        JSON.stringify({ ...kept, rules: '__proto__' }),
        JSON.stringify({ ...kept, number: 0 }),
        JSON.stringify({ ...kept, fields: { ...kept.fields, fan: 'x'.repeat(100) } }),
        JSON.stringify({ ...kept, answered: 'yes' }),
      ];
      for (const text of damaged) {
        storage.setItem('riichi-lens.practice.question', text);
        expect(readKeptScoreQuestion(), text).toBeNull();
      }
      storage.setItem('riichi-lens.practice.waits-question', JSON.stringify({ seed: 7, melds: 'closed', rules: 'ema', picked: ['0m'], answered: false }));
      expect(readKeptWaitsQuestion()).toBeNull();
    });
  });

  it('without sessionStorage nothing is kept and nothing throws', () => {
    expect(() => keepScoreQuestion(kept)).not.toThrow();
    expect(readKeptScoreQuestion()).toBeNull();
  });
});
