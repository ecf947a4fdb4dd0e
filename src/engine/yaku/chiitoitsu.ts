import { FORM_CHIITOITSU, NEED_CHIITOITSU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Chiitoitsu 2/-: seven different pairs. */
export const chiitoitsu: YakuDef = { id: 'chiitoitsu', needs: NEED_CHIITOITSU, closed: 2, open: 0, yakuman: false, check: (c) => c.form === FORM_CHIITOITSU };
