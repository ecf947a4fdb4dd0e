// A hand half entered in the ledger's form is kept while the player leaves it: for the Hand screen to build the hand
// that "Score the hand from the Hand screen" reads, for a Riichi button pressed late (a new entry, which redraws the
// form), or through a reload of the tab (a phone browser drops a tab left for another app). It lives in
// sessionStorage, so it belongs to this tab only and ends with it; one draft for the next hand and one for the entry
// being corrected, per game. A draft is only taken back for the entries it was made against: a hand recorded since
// (here or in another tab) makes it stale, while a riichi declared since only adds that player to the tenpai list.
// The new-game form (four names typed, a rule book picked) is kept the same way until the game starts.
import { ABORTIVE_KINDS, isPlayerIndex, LIMIT_NAMES, PLAYER_INDICES, type LedgerEvent, type PlayerIndex } from '../../engine/ledger/index.ts';
import { PRESET_NAMES, type PresetName } from '../../engine/index.ts';
import { readStored, writeStored } from '../sessionStore.ts';
import type { FormState } from './HandForm.tsx';

const KEY_PREFIX = 'riichi-lens.ledger-draft.';

export interface FormDraft {
  /** The entry being corrected; null for the next hand. */
  editing: number | null;
  /** How many entries it was made against, and a digest of them (for the next hand: the entries up to the last
   * hand recorded, so that riichi declared, or taken back, since does not make it stale). */
  entries: number;
  digest: string;
  form: FormState;
}

/** FNV-1a of the entries as JSON: enough to tell the same list from a changed one. */
export function entriesDigest(events: readonly LedgerEvent[]): string {
  const text = JSON.stringify(events);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Where the hand being played began: after the last entry that is not a riichi declaration. */
function handStart(events: readonly LedgerEvent[]): number {
  let i = events.length;
  while (i > 0 && events[i - 1]!.type === 'riichi') i--;
  return i;
}

export function makeDraft(events: readonly LedgerEvent[], editing: number | null, form: FormState): FormDraft {
  const entries = editing === null ? handStart(events) : events.length;
  return { editing, entries, digest: entriesDigest(events.slice(0, entries)), form };
}

/**
 * The form a draft brings back for `events` as they are now, or null where it is stale. A correction needs the very
 * entries it was made against; the next hand needs the same hands recorded, and players in riichi now are tenpai.
 */
export function formFromDraft(draft: FormDraft, events: readonly LedgerEvent[], editing: number | null): FormState | null {
  if (draft.editing !== editing) return null;
  const entries = editing === null ? handStart(events) : events.length;
  if (entries !== draft.entries || entriesDigest(events.slice(0, entries)) !== draft.digest) return null;
  if (editing !== null) return editing < events.length ? draft.form : null;
  const riichi = events.slice(entries).map((e) => (e as Extract<LedgerEvent, { type: 'riichi' }>).player);
  if (riichi.every((p) => draft.form.tenpai.includes(p))) return draft.form;
  return { ...draft.form, tenpai: [...new Set([...draft.form.tenpai, ...riichi])].sort() };
}

const isPlayers = (v: unknown): v is PlayerIndex[] => Array.isArray(v) && v.every(isPlayerIndex);

/** A draft read back from storage has the shape the form needs (storage is the browser's, another version may have written it). */
function isDraft(v: unknown): v is FormDraft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Partial<FormDraft>;
  const f = d.form as Partial<FormState> | undefined;
  if (!(d.editing === null || (Number.isInteger(d.editing) && (d.editing as number) >= 0))) return false;
  if (!Number.isInteger(d.entries) || typeof d.digest !== 'string' || typeof f !== 'object' || f === null) return false;
  if (!['ron', 'tsumo', 'draw', 'chombo', 'abortive'].includes(f.kind as string)) return false;
  if (!(f.discarder === null || isPlayerIndex(f.discarder)) || !isPlayerIndex(f.tsumoWinner) || !(f.chombo === null || isPlayerIndex(f.chombo)) || !(ABORTIVE_KINDS as readonly unknown[]).includes(f.abortive)) return false;
  if (!isPlayers(f.ronWinners) || !isPlayers(f.tenpai) || !isPlayers(f.nagashi)) return false;
  const fields = f.fields as Record<string, unknown> | undefined;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    PLAYER_INDICES.every((p) => {
      const w = fields[p] as Record<string, unknown> | undefined;
      return (
        typeof w === 'object' &&
        w !== null &&
        typeof w.han === 'string' &&
        typeof w.fu === 'string' &&
        (w.limit === '' || (LIMIT_NAMES as readonly unknown[]).includes(w.limit)) &&
        (w.liable === undefined || isPlayerIndex(w.liable))
      );
    })
  );
}

const keyOf = (gameId: string, editing: boolean) => `${KEY_PREFIX}${gameId}.${editing ? 'edit' : 'new'}`;

export const readDraft = (gameId: string, editing: boolean) => readStored(keyOf(gameId, editing), isDraft);
export const keepDraft = (gameId: string, draft: FormDraft) => writeStored(keyOf(gameId, draft.editing !== null), draft);
export const dropDraft = (gameId: string, editing: boolean) => writeStored(keyOf(gameId, editing), null);

/** The new-game form as the player left it. */
export interface NewGameDraft {
  names: string[];
  points: string;
  preset: PresetName;
}

const NEW_GAME_KEY = `${KEY_PREFIX}new-game`;

function isNewGameDraft(v: unknown): v is NewGameDraft {
  const d = v as Partial<NewGameDraft> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    Array.isArray(d.names) &&
    d.names.length === 4 &&
    d.names.every((n) => typeof n === 'string' && n.length <= 40) &&
    typeof d.points === 'string' &&
    (PRESET_NAMES as readonly unknown[]).includes(d.preset)
  );
}

export const readNewGameDraft = () => readStored(NEW_GAME_KEY, isNewGameDraft);
export const keepNewGameDraft = (draft: NewGameDraft | null) => writeStored(NEW_GAME_KEY, draft);
