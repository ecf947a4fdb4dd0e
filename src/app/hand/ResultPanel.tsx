import { useMemo } from 'react';
import { COUNTER_RON, COUNTER_TSUMO_EACH, explainPointsSteps, resolveRules, fuItemsExplained, readingNotes, scoreHand, tableValue, yakumanOfYaku, yakuNotCounted, type NotCounted, type Payment, type ReadingNote, type ScoreResult } from '../../engine/index.ts';
import { plural, points, useLang, useT, type Lang, type MessageKey, type TFunction } from '../i18n/index.ts';
import { actions, useAppState } from '../state/store.ts';
import { SITUATION_FLAGS, type HandDraft, type Situation } from '../state/types.ts';
import { scrollBehavior } from '../motion.ts';
import { parseNotation } from '../tiles/codes.ts';
import { Tile, tileName } from '../tiles/Tile.tsx';
import { TileText } from '../tiles/TileText.tsx';
import { rulesOf, toHandInput } from './engineInput.ts';
import { rulesLabelIn } from '../i18n/ruleWords.ts';
import { engineTexts, type EngineTexts } from './engineText.ts';
import { applyTileChange, concealedToKan } from './editing.ts';
import { blocksScoring, fourConcealed, oneTileChanges, type HandCheck } from './validate.ts';
import { problemText } from './problemText.ts';
import { TYPED_CHANGES_SHOWN } from '../../vision/oneTileFixes.ts';
import { sendToLedger } from '../ledger/handoff.ts';
import { requestWords } from '../practice/wordsRequest.ts';


export function ResultPanel({ check }: { check: HandCheck }) {
  const t = useT();
  const lang = useLang();
  const hand = useAppState((s) => s.hand);
  const situation = useAppState((s) => s.situation);
  const ready = check.complete && !check.problems.some(blocksScoring);
  // the score, and the yaku the hand came close to with what kept each out (for the player learning why)
  // (and why the reading's wait is the one shown, where the winning tile also finishes a two-sided wait)
  const scored = useMemo<{ result: ScoreResult; notCounted: NotCounted[]; notes: ReadingNote[] } | null>(() => {
    if (!ready) return null;
    const input = toHandInput(hand, situation);
    const result = scoreHand(input);
    return { result, notCounted: yakuNotCounted(input, result), notes: readingNotes(input, result) };
  }, [ready, hand, situation]);
  const result = scored?.result ?? null;
  const notCounted = scored?.notCounted ?? [];
  const notes = scored?.notes ?? [];

  return (
    <section className="panel result" aria-labelledby="result-title" aria-live="polite" data-testid="result">
      <h2 id="result-title">{t('result.title')}</h2>
      <WinKind />
      <SituationSummary />
      {/* 14 tiles without a winning tile (a pon made of the tile that was): what is missing, said alone */}
      {!ready && <p className="hint" data-testid="result-hint">{check.complete ? t('result.fixFirst') : check.count === 14 && !hand.winTile ? t('result.noWinner') : t('result.incomplete')}</p>}
      {!ready && check.complete && (
        // said here too: an indicator's problem is shown in the situation, out of sight on a phone
        <ul className="problems" data-testid="result-problems">
          {check.problems.filter(blocksScoring).map((p, i) => (
            <li key={i} className="problem" data-problem={p.code}>
              {problemText(p, t)}
            </li>
          ))}
        </ul>
      )}
      {result && !result.ok && <ErrorView error={result.error} hand={hand} situation={situation} notCounted={notCounted} />}
      {result && result.ok && <ScoreView result={result} t={t} lang={lang} rulesLabel={rulesLabelIn(rulesOf(situation), lang)} notCounted={notCounted} notes={notes} />}
      {result && result.ok && (
        <p className="to-ledger">
          <button
            type="button"
            onClick={() => {
              // the ledger scores the hand again in its own game's situation (counters, bets, riichi) and rules
              sendToLedger({ tsumo: situation.tsumo, seatWind: situation.seat_wind });
              actions.goTo('ledger');
            }}
            data-testid="to-ledger"
          >
            {t('result.toLedger')}
          </button>
        </p>
      )}
    </section>
  );
}

/** Ron or tsumo: the one choice most hands need, next to the score it changes. */
function WinKind() {
  const t = useT();
  const tsumo = useAppState((s) => s.situation.tsumo);
  return (
    <fieldset className="win-kind">
      <legend>{t('situation.win')}</legend>
      <label className={!tsumo ? 'active' : undefined}>
        <input type="radio" name="win-kind" checked={!tsumo} onChange={() => actions.setSituation({ tsumo: false })} data-testid="ron" />
        {t('situation.ron')}
      </label>
      <label className={tsumo ? 'active' : undefined}>
        <input type="radio" name="win-kind" checked={tsumo} onChange={() => actions.setSituation({ tsumo: true })} data-testid="tsumo" />
        {t('situation.tsumo')}
      </label>
    </fieldset>
  );
}

/**
 * What the score takes for granted, in one line under ron / tsumo: the seat and round winds and riichi (or the flags
 * set). Their fields are far down the screen on a phone, and a beginner would accept a non-dealer's score without
 * riichi without knowing it was one. "Change" takes the player to them.
 */
function SituationSummary() {
  const t = useT();
  const lang = useLang();
  const situation = useAppState((s) => s.situation);
  const flags = SITUATION_FLAGS.filter((f) => situation[f]).map((f) => t(`flag.${f}` as MessageKey));
  const seat = t(`wind.${situation.seat_wind}` as MessageKey);
  const text = t('result.situation', {
    seat: situation.seat_wind === 'E' ? `${seat} (${t('situation.dealer')})` : seat,
    round: t(`wind.${situation.round_wind}` as MessageKey),
    flags: flags.length > 0 ? flags.join(', ') : t('result.noRiichi'),
    // the rule book too: 7,700 or 8,000 may hang on it, and its own line is at the foot of the explanation
    rules: rulesLabelIn(rulesOf(situation), lang),
  });
  const change = () => {
    const seatField = document.querySelector<HTMLSelectElement>('[data-testid=seat-wind]');
    seatField?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    seatField?.focus({ preventScroll: true });
  };
  return (
    <p className="situation-summary" data-testid="situation-summary">
      {text}{' '}
      <button type="button" className="link" onClick={change} data-testid="change-situation">
        {t('result.changeSituation')}
      </button>
    </p>
  );
}

/**
 * A yaku's worth: "yakuman", or "double yakuman" for one that counts twice (daisuushii where the rules say so); an
 * ordinary yaku its fan, also in a hand counted up to a yakuman (kazoe).
 */
function yakuWorth(han: number, t: TFunction, texts: EngineTexts, lang: 'en' | 'fr'): string {
  const limit = yakumanOfYaku(han);
  if (!limit) return t('result.han', { han });
  return limit !== 'yakuman' ? texts.limitName(limit).toLocaleLowerCase(lang) : t('result.yakuman');
}

function ScoreView({ result, t, lang, rulesLabel, notCounted, notes }: { result: Extract<ScoreResult, { ok: true }>; t: TFunction; lang: 'en' | 'fr'; rulesLabel: string; notCounted: NotCounted[]; notes: ReadingNote[] }) {
  const texts = engineTexts(lang);
  const ex = result.explanation;
  // a yakuman, or several stacked (triple and up where the rules stack them): counted in yakuman, not fan and fu
  const isYakuman = result.limit !== null && result.limit.endsWith('yakuman');
  const value = tableValue(result.payment, ex.honba, ex.riichi_sticks);
  return (
    <div data-testid="score" data-han={result.han} data-fu={result.fu} data-total={result.total_gain} data-hand-value={value.value}>
      <p className="total">
        <span data-testid="total">{points(value.value, lang)}</span> {t('result.points')}
        {result.limit && (
          <span className="limit" data-testid="limit">
            {' '}
            · {texts.limitName(result.limit)}
          </span>
        )}
      </p>
      <p className="han-fu" data-testid="han-fu">
        {!isYakuman
          ? t('result.hanFu', { han: result.han, fu: result.fu })
          : !result.yaku.some((y) => yakumanOfYaku(y.han) !== null)
            ? t('result.kazoe', { han: result.han }) // 13+ fan counted as a yakuman: the count is the reason
            : t(result.limit === 'yakuman' ? 'result.yakumanHand' : 'result.yakumanAdded')}
      </p>
      <PaymentLines payment={result.payment} honba={ex.honba} t={t} lang={lang} />
      {(value.counters > 0 || value.bets > 0) && (
        <p className="extras" data-testid="extras">
          {[
            ...(value.counters > 0 ? [t(plural('pay.extraCounters', ex.honba, lang), { amount: points(value.counters, lang), count: ex.honba })] : []),
            ...(value.bets > 0 ? [t(plural('pay.extraSticks', ex.riichi_sticks, lang), { amount: points(value.bets, lang), count: ex.riichi_sticks })] : []),
          ].join(', ')}
          {t('pay.inAll', { total: points(value.total, lang) })}
        </p>
      )}
      <details className="points-steps" data-testid="points-steps">
        <summary>{t('result.howCounted')}</summary>
        <ul>
          {explainPointsSteps(result, lang, (n) => points(n, lang)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="hint">
          {t('result.wordsHint')}{' '}
          <button type="button" className="link-button" onClick={() => { requestWords(); actions.goTo('practice'); }} data-testid="open-words">
            {t('result.wordsLink')}
          </button>
        </p>
      </details>

      <h3>{t('result.yaku')}</h3>
      <ul className="yaku-list" data-testid="yaku-list">
        {ex.yaku.map((y) => {
          const reason = texts.yakuReason(y);
          const closedFan = texts.closedFan(y);
          return (
            <li key={y.id} data-yaku={y.id}>
              <YakuTitle id={y.id} texts={texts} />
              <span className="yaku-han">
                {yakuWorth(y.han, t, texts, lang)}
                {closedFan && (
                  <span className="muted closed-fan" data-testid="closed-fan">
                    {' '}
                    {closedFan}
                  </span>
                )}
              </span>
              {reason && <span className="yaku-reason"><TileText text={reason} /></span>}
            </li>
          );
        })}
      </ul>
      <NotCountedList items={notCounted} />

      {!isYakuman && ex.fu.length > 0 && (
        <>
          <h3>{t('result.fu')}</h3>
          <ul className="fu-list" data-testid="fu-list">
            {fuItemsExplained(result).map((item, i) => (
              <li key={i} data-fu-item={item.id}>
                <span className="fu-name"><TileText text={texts.fuItem(item)} /></span>
                {item.tiles && <Tiles notation={item.tiles} />}
                <span className="fu-value">{t('result.fuValue', { fu: item.fu })}</span>
              </li>
            ))}
            {ex.fu_raw !== result.fu && !ex.fu.some((f) => f.id === 'rounding') && (
              <li className="fu-rounding">
                <span className="fu-name">{t('result.fuRounded', { raw: ex.fu_raw, fu: result.fu })}</span>
              </li>
            )}
            {/* the sum, as Practice and the command line end the list: a learner checks it against the table */}
            <li className="fu-total" data-testid="fu-total">
              <span className="fu-name">{t('result.fuTotal')}</span>
              <span className="fu-value">{t('result.fuValue', { fu: result.fu })}</span>
            </li>
          </ul>
        </>
      )}
      {ex.reading.sets.length > 0 && (
        <p className="reading">
          {t('result.reading')}{' '}
          {ex.reading.sets.map((set, i) => (
            <Tiles key={i} notation={set} />
          ))}
          {ex.reading.pair && <Tiles notation={ex.reading.pair} />}
          {ex.reading.wait && <span className="reading-wait">{t('result.wait', { wait: texts.wait(ex.reading.wait) })}</span>}
        </p>
      )}
      {notes.map((n) => (
        <p key={n.reason} className="reading-note" data-testid="reading-note" data-reason={n.reason}>
          <TileText text={texts.readingNote(n)} />
        </p>
      ))}
      {ex.red_fives_plain > 0 && (
        <p className="red-fives-plain" data-testid="red-fives-plain">
          {t(plural('result.redFivesPlain', ex.red_fives_plain, lang), { count: ex.red_fives_plain })}
        </p>
      )}
      {/* the rules in player words in the page's language ("EMA 2016 (tanyao ouvert : non)"), not the id */}
      <p className="rules-used" data-testid="rules-used">{t('result.rules', { rules: rulesLabel })}</p>
    </div>
  );
}

/** A yaku's name in the page's language, and its Japanese name. */
function YakuTitle({ id, texts }: { id: string; texts: EngineTexts }) {
  const ja = texts.yakuJapanese(id);
  return (
    <>
      <span className="yaku-name">{texts.yakuName(id)}</span>
      {ja && (
        <span className="yaku-ja" lang="ja">
          {' '}
          {ja}
        </span>
      )}
    </>
  );
}

/** The yaku the hand came close to, each with the one thing that kept it out. */
function NotCountedList({ items }: { items: NotCounted[] }) {
  const t = useT();
  const lang = useLang();
  if (items.length === 0) return null;
  const texts = engineTexts(lang);
  return (
    <>
      <h3>{t('result.notCounted')}</h3>
      <ul className="yaku-list not-counted" data-testid="not-counted">
        {items.map((n) => (
          <li key={`${n.id}:${n.reason}`} data-not-counted={n.id} data-reason={n.reason}>
            <YakuTitle id={n.id} texts={texts} />
            <span className="yaku-reason"><TileText text={texts.notCounted(n)} /></span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Tiles({ notation }: { notation: string }) {
  const tiles = parseNotation(notation.replace(/[^0-9mpsz]/g, '')) ?? [];
  return (
    <span className="tile-group">
      {tiles.map((code, i) => (
        <Tile key={i} code={code} size="sm" />
      ))}
    </span>
  );
}

/**
 * Who pays what: the amounts handed over, counters included (a referee at the table reads them, not a sum to do),
 * with the table's value beside them where counters add to it ("1,500 (1,300 + 200)"), so that a learner still
 * finds the A-1 cell. The line below says what the counters and the bets are.
 */
function PaymentLines(props: { payment: Payment; honba: number; t: TFunction; lang: Lang }) {
  const { payment: p, t, lang } = props;
  const amount = (paid: number, perCounter: number) => {
    const counters = perCounter * props.honba;
    return counters > 0 ? t('pay.withCounters', { amount: points(paid, lang), base: points(paid - counters, lang), counters: points(counters, lang) }) : points(paid, lang);
  };
  const lines: string[] = [];
  if ('from_discarder' in p) lines.push(t('pay.ron', { amount: amount(p.from_discarder, COUNTER_RON) }));
  else if (p.from_dealer !== undefined) lines.push(t('pay.tsumo', { dealer: amount(p.from_dealer, COUNTER_TSUMO_EACH), each: amount(p.from_each_non_dealer, COUNTER_TSUMO_EACH) }));
  else lines.push(t('pay.dealerTsumo', { each: amount(p.from_each_non_dealer, COUNTER_TSUMO_EACH) }));
  return (
    <ul className="payments" data-testid="payments">
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  );
}

function ErrorView({ error, hand, situation, notCounted }: { error: { code: string; message: string; params?: Record<string, string | number> }; hand: HandDraft; situation: Situation; notCounted: NotCounted[] }) {
  const t = useT();
  const lang = useLang();
  const texts = engineTexts(lang);
  const helpKey = `error.${error.code}` as MessageKey;
  const help = t(helpKey);
  const changes = error.code === 'NOT_A_WINNING_HAND' ? oneTileChanges(hand, situation) : [];
  const fixes = fixesFor(error.code, hand, situation, changes.length > 0);
  return (
    <div className="error-box" role="alert" data-testid="score-error" data-code={error.code}>
      <p className="error-message"><TileText text={texts.errorMessage(error.code, error.message, error.params)} /></p>
      {help !== helpKey && <p>{help}</p>}
      {fixes.length > 0 && (
        <ul className="fixes">
          {fixes.map((k) => (
            <li key={k}>
              {t(k)}
              {k === 'fix.kanInHand' &&
                fourConcealed(hand).map((kind) => (
                  <button key={kind} type="button" className="small" data-testid="make-kan" onClick={() => actions.setHand(concealedToKan(hand, kind))}>
                    {t('editor.makeKanOf', { tile: tileName(kind, t) })}
                  </button>
                ))}
              {k === 'fix.oneTile' && (
                <span className="one-tile-changes" data-testid="one-tile-changes" data-count={changes.length}>
                  {changes.slice(0, TYPED_CHANGES_SHOWN).map((c) => (
                    <button key={`${c.at}:${c.from}>${c.to}`} type="button" className="small" data-testid="change-tile" data-change={`${c.from}>${c.to}`} onClick={() => actions.setHand(applyTileChange(hand, c))}>
                      {t('editor.changeTile', { from: tileName(c.from, t), to: tileName(c.to, t) })}
                    </button>
                  ))}
                  {changes.length > TYPED_CHANGES_SHOWN && <span className="muted small">{t('fix.oneTileMore', { count: changes.length - TYPED_CHANGES_SHOWN })}</span>}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <NotCountedList items={notCounted} />
    </div>
  );
}

function openTanyaoIn(situation: Situation): boolean {
  try {
    return resolveRules(rulesOf(situation)).openTanyao;
  } catch {
    return true;
  }
}

/** What might fix an error, when the hand says so. */
export function fixesFor(code: string, hand: HandDraft, situation: Situation, hasOneTileChanges = false): MessageKey[] {
  const closedHand = hand.melds.every((m) => m.type === 'kan-closed');
  const fixes: MessageKey[] = [];
  if (code === 'NO_YAKU') {
    if (closedHand && !situation.riichi) fixes.push('fix.riichi');
    if (closedHand && !situation.tsumo) fixes.push('fix.tsumo');
    // tanyao is suggested only where the rules count it in an open hand (not under EMA 2012: kuitan nashi)
    if (!closedHand) fixes.push(openTanyaoIn(situation) ? 'fix.openYaku' : 'fix.openYakuNoOpenTanyao');
    if (situation.dora_indicators.length > 0) fixes.push('fix.doraNotYaku');
  }
  if (code === 'NOT_A_WINNING_HAND') {
    // Four of a kind among the concealed tiles: often a kan laid face up and not declared.
    if (fourConcealed(hand).length > 0) fixes.push('fix.kanInHand');
    // One tile typed or read wrong: the changes that make it a winning hand (listed by the caller), one tap each.
    if (hasOneTileChanges) fixes.push('fix.oneTile');
    fixes.push('fix.checkTiles');
  }
  if (code === 'CONTRADICTORY_FLAGS') fixes.push('fix.flags');
  return fixes;
}
