import type { YakuDef } from './def.ts';
/** Tsuuiisou (yakuman, open or closed): only honours. */
export const tsuuiisou: YakuDef = { id: 'tsuuiisou', closed: 1, open: 1, yakuman: true, check: (c) => c.suitMask === 8 };
