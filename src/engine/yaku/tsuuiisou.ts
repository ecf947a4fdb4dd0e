import { NEED_OUTSIDE_TILES } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Tsuuiisou (yakuman, open or closed): only honours. */
export const tsuuiisou: YakuDef = { id: 'tsuuiisou', needs: NEED_OUTSIDE_TILES, handLevel: true, closed: 1, open: 1, yakuman: true, check: (c) => c.suitMask === 8 };
