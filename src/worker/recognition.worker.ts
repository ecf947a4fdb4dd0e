// The recognition web worker (a module worker, driven by comlink from src/worker/client.ts).
// - load(): fetches onnxruntime's wasm and the models from this origin with progress, through the offline
//   cache (model-cache.ts), then opens one session per model (VISION's Recognizer). Done once.
// - recognize(): decodes the photo here (EXIF orientation applied), so the page never blocks, and runs the
//   pure pipeline from src/vision on it.
// wasm runs multi-threaded only when the page is cross-origin isolated (SharedArrayBuffer), else one thread.
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web';
import { modelConfig, modelFiles, ortRuntime } from 'virtual:recognition-assets';
import { DOUBT_PROBABILITY, tileProbabilities } from '../vision/calibration.ts';
import { cropRequest, cropsTensor, topK } from '../vision/classify.ts';
import { RecognitionError, isRecognitionError, type RecognitionErrorData } from '../vision/errors.ts';
import { readExifOrientation } from '../vision/exif.ts';
import { parseProfile, profileMatches } from '../vision/prototypes.ts';
import { isLandscape, orderRows, sidewaysFlags } from '../vision/rows.ts';
import { sharpness, sharpnessRegion } from '../vision/liveHints.ts';
import { bitmapImageSource, drawPixels, type BitmapImageSource } from './bitmap-source.ts';
import { canDecodeJpegScaled, checkPhotoForBrowser, damagedJpeg, decodeHeicBitmap, decodeJpegScaled, fitPixels, heicAsJpeg, scaledDecodeShrink, WORKING_MAX_PIXELS } from './image-input.ts';
import { fetchAsset, pruneCache, transferBytes, type AssetRef } from './model-cache.ts';
import type {
  Box,
  Capabilities,
  LoadProgress,
  Outcome,
  PhotoInput,
  PhotoRecognition,
  PreviewInput,
  PreviewReading,
  ProfileData,
  RecognitionWorkerApi,
  RecognizedTile,
  RecognizerInfo,
} from './protocol.ts';
import { checkWasmCapability, Recognizer } from './recognizer.ts';

const MAX_THREADS = 4;

function errorData(error: unknown, fallback: RecognitionError['code'] = 'INFERENCE_FAILED'): RecognitionErrorData {
  if (isRecognitionError(error)) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return new RecognitionError(fallback, message).toJSON();
}

async function outcome<T>(work: () => Promise<T>, fallback?: RecognitionError['code']): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: errorData(error, fallback) };
  }
}

function threadCount(): number {
  if (!self.crossOriginIsolated) return 1;
  return Math.max(1, Math.min(MAX_THREADS, navigator.hardwareConcurrency || 1));
}

let recognizer: Recognizer | null = null;
let loading: Promise<RecognizerInfo> | null = null;
/**
 * Recognised photos kept so boxes the player adds can be classified, by photo id: the one under review and the
 * newest (read over the review, not yet known to be taken), at most KEPT_PHOTOS. `tilt`: the angle the hand row was
 * cut at (tilt.ts), so a tile the player adds there is cut the same way.
 */
const kept = new Map<number, { source: BitmapImageSource; tilt: number }>();
const KEPT_PHOTOS = 2;
/** The id of the photo under review (recognize's photoId, or one of its own for a caller without ids). */
let reviewed: number | null = null;
/** Ids given to photos recognised without one (negative, apart from the page's). */
let ownIds = 0;

/** Keeps `source` under `id`, letting go of the oldest photo kept beyond KEPT_PHOTOS that is not under review. */
function keepForAddedTiles(id: number, source: BitmapImageSource, tilt: number): void {
  kept.get(id)?.source.close();
  kept.delete(id);
  kept.set(id, { source, tilt });
  for (const [other, photo] of kept) {
    if (kept.size <= KEPT_PHOTOS) break;
    if (other === reviewed || other === id) continue;
    photo.source.close();
    kept.delete(other);
  }
}

/** The photo kept under `id` is under review; every other kept photo is let go. */
function setUnderReview(id: number): void {
  reviewed = id;
  for (const [other, photo] of kept) {
    if (other === id) continue;
    photo.source.close();
    kept.delete(other);
  }
}

async function loadOnce(onProgress?: (p: LoadProgress) => void): Promise<RecognizerInfo> {
  const started = performance.now();
  checkWasmCapability();
  if (modelConfig === null || modelFiles.length === 0) {
    throw new RecognitionError('MODEL_LOAD_FAILED', 'This build of the app has no recognition model (models/*.onnx). Enter the hand with the tile palette.');
  }
  const wasm = ortRuntime.find((a) => a.name.endsWith('.wasm'));
  const glue = ortRuntime.find((a) => a.name.endsWith('.mjs'));
  if (!wasm || !glue) throw new RecognitionError('MODEL_LOAD_FAILED', 'The onnxruntime wasm files are missing from this build.');

  // One progress bar over every byte that crosses the network: runtime first (its gzip copy), then the models,
  // smallest first. A file's size is the one its download reports (the plain file's, where the gzip copy could not
  // be used). The downloads run one after another; each session is created as soon as its model is here, so the
  // runtime's first start (compiling the wasm, about 0.7 s on a first visit) runs while the larger model downloads.
  const assets: AssetRef[] = [wasm, ...[...modelFiles].sort((a, b) => a.bytes - b.bytes)];
  const sizes = new Map(assets.map((a) => [a.name, transferBytes(a)]));
  const done = new Map<string, number>();
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  let allCached = true;
  const downloads = new Map<string, Promise<ArrayBuffer>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const asset of assets) {
    const phase = asset === wasm ? 'runtime' : 'models';
    const download = previous.then(() =>
      fetchAsset(asset, {
        onProgress: (p) => {
          sizes.set(asset.name, p.total);
          done.set(asset.name, Math.min(p.loaded, p.total));
          if (!p.fromCache) allCached = false;
          onProgress?.({ phase, loaded: sum(done), total: sum(sizes), file: asset.name, fromCache: p.fromCache });
        },
      }),
    );
    download.catch(() => undefined); // a failed download is reported once, through `allDownloaded` below
    downloads.set(asset.name, download);
    previous = download;
  }
  const allDownloaded = Promise.all(downloads.values());
  allDownloaded.catch(() => undefined);

  // The runtime's JS glue is imported from this origin (ort starts its thread workers from it);
  // the wasm binary is handed over from the cache.
  const wasmBytes = await downloads.get(wasm.name)!;
  const baseUrl = self.location.href;
  ort.env.wasm.wasmPaths = { mjs: new URL(glue.url, baseUrl).href };
  ort.env.wasm.wasmBinary = new Uint8Array(wasmBytes);
  ort.env.wasm.proxy = false;
  const threads = threadCount();

  const instance = new Recognizer({
    spec: modelConfig,
    numThreads: threads,
    loadModel: async (file) => {
      const name = file.split('/').pop() ?? file;
      const bytes = downloads.get(name);
      if (!bytes || name === wasm.name) throw new RecognitionError('MODEL_LOAD_FAILED', `model.json names ${file}, which is not in this build (have: ${modelFiles.map((m) => m.name).join(', ')}).`);
      return bytes;
    },
  });
  const sessions = instance.load();
  sessions.catch(() => undefined); // where a download failed, its own error is the one reported (next line)
  try {
    await allDownloaded;
  } catch (error) {
    void instance.dispose(); // a session already made for the other model
    throw error;
  }
  void pruneCache([...assets, glue]);
  const fetchedAt = performance.now();
  const total = sum(sizes);
  onProgress?.({ phase: 'session', loaded: total, total, fromCache: allCached });
  await sessions;
  downloads.clear();
  recognizer = instance;
  return {
    threads,
    crossOriginIsolated: self.crossOriginIsolated,
    loadMs: performance.now() - started,
    downloadMs: fetchedAt - started,
    sessionMs: performance.now() - fetchedAt,
    fromCache: allCached,
    models: modelFiles.map((m) => m.name),
  };
}

/**
 * Decodes a photo upright (EXIF orientation applied). A photo above WORKING_MAX_PIXELS is decoded smaller: a JPEG by
 * a power of two through `ImageDecoder` where the browser has it (decodeJpegScaled: the full-size pixels are never
 * held, so 50-200 MP phone photos are read), else by createImageBitmap's resize (which decodes the whole photo first,
 * so such photos are refused above MAX_IMAGE_PIXELS). Tiles stay several times larger than the classifier's input,
 * and the page never holds 48 MB of pixels per 12 MP photo. Returns the bitmap and the scale from the stored photo
 * to it.
 */
async function decode(input: PhotoInput): Promise<{ bitmap: ImageBitmap; scale: number }> {
  if (input.kind === 'bitmap') return { bitmap: input.bitmap, scale: 1 };
  const bytes = new Uint8Array(input.bytes);
  const scaledJpeg = canDecodeJpegScaled();
  const header = checkPhotoForBrowser(bytes, input.type, { scaledJpeg });
  if (header.format === 'heic') return decodeHeicBitmap(bytes);
  const stored = header.width && header.height ? header.width * header.height : 0;
  const shrink = scaledDecodeShrink(header);
  let decoding: Promise<ImageBitmap>;
  if (scaledJpeg && shrink > 1) {
    decoding = decodeJpegScaled(bytes, header.width!, header.height!, shrink, readExifOrientation(bytes));
  } else {
    const options: ImageBitmapOptions = { imageOrientation: 'from-image' };
    if (header.width && header.height && stored > WORKING_MAX_PIXELS) {
      const turned = header.format === 'jpeg' && readExifOrientation(bytes) >= 5;
      const fit = fitPixels(turned ? header.height : header.width, turned ? header.width : header.height);
      options.resizeWidth = fit.width;
      options.resizeQuality = 'high';
    }
    decoding = createImageBitmap(new Blob([bytes], { type: input.type || `image/${header.format}` }), options);
  }
  // Walked while the browser decodes (damagedJpeg). `npm run bench browser`: the decode step about 30 ms longer for a
  // 12 MP photo; a pause first, to let the browser start decoding alongside, measured no better.
  const damaged = header.format === 'jpeg' ? damagedJpeg(bytes) : null;
  if (damaged) {
    decoding.then((bitmap) => bitmap.close(), () => {});
    throw damaged;
  }
  try {
    const bitmap = await decoding;
    return { bitmap, scale: Math.sqrt((bitmap.width * bitmap.height) / (stored || bitmap.width * bitmap.height)) };
  } catch (error) {
    if (error instanceof RecognitionError) throw error;
    throw new RecognitionError(
      header.format === 'jpeg' || header.format === 'png' ? 'TRUNCATED_IMAGE' : 'IMAGE_DECODE_FAILED',
      `The ${header.format.toUpperCase()} photo could not be decoded; it may be damaged or cut short (${error instanceof Error ? error.message : String(error)}). Try another photo.`,
    );
  }
}

function profileFor(data: ProfileData | null | undefined) {
  return data ? parseProfile(data) : null;
}

/**
 * A live preview frame as an upright bitmap no larger than maxSide (issue 17). The frame is closed here: the
 * page transferred it and never uses it again.
 */
async function previewBitmap(input: PreviewInput, maxSide: number): Promise<ImageBitmap> {
  const source = input.kind === 'frame' ? input.frame : input.bitmap;
  const width = input.kind === 'frame' ? input.frame.displayWidth : input.bitmap.width;
  const height = input.kind === 'frame' ? input.frame.displayHeight : input.bitmap.height;
  try {
    const scale = Math.min(1, maxSide / Math.max(width, height));
    if (input.kind === 'bitmap' && scale === 1) return input.bitmap;
    const options: ImageBitmapOptions = scale < 1 ? { resizeWidth: Math.round(width * scale), resizeHeight: Math.round(height * scale), resizeQuality: 'medium' } : {};
    return await createImageBitmap(source, options);
  } finally {
    if (input.kind === 'frame') input.frame.close();
    else if (Math.max(width, height) > maxSide) input.bitmap.close();
  }
}

/** Sharpness of the hand row in a preview frame (for the "hold steady" hint), or undefined without tiles. */
function rowSharpness(bitmap: ImageBitmap, tiles: readonly PreviewReading['tiles'][number][]): number | undefined {
  const region = sharpnessRegion(tiles, bitmap.width, bitmap.height);
  return region ? sharpness(drawPixels(bitmap, region.outW, region.outH, region)) : undefined;
}

const api: RecognitionWorkerApi = {
  capabilities(): Capabilities {
    let wasmSimd = false;
    try {
      checkWasmCapability();
      wasmSimd = true;
    } catch {
      /* reported as false */
    }
    return {
      wasm: typeof WebAssembly === 'object',
      wasmSimd,
      crossOriginIsolated: self.crossOriginIsolated,
      offscreenCanvas: typeof OffscreenCanvas === 'function',
      createImageBitmap: typeof createImageBitmap === 'function',
      cacheStorage: typeof caches !== 'undefined',
      hardwareConcurrency: navigator.hardwareConcurrency || 1,
    };
  },

  load(onProgress) {
    loading ??= loadOnce(onProgress).catch((error: unknown) => {
      loading = null; // a later call retries
      throw error;
    });
    return outcome(() => loading!, 'MODEL_LOAD_FAILED');
  },

  recognize(input, options = {}) {
    return outcome(async (): Promise<PhotoRecognition> => {
      if (!recognizer) throw new RecognitionError('MODEL_LOAD_FAILED', 'The recogniser is not loaded yet.');
      const t0 = performance.now();
      const keep = options.keepForAddedTiles !== false;
      const { bitmap, scale } = await decode(input);
      if (typeof OffscreenCanvas !== 'function') {
        bitmap.close();
        throw new RecognitionError('NO_WASM', 'This browser cannot draw images in a worker (no OffscreenCanvas); enter the hand with the tile palette.');
      }
      const source = bitmapImageSource(bitmap);
      let result;
      const t1 = performance.now();
      try {
        result = await recognizer.recognize(source, { profile: profileFor(options.profile), includeEmbeddings: true, redFivesInSet: options.redFivesInSet, noTileCheck: options.noTileCheck, photoOf: options.photoOf });
      } catch (error) {
        source.close();
        throw error;
      }
      // Kept so tiles the player adds can be read from it, once it is the photo under review.
      if (keep) {
        const id = options.photoId ?? --ownIds;
        keepForAddedTiles(id, source, result.tilt ?? 0);
        if (options.photoId === undefined) setUnderReview(id);
      } else source.close();
      const t2 = performance.now();
      const tiles: RecognizedTile[] = result.tiles.map((t, i) => ({
        tile: t.tile,
        score: t.score,
        alternatives: t.alternatives.map((a) => ({ tile: a.tile, score: a.score })),
        box: t.box,
        rotated: t.rotated,
        doubtful: t.doubtful,
        ...(t.reranked ? { reason: 'hand-rule' } : t.doubtful ? { reason: 'low-confidence' } : {}),
        ...(result.embeddings?.[i] ? { embedding: result.embeddings[i] } : {}),
        ...(t.fromProfile ? { fromProfile: t.fromProfile } : {}),
        row: 0,
        group: t.group,
      }));
      return {
        width: result.width,
        height: result.height,
        scale,
        tiles,
        notes: result.notes,
        hints: { cutOff: result.cutOff, gapsAfter: result.tileSizedGaps.map((g) => g.after), extraLeftOut: result.extraBoxes.length, loneBacksLeftOut: result.loneBacks.length, overlaysPainted: result.overlayBoxes },
        ...(result.notTiles ? { notTiles: result.notTiles } : {}),
        ...(result.tilt ? { tilt: result.tilt } : {}),
        modelId: recognizer.modelId,
        timings: {
          decodeMs: t1 - t0,
          recognizeMs: t2 - t1,
          resizeMs: result.timings.resizeMs,
          localizeMs: result.timings.localizeMs,
          cropMs: result.timings.cropMs,
          classifyMs: result.timings.classifyMs,
        },
      };
    });
  },

  reviewPhoto(photoId) {
    setUnderReview(photoId);
  },

  heicAsJpeg(bytes) {
    return outcome(() => heicAsJpeg(new Uint8Array(bytes)), 'IMAGE_DECODE_FAILED');
  },

  classifyBoxes(boxes: Box[], options = {}) {
    return outcome(async (): Promise<RecognizedTile[]> => {
      if (!recognizer) throw new RecognitionError('MODEL_LOAD_FAILED', 'The recogniser is not loaded yet.');
      const photo = reviewed === null ? undefined : kept.get(reviewed);
      if (!photo) throw new RecognitionError('IMAGE_DECODE_FAILED', 'There is no photo to read the new tile from; take the photo again.');
      if (boxes.length === 0) return [];
      const C = recognizer.spec.classifier;
      const { source, tilt } = photo;
      const crops = await source.crop(boxes.map((b) => cropRequest(b, C, source.width, source.height, tilt)));
      const out = await recognizer.classify(cropsTensor(crops, C), boxes.length);
      const profile = profileFor(options.profile);
      const usable = profile && profileMatches(profile, recognizer.modelId, out.embeddingSize) ? profile : null;
      const n = C.classes.length;
      const D = out.embeddingSize;
      return boxes.map((box, i) => {
        const embedding = out.embeddings.subarray(i * D, (i + 1) * D);
        const logits = out.logits.subarray(i * n, (i + 1) * n);
        // As the pipeline does for the tiles it found (src/vision/pipeline.ts).
        const probs = tileProbabilities([logits], [embedding], usable, C).probs;
        const [best, ...alternatives] = topK(probs, C.classes, 4);
        return {
          tile: best!.tile,
          score: best!.score,
          alternatives: alternatives.map((a) => ({ tile: a.tile, score: a.score })),
          box,
          rotated: isLandscape(box, C.landscapeRatio),
          doubtful: best!.score < DOUBT_PROBABILITY,
          embedding: Array.from(embedding),
        };
      });
    });
  },

  readPreview(input, options = {}) {
    return outcome(async (): Promise<PreviewReading> => {
      if (!recognizer) {
        if (input.kind === 'frame') input.frame.close();
        else input.bitmap.close();
        throw new RecognitionError('MODEL_LOAD_FAILED', 'The recogniser is not loaded yet.');
      }
      const t0 = performance.now();
      const bitmap = await previewBitmap(input, options.maxSide ?? 1280);
      const source = bitmapImageSource(bitmap);
      const t1 = performance.now();
      try {
        if (options.classify === false) {
          // Boxes only: the localiser and the rows, as the full reading finds them (before its repairs).
          const found = await recognizer.detect(source);
          const boxes = found.map((d) => d.box);
          const layout = orderRows(boxes, {}, found.map((d) => d.score));
          const row = layout.hand >= 0 ? layout.rows[layout.hand]! : null;
          const groupOf = new Map<number, number>();
          row?.groups.forEach((g, gi) => g.forEach((k) => groupOf.set(k, gi)));
          const order = row?.order ?? [];
          const sideways = sidewaysFlags(order.map((k) => boxes[k]!));
          const tiles = order.map((k, n) => ({ tile: '', score: found[k]!.score, box: boxes[k]!, rotated: sideways[n]!, doubtful: true, group: groupOf.get(k) ?? 0 }));
          const sharp = rowSharpness(bitmap, tiles);
          const t2 = performance.now();
          return {
            width: source.width,
            height: source.height,
            tiles,
            otherBoxes: layout.rows.flatMap((r, i) => (i === layout.hand ? [] : r.order.map((k) => boxes[k]!))),
            classified: false,
            ...(sharp !== undefined ? { sharpness: sharp } : {}),
            timings: { frameMs: t1 - t0, readMs: t2 - t1, localizeMs: t2 - t1, classifyMs: 0 },
          };
        }
        // One view per tile and no second look: the quick reading; the photo taken afterwards gets the full one.
        // No reading turned a quarter or levelled either: a frame without a row is the live view's usual case, and it
        // stays quick.
        const result = await recognizer.recognize(source, { profile: profileFor(options.profile), secondLook: false, testTimeScales: [], unsureViews: [], quarterTurn: false, levelRow: false, photoOf: options.photoOf });
        const tiles = result.tiles.map((t) => ({ tile: t.tile, score: t.score, box: t.box, rotated: t.rotated, doubtful: t.doubtful, group: t.group }));
        const sharp = rowSharpness(bitmap, tiles);
        const t2 = performance.now();
        return {
          width: result.width,
          height: result.height,
          tiles,
          otherBoxes: result.otherBoxes,
          classified: true,
          ...(sharp !== undefined ? { sharpness: sharp } : {}),
          timings: { frameMs: t1 - t0, readMs: t2 - t1, localizeMs: result.timings.resizeMs + result.timings.localizeMs, classifyMs: result.timings.cropMs + result.timings.classifyMs },
        };
      } finally {
        source.close();
      }
    });
  },
};

Comlink.expose(api);
