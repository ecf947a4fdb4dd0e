// The points table under the chosen rules (the A-1 table players look up): one table at a time, for the winner as
// dealer or not, on a discard or by self-draw, so that a phone's width holds its four fan columns.
import { useId, useState } from 'react';
import { limitName, pointsTable, PRESET_INFO, type Payment, type PresetName } from '../../engine/index.ts';
import { format, points, useLang, type Lang } from '../i18n/index.ts';
import type { PracticeStrings } from './strings.ts';

/**
 * One cell's shares as the tables print them: 3,900 on a discard, 1,000 / 2,000 by a non-dealer's self-draw (the
 * others' share, then the dealer's), 1,300 by the dealer's (each pays it; the legend says so).
 */
function ShareText({ share, lang }: { share: Payment; lang: Lang }) {
  if ('from_discarder' in share) return <>{points(share.from_discarder, lang)}</>;
  if (share.from_dealer === undefined) return <>{points(share.from_each_non_dealer, lang)}</>;
  // the break lets a narrow column put the dealer's share under the others'
  return (
    <>
      {points(share.from_each_non_dealer, lang)}
      <wbr />
      {' / '}
      {points(share.from_dealer, lang)}
    </>
  );
}

export function PointsTable({ s, rules }: { s: PracticeStrings; rules: PresetName }) {
  const lang = useLang();
  const [dealer, setDealer] = useState(false);
  const [tsumo, setTsumo] = useState(false);
  const name = useId();
  const table = pointsTable(rules, dealer, tsumo);
  const fanRange = (min: number | null, max: number | null) =>
    min === null ? s['pointsTable.yakumanHands'] : max === null ? format(s['pointsTable.fanUp'], { min }) : min === max ? String(min) : `${min}–${max}`;
  const how = tsumo ? (dealer ? s['pointsTable.legendDealerTsumo'] : s['pointsTable.legendTsumo']) : s['pointsTable.legendRon'];
  const caption = format(s['pointsTable.caption'], {
    winner: dealer ? s['pointsTable.dealer'] : s['pointsTable.nonDealer'],
    how: tsumo ? s['pointsTable.tsumo'] : s['pointsTable.ron'],
    rules: PRESET_INFO[rules].label,
  });
  const choice = (label: string, checked: boolean, onPick: () => void, testId: string) => (
    <label className="points-table-choice">
      <input type="radio" checked={checked} onChange={onPick} data-testid={testId} />
      {label}
    </label>
  );
  return (
    <details className="points-table" data-testid="points-table">
      <summary>{s.pointsTable}</summary>
      <div className="points-table-pick">
        <fieldset>
          <legend>{s['pointsTable.winner']}</legend>
          {choice(s['pointsTable.nonDealer'], !dealer, () => setDealer(false), 'points-table-non-dealer')}
          {choice(s['pointsTable.dealer'], dealer, () => setDealer(true), 'points-table-dealer')}
        </fieldset>
        <fieldset>
          <legend>{s['pointsTable.wonBy']}</legend>
          {choice(s['pointsTable.ron'], !tsumo, () => setTsumo(false), 'points-table-ron')}
          {choice(s['pointsTable.tsumo'], tsumo, () => setTsumo(true), 'points-table-tsumo')}
        </fieldset>
      </div>
      <p className="practice-note" id={`${name}-legend`}>
        {how} {s['pointsTable.legendLimit']}
      </p>
      {/* with large text a table is wider than a phone: it scrolls in its own box (focusable, to scroll by keyboard) */}
      <div className="scroll-x" tabIndex={0} role="region" aria-labelledby={`${name}-grid`}>
      <table className="points-table-grid" aria-describedby={`${name}-legend`} data-testid="points-table-grid">
        <caption id={`${name}-grid`}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{s['pointsTable.fu']}</th>
            {table.fan.map((fan) => (
              <th scope="col" key={fan}>
                {format(s['pointsTable.fanHead'], { fan })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.fu.map((fu, i) => (
            <tr key={fu}>
              <th scope="row">{fu}</th>
              {table.cells[i]!.map((cell, j) => (
                <td key={j} className={cell.limit ? 'points-table-limit' : undefined} data-fu={fu} data-fan={table.fan[j]}>
                  {cell.share ? <ShareText share={cell.share} lang={lang} /> : <span aria-label={s['pointsTable.none']}>—</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <div className="scroll-x" tabIndex={0} role="region" aria-labelledby={`${name}-limits`}>
      <table className="points-table-limits" data-testid="points-table-limits">
        <caption id={`${name}-limits`}>{s['pointsTable.limits']}</caption>
        <thead>
          <tr>
            <th scope="col">{s['pointsTable.limit']}</th>
            <th scope="col">{s['pointsTable.fan']}</th>
            <th scope="col">{s['pointsTable.pays']}</th>
          </tr>
        </thead>
        <tbody>
          {table.limits.map((row) => (
            <tr key={row.limit} data-limit={row.limit}>
              <th scope="row">{limitName(row.limit, lang)}</th>
              <td>{fanRange(row.minFan, row.maxFan)}</td>
              <td>
                <ShareText share={row.share} lang={lang} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {table.yakumanAddUp && <p className="practice-note">{s['pointsTable.addUp']}</p>}
    </details>
  );
}
