// Checks an encoded photo before the browser decodes it: is it an image at all, a format browsers decode, how many
// pixels will it need, is it whole? Reads the header (src/vision/imageBytes.ts, shared with the command line), so a
// photo too large to decode safely is refused before it can exhaust memory; then the decodes the browser's own
// decoder needs help with (a 50-200 MP JPEG decoded scaled, a HEIC photo through libheif). Used by the worker and
// its client.
import { MAX_IMAGE_PIXELS, RecognitionError, WORKING_MAX_PIXELS, checkImageDimensions, jpegDecodeShrink, maxPhotoPixels } from '../vision/errors.ts';
import { decodeHeic } from '../vision/heic.ts';
import { readExifOrientation } from '../vision/exif.ts';
import { checkJpegIntegrity } from '../vision/jpegCheck.ts';
import { checkPhotoSize, isTruncated, MAX_PHOTO_BYTES, readImageHeader, type ImageHeader } from '../vision/imageBytes.ts';

export { WORKING_MAX_PIXELS };

/**
 * Whether this browser decodes a JPEG at a fraction of its size, never holding the full-size pixels: WebCodecs'
 * `ImageDecoder` with a desired size (Chromium uses libjpeg's DCT scaling: a 200 MP photo at 1/4 cost about 115 MB
 * and 0.5 s here, against 1.1 GB and 3.6 s for createImageBitmap with a resize), whose frames carry the photo's
 * EXIF orientation (`VideoFrame.rotation`) for createImageBitmap to apply. Secure contexts only (https, localhost).
 */
export function canDecodeJpegScaled(): boolean {
  return typeof ImageDecoder === 'function' && typeof VideoFrame === 'function' && 'rotation' in VideoFrame.prototype;
}
/** Files above this are refused before reading (no phone photo comes close); the command line's cap too. */
export const MAX_FILE_BYTES = MAX_PHOTO_BYTES;

/** IMAGE_TOO_LARGE for a file of more than MAX_FILE_BYTES: checked on the file's size, before its bytes are read. */
export function checkFileSize(byteLength: number): void {
  if (byteLength > MAX_FILE_BYTES) {
    throw new RecognitionError('IMAGE_TOO_LARGE', `The file is ${(byteLength / 1048576).toFixed(0)} MB; photos up to ${MAX_FILE_BYTES / 1048576} MB can be read.`);
  }
}

/**
 * Throws a clear RecognitionError (kind "input") when the bytes cannot become a photo this browser decodes: not an
 * image, a format browsers do not read, too many or too few pixels, or a JPEG / PNG cut short (the command line
 * refuses the same file with the same code, src/vision/imageBytes.ts). `scaledJpeg`: the browser decodes JPEGs
 * scaled (canDecodeJpegScaled), so JPEGs up to MAX_SCALED_JPEG_PIXELS are accepted.
 */
export function checkPhotoForBrowser(bytes: Uint8Array, mimeType = '', { scaledJpeg = false }: { scaledJpeg?: boolean } = {}): ImageHeader {
  if (bytes.byteLength === 0) throw new RecognitionError('NOT_AN_IMAGE', 'The file is empty.');
  checkFileSize(bytes.byteLength);
  const header = readImageHeader(bytes);
  if (!header) {
    const what = mimeType && !mimeType.startsWith('image/') ? ` (${mimeType})` : '';
    throw new RecognitionError('NOT_AN_IMAGE', `This file${what} is not a photo. Choose a JPEG, PNG, WebP or HEIC picture of the hand.`);
  }
  // HEIC (an iPhone's own format) is decoded with libheif (decodeHeicBitmap), which browsers other than Safari lack
  if (header.format === 'tiff') {
    throw new RecognitionError(
      'IMAGE_DECODE_FAILED',
      'This browser cannot read TIFF photos. Save the photo as JPEG (most phones: Settings → Camera → Formats → Most Compatible) or take it with the camera here.',
    );
  }
  if (header.width !== undefined && header.height !== undefined) {
    // above 50 MP only a sequential JPEG the browser can decode scaled (canDecodeJpegScaled): anything else would be
    // decoded whole, or hold all its coefficients (a progressive JPEG)
    checkImageDimensions(header.width, header.height, maxPhotoPixels(header.format, scaledJpeg && !header.progressive));
    checkPhotoSize(header.width, header.height, 'This photo');
  }
  // A file cut short in a transfer. Chromium's decoder refuses it too, but only once the model has loaded and the
  // decode was tried, with a vaguer message; the header check says it at once, with the command line's code.
  if (isTruncated(bytes, header.format)) {
    throw new RecognitionError('TRUNCATED_IMAGE', `This ${header.format.toUpperCase()} photo is cut short (its end is missing); copy or take the photo again.`);
  }
  return header;
}

/**
 * TRUNCATED_IMAGE for a JPEG whose entropy data is damaged, else null. Chromium decodes such a JPEG without a word
 * (smeared blocks, a flat grey rest), and tiles read there would be made up, so the data is walked
 * (src/vision/jpegCheck.ts).
 */
export function damagedJpeg(bytes: Uint8Array): RecognitionError | null {
  const integrity = checkJpegIntegrity(bytes);
  if (integrity.state !== 'damaged') return null;
  return new RecognitionError('TRUNCATED_IMAGE', `This JPEG photo is damaged (${integrity.reason}, at byte ${integrity.at} of ${bytes.length}); copy or take the photo again.`);
}

/** Size to scale an image to so it holds at most `maxPixels`, keeping its aspect ratio. */
export function fitPixels(width: number, height: number, maxPixels = WORKING_MAX_PIXELS): { width: number; height: number; scale: number } {
  const pixels = width * height;
  if (pixels <= maxPixels) return { width, height, scale: 1 };
  const scale = Math.sqrt(maxPixels / pixels);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)), scale };
}

/**
 * A JPEG of width × height stored pixels decoded at 1/shrink of its size by `ImageDecoder` (libjpeg's DCT scaling:
 * the full-size pixels are never held), upright: the frame carries the EXIF orientation, which createImageBitmap
 * applies. A frame above WORKING_MAX_PIXELS (a browser that decoded it whole after all), or one not turned as the
 * orientation asks, is refused (IMAGE_DECODE_FAILED) rather than read wrongly.
 */
export async function decodeJpegScaled(bytes: Uint8Array, width: number, height: number, shrink: number, orientation: number): Promise<ImageBitmap> {
  const decoder = new ImageDecoder({ data: bytes, type: 'image/jpeg', desiredWidth: Math.ceil(width / shrink), desiredHeight: Math.ceil(height / shrink) });
  try {
    const { image } = await decoder.decode();
    try {
      if (image.codedWidth * image.codedHeight > WORKING_MAX_PIXELS) {
        throw new RecognitionError('IMAGE_DECODE_FAILED', `This browser decoded the ${width}×${height} photo at ${image.codedWidth}×${image.codedHeight}, more than it can read; take the photo at a lower resolution.`);
      }
      const bitmap = await createImageBitmap(image);
      const turned = orientation >= 5;
      if ((bitmap.width > bitmap.height) !== (turned ? height > width : width > height) && width !== height) {
        bitmap.close();
        throw new RecognitionError('IMAGE_DECODE_FAILED', 'This browser did not turn the photo as its EXIF orientation asks; take the photo at a lower resolution.');
      }
      return bitmap;
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

/** Bytes read to find a JPEG's size: its frame header follows the EXIF and other segments (at most 64 KB each). */
const JPEG_HEADER_PROBE_BYTES = 512 * 1024;

/**
 * Whether workingCopy would copy the photo: a JPEG above WORKING_MAX_PIXELS, in a browser that decodes JPEGs scaled.
 * Reads only the start of the file (a few ms), so a photo that needs no copy is shown at once.
 */
export async function needsWorkingCopy(blob: Blob): Promise<boolean> {
  if (!canDecodeJpegScaled() || blob.size > MAX_PHOTO_BYTES) return false;
  const header = readImageHeader(new Uint8Array(await blob.slice(0, JPEG_HEADER_PROBE_BYTES).arrayBuffer()));
  return !!header && scaledDecodeShrink(header) > 1;
}

/**
 * The factor a photo is decoded smaller by through decodeJpegScaled (jpegDecodeShrink): 1 for a photo within the
 * working size, and for anything but a sequential JPEG of known size, which cannot be decoded small cheaply.
 */
export function scaledDecodeShrink(header: ImageHeader): number {
  return header.format === 'jpeg' && !header.progressive && header.width && header.height ? jpegDecodeShrink(header.width, header.height) : 1;
}

/**
 * The photo as the app shows and reads it. A JPEG above WORKING_MAX_PIXELS (a 50-200 MP phone camera's full
 * resolution), where this browser decodes JPEGs scaled: decoded at 1/jpegDecodeShrink upright and encoded again
 * (quality 0.92), so that neither the page's <img> nor an export ever decodes the full-size photo (Chromium held
 * 1.8 GB to show a 200 MP JPEG in an <img>, 0.6 GB for 50 MP; the copy costs about 1.2 s and 130-180 MB once).
 * Anything else is returned as it is (needsWorkingCopy tells which, from the file's start). A photo that cannot be
 * read is refused as the reader refuses it (checkPhotoForBrowser, a damaged JPEG's TRUNCATED_IMAGE).
 */
export async function workingCopy(blob: Blob): Promise<Blob> {
  if (!canDecodeJpegScaled()) return blob;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const header = checkPhotoForBrowser(bytes, blob.type, { scaledJpeg: true });
  const shrink = scaledDecodeShrink(header);
  if (shrink === 1) return blob;
  const damaged = damagedJpeg(bytes);
  if (damaged) throw damaged;
  let bitmap: ImageBitmap;
  try {
    bitmap = await decodeJpegScaled(bytes, header.width!, header.height!, shrink, readExifOrientation(bytes));
  } catch (error) {
    if (error instanceof RecognitionError) throw error;
    throw new RecognitionError('TRUNCATED_IMAGE', `The JPEG photo could not be decoded; it may be damaged or cut short (${error instanceof Error ? error.message : String(error)}). Try another photo.`);
  }
  return (await asJpeg(bitmap)) ?? blob;
}

/** The bitmap encoded as the JPEG the app keeps (quality 0.92), then closed; null where the browser cannot draw it. */
async function asJpeg(bitmap: ImageBitmap): Promise<Blob | null> {
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
  } finally {
    bitmap.close();
  }
}

/**
 * A HEIC / HEIF photo (an iPhone's own format) as an upright bitmap no larger than WORKING_MAX_PIXELS, decoded with
 * libheif (src/vision/heic.ts: its WebAssembly build, loaded only for such a photo) in every browser: only Safari
 * has a HEIC decoder of its own, and one path is one behaviour to test. Up to MAX_IMAGE_PIXELS, checked from the
 * file's size before decoding. `scale`: the bitmap's size over the photo's.
 */
export async function decodeHeicBitmap(bytes: Uint8Array): Promise<{ bitmap: ImageBitmap; scale: number }> {
  const { data, width, height } = await decodeHeic(bytes, 'This HEIC photo', MAX_IMAGE_PIXELS);
  const fit = fitPixels(width, height);
  const bitmap = await createImageBitmap(new ImageData(data as Uint8ClampedArray<ArrayBuffer>, width, height), fit.scale === 1 ? {} : { resizeWidth: fit.width, resizeHeight: fit.height, resizeQuality: 'high' });
  return { bitmap, scale: bitmap.width / width };
}

/**
 * A HEIC photo made the JPEG the app shows, reads and exports (quality 0.92, at most WORKING_MAX_PIXELS): browsers
 * other than Safari cannot show a HEIC file in an <img>. Run in the worker (the decode takes about a second for
 * 12 MP), given the file's bytes.
 */
export async function heicAsJpeg(bytes: Uint8Array): Promise<Blob> {
  const jpeg = await asJpeg((await decodeHeicBitmap(bytes)).bitmap);
  if (!jpeg) throw new RecognitionError('IMAGE_DECODE_FAILED', 'This browser cannot draw the HEIC photo to make a JPEG of it; save it as JPEG and try again.');
  return jpeg;
}

/** Whether a file is a HEIC / HEIF photo, from its first bytes. */
export async function isHeicFile(blob: Blob): Promise<boolean> {
  return readImageHeader(new Uint8Array(await blob.slice(0, 64).arrayBuffer()))?.format === 'heic';
}
