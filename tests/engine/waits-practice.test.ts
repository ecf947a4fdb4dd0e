// Practice "waits" questions (issue 19): ready hands, reproducible from the seed, checked against findWaits,
// counted under the waits topic.
import { describe, expect, it } from 'vitest';
import { findWaits } from '../../src/engine/index.ts';
import { checkWaitsAnswer, emptyTally, generateWaitsQuestion, recordResults, TOPICS_BY_LEVEL } from '../../src/engine/practice/index.ts';

describe('waits practice questions', () => {
  it('are ready 13-tile hands whose answer is findWaits, the same for the same seed', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const q = generateWaitsQuestion(seed, seed % 2 ? 'closed' : 'open');
      expect(q.answer.shanten).toBe(0);
      expect(q.answer.waits.length).toBeGreaterThan(0);
      const again = findWaits(q.hand, q.situation);
      expect(again.ok && again.waits.map((w) => w.tile)).toEqual(q.answer.waits.map((w) => w.tile));
      expect(generateWaitsQuestion(seed, seed % 2 ? 'closed' : 'open').hand).toEqual(q.hand);
      if (seed % 2 === 0) expect(q.hand.melds.length).toBeGreaterThan(0);
    }
  });
  it('hold only the situation the question shows (counters drawn but not shown were paid in every score)', () => {
    const shown = ['riichi', 'double_riichi', 'seat_wind', 'round_wind', 'dora_indicators'];
    for (let seed = 1; seed <= 60; seed++) {
      const q = generateWaitsQuestion(seed, seed % 2 ? 'closed' : 'open');
      for (const [key, value] of Object.entries(q.situation)) if (value !== undefined) expect(shown, key).toContain(key);
    }
  });
  it('prefer hands with several winning tiles', () => {
    const multi = Array.from({ length: 40 }, (_, i) => generateWaitsQuestion(100 + i)).filter((q) => q.answer.waits.length >= 2).length;
    expect(multi).toBeGreaterThan(20);
  });
  it('an answer is right only with every winning tile and no other; it counts under the waits topic', () => {
    const q = generateWaitsQuestion(7);
    const tiles = q.answer.waits.map((w) => w.tile);
    const right = checkWaitsAnswer(q, [...tiles].reverse());
    expect(right.correct).toBe(true);
    expect(right.topics).toEqual({ waits: true });
    const missing = checkWaitsAnswer(q, tiles.slice(1));
    expect(missing.correct).toBe(false);
    expect(missing.missed).toEqual([tiles[0]]);
    const other = ['1m', '9m', '1z', '7z'].find((t) => !tiles.includes(t))!;
    const extra = checkWaitsAnswer(q, [...tiles, other]);
    expect(extra.correct).toBe(false);
    expect(extra.extra).toEqual([other]);
    const tally = recordResults(recordResults(emptyTally(), right.topics), extra.topics);
    expect(tally.waits).toEqual({ right: 1, wrong: 1 });
    expect(TOPICS_BY_LEVEL.waits).toEqual(['waits']);
  });
});
