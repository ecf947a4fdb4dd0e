import { FORM_STANDARD } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Toitoi 2/2: four pungs or kongs. */
export const toitoi: YakuDef = { id: 'toitoi', closed: 2, open: 2, yakuman: false, check: (c) => c.form === FORM_STANDARD && c.pungs === 4 };
