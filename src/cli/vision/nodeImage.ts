// Decoding photos in Node with sharp, as an ImageSource for the pipeline.
//
// - The header is read first (sharp().metadata()): anything that is not an image, or larger than
//   MAX_IMAGE_PIXELS, is refused before any pixel is decoded.
// - EXIF orientation is applied by sharp (rotate() with no angle), so boxes are in the photo's
//   displayed pixels.
// - The localiser input is made by sharp straight from the encoded file (JPEG shrink-on-load makes this
//   fast), while the full-resolution decode for the classifier crops runs in parallel on libuv's
//   thread pool; crops are then cut from the raw pixels in TypeScript (src/vision/pixels.ts), the same
//   code the tests and the browser use.

import sharp, { type Metadata } from 'sharp';
import { checkEncodedImage } from '../../vision/imageBytes.ts';
import { checkImageDimensions, MAX_IMAGE_PIXELS, RecognitionError } from '../../vision/errors.ts';
import type { Pixels } from '../../vision/pixels.ts';
import { resampleRegion } from '../../vision/pixels.ts';
import type { ImageSource } from '../../vision/pipeline.ts';

sharp.cache(false);

/** Maps sharp/libvips failures to stable RecognitionError codes. */
export function toImageError(e: unknown, what: string): RecognitionError {
  if (e instanceof RecognitionError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/unsupported image format|bad seek|Input buffer is empty|not a known file format|Input buffer has corrupt header/i.test(msg)) {
    return new RecognitionError('NOT_AN_IMAGE', `${what} is not an image sharp can read (JPEG, PNG, WebP, AVIF, TIFF, GIF).`, { cause: e });
  }
  if (/premature end|truncated|unexpected end|end of (JPEG|input|file)|short read|read error|incomplete/i.test(msg)) {
    return new RecognitionError('TRUNCATED_IMAGE', `${what} is truncated or damaged (${msg.split('\n')[0]}).`, { cause: e });
  }
  if (/pixel limit|exceeds pixel limit/i.test(msg)) {
    return new RecognitionError('IMAGE_TOO_LARGE', `${what} is larger than ${(MAX_IMAGE_PIXELS / 1e6).toFixed(0)} megapixels.`, { cause: e });
  }
  return new RecognitionError('IMAGE_DECODE_FAILED', `${what} could not be decoded: ${msg.split('\n')[0]}`, { cause: e });
}

export interface NodeImage extends ImageSource {
  /** The full-resolution oriented pixels (decoded in the background; awaited by crop()). */
  pixels(): Promise<Pixels>;
  /** Milliseconds of the header check. */
  headerMs: number;
}

export interface NodeImageOptions {
  maxPixels?: number;
  /** Name used in error messages (the file name). */
  name?: string;
}

/** Opens an encoded image (file bytes). Rejects with a RecognitionError for bad input. */
export async function openImage(bytes: Uint8Array, options: NodeImageOptions = {}): Promise<NodeImage> {
  const name = options.name ?? 'The file';
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const t0 = performance.now();
  checkEncodedImage(bytes, name);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const make = () => sharp(input, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true }).rotate();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw toImageError(e, name);
  }
  if (!meta.width || !meta.height) throw new RecognitionError('NOT_AN_IMAGE', `${name} has no image size in its header.`);
  checkImageDimensions(meta.width, meta.height, maxPixels);
  const oriented = (meta.orientation ?? 1) >= 5;
  const width = oriented ? meta.height : meta.width;
  const height = oriented ? meta.width : meta.height;
  const headerMs = performance.now() - t0;

  let full: Promise<Pixels> | null = null;
  const pixels = (): Promise<Pixels> => {
    full ??= make()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => {
        if (info.width !== width || info.height !== height || info.channels !== 3) {
          throw new RecognitionError('IMAGE_DECODE_FAILED', `${name} decoded to ${info.width}×${info.height}×${info.channels}, expected ${width}×${height}×3.`);
        }
        return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 3 as const };
      })
      .catch((e: unknown) => {
        throw toImageError(e, name);
      });
    return full;
  };
  // Start the full decode now: it overlaps with the localiser.
  pixels().catch(() => undefined);

  return {
    width,
    height,
    headerMs,
    pixels,
    async resize(w: number, h: number): Promise<Pixels> {
      try {
        const { data, info } = await make()
          .resize(w, h, { fit: 'fill', kernel: 'linear' })
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, channels: 3 };
      } catch (e) {
        throw toImageError(e, name);
      }
    },
    async crop(requests) {
      const px = await pixels();
      return requests.map((r) => resampleRegion(px, r.rect, r.width, r.height, r.turn));
    },
  };
}
