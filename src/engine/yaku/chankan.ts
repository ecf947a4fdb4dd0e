import { NEED_CHANKAN } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Chankan 1/1: win on a tile robbed from an added kong. */
export const chankan: YakuDef = { id: 'chankan', needs: NEED_CHANKAN, handLevel: true, closed: 1, open: 1, yakuman: false, check: (c) => c.chankan };
