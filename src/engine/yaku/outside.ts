import { FORM_STANDARD, type HandContext } from '../context.ts';
import { isTerminal, isTerminalOrHonour } from '../tiles.ts';

/** Runs holding a terminal (123 and 789 of each suit) as bits of `runStarts`. */
const OUTSIDE_RUNS = (1 << 0) | (1 << 6) | (1 << 9) | (1 << 15) | (1 << 18) | (1 << 24);
/** Simples (2..8 of each suit) as bits of `suitedPungs`. */
const SIMPLES = 0b011111110 * (1 + (1 << 9) + (1 << 18));

/** Every set and the pair hold a terminal or honour, and at least one run (else it is toitoi/honroutou). */
export function allSetsOutside(c: HandContext, terminalsOnly: boolean): boolean {
  if (c.form !== FORM_STANDARD || c.runs === 0) return false;
  if (!(terminalsOnly ? isTerminal(c.pair) : isTerminalOrHonour(c.pair))) return false;
  if ((c.runStarts & ~OUTSIDE_RUNS) !== 0 || (c.suitedPungs & SIMPLES) !== 0) return false;
  return !terminalsOnly || c.honourPungs === 0;
}
