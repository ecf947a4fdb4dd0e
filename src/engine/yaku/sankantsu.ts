import type { YakuDef } from './def.ts';
/** Sankantsu 2/2: three kongs. */
export const sankantsu: YakuDef = { id: 'sankantsu', closed: 2, open: 2, yakuman: false, check: (c) => c.kongs === 3 };
