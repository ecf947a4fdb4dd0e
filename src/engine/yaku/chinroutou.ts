import { NEED_OUTSIDE_TILES } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Chinroutou (yakuman, open or closed): only terminals. */
export const chinroutou: YakuDef = {
  id: 'chinroutou', needs: NEED_OUTSIDE_TILES, handLevel: true, closed: 1, open: 1, yakuman: true,
  check: (c) => c.allTerminalOrHonour && (c.suitMask & 8) === 0,
};
