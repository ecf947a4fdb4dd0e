import { NEED_FOUR_PUNGS } from '../context.ts';
import { windPungs } from './winds.ts';
import type { YakuDef } from './def.ts';
/** Daisuushii (yakuman, open or closed): four wind pungs. A double yakuman only with the option daisuushiiDouble. */
export const daisuushii: YakuDef = { id: 'daisuushii', needs: NEED_FOUR_PUNGS, closed: 1, open: 1, yakuman: true, check: (c) => windPungs(c) === 4 };
