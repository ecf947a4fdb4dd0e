import type { YakuDef } from './def.ts';
/** Suukantsu (yakuman, open or closed): four kongs. */
export const suukantsu: YakuDef = { id: 'suukantsu', closed: 1, open: 1, yakuman: true, check: (c) => c.kongs === 4 };
