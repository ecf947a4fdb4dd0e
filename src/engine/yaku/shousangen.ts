import { hasPung } from '../context.ts';
import { GREEN, RED, WHITE } from '../tiles.ts';
import type { YakuDef } from './def.ts';
/** Shousangen 2/2: two dragon pungs and a dragon pair (the two yakuhai count on top). */
export const shousangen: YakuDef = {
  id: 'shousangen', closed: 2, open: 2, yakuman: false,
  check: (c) => c.pair >= WHITE && (hasPung(c, WHITE) ? 1 : 0) + (hasPung(c, GREEN) ? 1 : 0) + (hasPung(c, RED) ? 1 : 0) === 2,
};
