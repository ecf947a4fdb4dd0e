import { NEED_HOUTEI } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Houtei 1/1: win on the last discard. */
export const houtei: YakuDef = { id: 'houtei', needs: NEED_HOUTEI, handLevel: true, closed: 1, open: 1, yakuman: false, check: (c) => c.houtei };
