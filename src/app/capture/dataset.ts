// The player's corrected photos, kept in this browser (IndexedDB) so they can be exported as a labelled
// data set for training the next model: images/<name>.jpg, labels/<name>.txt in YOLO format
// (`class cx cy w h`, normalised to 0..1), classes.txt (one class name per line, the class id is the
// line number) and a README. Nothing leaves the device unless the player downloads the archive.
import type { Box } from '../../worker/protocol.ts';
import { zip, type ZipEntry } from './zip.ts';
import { openStore } from '../idb.ts';

/** The classifier's 38 classes in output order (models/model.json); the data set's class ids. */
export const DEFAULT_CLASSES = [
  ...['m', 'p', 's'].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`)),
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`),
  '0m',
  '0p',
  '0s',
  'back',
];

export interface LabelledPhoto {
  id: string;
  createdAt: number;
  /** Upright JPEG whose pixels the boxes refer to. */
  image: Blob;
  width: number;
  height: number;
  labels: { tile: string; box: Box }[];
}

/** YOLO label lines for one photo. Unknown classes are skipped. */
export function yoloLabels(photo: Pick<LabelledPhoto, 'width' | 'height' | 'labels'>, classes: readonly string[] = DEFAULT_CLASSES): string {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return photo.labels
    .flatMap(({ tile, box }) => {
      const id = classes.indexOf(tile);
      if (id < 0) return [];
      const x0 = clamp(box[0] / photo.width), x1 = clamp(box[2] / photo.width);
      const y0 = clamp(box[1] / photo.height), y1 = clamp(box[3] / photo.height);
      const f = (v: number) => v.toFixed(6);
      return [`${id} ${f((x0 + x1) / 2)} ${f((y0 + y1) / 2)} ${f(x1 - x0)} ${f(y1 - y0)}`];
    })
    .join('\n')
    .concat(photo.labels.length ? '\n' : '');
}

export async function datasetZip(photos: readonly LabelledPhoto[], classes: readonly string[] = DEFAULT_CLASSES): Promise<Uint8Array> {
  const entries: ZipEntry[] = [
    { name: 'classes.txt', data: classes.join('\n') + '\n' },
    {
      name: 'README.txt',
      data:
        'Riichi Lens: photos of riichi mahjong hands corrected by the player.\n' +
        'images/*.jpg: upright photos. labels/*.txt: one line per tile, YOLO format "class cx cy w h" (normalised 0..1).\n' +
        'classes.txt: class names, the class id is the 0-based line number (tile codes 1m..9m 1p..9p 1s..9s 1z..7z (E S W N White Green Red), red fives 0m 0p 0s, back).\n',
    },
  ];
  for (const photo of photos) {
    const date = new Date(photo.createdAt);
    entries.push({ name: `images/${photo.id}.jpg`, data: new Uint8Array(await photo.image.arrayBuffer()), date });
    entries.push({ name: `labels/${photo.id}.txt`, data: yoloLabels(photo, classes), date });
  }
  return zip(entries);
}

const DB_NAME = 'riichi-lens-dataset';
const STORE = 'photos';
/** Oldest photos are dropped beyond this, so storage stays bounded (~100 × 1-3 MB). */
export const MAX_STORED_PHOTOS = 100;

function openDb(): Promise<IDBDatabase> {
  return openStore(DB_NAME, STORE, 'id');
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export async function storedPhotos(): Promise<LabelledPhoto[]> {
  const db = await openDb();
  try {
    const all = await promised(db.transaction(STORE).objectStore(STORE).getAll() as IDBRequest<LabelledPhoto[]>);
    return all.sort((a, b) => a.createdAt - b.createdAt);
  } finally {
    db.close();
  }
}

export async function storePhoto(photo: LabelledPhoto): Promise<void> {
  const db = await openDb();
  try {
    const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
    await promised(store.put(photo));
    const keys = (await promised(store.getAll() as IDBRequest<LabelledPhoto[]>)).sort((a, b) => a.createdAt - b.createdAt).map((p) => p.id);
    for (const id of keys.slice(0, Math.max(0, keys.length - MAX_STORED_PHOTOS))) await promised(store.delete(id));
  } finally {
    db.close();
  }
}

/** A photo's identity by its content: the same photo confirmed again replaces its stored copy. */
export async function photoId(blob: Blob): Promise<string> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
    return `photo-${[...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  } catch {
    return `photo-${blob.size}-${blob.type}`;
  }
}

/** Bytes of the stored photos (what "Delete stored photos" gives back). */
export function storedBytes(photos: readonly LabelledPhoto[]): number {
  return photos.reduce((n, p) => n + (p.image?.size ?? 0), 0);
}

export async function clearPhotos(): Promise<void> {
  const db = await openDb();
  try {
    await promised(db.transaction(STORE, 'readwrite').objectStore(STORE).clear());
  } finally {
    db.close();
  }
}

/** An upright JPEG of `source` at width × height (the size the boxes refer to). */
export async function uprightJpeg(source: Blob, width: number, height: number): Promise<Blob> {
  const bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' });
  try {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
  } finally {
    bitmap.close();
  }
}
