import { NEED_THREE_PUNGS } from '../context.ts';
import { windPungs, pairIsWind } from './winds.ts';
import type { YakuDef } from './def.ts';
/** Shousuushii (yakuman, open or closed): three wind pungs and a wind pair. */
export const shousuushii: YakuDef = {
  id: 'shousuushii', needs: NEED_THREE_PUNGS, closed: 1, open: 1, yakuman: true,
  check: (c) => pairIsWind(c) && windPungs(c) === 3,
};
