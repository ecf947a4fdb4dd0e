import { NEED_PINFU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Pinfu 1/-: closed, four runs, a pair that scores no fu, won on a two-sided wait (decided in fu.ts). */
export const pinfu: YakuDef = { id: 'pinfu', needs: NEED_PINFU, closed: 1, open: 0, yakuman: false, check: (c) => c.pinfu };
