import { describe, expect, it } from 'vitest';
import { scoreHand, type HandInput } from '../../src/engine/index.ts';
import { createGame, replayOrThrow, winningHandFromScore, type LedgerEvent } from '../../src/engine/ledger/index.ts';

const PLAYERS = ['Aiko', 'Bruno', 'Chloé', 'Dmitri'];

function scored(input: HandInput, rules: 'ema' | 'ema2012') {
  const result = scoreHand(input, rules);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

describe('wins recorded from the engine\'s score of a hand', () => {
  it('a closed pinfu tanyao ron is paid as the engine scored it', () => {
    const result = scored({ closed: '234m567p345s56788s', win_tile: '7s', seat_wind: 'S', round_wind: 'E' }, 'ema');
    const win = winningHandFromScore(1, result, '234m567p345s56788s');
    expect([win.han, win.fu, win.limit]).toEqual([2, 30, undefined]);
    const state = replayOrThrow(createGame({ players: PLAYERS }), [{ type: 'win', discarder: 2, winners: [win] }]);
    expect(state.points).toEqual([30000, 30000 + 2000, 30000 - 2000, 30000]);
    expect(state.hands[0]!.event).toMatchObject({ winners: [{ yaku: result.yaku, hand: '234m567p345s56788s' }] });
  });

  it('a yakuman (kokushi) is paid as a yakuman, not as its fan count', () => {
    const result = scored({ closed: '19m19p19s12345677z', win_tile: '1m', seat_wind: 'S', round_wind: 'E' }, 'ema');
    expect(result.limit).toBe('yakuman');
    const events: LedgerEvent[] = [{ type: 'win', discarder: 0, winners: [winningHandFromScore(1, result)] }];
    expect(replayOrThrow(createGame({ players: PLAYERS }), events).points).toEqual([-2000, 62000, 30000, 30000]);
  });

  it('a dealer yakuman tsumo: 16,000 from each', () => {
    const result = scored({ closed: '19m19p19s12345677z', win_tile: '7z', tsumo: true, seat_wind: 'E', round_wind: 'E' }, 'ema');
    const state = replayOrThrow(createGame({ players: PLAYERS }), [{ type: 'win', winners: [winningHandFromScore(0, result)] }]);
    expect(state.points).toEqual([78000, 14000, 14000, 14000]);
  });

  it('renhou is a mangan under ema whatever its fan', () => {
    const result = scored({ closed: '234m567p345s56788s', win_tile: '7s', renhou: true, seat_wind: 'S', round_wind: 'E' }, 'ema');
    expect(result.limit).toBe('mangan');
    const state = replayOrThrow(createGame({ players: PLAYERS }), [{ type: 'win', discarder: 0, winners: [winningHandFromScore(1, result)] }]);
    expect(state.points).toEqual([22000, 38000, 30000, 30000]);
  });
});
