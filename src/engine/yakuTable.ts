/**
 * Every yaku and what it is worth under a rule set, for the beginner's reference table: fan with a closed hand and
 * with an open one (none where only a closed hand counts it), or a limit (renhou's mangan, yakuman, double yakuman).
 * Read from the yaku table itself (yaku/index.ts) and the rules' options, so it cannot drift from the scorer.
 */
import { resolveRules, type RulesLike } from './rules.ts';
import { YAKU, YAKUMAN } from './yaku/index.ts';

export type YakuTableRow =
  | { id: string; kind: 'fan'; closed: number; open: number | null }
  | {
      id: string;
      kind: 'limit';
      limit: 'mangan' | 'yakuman' | 'double_yakuman';
      closedOnly: boolean;
      /** A double yakuman in its pure form under these rules (13-sided kokushi, suuankou tanki, junsei chuuren). */
      doubleForm?: true;
    };

export function yakuTable(rules?: RulesLike): YakuTableRow[] {
  const r = resolveRules(rules);
  const rows: YakuTableRow[] = YAKU.map((y) => ({
    id: y.id,
    kind: 'fan' as const,
    closed: y.closed,
    // tanyao's open fan is the rules' to give (kuitan)
    open: y.open === 0 || (y.id === 'tanyao' && !r.openTanyao) ? null : y.open,
  }));
  // renhou: a mangan the scorer gives outside the yaku table, a yakuman, or nothing, as the rules say
  if (r.renhou === 'mangan') rows.push({ id: 'renhou', kind: 'limit', limit: 'mangan', closedOnly: true });
  for (const y of YAKUMAN) {
    if (y.id === 'renhou' && r.renhou !== 'yakuman') continue;
    const double = y.closed >= 2 || (y.id === 'daisuushii' && r.daisuushiiDouble);
    const doubleForm = !double && r.doubleYakumanWaits && y.doubleForm !== undefined;
    rows.push({ id: y.id, kind: 'limit', limit: double ? 'double_yakuman' : 'yakuman', closedOnly: y.open === 0, ...(doubleForm ? { doubleForm: true as const } : {}) });
  }
  return rows;
}
