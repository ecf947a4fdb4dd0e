// Practice "waits" questions (issue 19): a ready 13-tile hand is shown and the player picks every tile that would
// complete it. The hand comes from a random winning hand less one tile; findWaits gives the answer and the scores.
import { findWaits, formatTiles, parseTiles, resolveRules, sortTiles, type MeldInput, type RulesLike, type WaitsOk, type WaitsSituation } from '../index.ts';
import { randomHand, type MeldLevel } from './generator.ts';
import { createRng } from './rng.ts';
import type { Topic } from './topics.ts';

export interface WaitsQuestion {
  seed: number;
  melds: MeldLevel;
  /** The 13 tiles: concealed (sorted) and melds. */
  hand: { closed: string; melds: MeldInput[] };
  situation: WaitsSituation;
  rules: string;
  /** The engine's waits of the hand (every winning tile with its shapes and scores). */
  answer: WaitsOk;
}

export interface WaitsCheck {
  correct: boolean;
  /** The winning tiles (plain codes, in tile order). */
  expected: string[];
  missed: string[];
  extra: string[];
  topics: Partial<Record<Topic, boolean>>;
}

/**
 * A waits question reproducible from `seed`: a ready hand with at least one possible winning tile. Hands with two or
 * more winning tiles are preferred (a single wait is kept one time in four).
 */
export function generateWaitsQuestion(seed: number, melds: MeldLevel = 'closed', rules?: RulesLike, maxAttempts = 400): WaitsQuestion {
  const rng = createRng(seed);
  const resolved = resolveRules(rules);
  let fallback: WaitsQuestion | null = null;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const h = randomHand(rng, { ask: 'full', melds }, { extraDora: 0, redFives: resolved.redFivesAreDora });
    const tiles = parseTiles(h.closed);
    tiles.splice(rng.int(tiles.length), 1);
    const hand = { closed: formatTiles(sortTiles(tiles)), melds: h.melds ?? [] };
    // Only what the question shows (WaitsPractice.tsx): counters drawn for the hand but never shown were added to
    // every score of the answer, one counter above the points table.
    const situation: WaitsSituation = {
      riichi: h.riichi,
      double_riichi: h.double_riichi,
      seat_wind: h.seat_wind,
      round_wind: h.round_wind,
      dora_indicators: h.dora_indicators,
    };
    const answer = findWaits(hand, situation, resolved);
    if (!answer.ok || answer.shanten !== 0 || answer.waits.length === 0) continue;
    const q: WaitsQuestion = { seed, melds, hand, situation, rules: resolved.name, answer };
    if (answer.waits.length >= 2 || rng.chance(0.25)) return q;
    fallback ??= q;
  }
  if (fallback) return fallback;
  throw new Error(`No ready practice hand after ${maxAttempts} attempts (seed ${seed}).`);
}

/** Compare the tiles picked (any order; red fives read as fives) with the winning tiles. */
export function checkWaitsAnswer(q: WaitsQuestion, picked: readonly string[]): WaitsCheck {
  const plain = (t: string) => (t[0] === '0' ? `5${t[1]}` : t);
  const given = new Set(picked.map(plain));
  const expected = q.answer.waits.map((w) => w.tile);
  const missed = expected.filter((t) => !given.has(t));
  const extra = [...given].filter((t) => !expected.includes(t));
  const correct = missed.length === 0 && extra.length === 0;
  return { correct, expected, missed, extra, topics: { waits: correct } };
}
