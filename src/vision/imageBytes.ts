// Cheap checks on an encoded image before any decoder sees it: what format the bytes are (by their
// signature), and whether a JPEG or PNG is cut short. Decoders either stop with an unhelpful
// message on such files or, worse, fill the missing part with grey; this gives a clear error instead.

import { RecognitionError } from './errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'bmp' | 'tiff';

export function sniffImageFormat(b: Uint8Array): ImageFormat | null {
  const at = (i: number, ...v: number[]) => v.every((x, k) => b[i + k] === x);
  const ascii = (i: number, s: string) => [...s].every((c, k) => b[i + k] === c.charCodeAt(0));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(4, 'ftyp')) {
    const brand = String.fromCharCode(...b.subarray(8, 12));
    if (/avi[fs]/.test(brand)) return 'avif';
    if (/hei[cxms]|mif1|msf1|hev[cx]/.test(brand)) return 'heic';
  }
  if (ascii(0, 'BM')) return 'bmp';
  if (at(0, 0x49, 0x49, 0x2a, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  return null;
}

export interface ImageHeader {
  format: ImageFormat;
  /** Stored size (before EXIF orientation); undefined where the header does not say it cheaply (AVIF, HEIC, TIFF). */
  width?: number;
  height?: number;
  /**
   * A JPEG that is not sequential (progressive, or lossless): a decoder holds all its coefficients whatever size it
   * decodes it at, so it cannot be decoded small cheaply (a 200 MP progressive JPEG took 1.5 GB in Node).
   */
  progressive?: true;
}

/**
 * A JPEG's marker segments up to its first scan: the frame size (from the first SOFn), whether the frame is
 * progressive or lossless (not SOF0, SOF1 or SOF9), and where the first start-of-scan marker is (-1 when the segments
 * run off the bytes or stop being markers).
 */
function jpegLayout(b: Uint8Array): { width?: number; height?: number; progressive?: true; scan: number } {
  let size: { width?: number; height?: number; progressive?: true } = {};
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) return { ...size, scan: -1 };
    const m = b[p + 1]!;
    if (m === 0xff) {
      p++;
      continue;
    }
    if (m === 0xda) return { ...size, scan: p };
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      p += 2;
      continue;
    }
    // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc && p + 9 <= b.length && size.width === undefined) {
      size = { height: (b[p + 5]! << 8) | b[p + 6]!, width: (b[p + 7]! << 8) | b[p + 8]!, ...(m === 0xc0 || m === 0xc1 || m === 0xc9 ? {} : { progressive: true as const }) };
    }
    p += 2 + ((b[p + 2]! << 8) | b[p + 3]!);
  }
  return { ...size, scan: -1 };
}

function webpSize(b: Uint8Array): { width?: number; height?: number } {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
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

/**
 * The format and, where its header gives it in a few bytes, the stored size of an encoded image; null when the
 * bytes are no image format known here. Reads only the header, so a 100-megapixel photo can be refused before any
 * decoder allocates for it. The browser's worker uses it (the command line reads the size with sharp); the format
 * comes from the same sniffing the command line uses.
 */
export function readImageHeader(b: Uint8Array): ImageHeader | null {
  const format = sniffImageFormat(b);
  if (!format) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (format === 'jpeg') {
    const { width, height, progressive } = jpegLayout(b);
    return width === undefined ? { format } : { format, width, height, ...(progressive ? { progressive } : {}) };
  }
  if (format === 'png' && b.length >= 24) return { format, width: view.getUint32(16), height: view.getUint32(20) };
  if (format === 'gif' && b.length >= 10) return { format, width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (format === 'webp') return { format, ...webpSize(b) };
  if (format === 'bmp' && b.length >= 26) return { format, width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  return { format };
}

/** True when a JPEG has no end-of-image marker after its image data, or a PNG has no IEND chunk. */
export function isTruncated(b: Uint8Array, format: ImageFormat): boolean {
  if (format === 'jpeg') {
    const sos = jpegLayout(b).scan;
    if (sos < 0) return true;
    for (let i = b.length - 2; i > sos; i--) if (b[i] === 0xff && b[i + 1] === 0xd9) return false;
    return true;
  }
  if (format === 'png') {
    for (let i = b.length - 8; i >= 8 && i >= b.length - 4096; i--) {
      if (b[i] === 0x49 && b[i + 1] === 0x45 && b[i + 2] === 0x4e && b[i + 3] === 0x44) return false;
    }
    return true;
  }
  return false;
}

/**
 * Throws NOT_AN_IMAGE for bytes of no known image format and TRUNCATED_IMAGE for a JPEG/PNG cut short.
 * Returns the format.
 */
export function checkEncodedImage(bytes: Uint8Array, name = 'The file'): ImageFormat {
  if (bytes.length === 0) throw new RecognitionError('NOT_AN_IMAGE', `${name} is empty.`);
  const format = sniffImageFormat(bytes);
  if (!format) throw new RecognitionError('NOT_AN_IMAGE', `${name} is not an image (expected JPEG, PNG, WebP, AVIF, HEIC, GIF, BMP or TIFF).`);
  if (isTruncated(bytes, format)) {
    throw new RecognitionError('TRUNCATED_IMAGE', `${name} is a truncated ${format.toUpperCase()} file (its end is missing); copy or take the photo again.`);
  }
  return format;
}

/**
 * Most bytes a photo file may have (the same cap in the browser and the command line): no phone photo comes close,
 * and nothing larger is read into memory.
 */
export const MAX_PHOTO_BYTES = 60 * 1024 * 1024;
/** Bytes read first, to tell an image from anything else before the rest of the file is read. */
export const IMAGE_HEADER_BYTES = 64;

/** Refuses, from its first bytes, a file that is not an image (NOT_AN_IMAGE); returns the format. */
export function checkImageHeader(head: Uint8Array, name = 'The file'): ImageFormat {
  if (head.length === 0) throw new RecognitionError('NOT_AN_IMAGE', `${name} is empty.`);
  const format = sniffImageFormat(head);
  if (!format) throw new RecognitionError('NOT_AN_IMAGE', `${name} is not an image (expected JPEG, PNG, WebP, AVIF, HEIC, GIF, BMP or TIFF).`);
  return format;
}

/** IMAGE_TOO_LARGE for a file of more than MAX_PHOTO_BYTES (`bytes` may be a lower bound: a stream not yet ended). */
export function photoTooLarge(bytes: number, name = 'The file', atLeast = false): RecognitionError {
  const mb = (n: number) => `${(n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0)} MB`;
  return new RecognitionError(
    'IMAGE_TOO_LARGE',
    `${name} is ${atLeast ? 'more than ' : ''}${mb(bytes)}; photos up to ${mb(MAX_PHOTO_BYTES)} are read (no phone photo comes close).`,
  );
}

/** Smallest photo a hand can be read from: a row of 14 tiles at about 16 pixels each along its long side. */
export const MIN_PHOTO_LONG_SIDE = 224;
/** ... and a tile's height (at least the 48 px the classifier sees) across. */
export const MIN_PHOTO_SHORT_SIDE = 48;

/** IMAGE_TOO_SMALL, with advice, for a photo too small to hold readable tiles. */
export function checkPhotoSize(width: number, height: number, name = 'The photo'): void {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long < MIN_PHOTO_LONG_SIDE || short < MIN_PHOTO_SHORT_SIDE) {
    throw new RecognitionError(
      'IMAGE_TOO_SMALL',
      `${name} is only ${width}×${height} pixels; reading a hand needs at least ${MIN_PHOTO_LONG_SIDE} pixels along the row of tiles and ${MIN_PHOTO_SHORT_SIDE} across. Take the photo closer, or at a higher resolution.`,
    );
  }
}
