import { NEED_THREE_KONGS } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Sankantsu 2/2: three kongs. */
export const sankantsu: YakuDef = { id: 'sankantsu', needs: NEED_THREE_KONGS, handLevel: true, closed: 2, open: 2, yakuman: false, check: (c) => c.kongs === 3 };
