import { FORM_STANDARD, NEED_PEIKOU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Iipeikou 1/-: two identical runs in a closed hand (not with ryanpeikou). */
export const iipeikou: YakuDef = {
  id: 'iipeikou', needs: NEED_PEIKOU, closed: 1, open: 0, yakuman: false,
  check: (c) => c.closedHand && c.form === FORM_STANDARD && c.peikou === 1,
};
