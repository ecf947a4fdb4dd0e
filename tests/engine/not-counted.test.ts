// The yaku a hand came close to and did not get, each with the one thing that kept it out (src/engine/notCounted.ts):
// hand-checked near misses, hands two things away that name nothing, and a property over random hands.
import { describe, expect, it } from 'vitest';
import { notCountedText, parseHand, scoreHand, yakuNotCounted, type HandInput, type RulesLike } from '../../src/engine/index.ts';
import { randomHands } from '../../src/engine/random-hands.ts';
import { isSimple, parseTiles, tileKind } from '../../src/engine/tiles.ts';

/** Non-dealer (South) in the East round, unless overridden, as tests/engine/helpers.ts scores. */
function near(hand: string, extra: Partial<HandInput> = {}, rules?: RulesLike) {
  const input: HandInput = { ...parseHand(hand), seat_wind: 'S', round_wind: 'E', ...extra };
  const result = scoreHand(input, rules);
  return yakuNotCounted(input, result, rules ?? input.rules).map((n) => ({ ...n, en: notCountedText(n, 'en') }));
}
const reasons = (hand: string, extra: Partial<HandInput> = {}, rules?: RulesLike) => near(hand, extra, rules).map((n) => `${n.id}:${n.reason}`);

describe('yaku not counted, and why', () => {
  it('a second yakuman where yakuman do not add up (EMA, WRC): named, with why; where they add up, nothing', () => {
    // four concealed pungs of the winds: suuankou and daisuushii
    const hand = '9p 111z 222z 333z 444z +9p';
    expect(near(hand, {}, 'ema')).toEqual([{ id: 'daisuushii', reason: 'yakuman_not_cumulative', params: {}, en: 'yakuman do not add up under these rules (only one is paid)' }]);
    // RCR 2012's double daisuushii is the one paid; suuankou is the one left out
    expect(reasons(hand, {}, 'ema2012')).toEqual(['suuankou:yakuman_not_cumulative']);
    expect(reasons(hand, {}, 'tenhou')).toEqual([]);
    // one yakuman alone: nothing to say
    expect(reasons('9p 111z 222z 333z 789m +9p', {}, 'ema')).not.toContain('daisuushii:yakuman_not_cumulative');
  });

  it('pinfu kept out by the wait alone: a closed wait on 6s names the tile and the wait', () => {
    const [pinfu] = near('234m 567p 345s 57s 88s +6s', { riichi: true });
    expect(pinfu).toMatchObject({ id: 'pinfu', reason: 'pinfu_wait', params: { tiles: '6s', wait: 'kanchan' } });
    expect(pinfu!.en).toBe('the wait on 6s is not two-sided (closed wait), and pinfu takes a two-sided wait');
    expect(reasons('234m 567p 345s 12s 88s +3s', { riichi: true })).toEqual([
      // 12s waiting on 3s is an edge wait, but 345s can be the run the 3s completes (45s waiting on 3-6s): pinfu holds
      'tanyao:tanyao_not_simples',
    ]);
    expect(near('234m 567p 345s 89s 22m +7s', { riichi: true }).find((n) => n.id === 'pinfu')).toMatchObject({ reason: 'pinfu_wait', params: { wait: 'penchan' } });
    expect(near('234m 567p 345s 678s 8p +8p', { riichi: true })).toMatchObject([{ id: 'pinfu', reason: 'pinfu_wait', params: { tiles: '8p', wait: 'tanki' } }]);
    // 2m 2m 2m 3m 4m: the winning 2m may end 34m's two-sided wait, the other two the pair: pinfu holds, nothing said
    expect(reasons('234m 567p 345s 678s 2m +2m', { riichi: true })).toEqual([]);
  });

  it('pinfu kept out by one pung (a closed kan too) or by a pair worth fu', () => {
    expect(near('234m 567p 444s 56s 88s +7s', { riichi: true })).toMatchObject([{ id: 'pinfu', reason: 'pinfu_pung', params: { tiles: '444s' } }]);
    expect(near('234m 345s 56s 88s (4444p) +7s', { riichi: true })).toMatchObject([{ id: 'pinfu', reason: 'pinfu_pung', params: { tiles: '4444p' } }]);
    // a pair of Red dragons: tanyao (the hand holds 7z) and pinfu (the pair) are named; the pair is said once
    expect(reasons('234m 567p 345s 67s 77z +5s', { riichi: true })).toEqual(['tanyao:tanyao_not_simples', 'pinfu:pinfu_value_pair']);
    // a score names what kept pinfu out of the reading it shows: 345s 56s won on 4s is read with a closed wait
    // (the same fu as the two-sided reading), where the pair and the wait both keep it out: not named for pinfu
    const shown = scoreHand({ ...parseHand('234m 567p 345s 56s 77z +4s'), seat_wind: 'S', riichi: true });
    expect(shown.ok && shown.explanation.reading.wait).toBe('kanchan');
    expect(reasons('234m 567p 345s 56s 77z +4s', { riichi: true })).toEqual(['tanyao:tanyao_not_simples', 'yakuhai_red:yakuhai_pair']);
    // South is the seat wind of this player: worth fu; North is nobody's here: pinfu stands
    expect(reasons('234m 567p 345s 67s 22z +5s', { riichi: true })).toContain('pinfu:pinfu_value_pair');
    expect(reasons('234m 567p 345s 67s 44z +5s', { riichi: true })).toEqual(['tanyao:tanyao_not_simples']);
  });

  it('pinfu two things away in the reading the score shows is not named, even where another reading is one away', () => {
    // a Practice hand: read 123s 222s 345s 456s + 11s, an edge wait on 3s (another reading has a two-sided wait,
    // but 222s stays a pung in every one)
    const input: HandInput = { ...parseHand('1112222344556s +3s'), seat_wind: 'W', tsumo: true, riichi: true };
    const result = scoreHand(input);
    expect(result.ok && [result.explanation.reading.sets, result.explanation.reading.wait]).toEqual([['123s', '222s', '345s', '456s'], 'penchan']);
    expect(yakuNotCounted(input, result).map((n) => n.id)).not.toContain('pinfu');
  });

  it('pinfu two things away (a pung and a closed wait) is not named', () => {
    expect(reasons('234m 567p 444s 57s 88s +6s', { riichi: true })).toEqual([]);
    // (the pair of Red dragons is then said as a pair that gives fu, not as what kept out pinfu)
    expect(reasons('234m 567p 345s 57s 77z +6s', { riichi: true })).toEqual(['tanyao:tanyao_not_simples', 'yakuhai_red:yakuhai_pair']);
  });

  it('tanyao kept out by one kind of terminal or honour (in one set or the pair), named; by two kinds, not', () => {
    expect(near('234m 567p 345s 56s 99s +7s', { riichi: true })).toMatchObject([{ id: 'tanyao', reason: 'tanyao_not_simples', params: { tiles: '9s' } }]);
    expect(near('123m 567p 345s 56s 88s +7s', { riichi: true })[0]!.en).toBe('the hand holds 1m, and tanyao takes only tiles 2 to 8');
    expect(near('234m 345s 56s 88s [999p] +7s')).toMatchObject([{ reason: 'tanyao_not_simples', params: { tiles: '9p' } }]);
    expect(reasons('123m 789p 345s 56s 88s +7s', { riichi: true })).toEqual([]);
  });

  it('open tanyao under rules without it (EMA 2012), and open hands where the rules allow it', () => {
    const hand = '567p 345s 678s 8s [234m] +8s';
    expect(reasons(hand, {}, 'ema2012')).toEqual(['tanyao:tanyao_open']);
    expect(near(hand, {}, 'ema2012')[0]!.en).toBe('these rules count tanyao only in a closed hand, and this one has called tiles');
    expect(reasons(hand, {}, 'ema')).toEqual([]);
    // the rules given in the input are the ones read when the caller passes none
    expect(reasons(hand, { rules: 'ema2012' })).toEqual(['tanyao:tanyao_open']);
  });

  it('menzen tsumo in an open hand, and iipeikou with a called chow', () => {
    expect(reasons('234m 567p 34s 66s [567s] +2s', { tsumo: true })).toEqual(['menzen_tsumo:menzen_tsumo_open']);
    expect(reasons('234m 567p 34s 66s [234m] +2s')).toEqual(['iipeikou:iipeikou_open']);
    expect(near('234m 567p 34s 66s [234m] +2s')[0]!.en).toBe('the two chows 234m count only in a closed hand');
    // a closed kan keeps the hand closed: menzen tsumo counts
    expect(reasons('234m 567p 34s 66s (2222z) +2s', { tsumo: true })).not.toContain('menzen_tsumo:menzen_tsumo_open');
  });

  it('a pair of dragons or of a value wind in an open hand is named under its yakuhai', () => {
    const pairOf = (hand: string) => near(hand).find((n) => n.reason === 'yakuhai_pair');
    expect(pairOf('234m 567p 345s 6z [678s] +6z')).toMatchObject({ id: 'yakuhai_green', params: { tiles: '66z' } });
    expect(pairOf('234m 567p 345s 1z [678s] +1z')).toMatchObject({ id: 'yakuhai_round_wind', params: { tiles: '11z' } });
    expect(pairOf('234m 567p 345s 6z [678s] +6z')!.en).toBe('66z is a pair, which gives fu; a pung of it would give a fan');
    // the pair is also what keeps out tanyao here: both are said
    expect(reasons('234m 567p 345s 6z [678s] +6z')).toEqual(['tanyao:tanyao_not_simples', 'yakuhai_green:yakuhai_pair']);
  });

  it('honitsu or chinitsu kept out by one set or the pair of another suit, named with the hand\'s own suit', () => {
    expect(near('123s 456s 789s 22z 23p +4p').find((n) => n.id === 'honitsu')).toMatchObject({ reason: 'honitsu_other_suit', params: { tiles: '234p', suit: 's' }, en: 'the hand holds 234p, outside bamboo (sou) and honours' });
    expect(near('123s 456s 789s 11s 23p +4p').find((n) => n.id === 'chinitsu')).toMatchObject({ reason: 'chinitsu_other_suit', params: { tiles: '234p', suit: 's' }, en: 'the hand holds 234p, outside bamboo (sou)' });
    expect(near('123s 456s 789s 22z 55p +5p').find((n) => n.id === 'honitsu')?.params.tiles).toBe('555p');
    // two sets of the other suit: not near
    expect(reasons('123s 456s 22z 234p 56p +7p').filter((r) => r.startsWith('honitsu') || r.startsWith('chinitsu'))).toEqual([]);
    // honitsu counted: nothing said of it
    expect(reasons('123s 456s 789s 22z 23s +4s').filter((r) => r.startsWith('honitsu'))).toEqual([]);
    expect(notCountedText(near('123s 456s 789s 22z 23p +4p').find((n) => n.id === 'honitsu')!, 'fr')).toBe('la main contient 234p, hors des bambous (sou) et des honneurs');
  });

  it('toitoi kept out by one chow (a called one too), in the reading with the fewest; a hand without a yaku is told so', () => {
    expect(near('111m 999p 555s 22z 23s +4s')).toMatchObject([{ id: 'toitoi', reason: 'toitoi_chow', params: { tiles: '234s' } }, { id: 'yakuhai_seat_wind' }]);
    expect(near('111m 999p 555s 2z [234s] +2z').find((n) => n.id === 'toitoi')).toMatchObject({ params: { tiles: '234s' }, en: '234s is a chow, and toitoi takes four pungs or kongs' });
    const noYaku = '111m 999p 22z 23s [555s] +4s';
    expect(scoreHand({ ...parseHand(noYaku), seat_wind: 'S' }).ok).toBe(false);
    expect(reasons(noYaku)).toEqual(['toitoi:toitoi_chow', 'yakuhai_seat_wind:yakuhai_pair']);
    // two chows: not near
    expect(reasons('111m 999p 22z 234s 45s +6s', { riichi: true }).filter((r) => r.startsWith('toitoi'))).toEqual([]);
  });

  it('sanshoku or ittsu kept out by one chow where the third would be, in the reading shown; further off, not named', () => {
    expect(near('234m 234p 345s 567p 9s +9s', { riichi: true }).find((n) => n.id === 'sanshoku')).toMatchObject({
      reason: 'sanshoku_one_chow',
      params: { have: '234m 234p', tiles: '345s', missing: '234s' },
      en: 'the hand has 234m 234p, and 345s where sanshoku takes 234s',
    });
    expect(near('123m 456m 678m 234p 5s +5s', { riichi: true }).find((n) => n.id === 'ittsu')).toMatchObject({
      reason: 'ittsu_one_chow',
      params: { have: '123m 456m', tiles: '678m', missing: '789m' },
      en: 'the hand has 123m 456m, and 678m where ittsu takes 789m',
    });
    // the third suit holds no chow (a pung of 5s): two chows away, not named
    expect(reasons('234m 234p 555s 567p 9s +9s', { riichi: true }).filter((r) => r.startsWith('sanshoku'))).toEqual([]);
    // counted: nothing said of them
    expect(reasons('234m 234p 234s 567p 9s +9s', { riichi: true }).filter((r) => r.startsWith('sanshoku'))).toEqual([]);
    expect(reasons('123m 456m 789m 234p 5s +5s', { riichi: true }).filter((r) => r.startsWith('ittsu'))).toEqual([]);
    // an open hand without a yaku: told that one chow kept out sanshoku, which counts open too
    const noYaku = '234m 234p 345s 9s [567p] +9s';
    expect(scoreHand({ ...parseHand(noYaku), seat_wind: 'S' }).ok).toBe(false);
    expect(reasons(noYaku)).toEqual(['tanyao:tanyao_not_simples', 'sanshoku:sanshoku_one_chow']);
    expect(notCountedText(near(noYaku).find((n) => n.id === 'sanshoku')!, 'fr')).toBe('la main a 234m 234p, et 345s là où le sanshoku demande 234s');
  });

  it('chanta or junchan kept out by one set (or the pair) without a terminal, in the reading shown', () => {
    expect(near('123m 456p 111z 99s 78s +9s', { riichi: true }).find((n) => n.id === 'chanta')).toMatchObject({
      reason: 'chanta_one_set',
      params: { tiles: '456p' },
      en: '456p holds no terminal or honour, and chanta takes one in every set and the pair',
    });
    // no honours: junchan, the larger of the two
    expect(near('123m 789p 123s 99s 45s +6s', { riichi: true }).filter((n) => n.id === 'chanta' || n.id === 'junchan')).toMatchObject([
      { id: 'junchan', reason: 'junchan_one_set', params: { tiles: '456s' }, en: '456s holds no terminal, and junchan takes one in every set and the pair' },
    ]);
    expect(notCountedText(near('123m 789p 123s 99s 45s +6s', { riichi: true }).find((n) => n.id === 'junchan')!, 'fr')).toBe(
      '456s n’a pas de terminale, et le junchan en demande une dans chaque combinaison et la paire',
    );
    // counted, two sets without, or no chow at all (that would be honroutou): not named
    expect(reasons('123m 789p 111z 99s 78s +9s', { riichi: true }).filter((r) => r.startsWith('chanta'))).toEqual([]);
    expect(reasons('123m 456p 345s 99s 78s +9s', { riichi: true }).filter((r) => /^(chanta|junchan)/.test(r))).toEqual([]);
    expect(reasons('111m 999p 111z 555s 9s +9s', { riichi: true }).filter((r) => /^(chanta|junchan)/.test(r))).toEqual([]);
  });

  it('sanankou or suuankou kept out by a pung the discard completed, which counts as open', () => {
    // four concealed pungs won on a discard on the double-pair wait: toitoi and sanankou, not suuankou
    expect(near('111m 222p 333s 44z 55z +5z').find((n) => n.id === 'suuankou')).toMatchObject({
      reason: 'suuankou_ron_pung',
      params: { tiles: '555z' },
      en: '555z was completed by a discard, so it counts as open, and suuankou takes four concealed pungs or kongs (won by self-draw, or on a discard that completes the pair)',
    });
    // self-drawn, or won on the pair: suuankou counted (a yakuman: nothing said)
    expect(reasons('111m 222p 333s 44z 55z +5z', { tsumo: true })).toEqual([]);
    expect(reasons('111m 222p 333s 555z 4z +4z')).toEqual([]);
    // three pungs, one completed on a discard: no sanankou; a closed kan counts as concealed
    expect(near('111m 222p 345s 66z 77z +7z').find((n) => n.id === 'sanankou')).toMatchObject({ reason: 'sanankou_ron_pung', params: { tiles: '777z' } });
    expect(near('222p 345s 66z 77z (1111m) +7z').find((n) => n.id === 'sanankou')).toMatchObject({ params: { tiles: '777z' } });
    expect(reasons('111m 222p 345s 66z 77z +7z', { tsumo: true }).filter((r) => r.startsWith('sanankou'))).toEqual([]);
    // a called pung leaves only one concealed: two things away, not named
    expect(reasons('111m 345s 66z 77z [222p] +7z').filter((r) => r.startsWith('sanankou'))).toEqual([]);
    // an open hand without a yaku: told that the discard took its sanankou
    const noYaku = '111m 222p 33s 44s [567m] +3s';
    expect(scoreHand({ ...parseHand(noYaku), seat_wind: 'S' }).ok).toBe(false);
    expect(near(noYaku).find((n) => n.id === 'sanankou')).toMatchObject({ reason: 'sanankou_ron_pung', params: { tiles: '333s' } });
    expect(notCountedText(near(noYaku).find((n) => n.id === 'sanankou')!, 'fr')).toBe(
      '333s a été complété sur un écart, il compte donc comme exposé, et le sanankou demande trois pungs ou kongs cachés',
    );
  });

  it('seven pairs with four of a kind among them: no winning hand, and chiitoitsu says why', () => {
    const hand = '1111m 3355p 7799s 1z +1z';
    const input: HandInput = { ...parseHand(hand), seat_wind: 'S', riichi: true };
    expect(scoreHand(input).ok ? null : (scoreHand(input) as { error: { code: string } }).error.code).toBe('NOT_A_WINNING_HAND');
    expect(near(hand, { riichi: true })).toMatchObject([
      { id: 'chiitoitsu', reason: 'chiitoitsu_four_of_a_kind', params: { tiles: '1111m' }, en: '1111m are four of a kind, which are not two pairs: chiitoitsu takes seven different pairs' },
    ]);
    expect(notCountedText(near(hand)[0]!, 'fr')).toBe('1111m sont quatre tuiles identiques, qui ne font pas deux paires\u00a0: le chiitoitsu demande sept paires différentes');
    expect(near('1111m 5555p 77s 99s 1z +1z')).toMatchObject([{ params: { tiles: '1111m 5555p' } }]);
    // not seven pairs at all (a single tile, a called meld), or a winning hand that holds four of a kind: nothing
    expect(reasons('1111m 3355p 779s 12z +1z')).toEqual([]);
    expect(reasons('1111m 3355p 7799s [111z]')).toEqual([]);
    expect(reasons('1111m 3355p 77s 1z [234p] +1z')).toEqual([]);
    expect(reasons('111123m 456p 789s 5z +5z', { riichi: true }).filter((r) => r.startsWith('chiitoitsu'))).toEqual([]);
  });

  it('a pung of a wind that is neither the seat nor the round wind gives no fan, and says so', () => {
    // South in the East round, a pung of West won on a discard: no yaku, and the West pung is why not
    const noYaku = '123m 456p 789s 33z 55p +3z';
    expect(scoreHand({ ...parseHand(noYaku), seat_wind: 'S' }).ok).toBe(false);
    expect(near(noYaku)).toMatchObject([
      {
        id: 'yakuhai',
        reason: 'yakuhai_guest_wind',
        params: { tiles: '333z', seat: '2z', round: '1z' },
        en: '333z is neither the seat wind (2z) nor the round wind (1z), and only those winds give a fan',
      },
    ]);
    expect(notCountedText(near(noYaku)[0]!, 'fr')).toBe('333z n’est ni le vent du joueur (2z) ni le vent dominant (1z), et seuls ces vents donnent un han');
    // called as a pung or a kong: the same
    expect(near('123m 456p 78s 55p [333z] +9s').find((n) => n.reason === 'yakuhai_guest_wind')).toMatchObject({ params: { tiles: '333z' } });
    expect(near('123m 456p 78s 55p [3333z] +9s').find((n) => n.reason === 'yakuhai_guest_wind')).toMatchObject({ params: { tiles: '3333z' } });
    // the seat wind (West for West) or the round wind (East): counted, nothing said; a pair of West: nothing said
    expect(reasons(noYaku, { seat_wind: 'W' }).filter((r) => r.endsWith('guest_wind'))).toEqual([]);
    expect(reasons('123m 456p 789s 11z 55p +1z').filter((r) => r.endsWith('guest_wind'))).toEqual([]);
    expect(reasons('123m 456p 789s 345s 33z +3z', { riichi: true }).filter((r) => r.endsWith('guest_wind'))).toEqual([]);
  });

  it('renhou weighed and set aside where the hand is worth more without it; ura dora given without riichi', () => {
    // chinitsu pinfu: a haneman by its own yaku, more than renhou's mangan (EMA 2016: renhou a mangan, not added)
    expect(reasons('12323567789m55m4m', { seat_wind: 'S', renhou: true })).toContain('renhou:renhou_worth_more_without');
    expect(notCountedText(near('12323567789m55m4m', { seat_wind: 'S', renhou: true })[0]!, 'en')).toBe('renhou pays a mangan and adds to no other yaku; the hand is worth more by its own yaku, so it is paid that');
    // a small hand is paid as renhou: nothing to say; EMA 2012's renhou is a yakuman, counted
    expect(reasons('234m567p345s678m2p2p', { seat_wind: 'S', renhou: true })).not.toContain('renhou:renhou_worth_more_without');
    expect(reasons('12323567789m55m4m', { seat_wind: 'S', renhou: true }, 'ema2012')).not.toContain('renhou:renhou_worth_more_without');
    expect(reasons('345m567m234p22p67s8s', { seat_wind: 'S', tsumo: true, dora_indicators: '4m', ura_indicators: '7s' })).toContain('ura_dora:ura_dora_without_riichi');
    expect(reasons('345m567m234p22p67s8s', { seat_wind: 'S', tsumo: true, riichi: true, dora_indicators: '4m', ura_indicators: '7s' })).not.toContain('ura_dora:ura_dora_without_riichi');
  });
  it('a hand without a yaku is told what it came close to', () => {
    const input: HandInput = { ...parseHand('567p 345s 678s 8s [234m] +8s'), tsumo: true };
    const result = scoreHand(input, 'ema2012');
    expect(result.ok ? null : result.error.code).toBe('NO_YAKU');
    expect(yakuNotCounted(input, result, 'ema2012').map((n) => n.reason)).toEqual(['tanyao_open', 'menzen_tsumo_open']);
  });

  it('names nothing for yakuman, seven pairs, thirteen orphans, or a hand the scorer refused', () => {
    expect(reasons('111m 999p 111s 99s 222z +2z', { tsumo: true })).toEqual([]); // suuankou
    expect(reasons('1133m 5577p 2244s 6z +6z', { riichi: true })).toEqual([]);
    expect(reasons('19m 19p 19s 1234567z +1m')).toEqual([]);
    expect(reasons('234m 567p 345s 56s 88s 9s +7s')).toEqual([]); // 15 tiles
    const bad = { closed: '12x', win_tile: '2m' } as HandInput;
    expect(yakuNotCounted(bad, scoreHand(bad))).toEqual([]);
  });

  it('says it in French, no-break spaces and the wait in words', () => {
    const [pinfu] = near('234m 567p 345s 57s 88s +6s', { riichi: true });
    expect(notCountedText(pinfu!, 'fr')).toBe('l’attente sur 6s n’est pas des deux côtés (attente fermée), et le pinfu demande une attente des deux côtés');
  });

  it('over random hands: never a yaku the hand has, never a throw; the tiles named are in the hand, and in the reading shown', () => {
    const rulesSets: RulesLike[] = ['ema', 'ema2012', 'wrc2015', 'tenhou', 'mahjongsoul', 'mleague'];
    let named = 0;
    randomHands(20261207, 3000).forEach((hand, i) => {
      const rules = rulesSets[i % rulesSets.length];
      const result = scoreHand(hand, rules);
      const items = yakuNotCounted(hand, result, rules);
      named += items.length;
      const counted = new Set(result.ok ? result.yaku.map((y) => y.id) : []);
      const inHand = new Set([...parseTiles(hand.closed), ...(hand.melds ?? []).flatMap((m) => parseTiles(m.tiles))].map(tileKind));
      for (const n of items) {
        expect(counted.has(n.id), `${JSON.stringify(hand)} ${n.id}`).toBe(false);
        expect(notCountedText(n, 'en')).not.toMatch(/\{|undefined/);
        if (n.reason === 'tanyao_not_simples') for (const code of parseTiles(n.params.tiles!.replace(/(\d)(?=\d)/g, '$1'))) expect(inHand.has(tileKind(code)) && !isSimple(tileKind(code))).toBe(true);
        if (n.id === 'pinfu') expect(hand.melds?.every((m) => m.type === 'kan-closed') ?? true).toBe(true);
        // a score's pinfu and toitoi lines speak of the reading it shows
        if (result.ok && (n.reason === 'pinfu_pung' || n.reason === 'toitoi_chow')) expect(result.explanation.reading.sets.map((s) => s.replace(/[^0-9a-z]/g, ''))).toContain(n.params.tiles);
        if (result.ok && n.reason === 'pinfu_value_pair') expect(n.params.tiles).toBe(result.explanation.reading.pair);
        if (result.ok && n.reason === 'pinfu_wait') expect(n.params.wait).toBe(result.explanation.reading.wait);
        if (result.ok && (n.reason === 'chanta_one_set' || n.reason === 'junchan_one_set')) {
          const { sets, pair } = result.explanation.reading;
          expect([...sets.map((s) => s.replace(/[^0-9a-z]/g, '')), pair]).toContain(n.params.tiles);
        }
        // a wind's pung that gives no fan: neither the seat nor the round wind, and in the hand
        if (n.reason === 'yakuhai_guest_wind') {
          const wind = tileKind(n.params.tiles!.slice(-2));
          expect(inHand.has(wind) && n.params.tiles!.length >= 4).toBe(true);
          expect([n.params.seat, n.params.round]).not.toContain(n.params.tiles!.slice(-2));
          expect(/^[1-4]z$/.test(n.params.tiles!.slice(-2))).toBe(true);
        }
        // a pung the discard completed: never self-drawn, and a pung of the winning tile (in the reading shown)
        if (n.reason === 'sanankou_ron_pung' || n.reason === 'suuankou_ron_pung') {
          expect(hand.tsumo ?? false).toBe(false);
          expect(n.params.tiles).toBe(hand.win_tile.replace(/^0/, '5').replace(/^(\d)/, '$1$1$1'));
          if (result.ok) expect(result.explanation.reading.sets).toContain(n.params.tiles);
        }
        if (result.ok && (n.reason === 'sanshoku_one_chow' || n.reason === 'ittsu_one_chow')) {
          const sets = result.explanation.reading.sets.map((s) => s.replace(/[^0-9a-z]/g, ''));
          for (const chow of [...n.params.have!.split(' '), n.params.tiles!]) expect(sets).toContain(chow);
          expect(sets).not.toContain(n.params.missing);
        }
      }
    });
    expect(named).toBeGreaterThan(300);
  });
});
