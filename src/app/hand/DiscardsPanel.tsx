// A 14-tile hand (typed, or read from a photo): for each tile it could discard, what the other thirteen leave
// (ready and its waits with the best ron score, or the shanten). Folded until opened: the engine runs only then.
import { useMemo, useState } from 'react';
import { discardOptions, type DiscardsResult } from '../../engine/index.ts';
import { format, useLang, useStrings } from '../i18n/index.ts';
import { useAppState } from '../state/store.ts';
import { Tile } from '../tiles/Tile.tsx';
import { engineTexts } from './engineText.ts';
import { toWaitsInput } from './waitsInput.ts';
import { waitsStrings } from './waitsStrings.ts';
import './waits.css';

export function DiscardsPanel() {
  const s = useStrings(waitsStrings);
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const hand = useAppState((st) => st.hand);
  const situation = useAppState((st) => st.situation);
  const result = useMemo<DiscardsResult | null>(() => {
    if (!open) return null;
    const input = toWaitsInput(hand, situation);
    return discardOptions(input.hand, input.situation);
  }, [open, hand, situation]);
  return (
    <details className="panel discards" data-testid="discards-panel" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <h2>{s.discardsTitle}</h2>
      </summary>
      <p className="hint">{s.discardsIntro}</p>
      {result && !result.ok && <p className="problem">{format(s.error, { message: engineTexts(lang).errorMessage(result.error.code, result.error.message, result.error.params) })}</p>}
      {result && result.ok && (
        <table className="discards-table" data-testid="discards-table">
          <thead>
            <tr>
              <th scope="col">{s.discard}</th>
              <th scope="col">{s.leaves}</th>
            </tr>
          </thead>
          <tbody>
            {result.options.map((o, i) => {
              const left = o.left;
              const unseen = (left.shanten === 0 ? left.waits : left.improving).reduce((n, w) => n + w.unseen, 0);
              return (
                <tr key={o.discard} data-testid="discard" data-tile={o.discard} data-furiten={o.furiten} data-shanten={left.shanten} data-waits={left.waits.map((w) => w.tile).join(' ')}>
                  <td>
                    <Tile code={o.discard} size="sm" />
                    {i === 0 && <span className="discard-best"> {s.best}</span>}
                  </td>
                  <td>
                    {left.shanten === 0 && left.waits.length === 0 ? (
                      s.discardReadyNone
                    ) : left.shanten === 0 ? (
                      <>
                        {s.readyWaits}{' '}
                        {left.waits.map((w) => (
                          <Tile key={w.tile} code={w.tile} size="sm" />
                        ))}{' '}
                        ({format(s.unseen, { n: unseen })})
                        {o.furiten && <span className="discard-furiten" data-testid="discard-furiten">{s.discardFuriten}</span>}
                      </>
                    ) : (
                      format(s.shantenLeft, { shanten: left.shanten, kinds: left.improving.length, unseen })
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </details>
  );
}
