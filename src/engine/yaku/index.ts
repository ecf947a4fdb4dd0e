/** Every yaku and yakuman of RULES.md, in the order results list them. */
import type { YakuDef } from './def.ts';
import { riichi } from './riichi.ts';
import { doubleRiichi } from './double-riichi.ts';
import { ippatsu } from './ippatsu.ts';
import { menzenTsumo } from './menzen-tsumo.ts';
import { pinfu } from './pinfu.ts';
import { iipeikou } from './iipeikou.ts';
import { tanyao } from './tanyao.ts';
import { yakuhaiWhite, yakuhaiGreen, yakuhaiRed, yakuhaiSeatWind, yakuhaiRoundWind } from './yakuhai.ts';
import { chankan } from './chankan.ts';
import { rinshan } from './rinshan.ts';
import { haitei } from './haitei.ts';
import { houtei } from './houtei.ts';
import { chiitoitsu } from './chiitoitsu.ts';
import { ittsu } from './ittsu.ts';
import { sanshoku } from './sanshoku.ts';
import { chanta } from './chanta.ts';
import { toitoi } from './toitoi.ts';
import { sanshokuDoukou } from './sanshoku-doukou.ts';
import { sanankou } from './sanankou.ts';
import { sankantsu } from './sankantsu.ts';
import { honroutou } from './honroutou.ts';
import { shousangen } from './shousangen.ts';
import { ryanpeikou } from './ryanpeikou.ts';
import { honitsu } from './honitsu.ts';
import { junchan } from './junchan.ts';
import { chinitsu } from './chinitsu.ts';
import { tenhou } from './tenhou.ts';
import { chiihou } from './chiihou.ts';
import { renhouYakuman } from './renhou.ts';
import { kokushi } from './kokushi.ts';
import { chuuren } from './chuuren.ts';
import { suuankou } from './suuankou.ts';
import { suukantsu } from './suukantsu.ts';
import { ryuuiisou } from './ryuuiisou.ts';
import { chinroutou } from './chinroutou.ts';
import { tsuuiisou } from './tsuuiisou.ts';
import { daisangen } from './daisangen.ts';
import { shousuushii } from './shousuushii.ts';
import { daisuushii } from './daisuushii.ts';

export type { YakuDef } from './def.ts';

export const YAKU: readonly YakuDef[] = [
  riichi, doubleRiichi, ippatsu, menzenTsumo, pinfu, iipeikou, tanyao,
  yakuhaiWhite, yakuhaiGreen, yakuhaiRed, yakuhaiSeatWind, yakuhaiRoundWind,
  chankan, rinshan, haitei, houtei, chiitoitsu, ittsu, sanshoku, chanta, toitoi, sanshokuDoukou,
  sanankou, sankantsu, honroutou, shousangen, ryanpeikou, honitsu, junchan, chinitsu,
];

export const YAKUMAN: readonly YakuDef[] = [
  tenhou, chiihou, renhouYakuman, kokushi, chuuren, suuankou, suukantsu, ryuuiisou, chinroutou, tsuuiisou,
  daisangen, shousuushii, daisuushii,
];

/** Renhou when scored as a non-cumulative mangan (default rules). */
export const RENHOU_ID = 'renhou';

/** Yaku worth one fan less in an open hand (kuisagari: sanshoku, ittsu, chanta, junchan, honitsu, chinitsu), by id. */
const CLOSED_FAN: ReadonlyMap<string, number> = new Map(YAKU.filter((y) => y.open > 0 && y.open < y.closed).map((y) => [y.id, y.closed]));

/**
 * What a yaku counted with `han` fan would count in a closed hand, when it counted less because the hand is open
 * (ittsu 1 fan open, 2 closed); null for every other yaku and for the closed value itself.
 */
export function closedFanOf(id: string, han: number): number | null {
  const closed = CLOSED_FAN.get(id);
  return closed !== undefined && han < closed ? closed : null;
}
