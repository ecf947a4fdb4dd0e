import { FORM_STANDARD, RUN, type HandContext } from '../context.ts';
import { isTerminal, isTerminalOrHonour } from '../tiles.ts';

/** Every set and the pair hold a terminal or honour, and at least one run (else it is toitoi/honroutou). */
export function allSetsOutside(c: HandContext, terminalsOnly: boolean): boolean {
  if (c.form !== FORM_STANDARD || c.runs === 0) return false;
  const ok = terminalsOnly ? isTerminal : isTerminalOrHonour;
  if (!ok(c.pair)) return false;
  for (let i = 0; i < c.n; i++) {
    const t = c.setTile[i] as number;
    if (c.setKind[i] === RUN) {
      if (t % 9 !== 0 && t % 9 !== 6) return false;
    } else if (!ok(t)) return false;
  }
  return true;
}
