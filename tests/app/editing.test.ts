import { describe, expect, it } from 'vitest';
import { addTile, applyTileChange, concealedToKan, removeConcealed, makeWinTile, meldFromTile, setFlag } from '../../src/app/hand/editing.ts';
import { checkHand, meldProblem, oneTileChanges, tilesToRemove, winningReplacements } from '../../src/app/hand/validate.ts';
import { toHandInput } from '../../src/app/hand/engineInput.ts';
import { DEFAULT_SITUATION, EMPTY_HAND, type HandDraft } from '../../src/app/state/types.ts';
import { doraFromIndicator, formatNotation, parseNotation, sortTiles, type TileCode } from '../../src/app/tiles/codes.ts';
import { scoreHand } from '../../src/engine/index.ts';

const fill = (spec: string): HandDraft => (parseNotation(spec) ?? []).reduce(addTile, EMPTY_HAND);

describe('tile codes', () => {
  it('parses and prints notation', () => {
    expect(parseNotation('123m406p77z')).toEqual(['1m', '2m', '3m', '4p', '0p', '6p', '7z', '7z']);
    expect(formatNotation(['1m', '2m', '4p', '0p', '7z'])).toBe('12m40p7z');
    expect(parseNotation('8z')).toBeNull();
    expect(parseNotation('12')).toBeNull();
  });
  it('sorts with red fives before fives', () => {
    expect(sortTiles(['7z', '5p', '1s', '0p', '9m'])).toEqual(['9m', '0p', '5p', '1s', '7z']);
  });
  it('points from indicators to dora', () => {
    expect(['9m', '0p', '4z', '7z', '3z'].map(doraFromIndicator)).toEqual(['1m', '6p', '1z', '5z', '4z']);
  });
});

describe('editing', () => {
  it('makes the 14th tile the winning tile', () => {
    const hand = fill('234m567p345s5688s7s');
    expect(hand.closed).toHaveLength(13);
    expect(hand.winTile).toBe('7s');
    expect(addTile(hand, '1m').closed).toHaveLength(14);
  });
  it('makes the tile that completes 14 the winning tile even when 13 tiles already mark one (a waiting hand from a photo)', () => {
    // the photo of 123456789m 11p 4s 6s, its last tile marked as winning, then 5s tapped in: 5s wins
    const waiting: HandDraft = { closed: parseNotation('123456789m11p4s') as TileCode[], melds: [], winTile: '6s' };
    const hand = addTile(waiting, '5s');
    expect(hand).toEqual({ closed: parseNotation('123456789m11p4s6s'), melds: [], winTile: '5s' });
    const r = scoreHand(toHandInput(hand, DEFAULT_SITUATION));
    expect(r.ok && [r.han, r.fu]).toEqual([2, 40]);
  });
  it('counts melds as three when picking the winning tile', () => {
    const pon = meldFromTile('kan-open', '0p');
    if ('error' in pon) throw new Error('unexpected');
    expect(pon.tiles).toEqual(['0p', '5p', '5p', '5p']);
    let hand: HandDraft = { ...EMPTY_HAND, melds: [pon] };
    for (const t of parseNotation('234m345s567s8s8s') ?? []) hand = addTile(hand, t);
    expect(hand.winTile).toBe('8s');
  });
  it('builds chi from the lowest tile and refuses honours and 8-9', () => {
    expect(meldFromTile('chi', '0s')).toEqual({ type: 'chi', tiles: ['0s', '6s', '7s'], calledIndex: 0 });
    expect(meldFromTile('chi', '5z')).toEqual({ error: 'chi-honour' });
    expect(meldFromTile('chi', '8m')).toEqual({ error: 'chi-high' });
    expect(meldFromTile('kan-closed', '1z')).toEqual({ type: 'kan-closed', tiles: ['1z', '1z', '1z', '1z'], calledIndex: null });
  });
  it('swaps the winning tile', () => {
    const hand = makeWinTile({ closed: ['1m', '2m'], melds: [], winTile: '3m' }, 0);
    expect(hand).toEqual({ closed: ['3m', '2m'], melds: [], winTile: '1m' });
  });
  it('keeps riichi flags consistent', () => {
    expect(setFlag(DEFAULT_SITUATION, 'double_riichi', true)).toEqual({ double_riichi: true, riichi: true, riichi_sticks: 1 });
    expect(setFlag(DEFAULT_SITUATION, 'riichi', false)).toEqual({ riichi: false, double_riichi: false, ippatsu: false });
    const inRiichi = { ...DEFAULT_SITUATION, riichi: true, riichi_sticks: 1 };
    expect(setFlag(inRiichi, 'riichi', false)).toEqual({ riichi: false, double_riichi: false, ippatsu: false, riichi_sticks: 0 });
    expect(setFlag({ ...DEFAULT_SITUATION, riichi_sticks: 2 }, 'riichi', true)).toEqual({ riichi: true });
  });
});

describe('live checks', () => {
  it('reports 15 tiles', () => {
    const check = checkHand(addTile(fill('234m567p345s5688s7s'), '9m'), DEFAULT_SITUATION);
    expect(check.count).toBe(15);
    // without the 9m it is a winning hand (234m 567p 345s 567s 88s)
    expect(check.problems.map((p) => p.code)).toEqual(['too-many-tiles', 'wins-without']);
  });
  it('reports a fifth copy across hand and dora indicators', () => {
    const check = checkHand(fill('1111m'), { ...DEFAULT_SITUATION, dora_indicators: ['1m'] });
    expect(check.problems).toMatchObject([{ code: 'fifth-copy', params: { tile: '1m', count: 5 } }]);
  });
  it('counts red fives as fives and refuses two red fives', () => {
    expect(checkHand(fill('0555p0p'), DEFAULT_SITUATION).problems.map((p) => p.code).sort()).toEqual(['fifth-copy', 'red-five-twice']);
  });
  it('reports impossible melds and too many indicators', () => {
    const hand: HandDraft = { closed: [], melds: [{ type: 'chi', tiles: ['1m', '2m', '4m'], calledIndex: 0 }], winTile: null };
    // two indicators without a kan in the hand: another player's kan turned the second, so that is no problem
    expect(checkHand(hand, { ...DEFAULT_SITUATION, dora_indicators: ['1p', '2p'] }).problems.map((p) => p.code)).toEqual(['invalid-meld']);
    const check = checkHand(hand, { ...DEFAULT_SITUATION, dora_indicators: ['1p', '2p', '3p', '4p', '6p', '7p'] });
    expect(check.problems.map((p) => p.code)).toEqual(['invalid-meld', 'too-many-indicators']);
    expect(check.problems[1]!.params).toEqual({ count: 6, max: 5 });
    expect(meldProblem({ type: 'pon', tiles: ['1z', '1z', '2z'], calledIndex: 0 })).toBe('same-kind');
  });
  it('a complete hand goes to the engine and scores', () => {
    const hand = fill('234m567p345s5688s7s');
    const check = checkHand(hand, DEFAULT_SITUATION);
    expect(check.complete).toBe(true);
    const result = scoreHand(toHandInput(hand, DEFAULT_SITUATION));
    expect(result).toMatchObject({ ok: true, han: 2, fu: 30, total_gain: 2000 });
  });
  it('passes custom rules to the engine', () => {
    const input = toHandInput(fill('234m567p345s5688s7s'), { ...DEFAULT_SITUATION, rules: 'custom' });
    expect(input.rules).toMatchObject({ preset: 'ema', openTanyao: true });
  });
});

describe('a kan entered as four tiles of the hand', () => {
  const draft = (closed: string, winTile: string | null): HandDraft => ({ closed: parseNotation(closed)!, melds: [], winTile });

  it('is said when it makes the hand a tile too many, and made a closed kan in one step that scores', () => {
    const hand = draft('1111m234p567s789s5z', '5z');
    expect(checkHand(hand, DEFAULT_SITUATION).problems.map((p) => p.code)).toEqual(['too-many-tiles', 'four-concealed']);
    const kan = concealedToKan(hand, '1m');
    expect(kan).toEqual({ closed: parseNotation('234p567s789s5z'), melds: [{ type: 'kan-closed', tiles: ['1m', '1m', '1m', '1m'], calledIndex: null }], winTile: '5z' });
    expect(checkHand(kan, DEFAULT_SITUATION).problems).toEqual([]);
    expect(scoreHand(toHandInput(kan, { ...DEFAULT_SITUATION, riichi: true })).ok).toBe(true);
  });

  it('keeps a red five, and takes the winning tile only when it is the fourth', () => {
    const red = concealedToKan(draft('550p5p234m678s789s1z', '1z'), '5p');
    expect(red.melds[0]!.tiles).toEqual(['5p', '5p', '0p', '5p']);
    const withWin = concealedToKan(draft('111z234m678s789s22p', '1z'), '1z');
    expect(withWin.melds[0]!.tiles).toEqual(['1z', '1z', '1z', '1z']);
    expect(withWin.winTile).toBeNull();
    expect(concealedToKan(draft('11z234m', null), '1z')).toEqual(draft('11z234m', null)); // not four: unchanged
  });

  it('is not said of a 14-tile hand holding four of a kind (a pung and a run)', () => {
    expect(checkHand(draft('1111m23m456p789s5z', '5z'), DEFAULT_SITUATION).problems).toEqual([]);
  });
});

describe('one tile changed makes a hand that does not win a winning one', () => {
  const describeChange = (c: { at: number | 'win'; from: string; to: string }) => `${c.at}:${c.from}>${c.to}`;

  it('lists the changes, each of kinds once, and applying one gives a winning hand', () => {
    // 123m 456m 789m 999s 55z typed with one 9s as 6s: a 9s there, or a 5z (99s and 555z)
    const hand = fill('123m456m789m96s55z9s');
    expect(hand.winTile).toBe('9s');
    const changes = oneTileChanges(hand, DEFAULT_SITUATION);
    expect(changes.map(describeChange)).toEqual(['10:6s>9s', '10:6s>5z']);
    const fixed = applyTileChange(hand, changes[0]!);
    expect(fixed).toEqual({ ...hand, closed: parseNotation('123m456m789m99s55z') });
    expect(scoreHand(toHandInput(fixed, DEFAULT_SITUATION)).ok).toBe(true);
    expect(oneTileChanges(fixed, DEFAULT_SITUATION)).toEqual([]); // a winning hand: nothing to change
    // the palette's outlines while the 6s is selected for replacing, and while the winning tile is
    expect(winningReplacements(hand, DEFAULT_SITUATION, 10)).toEqual(['9s', '5z']);
    expect(winningReplacements(hand, DEFAULT_SITUATION, 'win')).toEqual([]); // the 9s cannot be what is wrong
    const wrongWin = fill('123m456m789m999s5z4z'); // the winning 5z typed as 4z
    expect(winningReplacements(wrongWin, DEFAULT_SITUATION, 'win')).toEqual(['5z']);
    expect(winningReplacements({ ...wrongWin, winTile: null }, DEFAULT_SITUATION, 'win')).toEqual([]);
  });

  it('changes the winning tile too, counts melds and dora indicators, and says nothing of other counts', () => {
    // 123m 456m 789m 55z + a pon of 999s, the winning tile typed 4z instead of 5z
    const pon = meldFromTile('pon', '9s');
    if ('error' in pon) throw new Error('unexpected');
    const hand: HandDraft = { closed: parseNotation('123m456m789m5z')!, melds: [pon], winTile: '4z' };
    expect(oneTileChanges(hand, DEFAULT_SITUATION).map(describeChange)).toEqual(['9:5z>4z', 'win:4z>5z']);
    expect(applyTileChange(hand, { at: 'win', from: '4z', to: '5z' }).winTile).toBe('5z');
    // with three 5z shown as dora indicators, a 5z for the 4z would be a fifth: only the 5z to 4z is left
    expect(oneTileChanges(hand, { ...DEFAULT_SITUATION, dora_indicators: ['5z', '5z', '5z'] }).map(describeChange)).toEqual(['9:5z>4z']);
    expect(oneTileChanges(fill('123m456m789m96s55z'), DEFAULT_SITUATION)).toEqual([]); // 13 tiles: the waits say it
  });
});

describe('a tile too many: the tiles without which the hand wins', () => {
  it('names them, one of each kind, as a problem next to the hand, and removing one gives a winning hand', () => {
    // 123m 456m 789m 999s 55z with a 1p from a neighbouring row; the winning 5z typed last
    const hand = fill('123m456m789m999s1p5z5z');
    expect(tilesToRemove(hand, DEFAULT_SITUATION)).toEqual([{ at: 12, tile: '1p' }]);
    const check = checkHand(hand, DEFAULT_SITUATION);
    expect(check.problems.map((p) => p.code)).toEqual(['too-many-tiles', 'wins-without']);
    expect(check.problems[1]).toMatchObject({ tiles: ['1p'], params: { tile: '1p', at: '12' } });
    const fixed = removeConcealed(hand, 12);
    expect(fixed.closed).toEqual(parseNotation('123m456m789m999s5z'));
    expect(scoreHand(toHandInput(fixed, DEFAULT_SITUATION)).ok).toBe(true);
    // the winning tile itself may be the one too many: the last concealed tile wins instead, and the hand scores
    const withoutWin = removeConcealed(fill('123m456m789m999s5z1p5z'), 'win'); // the 1p taken as the winning tile
    expect([withoutWin.closed, withoutWin.winTile]).toEqual([parseNotation('123m456m789m999s5z'), '5z']);
    expect(scoreHand(toHandInput(withoutWin, DEFAULT_SITUATION)).ok).toBe(true);
    expect(tilesToRemove(fill('123m456m789m999s55z'), DEFAULT_SITUATION)).toEqual([]); // 14 tiles
  });
});

