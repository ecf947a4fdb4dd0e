import { NEED_HONOUR_PUNG } from '../context.ts';
import { WHITE } from '../tiles.ts';
const TWO_OF_THREE = new Set([0b0110000, 0b1010000, 0b1100000]);
import type { YakuDef } from './def.ts';
/** Shousangen 2/2: two dragon pungs and a dragon pair (the two yakuhai count on top). */
export const shousangen: YakuDef = {
  id: 'shousangen', needs: NEED_HONOUR_PUNG, closed: 2, open: 2, yakuman: false,
  check: (c) => c.pair >= WHITE && TWO_OF_THREE.has(c.honourPungs & 0b1110000),
};
