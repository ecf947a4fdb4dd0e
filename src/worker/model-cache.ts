// Downloads the recognition files (models, wasm runtime) with progress and keeps them in Cache Storage for
// offline use. A cached copy is trusted only when its size is exactly the size the build recorded, so a
// truncated download or a stale model is fetched again instead of being fed to onnxruntime.
// Runs in the worker and in the page; no DOM needed.
import { RecognitionError } from '../vision/errors.ts';

export interface AssetRef {
  name: string;
  /** Base-absolute URL; its `?v=` query is the content hash, so a new model gets a new cache key. */
  url: string;
  bytes: number;
  /**
   * A gzip copy the build wrote beside the file where it is much smaller (the wasm runtime: 14 MB, 3.7 MB packed),
   * downloaded instead where the browser can unpack it (DecompressionStream), whatever the host's own compression.
   */
  gzip?: { url: string; bytes: number };
}

/** The asset's gzip copy where it has one and this browser can unpack it (DecompressionStream), else null. */
function packedCopy(asset: AssetRef): { url: string; bytes: number } | null {
  return asset.gzip && typeof DecompressionStream !== 'undefined' ? asset.gzip : null;
}

/** The bytes a download of the asset moves over the network: the gzip copy's where it is used. */
export function transferBytes(asset: AssetRef): number {
  return packedCopy(asset)?.bytes ?? asset.bytes;
}

export interface DownloadProgress {
  /** File being loaded. */
  name: string;
  loaded: number;
  total: number;
  /** True when served from the offline cache without touching the network. */
  fromCache: boolean;
}

// Not prefixed 'riichi-lens-': the service worker deletes those caches on every new version.
export const MODEL_CACHE_NAME = 'recognition-models-v1';

export interface FetchAssetOptions {
  onProgress?: (progress: DownloadProgress) => void;
  cacheName?: string;
  /** Where relative URLs resolve (the worker's location by default). */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  cacheStorage?: CacheStorage | undefined;
  /** A download that receives nothing for this long fails (DOWNLOAD_STALL_MS by default). */
  stallMs?: number;
}

/**
 * How long a download may receive nothing before it fails: a phone that loses its signal mid-download keeps the
 * connection open, and the bar stood still at 31 % for good, the photo chosen "being read" forever. A slow network
 * still sends something every few seconds.
 */
export const DOWNLOAD_STALL_MS = 30_000;

/** `work`, or a rejection with `stalled()`'s error once `ms` pass without it settling (`onStall` then stops the work). */
async function withinStall<T>(work: Promise<T>, ms: number, stalled: () => Error, onStall?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // rejected first: cancelling a read settles it at once, as a plain end of the data
      reject(stalled());
      onStall?.();
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function defaultCaches(): CacheStorage | undefined {
  try {
    return typeof caches === 'undefined' ? undefined : caches;
  } catch {
    return undefined; // opaque origins throw on access
  }
}

/** Progress of a download made by another context of this origin (the page's prefetch, or the worker). */
const PROGRESS_CHANNEL = 'riichi-lens-downloads';
interface SharedProgress {
  url: string;
  loaded: number;
  total: number;
}

function progressChannel(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PROGRESS_CHANNEL);
  } catch {
    return null;
  }
}

function lockManager(): LockManager | null {
  try {
    return (globalThis.navigator as Navigator | undefined)?.locks ?? null;
  } catch {
    return null;
  }
}

/**
 * The bytes of one asset: from the cache when a copy of the right size is there, else downloaded and cached.
 * Downloaded once per origin: the page's prefetch and the recognition worker take a lock per file (Web Locks), so
 * the second one waits for the first download, shows its progress (BroadcastChannel) and then reads the cached copy.
 */
export async function fetchAsset(asset: AssetRef, options: FetchAssetOptions = {}): Promise<ArrayBuffer> {
  const locks = 'fetchImpl' in options || 'cacheStorage' in options ? null : lockManager();
  if (!locks) return fetchAssetUnlocked(asset, options);
  const url = new URL(asset.url, options.baseUrl ?? globalThis.location?.href).href;
  const channel = progressChannel();
  const onShared = (event: MessageEvent<SharedProgress>) => {
    if (event.data?.url === url) options.onProgress?.({ name: asset.name, loaded: event.data.loaded, total: asset.bytes, fromCache: false });
  };
  channel?.addEventListener('message', onShared);
  try {
    return await locks.request(`riichi-lens-asset ${url}`, async () => {
      channel?.removeEventListener('message', onShared);
      return fetchAssetUnlocked(asset, {
        ...options,
        onProgress: (p) => {
          options.onProgress?.(p);
          if (!p.fromCache) channel?.postMessage({ url, loaded: p.loaded, total: p.total } satisfies SharedProgress);
        },
      });
    });
  } finally {
    channel?.close();
  }
}

async function fetchAssetUnlocked(asset: AssetRef, options: FetchAssetOptions = {}): Promise<ArrayBuffer> {
  const { onProgress, cacheName = MODEL_CACHE_NAME, fetchImpl = fetch } = options;
  const storage = 'cacheStorage' in options ? options.cacheStorage : defaultCaches();
  const url = new URL(asset.url, options.baseUrl ?? globalThis.location?.href).href;
  let cache: Cache | undefined;
  try {
    cache = storage ? await storage.open(cacheName) : undefined;
  } catch {
    cache = undefined; // storage disabled (private mode, quota): work without the offline copy
  }

  if (cache) {
    const hit = await cache.match(url).catch(() => undefined);
    if (hit) {
      const buffer = await hit.arrayBuffer().catch(() => undefined);
      if (buffer && buffer.byteLength === asset.bytes) {
        onProgress?.({ name: asset.name, loaded: asset.bytes, total: asset.bytes, fromCache: true });
        return buffer;
      }
      await cache.delete(url).catch(() => false);
    }
  }

  const stallMs = options.stallMs ?? DOWNLOAD_STALL_MS;
  const buffer = (await downloadPacked(asset, options.baseUrl, fetchImpl, stallMs, onProgress)) ?? (await downloadPlain(url, asset, fetchImpl, stallMs, onProgress));
  if (buffer.byteLength !== asset.bytes) {
    throw new RecognitionError('MODEL_LOAD_FAILED',
      `${asset.name} arrived with ${buffer.byteLength} bytes instead of ${asset.bytes}; the download was cut short or the file is not the one this app was built with.`,
    );
  }
  if (cache) {
    const headers = { 'Content-Type': asset.name.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream', 'Content-Length': String(asset.bytes) };
    // A full disk only costs the offline copy, never the recognition.
    await cache.put(url, new Response(buffer.slice(0), { headers })).catch(() => undefined);
  }
  return buffer;
}

/** The response for `url`; a broken connection is a clear error, the status is the caller's to check. */
async function request(url: string, asset: AssetRef, fetchImpl: typeof fetch, stallMs: number): Promise<Response> {
  const abort = new AbortController();
  try {
    return await withinStall(fetchImpl(url, { credentials: 'same-origin', signal: abort.signal }), stallMs, () => stalledError(asset.name, 0, stallMs), () => abort.abort());
  } catch (error) {
    if (error instanceof RecognitionError) throw error;
    throw new RecognitionError('MODEL_LOAD_FAILED',
      `Could not download ${asset.name} (${error instanceof Error ? error.message : String(error)}). Check the connection, or enter the hand by hand.`,
    );
  }
}

function stalledError(name: string, loaded: number, stallMs: number): RecognitionError {
  return new RecognitionError('MODEL_LOAD_FAILED', `The download of ${name} stopped${loaded ? ` after ${loaded} bytes` : ''}: nothing arrived for ${Math.round(stallMs / 1000)} s (is the connection lost?). Try again once online, or enter the hand by hand.`);
}

function refusedDownload(asset: AssetRef, response: Response): RecognitionError {
  return new RecognitionError('MODEL_LOAD_FAILED', `Could not download ${asset.name}: the server answered ${response.status}.`);
}

async function downloadPlain(url: string, asset: AssetRef, fetchImpl: typeof fetch, stallMs: number, onProgress?: (p: DownloadProgress) => void): Promise<ArrayBuffer> {
  const response = await request(url, asset, fetchImpl, stallMs);
  if (!response.ok) throw refusedDownload(asset, response);
  return readWithProgress(response, asset.name, asset.bytes, stallMs, onProgress);
}

/**
 * The asset through its gzip copy, unpacked here; null where there is none, the browser cannot unpack, or the host
 * does not serve the copy (404, or a page of its own in its place: the plain file is downloaded then). A host that unpacked the copy on the way (served
 * with Content-Encoding: gzip) hands over the plain bytes, which are taken as they are.
 */
async function downloadPacked(asset: AssetRef, baseUrl: string | undefined, fetchImpl: typeof fetch, stallMs: number, onProgress?: (p: DownloadProgress) => void): Promise<ArrayBuffer | null> {
  const copy = packedCopy(asset);
  if (!copy) return null;
  const response = await request(new URL(copy.url, baseUrl ?? globalThis.location?.href).href, asset, fetchImpl, stallMs);
  if (response.status === 404) return null;
  if (!response.ok) throw refusedDownload(asset, response);
  const packed = new Uint8Array(await readWithProgress(response, asset.name, copy.bytes, stallMs, onProgress, asset.bytes));
  // not gzip: unpacked on the way (then the plain file's size), or a host's page for a missing file (take the plain file)
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) return packed.byteLength === asset.bytes ? packed.buffer : null;
  try {
    return await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  } catch (error) {
    throw new RecognitionError('MODEL_LOAD_FAILED', `${asset.name} arrived damaged and could not be unpacked (${error instanceof Error ? error.message : String(error)}); reload the page to download it again.`);
  }
}

/**
 * The response's bytes, reporting progress against `total`. `unpackedTotal`: the response is a gzip copy, and where
 * its first bytes are not gzip's (the host sent it with Content-Encoding: gzip, so the browser unpacks it on the way)
 * the progress counts against the unpacked size instead, so that the bar still follows the network.
 */
async function readWithProgress(response: Response, name: string, total: number, stallMs: number, onProgress?: (p: DownloadProgress) => void, unpackedTotal?: number): Promise<ArrayBuffer> {
  const reader = response.body?.getReader();
  if (!reader) {
    const buffer = await response.arrayBuffer();
    onProgress?.({ name, loaded: buffer.byteLength, total, fromCache: false });
    return buffer;
  }
  // Preallocate the expected size; only a server sending more than expected forces a copy.
  let target = new Uint8Array(total);
  let loaded = 0;
  let lastReport = 0;
  onProgress?.({ name, loaded: 0, total, fromCache: false });
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await withinStall(reader.read(), stallMs, () => stalledError(name, loaded, stallMs), () => void reader.cancel().catch(() => undefined));
    } catch (error) {
      if (error instanceof RecognitionError) throw error;
      throw new RecognitionError('MODEL_LOAD_FAILED', `The download of ${name} broke off after ${loaded} bytes (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (chunk.done) break;
    const bytes = chunk.value;
    if (unpackedTotal !== undefined && loaded === 0 && bytes.byteLength >= 2 && !(bytes[0] === 0x1f && bytes[1] === 0x8b)) total = unpackedTotal;
    if (loaded + bytes.byteLength > target.byteLength) {
      const bigger = new Uint8Array(Math.max(target.byteLength * 2, loaded + bytes.byteLength));
      bigger.set(target.subarray(0, loaded));
      target = bigger;
    }
    target.set(bytes, loaded);
    loaded += bytes.byteLength;
    if (loaded - lastReport >= 256 * 1024) {
      lastReport = loaded;
      onProgress?.({ name, loaded, total, fromCache: false });
    }
  }
  onProgress?.({ name, loaded, total, fromCache: false });
  return loaded === target.byteLength ? target.buffer : target.slice(0, loaded).buffer;
}

/** Whether a copy of the asset with the right size is in the cache (without reading it). */
export async function hasCachedAsset(asset: AssetRef, options: Pick<FetchAssetOptions, 'cacheName' | 'baseUrl'> = {}): Promise<boolean> {
  const storage = defaultCaches();
  if (!storage) return false;
  try {
    const cache = await storage.open(options.cacheName ?? MODEL_CACHE_NAME);
    const hit = await cache.match(new URL(asset.url, options.baseUrl ?? globalThis.location?.href).href);
    return Number(hit?.headers.get('Content-Length')) === asset.bytes;
  } catch {
    return false;
  }
}

/** Drops cached copies of files this build no longer uses (older model versions). */
export async function pruneCache(keep: readonly AssetRef[], options: Pick<FetchAssetOptions, 'cacheName' | 'baseUrl' | 'cacheStorage'> = {}): Promise<number> {
  const storage = 'cacheStorage' in options ? options.cacheStorage : defaultCaches();
  if (!storage) return 0;
  try {
    const cache = await storage.open(options.cacheName ?? MODEL_CACHE_NAME);
    const wanted = new Set(keep.map((a) => new URL(a.url, options.baseUrl ?? globalThis.location?.href).href));
    let removed = 0;
    for (const request of await cache.keys()) {
      if (!wanted.has(request.url) && (await cache.delete(request))) removed++;
    }
    return removed;
  } catch {
    return 0;
  }
}
