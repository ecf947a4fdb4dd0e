import { NEED_RUN } from '../context.ts';
import { allSetsOutside } from './outside.ts';
import type { YakuDef } from './def.ts';
/** Chanta 2/1: a terminal or honour in every set and the pair, with honours (without honours it is junchan). */
export const chanta: YakuDef = {
  id: 'chanta', needs: NEED_RUN, closed: 2, open: 1, yakuman: false,
  check: (c) => (c.suitMask & 8) !== 0 && allSetsOutside(c, false),
};
