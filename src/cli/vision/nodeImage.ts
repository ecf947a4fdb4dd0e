// Decoding photos in Node with sharp, as an ImageSource for the pipeline.
//
// - The header is read first (sharp().metadata()): anything that is not an image, or larger than
//   MAX_IMAGE_PIXELS (a sequential JPEG: MAX_SCALED_JPEG_PIXELS), is refused before any pixel is decoded.
// - A sequential JPEG above WORKING_MAX_PIXELS (a 50-200 MP phone photo) is never decoded at full size: every
//   decode is at least jpegDecodeShrink times smaller (shrink-on-load), the size the browser reads it at, so memory
//   stays that of a 12 MP photo. Boxes are still in the photo's own pixels.
// - EXIF orientation is applied by sharp (rotate() with no angle), so boxes are in the photo's
//   displayed pixels.
// - The localiser input is made by sharp straight from the encoded file (JPEG shrink-on-load makes this
//   fast), while the decode for the classifier crops runs in parallel on libuv's thread pool; crops are
//   then cut from the raw pixels in TypeScript (src/vision/pixels.ts), the code the tests and the browser
//   use. Crops come from full-resolution pixels, except that a big photo (≥ 6 MP) whose tiles are at
//   least twice the classifier's input size on each axis is decoded at half size: area averaging makes
//   such crops the same as full-resolution ones, for half the decoding work (see crop()).

import sharp, { type Metadata, type Sharp } from 'sharp';
import { checkEncodedImage } from '../../vision/imageBytes.ts';
import { decodeHeic } from '../../vision/heic.ts';
import { checkImageDimensions, jpegDecodeShrink, MAX_IMAGE_PIXELS, maxPhotoPixels, RecognitionError } from '../../vision/errors.ts';
import type { Pixels } from '../../vision/pixels.ts';
import { cropShrink, cropsFromPicture } from '../../vision/classify.ts';
import type { ImageSource } from '../../vision/pipeline.ts';

sharp.cache(false);

/** Photos of at least this many pixels are decoded at half size for the crops when their tiles allow. */
export const REDUCED_DECODE_MIN_PIXELS = 6_000_000;

/** Maps sharp/libvips failures to stable RecognitionError codes. */
export function toImageError(e: unknown, what: string, maxPixels = MAX_IMAGE_PIXELS): RecognitionError {
  if (e instanceof RecognitionError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/unsupported image format|bad seek|Input buffer is empty|not a known file format|Input buffer has corrupt header/i.test(msg)) {
    return new RecognitionError('NOT_AN_IMAGE', `${what} is not an image sharp can read (JPEG, PNG, WebP, AVIF, TIFF, GIF).`, { cause: e });
  }
  if (/premature end|truncated|unexpected end|end of (JPEG|input|file)|short read|read error|incomplete|corrupt|bad huffman|invalid/i.test(msg)) {
    return new RecognitionError('TRUNCATED_IMAGE', `${what} is truncated or damaged (${msg.split('\n')[0]}); part of the picture is missing, so its tiles cannot be trusted. Copy or take the photo again.`, { cause: e });
  }
  if (/pixel limit|exceeds pixel limit/i.test(msg)) {
    return new RecognitionError('IMAGE_TOO_LARGE', `${what} is larger than ${(maxPixels / 1e6).toFixed(0)} megapixels.`, { cause: e });
  }
  return new RecognitionError('IMAGE_DECODE_FAILED', `${what} could not be decoded: ${msg.split('\n')[0]}`, { cause: e });
}

export interface NodeImage extends ImageSource {
  /** The oriented pixels at full resolution (a JPEG above WORKING_MAX_PIXELS: at its working size, see the top). */
  pixels(): Promise<Pixels>;
  /** Milliseconds of the header check. */
  headerMs: number;
  /** Settles when the first full decode has: rejects (TRUNCATED_IMAGE, ...) for a photo that does not decode cleanly. */
  ready: Promise<void>;
}

export interface NodeImageOptions {
  /** Largest photo accepted, in pixels (default maxPhotoPixels: 50 MP, a sequential JPEG 250 MP). */
  maxPixels?: number;
  /** Name used in error messages (the file name). */
  name?: string;
}

/** Opens an encoded image (file bytes). Rejects with a RecognitionError for bad input. */
export async function openImage(bytes: Uint8Array, options: NodeImageOptions = {}): Promise<NodeImage> {
  const name = options.name ?? 'The file';
  const t0 = performance.now();
  const format = checkEncodedImage(bytes, name);
  if (format === 'heic') return openHeic(bytes, name, options.maxPixels ?? maxPhotoPixels(format, false), t0);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw toImageError(e, name);
  }
  if (!meta.width || !meta.height) throw new RecognitionError('NOT_AN_IMAGE', `${name} has no image size in its header.`);
  // libvips decodes a sequential JPEG at 1/2, 1/4 or 1/8 of its size (shrink-on-load), a few rows at a time: a big
  // one need not be held whole. Not a progressive one, whose coefficients are all held (200 MP: 1.5 GB, 8 s).
  const scalable = format === 'jpeg' && !meta.isProgressive;
  const maxPixels = options.maxPixels ?? maxPhotoPixels(format, scalable);
  // JPEG: failOn 'warning', so libjpeg's "Corrupt JPEG data" (a cut or damaged scan that it would fill with grey)
  // stops the decode and a damaged photo is reported as such instead of yielding tiles read from made-up pixels.
  // Other formats keep 'error' (PNG decoders warn about harmless things such as an imprecise colour profile).
  const failOn = format === 'jpeg' ? 'warning' : 'error';
  const make = () => sharp(input, { limitInputPixels: maxPixels, failOn, sequentialRead: true }).rotate();
  checkImageDimensions(meta.width, meta.height, maxPixels);
  const oriented = (meta.orientation ?? 1) >= 5;
  return imageOf(make, oriented ? meta.height : meta.width, oriented ? meta.width : meta.height, scalable ? jpegDecodeShrink : null, name, maxPixels, performance.now() - t0);
}

/**
 * A HEIC / HEIF photo (an iPhone's own format, which sharp's libvips cannot decode): decoded once with libheif
 * (src/vision/heic.ts, turned as the file says), then handed to sharp as raw pixels for every size read from it.
 */
async function openHeic(bytes: Uint8Array, name: string, maxPixels: number, t0: number): Promise<NodeImage> {
  const { data, width, height } = await decodeHeic(bytes, name, maxPixels);
  const rgba = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return imageOf(() => sharp(rgba, { raw: { width, height, channels: 4 } }), width, height, null, name, maxPixels, performance.now() - t0);
}

/**
 * The ImageSource of a photo `width` × `height` (as displayed) that `make` decodes upright. `shrinkOf`: the least
 * shrink a decode must have at this size (a large sequential JPEG's; null: any).
 */
function imageOf(make: () => Sharp, width: number, height: number, shrinkOf: ((w: number, h: number) => number) | null, name: string, maxPixels: number, headerMs: number): NodeImage {
  // the least a decode is shrunk by: above WORKING_MAX_PIXELS, a JPEG's working size (the browser's too)
  const minShrink = shrinkOf ? shrinkOf(width, height) : 1;

  // Decodes at 1/shrink of the full size (JPEG shrink-on-load makes 1/2, 1/4 much cheaper than a full decode).
  const decodes = new Map<number, Promise<Pixels>>();
  const decodeAt = (asked: number): Promise<Pixels> => {
    const shrink = Math.max(asked, minShrink);
    let p = decodes.get(shrink);
    if (!p) {
      const w = Math.max(1, Math.round(width / shrink));
      const h = Math.max(1, Math.round(height / shrink));
      const pipeline = shrink === 1 ? make() : make().resize(w, h, { fit: 'fill', kernel: 'linear' });
      p = pipeline
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => {
          if (info.width !== w || info.height !== h || info.channels !== 3) {
            throw new RecognitionError('IMAGE_DECODE_FAILED', `${name} decoded to ${info.width}×${info.height}×${info.channels}, expected ${w}×${h}×3.`);
          }
          return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: w, height: h, channels: 3 as const };
        })
        .catch((e: unknown) => {
          throw toImageError(e, name, maxPixels);
        });
      decodes.set(shrink, p);
    }
    return p;
  };
  // Start decoding for the crops now, alongside the localiser: a big photo at half size (its tiles are
  // almost always large enough, see crop()), others at full size.
  const speculative = width * height >= REDUCED_DECODE_MIN_PIXELS ? 2 : 1;
  const ready = decodeAt(speculative).then(() => undefined);
  ready.catch(() => undefined);

  return {
    width,
    height,
    headerMs,
    ready,
    pixels: () => decodeAt(1),
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
        throw toImageError(e, name, maxPixels);
      }
    },
    async crop(requests) {
      // The most reduced decode that still gives every crop two source pixels per output pixel on each axis
      // (cropShrink): the area-averaged crop is then the same as one cut from the full-size pixels (to within
      // JPEG's own rounding), so small tiles stay as sharp as the classifier can see.
      const allowed = cropShrink(requests);
      const shrink = [...decodes.keys()].filter((k) => k <= Math.max(allowed, minShrink)).sort((a, b) => b - a)[0] ?? allowed;
      return cropsFromPicture(await decodeAt(shrink), { x: 0, y: 0, w: width, h: height }, requests);
    },
  };
}
