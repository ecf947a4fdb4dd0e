/**
 * Why the reading a score shows has the wait it has, where the player sees another: the winning tile also finishes
 * a two-sided wait in another reading of the hand, and the score says closed, edge, single or double-pair wait
 * (345s 56s won on 4s: 35s waiting on 4s, or 56s waiting on 4s and 7s). A hand is read the way it is worth most, so
 * the wait shown is never worth less; a beginner who sees only the two-sided wait asks why. Nothing here runs in
 * scoreHand: callers that explain a score ask for it.
 */
import { kindCounts, KIND_CODES, parseTiles, tileKind } from './tiles.ts';
import type { HandInput, ScoreResult } from './types.ts';
import { waitShapes } from './waits/shapes.ts';

/** One note on the reading shown: its i18n key (`readingNotes` of the messages) and the tiles it names. */
export interface ReadingNote {
  reason: 'wait_also_two_sided';
  /** The winning tile, the two tiles it also finishes two-sided (`56s`), and the wait the score shows. */
  params: { win: string; tiles: string; wait: string };
}

/** The notes on the reading `result` shows for `input` (none for an error, seven pairs, thirteen orphans). */
export function readingNotes(input: HandInput, result: ScoreResult): ReadingNote[] {
  if (!result.ok) return [];
  const { kind, wait } = result.explanation.reading;
  if (kind !== 'standard' || wait === 'ryanmen') return [];
  let closed: number[];
  let win: number;
  try {
    closed = parseTiles(input.closed).map(tileKind);
    win = tileKind(input.win_tile);
  } catch {
    return [];
  }
  // every shape by which the winning tile completes the concealed tiles held before it (the waits' own reading)
  const before = kindCounts(closed);
  before[win]!--;
  const twoSided = waitShapes(before, (input.melds ?? []).length, win).find((shape) => shape.id === 'ryanmen');
  return twoSided ? [{ reason: 'wait_also_two_sided', params: { win: KIND_CODES[win] as string, tiles: twoSided.tiles, wait } }] : [];
}
