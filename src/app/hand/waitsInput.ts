// The editor's hand + situation → the waits engine's input (all concealed tiles, the winning tile included).
import type { WaitingHandInput, WaitsSituation } from '../../engine/index.ts';
import type { HandDraft, Situation } from '../state/types.ts';
import { formatNotation } from '../tiles/codes.ts';
import { toHandInput } from './engineInput.ts';

export function toWaitsInput(hand: HandDraft, situation: Situation): { hand: WaitingHandInput; situation: WaitsSituation } {
  const { closed: _c, melds, win_tile: _w, tsumo: _t, ...rest } = toHandInput(hand, situation);
  const tiles = hand.winTile ? [...hand.closed, hand.winTile] : hand.closed;
  return { hand: { closed: formatNotation(tiles), melds }, situation: rest };
}

/** The hand with `tile` as its winning tile (a 13-tile hand completed by it; a previous winning tile goes back). */
export function withWinningTile(hand: HandDraft, tile: string): HandDraft {
  const closed = hand.winTile ? [...hand.closed, hand.winTile] : [...hand.closed];
  return { ...hand, closed, winTile: tile };
}
