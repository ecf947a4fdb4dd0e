import { NEED_CHIIHOU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Chiihou (yakuman, closed): a non-dealer wins on the first draw, no call made before. */
export const chiihou: YakuDef = { id: 'chiihou', needs: NEED_CHIIHOU, handLevel: true, closed: 1, open: 0, yakuman: true, check: (c) => c.chiihou };
