import { FORM_STANDARD, NEED_FOUR_PUNGS } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Toitoi 2/2: four pungs or kongs. */
export const toitoi: YakuDef = { id: 'toitoi', needs: NEED_FOUR_PUNGS, closed: 2, open: 2, yakuman: false, check: (c) => c.form === FORM_STANDARD && c.pungs === 4 };
