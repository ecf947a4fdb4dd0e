// Classifier pre- and post-processing: the crop region of each box (margin, sideways tiles turned
// upright), the batched input tensor, softmax and the top-k alternatives.

import type { Box } from './detect.ts';
import { fillChw } from './letterbox.ts';
import type { ClassifierSpec } from './modelSpec.ts';
import { resampleRegion, type Pixels, type QuarterTurn, type Rect } from './pixels.ts';
import { deskewedSize } from './tilt.ts';

export interface CropRequest {
  /** Region of the original image to sample, in original pixels (may extend past the edges). */
  rect: Rect;
  /** Quarter turn applied after sampling so that the tile stands upright. */
  turn: QuarterTurn;
  /** Output size after turning (the classifier's input, or the fitted part of it). */
  width: number;
  height: number;
  /**
   * A tilted tile (tilt.ts): `rect` is the tile's own rectangle (with margins) in a frame turned by this many
   * radians about its centre, clockwise in the image (y down); sampled turned back, so the tile stands upright.
   */
  angle?: number;
  /**
   * Source pixels per output pixel that cropShrink keeps for this request on each axis (default CROP_OVERSAMPLING);
   * 1 for a picture that needs no finer source than its own size (findOverlays' look at drawn lines).
   */
  oversampling?: number;
}

/** The part of the image a request reads: its rect, or the upright bounds of its turned rect. */
export function requestBounds(r: CropRequest): Rect {
  if (!r.angle) return r.rect;
  const cx = (r.rect.x0 + r.rect.x1) / 2;
  const cy = (r.rect.y0 + r.rect.y1) / 2;
  const c = Math.abs(Math.cos(r.angle));
  const s = Math.abs(Math.sin(r.angle));
  const hw = (r.rect.x1 - r.rect.x0) / 2;
  const hh = (r.rect.y1 - r.rect.y0) / 2;
  const bx = hw * c + hh * s;
  const by = hw * s + hh * c;
  return { x0: cx - bx, y0: cy - by, x1: cx + bx, y1: cy + by };
}

/** Crops cut from a reduced picture keep at least this many source pixels per output pixel on each axis. */
export const CROP_OVERSAMPLING = 2;

/**
 * The largest of `shrinks` by which the photo may be reduced before `requests` are cut from it (1: not at all):
 * every crop keeps CROP_OVERSAMPLING (or its own `oversampling`) source pixels per output pixel on each axis. Crops are area averages, so one
 * cut from such a reduction is the one cut at full size to within the reduction's own rounding, for a quarter (or
 * a sixteenth) of the pixels read. Both image sources follow it: Node decodes the JPEG reduced (sharp's
 * shrink-on-load, src/cli/vision/nodeImage.ts), the browser has the canvas draw the band reduced
 * (src/worker/bitmap-source.ts).
 */
export function cropShrink(requests: readonly CropRequest[], shrinks: readonly number[] = [2, 4]): number {
  let allowed = 1;
  for (const shrink of shrinks) {
    const ok = requests.every((r) => {
      const [ow, oh] = r.turn === 'none' ? [r.width, r.height] : [r.height, r.width];
      const keep = r.oversampling ?? CROP_OVERSAMPLING;
      return (r.rect.x1 - r.rect.x0) / shrink >= keep * ow && (r.rect.y1 - r.rect.y0) / shrink >= keep * oh;
    });
    if (ok) allowed = Math.max(allowed, shrink);
  }
  return allowed;
}

/**
 * The crops of `requests` (photo pixels) cut from `pixels`, a picture of the photo's `region` at any size (the
 * whole photo or a band of it, reduced by cropShrink's factor or not): each rect is moved to the region's origin and
 * scaled as the region was. Where a crop reaches past the region, it is clamped at the region's edge, which must
 * then be the photo's edge.
 */
export function cropsFromPicture(pixels: Pixels, region: { x: number; y: number; w: number; h: number }, requests: readonly CropRequest[]): Pixels[] {
  const fx = pixels.width / region.w;
  const fy = pixels.height / region.h;
  return requests.map((r) =>
    resampleRegion(pixels, { x0: (r.rect.x0 - region.x) * fx, y0: (r.rect.y0 - region.y) * fy, x1: (r.rect.x1 - region.x) * fx, y1: (r.rect.y1 - region.y) * fy }, r.width, r.height, r.turn, r.angle),
  );
}

/**
 * The crop for one detected box, following the crop rule of model.json (and of the training code,
 * training-notes/common/render.py crop_tile): the box grows by marginX × its width on the left and
 * right and marginY × its height on top and bottom, is rounded outwards to whole pixels and clamped
 * to the image, and a landscape crop (a tile lying sideways) is turned upright. With an `angle` (a tilted row,
 * tilt.ts), the tile's own width and height are solved from its box and the margins added to them; that
 * rectangle is turned by the angle about the box's centre (not clamped: samples past the edge repeat it).
 */
export function cropRequest(box: Box, spec: ClassifierSpec, imageWidth = Infinity, imageHeight = Infinity, angle = 0): CropRequest {
  const size = angle ? deskewedSize(box, angle) : null;
  const w = size ? size.width : box[2] - box[0];
  const h = size ? size.height : box[3] - box[1];
  const landscape = w > spec.landscapeRatio * h;
  const ex = spec.marginX * w;
  const ey = spec.marginY * h;
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  const rect = size
    ? { x0: cx - w / 2 - ex, y0: cy - h / 2 - ey, x1: cx + w / 2 + ex, y1: cy + h / 2 + ey }
    : {
        x0: Math.max(0, Math.floor(box[0] - ex)),
        y0: Math.max(0, Math.floor(box[1] - ey)),
        x1: Math.min(imageWidth, Math.ceil(box[2] + ex)),
        y1: Math.min(imageHeight, Math.ceil(box[3] + ey)),
      };
  const turn: QuarterTurn = landscape ? spec.rotateLandscape : 'none';
  if (spec.fit === 'letterbox') {
    // Keep the aspect ratio: the crop (after turning) is scaled to fit H×W and padded.
    const cw = turn === 'none' ? rect.x1 - rect.x0 : rect.y1 - rect.y0;
    const ch = turn === 'none' ? rect.y1 - rect.y0 : rect.x1 - rect.x0;
    const s = Math.min(spec.width / cw, spec.height / ch);
    return { rect, turn, width: Math.max(1, Math.round(cw * s)), height: Math.max(1, Math.round(ch * s)), ...(size ? { angle } : {}) };
  }
  return { rect, turn, width: spec.width, height: spec.height, ...(size ? { angle } : {}) };
}

/** Builds the [N, 3, H, W] classifier input from crops made for cropRequest(). */
export function cropsTensor(crops: readonly Pixels[], spec: ClassifierSpec): Float32Array {
  const H = spec.height;
  const W = spec.width;
  const per = 3 * H * W;
  const out = new Float32Array(crops.length * per);
  crops.forEach((crop, n) => {
    if (crop.width > W || crop.height > H) throw new Error(`crop ${n} is ${crop.width}×${crop.height}, larger than ${W}×${H}`);
    const dx = Math.floor((W - crop.width) / 2);
    const dy = Math.floor((H - crop.height) / 2);
    if (dx > 0 || dy > 0) {
      for (let c = 0; c < 3; c++) {
        const v = (spec.padValue / 255 - spec.norm.mean[c]!) / spec.norm.std[c]!;
        out.fill(v, n * per + c * H * W, n * per + (c + 1) * H * W);
      }
    }
    fillChw(out, n * per, W, crop, dx, dy, spec.norm, H);
  });
  return out;
}

export function softmax(logits: ArrayLike<number>, temperature = 1): Float64Array {
  const out = new Float64Array(logits.length);
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]! / temperature);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) {
    out[i] = Math.exp(logits[i]! / temperature - max);
    sum += out[i]!;
  }
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}

export interface ClassScore {
  tile: string;
  score: number;
}

/** The k best classes, best first. */
export function topK(probs: ArrayLike<number>, classes: readonly string[], k: number): ClassScore[] {
  const idx = Array.from({ length: probs.length }, (_, i) => i).sort((a, b) => probs[b]! - probs[a]!);
  return idx.slice(0, k).map((i) => ({ tile: classes[i] ?? `class${i}`, score: probs[i]! }));
}
