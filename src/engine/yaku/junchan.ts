import { NEED_RUN } from '../context.ts';
import { allSetsOutside } from './outside.ts';
import type { YakuDef } from './def.ts';
/** Junchan 3/2: a terminal in every set and the pair, no honours. */
export const junchan: YakuDef = {
  id: 'junchan', needs: NEED_RUN, closed: 3, open: 2, yakuman: false,
  check: (c) => (c.suitMask & 8) === 0 && allSetsOutside(c, true),
};
