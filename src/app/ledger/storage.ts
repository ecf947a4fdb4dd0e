// Saved games in IndexedDB (several games, survive reload and browser restart). Every record is a
// validated GameDocument; a record that no longer validates is listed as damaged, never loaded.
import { openStore, transact } from '../idb.ts';
import { validateDocument, type GameDocument, type ImportRefusal } from '../../engine/ledger/index.ts';

const DB_NAME = 'riichi-lens-ledger';
const STORE = 'games';
const CURRENT_KEY = 'riichi-lens.ledger.current';

/** The browser keeps no IndexedDB (some private modes): the screen says so in the player's language. */
export class NoStorageError extends Error {
  constructor() {
    super('This browser has no IndexedDB: games cannot be saved.');
    this.name = 'NoStorageError';
  }
}

/** One transaction on the saved games (see idb.ts); NoStorageError where the browser keeps no IndexedDB. */
async function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T> | (() => T)): Promise<T> {
  if (typeof indexedDB === 'undefined') throw new NoStorageError();
  return transact(await openStore(DB_NAME, STORE, 'id'), STORE, mode, body);
}

export interface StoredGameEntry {
  id: string;
  doc: GameDocument | null;
  /** Why a stored record could not be read (then doc is null), to be said in the player's language. */
  damaged: ImportRefusal | null;
}

export async function listGames(): Promise<StoredGameEntry[]> {
  const records = await run<unknown[]>('readonly', (s) => s.getAll());
  const entries = records.map((r): StoredGameEntry => {
    const id = typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string' ? (r as { id: string }).id : '?';
    const checked = validateDocument(r);
    return checked.ok ? { id, doc: checked.game, damaged: null } : { id, doc: null, damaged: checked.refusal };
  });
  return entries.sort((a, b) => (b.doc?.updatedAt ?? '').localeCompare(a.doc?.updatedAt ?? ''));
}

/**
 * The stored game is not the one a change was made to: another tab or window of the app saved (or deleted) it since.
 * `latest` is the game as stored now, null when it was deleted.
 */
export class GameChangedElsewhere extends Error {
  constructor(readonly latest: GameDocument | null) {
    super(latest ? 'This game was changed in another tab or window.' : 'This game was deleted in another tab or window.');
    this.name = 'GameChangedElsewhere';
  }
}

/** Saves one after another, so that each save's check sees the one before it written. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * Saves a game made from the stored version `base` (its `updatedAt`; null for a game not stored yet). The same game
 * may be open in two tabs: a save from one that has not seen the other's last change would drop that change, so it is
 * refused (GameChangedElsewhere, with the game as stored) instead. The check and the write are one transaction.
 */
export function saveGame(doc: GameDocument, base: string | null): Promise<void> {
  const save = saving.then(async () => {
    let refused: unknown = null;
    const conflict = await run('readwrite', (store) => {
      let changed: GameChangedElsewhere | null = null;
      const read = store.get(doc.id);
      read.onsuccess = () => {
        const stored: unknown = read.result;
        const storedAt = typeof stored === 'object' && stored !== null ? (stored as { updatedAt?: unknown }).updatedAt : null;
        if ((storedAt ?? null) === base) {
          // a put refused at once (storage full) throws here, in an event handler: kept, to be the save's error
          try {
            store.put(doc);
          } catch (error) {
            refused = error;
            store.transaction.abort();
          }
          return;
        }
        const checked = stored === undefined ? null : validateDocument(stored);
        changed = new GameChangedElsewhere(checked?.ok ? checked.game : null);
      };
      return () => changed;
    }).catch((error: unknown) => {
      throw refused ?? error;
    });
    if (conflict) throw conflict;
    announce(doc.id);
    keepStorage();
  });
  saving = save.catch(() => undefined);
  return save;
}

/**
 * Asks the browser, once, to keep this site's storage (a saved game is a player's only copy): without it the games
 * are "best effort" storage, which a browser may clear under storage pressure, or Safari after a week without a
 * visit. Chrome answers without asking (granted to an installed app); Firefox asks the player. Nothing is lost if
 * it says no.
 */
let storageAsked = false;
function keepStorage(): void {
  if (storageAsked) return;
  storageAsked = true;
  try {
    void navigator.storage?.persist?.().catch(() => false);
  } catch {
    // no StorageManager: as before
  }
}

export async function deleteGame(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
  announce(id);
}

// Other tabs and windows of the app hear of each saved or deleted game at once (BroadcastChannel: within this
// browser, nothing leaves the device), so that a game open in two shows the same hands in both.
const CHANNEL = 'riichi-lens-ledger';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

function announce(id: string): void {
  channel?.postMessage({ id });
}

/** Calls `changed(id)` when another tab or window saves or deletes a game; returns the way to stop. */
export function onGameChangedElsewhere(changed: (id: string) => void): () => void {
  if (!channel) return () => undefined;
  // the channel that announces this tab's saves: a BroadcastChannel never hears its own messages
  const listener = (e: MessageEvent<unknown>) => {
    const id = (e.data as { id?: unknown } | null)?.id;
    if (typeof id === 'string') changed(id);
  };
  channel.addEventListener('message', listener);
  return () => channel.removeEventListener('message', listener);
}

/** The stored game `id` as it is now (null: not stored, or no longer readable). */
export async function loadGame(id: string): Promise<GameDocument | null> {
  const stored = await run<unknown>('readonly', (s) => s.get(id));
  if (stored === undefined) return null;
  const checked = validateDocument(stored);
  return checked.ok ? checked.game : null;
}

export function newGameId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
  return `game-${Date.now().toString(36)}-${random}`;
}

export function rememberCurrent(id: string | null): void {
  try {
    if (id) localStorage.setItem(CURRENT_KEY, id);
    else localStorage.removeItem(CURRENT_KEY);
  } catch {
    /* storage blocked: the game list still works */
  }
}

export function currentGameId(): string | null {
  try {
    return localStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
}
