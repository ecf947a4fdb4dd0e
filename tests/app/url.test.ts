import { describe, expect, it } from 'vitest';
import { hashToState, stateToHash, unreadLinkParts } from '../../src/app/state/url.ts';
import { customOptionsOf, DEFAULT_SITUATION, EMA_OPTIONS, type AppState } from '../../src/app/state/types.ts';
import { rulesOf } from '../../src/app/hand/engineInput.ts';
import { rulesLabelIn } from '../../src/app/i18n/ruleWords.ts';

const full: AppState = {
  screen: 'hand',
  hand: {
    closed: ['2m', '3m', '4m', '0p', '6p', '7p', '3s', '4s', '5s', '8s'],
    melds: [
      { type: 'pon', tiles: ['7z', '7z', '7z'], calledIndex: 2 },
      { type: 'kan-closed', tiles: ['1m', '1m', '1m', '1m'], calledIndex: null },
    ],
    winTile: '8s',
  },
  situation: {
    ...DEFAULT_SITUATION,
    tsumo: true,
    riichi: true,
    ippatsu: true,
    seat_wind: 'E',
    round_wind: 'S',
    dora_indicators: ['3m', '7z'],
    ura_indicators: ['9p'],
    honba: 2,
    riichi_sticks: 3,
    rules: 'custom',
    custom: { ...EMA_OPTIONS, openTanyao: false, renhou: 'yakuman', multipleRon: 'each-winner' },
  },
};

describe('URL hash', () => {
  it('round-trips a full hand and situation', () => {
    const hash = stateToHash(full);
    expect(hash.startsWith('#/hand?')).toBe(true);
    expect(hashToState(hash)).toEqual(full);
  });

  it('keeps the rule book custom rules start from (Mahjong Soul plus kiriage stays Mahjong Soul plus kiriage)', () => {
    const ms: AppState = { ...full, situation: { ...full.situation, rules: 'custom', customBase: 'mahjongsoul', custom: { ...customOptionsOf('mahjongsoul'), kiriageMangan: true } } };
    const hash = stateToHash(ms);
    expect(hash).toContain('cb=mahjongsoul');
    expect(hashToState(hash)).toEqual(ms);
    expect(rulesLabelIn(rulesOf(ms.situation), 'en')).toBe('Mahjong Soul (kiriage mangan (4-30, 3-60): on)');
    // a link of before (no cb) is custom from EMA 2016; a base that is no preset is said unread
    expect(hashToState('#/hand?rules=custom&o=openTanyao:false').situation.customBase).toBe('ema');
    expect(unreadLinkParts('#/hand?rules=custom&cb=nowhere')).toEqual(['rules']);
  });

  it('is readable', () => {
    expect(stateToHash(full)).toContain('c=234m067p3458s');
    expect(stateToHash(full)).toContain('m=pon:777z:2,kan-closed:1111m');
  });

  it('round-trips the defaults and every screen', () => {
    for (const screen of ['photo', 'hand', 'ledger', 'practice'] as const) {
      const s: AppState = { screen, hand: { closed: [], melds: [], winTile: null }, situation: DEFAULT_SITUATION };
      expect(hashToState(stateToHash(s))).toEqual(s);
    }
  });

  it('ignores malformed parts instead of failing', () => {
    const s = hashToState('#/nowhere?c=12x&w=99z&m=pon:77&h=-3&r=abc&sw=Q&rules=wrc&o=openTanyao:maybe');
    expect(s.screen).toBe('hand');
    expect(s.hand).toEqual({ closed: [], melds: [], winTile: null });
    expect(s.situation).toEqual(DEFAULT_SITUATION);
  });

  it('opens on the Photo screen without a screen in the address, on the Hand screen for a bare hand link', () => {
    expect(hashToState('').screen).toBe('photo');
    expect(hashToState('#/').screen).toBe('photo');
    expect(hashToState('#/?c=234567m234p5688s&w=8s').screen).toBe('hand');
  });

  it('leaves a part carrying more tiles than a whole set empty, so a garbled link cannot stall the screen', () => {
    const many = (n: number) => '123456789'.repeat(Math.ceil(n / 9)).slice(0, n);
    const s = hashToState(`#/hand?c=${many(137)}m&w=1m&d=${many(5000)}p&u=${many(20000)}s&m=${'pon:777z,'.repeat(50)}pon:${'7'.repeat(300)}z`);
    expect(s.hand.closed).toEqual([]);
    expect(s.hand.winTile).toBe('1m');
    expect(s.hand.melds).toEqual([]);
    expect(s.situation.dora_indicators).toEqual([]);
    expect(s.situation.ura_indicators).toEqual([]);
    // up to a whole set is kept: a hand of 15 or 23 tiles opens with the editor's error saying what to remove
    const kept = hashToState(`#/hand?c=${many(136)}m&m=pon:777z,pon:${'7'.repeat(300)}z`);
    expect(kept.hand.closed).toHaveLength(136);
    expect(kept.hand.melds).toEqual([{ type: 'pon', tiles: ['7z', '7z', '7z'], calledIndex: null }]);
  });

  it('drops a meld with a called index out of range', () => {
    expect(hashToState('#/hand?m=chi:345s:7').hand.melds).toEqual([]);
  });
});

describe('unreadLinkParts', () => {
  it('names every part of a link that could not be read, and none of a link the app wrote', () => {
    expect(unreadLinkParts(stateToHash(full))).toEqual([]);
    expect(unreadLinkParts(stateToHash({ screen: 'hand', hand: { closed: [], melds: [], winTile: null }, situation: DEFAULT_SITUATION }))).toEqual([]);
    expect(unreadLinkParts('')).toEqual([]);
    expect(unreadLinkParts('#/nowhere?c=12x&w=99z&m=pon:77&h=-3&r=abc&sw=Q&rules=wrc&o=openTanyao:maybe')).toEqual([
      'hand', 'winTile', 'melds', 'counters', 'riichiBets', 'winds', 'rules',
    ]);
    expect(unreadLinkParts('#/hand?c=toString&d=constructor&u=__proto__&f=riichi,hasOwnProperty&t=yes')).toEqual(['hand', 'dora', 'ura', 'situation']);
    expect(unreadLinkParts(`#/hand?c=${'1m'.repeat(5000)}`)).toEqual(['hand']);
  });

  it('takes what hashToState reads as read (t=0, a counter written 02, empty parts)', () => {
    expect(unreadLinkParts('#/hand?c=234567m234p5688s&w=8s&t=0&h=02&r=&d=&rules=tenhou')).toEqual([]);
    expect(hashToState('#/hand?h=02').situation.honba).toBe(2);
  });
});
