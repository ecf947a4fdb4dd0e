// Classifier pre- and post-processing: the crop region of each box (margin, sideways tiles turned
// upright), the batched input tensor, softmax and the top-k alternatives.

import type { Box } from './detect.ts';
import { fillChw } from './letterbox.ts';
import type { ClassifierSpec } from './modelSpec.ts';
import type { Pixels, QuarterTurn, Rect } from './pixels.ts';

export interface CropRequest {
  /** Region of the original image to sample, in original pixels (may extend past the edges). */
  rect: Rect;
  /** Quarter turn applied after sampling so that the tile stands upright. */
  turn: QuarterTurn;
  /** Output size after turning (the classifier's input, or the fitted part of it). */
  width: number;
  height: number;
}

/**
 * The crop for one detected box, following the crop rule of model.json (and of the training code,
 * training-notes/common/render.py crop_tile): the box grows by marginX × its width on the left and
 * right and marginY × its height on top and bottom, is rounded outwards to whole pixels and clamped
 * to the image, and a landscape crop (a tile lying sideways) is turned upright.
 */
export function cropRequest(box: Box, spec: ClassifierSpec, imageWidth = Infinity, imageHeight = Infinity): CropRequest {
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const landscape = w > spec.landscapeRatio * h;
  const ex = spec.marginX * w;
  const ey = spec.marginY * h;
  const rect = {
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
    return { rect, turn, width: Math.max(1, Math.round(cw * s)), height: Math.max(1, Math.round(ch * s)) };
  }
  return { rect, turn, width: spec.width, height: spec.height };
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
