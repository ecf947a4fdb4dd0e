import { NEED_DOUBLE_RIICHI } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Double riichi 2/- (riichi included). */
export const doubleRiichi: YakuDef = { id: 'double_riichi', needs: NEED_DOUBLE_RIICHI, handLevel: true, closed: 2, open: 0, yakuman: false, check: (c) => c.doubleRiichi };
