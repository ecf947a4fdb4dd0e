import { NEED_RINSHAN } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Rinshan kaihou 1/1: self-draw on the replacement tile after a kong. */
export const rinshan: YakuDef = { id: 'rinshan', needs: NEED_RINSHAN, handLevel: true, closed: 1, open: 1, yakuman: false, check: (c) => c.rinshan };
