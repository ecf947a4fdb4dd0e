// The photo under review and its corrections, kept in this browser (IndexedDB) for this tab only, so that a page
// reloaded under the player (a phone browser drops a tab left for another app, then reloads it) offers the review
// back ("Back to the last photo") instead of losing it: the hand may be gone from the table by then. A tab is known by
// an id in sessionStorage, which a reload keeps and a closed tab loses; what a closed tab left is deleted after a day.
// Nothing leaves the device.
import { openStore, transact } from '../idb.ts';
import type { ReviewState } from './review.ts';

const DB_NAME = 'riichi-lens-review';
const STORE = 'reviews';
const TAB_KEY = 'riichi-lens.tab';
/** What a tab closed long ago left is deleted when the app opens. */
export const KEPT_REVIEW_MAX_AGE_MS = 24 * 3600 * 1000;

/** A review as kept: its photo (the JPEG or working copy the review's boxes refer to) and the player's changes. */
export interface KeptReview {
  photo: Blob;
  name: string;
  review: ReviewState;
  undo: readonly ReviewState[];
  /** Its hand went to the Hand screen ("Use this hand"). */
  handedOver: boolean;
}

interface KeptRecord extends KeptReview {
  tab: string;
  savedAt: number;
}

/** This tab's id (kept by a reload, not by another tab); null where sessionStorage is blocked (nothing is kept). */
function tabId(): string | null {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return null;
    let id = storage.getItem(TAB_KEY);
    if (!id) {
      id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      storage.setItem(TAB_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

async function inStore<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T> | (() => T)): Promise<T> {
  return transact(await openStore(DB_NAME, STORE, 'tab'), STORE, mode, body);
}

/** Writes one after another, latest last: a slow write never lands after a newer one. */
let writing: Promise<unknown> = Promise.resolve();
/** The review to write once the player pauses (taps come in bursts; each write stores the photo again). */
let pending: KeptReview | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const PAUSE_MS = 400;

function flush(): void {
  clearTimeout(timer);
  const kept = pending;
  pending = null;
  const tab = kept && tabId();
  if (!kept || !tab) return;
  const record: KeptRecord = { tab, savedAt: Date.now(), ...kept, undo: [...kept.undo] };
  writing = writing.then(() => inStore('readwrite', (store) => store.put(record))).catch(() => undefined);
}

// a tab put in the background may be dropped without another word: what is pending is written now
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

/** Keeps `kept` as this tab's review (replacing the one before). Best effort: a failure only means nothing is kept. */
export function keepReview(kept: KeptReview): void {
  pending = kept;
  clearTimeout(timer);
  timer = setTimeout(flush, PAUSE_MS);
}

/**
 * This tab's kept review, if the page was reloaded under it, or null. Also deletes what tabs closed more than
 * KEPT_REVIEW_MAX_AGE_MS ago left.
 */
export async function keptReview(now = Date.now()): Promise<KeptReview | null> {
  const tab = tabId();
  if (!tab) return null;
  try {
    await writing;
    const found = await inStore('readwrite', (store) => {
      const request = store.getAll();
      request.onsuccess = () => {
        for (const r of request.result as KeptRecord[]) if (r.tab !== tab && !(now - r.savedAt < KEPT_REVIEW_MAX_AGE_MS)) store.delete(r.tab);
      };
      return () => (request.result as KeptRecord[]).find((r) => r.tab === tab) ?? null;
    });
    return found && found.photo instanceof Blob && found.review && Array.isArray(found.review.tiles) ? { photo: found.photo, name: found.name, review: found.review, undo: found.undo ?? [], handedOver: found.handedOver === true } : null;
  } catch {
    return null;
  }
}
