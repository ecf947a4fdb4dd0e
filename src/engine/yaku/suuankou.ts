import { NEED_THREE_CONCEALED_PUNGS } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Suuankou (yakuman, closed): four concealed pungs/kongs (on a discard only when it completes the pair). */
export const suuankou: YakuDef = { id: 'suuankou', needs: NEED_THREE_CONCEALED_PUNGS, closed: 1, open: 0, yakuman: true, check: (c) => c.concealedPungs === 4 };
