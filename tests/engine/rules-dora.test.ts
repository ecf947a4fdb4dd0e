// Rule options and presets (RULES.md "Where the texts disagree"), each option alone; dora, kan dora, ura dora, red fives.
import { describe, expect, it } from 'vitest';
import { PRESETS, doraFromIndicator, resolveRules, tileKind, KIND_CODES } from '../../src/engine/index.ts';
import { ok, score } from './helpers.ts';

describe('presets', () => {
  it('ema and ema2012 as RULES.md lists them', () => {
    expect(PRESETS.ema).toMatchObject({
      redFivesAreDora: true, openTanyao: true, kazoeYakuman: false, renhou: 'mangan', daisuushiiDouble: false, multipleRon: 'head-bump',
      riichiBetsAtEnd: 'stay', minTwoFanWithFiveCounters: false, nagashiMangan: false, uma: [15, 5, -5, -15], startingPoints: 30000,
    });
    expect(PRESETS.ema2012).toMatchObject({
      redFivesAreDora: true, openTanyao: false, kazoeYakuman: true, renhou: 'yakuman', daisuushiiDouble: true, multipleRon: 'each-winner',
      riichiBetsAtEnd: 'stay', minTwoFanWithFiveCounters: true, nagashiMangan: true, uma: [15, 5, -5, -15], startingPoints: 30000,
    });
  });
  it('the default is ema; names say which rules were used', () => {
    expect(resolveRules().name).toBe('ema');
    expect(resolveRules('ema2012').name).toBe('ema2012');
    expect(resolveRules({ openTanyao: false }).name).toBe('ema (openTanyao=false)');
    expect(resolveRules({ preset: 'ema2012', kazoeYakuman: false }).name).toBe('ema2012 (kazoeYakuman=false)');
    expect(resolveRules({ preset: 'ema2012', kazoeYakuman: true }).name).toBe('ema2012');
  });
  it('unknown names and values are refused', () => {
    expect(() => resolveRules('wrc')).toThrow(/Unknown rules/);
    expect(() => resolveRules({ renhou: 'double' as never })).toThrow(/renhou/);
  });
});

describe('each differing option, alone', () => {
  const openTanyao = '[234m] 456p 678s 345s 2p +2p';
  it('openTanyao', () => {
    expect(ok(score(openTanyao)).yaku).toEqual([{ id: 'tanyao', han: 1 }]);
    const r = score(openTanyao, {}, { openTanyao: false });
    expect(r.ok ? 'ok' : r.error.code).toBe('NO_YAKU');
    expect(score(openTanyao, {}, 'ema2012').ok).toBe(false);
    expect(ok(score('234m 456p 678s 35s 22p +4s', {}, { openTanyao: false })).yaku).toEqual([{ id: 'tanyao', han: 1 }]);
  });
  // riichi 1 + tsumo 1 + pinfu 1 (9m finishes 78m) + iipeikou 1 + ittsu 2 + chinitsu 6 + 3 dora (indicator 8m, three 9m) = 15 fan
  const thirteen = '123m 123m 456m 789m 9m +9m';
  const extra = { riichi: true, tsumo: true, dora_indicators: '8m' };
  it('kazoeYakuman: 13 fan is sanbaiman (ema) or yakuman', () => {
    const a = ok(score(thirteen, extra));
    expect(a.han).toBe(15);
    expect(a.limit).toBe('sanbaiman');
    expect(a.payment).toEqual({ from_dealer: 12000, from_each_non_dealer: 6000 });
    const b = ok(score(thirteen, extra, { kazoeYakuman: true }));
    expect(b.limit).toBe('yakuman');
    expect(b.payment).toEqual({ from_dealer: 16000, from_each_non_dealer: 8000 });
    expect(b.rules).toBe('ema (kazoeYakuman=true)');
  });
  it('renhou: mangan or yakuman', () => {
    const hand = '123m 456p 789s 24s 99m +3s';
    expect(ok(score(hand, { renhou: true })).limit).toBe('mangan');
    expect(ok(score(hand, { renhou: true }, { renhou: 'yakuman' })).limit).toBe('yakuman');
  });
  it('daisuushiiDouble', () => {
    const hand = '[111z] [222z] 333z 444z 9m +9m';
    expect(ok(score(hand)).limit).toBe('yakuman');
    expect(ok(score(hand, {}, { daisuushiiDouble: true })).limit).toBe('double_yakuman');
  });
  it('minTwoFanWithFiveCounters', () => {
    const hand = '123m 456p 789s 23s 99m +4s';
    expect(ok(score(hand, { honba: 5 })).han).toBe(1);
    expect(score(hand, { honba: 5 }, { minTwoFanWithFiveCounters: true }).ok).toBe(false);
    expect(score(hand, { honba: 4 }, { minTwoFanWithFiveCounters: true }).ok).toBe(true);
  });
  it('redFivesAreDora', () => {
    const hand = '123m 406p 789s 23s 99m +4s';
    expect(ok(score(hand)).yaku).toEqual([{ id: 'pinfu', han: 1 }, { id: 'aka_dora', han: 1 }]);
    expect(ok(score(hand, {}, { redFivesAreDora: false })).yaku).toEqual([{ id: 'pinfu', han: 1 }]);
  });
});

describe('dora', () => {
  it('indicator -> next tile: 9 -> 1 in a suit, N -> E, Red -> White', () => {
    const next = (c: string) => KIND_CODES[doraFromIndicator(tileKind(c))];
    expect(['1m', '9m', '9p', '9s', '1z', '3z', '4z', '5z', '6z', '7z'].map(next)).toEqual(['2m', '1m', '1p', '1s', '2z', '4z', '1z', '6z', '7z', '5z']);
  });
  it('dora, kan dora (several indicators), ura dora with riichi only', () => {
    const hand = '(1111s) 123m 456p 99m 23s +4s';
    // indicators 8m -> 9m (x2 in hand) and 9s -> 1s (x4 in the kong)
    const a = ok(score(hand, { riichi: true, dora_indicators: '8m9s', ura_indicators: '3p' }));
    expect(a.yaku).toEqual([{ id: 'riichi', han: 1 }, { id: 'dora', han: 6 }, { id: 'ura_dora', han: 1 }]);
    const b = ok(score(hand, { tsumo: true, dora_indicators: '8m9s', ura_indicators: '3p' }));
    expect(b.yaku).toEqual([{ id: 'menzen_tsumo', han: 1 }, { id: 'dora', han: 6 }]);
  });
  it('dora count only with a yaku', () => {
    const r = score('[123m] 456p 789s 24s 99m +3s', { dora_indicators: '8m' });
    expect(r.ok ? 'ok' : r.error.code).toBe('NO_YAKU');
  });
  it('red fives in melds count too', () => {
    const r = ok(score('[406p] 123m 789s 555z 9m +9m'));
    expect(r.yaku).toEqual([{ id: 'yakuhai_white', han: 1 }, { id: 'aka_dora', han: 1 }]);
  });
});

describe('payments of a scored hand', () => {
  it('counters and riichi bets reach total_gain', () => {
    const r = ok(score('123m 456p 789s 23s 99m +4s', { riichi: true, honba: 2, riichi_sticks: 3 }));
    expect(r.payment).toEqual({ from_discarder: 2000 + 600 });
    expect(r.total_gain).toBe(2600 + 3000);
    const t = ok(score('123m 456p 789s 23s 99m +4s', { riichi: true, tsumo: true, honba: 1, riichi_sticks: 1 }));
    expect(t.payment).toEqual({ from_dealer: 1300 + 100, from_each_non_dealer: 700 + 100 }); // 3 fan 20 fu
    expect(t.total_gain).toBe(1400 + 1600 + 1000);
  });
  it('dealer tsumo has only from_each_non_dealer', () => {
    const r = ok(score('123m 456p 789s 23s 99m +4s', { seat_wind: 'E', tsumo: true }));
    expect(r.payment).toEqual({ from_each_non_dealer: 700 }); // 2 fan 20 fu dealer tsumo
    expect(r.total_gain).toBe(2100);
  });
});
