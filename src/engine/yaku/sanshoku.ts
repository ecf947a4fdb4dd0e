import { FORM_STANDARD, NEED_THREE_RUNS } from '../context.ts';
import type { YakuDef } from './def.ts';
import type { HandContext } from '../context.ts';

/** Lowest kind (0..6) of a run found in all three suits, or -1 (four sets hold at most one such triple). */
function sanshokuStart(c: HandContext): number {
  if (c.form !== FORM_STANDARD || c.runs < 3) return -1;
  const r = c.runStarts;
  const same = r & (r >> 9) & (r >> 18) & 0x7f;
  return same === 0 ? -1 : 31 - Math.clz32(same);
}
/** Sanshoku doujun 2/1: the same run in all three suits. */
export const sanshoku: YakuDef = {
  id: 'sanshoku', needs: NEED_THREE_RUNS, closed: 2, open: 1, yakuman: false,
  check: (c) => sanshokuStart(c) >= 0,
  params: (c) => { const t = sanshokuStart(c) + 1; return { run: `${t}${t + 1}${t + 2}` }; },
  paramsKey: (c) => sanshokuStart(c),
};
