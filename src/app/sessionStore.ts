// This tab's sessionStorage as JSON records, for what the app keeps of a form or a question while the player is on
// another screen or the tab reloads (a reload keeps sessionStorage, a new tab does not have it). A record read back is
// checked for its shape (another version of the app may have written it); storage blocked or full keeps nothing, and
// the screens work the same.

/** What `key` holds in this tab's sessionStorage, when it has the shape `valid` asks; null otherwise (nothing kept,
 * a damaged record, storage blocked). */
export function readStored<T>(key: string, valid: (v: unknown) => v is T): T | null {
  try {
    const text = globalThis.sessionStorage?.getItem(key);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it); storage full or blocked changes nothing on screen. */
export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* not kept */
  }
}
