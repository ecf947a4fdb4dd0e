/**
 * Why the reading a score shows has the wait it has, where the player sees another: the winning tile also finishes
 * a two-sided wait in another reading of the hand, and the score says closed, edge, single or double-pair wait
 * (345s 56s won on 4s: 35s waiting on 4s, or 56s waiting on 4s and 7s), or the score says two-sided where the tile
 * also finishes the pair or a closed wait (2344m won on 4m: 23m waiting on 1m and 4m, or 44m the pair). A hand is
 * read the way it is worth most, so the wait shown is never worth less; a beginner who sees the other reading asks
 * why. Nothing here runs in
 * scoreHand: callers that explain a score ask for it.
 */
import { kindCounts, KIND_CODES, parseTiles, tileKind } from './tiles.ts';
import type { HandInput, ScoreResult } from './types.ts';
import { waitShapes } from './waits/shapes.ts';

/** One note on the reading shown: its i18n key (`readingNotes` of the messages) and the tiles it names. */
export interface ReadingNote {
  /**
   * `wait_also_two_sided`: the score shows another wait, and the tile also finishes a two-sided one; the other way
   * round, the score shows the two-sided wait and the tile also finishes the pair (`wait_also_pair`) or a closed,
   * edge or double-pair wait (`wait_also_other`): the learner who sees that reading asks why it was not taken.
   */
  reason: 'wait_also_two_sided' | 'wait_also_pair' | 'wait_also_other';
  /** The winning tile, the tiles of the other wait (`56s`), and the wait named: the score's, or the other one. */
  params: { win: string; tiles: string; wait: string };
}

/** The notes on the reading `result` shows for `input` (none for an error, seven pairs, thirteen orphans). */
export function readingNotes(input: HandInput, result: ScoreResult): ReadingNote[] {
  if (!result.ok) return [];
  const { kind, wait } = result.explanation.reading;
  if (kind !== 'standard') return [];
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
  const shapes = waitShapes(before, (input.melds ?? []).length, win);
  const winCode = KIND_CODES[win] as string;
  if (wait !== 'ryanmen') {
    const twoSided = shapes.find((shape) => shape.id === 'ryanmen');
    return twoSided ? [{ reason: 'wait_also_two_sided', params: { win: winCode, tiles: twoSided.tiles, wait } }] : [];
  }
  // the two-sided wait shown: the first other shape the tile also finishes (the pair first, the commonest question)
  const other = shapes.find((shape) => shape.id === 'tanki') ?? shapes.find((shape) => shape.id === 'kanchan' || shape.id === 'penchan' || shape.id === 'shanpon');
  if (!other) return [];
  return [{ reason: other.id === 'tanki' ? 'wait_also_pair' : 'wait_also_other', params: { win: winCode, tiles: other.tiles, wait: other.id } }];
}
