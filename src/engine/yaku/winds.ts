import type { HandContext } from '../context.ts';
import { isWind } from '../tiles.ts';

const BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
/** Number of wind pungs/kongs (bits 0-3 of the honour pung mask). */
export function windPungs(c: HandContext): number {
  return BITS[c.honourPungs & 15] as number;
}
export function pairIsWind(c: HandContext): boolean {
  return c.pair >= 0 && isWind(c.pair);
}
