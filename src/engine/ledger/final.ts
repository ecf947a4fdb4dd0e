// Final table of a hanchan (002 5.9-5.9.2 and the rule options): hanchan score = (points - return points) / 1,000
// + uma (+ oka for first place), without rounding; riichi bets left on the table stay there (WRC 2015 5.9, RCR 2012)
// or go to first place (RCR 2016, the online clients, M-League); tied players split the uma and oka of the places
// they share (EMA, WRC, M-League) or are ranked by seat, the first East first (Tenhou, Mahjong Soul).
import { RIICHI_BET } from '../payment.ts';
import { PLAYER_INDICES, type FinalRow, type FinalTable, type GameState, type PlayerIndex } from './types.ts';

/** Sum of bonus[from..to] / count, in exact tenths to avoid binary fractions. */
function splitBonus(bonus: readonly number[], from: number, count: number): number {
  let tenths = 0;
  for (let i = from; i < from + count; i++) tenths += Math.round((bonus[i] ?? 0) * 10);
  return tenths / count / 10;
}

/** Rounds away binary noise (scores are exact to 0.1 point / 1000, a split can give thirds). */
function clean(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export function finalTable(state: GameState): FinalTable {
  const { setup } = state;
  const rules = setup.rules;
  const uma = rules.uma ?? [15, 5, -5, -15];
  const reference = rules.returnPoints ?? setup.startingPoints;
  // oka: what the four players started below the return points goes to first place
  const oka = ((reference - setup.startingPoints) * 4) / 1000;
  const byPlace = [oka, 0, 0, 0];
  const seatOrder = rules.tiedPlaces === 'seat-order';
  // Sort by points, best first; equal points form one group sharing their places (or ranked by seat).
  const order = [...PLAYER_INDICES].sort((a, b) => state.points[b] - state.points[a] || a - b);
  // players level on points, in seat order; they share their places unless the rules rank them by seat
  const level: PlayerIndex[][] = [];
  for (const p of order) {
    const last = level[level.length - 1];
    if (last && state.points[last[0]!] === state.points[p]) last.push(p);
    else level.push([p]);
  }
  const groups = seatOrder ? order.map((p) => [p]) : level;
  const toFirst = rules.riichiBetsAtEnd === 'first-place' && state.riichiBets > 0;
  const leftover = toFirst ? (state.riichiBets * RIICHI_BET) / groups[0]!.length : 0;
  const rows: FinalRow[] = [];
  let place = 0;
  for (const group of groups) {
    const count = group.length;
    const umaShare = splitBonus(uma, place, count);
    const okaShare = splitBonus(byPlace, place, count);
    for (const p of group) {
      const bets = place === 0 ? leftover : 0;
      const penalty = rules.chombo === 'reverse-mangan' ? 0 : (state.chombos[p] * setup.chomboPenalty) / 1000;
      const points = state.points[p] + bets;
      rows.push({
        player: p,
        name: setup.players[p],
        points,
        place: place + 1,
        tied: count > 1,
        uma: clean(umaShare),
        oka: clean(okaShare),
        chomboPenalty: clean(penalty),
        leftoverBets: bets,
        score: clean((points - reference) / 1000 + umaShare + okaShare - penalty),
      });
    }
    place += count;
  }
  const seatTies = seatOrder ? level.filter((g) => g.length > 1) : [];
  return { rows, riichiBetsLeft: state.riichiBets, riichiBetsFate: toFirst ? 'to-first-place' : 'stay-on-table', seatTies };
}
