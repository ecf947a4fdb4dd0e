// The browser's ImageSource for the pure pipeline (src/vision/pipeline.ts): an upright ImageBitmap read once
// into RGBA pixels with an OffscreenCanvas. The localiser's small input is drawn by the canvas (fast, high
// quality downscale); the classifier's crops are resampled in TypeScript from the full-resolution pixels
// with the same area/bilinear rules as Node, so crops match what the classifier was evaluated on.
import type { CropRequest } from '../vision/classify.ts';
import type { ImageSource } from '../vision/pipeline.ts';
import { resampleRegion, type Pixels } from '../vision/pixels.ts';
import { fitPixels, WORKING_MAX_PIXELS } from './image-input.ts';

export interface BitmapImageSource extends ImageSource {
  /** Full-resolution RGBA pixels (after any reduction of a huge photo). */
  readonly pixels: Pixels;
  /** Working size / decoded size (1 unless the photo was above WORKING_MAX_PIXELS). */
  readonly scale: number;
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true, alpha: false });
  if (!ctx) throw new Error('OffscreenCanvas 2D context unavailable');
  return ctx;
}

/** Draws `source` at width × height and returns its pixels. */
export function drawPixels(source: CanvasImageSource, width: number, height: number): Pixels {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = context2d(canvas);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  const data = ctx.getImageData(0, 0, width, height).data;
  return { data, width, height, channels: 4 };
}

/**
 * An ImageSource over an upright bitmap. The full picture is read once (a photo above `maxPixels` is reduced
 * on the way; its boxes then refer to the reduced size: see `scale`). Call close() when done: it closes the bitmap.
 */
export function bitmapImageSource(bitmap: ImageBitmap, maxPixels = WORKING_MAX_PIXELS): BitmapImageSource & { close(): void } {
  const fit = fitPixels(bitmap.width, bitmap.height, maxPixels);
  const pixels = drawPixels(bitmap, fit.width, fit.height);
  return {
    width: pixels.width,
    height: pixels.height,
    pixels,
    scale: fit.scale,
    resize(width: number, height: number): Pixels {
      if (width === pixels.width && height === pixels.height) return pixels;
      return drawPixels(bitmap, width, height);
    },
    crop(requests: readonly CropRequest[]): Pixels[] {
      return requests.map((r) => resampleRegion(pixels, r.rect, r.width, r.height, r.turn));
    },
    close() {
      bitmap.close();
    },
  };
}
