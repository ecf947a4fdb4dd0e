// Practice mode: a random valid winning hand at the chosen level; the player answers fan / fu /
// payment; the engine's explanation is shown next to the answer, part by part. Local score per topic.
import { useEffect, useMemo, useState } from 'react';
import { explainFanLines, explainScoreParts, isPresetName, limitName, parseTiles, PRESET_INFO, PRESET_NAMES, yakuGenericReason, yakuName, yakuTable, type PresetName, type YakuTableRow } from '../../engine/index.ts';
import {
  checkAnswer,
  createRng,
  emptyTally,
  generateQuestion,
  parseTally,
  pickTopic,
  recordResults,
  TOPICS,
  TOPICS_BY_LEVEL,
  type AnswerCheck,
  type PaymentAnswer,
  type PracticeLevel,
  type PracticeQuestion,
  type Tally,
} from '../../engine/practice/index.ts';
import { format, points, useLang, useStrings, type Lang } from '../i18n/index.ts';
import { presetSummaryIn } from '../i18n/ruleWords.ts';
import { Tile } from '../tiles/Tile.tsx';
import { PracticeMeld } from './PracticeMeld.tsx';
import { TileText } from '../tiles/TileText.tsx';
import { Glossary } from './Glossary.tsx';
import { PointsTable } from './PointsTable.tsx';
import { RulesOfPreset } from './RulesOfPreset.tsx';
import { keepScoreQuestion, readKeptScoreQuestion, type AnswerFields } from './keptQuestion.ts';
import { practiceStrings, type PracticeStrings } from './strings.ts';
import { WaitsPractice } from './WaitsPractice.tsx';
import { waitsPracticeStrings } from './waitsStrings.ts';
import './practice.css';

const TALLY_KEY = 'riichi-lens.practice.tally';
const LEVEL_KEY = 'riichi-lens.practice.level';
type RulesChoice = PresetName;
interface Settings extends PracticeLevel {
  rules: RulesChoice;
}

function loadSettings(): Settings {
  const fallback: Settings = { ask: 'full', melds: 'closed', rules: 'ema' };
  try {
    const raw = JSON.parse(localStorage.getItem(LEVEL_KEY) ?? 'null') as Partial<Settings> | null;
    if (!raw) return fallback;
    return {
      ask: raw.ask === 'fu' || raw.ask === 'fan' || raw.ask === 'full' || raw.ask === 'waits' ? raw.ask : fallback.ask,
      melds: raw.melds === 'open' || raw.melds === 'closed' ? raw.melds : fallback.melds,
      rules: isPresetName(raw.rules) ? raw.rules : 'ema',
    };
  } catch {
    return fallback;
  }
}

function store(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* not remembered; the session still works */
  }
}

function loadTally(): Tally {
  try {
    return parseTally(localStorage.getItem(TALLY_KEY));
  } catch {
    return emptyTally();
  }
}

/**
 * The tally as stored now, to add an answer to: the practice may be open in two tabs, and adding to the tally this
 * tab read at its start would drop the other's answers. The one in memory where storage is blocked or empty.
 */
function latestTally(inMemory: Tally): Tally {
  try {
    const raw = localStorage.getItem(TALLY_KEY);
    return raw === null ? inMemory : parseTally(raw);
  } catch {
    return inMemory;
  }
}

function newQuestion(settings: Settings, tally: Tally): PracticeQuestion {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const target = pickTopic(tally, createRng(seed ^ 0x5bd1e995), TOPICS_BY_LEVEL[settings.ask]);
  return generateQuestion(seed, settings, target, settings.rules);
}

const NO_FIELDS: AnswerFields = { fan: '', fu: '', a: '', b: '' };
const toNumber = (x: string) => (x.trim() === '' ? undefined : Number(x));
/** Nothing typed in any field (a Check pressed by mistake, or to peek): not an answer, so not counted. */
const noAnswerTyped = (fields: AnswerFields) => Object.values(fields).every((v) => v.trim() === '');

/** The fields as an answer, the payment in the shape the question asks. */
function answerOf(question: PracticeQuestion, fields: AnswerFields) {
  const payment: PaymentAnswer =
    question.paymentShape === 'ron'
      ? { from_discarder: toNumber(fields.a) }
      : question.paymentShape === 'tsumo-dealer'
        ? { from_each_non_dealer: toNumber(fields.a) }
        : { from_dealer: toNumber(fields.a), from_each_non_dealer: toNumber(fields.b) };
  return { fan: toNumber(fields.fan), fu: toNumber(fields.fu), payment };
}

interface ShownQuestion {
  question: PracticeQuestion | null;
  number: number;
  fields: AnswerFields;
  check: AnswerCheck | null;
  retry: boolean;
}

/**
 * The question the screen opens with: the one this tab left (a look at another screen, a reload), as it was left and
 * with its feedback if it was checked, where it was asked at the level and rules still chosen; else a new one.
 */
function openingQuestion(settings: Settings, tally: Tally): ShownQuestion {
  const kept = readKeptScoreQuestion();
  if (kept && kept.level.ask === settings.ask && kept.level.melds === settings.melds && kept.rules === settings.rules) {
    try {
      const question = generateQuestion(kept.seed, kept.level, kept.target, kept.rules);
      const check = kept.answered ? checkAnswer(question, answerOf(question, kept.fields)) : null;
      return { question, number: kept.number, fields: kept.fields, check, retry: kept.retry };
    } catch {
      /* a new question below */
    }
  }
  let question: PracticeQuestion | null = null;
  try {
    question = newQuestion(settings, tally);
  } catch {
    /* shown as no question; "New question" says why */
  }
  return { question, number: 1, fields: NO_FIELDS, check: null, retry: false };
}

export function HandView({ s, q }: { s: PracticeStrings; q: PracticeQuestion }) {
  const input = q.input;
  const closed = parseTiles(input.closed);
  const winIndex = closed.lastIndexOf(input.win_tile);
  const rest = closed.filter((_, i) => i !== winIndex);
  const flags = [input.double_riichi && s.doubleRiichi, input.riichi && s.riichi, input.ippatsu && s.ippatsu, input.rinshan && s.rinshan].filter(Boolean) as string[];
  return (
    <div className="practice-hand" data-testid="practice-hand">
      <div className="practice-tiles" aria-label={s.hand}>
        {rest.map((t, i) => (
          <Tile key={i} code={t} />
        ))}
        <span className="practice-win" data-testid="practice-win">
          <Tile code={input.win_tile} />
          <span className="practice-win-label">{s.winTile}</span>
        </span>
        {(input.melds ?? []).map((m, i) => (
          <PracticeMeld key={i} meld={m} />
        ))}
      </div>
      <ul className="practice-situation">
        <li>{input.tsumo ? s.tsumo : s.ron}</li>
        <li>
          {format(s.seat, { wind: s[`wind.${input.seat_wind ?? 'E'}`] })}
          {input.seat_wind === 'E' ? ` (${s.dealerNote})` : ''}
        </li>
        <li>{format(s.round, { wind: s[`wind.${input.round_wind ?? 'E'}`] })}</li>
        {flags.map((f) => (
          <li key={f}>{f}</li>
        ))}
        <li data-testid="practice-dora">
          {s.dora}
          {s.colon}{' '}
          {parseTiles(input.dora_indicators ?? '').map((t, i) => (
            <Tile key={i} code={t} size="sm" />
          ))}
        </li>
        {input.ura_indicators ? (
          <li data-testid="practice-ura">
            {s.ura}
            {s.colon}{' '}
            {parseTiles(input.ura_indicators).map((t, i) => (
              <Tile key={i} code={t} size="sm" />
            ))}
          </li>
        ) : null}
        {input.honba ? <li>{format(s.counters, { n: input.honba })}</li> : null}
      </ul>
    </div>
  );
}

function paymentText(p: PaymentAnswer | undefined, s: PracticeStrings, lang: Lang): string {
  if (!p) return s.noAnswer;
  const n = (v: number | undefined) => (v === undefined ? s.noAnswer : points(v, lang));
  if (p.from_discarder !== undefined) return n(p.from_discarder);
  if (p.from_dealer !== undefined) return `${n(p.from_dealer)} / ${n(p.from_each_non_dealer)}`;
  return p.from_each_non_dealer !== undefined ? `${n(p.from_each_non_dealer)} ×3` : s.noAnswer;
}

/**
 * The engine's explanation lines (the command line's words, where 12300 stays bare for scripts) with the points
 * written as the rest of the app writes them: 12,300 / 12 300. Only whole numbers of 4 digits or more, standing
 * alone: tile groups (1111m), the powers of 2 and the years of rule books ("EMA 2016", not "EMA 2,016") are left
 * as they are.
 */
export function withLocalNumbers(lines: string[], lang: Lang): string[] {
  return lines.map((line) => line.replace(/(?<![\w^.,]|\b[A-Z]{2,} )\d{4,}(?![\w.,]\d|[a-z])/g, (d) => points(Number(d), lang)));
}

export function Feedback({ s, q, check }: { s: PracticeStrings; q: PracticeQuestion; check: AnswerCheck }) {
  const lang = useLang();
  // by part, from the engine (slicing the lines by count put a red-five note under fu and the fu total under payment)
  const parts = explainScoreParts(q.result, lang);
  const fuLines = parts.fu;
  const payLines = withLocalNumbers(parts.payment, lang);
  // the fan part with the learner's "why no pinfu?" (the yaku the hand came close to) and a note on the reading's wait
  const fanLines = explainFanLines(q.input, q.result, q.rules, lang);
  const pay = q.result.payment as PaymentAnswer;
  // The expected values as the answer fields take them (a: discarder / dealer / each; b: each other player).
  const expectedFields: Record<string, string> = {
    fan: String(q.result.han),
    fu: String(q.result.fu),
    payment: q.paymentShape === 'ron' ? String(pay.from_discarder) : q.paymentShape === 'tsumo-dealer' ? String(pay.from_each_non_dealer) : `${pay.from_dealer}|${pay.from_each_non_dealer}`,
  };
  const row = (id: string, label: string, given: string, expected: string, correct: boolean | null, explain: string[]) => (
    <tr data-testid={`check-${id}`} data-correct={correct === null ? 'not-asked' : String(correct)} data-expected={expectedFields[id]}>
      <th scope="row">{label}</th>
      <td className={correct === null ? '' : correct ? 'practice-ok' : 'practice-bad'}>
        {given}
        {correct === null ? '' : correct ? ' ✓' : ' ✗'}
      </td>
      <td>
        <strong>{expected}</strong>
        <ul className="practice-lines">
          {explain.map((l, i) => (
            <li key={i}>
              <TileText text={l} />
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
  return (
    <div className="practice-feedback" data-testid="practice-feedback" data-all-correct={String(check.allCorrect)}>
      <p className={check.allCorrect ? 'practice-ok practice-verdict' : 'practice-bad practice-verdict'} role="status" data-testid="practice-verdict">
        {check.allCorrect ? s.right : s.wrong}
      </p>
      {check.payment?.followsFromYours && (
        <p className="practice-note" data-testid="payment-follows">
          {s.paymentFollows}
        </p>
      )}
      <table className="practice-compare">
        <thead>
          <tr>
            <td />
            <th scope="col">{s.yourAnswer}</th>
            <th scope="col">
              {s.engineAnswer} — {s.explanation}
            </th>
          </tr>
        </thead>
        <tbody>
          {row('fan', s.partFan, check.fan ? String(check.fan.given ?? s.noAnswer) : s.noAnswer, String(q.result.han), check.fan ? check.fan.correct : null, fanLines)}
          {row('fu', s.partFu, check.fu ? String(check.fu.given ?? s.noAnswer) : q.level.ask === 'full' ? s.fuNotAsked : s.noAnswer, String(q.result.fu), check.fu ? check.fu.correct : null, fuLines)}
          {row('payment', s.partPayment, check.payment ? paymentText(check.payment.given, s, lang) : s.noAnswer, paymentText(check.payment?.expected ?? (q.result.payment as PaymentAnswer), s, lang), check.payment ? check.payment.correct : null, payLines)}
        </tbody>
      </table>
    </div>
  );
}

/** Every yaku and its worth under the chosen rules, for the learner to look up (the engine's own table and texts). */
export function YakuTable({ s, rules }: { s: PracticeStrings; rules: PresetName }) {
  const lang = useLang();
  const worth = (row: YakuTableRow) => {
    if (row.kind === 'limit') {
      const limit = limitName(row.limit, lang);
      const worth = format(row.closedOnly ? s['yakuTable.limitClosed'] : s['yakuTable.limit'], { limit });
      return row.doubleForm ? `${worth}${s['yakuTable.doubleForm']}` : worth;
    }
    if (row.open === null) return format(s['yakuTable.fanClosed'], { closed: row.closed });
    return format(row.open === row.closed ? s['yakuTable.fanSame'] : s['yakuTable.fanBoth'], { closed: row.closed, open: row.open });
  };
  return (
    <details className="yaku-table" data-testid="yaku-table">
      <summary>{s.yakuTable}</summary>
      <ul>
        {yakuTable(rules).map((row) => {
          const { name, japanese } = yakuName(row.id, lang);
          return (
            <li key={row.id} data-yaku={row.id}>
              <span className="yaku-table-name">
                {name}
                {japanese && (
                  <>
                    {' '}
                    <span lang="ja">{japanese}</span>
                  </>
                )}
              </span>
              <span className="yaku-table-worth">{worth(row)}</span>
              <span className="yaku-table-reason">
                <TileText text={yakuGenericReason(row.id, lang)} />
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

export default function PracticeScreen() {
  const s = useStrings(practiceStrings);
  const ws = useStrings(waitsPracticeStrings);
  const lang = useLang();
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [tally, setTally] = useState<Tally>(loadTally);
  // answers given in another tab show here as they are stored there
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === TALLY_KEY || e.key === null) setTally(loadTally());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const [opening] = useState(() => openingQuestion(settings, tally));
  const [question, setQuestion] = useState<PracticeQuestion | null>(opening.question);
  const [error, setError] = useState<string | null>(null);
  // Questions are numbered 1, 2, 3 in this tab (the seed stays in data-seed, to reproduce one).
  const [questionNumber, setQuestionNumber] = useState(opening.number);
  const [fields, setFields] = useState<AnswerFields>(opening.fields);
  const [check, setCheck] = useState<AnswerCheck | null>(opening.check);
  const [retry, setRetry] = useState(opening.retry);
  // Check was pressed with every field empty: say so, until something is typed or the question changes
  const [askedForAnswer, setAskedForAnswer] = useState(false);
  // the top "New question" in waits mode: WaitsPractice deals a new hand when this changes
  const [waitsRound, setWaitsRound] = useState(0);
  // the question as it stands is kept for this tab (keptQuestion.ts)
  useEffect(() => {
    if (!question || settings.ask === 'waits') return;
    const level = { ask: settings.ask, melds: settings.melds };
    keepScoreQuestion({ seed: question.seed, target: question.target, level, rules: settings.rules, number: questionNumber, fields, answered: check !== null, retry });
  }, [question, questionNumber, fields, check, retry, settings]);

  function next(newSettings = settings) {
    try {
      setQuestion(newQuestion(newSettings, tally));
      setQuestionNumber((n) => n + 1);
      setError(null);
    } catch (e) {
      setQuestion(null);
      setError(format(s.error, { error: e instanceof Error ? e.message : String(e) }));
    }
    setFields(NO_FIELDS);
    setCheck(null);
    setRetry(false);
    setAskedForAnswer(false);
  }

  function changeSettings(patch: Partial<Settings>) {
    const updated = { ...settings, ...patch };
    setSettings(updated);
    store(LEVEL_KEY, updated);
    next(updated);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!question) return;
    if (noAnswerTyped(fields)) {
      setAskedForAnswer(true);
      (e.currentTarget as HTMLFormElement).querySelector('input')?.focus();
      return;
    }
    setAskedForAnswer(false);
    const result = checkAnswer(question, answerOf(question, fields));
    setCheck(result);
    if (!retry) {
      const updated = recordResults(latestTally(tally), result.topics);
      setTally(updated);
      store(TALLY_KEY, updated);
    }
  }

  const weights = useMemo(() => TOPICS.map((t) => ({ t, ...tally[t] })), [tally]);
  const q = question;

  return (
    <section aria-labelledby="practice-title" className="practice">
      <h2 id="practice-title">{s.title}</h2>
      <fieldset className="practice-level">
        <legend>{s.level}</legend>
        <label>
          {s.ask}{' '}
          <select value={settings.ask} onChange={(e) => changeSettings({ ask: e.target.value as Settings['ask'] })} data-testid="practice-ask">
            {(['fu', 'fan', 'full'] as const).map((a) => (
              <option key={a} value={a}>
                {s[`ask.${a}`]}
              </option>
            ))}
            <option value="waits">{ws.askWaits}</option>
          </select>
        </label>{' '}
        <label>
          {s.melds}{' '}
          <select value={settings.melds} onChange={(e) => changeSettings({ melds: e.target.value as Settings['melds'] })} data-testid="practice-melds">
            {(['closed', 'open'] as const).map((m) => (
              <option key={m} value={m}>
                {s[`melds.${m}`]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {s.rules}{' '}
          <select value={settings.rules} onChange={(e) => changeSettings({ rules: e.target.value as RulesChoice })} data-testid="practice-rules">
            {PRESET_NAMES.map((name) => (
              <option key={name} value={name} title={presetSummaryIn(name, lang)}>
                {PRESET_INFO[name].label}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="button" onClick={() => (settings.ask === 'waits' ? setWaitsRound((n) => n + 1) : next())} data-testid="practice-next">
          {s.newQuestion}
        </button>
      </fieldset>

      {error && (
        <p role="alert" className="practice-bad">
          {error}
        </p>
      )}

      {settings.ask === 'waits' && (
        <WaitsPractice
          melds={settings.melds}
          rules={settings.rules}
          round={waitsRound}
          onAnswered={(topics) => {
            const updated = recordResults(latestTally(tally), topics);
            setTally(updated);
            store(TALLY_KEY, updated);
          }}
        />
      )}

      {q && settings.ask !== 'waits' && (
        <article className="practice-question" data-testid="practice-question" data-seed={q.seed} data-target={q.target} data-topics={q.topics.join(' ')}>
          {/* the topics it trains ("Limits", "Waits") would hint at the answer: said once it is checked */}
          <h3 data-testid="practice-heading">
            {check
              ? format(s.questionN, { n: questionNumber, topics: (q.topics.length > 0 ? q.topics : [q.target]).map((t) => s[`topic.${t}`]).join(', ') })
              : format(s.questionNumber, { n: questionNumber })}
          </h3>
          <HandView s={s} q={q} />
          <form onSubmit={submit} className="practice-answer" data-testid="practice-form">
            {q.asks.fan && (
              <label>
                {s.fanLabel} <input type="number" min={1} inputMode="numeric" value={fields.fan} onChange={(e) => setFields((f) => ({ ...f, fan: e.target.value }))} data-testid="answer-fan" />
              </label>
            )}
            {/* asked of every full question, so that a missing field gives no hint of 5 fan or more; from 5 fan on
                it is not marked (the feedback says why) */}
            {(q.asks.fu || q.level.ask === 'full') && (
              <label>
                {s.fuLabel} <input type="number" min={20} step={5} inputMode="numeric" value={fields.fu} onChange={(e) => setFields((f) => ({ ...f, fu: e.target.value }))} data-testid="answer-fu" />
              </label>
            )}
            {q.asks.payment && (
              <>
                <label>
                  {q.paymentShape === 'ron' ? s.payRon : q.paymentShape === 'tsumo-dealer' ? s.payEach : s.payDealer}{' '}
                  <input type="number" min={0} step={100} inputMode="numeric" value={fields.a} onChange={(e) => setFields((f) => ({ ...f, a: e.target.value }))} data-testid="answer-pay-a" />
                </label>
                {q.paymentShape === 'tsumo-non-dealer' && (
                  <label>
                    {s.payOthers} <input type="number" min={0} step={100} inputMode="numeric" value={fields.b} onChange={(e) => setFields((f) => ({ ...f, b: e.target.value }))} data-testid="answer-pay-b" />
                  </label>
                )}
              </>
            )}
            <button type="submit" disabled={check !== null} data-testid="practice-check">
              {s.check}
            </button>
            {askedForAnswer && noAnswerTyped(fields) && (
              <p role="alert" className="practice-answer-first" data-testid="practice-answer-first">
                {s.answerFirst}
              </p>
            )}
          </form>
          {check && (
            <>
              <Feedback s={s} q={q} check={check} />
              <div className="practice-actions">
                <button type="button" onClick={() => next()} data-testid="practice-next-after">
                  {s.newQuestion}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setCheck(null);
                    setRetry(true);
                    setFields(NO_FIELDS);
                  }}
                  data-testid="practice-retry"
                >
                  {s.retry}
                </button>
              </div>
            </>
          )}
        </article>
      )}

      <section className="practice-score" aria-labelledby="practice-score-title">
        <h3 id="practice-score-title">{s.score}</h3>
        <ul data-testid="practice-tally">
          {weights.map(({ t, right, wrong }) => (
            <li key={t} data-topic={t} data-right={right} data-wrong={wrong}>
              {s[`topic.${t}`]}
              {s.colon} {format(s.scoreLine, { right, wrong })}
            </li>
          ))}
        </ul>
        <p className="practice-note">{s.weakHint}</p>
        <button
          type="button"
          onClick={() => {
            const empty = emptyTally();
            setTally(empty);
            store(TALLY_KEY, empty);
          }}
          data-testid="practice-reset"
        >
          {s.resetScore}
        </button>
      </section>
      <YakuTable s={s} rules={settings.rules} />
      <PointsTable s={s} rules={settings.rules} />
      <RulesOfPreset s={s} rules={settings.rules} />
      <Glossary s={s} />
    </section>
  );
}
