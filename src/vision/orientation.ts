// Is the hand row upside down in the photo (photographed from across the table)? Then its tiles, read left to right
// in the photo, come in the reverse of the player's order.
//
// The evidence is where the rest of the table lies. A hand is at its player's edge of the table: everything else on
// it (discards, the other players' rows and discards, side players' columns) lies beyond the hand as its player sees
// it. Photographed from the player's seat, that is above the hand row in the photo; from across the table (the hand
// upside down), below it. So the row is called upside down when the localiser finds a row of other tiles clearly below
// it and no tile clearly above; with nothing else in view, or tiles on both sides, the photo's order is kept.
// "Clearly": the box's centre more than FAR_SIDE_DISTANCE tile heights beyond the row's edge, so a reflection of the
// hand on a shiny table (right under it, its centres at most 1.37 tile heights below in the development scenes) is not
// counted. "A row": at least FAR_SIDE_MIN_TILES of them in one row of the layout, as discards (rows of six) and an
// opponent's hand lie; boxes the localiser finds on bare table lie scattered, and three of them, in rows of two and
// one, once turned an upright row (src/vision/README.md, "Tiles below must form a row").
//
// With no such evidence (nothing clearly above, no row of FAR_SIDE_MIN_TILES clearly below: a hand photographed alone)
// the tiles themselves vote, when the classifier has the `turned` output (session 19): a small head on its middle
// feature maps (training-notes/classifier/orient_head.py) gives each crop a logit "turned 180°"; the row is called
// upside down when their sum over its face-up upright tiles exceeds the head's margin (model.json
// `outputs.turned.row_margin`: 1.5 times the largest sum of any of 120 upright held-out-style renders read by this code,
// training-notes/classifier/orient_margin.ts). The classifier's own readings cannot tell (it was trained with one crop
// in ten turned), and the localiser's boxes carry no orientation. On real sets the head is weak per crop (real crops
// turned in software read turned 68-70% of the time) and part of what it reads is the tile's side band, which a real
// photo from across the table keeps at the bottom: the vote misses turned rows far more often than it turns an upright
// one (src/vision/README.md, "An upside-down row in the player's order").

import type { Box } from './detect.ts';

/** Beyond the row's edge by more than this many (median) tile heights, measured to the box's centre. */
export const FAR_SIDE_DISTANCE = 1.5;
/** At least this many other tiles clearly below the row in one row of the layout, none clearly above. */
export const FAR_SIDE_MIN_TILES = 3;

/** The tiles vote only with at least this many face-up upright tiles in the row. */
export const TILE_VOTE_MIN_TILES = 5;

export interface RowOrientation {
  upsideDown: boolean;
  /** Other tiles clearly above / below the hand row. */
  above: number;
  below: number;
  /** The most of those below that lie in one row of the layout. */
  belowInOneRow: number;
  /** What decided: the other tiles on the table, the row's own tiles (the classifier's `turned` vote), or nothing. */
  by: 'table' | 'tiles' | 'none';
  /** The sum of the voting tiles' `turned` logits, when they voted. */
  tileVote?: number;
}

/**
 * Whether the hand row (its boxes) is upside down in the photo, from where the other tiles found lie (`others`: the
 * layout's other rows, each its boxes), and where they say nothing, from `turned`: the classifier's "turned 180°"
 * logits of the row's face-up upright tiles (empty or absent: no vote) summed and compared with `margin`.
 */
export function rowOrientation(hand: readonly Box[], others: readonly (readonly Box[])[], turned: readonly number[] = [], margin = Infinity): RowOrientation {
  if (hand.length === 0) return { upsideDown: false, above: 0, below: 0, belowInOneRow: 0, by: 'none' };
  const heights = hand.map((b) => b[3] - b[1]).sort((a, b) => a - b);
  const h = heights[heights.length >> 1]!;
  const top = Math.min(...hand.map((b) => b[1]));
  const bottom = Math.max(...hand.map((b) => b[3]));
  let above = 0;
  let below = 0;
  let belowInOneRow = 0;
  for (const row of others) {
    let belowHere = 0;
    for (const b of row) {
      const cy = (b[1] + b[3]) / 2;
      if (cy < top - FAR_SIDE_DISTANCE * h) above++;
      else if (cy > bottom + FAR_SIDE_DISTANCE * h) belowHere++;
    }
    below += belowHere;
    belowInOneRow = Math.max(belowInOneRow, belowHere);
  }
  const evidence = { above, below, belowInOneRow };
  if (above > 0 || belowInOneRow >= FAR_SIDE_MIN_TILES) return { upsideDown: above === 0, ...evidence, by: 'table' };
  if (turned.length < TILE_VOTE_MIN_TILES) return { upsideDown: false, ...evidence, by: 'none' };
  const tileVote = turned.reduce((a, b) => a + b, 0);
  return { upsideDown: tileVote > margin, ...evidence, by: 'tiles', tileVote };
}
