import { NEED_TENHOU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Tenhou (yakuman, closed): the dealer wins on the initial deal. */
export const tenhou: YakuDef = { id: 'tenhou', needs: NEED_TENHOU, handLevel: true, closed: 1, open: 0, yakuman: true, check: (c) => c.tenhou };
