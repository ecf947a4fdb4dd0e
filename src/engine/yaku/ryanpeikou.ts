import { FORM_STANDARD, NEED_PEIKOU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Ryanpeikou 3/-: two pairs of identical runs (not combined with iipeikou or chiitoitsu). */
export const ryanpeikou: YakuDef = {
  id: 'ryanpeikou', needs: NEED_PEIKOU, closed: 3, open: 0, yakuman: false,
  check: (c) => c.closedHand && c.form === FORM_STANDARD && c.peikou === 2,
};
