import type { YakuDef } from './def.ts';
/** Sanankou 2/2: three concealed pungs/kongs (a pung completed by a discard is not concealed). */
export const sanankou: YakuDef = { id: 'sanankou', closed: 2, open: 2, yakuman: false, check: (c) => c.concealedPungs === 3 };
