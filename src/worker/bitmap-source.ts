// The browser's ImageSource for the pure pipeline (src/vision/pipeline.ts), over an upright ImageBitmap.
// Reading every pixel of a 12 MP photo costs more than the whole recognition, so the full picture is never read:
// - resize(): the canvas draws the bitmap straight at the localiser's small input size;
// - crop(): only the band of the photo that holds the requested crops is read, and the crops are resampled from it
//   in TypeScript with the same area/bilinear rules as in Node (since every sample falls inside that band or is
//   clamped to the photo's edge exactly as with the full picture, crops from the band read at full size are those
//   of the full picture). Where every crop keeps two pixels of the band per crop pixel (cropShrink, as Node's
//   reduced decode), the canvas draws the band at half or a quarter size: the crops are then the full-size ones to
//   within the canvas's rounding (measured in Chromium on a 12 MP photo: 0.3-0.45 levels of 255 on
//   average, 96-99% of values within 2), for less than half the time.
import { cropShrink, cropsFromPicture, requestBounds, type CropRequest } from '../vision/classify.ts';
import type { ImageSource } from '../vision/pipeline.ts';
import type { Pixels } from '../vision/pixels.ts';

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true, alpha: false });
  if (!ctx) throw new Error('OffscreenCanvas 2D context unavailable');
  return ctx;
}

/** Draws `source` (or its `region`) at width × height and returns the pixels. */
export function drawPixels(source: CanvasImageSource, width: number, height: number, region?: { x: number; y: number; w: number; h: number }): Pixels {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = context2d(canvas);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  if (region) ctx.drawImage(source, region.x, region.y, region.w, region.h, 0, 0, width, height);
  else ctx.drawImage(source, 0, 0, width, height);
  const data = ctx.getImageData(0, 0, width, height).data;
  return { data, width, height, channels: 4 };
}

/** The integer band of the photo that every sample of the crops reads (clamped to the photo). */
export function cropBand(requests: readonly CropRequest[], width: number, height: number): { x: number; y: number; w: number; h: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of requests) {
    // A turned crop (a tilted row) reads the upright bounds of its turned rect.
    const rect = requestBounds(r);
    x0 = Math.min(x0, rect.x0);
    y0 = Math.min(y0, rect.y0);
    x1 = Math.max(x1, rect.x1);
    y1 = Math.max(y1, rect.y1);
  }
  // One pixel more on each side covers the bilinear neighbours.
  const bx0 = Math.max(0, Math.min(width - 1, Math.floor(x0) - 1));
  const by0 = Math.max(0, Math.min(height - 1, Math.floor(y0) - 1));
  const bx1 = Math.min(width, Math.max(bx0 + 1, Math.ceil(x1) + 1));
  const by1 = Math.min(height, Math.max(by0 + 1, Math.ceil(y1) + 1));
  return { x: bx0, y: by0, w: bx1 - bx0, h: by1 - by0 };
}

export interface BitmapImageSource extends ImageSource {
  /** Releases the bitmap. */
  close(): void;
}

/** An ImageSource over an upright bitmap; keeps it until close(), so later crops (added tiles) can be read. */
export function bitmapImageSource(bitmap: ImageBitmap): BitmapImageSource {
  const { width, height } = bitmap;
  return {
    width,
    height,
    resize: (w, h) => drawPixels(bitmap, w, h),
    crop(requests: readonly CropRequest[]): Pixels[] {
      if (requests.length === 0) return [];
      const band = cropBand(requests, width, height);
      // Read reduced where every crop keeps enough pixels (cropShrink): the canvas draws a 12 MP photo's row band
      // at half size in about a third of the time, and the crops then average a quarter of the pixels.
      const shrink = cropShrink(requests);
      // The band's own edges are the photo's edges wherever a crop reaches past it (cropBand), so clamping there is the same.
      return cropsFromPicture(drawPixels(bitmap, Math.max(1, Math.round(band.w / shrink)), Math.max(1, Math.round(band.h / shrink)), band), band, requests);
    },
    close() {
      bitmap.close();
    },
  };
}
