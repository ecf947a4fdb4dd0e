import { FORM_KOKUSHI, NEED_KOKUSHI } from '../context.ts';
import type { YakuDef } from './def.ts';
/**
 * Kokushi musou (yakuman, closed): one of each terminal and honour plus a pair of one of them. On a 13-sided wait
 * (the hand held all thirteen before the winning tile, so the winning tile makes the pair) a double yakuman where the
 * rules say so.
 */
export const kokushi: YakuDef = {
  id: 'kokushi',
  needs: NEED_KOKUSHI,
  closed: 1,
  open: 0,
  yakuman: true,
  check: (c) => c.form === FORM_KOKUSHI,
  doubleForm: (c) => c.all[c.winKind] === 2,
};
