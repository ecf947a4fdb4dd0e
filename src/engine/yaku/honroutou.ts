import { NEED_OUTSIDE_TILES } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Honroutou 2/2: only terminals and honours (with toitoi or chiitoitsu). */
export const honroutou: YakuDef = { id: 'honroutou', needs: NEED_OUTSIDE_TILES, handLevel: true, closed: 2, open: 2, yakuman: false, check: (c) => c.allTerminalOrHonour };
