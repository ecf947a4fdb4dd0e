import { NEED_CLOSED, NEED_ONE_SUIT } from '../context.ts';
import type { YakuDef } from './def.ts';
import type { HandContext } from '../context.ts';

function isChuuren(c: HandContext): boolean {
  if (c.meldCount !== 0) return false;
  const m = c.suitMask;
  if (m !== 1 && m !== 2 && m !== 4) return false;
  const base = (m >> 1) * 9;
  const a = c.all;
  if ((a[base] as number) < 3 || (a[base + 8] as number) < 3) return false;
  for (let i = 1; i < 8; i++) if ((a[base + i] as number) < 1) return false;
  return true;
}
/** 1112345678999 without the winning tile: junsei (pure) chuuren, waiting on all nine tiles of the suit. */
const NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3];
function isJunsei(c: HandContext): boolean {
  const base = (c.suitMask >> 1) * 9;
  for (let i = 0; i < 9; i++) if ((c.all[base + i] as number) - (base + i === c.winKind ? 1 : 0) !== NINE_GATES[i]) return false;
  return true;
}
/**
 * Chuuren poutou (yakuman, closed, no kong): 1112345678999 of one suit plus any tile of that suit. Junsei chuuren (the
 * nine-sided wait) is a double yakuman where the rules say so.
 */
export const chuuren: YakuDef = {
  id: 'chuuren',
  needs: NEED_CLOSED | NEED_ONE_SUIT,
  handLevel: true,
  closed: 1,
  open: 0,
  yakuman: true,
  check: isChuuren,
  doubleForm: isJunsei,
};
