import { hasRun, FORM_STANDARD } from '../context.ts';
import { SUITS } from '../tiles.ts';
import type { YakuDef } from './def.ts';
import type { HandContext } from '../context.ts';

function ittsuSuit(c: HandContext): number {
  if (c.form !== FORM_STANDARD || c.runs < 3) return -1;
  for (let s = 0; s < 3; s++) if (hasRun(c, s * 9) && hasRun(c, s * 9 + 3) && hasRun(c, s * 9 + 6)) return s;
  return -1;
}
/** Ittsu 2/1: 123, 456 and 789 of one suit. */
export const ittsu: YakuDef = {
  id: 'ittsu', closed: 2, open: 1, yakuman: false,
  check: (c) => ittsuSuit(c) >= 0,
  params: (c) => ({ suit: SUITS[ittsuSuit(c)] as string }),
};
