// Hand screen: editor, situation and explained result (APP agent).
// On a phone the screen is one column: the hand, then (once it is complete) ron / tsumo and the score right
// under it, then the palette and the rest of the situation; on a wide screen, two columns.
import { useState } from 'react';
import { useAppState } from '../state/store.ts';
import type { PaletteTarget } from './editing.ts';
import { HandEditor } from './HandEditor.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { SituationForm } from './SituationForm.tsx';
import { checkHand } from './validate.ts';
import { DiscardsPanel } from './DiscardsPanel.tsx';
import { WaitsPanel } from './WaitsPanel.tsx';
import './hand.css';

export default function HandScreen() {
  const hand = useAppState((s) => s.hand);
  const situation = useAppState((s) => s.situation);
  const [target, setTarget] = useState<PaletteTarget>('hand');
  const [paletteRequest, setPaletteRequest] = useState(0);
  const check = checkHand(hand, situation);
  const complete = check.complete;
  // Choosing what the palette adds from the situation form (dora, ura) brings the palette into view.
  const setTargetFromAfar = (next: PaletteTarget) => {
    setTarget(next);
    if (next !== 'hand') setPaletteRequest((n) => n + 1);
  };
  return (
    <div className={`hand-screen${complete ? ' hand-complete' : ''}`} data-testid="hand-screen">
      <div className="hand-column">
        <HandEditor check={check} target={target} setTarget={setTarget} paletteRequest={paletteRequest} />
      </div>
      <div className="hand-column">
        <ResultPanel check={check} />
        {check.count === 13 && <WaitsPanel />}
        {check.count === 14 && <DiscardsPanel />}
        <SituationForm check={check} target={target} setTarget={setTargetFromAfar} />
      </div>
    </div>
  );
}
