import { NEED_THREE_PUNGS } from '../context.ts';
import type { HandContext } from '../context.ts';
import type { YakuDef } from './def.ts';

/** Number (0..8) pung in all three suits, or -1 (four sets hold at most one such triple). */
function doukouStart(c: HandContext): number {
  if (c.pungs < 3) return -1;
  const p = c.suitedPungs;
  const same = p & (p >> 9) & (p >> 18) & 0x1ff;
  return same === 0 ? -1 : 31 - Math.clz32(same);
}
/** Sanshoku doukou 2/2: pungs of the same number in all three suits. */
export const sanshokuDoukou: YakuDef = {
  id: 'sanshoku_doukou', needs: NEED_THREE_PUNGS, closed: 2, open: 2, yakuman: false,
  check: (c) => doukouStart(c) >= 0,
  params: (c) => ({ number: doukouStart(c) + 1 }),
  paramsKey: (c) => doukouStart(c),
};
