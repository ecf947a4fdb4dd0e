// Practice "waits" question (issue 19): a ready 13-tile hand, the player picks every winning tile, then sees the
// engine's waits with their shapes and ron / tsumo scores. The answer counts in the per-topic tally (waits).
import { useEffect, useState } from 'react';
import { parseTiles, scoreText, shapesText, WAITS_TEXTS, type PresetName, type ScoreResult } from '../../engine/index.ts';
import { checkWaitsAnswer, generateWaitsQuestion, type MeldLevel, type Topic, type WaitsCheck, type WaitsQuestion } from '../../engine/practice/index.ts';
import { format, useLang, useStrings, useT } from '../i18n/index.ts';
import { Tile, tileName } from '../tiles/Tile.tsx';
import { PracticeMeld } from './PracticeMeld.tsx';
import { keepWaitsQuestion, readKeptWaitsQuestion } from './keptQuestion.ts';
import { practiceStrings } from './strings.ts';
import { waitsPracticeStrings } from './waitsStrings.ts';
import './practice.css';

const PICK_ROWS: string[][] = [
  ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m'],
  ['1p', '2p', '3p', '4p', '5p', '6p', '7p', '8p', '9p'],
  ['1s', '2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s'],
  ['1z', '2z', '3z', '4z', '5z', '6z', '7z'],
];

function newWaitsQuestion(melds: MeldLevel, rules: string): WaitsQuestion {
  return generateWaitsQuestion(Math.floor(Math.random() * 2 ** 31), melds, rules);
}

/** The question this tab left (a look at another screen, a reload), picks and feedback as left, or a new one. */
function openingWaitsQuestion(melds: MeldLevel, rules: PresetName): { q: WaitsQuestion; number: number; picked: string[]; check: WaitsCheck | null } {
  const kept = readKeptWaitsQuestion();
  if (kept && kept.melds === melds && kept.rules === rules) {
    try {
      const q = generateWaitsQuestion(kept.seed, melds, rules);
      return { q, number: kept.number ?? 1, picked: kept.picked, check: kept.answered ? checkWaitsAnswer(q, kept.picked) : null };
    } catch {
      /* a new question below */
    }
  }
  return { q: newWaitsQuestion(melds, rules), number: 1, picked: [], check: null };
}

export interface WaitsPracticeProps {
  melds: MeldLevel;
  rules: PresetName;
  /** Called once per question answered (not for a retry), with the topics it counts for. */
  onAnswered: (topics: Partial<Record<Topic, boolean>>) => void;
  /** Counts the screen's own "New question" presses: each change deals a new hand here. */
  round: number;
}

export function WaitsPractice({ melds, rules, onAnswered, round }: WaitsPracticeProps) {
  const s = useStrings(waitsPracticeStrings);
  const ps = useStrings(practiceStrings);
  const t = useT();
  const lang = useLang();
  const [settingsKey, setSettingsKey] = useState(`${melds}/${rules}/${round}`);
  const [opening] = useState(() => openingWaitsQuestion(melds, rules));
  const [q, setQ] = useState<WaitsQuestion>(opening.q);
  // Questions are numbered 1, 2, 3 in this tab, as the score questions are (the seed stays in data-seed).
  const [number, setNumber] = useState(opening.number);
  const [picked, setPicked] = useState<string[]>(opening.picked);
  const [check, setCheck] = useState<WaitsCheck | null>(opening.check);
  useEffect(() => keepWaitsQuestion({ seed: q.seed, melds, rules, number, picked, answered: check !== null }), [q, melds, rules, number, picked, check]);
  const next = () => {
    setQ(newWaitsQuestion(melds, rules));
    setNumber((n) => n + 1);
    setPicked([]);
    setCheck(null);
  };
  if (settingsKey !== `${melds}/${rules}/${round}`) {
    // new level or rules, or the screen's "New question": a new hand (state adjusted during render, as React
    // recommends for derived resets)
    setSettingsKey(`${melds}/${rules}/${round}`);
    next();
  }
  const toggle = (tile: string) => {
    if (check) return;
    setPicked((p) => (p.includes(tile) ? p.filter((x) => x !== tile) : [...p, tile]));
  };
  const submit = () => {
    const result = checkWaitsAnswer(q, picked);
    setCheck(result);
    onAnswered(result.topics);
  };
  const texts = WAITS_TEXTS[lang];
  const scoreOf = (r: ScoreResult) => (r.ok ? scoreText(r, lang) : r.error.code === 'NO_YAKU' || r.error.code === 'NOT_ENOUGH_FAN' ? (q.answer.closedHand ? texts.noYakuRiichi : texts.noYaku) : scoreText(r, lang));
  const sit = q.situation;

  return (
    <article className="practice-question" data-testid="waits-question" data-seed={q.seed} data-waits={q.answer.waits.map((w) => w.tile).join(' ')}>
      <h3 data-testid="waits-heading">{format(s.title, { n: number })}</h3>
      <p>{s.prompt}</p>
      <div className="practice-tiles" data-testid="waits-question-hand">
        {parseTiles(q.hand.closed).map((tile, i) => (
          <Tile key={i} code={tile} />
        ))}
        {q.hand.melds.map((m, i) => (
          <PracticeMeld key={i} meld={m} />
        ))}
      </div>
      <ul className="practice-situation">
        {sit.double_riichi ? <li>{ps.doubleRiichi}</li> : sit.riichi ? <li>{ps.riichi}</li> : null}
        <li>
          {format(ps.seat, { wind: ps[`wind.${sit.seat_wind ?? 'E'}`] })}
          {sit.seat_wind === 'E' ? ` (${ps.dealerNote})` : ''}
        </li>
        <li>{format(ps.round, { wind: ps[`wind.${sit.round_wind ?? 'E'}`] })}</li>
        {sit.dora_indicators && (
          <li>
            {ps.dora}
            {ps.colon}{' '}
            {parseTiles(sit.dora_indicators).map((tile, i) => (
              <Tile key={i} code={tile} size="sm" />
            ))}
          </li>
        )}
      </ul>
      <div className="waits-pick-grid" role="group" aria-label={s.palette} data-testid="waits-pick-grid">
        {PICK_ROWS.map((row, i) => (
          <div className="palette-row" key={i}>
            {row.map((tile) => (
              <button
                key={tile}
                type="button"
                className={`waits-pick${picked.includes(tile) ? ' picked' : ''}`}
                aria-pressed={picked.includes(tile)}
                aria-label={tileName(tile, t)}
                onClick={() => toggle(tile)}
                data-testid="waits-pick"
                data-tile={tile}
                disabled={check !== null}
              >
                <Tile code={tile} size="sm" />
              </button>
            ))}
          </div>
        ))}
      </div>
      <p className="practice-note">{format(s.picked, { n: picked.length })}</p>
      <div className="practice-actions">
        <button type="button" onClick={submit} disabled={check !== null} data-testid="waits-check">
          {s.check}
        </button>
        <button type="button" onClick={next} data-testid="waits-next">
          {s.newQuestion}
        </button>
      </div>
      {check && (
        <div className="practice-feedback" data-testid="waits-feedback" data-correct={String(check.correct)}>
          <p className={check.correct ? 'practice-ok practice-verdict' : 'practice-bad practice-verdict'} role="status" data-testid="waits-verdict">
            {check.correct ? s.right : s.wrong}
          </p>
          {check.missed.length > 0 && (
            <p data-testid="waits-missed">
              {s.missed}{' '}
              {check.missed.map((tile) => (
                <Tile key={tile} code={tile} size="sm" />
              ))}
            </p>
          )}
          {check.extra.length > 0 && (
            <p data-testid="waits-extra">
              {s.extra}{' '}
              {check.extra.map((tile) => (
                <Tile key={tile} code={tile} size="sm" />
              ))}
            </p>
          )}
          <p>{s.expected}</p>
          <ul className="practice-lines">
            {q.answer.waits.map((w) => (
              <li key={w.tile} data-tile={w.tile}>
                <Tile code={w.tile} size="sm" /> {shapesText(w.shapes, lang)} — {texts.ron.replace('{score}', w.scoring === 'tsumo-only' ? texts.noYakuOnRon : scoreOf(w.ron))}
                {ps.semicolon}{' '}
                {texts.tsumo.replace('{score}', scoreOf(w.tsumo))}
              </li>
            ))}
          </ul>
          {q.answer.impossible.length > 0 && <p>{format(texts.impossible, { tiles: q.answer.impossible.join(' ') })}</p>}
          <p className="practice-note">{texts.furiten}</p>
        </div>
      )}
    </article>
  );
}
