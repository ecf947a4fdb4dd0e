import { hasRun, FORM_STANDARD, RUN } from '../context.ts';
import type { YakuDef } from './def.ts';
import type { HandContext } from '../context.ts';

function sanshokuStart(c: HandContext): number {
  if (c.form !== FORM_STANDARD || c.runs < 3) return -1;
  for (let i = 0; i < c.n; i++) {
    const t = c.setTile[i] as number;
    if (c.setKind[i] === RUN && t < 9 && hasRun(c, t + 9) && hasRun(c, t + 18)) return t;
  }
  return -1;
}
/** Sanshoku doujun 2/1: the same run in all three suits. */
export const sanshoku: YakuDef = {
  id: 'sanshoku', closed: 2, open: 1, yakuman: false,
  check: (c) => sanshokuStart(c) >= 0,
  params: (c) => { const t = sanshokuStart(c) + 1; return { run: `${t}${t + 1}${t + 2}` }; },
};
