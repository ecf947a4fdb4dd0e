import { GREEN, RED, WHITE, KIND_CODES } from '../tiles.ts';
import { hasPung, NEED_HONOUR_PUNG } from '../context.ts';
import type { YakuDef } from './def.ts';
/** Yakuhai 1/1 for each pung/kong of a dragon, of the seat wind, of the round wind (a double wind counts twice). */
export const yakuhaiWhite: YakuDef = { id: 'yakuhai_white', needs: NEED_HONOUR_PUNG, closed: 1, open: 1, yakuman: false, check: (c) => hasPung(c, WHITE) };
export const yakuhaiGreen: YakuDef = { id: 'yakuhai_green', needs: NEED_HONOUR_PUNG, closed: 1, open: 1, yakuman: false, check: (c) => hasPung(c, GREEN) };
export const yakuhaiRed: YakuDef = { id: 'yakuhai_red', needs: NEED_HONOUR_PUNG, closed: 1, open: 1, yakuman: false, check: (c) => hasPung(c, RED) };
export const yakuhaiSeatWind: YakuDef = {
  id: 'yakuhai_seat_wind', needs: NEED_HONOUR_PUNG, closed: 1, open: 1, yakuman: false,
  check: (c) => hasPung(c, c.seatWind),
  params: (c) => ({ tile: KIND_CODES[c.seatWind] as string }),
  paramsKey: (c) => c.seatWind,
};
export const yakuhaiRoundWind: YakuDef = {
  id: 'yakuhai_round_wind', needs: NEED_HONOUR_PUNG, closed: 1, open: 1, yakuman: false,
  check: (c) => hasPung(c, c.roundWind),
  params: (c) => ({ tile: KIND_CODES[c.roundWind] as string }),
  paramsKey: (c) => c.roundWind,
};
