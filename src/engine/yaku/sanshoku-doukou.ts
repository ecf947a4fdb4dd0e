import { hasPung, RUN, type HandContext } from '../context.ts';
import type { YakuDef } from './def.ts';

function doukouStart(c: HandContext): number {
  if (c.pungs < 3) return -1;
  for (let i = 0; i < c.n; i++) {
    const t = c.setTile[i] as number;
    if (c.setKind[i] !== RUN && t < 9 && hasPung(c, t + 9) && hasPung(c, t + 18)) return t;
  }
  return -1;
}
/** Sanshoku doukou 2/2: pungs of the same number in all three suits. */
export const sanshokuDoukou: YakuDef = {
  id: 'sanshoku_doukou', closed: 2, open: 2, yakuman: false,
  check: (c) => doukouStart(c) >= 0,
  params: (c) => ({ number: doukouStart(c) + 1 }),
};
