import { NEED_IPPATSU } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Ippatsu 1/-: win within one go-around after riichi. */
export const ippatsu: YakuDef = { id: 'ippatsu', needs: NEED_IPPATSU, handLevel: true, closed: 1, open: 0, yakuman: false, check: (c) => c.ippatsu };
