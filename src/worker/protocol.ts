// What the page and the recognition worker say to each other (through comlink). Plain data only:
// errors travel as RecognitionErrorData, images as transferables (ImageBitmap or ArrayBuffer).
import type { RecognitionErrorData } from '../vision/errors.ts';
import type { LiveTile } from '../vision/liveHints.ts';
import type { RecognitionNote } from '../vision/notes.ts';
import type { PhotoOf } from '../vision/notTiles.ts';

export type Box = [x0: number, y0: number, x1: number, y1: number];

export interface LoadProgress {
  /** `runtime`: onnxruntime's wasm; `models`: the .onnx files; `session`: compiling them. */
  phase: 'runtime' | 'models' | 'session';
  /** Bytes loaded so far over all files, and their total. */
  loaded: number;
  total: number;
  /** File being loaded. */
  file?: string;
  fromCache: boolean;
}

export interface RecognizerInfo {
  /** wasm threads in use: more than 1 only when the page is cross-origin isolated. */
  threads: number;
  crossOriginIsolated: boolean;
  /** Milliseconds from the first load call to a ready recogniser, of which fetching the files (network or cache)
   * and what starting onnxruntime with both sessions (wasm compilation included) takes after the last file is here:
   * the sessions start while the later files are still downloading. */
  loadMs: number;
  downloadMs: number;
  sessionMs: number;
  /** True when every file came from the offline cache. */
  fromCache: boolean;
  models: string[];
}

export interface Capabilities {
  wasm: boolean;
  wasmSimd: boolean;
  crossOriginIsolated: boolean;
  offscreenCanvas: boolean;
  createImageBitmap: boolean;
  cacheStorage: boolean;
  hardwareConcurrency: number;
}

export type PhotoInput =
  /** An encoded file (JPEG, PNG, ...) as bytes; decoded in the worker with its EXIF orientation applied. */
  | { kind: 'encoded'; bytes: ArrayBuffer; type: string }
  /** Already decoded and upright (a camera frame). */
  | { kind: 'bitmap'; bitmap: ImageBitmap };

export interface TileGuess {
  tile: string;
  score: number;
}

export interface RecognizedTile {
  /** Best class: a tile code (`3m`, `0p`, `7z`) or `back`. */
  tile: string;
  score: number;
  /** Next best classes, best first. */
  alternatives: TileGuess[];
  /** In the pixels of the upright photo the worker decoded (see PhotoRecognition.width/height). */
  box: Box;
  /** Lying sideways (landscape box): usually a called tile. */
  rotated: boolean;
  /** Low confidence or breaks a hand rule; the review screen highlights it. */
  doubtful: boolean;
  /** Why it is doubtful, when it is (`low-confidence`, `fifth-copy`, ...). */
  reason?: string;
  /** Classifier embedding (L2-normalised), kept so confirmed tiles can teach the player's profile. */
  embedding?: number[];
  /** What the classifier alone read, when the player's tile-set profile changed the tile (absent otherwise). */
  fromProfile?: string;
  /** Index of the row this tile belongs to (0 = the hand row). */
  row?: number;
  /** Index of the group within the row: tiles set apart by a gap (a meld) get their own group. */
  group?: number;
}

export interface PhotoRecognition {
  /** Size of the upright photo the boxes refer to. */
  width: number;
  height: number;
  /** Scale from the photo as stored to the photo the boxes refer to (1 unless a huge photo was reduced). */
  scale: number;
  /** Tiles in reading order (left to right, row by row). */
  tiles: RecognizedTile[];
  /** The pipeline's remarks (e.g. too few tiles in the row), as codes the screens say in the player's language (noteText). */
  notes: RecognitionNote[];
  /**
   * The same remarks as data, for the review screen to say in the player's language: sides of the photo where
   * a tile was cut off by the edge (and left out), and gaps about one tile wide after these tile indices
   * (a tile may be missing there), how many doubtful boxes were left out of a row with more tiles than a
   * hand holds, and how many tile backs standing alone (no closed kan) were left out.
   */
  hints: { cutOff: ('left' | 'right')[]; gapsAfter: number[]; extraLeftOut?: number; loneBacksLeftOut?: number; overlaysPainted?: number };
  /**
   * With no tiles: why what the localiser found was judged no row of tiles (a photo without tiles, or a hard one);
   * recognising again with `noTileCheck: false` shows it anyway.
   */
  notTiles?: RecognitionNote;
  /**
   * The angle (radians, clockwise, within a quarter turn either way) the hand row's tiles stand at in the photo, when
   * it was photographed at a slant or read turned (src/vision/tilt.ts, levelRow.ts); absent when they stand upright.
   * The boxes are the upright bounds of such tiles; the review draws each tile's own rectangle turned.
   */
  tilt?: number;
  /** Identifies the classifier; a stored profile is tied to it. */
  modelId: string;
  /** decode: bytes to upright pixels; recognize: the pipeline, split into its steps (src/vision/pipeline.ts). */
  timings: { decodeMs: number; recognizeMs: number; resizeMs?: number; localizeMs?: number; cropMs?: number; classifyMs?: number };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: RecognitionErrorData };

/** A stored player profile (class prototypes learnt from confirmed tiles); opaque to the worker's callers. */
export type ProfileData = unknown;

/** A preview frame of the live camera view (issue 17): a VideoFrame where the browser has them, else a bitmap. */
export type PreviewInput = { kind: 'frame'; frame: VideoFrame } | { kind: 'bitmap'; bitmap: ImageBitmap };

export interface PreviewOptions {
  /** Classify the hand row's tiles (false: localiser only, boxes without labels). Default true. */
  classify?: boolean;
  /** Frames wider or taller than this are scaled down before reading (default 1280). */
  maxSide?: number;
  profile?: ProfileData | null;
  /** What the camera is on: the hand (default) or the dora indicators (a row of one to three tiles is then fine). */
  photoOf?: PhotoOf;
}

/** A tile of a live frame, as the live hints read it; its box is in the pixels of the frame read
 * (PreviewReading.width/height). */
export type PreviewTile = LiveTile;

/** A quick reading of one preview frame: the hand row (one view per tile, no second look) and the other boxes. */
export interface PreviewReading {
  width: number;
  height: number;
  tiles: PreviewTile[];
  otherBoxes: Box[];
  classified: boolean;
  /** Sharpness of the hand row (src/vision/liveHints.ts `sharpness`), when tiles were found. */
  sharpness?: number;
  /** Time in the worker: frame to pixels, and the reading. */
  timings: { frameMs: number; readMs: number; localizeMs: number; classifyMs: number };
}

export interface RecognitionWorkerApi {
  capabilities(): Capabilities;
  /** Loads runtime and models once; later calls return the same info. */
  load(onProgress?: (progress: LoadProgress) => void): Promise<Outcome<RecognizerInfo>>;
  /**
   * `keepForAddedTiles: false` (a dora photo) leaves the photo that classifyBoxes reads from unchanged;
   * `redFivesInSet` (the rules': 3, or 4 with two red 5p) is what the joint reading of the row allows;
   * `noTileCheck: false` returns what was found even where it does not look like tiles (the player asked);
   * `photoOf: 'indicators'` (a dora photo) accepts a row of one to three tiles, which is no hand;
   * `photoId`: the photo is kept under this id, and classifyBoxes reads from it only once `reviewPhoto(photoId)` says
   * its reading is the one under review (a photo read over a review that then fails, or is cancelled, must not take
   * the place of the review's own). Without an id the photo is under review at once.
   */
  recognize(input: PhotoInput, options?: { profile?: ProfileData | null; keepForAddedTiles?: boolean; photoId?: number; redFivesInSet?: 3 | 4; noTileCheck?: boolean; photoOf?: PhotoOf }): Promise<Outcome<PhotoRecognition>>;
  /** The photo kept under `photoId` is the one under review: classifyBoxes reads from it; other kept photos are let go. */
  reviewPhoto(photoId: number): void;
  /** A HEIC photo's bytes made the JPEG the app shows and reads (image-input.ts heicAsJpeg; no model needed). */
  heicAsJpeg(bytes: ArrayBuffer): Promise<Outcome<Blob>>;
  /** Classifies boxes the player drew on the photo under review (a tile the localiser missed). */
  classifyBoxes(boxes: Box[], options?: { profile?: ProfileData | null }): Promise<Outcome<RecognizedTile[]>>;
  /** Live view (issue 17): reads one preview frame quickly; the frame is transferred and closed by the worker. */
  readPreview(input: PreviewInput, options?: PreviewOptions): Promise<Outcome<PreviewReading>>;
}
