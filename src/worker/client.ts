// The page's handle on the recognition worker. One module worker per page, created on first use and
// driven through comlink; the model loads once and every screen shares it. Photos go to the worker as
// transferables (the file's bytes as an ArrayBuffer, a camera frame as an ImageBitmap), never as data URLs.
// Failures come back as RecognitionError with a kind the UI can act on:
//   capability → this browser cannot run recognition (offer manual entry),
//   terminal   → the model failed to load (retry later / manual entry),
//   input      → this photo cannot be used (try another photo).
import * as Comlink from 'comlink';
import { RecognitionError, type RecognitionErrorData } from '../vision/errors.ts';
import { canDecodeJpegScaled, checkFileSize, checkPhotoForBrowser } from './image-input.ts';
import type { PhotoOf } from '../vision/notTiles.ts';
import type {
  Box,
  Capabilities,
  LoadProgress,
  Outcome,
  PhotoRecognition,
  PreviewInput,
  PreviewOptions,
  PreviewReading,
  ProfileData,
  RecognitionWorkerApi,
  RecognizedTile,
  RecognizerInfo,
} from './protocol.ts';

export type { Box, LoadProgress, PhotoRecognition, PreviewOptions, PreviewReading, RecognizedTile, RecognizerInfo };
export { RecognitionError };

export type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; progress: LoadProgress | null }
  | { status: 'ready'; info: RecognizerInfo }
  | { status: 'failed'; error: RecognitionError };

function createDefaultWorker(): Worker {
  return new Worker(new URL('./recognition.worker.ts', import.meta.url), { type: 'module', name: 'recognition' });
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw RecognitionError.fromData(outcome.error);
}

/** Capability checks that can be made on the page before starting a worker. */
export function pageCapabilityError(): RecognitionError | null {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    return new RecognitionError('NO_WASM', 'This browser cannot run WebAssembly, which photo recognition needs. Enter the hand with the tile palette instead, or open the app in a current Chrome, Firefox or Safari.');
  }
  if (typeof Worker === 'undefined') {
    return new RecognitionError('NO_WASM', 'This browser cannot run background workers, which photo recognition needs. Enter the hand with the tile palette instead.');
  }
  return null;
}

export class RecognitionClient {
  private worker: Worker | null = null;
  private api: Comlink.Remote<RecognitionWorkerApi> | null = null;
  private crashed: Promise<never> | null = null;
  private loading: Promise<RecognizerInfo> | null = null;
  private state: LoadState = { status: 'idle' };
  private readonly listeners = new Set<(state: LoadState) => void>();

  constructor(private readonly createWorker: () => Worker = createDefaultWorker) {}

  getState(): LoadState {
    return this.state;
  }

  /** Subscribe to load state changes (progress included). Returns the unsubscribe function. */
  subscribe(listener: (state: LoadState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: LoadState) {
    this.state = state;
    for (const l of this.listeners) l(state);
  }

  private remote(): Comlink.Remote<RecognitionWorkerApi> {
    if (this.api) return this.api;
    const capability = pageCapabilityError();
    if (capability) throw capability;
    let worker: Worker;
    try {
      worker = this.createWorker();
    } catch (error) {
      throw new RecognitionError('NO_WASM', `This browser cannot start the recognition worker (${error instanceof Error ? error.message : String(error)}). Enter the hand with the tile palette instead.`);
    }
    this.worker = worker;
    // A worker that dies (out of memory, script failed to load) never answers: fail every pending call instead.
    this.crashed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        reject(new RecognitionError('MODEL_LOAD_FAILED', `The recognition worker stopped${event.message ? `: ${event.message}` : ''}. Reload the page to try again, or enter the hand with the tile palette.`));
        this.reset();
      });
    });
    this.crashed.catch(() => undefined);
    this.api = Comlink.wrap<RecognitionWorkerApi>(worker);
    return this.api;
  }

  private async call<T>(run: (api: Comlink.Remote<RecognitionWorkerApi>) => Promise<Outcome<T>>): Promise<T> {
    const api = this.remote();
    const crashed = this.crashed!;
    return unwrap(await Promise.race([run(api), crashed]));
  }

  private reset() {
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.api = null;
    this.worker = null;
    this.loading = null;
  }

  async capabilities(): Promise<Capabilities> {
    const api = this.remote();
    return Promise.race([api.capabilities(), this.crashed!]);
  }

  /** Loads the runtime and models once. A failed load can be retried (the worker is started afresh). */
  load(): Promise<RecognizerInfo> {
    if (this.loading) return this.loading;
    this.setState({ status: 'loading', progress: null });
    const onProgress = Comlink.proxy((progress: LoadProgress) => {
      if (this.state.status === 'loading') this.setState({ status: 'loading', progress });
    });
    const loading = this.call((api) => api.load(onProgress)).then(
      (info) => {
        this.setState({ status: 'ready', info });
        return info;
      },
      (error: unknown) => {
        const failure = error instanceof RecognitionError ? error : new RecognitionError('MODEL_LOAD_FAILED', String(error));
        this.setState({ status: 'failed', error: failure });
        this.reset(); // a retry starts from a fresh worker
        throw failure;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** Recognises an encoded photo (a file, a camera blob). The bytes are transferred to the worker. */
  async recognizeFile(file: Blob, profile?: ProfileData | null, options: { keepForAddedTiles?: boolean; photoId?: number; redFivesInSet?: 3 | 4; noTileCheck?: boolean; photoOf?: PhotoOf } = {}): Promise<PhotoRecognition> {
    let bytes: ArrayBuffer;
    // a file far too large is refused from its size, before it is read into memory
    checkFileSize(file.size);
    try {
      bytes = await file.arrayBuffer();
    } catch (error) {
      throw new RecognitionError('IMAGE_DECODE_FAILED', `The file could not be read (${error instanceof Error ? error.message : String(error)}).`);
    }
    // Not a photo, or far too large: said at once, whether or not the model is loaded (the worker checks again).
    checkPhotoForBrowser(new Uint8Array(bytes), file.type, { scaledJpeg: canDecodeJpegScaled() });
    await this.load();
    const input = { kind: 'encoded' as const, bytes, type: file.type };
    return this.call((api) => api.recognize(Comlink.transfer(input, [bytes]), { profile: profile ?? null, keepForAddedTiles: options.keepForAddedTiles ?? true, photoId: options.photoId, redFivesInSet: options.redFivesInSet, noTileCheck: options.noTileCheck, photoOf: options.photoOf }));
  }

  /** Recognises an upright decoded frame (camera). The bitmap is transferred: it is unusable here afterwards. */
  async recognizeBitmap(bitmap: ImageBitmap, profile?: ProfileData | null, options: { photoId?: number; redFivesInSet?: 3 | 4 } = {}): Promise<PhotoRecognition> {
    await this.load();
    const input = { kind: 'bitmap' as const, bitmap };
    return this.call((api) => api.recognize(Comlink.transfer(input, [bitmap]), { profile: profile ?? null, photoId: options.photoId, redFivesInSet: options.redFivesInSet }));
  }

  /**
   * The photo recognised with `photoId` is now the one under review: tiles the player adds are read from it. Until
   * then classifyBoxes reads from the photo under review before (a photo read over a review that failed or was
   * cancelled never takes its place).
   */
  async reviewPhoto(photoId: number): Promise<void> {
    await this.remote().reviewPhoto(photoId);
  }

  /**
   * A HEIC photo (an iPhone's own format) as the JPEG the app shows, reads and exports: most browsers cannot show
   * HEIC. Decoded in the worker with libheif (about a second for 12 MP), so the page stays responsive.
   */
  async heicAsJpeg(file: Blob): Promise<Blob> {
    checkFileSize(file.size);
    const bytes = await file.arrayBuffer();
    checkPhotoForBrowser(new Uint8Array(bytes), file.type);
    return this.call((api) => api.heicAsJpeg(Comlink.transfer(bytes, [bytes])));
  }

  /** Classifies boxes drawn by the player on the last recognised photo. */
  async classifyBoxes(boxes: Box[], profile?: ProfileData | null): Promise<RecognizedTile[]> {
    await this.load();
    return this.call((api) => api.classifyBoxes(boxes, { profile: profile ?? null }));
  }

  /**
   * Live view (issue 17): a quick reading of one preview frame. The frame (a VideoFrame or an ImageBitmap) is
   * transferred to the worker, which closes it: it is unusable here afterwards.
   */
  async readPreview(frame: VideoFrame | ImageBitmap, options: PreviewOptions = {}): Promise<PreviewReading> {
    await this.load();
    const input: PreviewInput = typeof VideoFrame === 'function' && frame instanceof VideoFrame ? { kind: 'frame', frame } : { kind: 'bitmap', bitmap: frame as ImageBitmap };
    return this.call((api) => api.readPreview(Comlink.transfer(input, [frame]), { ...options, profile: options.profile ?? null }));
  }

  terminate(): void {
    this.reset();
    this.setState({ status: 'idle' });
  }
}

let shared: RecognitionClient | null = null;

/** The page's one recognition client. */
export function recognitionClient(): RecognitionClient {
  shared ??= new RecognitionClient();
  return shared;
}

export function errorData(error: unknown): RecognitionErrorData {
  if (error instanceof RecognitionError) return error.toJSON();
  return { name: 'RecognitionError', code: 'INFERENCE_FAILED', kind: 'terminal', message: error instanceof Error ? error.message : String(error) };
}
