// Checks an encoded photo before the browser decodes it: is it an image at all, a format browsers decode, how many
// pixels will it need, is it whole? Reads the header (src/vision/imageBytes.ts, shared with the command line), so a
// 100-megapixel photo is refused before it can exhaust memory. Pure functions over bytes; used by the worker and
// its client.
import { MAX_IMAGE_PIXELS, RecognitionError, checkImageDimensions } from '../vision/errors.ts';
import { checkPhotoSize, isTruncated, MAX_PHOTO_BYTES, readImageHeader, type ImageHeader } from '../vision/imageBytes.ts';

/**
 * Photos above this (larger than any phone's default photo) are scaled down while decoding, to bound memory;
 * tiles stay several times larger than the classifier's 48 px input.
 */
export const WORKING_MAX_PIXELS = 24_000_000;
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
 * refuses the same file with the same code, src/vision/imageBytes.ts).
 */
export function checkPhotoForBrowser(bytes: Uint8Array, mimeType = ''): ImageHeader {
  if (bytes.byteLength === 0) throw new RecognitionError('NOT_AN_IMAGE', 'The file is empty.');
  checkFileSize(bytes.byteLength);
  const header = readImageHeader(bytes);
  if (!header) {
    const what = mimeType && !mimeType.startsWith('image/') ? ` (${mimeType})` : '';
    throw new RecognitionError('NOT_AN_IMAGE', `This file${what} is not a photo. Choose a JPEG, PNG or WebP picture of the hand.`);
  }
  if (header.format === 'heic' || header.format === 'tiff') {
    throw new RecognitionError(
      'IMAGE_DECODE_FAILED',
      `This browser cannot read ${header.format.toUpperCase()} photos. Save the photo as JPEG (most phones: Settings → Camera → Formats → Most Compatible) or take it with the camera here.`,
    );
  }
  if (header.width !== undefined && header.height !== undefined) {
    checkImageDimensions(header.width, header.height, MAX_IMAGE_PIXELS);
    checkPhotoSize(header.width, header.height, 'This photo');
  }
  // A file cut short in a transfer. Chromium's decoder refuses it too, but only once the model has loaded and the
  // decode was tried, with a vaguer message; the header check says it at once, with the command line's code.
  if (isTruncated(bytes, header.format)) {
    throw new RecognitionError('TRUNCATED_IMAGE', `This ${header.format.toUpperCase()} photo is cut short (its end is missing); copy or take the photo again.`);
  }
  return header;
}

/** Size to scale an image to so it holds at most `maxPixels`, keeping its aspect ratio. */
export function fitPixels(width: number, height: number, maxPixels = WORKING_MAX_PIXELS): { width: number; height: number; scale: number } {
  const pixels = width * height;
  if (pixels <= maxPixels) return { width, height, scale: 1 };
  const scale = Math.sqrt(maxPixels / pixels);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)), scale };
}
