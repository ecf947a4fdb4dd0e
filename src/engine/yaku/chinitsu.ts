import { NEED_ONE_SUIT } from '../context.ts';
import { SUITS } from '../tiles.ts';
import type { YakuDef } from './def.ts';
/** Chinitsu 6/5: one suit, no honours. */
export const chinitsu: YakuDef = {
  id: 'chinitsu', needs: NEED_ONE_SUIT, handLevel: true, closed: 6, open: 5, yakuman: false,
  check: (c) => c.suitMask === 1 || c.suitMask === 2 || c.suitMask === 4,
  params: (c) => ({ suit: SUITS[c.suitMask >> 1] as string }),
  paramsKey: (c) => c.suitMask,
};
