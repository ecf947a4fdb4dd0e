// The hanchan ledger screen: saved games (IndexedDB), new game, import, and the open game.
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, PRESET_INFO, PRESET_NAMES, PRESETS, type PresetName } from '../../engine/index.ts';
import { createGame, importJson, RECORD_BOUNDS, importRefusalText, LedgerError, MAX_DOCUMENT_BYTES, newDocument, replay, type GameDocument, type ImportRefusal, type LedgerEvent } from '../../engine/ledger/index.ts';
import { format, megabytes, points as pointsIn, useLang, useStrings, type Lang } from '../i18n/index.ts';
import { gameRulesLabelIn, presetSummaryIn } from '../i18n/ruleWords.ts';
import { scrollBehavior } from '../motion.ts';
import { formFromDraft, keepNewGameDraft, readDraft, readNewGameDraft } from './formDraft.ts';
import { pendingHandoff } from './handoff.ts';
import { gameOverText, GameView, roundText } from './GameView.tsx';
import { currentGameId, deleteGame, GameChangedElsewhere, listGames, loadGame, newGameId, NoStorageError, onGameChangedElsewhere, rememberCurrent, saveGame, type StoredGameEntry } from './storage.ts';
import { ledgerStrings, type LedgerStrings } from './strings.ts';
import './ledger.css';

/**
 * The terms a new game is counted by under a rule book, with the start typed: "25,000 to start, 30,000 returned, uma
 * +20/+10/−10/−20, oka 20,000 to first place": the rules the game would be created with (createGame moves the return
 * with a start typed under rules without oka), or the rule book's own where the start typed is no start.
 */
export function termsText(s: LedgerStrings, preset: PresetName, typedStart: string, lang: Lang): string {
  let rules: { startingPoints: number; returnPoints: number; uma: readonly number[] } = PRESETS[preset];
  try {
    rules = createGame({ players: ['1', '2', '3', '4'], rules: preset, startingPoints: Number(typedStart) }).rules;
  } catch {
    // not a start a game takes: the form says so on Start; the terms stay the rule book's
  }
  const { startingPoints: start, returnPoints: ret } = rules;
  const oka = (ret - start) * 4;
  const uma = rules.uma.map((u) => (u > 0 ? `+${u}` : u < 0 ? `−${-u}` : '0')).join('/');
  return format(oka > 0 ? s.termsOka : s.terms, { start: pointsIn(start, lang), ret: pointsIn(ret, lang), uma, oka: pointsIn(oka, lang) });
}

function NewGameForm({ s, onCreate }: { s: LedgerStrings; onCreate: (doc: GameDocument) => void }) {
  const lang = useLang();
  // what was typed before the player left for another screen (or the tab was reloaded) is still there
  const [kept] = useState(readNewGameDraft);
  const [names, setNames] = useState(kept?.names ?? ['', '', '', '']);
  const [points, setPoints] = useState(kept?.points ?? '30000');
  const [preset, setPreset] = useState<PresetName>(kept?.preset ?? 'ema');
  const [error, setError] = useState<string | null>(null);
  const typed = useRef(false);
  useEffect(() => {
    if (typed.current) keepNewGameDraft({ names, points, preset });
    typed.current = true;
  }, [names, points, preset]);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      const setup = createGame({ players: names, startingPoints: Number(points), rules: preset });
      onCreate(newDocument(newGameId(), setup, new Date()));
      keepNewGameDraft(null);
      setError(null);
      // emptied: a second tap must not start the same game twice (it asks for the names instead)
      typed.current = false;
      setNames(['', '', '', '']);
    } catch (err) {
      setError(err instanceof LedgerError ? err.text(lang, (code, params) => errorMessage(code, params, lang)) : err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <form className="ledger-form" onSubmit={submit} aria-labelledby="ledger-new-title" data-testid="new-game-form">
      <h3 id="ledger-new-title">{s.newGame}</h3>
      <fieldset>
        <legend>{s.players}</legend>
        {names.map((n, i) => (
          <label key={i} className="ledger-name">
            {format(s.playerN, { n: i + 1 })}{' '}
            <input value={n} maxLength={RECORD_BOUNDS.nameLength} onChange={(e) => setNames((xs) => xs.map((x, j) => (j === i ? e.target.value : x)))} data-testid={`player-name-${i}`} required />
          </label>
        ))}
        {/* a name pasted longer is cut by the field: said, not silently */}
        {names.some((n) => n.length >= RECORD_BOUNDS.nameLength) && (
          <p className="muted small" role="status" data-testid="name-limit">
            {format(s.nameLimit, { max: RECORD_BOUNDS.nameLength })}
          </p>
        )}
      </fieldset>
      <label>
        {s.startingPoints}{' '}
        <input type="number" step={100} min={100} value={points} onChange={(e) => setPoints(e.target.value)} data-testid="starting-points" />
      </label>{' '}
      <label>
        {s.rules}{' '}
        <select
          value={preset}
          onChange={(e) => {
            const next = e.target.value as PresetName;
            // a rule book's own start (25,000 online and in M-League) unless the players typed another
            if (points === String(PRESETS[preset].startingPoints)) setPoints(String(PRESETS[next].startingPoints));
            setPreset(next);
          }}
          data-testid="preset"
        >
          {PRESET_NAMES.map((name) => (
            <option key={name} value={name} title={presetSummaryIn(name, lang)}>
              {PRESET_INFO[name].label}
            </option>
          ))}
        </select>
      </label>
      {/* what the game is counted by, before it starts (it showed only at the end, in the final table) */}
      <p className="ledger-note" data-testid="preset-terms">
        {termsText(s, preset, points, lang)}
      </p>
      {error && (
        <p role="alert" className="ledger-error">
          {error}
        </p>
      )}
      <div className="ledger-actions">
        <button type="submit" data-testid="start-game">
          {s.start}
        </button>
      </div>
    </form>
  );
}

/** The same game: its players, rules and every entry alike (an export imported back). */
function sameGame(a: GameDocument, b: GameDocument): boolean {
  return JSON.stringify([a.setup, a.events]) === JSON.stringify([b.setup, b.events]);
}

/** The browser's words for a storage error, without their last full stop (the sentence around them goes on). */
function browserText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).trim().replace(/\.$/, '');
}

export default function LedgerScreen() {
  const s = useStrings(ledgerStrings);
  const lang = useLang();
  const [games, setGames] = useState<StoredGameEntry[] | null>(null);
  const [current, setCurrent] = useState<GameDocument | null>(null);
  // what a notice says is worded when shown, so that it follows a change of language ("Game imported." stayed English)
  // `retry`: an error the player can act on at once (a save that failed: save it again)
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; say: (s: LedgerStrings, lang: Lang) => string; retry?: () => void } | null>(null);
  // The open game holds changes that could not be saved (storage full, the database lost): they stay on screen (and in
  // an export), and `base` is the version still stored, so the next save, or Try again, saves them all over it
  // instead of being refused as a change made from a game another tab changed.
  const unsaved = useRef<{ id: string; base: string | null } | null>(null);
  /** The stored version a change to `doc` is made from. */
  const baseOf = (doc: GameDocument) => (unsaved.current?.id === doc.id ? unsaved.current.base : doc.updatedAt);
  // A game started or opened from the forms below it: brought into view (on a phone it is a screen and more above the
  // button pressed, which then seemed to do nothing) and given the focus.
  const gameRef = useRef<HTMLDivElement>(null);
  const [reveal, setReveal] = useState(0);
  useEffect(() => {
    if (!reveal) return;
    gameRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    gameRef.current?.focus({ preventScroll: true });
  }, [reveal]);
  const fileInput = useRef<HTMLInputElement>(null);
  // a finished game takes no more hands, so a hand sent from the Hand screen waits for another game
  const currentFinished = useMemo(() => (current ? replay(current.setup, current.events).state.finished : false), [current]);

  /** A failed read or save of the saved games, in words. */
  const storageError = (e: unknown) => (s: LedgerStrings) => (e instanceof NoStorageError ? s.noStorage : format(s.saveFailed, { error: browserText(e) }));
  /** The saved games could not be read at all (the database would not open): what still works, and how to keep a game. */
  const loadError = (e: unknown) => (s: LedgerStrings) => (e instanceof NoStorageError ? s.noStorage : format(s.loadFailed, { error: browserText(e) }));

  useEffect(() => {
    let alive = true;
    listGames()
      .then((list) => {
        if (!alive) return;
        setGames(list);
        const id = currentGameId();
        const found = list.find((g) => g.id === id && g.doc);
        if (found?.doc) setCurrent(found.doc);
      })
      .catch((e: unknown) => {
        if (!alive) return;
        setGames([]);
        setNotice({ kind: 'error', say: loadError(e) });
      });
    return () => {
      alive = false;
    };
    // Load once (a notice is worded when shown, in the language of the moment).
  }, []);

  // The same game may be open in another tab or window: what it saves shows here at once, and a game it deletes is
  // closed here (storage.ts; a save made here from a game it has changed since is refused, in persist).
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  /** The game `id` as stored now, saved or deleted elsewhere; `lost`: a change made here was not saved over it. */
  function showStored(id: string, latest: GameDocument | null, lost: boolean) {
    if (currentRef.current?.id !== id) return;
    // changes not saved here are lost to the stored game shown now: said like a save refused
    if (unsaved.current?.id === id) {
      unsaved.current = null;
      lost = true;
    }
    if (latest) {
      // a form the player was filling in (a draft) made for the game as it was: emptied now, and said, not silently
      const before = currentRef.current;
      const emptied = !lost && before && [false, true].some((editing) => {
        const draft = readDraft(id, editing);
        return draft !== null && formFromDraft(draft, before.events, draft.editing) !== null && formFromDraft(draft, latest.events, draft.editing) === null;
      });
      setCurrent(latest);
      if (lost) setNotice({ kind: 'error', say: (s) => s.changedElsewhere });
      else if (emptied) setNotice({ kind: 'error', say: (s) => s.formEmptiedElsewhere });
    } else {
      setCurrent(null);
      rememberCurrent(null);
      setNotice({ kind: 'error', say: (s) => s.deletedElsewhere });
    }
  }
  useEffect(
    () =>
      onGameChangedElsewhere((id) => {
        listGames()
          .then((list) => {
            setGames(list);
            if (currentRef.current?.id === id) return loadGame(id).then((latest) => showStored(id, latest, false));
          })
          .catch(() => undefined);
      }),
    // one listener; it reads the open game through a ref
    [],
  );

  /**
   * Opens the game and saves it; false (with the error shown) when saving failed. `base`: the `updatedAt` of the
   * stored game the change was made to (null for a game not stored yet).
   */
  async function persist(doc: GameDocument, base: string | null): Promise<boolean> {
    setCurrent(doc);
    rememberCurrent(doc.id);
    try {
      await saveGame(doc, base);
      if (unsaved.current?.id === doc.id) {
        unsaved.current = null;
        setNotice(null); // the failure said before is mended
      }
      setGames(await listGames());
      return true;
    } catch (e) {
      if (e instanceof GameChangedElsewhere) {
        unsaved.current = null;
        showStored(doc.id, e.latest, true);
        setGames(await listGames().catch(() => games ?? []));
      } else {
        // kept on screen, not saved: the next change or Try again saves it over the version still stored
        unsaved.current = { id: doc.id, base };
        setNotice({ kind: 'error', say: storageError(e), retry: () => void persist(doc, base) });
      }
      return false;
    }
  }

  /** Why a game file or a stored record was refused, in the player's language. */
  const refusalText = (refusal: ImportRefusal, lang: Lang) => importRefusalText(refusal, lang, (code, params) => errorMessage(code, params, lang));

  /** Saves the open game with these entries; resolves to whether it was saved. */
  function onEvents(events: LedgerEvent[]): Promise<boolean> {
    if (!current) return Promise.resolve(false);
    return persist({ ...current, events, updatedAt: new Date().toISOString() }, baseOf(current));
  }

  async function onImport(file: File) {
    const refuse = (error: (s: LedgerStrings, lang: Lang) => string) => setNotice({ kind: 'error', say: (s, lang) => format(s.importRefused, { error: error(s, lang) }) });
    // another file picked by mistake (a video...) is refused from its size, never read whole into memory
    if (file.size > MAX_DOCUMENT_BYTES) return refuse((s, lang) => format(s.importTooBig, { size: megabytes(file.size, lang), max: megabytes(MAX_DOCUMENT_BYTES, lang) }));
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      return refuse((s) => format(s.importUnreadable, { error: e instanceof Error ? e.message : String(e) }));
    }
    const result = importJson(text);
    if (!result.ok) return refuse((_s, lang) => refusalText(result.refusal, lang));
    let doc = result.game;
    const saved = games?.find((g) => g.id === doc.id)?.doc;
    // the same file imported again: the game already saved is opened, not saved twice
    if (saved && sameGame(saved, doc)) {
      setCurrent(saved);
      rememberCurrent(saved.id);
      setNotice({ kind: 'ok', say: (s) => s.importedAlready });
      return;
    }
    // a game of the same id that differs (played on since, on another device): kept beside it, as a copy
    if (saved) doc = { ...doc, id: newGameId() };
    // "imported" only once it is saved: a failed save keeps its own error on screen
    if (await persist(doc, null)) setNotice({ kind: 'ok', say: (s) => (saved ? s.importedCopy : s.imported) });
  }

  async function remove(entry: StoredGameEntry) {
    const label = entry.doc ? entry.doc.setup.players.join(', ') : entry.id;
    if (!window.confirm(format(s.confirmDelete, { names: label }))) return;
    try {
      await deleteGame(entry.id);
      if (current?.id === entry.id) {
        setCurrent(null);
        rememberCurrent(null);
      }
      setGames(await listGames());
    } catch (e) {
      setNotice({ kind: 'error', say: storageError(e) });
    }
  }

  const dateText = (iso: string) => new Date(iso).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });

  return (
    <section aria-labelledby="ledger-title" className="ledger">
      <h2 id="ledger-title">{s.title}</h2>
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={notice.kind === 'error' ? 'ledger-error' : 'ledger-info'} data-testid="ledger-notice">
          {notice.say(s, lang)}
          {notice.retry && (
            <>
              {' '}
              <button type="button" className="ledger-small" onClick={notice.retry} data-testid="ledger-retry-save">
                {s.saveAgain}
              </button>
            </>
          )}
        </p>
      )}
      {(!current || currentFinished) && games !== null && pendingHandoff() && (
        <p className="ledger-info" role="status" data-testid="ledger-sent-waiting">
          {current ? s.sentWaitingGameOver : s.sentWaiting}
        </p>
      )}
      {current && (
        <div ref={gameRef} tabIndex={-1} className="ledger-current" data-testid="ledger-current">
          <GameView key={current.id} s={s} doc={current} onEvents={onEvents} />
        </div>
      )}

      <section className="ledger-games" aria-labelledby="ledger-games-title">
        <h3 id="ledger-games-title">{s.games}</h3>
        {games === null ? (
          <p>{s.loading}</p>
        ) : games.length === 0 ? (
          <p>{s.noGames}</p>
        ) : (
          <ul data-testid="games">
            {games.map((g) => {
              if (!g.doc) {
                return (
                  <li key={g.id} className="ledger-error">
                    {format(s.damaged, { id: g.id, error: g.damaged ? refusalText(g.damaged, lang) : '' })}{' '}
                    <button type="button" className="ledger-small" onClick={() => void remove(g)}>
                      {s.delete}
                    </button>
                  </li>
                );
              }
              const st = replay(g.doc.setup, g.doc.events).state;
              return (
                <li key={g.id} data-testid="game-entry">
                  {/* the rules too: two games of the same four players on one evening look alike otherwise */}
                  <strong>{format(s.gameOf, { names: g.doc.setup.players.join(', ') })}</strong> — {gameRulesLabelIn(g.doc.setup, lang)} — {st.finished ? gameOverText(s, st) : roundText(s, st.round, st.handNumber, st.counters)} — {format(s.updated, { date: dateText(g.doc.updatedAt) })}{' '}
                  {current?.id === g.id ? (
                    <em>{s.opened}</em>
                  ) : (
                    <button
                      type="button"
                      className="ledger-small"
                      onClick={() => {
                        setCurrent(g.doc);
                        rememberCurrent(g.id);
                        setNotice(null); // about the game left ("Game imported."), not this one
                        setReveal((n) => n + 1);
                      }}
                      data-testid="open-game"
                    >
                      {s.open}
                    </button>
                  )}{' '}
                  <button type="button" className="ledger-small" onClick={() => void remove(g)} data-testid="delete-game">
                    {s.delete}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {/* a button in the app's language: the browser's own file field says "Choose File" in the browser's */}
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void onImport(file);
            e.target.value = '';
          }}
          data-testid="import-json"
        />
        <p className="ledger-import">
          <button type="button" onClick={() => fileInput.current?.click()} data-testid="import-json-button">
            {s.importJson}
          </button>
        </p>
      </section>

      <NewGameForm
        s={s}
        onCreate={(doc) => {
          setNotice(null);
          void persist(doc, null);
          setReveal((n) => n + 1);
        }}
      />
    </section>
  );
}
