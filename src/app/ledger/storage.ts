// Saved games in IndexedDB (several games, survive reload and browser restart). Every record is a
// validated GameDocument; a record that no longer validates is listed as damaged, never loaded.
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

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new NoStorageError());
      return;
    }
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened.'));
  });
}

function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = body(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error ?? req.error ?? new Error('IndexedDB transaction failed.'));
        };
        tx.onabort = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB transaction aborted.'));
        };
      }),
  );
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

export async function saveGame(doc: GameDocument): Promise<void> {
  await run('readwrite', (s) => s.put(doc));
}

export async function deleteGame(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
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
