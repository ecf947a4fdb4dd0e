import { NEED_SIMPLES } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Tanyao 1/1 (open only when the rules allow open tanyao): simples 2-8 only. */
export const tanyao: YakuDef = {
  id: 'tanyao', needs: NEED_SIMPLES, handLevel: true, closed: 1, open: 1, yakuman: false,
  check: (c) => !c.hasTerminalOrHonour && (c.closedHand || c.rules.openTanyao),
};
