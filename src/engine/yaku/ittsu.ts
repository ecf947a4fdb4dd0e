import { FORM_STANDARD, NEED_THREE_RUNS } from '../context.ts';
import { SUITS } from '../tiles.ts';
import type { YakuDef } from './def.ts';
import type { HandContext } from '../context.ts';

/** Runs 123, 456, 789 as bits of `runStarts` (kinds 0, 3, 6 of a suit). */
const STRAIGHT = 0b1001001;

function ittsuSuit(c: HandContext): number {
  if (c.form !== FORM_STANDARD || c.runs < 3) return -1;
  for (let s = 0; s < 3; s++) if (((c.runStarts >> (s * 9)) & STRAIGHT) === STRAIGHT) return s;
  return -1;
}
/** Ittsu 2/1: 123, 456 and 789 of one suit. */
export const ittsu: YakuDef = {
  id: 'ittsu', needs: NEED_THREE_RUNS, closed: 2, open: 1, yakuman: false,
  check: (c) => ittsuSuit(c) >= 0,
  params: (c) => ({ suit: SUITS[ittsuSuit(c)] as string }),
  paramsKey: (c) => ittsuSuit(c),
};
