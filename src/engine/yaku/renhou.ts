import { NEED_RENHOU } from '../context.ts';
import type { YakuDef } from './def.ts';
/**
 * Renhou as a yakuman (only with the option renhou = 'yakuman'). With the default option renhou is a
 * non-cumulative mangan and is handled by the scorer, not as a yaku.
 */
export const renhouYakuman: YakuDef = {
  id: 'renhou', needs: NEED_RENHOU, handLevel: true, closed: 1, open: 0, yakuman: true,
  check: (c) => c.renhou && c.rules.renhou === 'yakuman',
};
