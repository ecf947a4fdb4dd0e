// Practice questions follow the game (issue 16): one dora indicator plus one per kan, ura dora only after
// riichi and as many as the dora indicators; the topic a question is labelled with is one it asks about.
import { describe, expect, it } from 'vitest';
import { TOPICS_BY_LEVEL, generateQuestion, generateWaitsQuestion, type AskLevel, type Topic } from '../../src/engine/practice/index.ts';
import { parseTiles, PRESET_NAMES, resolveRules } from '../../src/engine/index.ts';

const count = (notation: string | undefined) => (notation ? parseTiles(notation).length : 0);

describe('practice questions', () => {
  it('show the indicators the game allows and label only topics they ask about', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const ask: AskLevel = (['fu', 'fan', 'full'] as const)[seed % 3]!;
      const melds = seed % 2 ? 'open' : 'closed';
      const topics = TOPICS_BY_LEVEL[ask];
      const target = topics[seed % topics.length] as Topic;
      const q = generateQuestion(seed, { ask, melds }, target, 'ema');
      const kans = (q.input.melds ?? []).filter((m) => m.type.startsWith('kan')).length;
      const riichi = Boolean(q.input.riichi || q.input.double_riichi);
      expect(count(q.input.dora_indicators), `seed ${seed}`).toBe(1 + kans);
      expect(count(q.input.ura_indicators), `seed ${seed}`).toBe(riichi ? 1 + kans : 0);
      expect(q.topics, `seed ${seed}: labelled ${q.target}`).toContain(q.target);
      if (!q.asks.fu) expect(q.topics).not.toContain('fu-of-sets');
    }
  });

  it('show red fives only under rules whose set has them (none under EMA 2016)', () => {
    const redFives = (q: { input: { closed: string } } | { hand: { closed: string } }) => ('input' in q ? q.input.closed : q.hand.closed).includes('0');
    for (const rules of PRESET_NAMES) {
      const hasThem = resolveRules(rules).redFivesAreDora;
      let red = 0;
      for (let seed = 1; seed <= 60; seed++) {
        if (redFives(generateQuestion(seed, { ask: 'full', melds: seed % 2 ? 'open' : 'closed' }, 'yaku', rules))) red++;
        if (redFives(generateWaitsQuestion(seed, 'closed', rules))) red++;
      }
      if (hasThem) expect(red, rules).toBeGreaterThan(5);
      else expect(red, rules).toBe(0);
    }
    expect(resolveRules('ema').redFivesAreDora).toBe(false);
  });
});
