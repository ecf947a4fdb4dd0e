// Checks an encoded photo before decoding it: is it an image at all, a format browsers decode, and how many
// pixels will it need? Reads only the header bytes, so a 100-megapixel photo is refused before it can
// exhaust memory. Pure functions over bytes; used by the worker.
import { MAX_IMAGE_PIXELS, RecognitionError, checkImageDimensions } from '../vision/errors.ts';
import { checkPhotoSize, MAX_PHOTO_BYTES } from '../vision/imageBytes.ts';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'avif' | 'heic' | 'tiff';

export interface ImageHeader {
  format: ImageFormat;
  /** Stored size (before EXIF orientation); undefined when the header does not say cheaply. */
  width?: number;
  height?: number;
}

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

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

export function sniffImage(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { format: 'jpeg', ...jpegSize(bytes) };
  if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { format: 'png', width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (bytes.length >= 10 && ascii(bytes, 0, 4) === 'GIF8') {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { format: 'gif', width: v.getUint16(6, true), height: v.getUint16(8, true) };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return { format: 'webp', ...webpSize(bytes) };
  if (bytes.length >= 26 && ascii(bytes, 0, 2) === 'BM') {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { format: 'bmp', width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand.startsWith('avi')) return { format: 'avif' };
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return { format: 'heic' };
    return null;
  }
  if (bytes.length >= 4 && (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*')) return { format: 'tiff' };
  return null;
}

function jpegSize(b: Uint8Array): { width?: number; height?: number } {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return {};
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    }
    i += 2 + length;
  }
  return {};
}

function webpSize(b: Uint8Array): { width?: number; height?: number } {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
  }
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { width: (b[26]! | (b[27]! << 8)) & 0x3fff, height: (b[28]! | (b[29]! << 8)) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return {};
}

/** Throws a clear RecognitionError (kind "input") when the bytes cannot become a photo to recognise. */
export function checkEncodedImage(bytes: Uint8Array, mimeType = ''): ImageHeader {
  if (bytes.byteLength === 0) throw new RecognitionError('NOT_AN_IMAGE', 'The file is empty.');
  checkFileSize(bytes.byteLength);
  const header = sniffImage(bytes);
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
  return header;
}

/** Size to scale an image to so it holds at most `maxPixels`, keeping its aspect ratio. */
export function fitPixels(width: number, height: number, maxPixels = WORKING_MAX_PIXELS): { width: number; height: number; scale: number } {
  const pixels = width * height;
  if (pixels <= maxPixels) return { width, height, scale: 1 };
  const scale = Math.sqrt(maxPixels / pixels);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)), scale };
}
