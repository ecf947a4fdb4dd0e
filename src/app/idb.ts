// IndexedDB as the app uses it: a database of one object store (version 1), opened for one transaction and closed
// after it. The saved games, the photos kept for export and the review kept for a reload each have one.

/** Opens the database `name`, creating its one store `store` keyed by `keyPath` the first time. */
export function openStore(name: string, store: string, keyPath: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is not available'));
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store, { keyPath });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
  });
}

/**
 * One transaction on the store of `db` (closed after it). `body` starts the requests and gives back either one of
 * them, whose result the promise resolves with, or a function read once the transaction is complete. A transaction
 * that fails or is aborted rejects with its error.
 */
export function transact<T>(db: IDBDatabase, store: string, mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T> | (() => T)): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const result = body(tx.objectStore(store));
    tx.oncomplete = () => {
      db.close();
      resolve(typeof result === 'function' ? result() : result.result);
    };
    tx.onerror = () => {
      db.close();
      reject(tx.error ?? new Error('IndexedDB transaction failed.'));
    };
    tx.onabort = () => {
      db.close();
      reject(tx.error ?? new Error('IndexedDB transaction aborted.'));
    };
  });
}
