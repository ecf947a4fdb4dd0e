import { NEED_THREE_KONGS } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Suukantsu (yakuman, open or closed): four kongs. */
export const suukantsu: YakuDef = { id: 'suukantsu', needs: NEED_THREE_KONGS, handLevel: true, closed: 1, open: 1, yakuman: true, check: (c) => c.kongs === 4 };
