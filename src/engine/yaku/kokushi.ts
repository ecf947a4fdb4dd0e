import { FORM_KOKUSHI, NEED_KOKUSHI } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Kokushi musou (yakuman, closed): one of each terminal and honour plus a pair of one of them. */
export const kokushi: YakuDef = { id: 'kokushi', needs: NEED_KOKUSHI, closed: 1, open: 0, yakuman: true, check: (c) => c.form === FORM_KOKUSHI };
