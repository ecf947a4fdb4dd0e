// Waits of a 13-tile hand (issue 19): each winning tile with its wait shape and its ron and tsumo scores, tiles that
// cannot come, the furiten note; not ready: shanten and improving tiles. The engine's findWaits does the work.
import { useMemo } from 'react';
import { findWaits, patternText, scoreText, shapesText, waitsExtrasText, WAITS_TEXTS, type ScoreResult, type WaitEntry, type WaitsResult } from '../../engine/index.ts';
import { format, useLang, useStrings, useT } from '../i18n/index.ts';
import { rulesLabelIn } from '../i18n/ruleWords.ts';
import { actions, useAppState } from '../state/store.ts';
import { Tile } from '../tiles/Tile.tsx';
import { rulesOf } from './engineInput.ts';
import { engineTexts } from './engineText.ts';
import { toWaitsInput, withWinningTile } from './waitsInput.ts';
import { waitsStrings, type WaitsStrings } from './waitsStrings.ts';
import './waits.css';

const total = (r: ScoreResult) => (r.ok ? r.total_gain : 0);

export function WaitsPanel() {
  const s = useStrings(waitsStrings);
  const lang = useLang();
  const hand = useAppState((st) => st.hand);
  const situation = useAppState((st) => st.situation);
  const result = useMemo<WaitsResult>(() => {
    const input = toWaitsInput(hand, situation);
    return findWaits(input.hand, input.situation);
  }, [hand, situation]);

  return (
    <section className="panel waits" aria-labelledby="waits-title" aria-live="polite" data-testid="waits-panel" data-shanten={result.ok ? result.shanten : ''}>
      <h2 id="waits-title">
        {s.title} <span lang="ja">{s.titleJa}</span>
      </h2>
      <p className="hint">{s.intro}</p>
      {!result.ok && (
        <p className="problem" role="alert" data-testid="waits-error" data-code={result.error.code}>
          {format(s.error, { message: result.error.code === 'WRONG_TILE_COUNT' ? format(WAITS_TEXTS[lang].wrongCount, { count: result.error.params?.count ?? '?' }) : engineTexts(lang).errorMessage(result.error.code, result.error.message, result.error.params) })}
        </p>
      )}
      {result.ok && result.shanten === 0 && <ReadyView result={result} s={s} lang={lang} />}
      {result.ok && result.shanten > 0 && <NotReadyView result={result} s={s} />}
      {result.ok && result.impossible.length > 0 && (
        <p className="waits-impossible" data-testid="waits-impossible">
          {s.impossible}{' '}
          {result.impossible.map((t) => (
            <Tile key={t} code={t} size="sm" />
          ))}
        </p>
      )}
      {result.ok && result.shanten === 0 && (
        <p className="hint waits-furiten" data-testid="waits-furiten">
          {WAITS_TEXTS[lang].furiten}
        </p>
      )}
    </section>
  );
}

function ReadyView({ result, s, lang }: { result: Extract<WaitsResult, { ok: true }>; s: WaitsStrings; lang: 'en' | 'fr' }) {
  const t = useT();
  const hand = useAppState((st) => st.hand);
  const situation = useAppState((st) => st.situation);
  const unseen = result.waits.reduce((n, w) => n + w.unseen, 0);
  const extras = waitsExtrasText(result, lang);
  return (
    <>
      <p className="waits-summary" data-testid="waits-summary">
        {result.waits.length > 0 ? format(s.ready, { kinds: result.waits.length, unseen }) : s.readyNone}
      </p>
      {/* every score says the rules it was counted by, as the result's do */}
      {result.waits.length > 0 && (
        <p className="rules-used" data-testid="waits-rules">
          {t('result.rules', { rules: rulesLabelIn(rulesOf(situation), lang) })}
        </p>
      )}
      {result.patterns.map((p) => (
        <p key={p.id + p.tiles} className="waits-pattern" data-testid="waits-pattern" data-pattern={p.id}>
          {patternText(p, lang)}
        </p>
      ))}
      <ul className="waits-list" data-testid="waits-list">
        {result.waits.map((w) => (
          <WaitItem key={w.tile} w={w} s={s} lang={lang} closedHand={result.closedHand} onTry={() => actions.setHand(withWinningTile(hand, w.tile))} />
        ))}
      </ul>
      {extras && (
        <p className="hint" data-testid="waits-extras">
          {extras}
        </p>
      )}
    </>
  );
}

function WaitItem({ w, s, lang, closedHand, onTry }: { w: WaitEntry; s: WaitsStrings; lang: 'en' | 'fr'; closedHand: boolean; onTry: () => void }) {
  const texts = WAITS_TEXTS[lang];
  const noYaku = closedHand ? texts.noYakuRiichi : texts.noYaku;
  const scoreOf = (r: ScoreResult) => (r.ok ? scoreText(r, lang) : r.error.code === 'NO_YAKU' || r.error.code === 'NOT_ENOUGH_FAN' ? noYaku : scoreText(r, lang));
  return (
    <li className="wait" data-testid="wait" data-tile={w.tile} data-scoring={w.scoring} data-ron-total={total(w.ron)} data-tsumo-total={total(w.tsumo)}>
      <div className="wait-tile">
        <Tile code={w.tile} />
        <span className="wait-unseen">{format(s.unseen, { n: w.unseen })}</span>
      </div>
      <div className="wait-body">
        <p className="wait-shape">{shapesText(w.shapes, lang)}</p>
        <p className={`wait-score${w.ron.ok ? '' : ' wait-none'}`} data-testid="wait-ron">
          <strong>{s.ron}</strong> {w.scoring === 'tsumo-only' ? texts.noYakuOnRon : scoreOf(w.ron)}
        </p>
        <p className={`wait-score${w.tsumo.ok ? '' : ' wait-none'}`} data-testid="wait-tsumo">
          <strong>{s.tsumo}</strong> {scoreOf(w.tsumo)}
        </p>
        <button type="button" className="wait-try" onClick={onTry} data-testid="wait-try">
          {s.tryTile}
        </button>
      </div>
    </li>
  );
}

function NotReadyView({ result, s }: { result: Extract<WaitsResult, { ok: true }>; s: WaitsStrings }) {
  const f = result.forms;
  const form = (n: number) => (n >= 99 ? '—' : String(n));
  const unseen = result.improving.reduce((n, t) => n + t.unseen, 0);
  return (
    <>
      <p className="waits-summary" data-testid="waits-summary">
        {format(s.notReady, { shanten: result.shanten })}
      </p>
      <p className="hint">{format(s.forms, { standard: form(f.standard), sevenPairs: form(f.sevenPairs), orphans: form(f.orphans) })}</p>
      <p>{format(s.improving, { kinds: result.improving.length, unseen })}</p>
      <ul className="waits-improving" data-testid="waits-improving">
        {result.improving.map((t) => (
          <li key={t.tile} data-tile={t.tile} data-unseen={t.unseen}>
            <Tile code={t.tile} size="sm" />
            <span className="wait-unseen">{t.unseen}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
