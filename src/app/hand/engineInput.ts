// The editor's hand + situation → the engine's HandInput (issue 2's JSON line object).
import type { HandInput, RulesLike } from '../../engine/index.ts';
import { formatNotation } from '../tiles/codes.ts';
import type { HandDraft, Situation } from '../state/types.ts';

export function rulesOf(situation: Situation): RulesLike {
  if (situation.rules !== 'custom') return situation.rules;
  return { preset: situation.customBase, ...situation.custom };
}

export function toHandInput(hand: HandDraft, situation: Situation): HandInput {
  const closed = hand.winTile ? [...hand.closed, hand.winTile] : hand.closed;
  const s = situation;
  return {
    closed: formatNotation(closed),
    melds: hand.melds.map((m) => ({ type: m.type, tiles: formatNotation(m.tiles) })),
    win_tile: hand.winTile ?? '',
    tsumo: s.tsumo,
    riichi: s.riichi,
    double_riichi: s.double_riichi,
    ippatsu: s.ippatsu,
    haitei: s.haitei,
    houtei: s.houtei,
    rinshan: s.rinshan,
    chankan: s.chankan,
    tenhou: s.tenhou,
    chiihou: s.chiihou,
    renhou: s.renhou,
    seat_wind: s.seat_wind,
    round_wind: s.round_wind,
    dora_indicators: formatNotation(s.dora_indicators),
    ura_indicators: formatNotation(s.ura_indicators),
    honba: s.honba,
    riichi_sticks: s.riichi_sticks,
    rules: rulesOf(s),
  };
}
