// A sessionStorage of the tests' own (vitest runs in Node, which has none), installed for one callback.

export class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
}

/** Runs `body` with `globalThis.sessionStorage` set to a fresh MemoryStorage, removed afterwards. */
export function withSessionStorage(body: (storage: MemoryStorage) => void): void {
  const storage = new MemoryStorage();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
  try {
    body(storage);
  } finally {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  }
}
