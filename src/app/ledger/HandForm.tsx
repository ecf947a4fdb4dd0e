// The form that records (or corrects) one hand: ron with one to three winners (each may name who is liable
// under pao), tsumo, exhaustive draw with tenpai players, chombo, or an abortive draw where the rules have them. It only builds a LedgerEvent; the ledger decides if it is valid.
import { useEffect, useRef, useState } from 'react';
import { limitName, maxYakuman, missingTableCell, scoreHand, TABLE_FU, YAKUMAN_LIMITS } from '../../engine/index.ts';
import {
  ABORTIVE_KINDS, abortiveKindsOf, LIMIT_NAMES, PLAYER_INDICES, type AbortiveKind, type GameState, type LedgerEvent, type LimitName, type PlayerIndex, type WinningHand,
} from '../../engine/ledger/index.ts';
import { toHandInput } from '../hand/engineInput.ts';
import { engineTexts } from '../hand/engineText.ts';
import { countTiles } from '../hand/validate.ts';
import { format, points, useLang, type Lang } from '../i18n/index.ts';
import { getState } from '../state/store.ts';
import type { LedgerStrings } from './strings.ts';

type Kind = 'ron' | 'tsumo' | 'draw' | 'chombo' | 'abortive';

interface WinnerFields {
  han: string;
  fu: string;
  limit: LimitName | '';
  yaku?: WinningHand['yaku'];
  hand?: string;
  /** Pao: who fed the last dragon / wind set (rules.pao, yakuman only). */
  liable?: PlayerIndex;
  /** The yakuman the liability is for, kept from the entry being corrected (e.g. a Suukantsu, rules.paoSuukantsu). */
  liableFor?: WinningHand['liableFor'];
}

export interface FormState {
  kind: Kind;
  /** null: not chosen yet (a hand sent from the Hand screen, which cannot know who discarded). */
  discarder: PlayerIndex | null;
  ronWinners: PlayerIndex[];
  tsumoWinner: PlayerIndex;
  fields: Record<PlayerIndex, WinnerFields>;
  tenpai: PlayerIndex[];
  nagashi: PlayerIndex[];
  /** null: not chosen yet (asked, as the discarder is: a quick "Record" must not charge the dealer 20,000). */
  chombo: PlayerIndex | null;
  abortive: AbortiveKind;
}

/** How many yakuman a limit is (double yakuman: 2); 0 below a yakuman. */
const yakumanCount = (limit: LimitName) => (YAKUMAN_LIMITS as readonly string[]).indexOf(limit) + 1;

const emptyFields = (): WinnerFields => ({ han: '', fu: '30', limit: '' });

export function formFromEvent(event: LedgerEvent | null, state: GameState): FormState {
  const base: FormState = {
    kind: 'ron',
    // asked, never guessed: a quick "Record" must not charge the player after the dealer for a ron
    discarder: null,
    ronWinners: [],
    tsumoWinner: state.dealer,
    fields: { 0: emptyFields(), 1: emptyFields(), 2: emptyFields(), 3: emptyFields() },
    tenpai: [...state.riichiThisHand],
    nagashi: [],
    chombo: null,
    abortive: ABORTIVE_KINDS[0]!,
  };
  if (!event || event.type === 'riichi') return base;
  if (event.type === 'draw') return { ...base, kind: 'draw', tenpai: [...event.tenpai], nagashi: [...(event.nagashi ?? [])] };
  if (event.type === 'chombo') return { ...base, kind: 'chombo', chombo: event.player };
  if (event.type === 'abortive') return { ...base, kind: 'abortive', abortive: event.kind };
  const fields = { ...base.fields };
  for (const w of event.winners) fields[w.player] = { han: String(w.han), fu: String(w.fu), limit: w.limit ?? '', yaku: w.yaku, hand: w.hand, liable: w.liable, liableFor: w.liableFor };
  if (event.discarder === undefined) return { ...base, kind: 'tsumo', tsumoWinner: event.winners[0]!.player, fields };
  return { ...base, kind: 'ron', discarder: event.discarder, ronWinners: event.winners.map((w) => w.player), fields };
}

const LIMIT_MIN_FAN: Record<LimitName, number> = {
  mangan: 5, haneman: 6, baiman: 8, sanbaiman: 11, yakuman: 13, double_yakuman: 26, triple_yakuman: 39, quadruple_yakuman: 52, quintuple_yakuman: 65, sextuple_yakuman: 78,
};

/**
 * The Hand screen's hand scored as player `p`'s win in this game's situation (seat, round, counters, bets, riichi
 * declared here unless the Hand screen says) and rules: the winner's fields, and a line that says what was filled
 * or why the hand could not be scored.
 */
export function handScreenWin(p: PlayerIndex, tsumo: boolean, state: GameState, s: LedgerStrings, lang: Lang): { fields?: Partial<WinnerFields>; info: string } {
  const app = getState();
  // nothing there yet: say where to enter it (the engine's "0 tiles counted" gave no way forward)
  if (countTiles(app.hand) === 0) return { info: s.fromHandEmpty };
  const input = {
    ...toHandInput(app.hand, app.situation),
    tsumo,
    seat_wind: state.seatWinds[p],
    round_wind: state.round,
    honba: state.counters,
    riichi_sticks: state.riichiBets,
    riichi: app.situation.riichi || app.situation.double_riichi ? app.situation.riichi : state.riichiThisHand.includes(p),
  };
  const result = scoreHand(input, state.setup.rules);
  if (!result.ok) return { info: format(s.fromHandFailed, { error: engineTexts(lang).errorMessage(result.error.code, result.error.message, result.error.params) }) };
  const hanFu = format(s.hanFu, { han: result.han, fu: result.fu });
  return {
    fields: { han: String(result.han), fu: String(result.fu), limit: result.limit ?? '', yaku: result.yaku, hand: input.closed },
    // who it was scored for, by name and seat: the Hand screen's seat wind chose the winner, and may be its default
    info: format(s.fromHandDone, { name: state.setup.players[p], wind: s[`wind.${state.seatWinds[p]}`], value: result.limit ? `${limitName(result.limit, lang)} (${hanFu})` : hanFu }),
  };
}

/** The winner whose fields hold the Hand screen's hand (scored from it and not edited since), if any. */
const handOwner = (form: FormState): PlayerIndex | undefined => PLAYER_INDICES.find((p) => form.fields[p].hand !== undefined);

/** The winners the form names now: the tsumo winner, or the ron winners. */
const winnersOf = (form: FormState): PlayerIndex[] => (form.kind === 'tsumo' ? [form.tsumoWinner] : form.kind === 'ron' ? form.ronWinners : []);

interface Props {
  s: LedgerStrings;
  state: GameState;
  initial: FormState;
  editing: number | null;
  onSubmit: (event: LedgerEvent) => string | null;
  onCancel: () => void;
  /** Each change the player makes, to keep the half-entered hand while the form is away (formDraft.ts). */
  onChange?: (form: FormState) => void;
  /** A line shown as the form opens (what a hand sent from the Hand screen filled in). */
  /** A line to show under the form as it opens, worded in the language of the moment. */
  initialInfo?: (s: LedgerStrings, lang: Lang) => string;
  /**
   * Shown under the title of a correction: the riichi declared in the hand being corrected (applied at once). Above
   * the form it was scrolled out of view when Edit brought the form in, and a referee found no way to fix a riichi.
   */
  riichiFix?: React.ReactNode;
}

export function HandForm({ s, state, initial, editing, onSubmit, onCancel, onChange, initialInfo, riichiFix }: Props) {
  const lang = useLang();
  const [form, setForm] = useState<FormState>(initial);
  // the form as opened is no change of the player's, and neither is the empty form after a hand is recorded
  const unchanged = useRef(initial);
  useEffect(() => {
    if (form !== unchanged.current) onChange?.(form);
  }, [form, onChange]);
  const [message, setMessage] = useState<string | null>(null);
  // the line on the Hand screen's hand, with the player it was scored for (shown only while that player is a winner)
  // worded when shown, so that it follows a change of language
  const [info, setInfoLine] = useState<{ say: (s: LedgerStrings, lang: Lang) => string; owner?: PlayerIndex } | null>(initialInfo ? { say: initialInfo, owner: handOwner(initial) } : null);
  const setInfo = (say: ((s: LedgerStrings, lang: Lang) => string) | null, owner?: PlayerIndex) => setInfoLine(say === null ? null : { say, owner });
  const names = state.setup.players;
  const rules = state.setup.rules;
  // "Edit" on an entry far down the list opens this form above it: it comes into view, below the standings where
  // they stay at the top of the screen (it looked as if nothing had happened)
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (editing === null || !form?.scrollIntoView) return;
    form.scrollIntoView({ block: 'start' });
    const standings = document.querySelector('[data-testid=ledger-status]');
    const covered = standings && getComputedStyle(standings).position === 'sticky' ? standings.getBoundingClientRect().bottom - form.getBoundingClientRect().top : 0;
    if (covered > 0) window.scrollBy(0, -(covered + 8));
  }, [editing]);

  const setFields = (p: PlayerIndex, patch: Partial<WinnerFields>) => setForm((f) => ({ ...f, fields: { ...f.fields, [p]: { ...f.fields[p], ...patch } } }));
  const toggle = (list: PlayerIndex[], p: PlayerIndex) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p].sort());

  function winningHand(p: PlayerIndex, tsumo: boolean): WinningHand | string {
    const f = form.fields[p];
    if (f.limit) {
      const hand: WinningHand = { player: p, han: Math.max(Number.parseInt(f.han, 10) || 0, LIMIT_MIN_FAN[f.limit]), fu: Number.parseInt(f.fu, 10) || 30, limit: f.limit };
      if (f.yaku) hand.yaku = f.yaku;
      if (f.hand) hand.hand = f.hand;
      if (f.liable !== undefined && rules.pao && f.limit.endsWith('yakuman')) {
        hand.liable = f.liable;
        if (f.liableFor) hand.liableFor = f.liableFor;
      }
      return hand;
    }
    const han = Number(f.han);
    const fu = Number(f.fu);
    if (!Number.isInteger(han) || f.han.trim() === '') return format(s.badNumber, { field: s.han, name: names[p] });
    if (!Number.isInteger(fu) || f.fu.trim() === '') return format(s.badNumber, { field: s.fu, name: names[p] });
    // 20 fu is only a pinfu won by self-draw and 25 fu only seven pairs: the tables have no other such hand
    if ((fu === 20 || fu === 25) && han < 5 && missingTableCell(han, fu, tsumo) !== null) {
      return format(tsumo ? s.noSuchHandTsumo : s.noSuchHandRon, { name: names[p], han, fu });
    }
    const hand: WinningHand = { player: p, han, fu };
    if (f.yaku) hand.yaku = f.yaku;
    if (f.hand) hand.hand = f.hand;
    return hand;
  }

  function buildEvent(): LedgerEvent | string {
    switch (form.kind) {
      case 'draw':
        return form.nagashi.length ? { type: 'draw', tenpai: form.tenpai, nagashi: form.nagashi } : { type: 'draw', tenpai: form.tenpai };
      case 'chombo':
        return form.chombo === null ? s.pickChombo : { type: 'chombo', player: form.chombo };
      case 'abortive':
        return { type: 'abortive', kind: form.abortive };
      case 'tsumo': {
        const w = winningHand(form.tsumoWinner, true);
        return typeof w === 'string' ? w : { type: 'win', winners: [w] };
      }
      case 'ron': {
        if (form.discarder === null) return s.pickDiscarder;
        const winners = form.ronWinners.filter((p) => p !== form.discarder);
        if (winners.length === 0) return s.pickWinner;
        const hands: WinningHand[] = [];
        for (const p of winners) {
          const w = winningHand(p, false);
          if (typeof w === 'string') return w;
          hands.push(w);
        }
        return { type: 'win', discarder: form.discarder, winners: hands };
      }
    }
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const event = buildEvent();
    if (typeof event === 'string') {
      setMessage(event);
      return;
    }
    const error = onSubmit(event);
    setMessage(error);
    if (!error) {
      setInfo(null);
      const empty = formFromEvent(null, state);
      unchanged.current = empty;
      setForm(empty);
    }
  }

  /** Scores the Hand screen's hand in this ledger's situation (seat, round, counters, bets) with the game's rules. */
  function fromHandScreen(p: PlayerIndex, tsumo: boolean) {
    const filled = handScreenWin(p, tsumo, state, s, lang);
    if (filled.fields) setFields(p, filled.fields);
    setInfo((s2, lang2) => handScreenWin(p, tsumo, state, s2, lang2).info, p);
  }

  /**
   * A change of who won. Where the form holds the Hand screen's hand for a player who no longer wins, and one winner
   * is named whose fields are empty, the hand is scored again as that player's win (seat, dealer or not): the Hand
   * screen's seat wind, often left at its default, had picked the first winner.
   */
  function changeWinners(next: FormState) {
    const winners = winnersOf(next);
    const owner = handOwner(next);
    const only = winners.length === 1 ? winners[0]! : undefined;
    if (owner !== undefined && !winners.includes(owner) && only !== undefined && next.fields[only].han === '' && !next.fields[only].limit) {
      const filled = handScreenWin(only, next.kind === 'tsumo', state, s, lang);
      if (filled.fields) next = { ...next, fields: { ...next.fields, [owner]: emptyFields(), [only]: { ...next.fields[only], ...filled.fields } } };
      const tsumo = next.kind === 'tsumo';
      setInfo((s2, lang2) => handScreenWin(only, tsumo, state, s2, lang2).info, only);
    }
    setForm(next);
  }

  const winnerFields = (p: PlayerIndex, tsumo: boolean) => {
    const f = form.fields[p];
    return (
      <span className="ledger-winner-fields" data-testid={`winner-fields-${p}`}>
        <label>
          {s.han}{' '}
          <input type="number" min={1} max={99} inputMode="numeric" value={f.han} disabled={!!f.limit} onChange={(e) => setFields(p, { han: e.target.value, yaku: undefined, hand: undefined })} data-testid={`han-${p}`} />
        </label>
        <label>
          {s.fu}{' '}
          <select value={f.fu} disabled={!!f.limit} onChange={(e) => setFields(p, { fu: e.target.value, yaku: undefined, hand: undefined })} data-testid={`fu-${p}`}>
            {TABLE_FU.map((fu) => (
              <option key={fu} value={String(fu)}>
                {fu}
              </option>
            ))}
          </select>
        </label>
        <label>
          {s.limit}{' '}
          <select value={f.limit} onChange={(e) => setFields(p, { limit: e.target.value as LimitName | '', yaku: undefined, hand: undefined })} data-testid={`limit-${p}`}>
            <option value="">{s.limitNone}</option>
            {/* only the yakuman these rules can pay (EMA 2016: one; double where a hand can be one; more where they add up) */}
            {LIMIT_NAMES.filter((l) => l === f.limit || yakumanCount(l) <= maxYakuman(rules)).map((l) => (
              <option key={l} value={l}>
                {limitName(l, lang)}
              </option>
            ))}
          </select>
        </label>
        {rules.pao && f.limit.endsWith('yakuman') && (
          <label>
            {s.pao}{' '}
            <select
              value={f.liable === undefined ? '' : String(f.liable)}
              onChange={(e) => setFields(p, { liable: e.target.value === '' ? undefined : (Number(e.target.value) as PlayerIndex) })}
              data-testid={`liable-${p}`}
            >
              <option value="">{s.paoNone}</option>
              {PLAYER_INDICES.filter((q) => q !== p).map((q) => (
                <option key={q} value={q}>
                  {names[q]}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* docs/rules.md: the WRC 2015 clause (6.2) could not be read; its pao follows RCR 2016 3.3.9. Said, not hidden. */}
        {rules.pao && f.limit.endsWith('yakuman') && state.setup.preset === 'wrc2015' && (
          <span className="ledger-note" data-testid={`pao-source-${p}`}>
            {s.paoWrcSource}
          </span>
        )}
        <button type="button" className="ledger-small" onClick={() => fromHandScreen(p, tsumo)} data-testid={`from-hand-${p}`}>
          {s.fromHand}
        </button>
      </span>
    );
  };

  return (
    <form className="ledger-form" onSubmit={submit} aria-labelledby="ledger-record-title" data-testid="hand-form" ref={formRef}>
      <h3 id="ledger-record-title">{editing === null ? s.record : format(s.correcting, { n: editing + 1 })}</h3>
      {riichiFix}
      <fieldset className="ledger-kinds">
        {(rules.abortiveDraws ? (['ron', 'tsumo', 'draw', 'chombo', 'abortive'] as const) : (['ron', 'tsumo', 'draw', 'chombo'] as const)).map((k) => (
          <label key={k}>
            <input type="radio" name="ledger-kind" value={k} checked={form.kind === k} onChange={() => setForm((f) => ({ ...f, kind: k }))} data-testid={`kind-${k}`} /> {s[`kind.${k}`]}
          </label>
        ))}
      </fieldset>

      {form.kind === 'ron' && (
        <div>
          <label>
            {s.discarder}{' '}
            <PlayerSelect names={names} value={form.discarder} unset={s.whoDiscarded} onChange={(p) => setForm((f) => ({ ...f, discarder: p }))} testId="discarder" />
          </label>
          <ul className="ledger-winners">
            {PLAYER_INDICES.filter((p) => p !== form.discarder).map((p) => (
              <li key={p}>
                <label>
                  <input type="checkbox" checked={form.ronWinners.includes(p)} onChange={() => changeWinners({ ...form, ronWinners: toggle(form.ronWinners, p) })} data-testid={`ron-winner-${p}`} /> {names[p]} {s.winsOnDiscard}
                </label>
                {form.ronWinners.includes(p) && winnerFields(p, false)}
              </li>
            ))}
          </ul>
          <p className="ledger-note" data-testid="multiple-note">{format(s.multipleNote, { rule: s[`multiple.${rules.multipleRon}`], extras: rules.multipleRon === 'head-bump' ? '' : s[`multipleExtras.${rules.multipleRonExtras}`] })}</p>
        </div>
      )}

      {form.kind === 'tsumo' && (
        <div>
          <label>
            {s.winner}{' '}
            <PlayerSelect names={names} value={form.tsumoWinner} onChange={(p) => changeWinners({ ...form, tsumoWinner: p })} testId="tsumo-winner" />
          </label>{' '}
          {winnerFields(form.tsumoWinner, true)}
        </div>
      )}

      {form.kind === 'draw' && (
        <fieldset>
          <legend>{s.tenpai}</legend>
          {PLAYER_INDICES.map((p) => (
            <label key={p} className="ledger-check">
              <input type="checkbox" checked={form.tenpai.includes(p)} onChange={() => setForm((f) => ({ ...f, tenpai: toggle(f.tenpai, p) }))} data-testid={`tenpai-${p}`} /> {names[p]}
            </label>
          ))}
          {rules.nagashiMangan && (
            <div>
              {s.nagashi}
              {s.colon}
              {PLAYER_INDICES.map((p) => (
                <label key={p} className="ledger-check">
                  <input type="checkbox" checked={form.nagashi.includes(p)} onChange={() => setForm((f) => ({ ...f, nagashi: toggle(f.nagashi, p) }))} data-testid={`nagashi-${p}`} /> {names[p]}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      )}

      {form.kind === 'chombo' && (
        <div>
          <label>
            {s.chomboBy}{' '}
            <PlayerSelect names={names} value={form.chombo} unset={s.whoChombo} onChange={(p) => setForm((f) => ({ ...f, chombo: p }))} testId="chombo-player" />
          </label>
          <p className="ledger-note">{rules.chombo === 'reverse-mangan' ? s.chomboReverseNote : format(s.chomboNote, { penalty: points(state.setup.chomboPenalty, lang) })}</p>
        </div>
      )}

      {form.kind === 'abortive' && (
        <div>
          <label>
            {s.abortiveKind}{' '}
            <select value={form.abortive} onChange={(e) => setForm((f) => ({ ...f, abortive: e.target.value as AbortiveKind }))} data-testid="abortive-kind">
              {abortiveKindsOf(rules).map((k) => (
                <option key={k} value={k}>
                  {s[`abortive.${k}`]}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}

      {info && (info.owner === undefined || winnersOf(form).includes(info.owner)) && (
        <p className="ledger-info" data-testid="form-info">
          {info.say(s, lang)}
        </p>
      )}
      {message && (
        <p role="alert" className="ledger-error" data-testid="form-error">
          {message}
        </p>
      )}
      <div className="ledger-actions">
        <button type="submit" data-testid="record-submit">
          {editing === null ? s.submit : s.saveEdit}
        </button>
        {editing !== null && (
          <button type="button" onClick={onCancel} data-testid="edit-cancel">
            {s.cancelEdit}
          </button>
        )}
      </div>
    </form>
  );
}

/** A select of the four players by name; `unset` names the choice still to make while `value` is null. */
function PlayerSelect({ names, value, unset, onChange, testId }: { names: readonly string[]; value: PlayerIndex | null; unset?: string; onChange: (p: PlayerIndex) => void; testId: string }) {
  return (
    <select value={value ?? ''} onChange={(e) => onChange(Number(e.target.value) as PlayerIndex)} data-testid={testId}>
      {value === null && (
        <option value="" disabled>
          {unset}
        </option>
      )}
      {PLAYER_INDICES.map((p) => (
        <option key={p} value={p}>
          {names[p]}
        </option>
      ))}
    </select>
  );
}
