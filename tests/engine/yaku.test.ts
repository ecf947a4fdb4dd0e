// A hand-checked case for every yaku and yakuman of RULES.md (non-dealer South, East round, unless noted).
// Each expectation was counted by hand: fan per yaku from the A-1 yaku list, fu per 4.1.1, payment.
import { describe, expect, it } from 'vitest';
import { ok, score } from './helpers.ts';
import type { HandInput } from '../../src/engine/index.ts';

interface Case {
  name: string;
  hand: string;
  extra?: Partial<HandInput>;
  rules?: string;
  yaku: [string, number][];
  fu?: number;
  limit?: string | null;
  payment: Record<string, number>;
}

const KANCHAN = '123m 456p 789s 24s 99m +3s'; // closed, no yaku by shape; 30 + 2 = 32 -> 40 fu on a discard

const CASES: Case[] = [
  { name: 'riichi', hand: KANCHAN, extra: { riichi: true }, yaku: [['riichi', 1]], fu: 40, payment: { from_discarder: 1300 } },
  { name: 'double riichi (riichi included)', hand: KANCHAN, extra: { double_riichi: true }, yaku: [['double_riichi', 2]], fu: 40, payment: { from_discarder: 2600 } },
  { name: 'ippatsu', hand: KANCHAN, extra: { riichi: true, ippatsu: true }, yaku: [['riichi', 1], ['ippatsu', 1]], fu: 40, payment: { from_discarder: 2600 } },
  { name: 'menzen tsumo (20 + 2 closed wait + 2 tsumo = 30 fu)', hand: KANCHAN, extra: { tsumo: true }, yaku: [['menzen_tsumo', 1]], fu: 30, payment: { from_dealer: 500, from_each_non_dealer: 300 } },
  { name: 'pinfu on a discard (30 fu)', hand: '123m 456p 789s 23s 99m +4s', yaku: [['pinfu', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'pinfu tsumo (20 fu, no tsumo fu)', hand: '123m 456p 789s 23s 99m +4s', extra: { tsumo: true }, yaku: [['menzen_tsumo', 1], ['pinfu', 1]], fu: 20, payment: { from_dealer: 700, from_each_non_dealer: 400 } },
  { name: 'iipeikou', hand: '112233m 456p 79s 99m +8s', yaku: [['iipeikou', 1]], fu: 40, payment: { from_discarder: 1300 } },
  { name: 'tanyao closed', hand: '234m 456p 678s 35s 22p +4s', yaku: [['tanyao', 1]], fu: 40, payment: { from_discarder: 1300 } },
  { name: 'tanyao open (ema) with open pinfu', hand: '[234m] 456p 678s 345s 2p +2p', yaku: [['tanyao', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'yakuhai White', hand: '[555z] 123m 456p 789s 1p +1p', yaku: [['yakuhai_white', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'yakuhai Green', hand: '[666z] 123m 456p 789s 1p +1p', yaku: [['yakuhai_green', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'yakuhai Red', hand: '[777z] 123m 456p 789s 1p +1p', yaku: [['yakuhai_red', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'yakuhai seat wind (South)', hand: '[222z] 123m 456p 789s 1p +1p', yaku: [['yakuhai_seat_wind', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'yakuhai round wind (East)', hand: '[111z] 123m 456p 789s 1p +1p', yaku: [['yakuhai_round_wind', 1]], fu: 30, payment: { from_discarder: 1000 } },
  {
    name: 'double wind counts twice (East dealer, East round)', hand: '[111z] 123m 456p 789s 1p +1p', extra: { seat_wind: 'E' },
    yaku: [['yakuhai_seat_wind', 1], ['yakuhai_round_wind', 1]], fu: 30, payment: { from_discarder: 2900 },
  },
  { name: 'chankan', hand: KANCHAN, extra: { chankan: true }, yaku: [['chankan', 1]], fu: 40, payment: { from_discarder: 1300 } },
  {
    name: 'rinshan kaihou (20 + 32 closed kong of terminals + 2 + 2 = 56 -> 60 fu)', hand: '(9999m) 456p 789s 24s 11p +3s', extra: { tsumo: true, rinshan: true },
    yaku: [['menzen_tsumo', 1], ['rinshan', 1]], fu: 60, payment: { from_dealer: 2000, from_each_non_dealer: 1000 },
  },
  { name: 'haitei', hand: KANCHAN, extra: { tsumo: true, haitei: true }, yaku: [['menzen_tsumo', 1], ['haitei', 1]], fu: 30, payment: { from_dealer: 1000, from_each_non_dealer: 500 } },
  { name: 'houtei', hand: KANCHAN, extra: { houtei: true }, yaku: [['houtei', 1]], fu: 40, payment: { from_discarder: 1300 } },
  { name: 'chiitoitsu (25 fu)', hand: '1122m 3344p 5566s 7z +7z', yaku: [['chiitoitsu', 2]], fu: 25, payment: { from_discarder: 1600 } },
  { name: 'ittsu closed with pinfu', hand: '123456789m 45p 99s +6p', yaku: [['pinfu', 1], ['ittsu', 2]], fu: 30, payment: { from_discarder: 3900 } },
  { name: 'ittsu open (1 fan) with open pinfu', hand: '[123m] 456789m 45p 99s +6p', yaku: [['ittsu', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'sanshoku doujun', hand: '123m 123p 123s 456s 9p +9p', yaku: [['sanshoku', 2]], fu: 40, payment: { from_discarder: 2600 } },
  { name: 'sanshoku doujun open', hand: '[123m] 123p 123s 456s 9p +9p', yaku: [['sanshoku', 1]], fu: 30, payment: { from_discarder: 1000 } },
  { name: 'chanta (30 + 8 + 2 edge = 40 fu)', hand: '123m 789p 444z 12s 99m +3s', yaku: [['chanta', 2]], fu: 40, payment: { from_discarder: 2600 } },
  { name: 'junchan', hand: '123m 789p 999s 12s 11p +3s', yaku: [['junchan', 3]], fu: 40, payment: { from_discarder: 5200 } },
  { name: 'junchan open (20 + 8 + 2 = 30 fu)', hand: '[123m] 789p 999s 12s 11p +3s', yaku: [['junchan', 2]], fu: 30, payment: { from_discarder: 2000 } },
  { name: 'toitoi', hand: '[222m] [555p] 888s 333s 4z +4z', yaku: [['toitoi', 2]], fu: 40, payment: { from_discarder: 2600 } },
  { name: 'sanshoku doukou', hand: '[222m] 222p 222s 345s 9m +9m', yaku: [['sanshoku_doukou', 2]], fu: 40, payment: { from_discarder: 2600 } },
  { name: 'sanankou (30 + 8 + 4 + 8 + 2 = 52 -> 60 fu)', hand: '111m 555p 999s 234s 8p +8p', yaku: [['sanankou', 2]], fu: 60, payment: { from_discarder: 3900 } },
  {
    name: 'sankantsu (20 + 16 + 8 + 32 + 2 = 78 -> 80 fu)', hand: '[1111m] [5555p] (9999s) 234s 8p +8p',
    yaku: [['sankantsu', 2]], fu: 80, payment: { from_discarder: 5200 },
  },
  { name: 'honroutou with toitoi (4 fan 50 fu = mangan)', hand: '[111m] [999p] 111s 999s 4z +4z', yaku: [['toitoi', 2], ['honroutou', 2]], fu: 50, limit: 'mangan', payment: { from_discarder: 8000 } },
  { name: 'honroutou with chiitoitsu', hand: '1199m 1199p 11s 114z +4z', yaku: [['chiitoitsu', 2], ['honroutou', 2]], fu: 25, payment: { from_discarder: 6400 } },
  {
    name: 'shousangen (with its two yakuhai) = mangan', hand: '[555z] [666z] 123m 456p 7z +7z',
    yaku: [['yakuhai_white', 1], ['yakuhai_green', 1], ['shousangen', 2]], fu: 40, limit: 'mangan', payment: { from_discarder: 8000 },
  },
  { name: 'ryanpeikou beats chiitoitsu', hand: '112233m 445566p 7s +7s', yaku: [['ryanpeikou', 3]], fu: 40, payment: { from_discarder: 5200 } },
  { name: 'honitsu closed', hand: '123m 345m 789m 444z 1m +1m', yaku: [['honitsu', 3]], fu: 40, payment: { from_discarder: 5200 } },
  { name: 'honitsu open', hand: '[123m] 345m 789m 444z 1m +1m', yaku: [['honitsu', 2]], fu: 30, payment: { from_discarder: 2000 } },
  { name: 'chinitsu with pinfu (1m completes 23m on a two-sided wait) = haneman', hand: '123m 345m 789m 678m 1m +1m', yaku: [['pinfu', 1], ['chinitsu', 6]], limit: 'haneman', payment: { from_discarder: 12000 } },
  { name: 'chinitsu with a pung (no pinfu) = haneman', hand: '111m 345m 678m 789m 9m +9m', yaku: [['chinitsu', 6]], limit: 'haneman', payment: { from_discarder: 12000 } },
  { name: 'chinitsu open = mangan', hand: '[123m] 345m 789m 678m 1m +1m', yaku: [['chinitsu', 5]], limit: 'mangan', payment: { from_discarder: 8000 } },
];

const YAKUMAN: Case[] = [
  { name: 'tenhou (dealer)', hand: KANCHAN, extra: { seat_wind: 'E', tsumo: true, tenhou: true }, yaku: [['tenhou', 13]], limit: 'yakuman', payment: { from_each_non_dealer: 16000 } },
  { name: 'chiihou', hand: KANCHAN, extra: { tsumo: true, chiihou: true }, yaku: [['chiihou', 13]], limit: 'yakuman', payment: { from_dealer: 16000, from_each_non_dealer: 8000 } },
  { name: 'kokushi musou', hand: '19m19p19s1234567z +1m', yaku: [['kokushi', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'chuuren poutou', hand: '1112345678999m +5m', yaku: [['chuuren', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'suuankou (single wait on a discard)', hand: '111m 555p 999s 222z 8p +8p', yaku: [['suuankou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'suuankou by self-draw on a double pair wait', hand: '111m 555p 999s 88p 22z +2z', extra: { tsumo: true }, yaku: [['suuankou', 13]], limit: 'yakuman', payment: { from_dealer: 16000, from_each_non_dealer: 8000 } },
  { name: 'suukantsu', hand: '[1111m] [5555p] (9999s) {2222z} 8p +8p', yaku: [['suukantsu', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'ryuuiisou (with Green dragon)', hand: '234s 234s 666s 888s 6z +6z', yaku: [['ryuuiisou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'ryuuiisou (without Green dragon), open', hand: '[234s] 234s 666s 888s 4s +4s', yaku: [['ryuuiisou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'chinroutou', hand: '[111m] [999p] 111s 999s 9m +9m', yaku: [['chinroutou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'tsuuiisou', hand: '[111z] 222z 333z 555z 7z +7z', yaku: [['tsuuiisou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'tsuuiisou as seven pairs', hand: '1122334455667z +7z', yaku: [['tsuuiisou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'daisangen', hand: '[555z] [666z] 777z 123m 9p +9p', yaku: [['daisangen', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'shousuushii', hand: '[111z] [222z] 333z 123m 4z +4z', yaku: [['shousuushii', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'daisuushii (single yakuman under ema)', hand: '[111z] [222z] 333z 444z 9m +9m', yaku: [['daisuushii', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'daisuushii double under ema2012', hand: '[111z] [222z] 333z 444z 9m +9m', rules: 'ema2012', yaku: [['daisuushii', 26]], limit: 'double_yakuman', payment: { from_discarder: 64000 } },
  { name: 'renhou = yakuman under ema2012', hand: KANCHAN, extra: { renhou: true }, rules: 'ema2012', yaku: [['renhou', 13]], limit: 'yakuman', payment: { from_discarder: 32000 } },
  { name: 'renhou = mangan under ema', hand: KANCHAN, extra: { renhou: true }, yaku: [['renhou', 5]], limit: 'mangan', payment: { from_discarder: 8000 } },
  {
    name: 'renhou is not cumulative: a haneman hand scores its own value', hand: '123m 345m 789m 678m 1m +1m', extra: { renhou: true },
    yaku: [['pinfu', 1], ['chinitsu', 6]], limit: 'haneman', payment: { from_discarder: 12000 },
  },
];

function check(c: Case) {
  const r = ok(score(c.hand, c.extra, c.rules));
  expect(r.yaku.map((y) => [y.id, y.han])).toEqual(c.yaku);
  expect(r.han).toBe(c.yaku.reduce((a, [, h]) => a + h, 0));
  if (c.fu !== undefined) expect(r.fu).toBe(c.fu);
  if (c.limit !== undefined) expect(r.limit).toBe(c.limit);
  expect(r.payment).toEqual(c.payment);
  expect(r.rules).toBe(c.rules ?? 'ema');
}

describe('every yaku, hand-checked', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_n, c) => check(c));
});
describe('every yakuman, hand-checked', () => {
  it.each(YAKUMAN.map((c) => [c.name, c] as const))('%s', (_n, c) => check(c));
});

describe('yakuman rules', () => {
  it('yakuman are not cumulative: daisangen + tsuuiisou is one yakuman', () => {
    const r = ok(score('[555z] [666z] 777z 111z 2z +2z'));
    expect(r.yaku).toHaveLength(1);
    expect(r.han).toBe(13);
    expect(r.payment).toEqual({ from_discarder: 32000 });
  });
  it('suuankou needs the pair wait on a discard: ron on a double pair wait is sanankou + toitoi', () => {
    const r = ok(score('111m 555p 999s 88p 22z +2z'));
    expect(r.yaku.map((y) => y.id)).toEqual(['yakuhai_seat_wind', 'toitoi', 'sanankou']);
    expect(r.limit).toBe('mangan');
  });
  it('dora are not added to a yakuman', () => {
    const r = ok(score('[555z] [666z] 777z 123m 9p +9p', { dora_indicators: '8p' }));
    expect(r.yaku).toEqual([{ id: 'daisangen', han: 13 }]);
  });
});
