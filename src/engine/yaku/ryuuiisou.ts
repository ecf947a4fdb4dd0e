import { NEED_ONE_SUIT } from '../context.ts';
import type { YakuDef } from './def.ts';
import type { HandContext } from '../context.ts';
/** 2s 3s 4s 6s 8s and Green dragon. */
const GREEN_KINDS = new Uint8Array(34);
for (const k of [19, 20, 21, 23, 25, 32]) GREEN_KINDS[k] = 1;

function allGreen(c: HandContext): boolean {
  if (c.suitMask & 3) return false;
  for (let k = 18; k < 34; k++) if (c.all[k] && !GREEN_KINDS[k]) return false;
  return true;
}
/** Ryuuiisou (yakuman, open or closed): only green tiles, with or without the Green dragon. */
export const ryuuiisou: YakuDef = { id: 'ryuuiisou', needs: NEED_ONE_SUIT, handLevel: true, closed: 1, open: 1, yakuman: true, check: allGreen };
