// The worked minipoint examples of 4.1.1 (000_d4cdcab3c72af8f1.txt; the tile pictures are lost in the text,
// the shapes below are the ones the text describes) and the fu rules listed in RULES.md.
import { describe, expect, it } from 'vitest';
import { ok, score } from './helpers.ts';

const fuIds = (hand: string, extra = {}) => ok(score(hand, extra)).explanation.fu.map((f) => `${f.id}:${f.fu}`);

describe('4.1.1 base minipoints', () => {
  it('concealed on a discard: 30', () => {
    expect(fuIds('123m 456p 789s 23s 99m +4s', { riichi: true })).toEqual(['base:20', 'closed_ron:10']);
    expect(ok(score('123m 456p 789s 23s 99m +4s', { riichi: true })).fu).toBe(30);
  });
  it('seven pairs: 25, nothing added, no rounding', () => {
    const r = ok(score('1122m 3344p 5566s 7z +7z', { tsumo: true }));
    expect(r.fu).toBe(25);
    expect(r.explanation.fu).toEqual([{ id: 'chiitoitsu', fu: 25 }]);
    expect(r.payment).toEqual({ from_dealer: 1600, from_each_non_dealer: 800 }); // 3 fan 25 fu tsumo
  });
  it('otherwise (self-draw or open hand): 20', () => {
    expect(fuIds('[234m] 456p 678s 345s 2p +2p')[0]).toBe('base:20');
  });
});

describe('4.1.1 pungs and kongs', () => {
  it('open/concealed pungs of simples and terminals, kongs', () => {
    // [222m] open simple 2, 555p concealed simple 4, (9999s) concealed kong of terminals 32, [1111z] open kong of honours 16
    const r = ok(score('[222m] 555p (9999s) [1111z] 8p +8p', { seat_wind: 'W', round_wind: 'S' }));
    expect(r.explanation.fu.filter((f) => f.id.startsWith('pung') || f.id.startsWith('kong')).map((f) => [f.id, f.fu, f.tiles])).toEqual([
      ['pung_open_simple', 2, '222m'],
      ['kong_concealed_terminal', 32, '9999s'],
      ['kong_open_terminal', 16, '1111z'],
      ['pung_concealed_simple', 4, '555p'],
    ]);
    expect(r.fu).toBe(80); // 20 + 2 + 32 + 16 + 4 + 2 (single wait) = 76 -> 80
  });
  it('a pung finished by a discard counts as open; by self-draw, concealed', () => {
    const ron = ok(score('222m 456p 789s 33s 99m +3s', { riichi: true }));
    expect(ron.explanation.fu.map((f) => f.id)).toEqual(['base', 'closed_ron', 'pung_concealed_simple', 'pung_ron_simple', 'rounding']);
    expect(ron.fu).toBe(40); // 30 + 4 + 2 = 36 -> 40
    const tsumo = ok(score('222m 456p 789s 33s 99m +3s', { tsumo: true }));
    expect(tsumo.fu).toBe(30); // 20 + 4 + 4 + 2 = 30
    // the hand stays closed for yaku: riichi and menzen tsumo still count
    expect(ron.yaku.map((y) => y.id)).toEqual(['riichi']);
  });
});

describe('4.1.1 two minipoints each', () => {
  it('pair of dragons', () => {
    expect(fuIds('123m 456p 789s 23s 77z +4s', { riichi: true })).toContain('pair_dragon:2');
  });
  it('pair of seat wind and of prevailing wind; a double wind pair gets both (+4)', () => {
    const r = ok(score('123m 456p 789s 23s 11z +4s', { riichi: true, seat_wind: 'E', round_wind: 'E' }));
    expect(r.explanation.fu.map((f) => `${f.id}:${f.fu}`)).toEqual(['base:20', 'closed_ron:10', 'pair_seat_wind:2', 'pair_round_wind:2', 'rounding:6']);
    expect(r.fu).toBe(40);
  });
  it('edge wait: 1-2 waiting for 3', () => {
    expect(fuIds('123m 456s 789s 12p 99m +3p', { riichi: true })).toContain('wait_edge:2');
  });
  it('edge wait: 8-9 waiting for 7', () => {
    expect(fuIds('123m 456s 123s 89p 99m +7p', { riichi: true })).toContain('wait_edge:2');
  });
  it('closed wait: 4-6 waiting for 5', () => {
    expect(fuIds('123m 456s 789s 46p 99m +5p', { riichi: true })).toContain('wait_closed:2');
  });
  it('single wait: waiting to finish the pair', () => {
    expect(fuIds('123m 456s 789s 456p 9m +9m', { riichi: true })).toContain('wait_single:2');
  });
  it('self-draw: 2, except with pinfu', () => {
    expect(fuIds('123m 456p 789s 24s 99m +3s', { tsumo: true })).toContain('tsumo:2');
    const pinfu = ok(score('123m 456p 789s 23s 99m +4s', { tsumo: true }));
    expect(pinfu.fu).toBe(20);
    expect(pinfu.explanation.fu).toEqual([{ id: 'base', fu: 20 }]);
  });
  it('open pinfu: an open hand with no other minipoints gets 2 (20 + 2 -> 30)', () => {
    const r = ok(score('[234m] 456p 78s 55m 456s +6s'));
    expect(r.explanation.fu.map((f) => `${f.id}:${f.fu}`)).toEqual(['base:20', 'open_pinfu:2', 'rounding:8']);
    expect(r.fu).toBe(30);
  });
  it('round up to the next 10 (e.g. 32 -> 40)', () => {
    const r = ok(score('123m 456p 789s 24s 99m +3s', { riichi: true }));
    expect(r.explanation.fu_raw).toBe(32);
    expect(r.fu).toBe(40);
  });
});

describe('4.1.1 the highest-scoring possibility decides which set the winning tile finished', () => {
  it('5-6-7-8-9 winning on 7: the two-sided 5-6-7 with pinfu beats the 8-9 edge wait', () => {
    const r = ok(score('56789p 123m 456s 99m +7p', { riichi: true }));
    expect(r.yaku.map((y) => y.id)).toEqual(['riichi', 'pinfu']);
    expect(r.fu).toBe(30);
    expect(r.explanation.reading.wait).toBe('ryanmen');
    expect(r.payment).toEqual({ from_discarder: 2000 }); // edge reading would give riichi 1 fan 40 fu = 1300
  });
  it('5-6-7-8-9 winning on 7 without pinfu: the edge wait is taken when its 2 fu raise the rounded fu', () => {
    // ryanmen reading 30 + 4 + 4 + 2 = 40; edge reading 30 + 4 + 4 + 2 + 2 = 42 -> 50
    const r = ok(score('56789p 222m 333s 77z +7p', { riichi: true }));
    expect(r.fu).toBe(50);
    expect(r.explanation.reading.wait).toBe('penchan');
    expect(r.payment).toEqual({ from_discarder: 1600 });
  });
  it('a two-sided wait scores no wait minipoints even where only one of its tiles can still come', () => {
    // 1-1-1-2-3 winning on 4 finishes 2-3-4 on a two-sided wait: 30 + 8 + 2 (dragon pair) = 40, no wait fu
    const r = ok(score('11123p 456m 678m 77z +4p', { riichi: true }));
    expect(r.explanation.fu.some((f) => f.id.startsWith('wait_'))).toBe(false);
    expect(r.fu).toBe(40);
  });
});

describe('the highest-scoring decomposition is chosen (RULES.md: which decomposition)', () => {
  it('111222333m: three identical chows (iipeikou) on a discard, three concealed pungs (sanankou) by self-draw', () => {
    const ron = ok(score('11122233m 456p 99s +3m'));
    expect(ron.yaku).toEqual([{ id: 'iipeikou', han: 1 }]);
    expect(ron.fu).toBe(40); // 30 + edge wait 2 = 32 -> 40
    const tsumo = ok(score('11122233m 456p 99s +3m', { tsumo: true }));
    expect(tsumo.yaku).toEqual([{ id: 'menzen_tsumo', han: 1 }, { id: 'sanankou', han: 2 }]);
    expect(tsumo.fu).toBe(40); // 20 + 8 + 4 + 4 + 2 tsumo = 38 -> 40
    expect(tsumo.payment).toEqual({ from_dealer: 2600, from_each_non_dealer: 1300 });
  });
  it('decomposeHand lists every decomposition', async () => {
    const { decomposeHand } = await import('../../src/engine/index.ts');
    const counts = new Array(34).fill(0);
    for (const k of [0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 13, 14, 26, 26]) counts[k]++;
    const d = decomposeHand(counts);
    expect(d).toHaveLength(2);
    expect(d.map((x) => x.sets.map((s) => `${s.kind}${s.tile}`).join(' '))).toEqual(expect.arrayContaining(['pung0 pung1 pung2 run12', 'run0 run0 run0 run12']));
  });
});
