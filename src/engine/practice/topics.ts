// Practice topics and the per-topic tally that steers the next question towards weak topics.
import type { ScoreOk } from '../index.ts';
import type { Rng } from './rng.ts';

export const TOPICS = ['fu-of-sets', 'waits', 'yaku', 'limits'] as const;
export type Topic = (typeof TOPICS)[number];

export function isTopic(x: unknown): x is Topic {
  return typeof x === 'string' && (TOPICS as readonly string[]).includes(x);
}

/** Which topics a scored hand exercises. */
export function topicsOf(result: ScoreOk): Topic[] {
  const topics: Topic[] = ['yaku'];
  const fu = result.explanation.fu;
  if (fu.some((f) => f.id.startsWith('pung') || f.id.startsWith('kong'))) topics.push('fu-of-sets');
  if (fu.some((f) => f.id.startsWith('wait')) || result.yaku.some((y) => y.id === 'pinfu')) topics.push('waits');
  if (result.limit !== null) topics.push('limits');
  return topics;
}

export type Tally = Record<Topic, { right: number; wrong: number }>;

export function emptyTally(): Tally {
  return { 'fu-of-sets': { right: 0, wrong: 0 }, waits: { right: 0, wrong: 0 }, yaku: { right: 0, wrong: 0 }, limits: { right: 0, wrong: 0 } };
}

/** Reads a tally saved as JSON (e.g. from localStorage); anything unreadable gives an empty tally. */
export function parseTally(text: string | null | undefined): Tally {
  const tally = emptyTally();
  if (!text) return tally;
  try {
    const data = JSON.parse(text) as unknown;
    if (typeof data !== 'object' || data === null) return tally;
    for (const topic of TOPICS) {
      const entry = (data as Record<string, unknown>)[topic] as { right?: unknown; wrong?: unknown } | undefined;
      if (!entry || typeof entry !== 'object') continue;
      const ok = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
      if (ok(entry.right)) tally[topic].right = entry.right as number;
      if (ok(entry.wrong)) tally[topic].wrong = entry.wrong as number;
    }
  } catch {
    // A damaged saved tally only resets the practice score.
  }
  return tally;
}

export function recordResults(tally: Tally, results: Partial<Record<Topic, boolean>>): Tally {
  const next: Tally = { ...tally };
  for (const topic of TOPICS) {
    const r = results[topic];
    if (r === undefined) continue;
    next[topic] = { ...tally[topic], [r ? 'right' : 'wrong']: tally[topic][r ? 'right' : 'wrong'] + 1 };
  }
  return next;
}

/**
 * Weight of a topic: the estimated chance of a wrong answer, (wrong + 1) / (answers + 2), so an unseen
 * topic weighs 1/2, a topic always answered wrong tends to 1 and one always answered right to 0 (never
 * quite 0: a mastered topic still comes back now and then).
 */
export function topicWeight(t: { right: number; wrong: number }): number {
  return (t.wrong + 1) / (t.right + t.wrong + 2);
}

export function pickTopic(tally: Tally, rng: Rng, among: readonly Topic[] = TOPICS): Topic {
  const weights = among.map((t) => topicWeight(tally[t]));
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng.next() * total;
  for (let i = 0; i < among.length; i++) {
    x -= weights[i]!;
    if (x < 0) return among[i]!;
  }
  return among[among.length - 1]!;
}
