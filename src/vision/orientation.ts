// Is the hand row upside down in the photo (photographed from across the table)? Then its tiles, read left to right
// in the photo, come in the reverse of the player's order.
//
// The evidence is where the rest of the table lies. A hand is at its player's edge of the table: everything else on
// it (discards, the other players' rows and discards, side players' columns) lies beyond the hand as its player sees
// it. Photographed from the player's seat, that is above the hand row in the photo; from across the table (the hand
// upside down), below it. So the row is called upside down when the localiser finds other tiles clearly below it and
// none clearly above; with nothing else in view, or tiles on both sides, the photo's order is kept. "Clearly": the
// box's centre more than FAR_SIDE_DISTANCE tile heights beyond the row's edge, so a reflection of the hand on a shiny
// table (right under it, its centres at most 1.37 tile heights below in the development scenes) is not counted.
//
// The classifier cannot tell: it was trained with tiles turned 180° (one crop in ten), and on the held-out art
// styles' renders (120 upright rows, true boxes) the mean gain of its best logit from turning each crop over was
// centred on zero (-0.43 to 0.75, median about 0), so no line separates upright rows from turned ones (a scratch
// measurement, src/vision/README.md). The localiser's boxes are axis-aligned and carry no orientation.

import type { Box } from './detect.ts';

/** Beyond the row's edge by more than this many (median) tile heights, measured to the box's centre. */
export const FAR_SIDE_DISTANCE = 1.5;
/** At least this many other tiles beyond the row, all on the one side. */
export const FAR_SIDE_MIN_TILES = 3;

export interface RowOrientation {
  upsideDown: boolean;
  /** Other tiles clearly above / below the hand row. */
  above: number;
  below: number;
}

/** Whether the hand row (its boxes) is upside down in the photo, from where the other tiles found lie. */
export function rowOrientation(hand: readonly Box[], others: readonly Box[]): RowOrientation {
  if (hand.length === 0) return { upsideDown: false, above: 0, below: 0 };
  const heights = hand.map((b) => b[3] - b[1]).sort((a, b) => a - b);
  const h = heights[heights.length >> 1]!;
  const top = Math.min(...hand.map((b) => b[1]));
  const bottom = Math.max(...hand.map((b) => b[3]));
  let above = 0;
  let below = 0;
  for (const b of others) {
    const cy = (b[1] + b[3]) / 2;
    if (cy < top - FAR_SIDE_DISTANCE * h) above++;
    else if (cy > bottom + FAR_SIDE_DISTANCE * h) below++;
  }
  return { upsideDown: below >= FAR_SIDE_MIN_TILES && above === 0, above, below };
}
