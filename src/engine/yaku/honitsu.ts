import { NEED_ONE_SUIT } from '../context.ts';
import { SUITS } from '../tiles.ts';
import type { YakuDef } from './def.ts';
const ONE_SUIT_AND_HONOURS = new Set([1 | 8, 2 | 8, 4 | 8]);
/** Honitsu 3/2: one suit plus honours. */
export const honitsu: YakuDef = {
  id: 'honitsu', needs: NEED_ONE_SUIT, handLevel: true, closed: 3, open: 2, yakuman: false,
  check: (c) => ONE_SUIT_AND_HONOURS.has(c.suitMask),
  params: (c) => ({ suit: SUITS[(c.suitMask & 7) >> 1] as string }),
  paramsKey: (c) => c.suitMask,
};
