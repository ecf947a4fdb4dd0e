import { NEED_THREE_PUNGS } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Daisangen (yakuman, open or closed): pungs of all three dragons. */
export const daisangen: YakuDef = {
  id: 'daisangen', needs: NEED_THREE_PUNGS, closed: 1, open: 1, yakuman: true,
  check: (c) => (c.honourPungs & 0b1110000) === 0b1110000,
};
