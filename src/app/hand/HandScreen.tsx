// Hand screen: editor, situation and explained result (APP agent).
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
  const check = checkHand(hand, situation);
  return (
    <div className="hand-screen">
      <div className="hand-column">
        <HandEditor check={check} target={target} setTarget={setTarget} />
      </div>
      <div className="hand-column">
        <ResultPanel check={check} />
        {check.count === 13 && <WaitsPanel />}
        {check.count === 14 && <DiscardsPanel />}
        <SituationForm check={check} target={target} setTarget={setTarget} />
      </div>
    </div>
  );
}
