import { NEED_HAITEI } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Haitei 1/1: self-draw on the last tile of the wall. */
export const haitei: YakuDef = { id: 'haitei', needs: NEED_HAITEI, handLevel: true, closed: 1, open: 1, yakuman: false, check: (c) => c.haitei };
