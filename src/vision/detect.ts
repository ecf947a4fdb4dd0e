// CenterNet-style decoding of the localiser's outputs and non-maximum suppression.
//
// heatmap [1,1,H,W] (sigmoid applied), size [1,2,H,W] (box w,h in input pixels), offset [1,2,H,W]
// (sub-cell centre offset, in cells) at stride s: a peak at cell (i, j) is a tile centred at
// ((j + ox) * s, (i + oy) * s) in input pixels.

import type { LetterboxGeometry } from './letterbox.ts';
import { boxToSource } from './letterbox.ts';

export type Box = [number, number, number, number];

export interface Detection {
  box: Box;
  /** Heatmap peak value, 0..1. */
  score: number;
}

export interface HeatmapOutputs {
  heatmap: Float32Array;
  size: Float32Array;
  offset: Float32Array;
  /** Output grid size. */
  height: number;
  width: number;
}

export interface DecodeOptions {
  stride: number;
  threshold: number;
  maxDetections: number;
  sizeOrder?: 'wh' | 'hw';
  offsetOrder?: 'xy' | 'yx';
}

/**
 * Local maxima of the heatmap in a 3×3 window (the max-pool trick: a cell is kept when it equals the
 * maximum of its neighbourhood) above the threshold, strongest first, at most maxDetections.
 * Boxes are returned in INPUT pixels.
 */
export function decodeHeatmap(out: HeatmapOutputs, opts: DecodeOptions): Detection[] {
  const { heatmap, size, offset, height: H, width: W } = out;
  const plane = H * W;
  if (heatmap.length < plane || size.length < 2 * plane || offset.length < 2 * plane) {
    throw new Error(`decodeHeatmap: outputs too short for a ${H}×${W} grid`);
  }
  const peaks: { i: number; score: number }[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const v = heatmap[i]!;
      if (!(v >= opts.threshold)) continue;
      let isMax = true;
      for (let dy = -1; dy <= 1 && isMax; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W || (dx === 0 && dy === 0)) continue;
          const n = heatmap[yy * W + xx]!;
          // Ties: keep only the first cell in scan order, so a flat plateau gives one peak.
          if (n > v || (n === v && yy * W + xx < i)) {
            isMax = false;
            break;
          }
        }
      }
      if (isMax) peaks.push({ i, score: v });
    }
  }
  peaks.sort((a, b) => b.score - a.score);
  const wIdx = opts.sizeOrder === 'hw' ? 1 : 0;
  const oxIdx = opts.offsetOrder === 'yx' ? 1 : 0;
  const dets: Detection[] = [];
  for (const p of peaks.slice(0, opts.maxDetections)) {
    const x = p.i % W;
    const y = (p.i - x) / W;
    const bw = size[wIdx * plane + p.i]!;
    const bh = size[(1 - wIdx) * plane + p.i]!;
    const cx = (x + offset[oxIdx * plane + p.i]!) * opts.stride;
    const cy = (y + offset[(1 - oxIdx) * plane + p.i]!) * opts.stride;
    if (!(bw > 0 && bh > 0)) continue;
    dets.push({ box: [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], score: p.score });
  }
  return dets;
}

/**
 * A localiser's peak value put on the scale the lines of `src/vision` were chosen on (model.json
 * `localizer.decode.score_map`): a monotone piecewise-linear map given by its knots [peak, score], peaks strictly
 * increasing from 0 to 1, scores non-decreasing in 0..1. A retrained localiser peaks higher or lower on the same
 * tiles; mapping its peaks onto the scale of the localiser those lines were chosen with keeps each line's meaning
 * without choosing every line again. No map: the peak itself.
 */
export function mapPeakScore(peak: number, knots: readonly (readonly [number, number])[] | undefined): number {
  if (!knots) return peak;
  let hi = 1;
  while (hi < knots.length - 1 && knots[hi]![0] < peak) hi++;
  const [x0, y0] = knots[hi - 1]!;
  const [x1, y1] = knots[hi]!;
  const t = Math.min(1, Math.max(0, (peak - x0) / (x1 - x0)));
  return y0 + t * (y1 - y0);
}

/** Detections mapped from input pixels back to the original image's pixels; empty boxes dropped. */
export function detectionsToSource(dets: readonly Detection[], geo: LetterboxGeometry): Detection[] {
  const out: Detection[] = [];
  for (const d of dets) {
    const box = boxToSource(geo, d.box);
    if (box[2] - box[0] >= 1 && box[3] - box[1] >= 1) out.push({ box, score: d.score });
  }
  return out;
}

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy non-maximum suppression: strongest first, drop any box overlapping a kept one by more than iouThreshold. */
export function nms<T extends Detection>(dets: readonly T[], iouThreshold: number): T[] {
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const d of sorted) {
    if (kept.every((k) => iou(k.box, d.box) <= iouThreshold)) kept.push(d);
  }
  return kept;
}

/** Intersection area over the smaller box's area (1 when one box lies inside the other). */
export function overlapOfSmaller(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const small = Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
  return small > 0 ? (ix * iy) / small : 0;
}

/**
 * Second pass after NMS: real tiles touch but never cover half of each other (stacked tiles of a kan
 * sit one above the other), so a weaker box covering more than `maxOverlap` (50%) of a smaller neighbour, or
 * covered that much by it, is a duplicate peak of the same tile and is dropped.
 */
export function suppressDuplicates<T extends Detection>(dets: readonly T[], maxOverlap = 0.5): T[] {
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const d of sorted) {
    if (kept.every((k) => overlapOfSmaller(k.box, d.box) <= maxOverlap)) kept.push(d);
  }
  return kept;
}
