// Final table of a hanchan (002 5.9-5.9.2): hanchan score = (points - 30,000) / 1,000 + uma,
// without rounding; tied places split the uma of the places they share; riichi bets left on the
// table stay there (nobody collects them).
import { PLAYER_INDICES, type FinalRow, type FinalTable, type GameState } from './types.ts';

/** Sum of uma[from..to] / count, in exact tenths to avoid binary fractions. */
function splitUma(uma: readonly number[], from: number, count: number): number {
  let tenths = 0;
  for (let i = from; i < from + count; i++) tenths += Math.round((uma[i] ?? 0) * 10);
  return tenths / count / 10;
}

/** Rounds away binary noise (scores are exact to 0.1 point / 1000, uma split can give thirds). */
function clean(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

export function finalTable(state: GameState): FinalTable {
  const { setup } = state;
  const uma = setup.rules.uma ?? [15, 5, -5, -15];
  const reference = setup.startingPoints;
  // Sort by points, best first; equal points form one group sharing their places.
  const order = [...PLAYER_INDICES].sort((a, b) => state.points[b] - state.points[a] || a - b);
  const rows: FinalRow[] = [];
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && state.points[order[j + 1]!] === state.points[order[i]!]) j++;
    const count = j - i + 1;
    const share = splitUma(uma, i, count);
    for (let k = i; k <= j; k++) {
      const p = order[k]!;
      const penalty = (state.chombos[p] * setup.chomboPenalty) / 1000;
      rows.push({
        player: p,
        name: setup.players[p],
        points: state.points[p],
        place: i + 1,
        tied: count > 1,
        uma: clean(share),
        chomboPenalty: clean(penalty),
        score: clean((state.points[p] - reference) / 1000 + share - penalty),
      });
    }
    i = j + 1;
  }
  return { rows, riichiBetsLeft: state.riichiBets, riichiBetsFate: 'stay-on-table' };
}
