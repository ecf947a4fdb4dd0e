// Rule options and presets (RULES.md "Where the texts disagree"), each option alone; dora, kan dora, ura dora, red fives.
import { describe, expect, it } from 'vitest';
import {
  PRESETS, PRESET_INFO, PRESET_NAMES, OPTION_KEYS, RULE_OPTIONS, doraFromIndicator, explainFanLines, isOptionKey, isPresetName, resolveRules, tileKind, validOption, KIND_CODES,
} from '../../src/engine/index.ts';
import { parseHand } from '../../src/engine/notation.ts';
import { ok, score } from './helpers.ts';

describe('presets', () => {
  it('ema (RCR 2016), ema2012 and wrc2015 as the RULES.md table lists them', () => {
    expect(PRESETS.ema).toMatchObject({
      redFivesAreDora: false, openTanyao: true, kazoeYakuman: false, renhou: 'mangan', daisuushiiDouble: false, multipleRon: 'each-winner',
      riichiBetsAtEnd: 'first-place', minTwoFanWithFiveCounters: false, nagashiMangan: false, chombo: 'deduction', kiriageMangan: false,
      uma: [15, 5, -5, -15], startingPoints: 30000, returnPoints: 30000,
    });
    expect(PRESETS.ema2012).toMatchObject({
      redFivesAreDora: true, openTanyao: false, kazoeYakuman: true, renhou: 'yakuman', daisuushiiDouble: true, multipleRon: 'each-winner',
      riichiBetsAtEnd: 'stay', minTwoFanWithFiveCounters: true, nagashiMangan: true, chombo: 'reverse-mangan', kiriageMangan: false,
      uma: [15, 5, -5, -15], startingPoints: 30000, returnPoints: 30000,
    });
    expect(PRESETS.wrc2015).toMatchObject({
      redFivesAreDora: false, openTanyao: true, kazoeYakuman: false, renhou: 'mangan', daisuushiiDouble: false, multipleRon: 'head-bump',
      // RULES.md's table: 7,700 / 11,600 under wrc2015 too (docs/rules.md says why a source disagrees; option kiriageMangan)
      riichiBetsAtEnd: 'stay', minTwoFanWithFiveCounters: false, nagashiMangan: false, chombo: 'deduction', kiriageMangan: false,
      uma: [15, 5, -5, -15], startingPoints: 30000, returnPoints: 30000,
    });
  });
  it('a worked 4 fan 30 fu ron (riichi, pinfu, 2 dora): 7,700 under ema and wrc2015 (RULES.md), a mangan (8,000) under mleague', () => {
    const hand = '234m 456p 678s 22s 34m +5m';
    const extra = { riichi: true, dora_indicators: '1m' };
    expect(ok(score(hand, extra, 'ema'))).toMatchObject({ han: 4, fu: 30, total_gain: 7700 });
    expect(ok(score(hand, extra, 'wrc2015'))).toMatchObject({ han: 4, fu: 30, total_gain: 7700 });
    expect(ok(score(hand, extra, 'mleague'))).toMatchObject({ han: 4, fu: 30, limit: 'mangan', total_gain: 8000 });
  });
  it('mahjongsoul, tenhou, mleague (sources in docs/rules.md)', () => {
    expect(PRESETS.mahjongsoul).toMatchObject({ redFivesAreDora: true, doubleYakumanWaits: true, daisuushiiDouble: true, yakumanStacking: true, kiriageMangan: false, multipleRon: 'each-winner', bust: true, startingPoints: 25000, returnPoints: 25000, targetPoints: 30000, westRound: true });
    expect(PRESETS.tenhou).toMatchObject({ redFivesAreDora: true, doubleYakumanWaits: false, yakumanStacking: true, multipleRon: 'double-ron', doubleWindPairFu: 4, uma: [20, 10, -10, -20], agariYame: true, bust: true, tiedPlaces: 'seat-order' });
    expect(PRESETS.mleague).toMatchObject({ redFivesAreDora: true, kiriageMangan: true, kazoeYakuman: false, multipleRon: 'head-bump', uma: [30, 10, -10, -30], bust: false, agariYame: false, abortiveDraws: false });
  });
  it('the default is ema; names say which rules were used, in ids and in player words', () => {
    expect(resolveRules().name).toBe('ema');
    expect(resolveRules().label).toBe('EMA 2016');
    expect(resolveRules('ema2012').name).toBe('ema2012');
    expect(PRESET_NAMES.map((n) => resolveRules(n).label)).toEqual(['EMA 2016', 'EMA 2012', 'WRC 2015', 'Mahjong Soul', 'Tenhou', 'M-League']);
    expect(resolveRules({ openTanyao: false }).name).toBe('ema (openTanyao=false)');
    expect(resolveRules({ openTanyao: false }).label).toBe('EMA 2016 (open tanyao: off)');
    expect(resolveRules({ preset: 'ema2012', kazoeYakuman: false }).name).toBe('ema2012 (kazoeYakuman=false)');
    expect(resolveRules({ preset: 'ema2012', kazoeYakuman: true }).name).toBe('ema2012');
    expect(resolveRules({ preset: 'tenhou', uma: [15, 5, -5, -15] }).label).toBe('Tenhou (uma: 15/5/-5/-15)');
  });
  it('unknown names and values are refused, inherited properties included', () => {
    expect(() => resolveRules('wrc')).toThrow(/Unknown rules/);
    expect(() => resolveRules({ renhou: 'double' as never })).toThrow(/renhou/);
    expect(() => resolveRules({ doubleWindPairFu: 3 as never })).toThrow(/doubleWindPairFu/);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => resolveRules(name), name).toThrow(/Unknown rules/);
      expect(() => resolveRules({ preset: name as never }), name).toThrow(/Unknown rules/);
      expect(isPresetName(name)).toBe(false);
      expect(isOptionKey(name)).toBe(false);
    }
    // an inherited key in an options object is not an option
    expect(resolveRules(Object.create({ openTanyao: false }) as object).openTanyao).toBe(true);
  });
  it('every option of every preset is valid for that option, and every preset has every option', () => {
    for (const p of PRESET_NAMES) {
      expect(Object.keys(PRESETS[p]).sort()).toEqual([...OPTION_KEYS].sort());
      for (const k of OPTION_KEYS) expect(validOption(k, PRESETS[p][k]), `${p}.${k}`).toBe(true);
    }
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
  it('renhou is explained as what the rules make it: a mangan not added to other yaku, a yakuman, or not counted', () => {
    const input = { ...parseHand('123m 456p 789s 24s 99m +3s'), seat_wind: 'S' as const, round_wind: 'E' as const, renhou: true };
    const lines = (rules: string, lang = 'en') => explainFanLines(input, score('123m 456p 789s 24s 99m +3s', { renhou: true }, rules), rules, lang);
    expect(lines('ema').find((l) => l.includes('Renhou'))).toContain('(a mangan, not added to other yaku)');
    const ema2012 = lines('ema2012').find((l) => l.includes('Renhou'));
    expect(ema2012).toContain('won on a discard before the first draw, no call made');
    expect(ema2012).toContain('yakuman');
    expect(ema2012).not.toContain('mangan,');
    expect(lines('ema2012', 'fr').find((l) => l.includes('Renhou'))).not.toContain('non cumulable');
    // no renhou in Tenhou's rules: no yaku left, and the not-counted lines say why
    expect(lines('tenhou').join('\n')).toContain('Renhou not counted: these rules have no renhou (the hand counts only its other yaku)');
    expect(lines('tenhou', 'fr').join('\n')).toContain('ces règles n’ont pas de renhou');
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
  it('redFivesAreDora: a red five scored plain under ema, and the result says so', () => {
    const hand = '123m 406p 789s 23s 99m +4s';
    const plain = ok(score(hand));
    expect(plain.yaku).toEqual([{ id: 'pinfu', han: 1 }]);
    expect(plain.red_fives_plain).toBe(1);
    expect(plain.payment).toEqual({ from_discarder: 1000 });
    const red = ok(score(hand, {}, { redFivesAreDora: true }));
    expect(red.yaku).toEqual([{ id: 'pinfu', han: 1 }, { id: 'aka_dora', han: 1 }]);
    expect(red.red_fives_plain).toBeUndefined();
    expect(ok(score(hand, {}, 'ema2012')).yaku).toEqual([{ id: 'pinfu', han: 1 }, { id: 'aka_dora', han: 1 }]);
  });
  it('kiriageMangan: 4 fan 30 fu = 8,000 (not 7,700); 3 fan 60 fu = 12,000 for East', () => {
    // riichi + pinfu + iipeikou + tanyao, closed ron 30 fu
    const hand = '234m 234m 456p 78s 55p +6s';
    expect(ok(score(hand, { riichi: true, seat_wind: 'S' })).payment).toEqual({ from_discarder: 7700 });
    const k = ok(score(hand, { riichi: true, seat_wind: 'S' }, { kiriageMangan: true }));
    expect([k.han, k.fu, k.limit, k.payment]).toEqual([4, 30, 'mangan', { from_discarder: 8000 }]);
    expect(ok(score(hand, { riichi: true, seat_wind: 'S' }, 'mleague')).payment).toEqual({ from_discarder: 8000 });
    // 3 fan 60 fu, dealer: riichi + white + 1 dora; 20 + 10 closed ron + 16 closed kong + 8 white pung + 2 single wait = 56 -> 60
    const sixty = ok(score('(2222m) 555z 234p 678s 9s +9s', { riichi: true, dora_indicators: '3p', seat_wind: 'E' }, { kiriageMangan: true }));
    expect([sixty.han, sixty.fu]).toEqual([3, 60]);
    expect(sixty.payment).toEqual({ from_discarder: 12000 });
    expect(ok(score('(2222m) 555z 234p 678s 9s +9s', { riichi: true, dora_indicators: '3p', seat_wind: 'E' })).payment).toEqual({ from_discarder: 11600 });
  });
  it('doubleYakumanWaits: kokushi on a 13-sided wait is a double yakuman where allowed (mahjongsoul), a yakuman under ema', () => {
    const thirteen = '19m19p19s1234567z +1m';
    expect(ok(score(thirteen, { seat_wind: 'S' })).limit).toBe('yakuman');
    const d = ok(score(thirteen, { seat_wind: 'S' }, 'mahjongsoul'));
    expect([d.limit, d.yaku, d.payment]).toEqual(['double_yakuman', [{ id: 'kokushi', han: 26 }], { from_discarder: 64000 }]);
    // a single wait (the pair was already there): a plain yakuman even where doubles exist
    expect(ok(score('119m19p19s123456z +7z', { seat_wind: 'S' }, 'mahjongsoul')).limit).toBe('yakuman');
    expect(ok(score(thirteen, { seat_wind: 'S' }, { doubleYakumanWaits: true })).limit).toBe('double_yakuman');
  });
  it('doubleYakumanWaits: suuankou tanki and junsei chuuren', () => {
    const tanki = '111m 333p 555s 777z 9m +9m';
    expect(ok(score(tanki, { tsumo: true, seat_wind: 'S' }, 'mahjongsoul')).limit).toBe('double_yakuman');
    expect(ok(score(tanki, { tsumo: true, seat_wind: 'S' }, 'tenhou')).limit).toBe('yakuman');
    // shanpon suuankou by self-draw: a single yakuman
    expect(ok(score('111m 333p 555s 77z 99m +7z', { tsumo: true, seat_wind: 'S' }, 'mahjongsoul')).limit).toBe('yakuman');
    expect(ok(score('1112345678999m +5m', { seat_wind: 'S' }, 'mahjongsoul')).limit).toBe('double_yakuman');
    expect(ok(score('1112345678999m +5m', { seat_wind: 'S' })).limit).toBe('yakuman');
    // not junsei: 1112345678999 was not the hand before the winning tile
    expect(ok(score('1112345678899m +9m', { seat_wind: 'S' }, 'mahjongsoul')).limit).toBe('yakuman');
  });
  it('yakumanStacking: tsuuiisou + daisangen add up under tenhou and mleague, not under ema', () => {
    const hand = '[555z] [666z] 777z 111z 2z +2z';
    expect(ok(score(hand, { seat_wind: 'S' })).yaku).toEqual([{ id: 'tsuuiisou', han: 13 }]);
    const t = ok(score(hand, { seat_wind: 'S' }, 'tenhou'));
    expect(t.yaku).toEqual([{ id: 'tsuuiisou', han: 13 }, { id: 'daisangen', han: 13 }]);
    expect([t.han, t.limit, t.payment]).toEqual([26, 'double_yakuman', { from_discarder: 64000 }]);
    expect(ok(score(hand, { seat_wind: 'S' }, 'mleague')).limit).toBe('double_yakuman');
  });
  it('doubleWindPairFu: a double-wind pair is 4 fu (ema) or 2 fu (mleague)', () => {
    // East seat in the East round, pair of East: closed ron 30 + 2 (kanchan) + 4 -> 36 -> 40, or + 2 -> 34 -> 40; with tsumo 20+2+2+4=28 vs 26
    const hand = '123m 456p 789s 46s 11z +5s';
    const four = ok(score(hand, { tsumo: true, riichi: true, seat_wind: 'E' }));
    const two = ok(score(hand, { tsumo: true, riichi: true, seat_wind: 'E' }, { doubleWindPairFu: 2 }));
    expect(four.explanation.fu_raw - two.explanation.fu_raw).toBe(2);
    expect([four.fu, two.fu]).toEqual([30, 30]);
    const mleague = ok(score(hand, { tsumo: true, riichi: true, seat_wind: 'E' }, 'mleague'));
    expect(mleague.explanation.fu.filter((f) => f.id.startsWith('pair_')).map((f) => f.id)).toEqual(['pair_seat_wind']);
  });
  it('renhou none (online presets): no yaku from renhou', () => {
    const hand = '123m 456p 789s 24s 99m +3s';
    const r = score(hand, { renhou: true, seat_wind: 'S' }, 'tenhou');
    expect(r.ok ? 'ok' : r.error.code).toBe('NO_YAKU');
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
  it('kan dora from other players\' kans: up to five indicators, whatever kans the winner has', () => {
    // no kan in the hand; two kans made by opponents turned two more indicators (1m -> 2m once, 4z -> 1z none,
    // 1s -> 2s the pair)
    const r = ok(score('234m567p678s22s34p +5p', { riichi: true, dora_indicators: '1m4z1s' }));
    expect(r.yaku).toContainEqual({ id: 'dora', han: 3 });
    // four kans at the table: five indicators, and the ura under them (1s -> 2s the pair, 8s -> 9s none)
    expect(ok(score('234m567p678s22s34p +5p', { riichi: true, dora_indicators: '1m4z1p9s9p', ura_indicators: '1s8s' })).yaku).toContainEqual({ id: 'ura_dora', han: 2 });
    const six = score('234m567p678s22s34p +5p', { riichi: true, dora_indicators: '1m4z1p9s9p8p' });
    expect(six.ok ? 'ok' : [six.error.code, six.error.message]).toEqual(['INVALID_INPUT', 'Invalid input: dora_indicators is "1m4z1p9s9p8p", expected at most 5 indicators (one, plus one for each kan made at the table by any player, four at most), not 6.']);
  });
  it('dora count only with a yaku', () => {
    const r = score('[123m] 456p 789s 24s 99m +3s', { dora_indicators: '8m' });
    expect(r.ok ? 'ok' : r.error.code).toBe('NO_YAKU');
  });
  it('red fives in melds count too (ema2012), and are reported plain under ema', () => {
    expect(ok(score('[406p] 123m 789s 555z 9m +9m')).red_fives_plain).toBe(1);
    const r = ok(score('[406p] 123m 789s 555z 9m +9m', {}, 'ema2012'));
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

describe('every option can be set alone, from any preset', () => {
  // each value an option takes that differs from the preset's, set alone: only that option changes, and the rules
  // name it (id and player words)
  const values: Record<string, unknown[]> = {
    boolean: [true, false],
    uma: [[20, 10, -10, -20]],
  };
  for (const preset of PRESET_NAMES) {
    it(preset, () => {
      for (const key of OPTION_KEYS) {
        const spec = RULE_OPTIONS[key];
        const candidates = spec.kind === 'choice' ? spec.values : spec.kind === 'number' ? (spec.values ?? [12300]) : values[spec.kind]!;
        for (const v of candidates) {
          if (JSON.stringify(v) === JSON.stringify(PRESETS[preset][key])) continue;
          const r = resolveRules({ preset, [key]: v });
          expect(r[key], `${preset} ${key}=${String(v)}`).toEqual(v);
          for (const other of OPTION_KEYS) if (other !== key) expect(r[other]).toEqual(PRESETS[preset][other]);
          expect(r.name).toContain(`${key}=`);
          expect(r.label.startsWith(`${PRESET_INFO[preset].label} (`)).toBe(true);
        }
      }
    });
  }
});
