// Runtime-neutral recogniser: onnxruntime-web sessions (wasm backend) behind the pure pipeline of
// src/vision. Used by the browser's web worker and by the Node command line alike: it never touches
// the DOM or node:* APIs. Model bytes come from a loader the caller supplies (fetch + Cache Storage
// in the browser, fs in Node). Each model gets ONE InferenceSession, created lazily on first use
// (or eagerly with load()), and runs are serialised because a wasm session must not run twice at once.

import * as ort from 'onnxruntime-web';
import { RecognitionError, isRecognitionError } from '../vision/errors.ts';
import type { HeatmapOutputs } from '../vision/detect.ts';
import { parseModelSpec, type ModelSpec } from '../vision/modelSpec.ts';
import {
  detectTiles,
  recognize,
  type ClassifierOutputs,
  type ImageSource,
  type ModelRunner,
  type RecognitionResult,
  type RecognizeOptions,
} from '../vision/pipeline.ts';
import type { Box } from '../vision/detect.ts';

export type ModelName = 'localizer' | 'classifier';

export interface RecognizerOptions {
  /** Contents of models/model.json (parsed JSON), or an already parsed spec. */
  spec: unknown;
  /** Returns the bytes of a model file named in model.json (e.g. 'localizer.onnx'). */
  loadModel: (file: string, model: ModelName) => Promise<Uint8Array | ArrayBuffer>;
  /** wasm threads (default 1). More than 1 needs cross-origin isolation in the browser. */
  numThreads?: number;
  /** Where ort-wasm-simd-threaded.{wasm,mjs} are served from (browser); Node finds them itself. */
  wasmPaths?: string;
  /** Called when a model starts / finishes loading (for a progress indicator). */
  onProgress?: (event: { model: ModelName; stage: 'loading' | 'ready'; ms?: number }) => void;
}

/** Feature detection, as Squoosh does: ort's wasm build needs WebAssembly with fixed-width SIMD. */
export function checkWasmCapability(): void {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.validate !== 'function') {
    throw new RecognitionError('NO_WASM', 'This browser cannot run WebAssembly, so tiles cannot be recognised here. Enter the hand by hand instead.');
  }
  // (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt)) — from wasm-feature-detect.
  const simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
  if (!WebAssembly.validate(simd)) {
    throw new RecognitionError('NO_WASM_SIMD', 'This browser lacks WebAssembly SIMD, which the tile recogniser needs. Update the browser or enter the hand by hand.');
  }
}

/** FNV-1a hash of bytes, as 8 hex digits: identifies a classifier for tile-set profiles. */
export function fingerprint(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  // Sample at most ~1M bytes evenly (hashing 10 MB byte by byte would cost ~30 ms for nothing).
  const step = Math.max(1, Math.floor(bytes.length / 1_000_000));
  for (let i = 0; i < bytes.length; i += step) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(16).padStart(8, '0')}-${bytes.length}`;
}

function tensorData(results: ort.InferenceSession.OnnxValueMapType, name: string, model: ModelName, expected?: number): { data: Float32Array; dims: readonly number[] } {
  const t = results[name];
  if (!t || !(t.data instanceof Float32Array)) {
    throw new RecognitionError('MODEL_OUTPUT_INVALID', `The ${model} model has no float32 output "${name}" (outputs: ${Object.keys(results).join(', ')}).`);
  }
  if (expected !== undefined && t.data.length !== expected) {
    throw new RecognitionError('MODEL_OUTPUT_INVALID', `The ${model} output "${name}" has ${t.data.length} values, expected ${expected} (dims ${t.dims.join('×')}).`);
  }
  return { data: t.data, dims: t.dims };
}

export class Recognizer implements ModelRunner {
  readonly spec: ModelSpec;
  private readonly options: RecognizerOptions;
  private readonly sessions = new Map<ModelName, Promise<ort.InferenceSession>>();
  private queue: Promise<unknown> = Promise.resolve();
  private classifierId: string | null = null;
  /** Milliseconds spent creating each session (bytes loading included). */
  readonly loadMs: Partial<Record<ModelName, number>> = {};

  constructor(options: RecognizerOptions) {
    this.options = options;
    this.spec = parseModelSpec(options.spec);
  }

  /**
   * Identifies the classifier for tile-set profiles: model.json's `profile_id` where it names one (weights stored as int8
   * keep their float32 file's id), else the file's fingerprint (available once it is loaded).
   */
  get modelId(): string {
    return this.spec.classifier.profileId ?? this.classifierId ?? '';
  }

  /**
   * Creates both sessions now (otherwise they are created on first use) and, unless warmUp is false,
   * runs each model once on a blank input: the first run of a wasm session allocates and prepares its
   * kernels (about as long as a whole recognition), which should not land on the player's first photo.
   */
  async load(options: { warmUp?: boolean } = {}): Promise<void> {
    await Promise.all([this.session('localizer'), this.session('classifier')]);
    if (options.warmUp === false) return;
    const L = this.spec.localizer;
    const C = this.spec.classifier;
    await this.localize(new Float32Array(3 * L.inputSize * L.inputSize), L.inputSize);
    await this.classify(new Float32Array(3 * C.height * C.width), 1);
  }

  private session(model: ModelName): Promise<ort.InferenceSession> {
    let p = this.sessions.get(model);
    if (!p) {
      p = this.createSession(model);
      this.sessions.set(model, p);
    }
    return p;
  }

  private async createSession(model: ModelName): Promise<ort.InferenceSession> {
    checkWasmCapability();
    ort.env.wasm.numThreads = this.options.numThreads ?? 1;
    if (this.options.wasmPaths) ort.env.wasm.wasmPaths = this.options.wasmPaths;
    const file = model === 'localizer' ? this.spec.localizer.file : this.spec.classifier.file;
    const start = performance.now();
    this.options.onProgress?.({ model, stage: 'loading' });
    let bytes: Uint8Array;
    try {
      const raw = await this.options.loadModel(file, model);
      bytes = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
    } catch (e) {
      throw new RecognitionError('MODEL_LOAD_FAILED', `Could not load the ${model} model (${file}): ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    if (bytes.length === 0) throw new RecognitionError('MODEL_LOAD_FAILED', `The ${model} model file (${file}) is empty.`);
    let session: ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
    } catch (e) {
      throw new RecognitionError(
        'MODEL_LOAD_FAILED',
        `The ${model} model (${file}) could not be opened; the file is corrupt or not an ONNX model: ${e instanceof Error ? e.message : String(e)}`,
        { cause: e },
      );
    }
    const wantIn = model === 'localizer' ? this.spec.localizer.inputName : this.spec.classifier.inputName;
    const wantOut = model === 'localizer'
      ? [this.spec.localizer.heatmapName, this.spec.localizer.sizeName, this.spec.localizer.offsetName]
      : [this.spec.classifier.logitsName, this.spec.classifier.embeddingName, ...(this.spec.classifier.turnedName ? [this.spec.classifier.turnedName] : [])];
    const missing = [wantIn].filter((n) => !session.inputNames.includes(n)).concat(wantOut.filter((n) => !session.outputNames.includes(n)));
    if (missing.length) {
      await session.release().catch(() => undefined);
      throw new RecognitionError('MODEL_OUTPUT_INVALID', `The ${model} model (${file}) does not match models/model.json: no input/output named ${missing.join(', ')}.`);
    }
    if (model === 'classifier') this.classifierId = fingerprint(bytes);
    const ms = performance.now() - start;
    this.loadMs[model] = ms;
    this.options.onProgress?.({ model, stage: 'ready', ms });
    return session;
  }

  private run(model: ModelName, feeds: Record<string, ort.Tensor>): Promise<ort.InferenceSession.OnnxValueMapType> {
    const job = this.queue.then(async () => {
      const session = await this.session(model);
      try {
        return await session.run(feeds);
      } catch (e) {
        throw new RecognitionError('INFERENCE_FAILED', `The ${model} model failed to run: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  async localize(input: Float32Array, size: number): Promise<HeatmapOutputs> {
    const L = this.spec.localizer;
    const out = await this.run('localizer', { [L.inputName]: new ort.Tensor('float32', input, [1, 3, size, size]) });
    const heat = tensorData(out, L.heatmapName, 'localizer');
    const dims = heat.dims;
    const height = dims[dims.length - 2] ?? 0;
    const width = dims[dims.length - 1] ?? 0;
    if (height * width !== heat.data.length) {
      throw new RecognitionError('MODEL_OUTPUT_INVALID', `The localizer heatmap has dims ${dims.join('×')}, expected [1, 1, H, W].`);
    }
    return {
      heatmap: heat.data,
      size: tensorData(out, L.sizeName, 'localizer', 2 * height * width).data,
      offset: tensorData(out, L.offsetName, 'localizer', 2 * height * width).data,
      height,
      width,
    };
  }

  async classify(input: Float32Array, count: number): Promise<ClassifierOutputs> {
    const C = this.spec.classifier;
    if (count === 0) return { logits: new Float32Array(0), embeddings: new Float32Array(0), embeddingSize: C.embeddingSize };
    const out = await this.run('classifier', { [C.inputName]: new ort.Tensor('float32', input, [count, 3, C.height, C.width]) });
    const logits = tensorData(out, C.logitsName, 'classifier', count * C.classes.length).data;
    const emb = tensorData(out, C.embeddingName, 'classifier');
    const embeddingSize = emb.data.length / count;
    if (!Number.isInteger(embeddingSize) || (C.embeddingSize && embeddingSize !== C.embeddingSize)) {
      throw new RecognitionError('MODEL_OUTPUT_INVALID', `The classifier embedding has ${emb.data.length} values for ${count} crops (model.json says ${C.embeddingSize} each).`);
    }
    const turned = C.turnedName ? tensorData(out, C.turnedName, 'classifier', count).data : undefined;
    return { logits, embeddings: emb.data, embeddingSize, ...(turned ? { turned } : {}) };
  }

  /** Recognises the hand row of an image. Rejects with a RecognitionError (see src/vision/errors.ts). */
  async recognize(image: ImageSource, options: RecognizeOptions = {}): Promise<RecognitionResult> {
    try {
      if (options.profile) await this.session('classifier'); // the model id must be known to check the profile
      return await recognize(image, this, this.spec, { ...options, modelId: options.modelId ?? this.modelId });
    } catch (e) {
      if (isRecognitionError(e)) throw e;
      throw new RecognitionError('INFERENCE_FAILED', `Recognition failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }

  /** Only the localiser: boxes of every tile in the photo (original pixels). */
  async detect(image: ImageSource): Promise<{ box: Box; score: number }[]> {
    return (await detectTiles(image, this, this.spec)).boxes;
  }

  async dispose(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((p) => p.then((s) => s.release()).catch(() => undefined)));
  }
}
