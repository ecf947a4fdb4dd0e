import { NEED_CLOSED, NEED_TSUMO } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Menzen tsumo 1/-: self-draw with a closed hand (closed kongs allowed). */
export const menzenTsumo: YakuDef = { id: 'menzen_tsumo', needs: NEED_CLOSED | NEED_TSUMO, handLevel: true, closed: 1, open: 0, yakuman: false, check: (c) => c.closedHand && c.tsumo };
