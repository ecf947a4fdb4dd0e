// The live camera view's reading of a preview frame (issue 17), as pure rules: how many tiles the hand row holds
// (a kan counts as 3), whether it is a complete hand read with confidence, a signature to compare frames by, and
// the hint to show the player ("move closer", "hold steady", "13 tiles", "two rows"). No DOM; unit-tested in
// tests/capture/live-hints.test.ts.
import type { Box } from './detect.ts';
import { guessHand } from './melds.ts';

export interface LiveTile {
  /** Tile code, `back`, or '' when the frame was only localised. */
  tile: string;
  score: number;
  box: Box;
  rotated: boolean;
  doubtful: boolean;
  group: number;
}

export interface LiveFrame {
  width: number;
  height: number;
  /** The hand row, left to right. */
  tiles: readonly LiveTile[];
  /** Tiles found outside the hand row. */
  otherBoxes: readonly Box[];
  classified: boolean;
  /** Sharpness of the hand row (see `sharpness`), when measured. */
  sharpness?: number;
}

export type LiveHint = 'aim' | 'move-closer' | 'hold-steady' | 'thirteen' | 'two-rows' | 'too-many' | 'complete';

/** Tiles smaller than this fraction of the frame's longest side: "move closer" (about 20 px at the localiser's 512). */
export const MIN_TILE_FRACTION = 0.04;
/** A frame whose boxes moved on average by more than this many tile widths since the last one: "hold steady". */
export const JITTER_TILE_WIDTHS = 0.25;
/** Tiles read with less confidence than this make the hand not yet complete (the review's doubt line). */
export const CONFIDENT_SCORE = 0.6;
/** Boxes outside the hand row of the hand's tile size that make a second row. */
export const SECOND_ROW_MIN_TILES = 4;
/** A hand of 14 tiles, each kan counting 3. */
export const HAND_TILES = 14;

const median = (v: readonly number[]) => {
  if (v.length === 0) return 0;
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const shortSide = (b: Box) => Math.min(b[2] - b[0], b[3] - b[1]);
const longSide = (b: Box) => Math.max(b[2] - b[0], b[3] - b[1]);

/** Tiles of the hand row counted as a hand counts them: a kan (4 tiles set apart, with a call or backs) counts 3. */
export function handTileCount(tiles: readonly LiveTile[]): number {
  if (!tiles.every((t) => t.tile)) return tiles.length;
  const guess = guessHand(tiles.map((t) => ({ tile: t.tile, rotated: t.rotated, group: t.group })));
  const kans = guess.melds.filter((m) => m.type.startsWith('kan')).length;
  return tiles.length - kans;
}

/** Compares readings of two frames: the tiles in order, melds set apart (`|` between groups). */
export function handSignature(tiles: readonly LiveTile[]): string {
  let out = '';
  tiles.forEach((t, i) => {
    if (i > 0) out += tiles[i - 1]!.group !== t.group ? '|' : ' ';
    out += (t.tile || '?') + (t.rotated ? '*' : '');
  });
  return out;
}

/** 14 tiles (kans counting 3), every one classified, none doubtful, each read with at least CONFIDENT_SCORE. */
export function isCompleteHand(frame: LiveFrame): boolean {
  if (!frame.classified) return false;
  if (handTileCount(frame.tiles) !== HAND_TILES) return false;
  return frame.tiles.every((t) => t.tile !== '' && !t.doubtful && t.score >= CONFIDENT_SCORE);
}

/**
 * Dora indicators for the second mode: 1 to 5 tiles in the row, every one a face (not a back) read with
 * confidence. Returns the tiles, or null.
 */
export function confidentIndicators(frame: LiveFrame): string[] | null {
  if (!frame.classified || frame.tiles.length === 0 || frame.tiles.length > 5) return null;
  if (!frame.tiles.every((t) => t.tile && t.tile !== 'back' && !t.doubtful && t.score >= CONFIDENT_SCORE)) return null;
  return frame.tiles.map((t) => t.tile);
}

/** Mean movement of the boxes' centres between two frames, in tile widths (same number of tiles), else null. */
export function boxJitter(previous: readonly LiveTile[], current: readonly LiveTile[]): number | null {
  if (previous.length === 0 || previous.length !== current.length) return null;
  const unit = median(current.map((t) => shortSide(t.box)));
  if (unit <= 0) return null;
  let sum = 0;
  for (let i = 0; i < current.length; i++) {
    const a = previous[i]!.box;
    const b = current[i]!.box;
    sum += Math.hypot((a[0] + a[2] - b[0] - b[2]) / 2, (a[1] + a[3] - b[1] - b[3]) / 2);
  }
  return sum / current.length / unit;
}

export interface HintContext {
  /** The previous frame read (for jitter), if any. */
  previous?: LiveFrame | null;
  /** Signatures of the last few classified frames, oldest first (for readings that keep changing). */
  recentSignatures?: readonly string[];
  /** Mode: the hand (default) or the dora indicators. */
  mode?: 'hand' | 'dora';
  /** The sharpest of the recent frames (a few seconds) of this scene, for blur by comparison. */
  bestSharpness?: number;
}

/** The frame is blurred: below MIN_SHARPNESS, or below BLUR_RATIO of the sharpest recent frame. */
export function isBlurred(frame: LiveFrame, bestSharpness?: number): boolean {
  const v = frame.sharpness;
  if (v === undefined || !Number.isFinite(v)) return false;
  return v < MIN_SHARPNESS || (bestSharpness !== undefined && v < BLUR_RATIO * bestSharpness);
}

/**
 * The one hint to show for this frame, most useful first: no tiles → aim at the hand; tiles too small → move
 * closer; a blurred frame, boxes jumping or readings changing frame to frame → hold steady; a second row of tile-sized boxes →
 * aim at your hand; 13 tiles → is the winning tile in view?; more than 14 → too many; a complete hand → complete.
 * null when there is nothing to say (e.g. 10 tiles, still being framed).
 */
export function liveHint(frame: LiveFrame, context: HintContext = {}): LiveHint | null {
  const tiles = frame.tiles;
  if (tiles.length === 0) return 'aim';
  const tileSize = median(tiles.map((t) => longSide(t.box)));
  if (tileSize < MIN_TILE_FRACTION * Math.max(frame.width, frame.height)) return 'move-closer';
  const jitter = context.previous ? boxJitter(context.previous.tiles, tiles) : null;
  const recent = context.recentSignatures ?? [];
  const changes = recent.slice(1).filter((s, i) => s !== recent[i]).length;
  if (isBlurred(frame, context.bestSharpness) || (jitter !== null && jitter > JITTER_TILE_WIDTHS) || (recent.length >= 4 && changes >= 2 && recent.every((s) => s.split(/[ |]/).length === tiles.length))) return 'hold-steady';
  if (context.mode === 'dora') return confidentIndicators(frame) ? 'complete' : null;
  const unitLong = tileSize;
  const secondRow = frame.otherBoxes.filter((b) => longSide(b) >= 0.6 * unitLong && longSide(b) <= 1.6 * unitLong).length;
  if (secondRow >= SECOND_ROW_MIN_TILES) return 'two-rows';
  const count = handTileCount(tiles);
  if (count === HAND_TILES - 1) return 'thirteen';
  if (count > HAND_TILES) return 'too-many';
  if (isCompleteHand(frame)) return 'complete';
  return null;
}

/** Tiles are measured for sharpness at this height (px): the measure then means the same at any distance. */
export const SHARPNESS_TILE_PX = 32;
/**
 * Below this sharpness (see `sharpness`) the frame is blurred whatever came before: "hold steady". Measured on the
 * 8 test images fitted into 1280×720: sharp 0.16-0.65; Gaussian blur σ 2 px 0.10-0.28, σ 3 px 0.07-0.17, σ 5 px
 * 0.04-0.09 (a set's plainest tiles, kokushi's terminals and honours, score lowest), so the line catches strong
 * blur only; a frame much less sharp than the sharpest recent one (BLUR_RATIO) catches the shake of a moving hand.
 */
export const MIN_SHARPNESS = 0.1;
/** A frame below this fraction of the sharpest recent frame's sharpness is blurred (σ 1 px keeps 0.76-0.88 of it, σ 2 px 0.42-0.61). */
export const BLUR_RATIO = 0.6;

/**
 * Sharpness of a region of tiles drawn at SHARPNESS_TILE_PX per tile height: the mean absolute Laplacian of the
 * luma over its standard deviation (so lighting and contrast cancel out). A sharp row of tile faces scores well
 * above MIN_SHARPNESS; motion or focus blur brings it down. Pixels: RGB(A), row-major.
 */
export function sharpness(pixels: { data: ArrayLike<number>; width: number; height: number; channels: number }): number {
  const { data, width: w, height: h, channels: c } = pixels;
  if (w < 3 || h < 3) return Infinity;
  const luma = new Float32Array(w * h);
  let sum = 0;
  for (let i = 0; i < w * h; i++) {
    const v = 0.299 * data[i * c]! + 0.587 * data[i * c + 1]! + 0.114 * data[i * c + 2]!;
    luma[i] = v;
    sum += v;
  }
  const mean = sum / (w * h);
  let variance = 0;
  for (let i = 0; i < w * h; i++) variance += (luma[i]! - mean) ** 2;
  const std = Math.sqrt(variance / (w * h));
  if (std < 1) return 0; // a flat region: nothing to focus on
  let lap = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      lap += Math.abs(4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - w]! - luma[i + w]!);
    }
  }
  return lap / ((w - 2) * (h - 2)) / std;
}

/** The region (photo pixels) and size to measure sharpness on: the hand row's tiles, scaled to SHARPNESS_TILE_PX. */
export function sharpnessRegion(tiles: readonly LiveTile[], width: number, height: number): { x: number; y: number; w: number; h: number; outW: number; outH: number } | null {
  if (tiles.length === 0) return null;
  const x0 = Math.max(0, Math.floor(Math.min(...tiles.map((t) => t.box[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...tiles.map((t) => t.box[1]))));
  const x1 = Math.min(width, Math.ceil(Math.max(...tiles.map((t) => t.box[2]))));
  const y1 = Math.min(height, Math.ceil(Math.max(...tiles.map((t) => t.box[3]))));
  const tile = median(tiles.map((t) => longSide(t.box)));
  if (x1 - x0 < 2 || y1 - y0 < 2 || tile <= 0) return null;
  const scale = Math.min(1, SHARPNESS_TILE_PX / tile);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0, outW: Math.max(3, Math.round((x1 - x0) * scale)), outH: Math.max(3, Math.round((y1 - y0) * scale)) };
}
