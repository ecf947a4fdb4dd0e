// How a score's points are counted, step by step (src/engine/pointsSteps.ts): the base points, then each payer's
// share as a multiple of the base rounded up to 100, plus counters. Checked against the payments the scorer gives.
import { describe, expect, it } from 'vitest';
import { explainPointsSteps, parseHand, pointsSteps, PRESET_NAMES, scoreHand, type HandInput, type RulesLike } from '../../src/engine/index.ts';
import { randomHands } from '../../src/engine/random-hands.ts';

const score = (hand: string, extra: Partial<HandInput> = {}, rules?: RulesLike) => scoreHand({ ...parseHand(hand), seat_wind: 'S', ...extra }, rules);

describe('how the points are counted', () => {
  it('a non-dealer ron below the limits: fu × 2^(fan + 2), then 4 × the base rounded up, then the counters', () => {
    const r = score('234m 567p 345s 57s 88p +6s', { riichi: true, honba: 2 });
    expect(pointsSteps(r)).toEqual({
      base: { kind: 'formula', fu: 40, han: 2, raw: 640, base: 640, capped: null },
      pays: [{ who: 'discarder', times: 4, raw: 2560, rounded: 2600, counters: 600 }],
    });
    expect(explainPointsSteps(r)).toEqual(['Base points: 40 fu × 2^(2 + 2) = 640', 'The discarder: 4 × 640 = 2560, rounded up to 2600, + 600 for the counters']);
    expect(explainPointsSteps(r, 'fr', (n) => n.toLocaleString('fr-FR'))).toEqual([
      'Points de base\u00a0: 40 minipoints × 2^(2 + 2) = 640',
      'Le jeteur\u00a0: 4 × 640 = 2\u202f560, arrondi à la centaine\u00a0: 2\u202f600, + 600 pour les compteurs',
    ]);
  });

  it('self-draw: the dealer pays twice the base and the others once; a dealer is paid twice the base by each, or 6 × on a discard', () => {
    expect(pointsSteps(score('234m 567p 345s 56s 88p +7s', { riichi: true, tsumo: true }))!.pays).toEqual([
      { who: 'dealer', times: 2, raw: 2560, rounded: 2600, counters: 0 },
      { who: 'each_other', times: 1, raw: 1280, rounded: 1300, counters: 0 },
    ]);
    expect(pointsSteps(score('234m 567p 345s 57s 88p +6s', { riichi: true, tsumo: true, seat_wind: 'E' }))!.pays).toEqual([{ who: 'each', times: 2, raw: 1920, rounded: 2000, counters: 0 }]);
    expect(pointsSteps(score('234m 567p 345s 57s 88p +6s', { riichi: true, seat_wind: 'E' }))!.pays).toEqual([{ who: 'discarder', times: 6, raw: 3840, rounded: 3900, counters: 0 }]);
  });

  it('a mangan of fewer than 5 fan: the formula past 2,000, or 1,920 rounded up where the rules have kiriage; limits by fan and yakuman', () => {
    // 4 fan 40 fu: 2,560, more than a mangan
    expect(pointsSteps(score('22m 456p 345s 678s 33z +3z', { riichi: true, dora_indicators: '2z' }, 'ema'))!.base).toEqual({ kind: 'formula', fu: 40, han: 4, raw: 2560, base: 2000, capped: 'mangan' });
    // 4 fan 30 fu: 1,920 under EMA 2016, a mangan under M-League's kiriage
    const open = '123s 456s 11z 22z [789s] +2z';
    expect(pointsSteps(score(open))!.base).toEqual({ kind: 'formula', fu: 30, han: 4, raw: 1920, base: 1920, capped: null });
    expect(pointsSteps(score(open, {}, 'mleague'))!.base).toEqual({ kind: 'formula', fu: 30, han: 4, raw: 1920, base: 2000, capped: 'kiriage' });
    expect(explainPointsSteps(score(open, {}, 'mleague'))[0]).toBe('Base points: 30 fu × 2^(4 + 2) = 1920, rounded up to a mangan (kiriage): 2000');
    expect(pointsSteps(score('123s 456s 789s 11z 22z +2z', { riichi: true }))!.base).toEqual({ kind: 'limit', limit: 'haneman', base: 3000, kazoe: null });
    expect(explainPointsSteps(score('111m 999p 111s 222z 9s +9s', { tsumo: true }))).toEqual([
      'Base points: Yakuman, 8000',
      'The dealer: 2 × 8000 = 16000',
      'Each other player: 1 × 8000 = 8000',
    ]);
    expect(pointsSteps(score('234m 567p 345s 56s 88p 9s +7s'))).toBeNull(); // 15 tiles: an error
  });

  it('13 fan or more of ordinary yaku: sanbaiman where the rules count no yakuman by fan, a yakuman where they do (kazoe)', () => {
    const thirteen = { riichi: true, tsumo: true, dora_indicators: '1m', ura_indicators: '1m' };
    const ema = score('2233445566778m +8m', thirteen, 'ema');
    expect(pointsSteps(ema)!.base).toEqual({ kind: 'limit', limit: 'sanbaiman', base: 6000, kazoe: false });
    expect(explainPointsSteps(ema)[0]).toBe('Base points: Sanbaiman, 6000 (13 fan or more: these rules count no yakuman by fan)');
    const ema2012 = score('2233445566778m +8m', thirteen, 'ema2012');
    expect(pointsSteps(ema2012)!.base).toEqual({ kind: 'limit', limit: 'yakuman', base: 8000, kazoe: true });
    expect(explainPointsSteps(ema2012, 'fr')[0]).toBe('Points de base\u00a0: Yakuman, 8000 (13 han ou plus comptés comme un yakuman\u00a0: kazoe)');
    // a yakuman by its yaku says nothing of the count
    expect(pointsSteps(score('111m 999p 111s 222z 9s +9s', { tsumo: true }))!.base).toMatchObject({ limit: 'yakuman', kazoe: null });
  });

  it('over random hands and every preset: the steps give the base and every payment the scorer gives', () => {
    let checked = 0;
    randomHands(20261209, 2000).forEach((hand, i) => {
      const rules = PRESET_NAMES[i % PRESET_NAMES.length];
      const r = scoreHand({ ...hand, honba: i % 3 }, rules);
      if (!r.ok) return;
      const steps = pointsSteps(r)!;
      expect(steps.base.base).toBe(r.explanation.base_points);
      const paid = steps.pays.map((p) => p.rounded + p.counters);
      const p = r.payment;
      expect(paid).toEqual('from_discarder' in p ? [p.from_discarder] : p.from_dealer === undefined ? [p.from_each_non_dealer] : [p.from_dealer, p.from_each_non_dealer]);
      for (const s of steps.pays) expect(s.rounded % 100 === 0 && s.rounded >= s.raw && s.rounded - s.raw < 100).toBe(true);
      if (steps.base.kind === 'formula') expect(steps.base.raw).toBe(steps.base.fu * 2 ** (steps.base.han + 2));
      checked++;
    });
    expect(checked).toBeGreaterThan(1000);
  });
});
