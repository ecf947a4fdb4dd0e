// The recognition pipeline, independent of how pixels are decoded and how the models are run.
//
//   image ──resize──▶ letterbox ──localiser──▶ peaks ──▶ boxes in photo pixels ──NMS──▶ rows
//   hand row ──crops at full resolution──▶ classifier ──softmax (+ profile)──▶ face check at the row's ends
//   (faces.ts) ──▶ hand rules ──▶ result
//
// Callers supply an ImageSource (the browser: ImageBitmap + OffscreenCanvas; Node: sharp for the
// resize and raw pixels for the crops; tests: raw pixels) and a ModelRunner (onnxruntime-web sessions,
// see src/worker/recognizer.ts, or fakes in tests).

import type { CropRequest } from './classify.ts';
import { cropRequest, cropsTensor, topK, type ClassScore } from './classify.ts';
import { boxesInPicture, deskewAngle, MIN_DESKEW_ANGLE, rowPictureRequest, rowTilt, tileEdgeTilt } from './tilt.ts';
import { DOUBT_PROBABILITY, tileProbabilities } from './calibration.ts';
import { rowOrientation, type RowOrientation } from './orientation.ts';
import { decodeHeatmap, detectionsToSource, mapPeakScore, nms, suppressDuplicates, type Box, type HeatmapOutputs } from './detect.ts';
import { HAND_TILE_RANGE, redFivesPerSuit } from './handRules.ts';
import type { RecognitionNote } from './notes.ts';
import { readRowJointly, type JointReadingOptions, type JointRule } from './jointReading.ts';
import { letterboxGeometry, letterboxTensor, type LetterboxGeometry } from './letterbox.ts';
import type { ModelSpec } from './modelSpec.ts';
import type { Pixels, Rect } from './pixels.ts';
import { resampleRegion, resizePixels } from './pixels.ts';
import { profileMatches, type PrototypeOptions, type TileProfile } from './prototypes.ts';
import { duplicateTiles, median, mergeSplitTiles, orderRows, sidewaysFlags, splitWideTiles, tilesCutByEdge, type RowLayout, type RowOptions } from './rows.ts';
import { borderAgainstFaces, borderIsFaceMaterial, faceBorderBrightness, faceBorderColour, rowEndsNotTileFaces } from './faces.ts';
import { loneTileBacks, tilesBeyondAHand } from './extraTiles.ts';
import { boxTooSmallOrOddlyShaped, NOT_TILES, rowLooksLikeNoTiles, type PhotoOf } from './notTiles.ts';
import { findAnnotationBoxes, withoutOverlays, type OverlayMask } from './overlays.ts';
import { formatHandString } from './tiles.ts';
import { applyGains, faceColourCast, lightOf } from './whiteBalance.ts';
import { meanTileScore, QUARTER_TURNS, turnedReadingHolds } from './quarterTurn.ts';
import { LEVEL_PROBE_ANGLES, levelledNote, levelledReadingIsBetter, steepAngleOf, steepRowAngle } from './levelRow.ts';
import { turnedView } from './turnedView.ts';

export interface ImageSource {
  /** Size of the image as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  /** The whole image scaled to exactly width × height pixels. */
  resize(width: number, height: number): Pixels | Promise<Pixels>;
  /** One crop per request, each request.width × request.height pixels after its quarter turn. */
  crop(requests: readonly CropRequest[]): Pixels[] | Promise<Pixels[]>;
}

export interface ClassifierOutputs {
  /** [N, classes] row-major. */
  logits: Float32Array;
  /** [N, embeddingSize] row-major, L2-normalised. */
  embeddings: Float32Array;
  embeddingSize: number;
  /** [N] "turned 180°" logits, when the classifier has that output (model.json `outputs.turned`). */
  turned?: Float32Array;
}

export interface ModelRunner {
  /** Runs the localiser on a [1, 3, S, S] input. */
  localize(input: Float32Array, size: number): Promise<HeatmapOutputs>;
  /** Runs the classifier on a [count, 3, H, W] input. */
  classify(input: Float32Array, count: number): Promise<ClassifierOutputs>;
}

export interface RecognizedTile {
  /** Tile code ('3m', '0p' for a red five, 'back' for a tile showing its back). */
  tile: string;
  /** [x0, y0, x1, y1] in the original (oriented) image's pixels. */
  box: Box;
  /** Probability of `tile`. */
  score: number;
  /** Next best classes, best first. */
  alternatives: ClassScore[];
  /** Low confidence, or moved by a hand rule: the review screen should highlight it. */
  doubtful: boolean;
  /** Lying sideways (a called tile). */
  rotated: boolean;
  /** Moved away from the classifier's first choice by the joint reading of the row (jointReading.ts). */
  reranked: boolean;
  /** Index of the group (tiles set apart by gaps, e.g. a meld) within the row. */
  group: number;
  /** The localiser's score for this box (its heatmap peak). */
  detection: number;
  /**
   * What the classifier alone read, when the player's tile-set profile moved the tile's first choice away from it and
   * the tile is not read so in the end (the joint reading may move it back); absent otherwise. The review says so: the
   * set the player taught is at work.
   */
  fromProfile?: string;
}

export interface RecognitionTimings {
  resizeMs: number;
  localizeMs: number;
  cropMs: number;
  classifyMs: number;
  totalMs: number;
}

export interface RecognitionResult {
  /** The hand row in the player's order: left to right in the photo, or right to left when `upsideDown`. */
  tiles: RecognizedTile[];
  /** Compact notation of the tiles ('?' for a back). */
  hand: string;
  /** Tiles detected outside the hand row (discards, walls, other players' melds); not classified. */
  otherBoxes: Box[];
  width: number;
  height: number;
  /** What the recognition says about the reading besides its tiles (notes.ts: codes, said in a language by noteText). */
  notes: RecognitionNote[];
  /** Whether a player profile was applied. */
  usedProfile: boolean;
  /**
   * Gaps in the hand row about one tile wide: a tile may be missing there (white dragons are blank and
   * the easiest tile to miss) or a meld is set apart. `after` is the index of the tile left of the gap,
   * `box` the gap in photo pixels (where the review screen can offer to add a tile).
   */
  tileSizedGaps: { after: number; box: Box }[];
  /** Sides of the photo where a hand-row tile was cut off by the edge and left out (see tilesCutByEdge). */
  cutOff: ('left' | 'right')[];
  /**
   * Doubtful boxes left out of a hand row that had more tiles than a hand holds (extraTiles.ts); they are also
   * among `otherBoxes`.
   */
  extraBoxes: Box[];
  /** Boxes read as a tile back with no other back beside them, left out (extraTiles.ts, loneTileBacks); also among `otherBoxes`. */
  loneBacks: Box[];
  /** Annotation boxes found drawn over the photo and painted out before the tiles were read (overlays.ts); 0 when none. */
  overlayBoxes: number;
  /**
   * Why the hand row found was judged no row of tiles (notTiles.ts) and no tile is returned; absent otherwise. The
   * player may still ask for what was found (options.noTileCheck false).
   */
  notTiles?: RecognitionNote;
  timings: RecognitionTimings;
  /** Embedding per tile (only with options.includeEmbeddings), for learning from a corrected photo. */
  embeddings?: number[][];
  /** Class probabilities per tile before the joint reading (only with options.includeProbabilities). */
  probabilities?: number[][];
  /** Which rules the joint reading of the row met ('shape': a complete or one-away hand; see jointReading.ts). */
  jointRule?: JointRule;
  /**
   * The row was upside down in the photo (photographed from across the table; orientation.ts): `tiles` (and
   * `embeddings`, `probabilities`, `tileSizedGaps`) are then listed right to left in the photo, the player's order.
   */
  upsideDown: boolean;
  /** The orientation evidence (orientation.ts), when it was measured. */
  orientation?: RowOrientation;
  /** The angle (radians, clockwise) the hand row's tiles were cut at: 0 unless the photo was taken at a slant (tilt.ts). */
  tilt?: number;
}

export interface RecognizeOptions {
  /** Player profile to blend with the trained head (ignored with a warning if made by another model). */
  profile?: TileProfile | null;
  /** Identifies the classifier (see prototypes.ts); needed to check the profile. */
  modelId?: string;
  prototypeOptions?: Partial<PrototypeOptions>;
  /** Number of alternatives per tile (default 3). */
  alternatives?: number;
  /** Tiles scoring below this are doubtful (default DOUBT_PROBABILITY, calibration.ts). */
  doubtThreshold?: number;
  /**
   * Read the row jointly under the hand's rules (four of a kind, one red five per suit, a complete or one-away hand;
   * jointReading.ts), changing only unsure tiles (default true; false = each tile's first class).
   */
  handRules?: boolean;
  /** Options of the joint reading (JOINT_READING_DEFAULTS). */
  jointReading?: Partial<JointReadingOptions>;
  /** Tiles seen outside the row (dora indicators...), counted towards four of a kind. */
  otherTiles?: readonly string[];
  /** Red fives in the set (the rules' redFivesInSet): the joint reading allows two red 5p with 4 (default 3). */
  redFivesInSet?: 3 | 4;
  /** Return the per-tile class probabilities before the joint reading (for measuring it). */
  includeProbabilities?: boolean;
  /** Only keep detections whose centre lies in this box (original pixels), e.g. a user-drawn region. */
  region?: Box;
  /** Tell an upside-down row by where the other tiles lie (default true; orientation.ts). */
  orientation?: boolean;
  includeEmbeddings?: boolean;
  /**
   * Test-time crops: each tile is also classified from its box scaled by these factors (about its
   * centre) and the probabilities are averaged, so one imprecise localiser box matters less.
   * Shorthand for `testTimeViews` with no shifts; [] classifies the box alone.
   */
  testTimeScales?: readonly number[];
  /** Test-time views besides the box itself (default DEFAULT_TEST_TIME_VIEWS; wins over testTimeScales). */
  testTimeViews?: readonly TestTimeView[];
  /**
   * Views added only for tiles the first views leave unsure (top probability below `unsureBelow`): a closer look
   * where it can change the reading, at a fraction of the cost of looking that closely at every tile.
   * Default DEFAULT_UNSURE_VIEWS; [] never.
   */
  unsureViews?: readonly TestTimeView[];
  /** Top probability below which a tile gets the unsure views (default UNSURE_VIEWS_BELOW; 1.01: every tile). */
  unsureBelow?: number;
  /**
   * Take the hand row by the scene's rules (default true; rows.ts): a row is split where it stacks tiles of two rows
   * or changes tile size, and the hand row is the most complete row of the largest tiles, nearest the camera
   * (or farthest in a photo turned upside down). false: rows as connected components, evidence × tile size.
   */
  sceneRules?: boolean;
  /** Paint out annotation boxes drawn over the photo before reading the tiles (default true; overlays.ts). */
  overlayCheck?: boolean;
  /** Look again, closer, at the region around the hand row (default true; see detectTilesInRect). */
  secondLook?: boolean;
  /**
   * When no hand row is found, read the photo again turned a quarter (default true; quarterTurn.ts): a row that runs
   * up and down the photo (taken from the table's side, or a photo whose orientation was lost) is then found.
   */
  quarterTurn?: boolean;
  /**
   * When the hand row runs at a steep slant (20-70 degrees), read the photo again turned to stand the row level and
   * keep the reading that holds more of the hand (default true; levelRow.ts).
   */
  levelRow?: boolean;
  /**
   * Repair the hand row's boxes by the shape of a row of tiles (default true): drop a tile found twice, join a
   * tile split in two, split a box holding several tiles, leave out a tile cut off by the photo's edge (see
   * repairHandRow).
   */
  repairHandRow?: boolean;
  /**
   * An end box of the hand row at the photo's left or right edge whose localiser peak is below this is left out
   * as cut off (default CUT_MAX_PEAK, rows.ts; 0 keeps every such box but the narrow ones).
   */
  cutMaxPeak?: number;
  /**
   * Leave out an end box of the hand row whose face border is far darker than the row's faces: the localiser
   * found "a tile" on the cloth past the row's end (default true; see faces.ts).
   */
  faceCheck?: boolean;
  /**
   * Under strongly coloured light or in a dim room, white-balance (and brighten) the tile crops on their faces before
   * they are read (default true; whiteBalance.ts).
   */
  whiteBalance?: boolean;
  /**
   * Leave out the least sure boxes of a hand row with more tiles than a hand holds (14, one more per kan), while
   * each is doubtful (default true; extraTiles.ts).
   */
  extraTileCheck?: boolean;
  /**
   * Leave out a box read as a tile back with no other back within three tiles (default true; extraTiles.ts,
   * loneTileBacks): a winning hand shows backs only in a closed kan, which shows two.
   */
  loneBackCheck?: boolean;
  /**
   * Keep a box read as a lone tile back when its face border is the row's face material, read as its best face
   * (default true; faces.ts FACE_NOT_BACK): a blank white dragon taken for a back.
   */
  faceNotBackCheck?: boolean;
  /** Cut the tiles of a row photographed at a slant as tilted rectangles, turned upright (default true; tilt.ts). */
  deskew?: boolean;
  /**
   * Find no tiles where there are none (default true; notTiles.ts): boxes too small or not shaped like a tile are
   * dropped, and a hand row that neither model is sure of is no row of tiles.
   */
  noTileCheck?: boolean;
  /**
   * What the photo shows: a hand (default; a row of one to three boxes is then no hand) or the dora indicators (one
   * tile or a few; notTiles.ts).
   */
  photoOf?: PhotoOf;
  /** Override of the localiser threshold in model.json. */
  scoreThreshold?: number;
  /** Clock for timings (performance.now by default). */
  now?: () => number;
}

export const DEFAULT_DOUBT_THRESHOLD = DOUBT_PROBABILITY;

/** One more look at a tile: its box scaled by `scale` about its centre, then moved by dx box widths, dy box heights. */
export interface TestTimeView {
  scale: number;
  dx?: number;
  dy?: number;
}

/**
 * The views every tile is classified from besides its box: a looser box (context the localiser cut off). A tile
 * they leave unsure is also read from its box moved a twentieth of a tile left, right, up and down (a localiser
 * box is often a few pixels off, and the classifier reads a tile seen slightly off-centre differently), all views
 * averaged. Chosen on the development renders and checked on held-out art styles through the app
 * (training-notes/classifier/README.md, round 7); riichi-val only reported.
 */
export const DEFAULT_TEST_TIME_VIEWS: readonly TestTimeView[] = [{ scale: 1.15 }];
export const DEFAULT_UNSURE_VIEWS: readonly TestTimeView[] = [
  { scale: 1, dx: -0.05 },
  { scale: 1, dx: 0.05 },
  { scale: 1, dy: -0.05 },
  { scale: 1, dy: 0.05 },
];
export const UNSURE_VIEWS_BELOW = 0.95;

/** The views a recognition uses: the box itself first (its embedding is the one returned and learnt from). */
export function testTimeViews(options: Pick<RecognizeOptions, 'testTimeScales' | 'testTimeViews'>): TestTimeView[] {
  const extra = options.testTimeViews ?? options.testTimeScales?.map((scale) => ({ scale })) ?? DEFAULT_TEST_TIME_VIEWS;
  return [{ scale: 1 }, ...extra];
}

/** The box of a test-time view. */
export function viewBox(b: Box, view: TestTimeView): Box {
  const s = view.scale === 1 ? b : scaleBox(b, view.scale);
  const dx = (view.dx ?? 0) * (b[2] - b[0]);
  const dy = (view.dy ?? 0) * (b[3] - b[1]);
  return dx || dy ? [s[0] + dx, s[1] + dy, s[2] + dx, s[3] + dy] : s;
}

/** The box scaled by `factor` about its centre. */
export function scaleBox(b: Box, factor: number): Box {
  const cx = (b[0] + b[2]) / 2;
  const cy = (b[1] + b[3]) / 2;
  const hw = ((b[2] - b[0]) / 2) * factor;
  const hh = ((b[3] - b[1]) / 2) * factor;
  return [cx - hw, cy - hh, cx + hw, cy + hh];
}

/** Detects tiles: boxes in original pixels after NMS, strongest first. */
export async function detectTiles(image: ImageSource, runner: ModelRunner, spec: ModelSpec, options: Pick<RecognizeOptions, 'scoreThreshold'> = {}): Promise<{ boxes: { box: Box; score: number }[]; resizeMs: number; localizeMs: number }> {
  const now = () => performance.now();
  const L = spec.localizer;
  const geo = letterboxGeometry(image.width, image.height, L.inputSize, L.align);
  const t0 = now();
  const resized = await image.resize(geo.width, geo.height);
  const input = letterboxTensor(resized, geo, L.norm, L.padValue);
  const t1 = now();
  const out = await runner.localize(input, L.inputSize);
  const boxes = decodeDetections(out, geo, spec, options.scoreThreshold);
  return { boxes, resizeMs: t1 - t0, localizeMs: now() - t1 };
}

function decodeDetections(out: HeatmapOutputs, geo: LetterboxGeometry, spec: ModelSpec, threshold?: number): { box: Box; score: number }[] {
  const L = spec.localizer;
  const raw = decodeHeatmap(out, {
    stride: L.stride,
    threshold: threshold ?? L.scoreThreshold,
    maxDetections: L.maxDetections,
    sizeOrder: L.sizeOrder,
    offsetOrder: L.offsetOrder,
  });
  const mapped = L.scoreMap ? raw.map((d) => ({ box: d.box, score: mapPeakScore(d.score, L.scoreMap) })) : raw;
  return suppressDuplicates(nms(detectionsToSource(mapped, geo), L.nmsIou));
}

/**
 * A second look at the hand: the localiser runs again on the part of the photo around the hand row, at
 * the localiser's full input size. In a photo of the whole table the hand row is a thin band, and at
 * 512 px for the whole photo its tiles are small (a blank white dragon or a tile with little ink is then
 * easy to miss, a busy one easy to split); in the crop they are 1.5-4 times larger. Boxes in photo pixels.
 */
export async function detectTilesInRect(image: ImageSource, runner: ModelRunner, spec: ModelSpec, rect: Rect, threshold?: number): Promise<{ box: Box; score: number }[]> {
  const L = spec.localizer;
  const w = rect.x1 - rect.x0;
  const h = rect.y1 - rect.y0;
  const geo = letterboxGeometry(w, h, L.inputSize, L.align);
  const [pixels] = await image.crop([{ rect, turn: 'none', width: geo.width, height: geo.height }]);
  const out = await runner.localize(letterboxTensor(pixels!, geo, L.norm, L.padValue), L.inputSize);
  return decodeDetections(out, geo, spec, threshold).map(({ box, score }) => ({ box: [box[0] + rect.x0, box[1] + rect.y0, box[2] + rect.x0, box[3] + rect.y0] as Box, score }));
}

/** Tiles are looked at about this wide for drawn boxes (no wider than the photo has them). */
const OVERLAY_TILE_PX = 48;

/** Annotation boxes around the hand row's boxes (photo pixels), or null (overlays.ts). */
export async function findOverlays(image: ImageSource, rowBoxes: readonly Box[]): Promise<OverlayMask | null> {
  // The row's tile size as rows.ts measures it: the median short side and the median long side.
  const unit = median(rowBoxes.map((b) => Math.min(b[2] - b[0], b[3] - b[1])));
  const tileHeight = median(rowBoxes.map((b) => Math.max(b[2] - b[0], b[3] - b[1])));
  // Tags stand above their boxes: the region reaches most of a tile above the row.
  const rect = grownBounds(rowBoxes, 1.5 * unit, 0.8 * tileHeight, image.width, image.height);
  const s = Math.min(1, OVERLAY_TILE_PX / Math.max(1, unit));
  const width = Math.max(1, Math.round((rect.x1 - rect.x0) * s));
  const height = Math.max(1, Math.round((rect.y1 - rect.y0) * s));
  // Drawn lines keep their ink through any area average, so the picture may come from a reduction of its own size.
  const [picture] = await image.crop([{ rect, turn: 'none', width, height, oversampling: 1 }]);
  const found = picture ? findAnnotationBoxes(picture, unit * s, tileHeight * s) : null;
  return found ? { ...found, rect } : null;
}

/** The second look is taken when the hand's region is at most this fraction of the photo's longest side. */
export const SECOND_LOOK_MAX_FRACTION = 0.75;

/** The bounding box of `boxes` grown by dx left and right and dy above and below, in whole pixels inside the image. */
function grownBounds(boxes: readonly Box[], dx: number, dy: number, width: number, height: number): Rect {
  return {
    x0: Math.max(0, Math.floor(Math.min(...boxes.map((b) => b[0])) - dx)),
    y0: Math.max(0, Math.floor(Math.min(...boxes.map((b) => b[1])) - dy)),
    x1: Math.min(width, Math.ceil(Math.max(...boxes.map((b) => b[2])) + dx)),
    y1: Math.min(height, Math.ceil(Math.max(...boxes.map((b) => b[3])) + dy)),
  };
}

const centreIn = (box: Box, r: Rect) => {
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  return cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1;
};

type Detection = { box: Box; score: number };

/**
 * The localiser sees tiles one at a time; a row of tiles has a shape it does not know. Four repairs by that
 * shape, each re-ordering the rows after it: of two boxes covering one tile the less sure goes
 * (duplicateTiles), two boxes, one narrow, that together span one tile are one tile (mergeSplitTiles), a box
 * as tall as the row's tiles and n tiles wide is n tiles (splitWideTiles), and a sliver at the photo's edge, or
 * in a row of a hand's length an end box there the localiser is unsure of, is a tile cut off (or no tile), left
 * out with a warning (tilesCutByEdge).
 */
function repairHandRow(found: Detection[], layout: RowLayout, imageWidth: number, notes: RecognitionNote[], cutOff: ('left' | 'right')[], rowOptions: Partial<RowOptions>, cutMaxPeak: number | undefined): { found: Detection[]; layout: RowLayout } {
  let cur = { found, layout };
  const boxes = () => cur.found.map((d) => d.box);
  const scores = () => cur.found.map((d) => d.score);
  const handRow = () => cur.layout.rows[cur.layout.hand]!;
  const replace = (next: { boxes: Box[]; scores: number[] }) => {
    cur = { found: next.boxes.map((box, k) => ({ box, score: next.scores[k]! })), layout: orderRows(next.boxes, rowOptions, next.scores) };
  };
  const drop = (indices: ReadonlySet<number>) => {
    const kept = cur.found.filter((_, k) => !indices.has(k));
    replace({ boxes: kept.map((d) => d.box), scores: kept.map((d) => d.score) });
  };
  const twice = new Set(duplicateTiles(boxes(), scores(), handRow()));
  if (twice.size > 0) drop(twice);
  const joined = mergeSplitTiles(boxes(), scores(), handRow(), imageWidth);
  if (joined.merged > 0) replace(joined);
  const split = splitWideTiles(boxes(), scores(), handRow());
  if (split.added > 0) replace(split);
  const cut = new Set(tilesCutByEdge(boxes(), handRow(), imageWidth, scores(), cutMaxPeak));
  if (cut.size > 0) {
    for (const k of cut) cutOff.push(cur.found[k]!.box[0] <= 1 ? 'left' : 'right');
    drop(cut);
    notes.push({ code: 'TILE_CUT_OFF' });
  }
  return cur;
}

export async function recognize(photo: ImageSource, runner: ModelRunner, spec: ModelSpec, options: RecognizeOptions = {}): Promise<RecognitionResult> {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const result = await readAsShownOrTurned(photo, runner, spec, options);
  // Every reading made counts: as shown, and any turned or levelled one.
  result.timings.totalMs = now() - start;
  return result;
}

/** The reading of the photo as shown, levelled when its row is steep, or else of a turned view of it (see recognize). */
async function readAsShownOrTurned(photo: ImageSource, runner: ModelRunner, spec: ModelSpec, options: RecognizeOptions): Promise<RecognitionResult> {
  // A steep row read as shown is read again levelled (levelIfSteep), so its likeness to tiles is judged there.
  const asShown = await recognizeAsShown(photo, runner, spec, options, !options.region);
  if (options.region) return asShown;
  if (asShown.tiles.length > 0) return levelIfSteep(photo, asShown, runner, spec, options);
  if (options.quarterTurn === false) return asShown;
  // Nothing found as shown: the row may run up and down the photo (quarterTurn.ts), or, when neither quarter finds
  // it, at about 45 degrees, steeper than the localiser finds rows (levelRow.ts).
  let best: RecognitionResult | null = null;
  const readTurned = async (angle: number, note: RecognitionNote): Promise<boolean> => {
    const view = turnedView(photo, angle, note);
    // A row steep in a view turned a quarter is steep in the photo too, and levelIfSteep reads it again levelled; in a
    // view turned 45 degrees it may be level in the photo, and nothing would read it upright again.
    const levelledAfter = QUARTER_TURNS.includes(angle);
    // A quick look first (one view per tile, no closer look, as the live camera reads): on most photos without tiles
    // it finds nothing that holds, and the full reading is spared.
    const glance = await recognizeAsShown(view.source, runner, spec, { ...options, secondLook: false, testTimeScales: [], unsureViews: [] }, levelledAfter);
    if (glance.tiles.length === 0 || !turnedReadingHolds(glance)) return glance.tiles.length > 0;
    const first = await recognizeAsShown(view.source, runner, spec, options, levelledAfter);
    if (first.tiles.length === 0) return false;
    const reading = await levelIfSteep(photo, view.back(first), runner, spec, options);
    if (turnedReadingHolds(reading) && (!best || meanTileScore(reading) > meanTileScore(best))) best = reading;
    return true;
  };
  for (const angle of QUARTER_TURNS) {
    // Nothing either way up: the other quarter is the same picture upside down, which the models read as well.
    if (!(await readTurned(angle, { code: 'QUARTER_TURNED', params: {} }))) break;
  }
  if (!best && options.levelRow !== false) {
    for (const angle of LEVEL_PROBE_ANGLES) await readTurned(angle, levelledNote(angle));
  }
  return best ?? asShown;
}

/**
 * `reading` (of the photo, or of a turned view mapped back onto it), or the reading of the photo seen turned to stand
 * the hand row level, when the row runs steeply and that reads more of it (levelRow.ts).
 */
async function levelIfSteep(photo: ImageSource, reading: RecognitionResult, runner: ModelRunner, spec: ModelSpec, options: RecognizeOptions): Promise<RecognitionResult> {
  const angle = options.levelRow === false ? null : steepRowAngle(reading);
  if (angle === null) return reading;
  const view = turnedView(photo, angle, levelledNote(angle));
  const again = await recognizeAsShown(view.source, runner, spec, options);
  // Stood level, the row's tiles were judged to look like no tile (notTiles.ts): that judgement, made on upright
  // crops, is the one that stands.
  if (again.notTiles?.code === 'UNLIKE_ANY_TILE') return view.back(again);
  return levelledReadingIsBetter(again, reading) ? view.back(again) : reading;
}

/**
 * The reading of the photo as it is shown (upright as its EXIF orientation says). `levelledAfter`: a steep row found
 * here will be read again levelled (levelIfSteep), so whether its boxes look like tiles is judged on that reading.
 */
async function recognizeAsShown(photo: ImageSource, runner: ModelRunner, spec: ModelSpec, options: RecognizeOptions, levelledAfter = false): Promise<RecognitionResult> {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const C = spec.classifier;
  const notes: RecognitionNote[] = [];
  let image = photo;
  const det = await detectTiles(image, runner, spec, options);
  const tileShaped = (d: Detection) => options.noTileCheck === false || !boxTooSmallOrOddlyShaped(d.box, image.width, image.height);
  let found = det.boxes.filter(tileShaped);
  const region: Rect | null = options.region ? { x0: options.region[0], y0: options.region[1], x1: options.region[2], y1: options.region[3] } : null;
  if (region) found = found.filter(({ box }) => centreIn(box, region));
  const rowOptions: Partial<RowOptions> = { scene: options.sceneRules !== false };
  let layout = orderRows(found.map((d) => d.box), rowOptions, found.map((d) => d.score));
  let overlayBoxes = 0;
  if (layout.hand >= 0 && options.overlayCheck !== false) {
    // Annotation boxes drawn over the photo (overlays.ts): found around the first look's hand row, painted out of
    // every picture read from here on (the closer look, the crops).
    const overlay = await findOverlays(image, layout.rows[layout.hand]!.order.map((k) => found[k]!.box));
    if (overlay) {
      image = withoutOverlays(image, overlay);
      overlayBoxes = overlay.boxes;
      notes.push({ code: 'OVERLAYS_PAINTED', params: { boxes: overlay.boxes } });
    }
  }
  if (layout.hand >= 0 && options.secondLook !== false) {
    // The second look covers the given region (a tenth of its height added above and below), or the first
    // look's hand row with two tiles beyond each end (a meld set apart, a missed end tile) and half a tile
    // above and below.
    const row = layout.rows[layout.hand]!;
    const rect = region
      ? grownBounds([[region.x0, region.y0, region.x1, region.y1]], 0, 0.1 * (region.y1 - region.y0), image.width, image.height)
      : grownBounds(row.order.map((k) => found[k]!.box), 2 * row.unit, 0.5 * row.tileHeight, image.width, image.height);
    if (Math.max(rect.x1 - rect.x0, rect.y1 - rect.y0) <= SECOND_LOOK_MAX_FRACTION * Math.max(image.width, image.height)) {
      const t = now();
      const closer = (await detectTilesInRect(image, runner, spec, rect, options.scoreThreshold)).filter((d) => (!region || centreIn(d.box, region)) && tileShaped(d));
      det.localizeMs += now() - t;
      const merged = [...found.filter(({ box }) => !centreIn(box, rect)), ...closer];
      const second = orderRows(merged.map((d) => d.box), rowOptions, merged.map((d) => d.score));
      // Keep the closer look unless its hand row came out shorter (it should only ever find more).
      if (second.hand >= 0 && second.rows[second.hand]!.order.length >= row.order.length) {
        found = merged;
        layout = second;
      }
    }
  }
  const cutOff: ('left' | 'right')[] = [];
  if (layout.hand >= 0 && options.repairHandRow !== false) ({ found, layout } = repairHandRow(found, layout, image.width, notes, cutOff, rowOptions, options.cutMaxPeak));
  const boxes = found.map((d) => d.box);
  const handRow = layout.hand >= 0 ? layout.rows[layout.hand]! : null;
  // The other rows' boxes, row by row (orientation.ts counts tiles below the hand by row); boxes left out of the hand
  // row later are added as rows of one. `otherBoxes` in the result is all of them.
  const otherRows = layout.rows.flatMap((r, i) => (i === layout.hand ? [] : [r.order.map((k) => boxes[k]!)]));
  const timings: RecognitionTimings = { resizeMs: det.resizeMs, localizeMs: det.localizeMs, cropMs: 0, classifyMs: 0, totalMs: 0 };
  const base = { width: image.width, height: image.height, otherBoxes: otherRows.flat(), notes, usedProfile: false, timings, tileSizedGaps: [] as { after: number; box: Box }[], cutOff, extraBoxes: [] as Box[], loneBacks: [] as Box[], overlayBoxes, upsideDown: false, tilt: 0 };
  if (!handRow) {
    timings.totalMs = now() - start;
    return { ...base, tiles: [], hand: '', ...(options.includeEmbeddings ? { embeddings: [] } : {}) };
  }

  const order = handRow.order;
  const groupOf = new Map<number, number>();
  handRow.groups.forEach((g, gi) => g.forEach((k) => groupOf.set(k, gi)));
  const t0 = now();
  // A row photographed at a slant: its tiles are cut as the tilted rectangles they are (tilt.ts). The row's line
  // slants under a phone held at a slant and under a row running away from the camera; only in the first do the
  // tiles themselves stand tilted, so their own edges decide, read from a small picture of the row.
  let tilt = 0;
  const rowBoxes = order.map((k) => boxes[k]!);
  const line = options.deskew === false ? 0 : rowTilt(rowBoxes);
  if (Math.abs(line) >= MIN_DESKEW_ANGLE) {
    const request = rowPictureRequest(rowBoxes, image.width, image.height);
    const [picture] = await image.crop([request]);
    tilt = picture ? deskewAngle(tileEdgeTilt(picture, line, boxesInPicture(rowBoxes, request))) : 0;
    base.tilt = tilt;
  }
  const views = testTimeViews(options);
  // Crops are grouped by view: the first order.length are the boxes themselves (their embeddings are the
  // ones returned and learnt from), then one block per extra view.
  const requests = views.flatMap((v) => rowBoxes.map((b) => cropRequest(viewBox(b, v), C, image.width, image.height, tilt)));
  const nClasses = C.classes.length;
  // Coloured light or a dim room: gains measured once, on the crops of the boxes themselves (whiteBalance.ts), and
  // applied to every crop the classifier reads; the crops kept for the face check stay the photo's own.
  const firstCut = await image.crop(requests);
  const cast = options.whiteBalance === false ? null : faceColourCast(firstCut.slice(0, order.length));
  const gains = cast?.gains ?? null;
  if (cast && gains) notes.push({ code: 'COLOURED_LIGHT', params: { light: { code: lightOf(cast) } } });
  /** Classifies crops already cut for `reqs`, checking the classifier's output and adding to the timings. */
  const classifyCrops = async (reqs: CropRequest[], cut: Pixels[], started: number) => {
    const input = cropsTensor(gains ? applyGains(cut, gains) : cut, C);
    const t1 = now();
    const result = await runner.classify(input, reqs.length);
    timings.cropMs += t1 - started;
    timings.classifyMs += now() - t1;
    if (result.logits.length !== reqs.length * nClasses) {
      throw new Error(`classifier returned ${result.logits.length} logits for ${reqs.length} crops × ${nClasses} classes`);
    }
    return { crops: cut, out: result };
  };
  const { crops, out } = await classifyCrops(requests, firstCut, t0);
  const D = out.embeddingSize;
  const embeddingOf = (n: number) => out.embeddings.subarray(n * D, (n + 1) * D);
  let profile = options.profile ?? null;
  if (profile && !profileMatches(profile, options.modelId ?? '', D)) {
    notes.push({ code: 'PROFILE_OTHER_MODEL' });
    profile = null;
  }
  const logitsOf = (m: number) => out.logits.subarray(m * nClasses, (m + 1) * nClasses);
  // With a profile, each tile's first class by the classifier alone too (a softmax more), so the review can say which
  // tiles the player's set changed.
  const headFirst: (number | null)[] = order.map(() => null);
  const probs = order.map((_, n) => {
    const crops = views.map((_, v) => v * order.length + n);
    if (profile) headFirst[n] = argmax(tileProbabilities(crops.map(logitsOf), crops.map(embeddingOf), null, C).probs);
    return tileProbabilities(crops.map(logitsOf), crops.map(embeddingOf), profile, C, options.prototypeOptions).probs;
  });
  const closer = options.unsureViews ?? DEFAULT_UNSURE_VIEWS;
  const unsure = closer.length ? order.map((_, n) => n).filter((n) => probs[n]![argmax(probs[n]!)]! < (options.unsureBelow ?? UNSURE_VIEWS_BELOW)) : [];
  if (unsure.length) {
    const t3 = now();
    const more = closer.flatMap((v) => unsure.map((n) => cropRequest(viewBox(boxes[order[n]!]!, v), C, image.width, image.height, tilt)));
    const { out: out2 } = await classifyCrops(more, await image.crop(more), t3);
    const logits2 = (m: number) => out2.logits.subarray(m * nClasses, (m + 1) * nClasses);
    const emb2 = (m: number) => out2.embeddings.subarray(m * D, (m + 1) * D);
    unsure.forEach((n, i) => {
      const first = views.map((_, v) => v * order.length + n);
      const second = closer.map((_, v) => v * unsure.length + i);
      const logits = [...first.map(logitsOf), ...second.map(logits2)];
      const embeddings = [...first.map(embeddingOf), ...second.map(emb2)];
      if (profile) headFirst[n] = argmax(tileProbabilities(logits, embeddings, null, C).probs);
      probs[n] = tileProbabilities(logits, embeddings, profile, C, options.prototypeOptions).probs;
    });
  }
  // Crop positions (n) of the tiles kept: an end box whose face border is unlike the row's faces is not a tile.
  const backClass = C.classes.indexOf('back');
  const notFaces = new Set(options.faceCheck === false ? [] : rowEndsNotTileFaces(order.map((_, n) => faceBorderBrightness(crops[n]!, requests[n]!, C)), probs.map((p) => argmax(p) === backClass)));
  let kept = order.map((_, n) => n).filter((n) => !notFaces.has(n));
  const firstClass = probs.map(argmax);
  const topProbability = (n: number) => probs[n]![firstClass[n]!]!;
  const detection = (n: number) => found[order[n]!]!.score;
  const keptReadings = kept.map((n) => C.classes[firstClass[n]!]!);
  // How like a tile each box looks: its best cosine to a class weight (the head's raw logit over its scale), from the
  // box itself, whatever the profile; the softmax hides it (playing cards read as tiles at 0.4-0.8).
  const likeness = (n: number) => Math.max(...logitsOf(n)) / C.cosineScale;
  const rowBoxesKept = kept.map((n) => boxes[order[n]!]!);
  // A row at a steep slant is cut as upright boxes of tilted tiles, which look like no tile: where the row will be read
  // again levelled, the line waits for that reading, whose crops stand upright.
  const levelledLater = levelledAfter && options.levelRow !== false && steepAngleOf(rowBoxesKept) !== null;
  const notTiles =
    options.noTileCheck === false ? null : rowLooksLikeNoTiles(rowBoxesKept, kept.map(detection), kept.map(topProbability), boxes.length, NOT_TILES, keptReadings, options.photoOf, levelledLater ? [] : kept.map(likeness));
  if (notTiles) {
    notes.push({ code: 'NO_TILES', params: { why: notTiles } });
    timings.totalMs = now() - start;
    return { ...base, notTiles, otherBoxes: [], tiles: [], hand: '', ...(options.includeEmbeddings ? { embeddings: [] } : {}), ...(options.includeProbabilities ? { probabilities: [] } : {}) };
  }
  if (options.loneBackCheck !== false) {
    // A back with no other back beside it is no tile of the hand (a closed kan shows two): left out, said so.
    const lone = new Set(loneTileBacks(kept.map((n) => C.classes[firstClass[n]!]!)).map((i) => kept[i]!));
    if (lone.size && options.faceNotBackCheck !== false) {
      // ...unless its border is the row's face material: a face taken for a back (a blank white dragon, mostly),
      // kept with its best face reading at the probability the classifier gave it, so it is doubtful (faces.ts).
      const colours = kept.map((n) => faceBorderColour(crops[n]!, requests[n]!, C));
      const isBack = kept.map((n) => firstClass[n] === backClass);
      const faces = kept.filter((n, i) => lone.has(n) && borderIsFaceMaterial(borderAgainstFaces(colours, isBack, i)));
      for (const n of faces) {
        probs[n]![backClass] = 0;
        firstClass[n] = argmax(probs[n]!);
        // not the player's set at work: the review must not say the classifier alone read it otherwise
        headFirst[n] = null;
        lone.delete(n);
      }
      if (faces.length) notes.push({ code: 'FACE_NOT_BACK', params: { count: faces.length, tiles: faces.map((n) => C.classes[firstClass[n]!]!).join(' ') } });
    }
    if (lone.size) {
      notes.push({ code: 'LONE_BACKS', params: { count: lone.size } });
      base.loneBacks = [...lone].map((n) => boxes[order[n]!]!);
      otherRows.push(...base.loneBacks.map((b) => [b]));
      kept = kept.filter((n) => !lone.has(n));
    }
  }
  if (options.extraTileCheck !== false) {
    // More tiles than a hand holds: the least sure boxes beyond 14 (one more per kan) are no tiles of the row.
    const drop = new Set(tilesBeyondAHand(kept.map((n) => C.classes[firstClass[n]!]!), kept.map(topProbability), kept.map(detection)).map((i) => kept[i]!));
    if (drop.size) {
      notes.push({ code: 'EXTRA_BOXES', params: { count: drop.size, kept: kept.length } });
      base.extraBoxes = [...drop].map((n) => boxes[order[n]!]!);
      otherRows.push(...base.extraBoxes.map((b) => [b]));
      kept = kept.filter((n) => !drop.has(n));
    }
  }
  const keptProbs = kept.map((n) => probs[n]!);
  const keptBoxes = kept.map((n) => order[n]!);
  const joint =
    options.handRules === false
      ? null
      : readRowJointly(keptProbs, C.classes, { otherTiles: options.otherTiles, groups: keptBoxes.map((b) => groupOf.get(b) ?? 0), redFivesPerSuit: redFivesPerSuit(options.redFivesInSet) }, options.jointReading);
  const choice = joint ? joint.choice : keptProbs.map(argmax);
  const reranked = joint ? joint.changed : keptProbs.map(() => false);
  if (joint?.note) notes.push(joint.note);
  const k = options.alternatives ?? 3;
  const doubt = options.doubtThreshold ?? DEFAULT_DOUBT_THRESHOLD;
  const sideways = sidewaysFlags(keptBoxes.map((k) => boxes[k]!));
  // Groups numbered from 0 again, left to right, in case a dropped end box was a group of its own.
  const groupIds = [...new Set(keptBoxes.map((k) => groupOf.get(k) ?? 0))];
  const tiles: RecognizedTile[] = keptBoxes.map((boxIndex, n) => {
    const p = keptProbs[n]!;
    const c = choice[n]!;
    const tile = C.classes[c]!;
    const score = p[c]!;
    const alternatives = topK(p, C.classes, k + 1).filter((a) => a.tile !== tile).slice(0, k);
    const box = boxes[boxIndex]!;
    const head = headFirst[kept[n]!];
    return {
      tile,
      box,
      score,
      alternatives,
      doubtful: reranked[n]! || score < doubt,
      rotated: sideways[n]!,
      reranked: reranked[n]!,
      group: groupIds.indexOf(groupOf.get(boxIndex) ?? 0),
      detection: found[boxIndex]!.score,
      // only where the set's reading stands: the joint reading may have moved the tile back to the classifier's own
      ...(head !== null && head !== undefined && head !== argmax(p) && head !== c ? { fromProfile: C.classes[head]! } : {}),
    };
  });
  for (let n = 0; n + 1 < tiles.length; n++) {
    const a = tiles[n]!.box;
    const b = tiles[n + 1]!.box;
    const gap = b[0] - a[2];
    if (gap >= 0.6 * handRow.unit && gap <= 1.4 * handRow.unit) {
      base.tileSizedGaps.push({ after: n, box: [a[2], Math.min(a[1], b[1]), b[0], Math.max(a[3], b[3])] });
    }
  }
  // A photo of dora indicators is no hand: its count and gaps say nothing.
  const ofHand = options.photoOf !== 'indicators';
  if (ofHand && (tiles.length < HAND_TILE_RANGE[0] || tiles.length > HAND_TILE_RANGE[1])) {
    notes.push({ code: 'TILE_COUNT', params: { count: tiles.length, min: HAND_TILE_RANGE[0], max: HAND_TILE_RANGE[1] } });
  }
  // The tiles' own vote (used only where the table says nothing): face-up tiles standing upright, each the mean of
  // its views' logits (the box and the box 1.15 times larger): one view's logit moves by several units between two
  // resamplings of one photo (Node's and the browser's), the mean far less (training-notes/classifier/README.md,
  // "Orientation margin in the browser"). A back has no up, and a sideways called tile was turned a quarter to be read.
  const turnedOf = out.turned;
  const meanTurned = (n: number) => views.reduce((sum, _, v) => sum + turnedOf![v * order.length + n]!, 0) / views.length;
  const votes = turnedOf ? kept.flatMap((n, i) => (tiles[i]!.tile !== 'back' && !sideways[i] ? [meanTurned(n)] : [])) : [];
  const orientation = options.orientation === false ? null : rowOrientation(keptBoxes.map((b) => boxes[b]!), otherRows, votes, C.turnedRowMargin);
  const probabilities = options.includeProbabilities ? keptProbs.map((p) => Array.from(p)) : undefined;
  const embeddings = options.includeEmbeddings ? kept.map((n) => Array.from(embeddingOf(n))) : undefined;
  let row = tiles;
  if (orientation?.upsideDown) {
    // The player's order is the photo's right to left; groups are numbered again in that order.
    const last = Math.max(0, ...tiles.map((t) => t.group));
    row = tiles.map((t) => ({ ...t, group: last - t.group })).reverse();
    base.tileSizedGaps = base.tileSizedGaps.map((g) => ({ ...g, after: tiles.length - 2 - g.after })).reverse();
    probabilities?.reverse();
    embeddings?.reverse();
    notes.push({ code: 'UPSIDE_DOWN' });
  }
  // Counted in the order the tiles are listed (the player's).
  if (ofHand && tiles.length < 14 && base.tileSizedGaps.length) {
    notes.push({ code: 'TILE_SIZED_GAP', params: { count: base.tileSizedGaps.length, tiles: base.tileSizedGaps.map((g) => g.after + 1).join(', ') } });
  }
  timings.totalMs = now() - start;
  const result: RecognitionResult = {
    ...base,
    otherBoxes: otherRows.flat(),
    usedProfile: profile !== null,
    tiles: row,
    hand: formatHandString(row.map((t) => t.tile)),
    ...(joint ? { jointRule: joint.rule } : {}),
    upsideDown: orientation?.upsideDown ?? false,
    ...(orientation ? { orientation } : {}),
  };
  if (probabilities) result.probabilities = probabilities;
  if (embeddings) result.embeddings = embeddings;
  return result;
}

function argmax(p: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  return best;
}

/** An ImageSource over raw pixels (already oriented), resampled in TypeScript. */
export function pixelsImageSource(pixels: Pixels): ImageSource {
  return {
    width: pixels.width,
    height: pixels.height,
    resize: (w, h) => resizePixels(pixels, w, h),
    crop: (requests) => requests.map((r) => resampleRegion(pixels, r.rect, r.width, r.height, r.turn, r.angle)),
  };
}
