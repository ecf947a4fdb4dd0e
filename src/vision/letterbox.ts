// Letterboxing: the whole photo is scaled to fit an S×S square without changing its aspect ratio,
// and the rest of the square is filled with a pad value. The geometry is computed here once and
// used both to build the input tensor and to map detections back to the original photo.

import type { Normalisation } from './modelSpec.ts';
import type { Pixels } from './pixels.ts';

export interface LetterboxGeometry {
  /** Input square side. */
  size: number;
  /** Original image size. */
  srcWidth: number;
  srcHeight: number;
  /** Size of the scaled image inside the square. */
  width: number;
  height: number;
  /** Scale from original pixels to input pixels. */
  scale: number;
  /** Top-left corner of the scaled image inside the square. */
  padX: number;
  padY: number;
}

export function letterboxGeometry(srcWidth: number, srcHeight: number, size: number, align: 'center' | 'top-left' = 'center'): LetterboxGeometry {
  const scale = size / Math.max(srcWidth, srcHeight);
  const width = Math.max(1, Math.min(size, Math.round(srcWidth * scale)));
  const height = Math.max(1, Math.min(size, Math.round(srcHeight * scale)));
  const padX = align === 'center' ? Math.floor((size - width) / 2) : 0;
  const padY = align === 'center' ? Math.floor((size - height) / 2) : 0;
  return { size, srcWidth, srcHeight, width, height, scale, padX, padY };
}

/** Maps a point in input (letterboxed) pixels to original-image pixels. */
export function inputToSource(geo: LetterboxGeometry, x: number, y: number): [number, number] {
  // One uniform scale, as in training (boxes * s; the resized size is rounded, the scale is not).
  return [(x - geo.padX) / geo.scale, (y - geo.padY) / geo.scale];
}

/** Maps a box [x0, y0, x1, y1] from input pixels to original pixels, clipped to the image. */
export function boxToSource(geo: LetterboxGeometry, box: readonly [number, number, number, number]): [number, number, number, number] {
  const [ax, ay] = inputToSource(geo, box[0], box[1]);
  const [bx, by] = inputToSource(geo, box[2], box[3]);
  const clip = (v: number, hi: number) => Math.min(hi, Math.max(0, v));
  return [clip(ax, geo.srcWidth), clip(ay, geo.srcHeight), clip(bx, geo.srcWidth), clip(by, geo.srcHeight)];
}

/**
 * Builds the [1, 3, S, S] float32 input from the already-resized image (geo.width × geo.height pixels),
 * placing it at (padX, padY) and normalising every channel: (p / 255 - mean) / std.
 */
export function letterboxTensor(resized: Pixels, geo: LetterboxGeometry, norm: Normalisation, padValue: number): Float32Array {
  if (resized.width !== geo.width || resized.height !== geo.height) {
    throw new Error(`letterboxTensor: resized image is ${resized.width}×${resized.height}, expected ${geo.width}×${geo.height}`);
  }
  const S = geo.size;
  const plane = S * S;
  const out = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const padNorm = (padValue / 255 - norm.mean[c]!) / norm.std[c]!;
    out.fill(padNorm, c * plane, (c + 1) * plane);
  }
  fillChw(out, 0, S, resized, geo.padX, geo.padY, norm);
  return out;
}

/**
 * Writes `img` normalised into a CHW float buffer whose planes are `stride` pixels wide and start at
 * `offset`, with the image's top-left at (dx, dy). Used for the letterbox and for classifier crops.
 */
export function fillChw(out: Float32Array, offset: number, stride: number, img: Pixels, dx: number, dy: number, norm: Normalisation, planeHeight = stride): void {
  const plane = stride * planeHeight;
  const c = img.channels;
  const d = img.data;
  const k0 = 1 / (255 * norm.std[0]!), b0 = -norm.mean[0]! / norm.std[0]!;
  const k1 = 1 / (255 * norm.std[1]!), b1 = -norm.mean[1]! / norm.std[1]!;
  const k2 = 1 / (255 * norm.std[2]!), b2 = -norm.mean[2]! / norm.std[2]!;
  for (let y = 0; y < img.height; y++) {
    let s = y * img.width * c;
    let o = offset + (y + dy) * stride + dx;
    for (let x = 0; x < img.width; x++, s += c, o++) {
      out[o] = d[s]! * k0 + b0;
      out[o + plane] = d[s + 1]! * k1 + b1;
      out[o + 2 * plane] = d[s + 2]! * k2 + b2;
    }
  }
}
