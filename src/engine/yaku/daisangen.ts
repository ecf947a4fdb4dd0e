import { hasPung } from '../context.ts';
import { GREEN, RED, WHITE } from '../tiles.ts';
import type { YakuDef } from './def.ts';
/** Daisangen (yakuman, open or closed): pungs of all three dragons. */
export const daisangen: YakuDef = {
  id: 'daisangen', closed: 1, open: 1, yakuman: true,
  check: (c) => hasPung(c, WHITE) && hasPung(c, GREEN) && hasPung(c, RED),
};
