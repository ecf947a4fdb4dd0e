// One game: the current state (always visible), riichi buttons, the hand form, the entries with
// undo / edit / remove, the final table, and export.
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  correctEvent,
  exportCsv,
  exportJson,
  finalTable,
  LedgerError,
  PLAYER_INDICES,
  pointDifferences,
  replay,
  westRoundTarget,
  type FinalTable,
  type GameDocument,
  type GameSetup,
  type GameState,
  type LedgerEvent,
  type PlayerIndex,
  type Transfer,
  type WinningHand,
} from '../../engine/ledger/index.ts';
import { errorMessage, limitName, limitOf, type RuleOptions } from '../../engine/index.ts';
import { format, points, useLang, type Lang } from '../i18n/index.ts';
import { gameRulesLabelIn } from '../i18n/ruleWords.ts';
import { dropDraft, formFromDraft, keepDraft, makeDraft, readDraft } from './formDraft.ts';
import { pendingHandoff, takeHandoff } from './handoff.ts';
import { formFromEvent, HandForm, handScreenWin, type FormState } from './HandForm.tsx';
import type { LedgerStrings } from './strings.ts';
import { downloadFile } from '../download.ts';
import { scrollBehavior } from '../motion.ts';

export function roundText(s: LedgerStrings, round: GameState['round'], handNumber: number, counters: number): string {
  const label = format(s.roundLabel, { wind: s[`wind.${round}`], n: handNumber });
  if (counters === 0) return label;
  return `${label}, ${counters === 1 ? s.counterOne : format(s.counterMany, { n: counters })}`;
}

/**
 * Why a finished game ended, in words: the last hand played (South 4, or West 4 after a West round), a player below
 * zero (bust), the dealer's agari-yame, or a player at the target points in the West round.
 */
export function gameOverText(s: LedgerStrings, state: GameState): string {
  const last = state.hands.at(-1);
  const round = last ? format(s.roundLabel, { wind: s[`wind.${last.round}`], n: last.handNumber }) : '';
  const names = (keep: (points: number) => boolean) =>
    PLAYER_INDICES.filter((p) => keep(state.points[p]))
      .map((p) => state.setup.players[p])
      .join(', ');
  const rules = state.setup.rules;
  switch (state.endReason) {
    case 'bust':
      return format(s.overBust, { names: names((points) => points < 0), round });
    case 'target-reached':
      return format(s.overTarget, { names: names((points) => points >= westRoundTarget(rules)), round });
    case 'agari-yame':
      return format(s.overAgariYame, { name: last ? state.setup.players[last.dealer] : '', round });
    default:
      return format(s.gameOver, { round });
  }
}

/** "2 fan 30 fu", "Mangan"; fan and fu that reach a limit under the rules say it ("4 fan 30 fu, mangan" with kiriage). */
function handValue(s: LedgerStrings, lang: Lang, w: WinningHand, rules: RuleOptions): string {
  if (w.limit) return limitName(w.limit, lang);
  const limit = limitOf(w.han, w.fu, rules.kazoeYakuman, 0, rules.kiriageMangan);
  const value = format(s.hanFu, { han: w.han, fu: w.fu });
  return limit ? `${value}, ${limitName(limit, lang).toLocaleLowerCase(lang)}` : value;
}

/** What riichi bets did to player `p`'s points in a hand: bets paid (negative), bets collected or returned. */
function betsIn(transfers: readonly Transfer[], p: PlayerIndex): number {
  let n = 0;
  for (const t of transfers) {
    if (t.reason === 'riichi-bet' && t.from === p) n -= t.amount;
    if ((t.reason === 'riichi-bets-collected' || t.reason === 'riichi-bet-returned') && t.to === p) n += t.amount;
  }
  return n;
}

/** Marks the CSV file as UTF-8 for spreadsheets (Excel reads "Chloé" as "ChloÃ©" without it). */
const CSV_BOM = '\uFEFF';

/** The same entries (a removal can be put back only while nothing else changed them). */
function sameEvents(a: readonly LedgerEvent[], b: readonly LedgerEvent[]): boolean {
  return a === b || (a.length === b.length && JSON.stringify(a) === JSON.stringify(b));
}

function describeEvent(s: LedgerStrings, lang: Lang, names: readonly string[], e: LedgerEvent, paid: PlayerIndex[] | null, setup: GameSetup): string {
  const rules = setup.rules;
  switch (e.type) {
    case 'riichi':
      return format(s.entryRiichi, { name: names[e.player]! });
    case 'chombo':
      // a deduction is paid at the end, not at the table: said here, where the table's changes are all 0
      return isDeductedChombo(e, rules)
        ? format(s.entryChomboDeducted, { name: names[e.player]!, penalty: points(setup.chomboPenalty, lang) })
        : format(s.entryChombo, { name: names[e.player]! });
    case 'abortive':
      return format(s.entryAbortive, { kind: s[`abortive.${e.kind}`] });
    case 'draw': {
      const text = format(s.entryDraw, { names: e.tenpai.length ? e.tenpai.map((p) => names[p]).join(', ') : s.nobody });
      return e.nagashi?.length ? `${text}${s.semicolon}${format(s.entryNagashi, { names: e.nagashi.map((p) => names[p]).join(', ') })}` : text;
    }
    case 'win': {
      const pao = (w: WinningHand) => (w.liable !== undefined ? `, ${s.pao}${s.colon}${names[w.liable]}` : '');
      if (e.discarder === undefined) return format(s.entryTsumo, { winner: names[e.winners[0]!.player]!, value: handValue(s, lang, e.winners[0]!, rules) + pao(e.winners[0]!) });
      const winners = e.winners.map((w) => `${names[w.player]} (${handValue(s, lang, w, rules)}${pao(w)}${paid && !paid.includes(w.player) ? `, ${s.notPaid}` : ''})`).join(', ');
      return format(s.entryRon, { winners, discarder: names[e.discarder]! });
    }
  }
}

/** A player's place in the final table, "2=" where tied. */
function placeOf(table: FinalTable, p: PlayerIndex): string {
  const row = table.rows.find((r) => r.player === p)!;
  return `${row.place}${row.tied ? '=' : ''}`;
}

/** A chombo whose penalty comes off the final score (nothing changes hands at the table). */
const isDeductedChombo = (e: LedgerEvent, rules: RuleOptions) => e.type === 'chombo' && rules.chombo !== 'reverse-mangan';

interface Props {
  s: LedgerStrings;
  doc: GameDocument;
  /** Saves the game with these entries; resolves to whether it was saved. */
  onEvents: (events: LedgerEvent[]) => Promise<boolean>;
}

export function GameView({ s, doc, onEvents }: Props) {
  const lang = useLang();
  const { state, error } = useMemo(() => replay(doc.setup, doc.events), [doc]);
  // a correction left open when the player went to another screen (or the tab was reloaded) opens again
  const [editing, setEditing] = useState<number | null>(() => {
    const draft = readDraft(doc.id, true);
    return draft && formFromDraft(draft, doc.events, draft.editing) ? draft.editing : null;
  });
  const [problem, setProblem] = useState<string | null>(null);
  // The entry last removed (Remove, or Undo the last entry), which "Put it back" restores while the entries are still
  // as that removal left them: one tap at the table must not lose a hand for good.
  const [removed, setRemoved] = useState<{ index: number; what: string; before: LedgerEvent[]; after: LedgerEvent[] } | null>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  // What the last "Record" added, said where the form was (on a phone the standings are above the screen and the new
  // entry far below it): a typo or a second tap is seen at once.
  // (the entries it recorded: the line is worded when shown, in the language of the moment)
  const [recorded, setRecorded] = useState<LedgerEvent[] | null>(null);
  // a correction saved: which entry, in the events it made (said while they are the game's, as "Recorded" is)
  const [corrected, setCorrected] = useState<{ index: number; events: LedgerEvent[] } | null>(null);
  const recordedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (recorded) recordedRef.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }, [recorded]);
  useEffect(() => {
    if (removed) restoreRef.current?.focus(); // the button pressed is gone: the focus goes to the way back
  }, [removed]);
  const names = doc.setup.players;
  const num = (n: number) => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-US', { maximumFractionDigits: 3 });
  const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));
  const table = state.finished ? finalTable(state) : null;
  // Once the game is over the standings show the final points, riichi bets left to first place included, as the
  // final table does: the two tables gave first place two totals, and its differences were reckoned without the bets.
  const shownPoints = table ? PLAYER_INDICES.map((p) => table.rows.find((r) => r.player === p)!.points) : state.points;
  const diffs = pointDifferences(shownPoints);
  const paidByEvent = new Map(state.hands.map((h) => [h.eventIndex, h.paidWinners]));

  const errorText = (e: unknown) => (e instanceof LedgerError ? e.text(lang, (code, params) => errorMessage(code, params, lang)) : e instanceof Error ? e.message : String(e));

  /** The entries checked and saved; the error if they are refused. `saved` hears whether the save worked. */
  function apply(events: LedgerEvent[], saved?: (ok: boolean) => void): string | null {
    const result = replay(doc.setup, events);
    if (result.error) return errorText(result.error);
    setProblem(null);
    void onEvents(events).then((ok) => saved?.(ok));
    return null;
  }

  /** The state the form's hand is played from (before the entry being corrected), and the form it opens with. */
  const formState = useMemo(() => (editing === null ? state : replay(doc.setup, doc.events.slice(0, editing)).state), [doc, editing, state]);
  // A hand sent from the Hand screen ("Record in the ledger") opens the next hand's form as that player's win, its fan
  // and fu scored in this game's situation; who discarded is left for the player to say.
  const [sent] = useState(() => {
    if (state.finished) return null;
    const handoff = pendingHandoff();
    const winner = handoff && PLAYER_INDICES.find((p) => state.seatWinds[p] === handoff.seatWind);
    if (!handoff || winner === undefined || winner === null) return null;
    const base = formFromEvent(null, state);
    const filled = handScreenWin(winner, handoff.tsumo, state, s, lang);
    const fields = { ...base.fields, [winner]: { ...base.fields[winner], ...filled.fields } };
    const form: FormState = handoff.tsumo ? { ...base, kind: 'tsumo', tsumoWinner: winner, fields } : { ...base, kind: 'ron', discarder: null, ronWinners: [winner], fields };
    // the seat wind picked the winner (the Hand screen's default seat, South, if the player never set it): say so;
    // worded when shown, in the language of the moment
    const info = (s2: LedgerStrings, lang2: Lang) => {
      const words = handScreenWin(winner, handoff.tsumo, state, s2, lang2);
      return words.fields ? `${words.info} ${format(s2.fromHandPick, { name: state.setup.players[winner] })}` : words.info;
    };
    return { form, info, events: doc.events.length };
  });
  // taken once it is shown (not in the initialiser above, which React may run twice)
  useEffect(() => {
    if (!sent) return;
    takeHandoff();
    keepDraft(doc.id, makeDraft(doc.events, null, sent.form)); // kept like a form the player filled
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the hand sent
  }, [sent]);
  // the form it opened stands until an entry is added or a correction opened; then the kept draft takes over
  const sentShown = sent && editing === null && sent.events === doc.events.length ? sent : null;
  const formInitial = useMemo(() => {
    if (sentShown) return sentShown.form;
    const draft = readDraft(doc.id, editing !== null);
    return (draft && formFromDraft(draft, doc.events, editing)) ?? formFromEvent(editing === null ? null : doc.events[editing]!, formState);
  }, [doc, editing, formState, sentShown]);
  const keepForm = useCallback((form: FormState) => keepDraft(doc.id, makeDraft(doc.events, editing, form)), [doc, editing]);

  function closeEditing() {
    dropDraft(doc.id, true);
    setEditing(null);
  }

  function submit(event: LedgerEvent): string | null {
    if (editing === null) {
      const events = [...doc.events, event];
      // "Recorded" once the hand is saved: a failed save says so instead, with the way to save it again
      setRecorded(null);
      const error = apply(events, (ok) => ok && setRecorded(events));
      if (!error) dropDraft(doc.id, false);
      return error;
    }
    try {
      const fixed = correctEvent(doc.setup, doc.events, editing, event);
      const index = editing;
      // the "Recorded" line named the last entry by its round, which the correction may have changed: it goes, and
      // the correction is said once saved, with what it did to the entries after it
      setRecorded(null);
      setCorrected(null);
      void onEvents(fixed.events).then((ok) => ok && setCorrected({ index, events: fixed.events }));
      closeEditing();
      return null;
    } catch (e) {
      // the correction ends the game before a later entry (a player now below zero): say so, not "entry 14: the game
      // is over", which reads as if that entry were the mistake
      if (e instanceof LedgerError && e.code === 'GAME_OVER' && e.eventIndex !== null && e.eventIndex > editing) {
        return format(s.correctionEndsGame, { n: editing + 1, later: doc.events.length - editing - 1 });
      }
      return errorText(e);
    }
  }

  /** "Recorded: East 1: Aiko ron on Bruno's discard, 2 fan 30 fu (Aiko +2,000, Bruno -2,000, ...)." */
  function recordedText(events: LedgerEvent[]): string {
    return entryText(events, events.length - 1, s.recordedHand, s.recordedEntry);
  }

  /** "Entry 2 corrected, East 1: ... The 2 entries after it were counted again from it: ..." */
  function correctedText(c: { index: number; events: LedgerEvent[] }): string {
    const later = c.events.length - c.index - 1;
    const entry = entryText(c.events, c.index, s.correctedHand, s.correctedEntry, c.index + 1);
    return later === 0 ? entry : `${entry} ${format(later === 1 ? s.correctedLaterOne : s.correctedLaterOther, { later })}`;
  }

  function entryText(events: LedgerEvent[], i: number, handTemplate: string, entryTemplate: string, n?: number): string {
    const hand = replay(doc.setup, events).state.hands.find((h) => h.eventIndex === i);
    const what = describeEvent(s, lang, names, events[i]!, hand?.paidWinners ?? null, doc.setup);
    if (!hand) return format(entryTemplate, { n: n ?? '', what });
    const deltas = hand.deltas.map((d, p) => `${names[p]} ${signed(d)}`).join(', ');
    return format(handTemplate, { n: n ?? '', round: roundText(s, hand.round, hand.handNumber, hand.counters), what, deltas });
  }

  function remove(index: number) {
    setRecorded(null);
    try {
      const fixed = correctEvent(doc.setup, doc.events, index, null);
      closeEditing();
      setProblem(null);
      setRemoved({ index, what: describeEvent(s, lang, names, doc.events[index]!, paidByEvent.get(index) ?? null, doc.setup), before: doc.events, after: fixed.events });
      onEvents(fixed.events);
    } catch (e) {
      setProblem(errorText(e));
    }
  }

  // The riichi declared in the hand being corrected (its riichi entries since the hand before it ended): a riichi
  // forgotten at the table is added here, before the hand's entry, instead of removing and retyping every later hand.
  const handStart = editing === null ? 0 : Math.max(0, ...state.hands.filter((h) => h.eventIndex < editing).map((h) => h.eventIndex + 1));
  const riichiInHand = editing === null ? [] : doc.events.slice(handStart, editing).flatMap((e) => (e.type === 'riichi' ? [e.player] : []));
  function setRiichiInHand(player: PlayerIndex, on: boolean) {
    if (editing === null) return;
    let events: LedgerEvent[];
    let at: number;
    if (on) {
      events = [...doc.events.slice(0, editing), { type: 'riichi', player }, ...doc.events.slice(editing)];
      at = editing + 1;
    } else {
      const j = doc.events.findIndex((e, i) => i >= handStart && i < editing && e.type === 'riichi' && e.player === player);
      if (j < 0) return;
      events = doc.events.filter((_, i) => i !== j);
      at = editing - 1;
    }
    const error = apply(events);
    if (error) setProblem(error);
    else setEditing(at);
  }

  const restorable = removed && sameEvents(removed.after, doc.events) ? removed : null;
  function restore() {
    if (!restorable) return;
    const error = apply(restorable.before);
    if (error) setProblem(error);
    else setRemoved(null);
  }

  const removedItem = (r: NonNullable<typeof restorable>) => (
    <li key="removed" className="ledger-removed" role="status" data-testid="removed-entry">
      {format(s.removedEntry, { n: r.index + 1, what: r.what })}{' '}
      <button type="button" className="ledger-small" onClick={restore} ref={restoreRef} data-testid="restore-entry">
        {s.restoreEntry}
      </button>
    </li>
  );

  const hasOka = table?.rows.some((r) => r.oka !== 0) ?? false;
  const hasChombo = table?.rows.some((r) => r.chomboPenalty !== 0) ?? false;
  const fileBase = `riichi-lens-${doc.createdAt.slice(0, 10)}-${names.join('-').replace(/[^\p{L}\p{N}-]+/gu, '_')}`;

  return (
    <div className="ledger-game">
      <section className="ledger-status" aria-label={s.standing} data-testid="ledger-status">
        <p className="ledger-round">
          <strong data-testid="round-label">{state.finished ? gameOverText(s, state) : roundText(s, state.round, state.handNumber, state.counters)}</strong>
          {!state.finished && (
            <>
              {' · '}
              {s.dealer}
              {s.colon}
              <span data-testid="dealer">{names[state.dealer]}</span>
            </>
          )}
          {' · '}
          {s.riichiBets}
          {s.colon}
          <span data-testid="riichi-bets" data-value={state.riichiBets}>
            {state.riichiBets}
            {/* the game is over and these rules gave them to first place (the final table counts them there) */}
            {table?.riichiBetsFate === 'to-first-place' ? s.betsWentToFirst : ''}
          </span>
          {' · '}
          {s.rules}
          {s.colon}
          <span data-testid="rules">{gameRulesLabelIn(doc.setup, lang)}</span>
        </p>
        {doc.setup.note && (
          <p className="ledger-note" data-testid="rules-note">
            {doc.setup.note}
          </p>
        )}
        {/* scrolls in its own box where large text makes it wider than a phone (its Riichi buttons take the focus) */}
        <div className="scroll-x">
        <table className="ledger-points">
          <thead>
            <tr>
              <th scope="col">{s.player}</th>
              {/* once the game is over, the places (the seat winds of a last hand no longer mean anything) */}
              <th scope="col">{table ? s.place : s.seat}</th>
              <th scope="col">{s.points}</th>
              {PLAYER_INDICES.map((q) => (
                <th key={q} scope="col" className="ledger-diff">
                  {s.differences} {names[q]}
                </th>
              ))}
              <th scope="col">{s.riichi}</th>
            </tr>
          </thead>
          <tbody>
            {PLAYER_INDICES.map((p) => (
              <tr key={p} className={p === state.dealer && !state.finished ? 'ledger-dealer' : undefined} data-testid={`player-row-${p}`}>
                <th scope="row">
                  {names[p]}
                  {/* a penalty paid at the end: the table is reminded of it while the points do not show it */}
                  {!state.finished && state.chombos[p] > 0 && doc.setup.rules.chombo !== 'reverse-mangan' && (
                    <span className="ledger-chombo-due" data-testid={`chombo-due-${p}`}>
                      {' '}
                      {format(s.chomboDue, { penalty: points(state.chombos[p] * doc.setup.chomboPenalty, lang) })}
                    </span>
                  )}
                </th>
                <td data-testid={`seat-${p}`}>{table ? placeOf(table, p) : s[`wind.${state.seatWinds[p]}`]}</td>
                <td className="ledger-num" data-testid={`points-${p}`} data-value={shownPoints[p]}>
                  {num(shownPoints[p]!)}
                </td>
                {PLAYER_INDICES.map((q) => (
                  <td key={q} className="ledger-num ledger-diff">
                    {p === q ? '—' : `${diffs[p]![q]! > 0 ? '+' : ''}${num(diffs[p]![q]!)}`}
                  </td>
                ))}
                <td>
                  {state.finished ? null : state.riichiThisHand.includes(p) ? (
                    <span className="ledger-riichi-on">{s.riichiDone}</span>
                  ) : (
                    <button type="button" className="ledger-small" disabled={editing !== null} onClick={() => { setRecorded(null); setProblem(apply([...doc.events, { type: 'riichi', player: p }])); }} data-testid={`riichi-${p}`}>
                      {s.riichi}
                      {/* four buttons named alike: the player's name, for a screen reader */}
                      <span className="visually-hidden">{s.colon}{names[p]}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        {!state.finished && <p className="ledger-note ledger-riichi-hint">{s.riichiHint}</p>}
      </section>

      {error && (
        <p role="alert" className="ledger-error">
          {errorText(error)}
        </p>
      )}
      {problem && (
        <p role="alert" className="ledger-error" data-testid="ledger-problem">
          {problem}
        </p>
      )}

      {(!state.finished || editing !== null) && (
        <HandForm
          key={`${doc.events.length}-${editing ?? 'new'}`}
          s={s}
          state={formState}
          initial={formInitial}
          editing={editing}
          onSubmit={submit}
          onCancel={closeEditing}
          onChange={keepForm}
          initialInfo={sentShown?.info}
          riichiFix={
            editing !== null && doc.events[editing]?.type !== 'riichi' ? (
              <fieldset className="ledger-riichi-fix" data-testid="edit-riichi">
                <legend>{s.riichiInHand}</legend>
                {PLAYER_INDICES.map((p) => (
                  <label key={p}>
                    <input type="checkbox" checked={riichiInHand.includes(p)} onChange={(e) => setRiichiInHand(p, e.target.checked)} data-testid={`edit-riichi-${p}`} />
                    {names[p]}
                  </label>
                ))}
              </fieldset>
            ) : undefined
          }
        />
      )}
      {/* under the form's Record button, where the eyes are after the tap */}
      {recorded && editing === null && (
        <p role="status" className="ledger-info" data-testid="ledger-recorded" ref={recordedRef}>
          {recordedText(recorded)}
        </p>
      )}
      {corrected && editing === null && sameEvents(corrected.events, doc.events) && (
        <p role="status" className="ledger-info" data-testid="ledger-corrected">
          {correctedText(corrected)}
        </p>
      )}

      {table && (
        // it scrolls sideways on a phone: focusable, so that the keyboard can scroll it too
        <section className="ledger-final" aria-labelledby="ledger-final-title" data-testid="final-table" tabIndex={0}>
          <h3 id="ledger-final-title">{s.final}</h3>
          <table>
            <thead>
              <tr>
                <th scope="col">{s.place}</th>
                <th scope="col">{s.player}</th>
                {/* the score first: on a phone the table scrolls sideways, and this is the column a player wants */}
                <th scope="col">{s.score}</th>
                <th scope="col">{s.points}</th>
                <th scope="col">{s.uma}</th>
                {hasOka && <th scope="col">{s.oka}</th>}
                {/* an empty column widened the table past a phone's width */}
                {hasChombo && <th scope="col">{s.chombo}</th>}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.player}>
                  <td>
                    {r.place}
                    {r.tied ? '=' : ''}
                  </td>
                  <th scope="row">{r.name}</th>
                  <td className="ledger-num" data-testid={`final-score-${r.player}`} data-value={r.score}>
                    <strong>{signed(r.score)}</strong>
                  </td>
                  <td className="ledger-num">{num(r.points)}</td>
                  <td className="ledger-num">{signed(r.uma)}</td>
                  {hasOka && <td className="ledger-num">{r.oka ? signed(r.oka) : ''}</td>}
                  {hasChombo && <td className="ledger-num">{r.chomboPenalty ? signed(-r.chomboPenalty) : ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="ledger-note" data-testid="final-formula">
            {format(s.scoreFormula, {
              ret: num(doc.setup.rules.returnPoints ?? doc.setup.startingPoints),
              oka: hasOka ? s.scoreFormulaOka : '',
              chombo: table.rows.some((r) => r.chomboPenalty) ? s.scoreFormulaChombo : '',
            })}
          </p>
          {/* players level on points whom these rules place by seat (Tenhou, Mahjong Soul): why their places differ */}
          {table.seatTies.map((group) => (
            <p key={group.join()} data-testid="final-seat-tie">
              {format(s.tieBySeat, { names: group.map((p) => state.setup.players[p]).join(', '), points: num(state.points[group[0]!]) })}
            </p>
          ))}
          {table.riichiBetsLeft > 0 && (
            <p data-testid="final-bets-left">
              {table.riichiBetsFate === 'to-first-place'
                ? format(table.rows.filter((r) => r.leftoverBets > 0).length > 1 ? s.betsToFirstShared : s.betsToFirst, {
                    n: table.riichiBetsLeft,
                    names: table.rows.filter((r) => r.leftoverBets > 0).map((r) => r.name).join(', '),
                    points: num(table.rows.find((r) => r.leftoverBets > 0)?.leftoverBets ?? 0),
                  })
                : format(s.betsLeft, { n: table.riichiBetsLeft })}
            </p>
          )}
        </section>
      )}

      <section className="ledger-entries" aria-labelledby="ledger-entries-title">
        <h3 id="ledger-entries-title">{s.entries}</h3>
        {doc.events.length === 0 && !restorable ? (
          <p>{s.noEntries}</p>
        ) : (
          <ol data-testid="entries">
            {restorable && restorable.index === doc.events.length && removedItem(restorable)}
            {doc.events.map((e, i) => {
              const hand = state.hands.find((h) => h.eventIndex === i);
              return (
                <Fragment key={i}>
                {restorable && restorable.index === i && removedItem(restorable)}
                <li className={editing === i ? 'ledger-editing' : undefined} data-testid={`entry-${i}`}>
                  {hand && <span className="ledger-entry-round">{roundText(s, hand.round, hand.handNumber, hand.counters)}{s.colon}</span>}
                  {describeEvent(s, lang, names, e, paidByEvent.get(i) ?? null, doc.setup)}
                  {hand && !isDeductedChombo(e, doc.setup.rules) && (
                    <span className="ledger-deltas">
                      {' '}
                      ({hand.deltas
                        .map((d, p) => {
                          // the riichi bets inside a change (a bet paid, bets collected): a scorekeeper checks the payment without them
                          const bets = betsIn(hand.transfers, p as PlayerIndex);
                          return `${names[p]} ${signed(d)}${bets ? format(s.deltaBets, { bets: signed(bets) }) : ''}`;
                        })
                        .join(', ')})
                    </span>
                  )}{' '}
                  {e.type !== 'riichi' && (
                    <button type="button" className="ledger-small" onClick={() => setEditing(i)} data-testid={`edit-${i}`}>
                      {s.edit}
                    </button>
                  )}{' '}
                  <button type="button" className="ledger-small" onClick={() => remove(i)} data-testid={`remove-${i}`}>
                    {s.remove}
                  </button>
                </li>
                </Fragment>
              );
            })}
          </ol>
        )}
        <div className="ledger-actions">
          <button type="button" disabled={doc.events.length === 0} onClick={() => remove(doc.events.length - 1)} data-testid="undo">
            {s.undo}
          </button>
          <button type="button" onClick={() => downloadFile(`${fileBase}.json`, exportJson(doc), 'application/json')} data-testid="export-json">
            {s.exportJson}
          </button>
          <button type="button" onClick={() => downloadFile(`${fileBase}.csv`, CSV_BOM + exportCsv(doc, lang), 'text/csv')} data-testid="export-csv">
            {s.exportCsv}
          </button>
          {/* the print style keeps the standings, the final table and the entries (ledger.css) */}
          <button type="button" onClick={() => window.print()} data-testid="print-sheet">
            {s.printSheet}
          </button>
        </div>
      </section>
    </div>
  );
}
