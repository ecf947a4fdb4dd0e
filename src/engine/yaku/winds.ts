import { hasPung, type HandContext } from '../context.ts';
import { EAST, NORTH, isWind } from '../tiles.ts';

export function windPungs(c: HandContext): number {
  let n = 0;
  for (let k = EAST; k <= NORTH; k++) if (hasPung(c, k)) n++;
  return n;
}
export function pairIsWind(c: HandContext): boolean {
  return c.pair >= 0 && isWind(c.pair);
}
