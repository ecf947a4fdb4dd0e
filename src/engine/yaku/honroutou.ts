import type { YakuDef } from './def.ts';
/** Honroutou 2/2: only terminals and honours (with toitoi or chiitoitsu). */
export const honroutou: YakuDef = { id: 'honroutou', handLevel: true, closed: 2, open: 2, yakuman: false, check: (c) => c.allTerminalOrHonour };
