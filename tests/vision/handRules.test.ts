import { describe, expect, it } from 'vitest';
import { rerankWithHandRules } from '../../src/vision/handRules.ts';

const classes = ['5m', '6m', '7m', '0m', 'back'];

/** Probability rows from {class: p} maps. */
function probs(rows: Record<string, number>[]): Float64Array[] {
  return rows.map((r) => Float64Array.from(classes, (c) => r[c] ?? 0));
}

describe('hand rules', () => {
  it('leaves a legal hand alone', () => {
    const p = probs([{ '5m': 0.9 }, { '5m': 0.8 }, { '6m': 0.7 }, { '0m': 0.6 }]);
    expect(rerankWithHandRules(p, classes)).toEqual({ choice: [0, 0, 1, 3], reranked: [false, false, false, false] });
  });

  it('moves the cheapest tile off a fifth copy, counting a red five as a five', () => {
    const p = probs([
      { '5m': 0.99 },
      { '5m': 0.98 },
      { '0m': 0.97 },
      { '5m': 0.6, '6m': 0.35 }, // cheapest move: loses 0.25
      { '5m': 0.9, '7m': 0.05 },
    ]);
    const r = rerankWithHandRules(p, classes);
    expect(r.choice).toEqual([0, 0, 3, 1, 0]);
    expect(r.reranked).toEqual([false, false, false, true, false]);
  });

  it('allows one red five per suit, turning the doubtful one into a plain five', () => {
    const p = probs([{ '0m': 0.95, '5m': 0.05 }, { '0m': 0.55, '5m': 0.44 }]);
    const r = rerankWithHandRules(p, classes);
    expect(r.choice).toEqual([3, 0]);
    expect(r.reranked).toEqual([false, true]);
  });

  it('resolves chains of conflicts and never limits tile backs', () => {
    const p = probs([
      ...Array.from({ length: 6 }, (_, i) => ({ '5m': 0.9 - i * 0.01, '6m': 0.05 + i * 0.01 })),
      ...Array.from({ length: 5 }, () => ({ back: 0.9 })),
    ]);
    const r = rerankWithHandRules(p, classes);
    const count = (c: number) => r.choice.filter((x) => x === c).length;
    expect(count(0)).toBe(4);
    expect(count(1)).toBe(2);
    expect(count(4)).toBe(5);
    // The two least confident 5m moved.
    expect(r.reranked.slice(0, 6)).toEqual([false, false, false, false, true, true]);
  });
});
