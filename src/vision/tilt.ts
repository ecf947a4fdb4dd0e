// A hand row photographed with the phone held at a slant: every tile stands tilted by the row's angle, and the
// localiser's boxes are the upright bounding boxes of tilted tiles. The classifier learnt tiles standing
// (nearly) upright in their box, so past about 15 degrees it misreads most of them (measured on the development
// renders turned by 20 degrees: 97.8% -> 70.7% of tiles right, 30 degrees: 20.6%). The row's own line gives the
// angle, and each tile is then cut as the tilted rectangle it is, turned upright (classify.ts cropRequest).

import type { Box } from './detect.ts';
import type { CropRequest } from './classify.ts';
import type { Pixels } from './pixels.ts';

/** Below this tilt (radians) tiles are cut as plain boxes, as before (chosen on the development renders). */
export const MIN_DESKEW_ANGLE = (8 * Math.PI) / 180;
/** Past this tilt the row's line is not trusted (a column of tiles, a row the localiser barely found). */
export const MAX_DESKEW_ANGLE = (40 * Math.PI) / 180;
/** Fewer boxes than this give no angle: two or three tiles set apart say little about the row's line. */
export const MIN_TILT_BOXES = 4;
/** A tile's height over its width when its size cannot be solved from its box (near 45 degrees). */
const TILE_ASPECT = 1.3;

/**
 * The angle of a row's line (radians, image coordinates with y down: positive when the row runs down to the
 * right), from the boxes' centres: the median of the slopes between every pair of boxes (Theil-Sen), so a
 * called tile lying lower or a box of another row linked in does not pull it. 0 when the row has too few boxes.
 */
export function rowTilt(boxes: readonly Box[]): number {
  if (boxes.length < MIN_TILT_BOXES) return 0;
  const cx = boxes.map((b) => (b[0] + b[2]) / 2);
  const cy = boxes.map((b) => (b[1] + b[3]) / 2);
  const slopes: number[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const dx = cx[j]! - cx[i]!;
      if (Math.abs(dx) > 1e-6) slopes.push((cy[j]! - cy[i]!) / dx);
    }
  }
  if (!slopes.length) return 0;
  slopes.sort((a, b) => a - b);
  const m = slopes.length >> 1;
  const slope = slopes.length % 2 ? slopes[m]! : (slopes[m - 1]! + slopes[m]!) / 2;
  return Math.atan(slope);
}

/** The angle the hand row's tiles are cut at: the tiles' own tilt when it is between MIN_ and MAX_DESKEW_ANGLE, else 0. */
export function deskewAngle(tileAngle: number): number {
  return Math.abs(tileAngle) >= MIN_DESKEW_ANGLE && Math.abs(tileAngle) <= MAX_DESKEW_ANGLE ? tileAngle : 0;
}

/** Height in pixels of a tile in the picture of the row that tileEdgeTilt reads (enough for its edges). */
const EDGE_PICTURE_TILE_HEIGHT = 40;
/** The picture of the row is at most this wide. */
const EDGE_PICTURE_MAX_WIDTH = 1024;

/** The boxes in the pixels of the picture `request` makes (rowPictureRequest). */
export function boxesInPicture(boxes: readonly Box[], request: CropRequest): Box[] {
  const sx = request.width / (request.rect.x1 - request.rect.x0);
  const sy = request.height / (request.rect.y1 - request.rect.y0);
  return boxes.map((b) => [(b[0] - request.rect.x0) * sx, (b[1] - request.rect.y0) * sy, (b[2] - request.rect.x0) * sx, (b[3] - request.rect.y0) * sy]);
}

/** The crop of the photo that shows the row's boxes, scaled so that a tile is about EDGE_PICTURE_TILE_HEIGHT tall. */
export function rowPictureRequest(boxes: readonly Box[], imageWidth: number, imageHeight: number): CropRequest {
  const rect = {
    x0: Math.max(0, Math.floor(Math.min(...boxes.map((b) => b[0])))),
    y0: Math.max(0, Math.floor(Math.min(...boxes.map((b) => b[1])))),
    x1: Math.min(imageWidth, Math.ceil(Math.max(...boxes.map((b) => b[2])))),
    y1: Math.min(imageHeight, Math.ceil(Math.max(...boxes.map((b) => b[3])))),
  };
  const heights = boxes.map((b) => b[3] - b[1]).sort((a, b) => a - b);
  const tile = heights[heights.length >> 1] ?? 1;
  const w = Math.max(1, rect.x1 - rect.x0);
  const h = Math.max(1, rect.y1 - rect.y0);
  const scale = Math.min(EDGE_PICTURE_TILE_HEIGHT / Math.max(1, tile), EDGE_PICTURE_MAX_WIDTH / w);
  return { rect, turn: 'none', width: Math.max(8, Math.round(w * scale)), height: Math.max(8, Math.round(h * scale)) };
}

/**
 * The width and height of a tile tilted by `angle` whose upright bounding box is `box`: the box is
 * w·cos + h·sin wide and w·sin + h·cos tall, solved for w and h. Near 45 degrees (or for a box that is not a
 * tilted rectangle's bounding box) the solution breaks down, and the tile is taken as TILE_ASPECT tall.
 */
export function deskewedSize(box: Box, angle: number): { width: number; height: number } {
  const W = box[2] - box[0];
  const H = box[3] - box[1];
  const c = Math.cos(Math.abs(angle));
  const s = Math.sin(Math.abs(angle));
  const d = c * c - s * s;
  if (Math.abs(d) > 0.35) {
    const width = (W * c - H * s) / d;
    const height = (H * c - W * s) / d;
    if (width >= 0.35 * W && height >= 0.35 * H) return { width, height };
  }
  // The row's tiles stand upright here (a tile lying sideways is wider than tall: keep its box's way round).
  const aspect = W > H ? 1 / TILE_ASPECT : TILE_ASPECT;
  const width = W / (c + aspect * s);
  return { width, height: aspect * width };
}

/** How far (radians) the tiles' own upright edges are looked for from the row's line (see tileEdgeTilt). */
const EDGE_SEARCH = (15 * Math.PI) / 180;

/**
 * The angle of the tiles' upright edges (tile sides, the lines between touching tiles, the upright strokes of their
 * faces) in a picture of the row: radians from the vertical, clockwise positive as rowTilt, searched within
 * EDGE_SEARCH of `rowAngle`. A row's line also slants when the row runs away from the camera (far tiles smaller
 * and higher), and then the tiles stand upright in the photo and must not be turned: only the edges tell a phone
 * held at a slant from a row seen at an angle. Sobel gradients of the grey picture, the strongest fifth of the
 * pixels, weighted by strength into 1-degree bins, the peak of the smoothed histogram.
 */
export function tileEdgeTilt(pixels: Pixels, rowAngle: number, inside?: readonly Box[]): number {
  const { width: w, height: h, data, channels: ch } = pixels;
  if (w < 8 || h < 8) return 0;
  // Only pixels within the row's own boxes vote (`inside`, in the picture's pixels): other rows, the rack and the
  // table in the picture's corners have edges of their own.
  const voting = new Uint8Array(w * h).fill(inside ? 0 : 1);
  for (const b of inside ?? []) {
    for (let y = Math.max(0, Math.floor(b[1])); y < Math.min(h, Math.ceil(b[3])); y++) voting.fill(1, y * w + Math.max(0, Math.floor(b[0])), y * w + Math.min(w, Math.ceil(b[2])));
  }
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = data[i * ch]! * 0.299 + data[i * ch + 1]! * 0.587 + data[i * ch + 2]! * 0.114;
  const angles: number[] = [];
  const strengths: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!voting[i]) continue;
      const gx = grey[i - w + 1]! + 2 * grey[i + 1]! + grey[i + w + 1]! - grey[i - w - 1]! - 2 * grey[i - 1]! - grey[i + w - 1]!;
      const gy = grey[i + w - 1]! + 2 * grey[i + w]! + grey[i + w + 1]! - grey[i - w - 1]! - 2 * grey[i - w]! - grey[i - w + 1]!;
      const m = Math.hypot(gx, gy);
      if (m < 1e-3) continue;
      // An upright edge turned by t has its gradient along (cos t, sin t): t is the gradient's angle modulo 180 degrees.
      let t = Math.atan2(gy, gx);
      if (t > Math.PI / 2) t -= Math.PI;
      else if (t <= -Math.PI / 2) t += Math.PI;
      angles.push(t);
      strengths.push(m);
    }
  }
  if (angles.length < 16) return 0;
  const line = [...strengths].sort((a, b) => a - b)[Math.floor(0.8 * strengths.length)]!;
  const bins = new Float64Array(181); // -90..90 degrees
  for (let k = 0; k < angles.length; k++) {
    if (strengths[k]! < line) continue;
    bins[Math.round((angles[k]! * 180) / Math.PI) + 90]! += strengths[k]!;
  }
  const lo = Math.max(-90, Math.round(((rowAngle - EDGE_SEARCH) * 180) / Math.PI));
  const hi = Math.min(90, Math.round(((rowAngle + EDGE_SEARCH) * 180) / Math.PI));
  let best = 0;
  let bestValue = -1;
  for (let d = lo; d <= hi; d++) {
    let v = 0;
    for (let e = -2; e <= 2; e++) v += (bins[Math.min(180, Math.max(0, d + e + 90))] ?? 0) * (3 - Math.abs(e));
    if (v > bestValue) {
      bestValue = v;
      best = d;
    }
  }
  return (best * Math.PI) / 180;
}
