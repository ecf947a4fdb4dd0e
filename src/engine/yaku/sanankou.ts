import { NEED_THREE_CONCEALED_PUNGS } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Sanankou 2/2: three concealed pungs/kongs (a pung completed by a discard is not concealed). */
export const sanankou: YakuDef = { id: 'sanankou', needs: NEED_THREE_CONCEALED_PUNGS, closed: 2, open: 2, yakuman: false, check: (c) => c.concealedPungs === 3 };
