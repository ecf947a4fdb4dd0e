import { NEED_RIICHI } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Riichi 1/-. Not listed with double riichi, which includes it. */
export const riichi: YakuDef = { id: 'riichi', needs: NEED_RIICHI, handLevel: true, closed: 1, open: 0, yakuman: false, check: (c) => c.riichi && !c.doubleRiichi };
