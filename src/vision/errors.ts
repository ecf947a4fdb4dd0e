// Errors of the recognition stack, with stable codes the app and the CLI can switch on.
//
// Three kinds, in the spirit of Squoosh's feature detection:
// - 'capability': this runtime cannot run the model at all (no WebAssembly, no SIMD). Retrying will
//   not help; the way forward is manual entry or another browser.
// - 'terminal': the model could not be made ready: missing, corrupt or not matching models/model.json (a packaging
//   bug, which no retry mends), or its download failed or the worker stopped (MODEL_LOAD_FAILED: the message says
//   so, and the app offers "Try again", which a restored connection mends).
// - 'input': this particular image cannot be read (not an image, truncated, too large). Another photo works.

export type RecognitionErrorKind = 'capability' | 'terminal' | 'input';

export const ERROR_KINDS = {
  NO_WASM: 'capability',
  NO_WASM_SIMD: 'capability',
  MODEL_SPEC_INVALID: 'terminal',
  MODEL_LOAD_FAILED: 'terminal',
  MODEL_OUTPUT_INVALID: 'terminal',
  INFERENCE_FAILED: 'terminal',
  NOT_AN_IMAGE: 'input',
  TRUNCATED_IMAGE: 'input',
  IMAGE_TOO_LARGE: 'input',
  IMAGE_TOO_SMALL: 'input',
  IMAGE_DECODE_FAILED: 'input',
} as const satisfies Record<string, RecognitionErrorKind>;

export type RecognitionErrorCode = keyof typeof ERROR_KINDS;

/** Plain-object form, safe to post between a worker and the page (structured clone drops Error subclasses). */
export interface RecognitionErrorData {
  name: 'RecognitionError';
  code: RecognitionErrorCode;
  kind: RecognitionErrorKind;
  message: string;
}

export class RecognitionError extends Error {
  override readonly name = 'RecognitionError';
  readonly code: RecognitionErrorCode;
  readonly kind: RecognitionErrorKind;

  constructor(code: RecognitionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.kind = ERROR_KINDS[code];
  }

  toJSON(): RecognitionErrorData {
    return { name: 'RecognitionError', code: this.code, kind: this.kind, message: this.message };
  }

  static fromData(data: RecognitionErrorData): RecognitionError {
    return new RecognitionError(data.code, data.message);
  }
}

export function isRecognitionError(value: unknown): value is RecognitionError {
  return value instanceof RecognitionError;
}

/** True for the plain-object form (after crossing a worker boundary) as well as for instances. */
export function isRecognitionErrorData(value: unknown): value is RecognitionErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'RecognitionError' &&
    typeof (value as { code?: unknown }).code === 'string' &&
    (value as { code: string }).code in ERROR_KINDS
  );
}

/** Largest image the pipeline accepts, in pixels (width × height), checked from the header before decoding. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * Largest JPEG accepted where the decoder can decode it at a fraction of its size (libjpeg's DCT scaling: sharp's
 * shrink-on-load in Node, `ImageDecoder` with a desired size in the browser), a sequential one (a progressive JPEG's
 * coefficients are all held whatever the size: ImageHeader.progressive): the full-resolution photos of 50, 108
 * and 200 MP phone cameras, with room. Such a photo is read at its working size (jpegDecodeShrink), so memory stays
 * that of a 12 MP photo.
 */
export const MAX_SCALED_JPEG_PIXELS = 250_000_000;
/**
 * Photos above this (larger than any phone's default photo) are read at a reduced size, to bound memory; tiles stay
 * several times larger than the classifier's 48 px input.
 */
export const WORKING_MAX_PIXELS = 24_000_000;

/** The largest photo of `format` accepted: MAX_SCALED_JPEG_PIXELS for a JPEG that can be decoded scaled. */
export function maxPhotoPixels(format: string, scaledJpegDecode: boolean): number {
  return format === 'jpeg' && scaledJpegDecode ? MAX_SCALED_JPEG_PIXELS : MAX_IMAGE_PIXELS;
}

/**
 * The factor a JPEG above WORKING_MAX_PIXELS is decoded smaller by: the smallest power of two (the DCT scalings
 * libjpeg does fastest; 5/8 or 3/8 took 2-5 times as long in Chromium) that brings it within WORKING_MAX_PIXELS;
 * 1 for a photo within it. 50 MP -> 1/2 (12.5 MP), 108 MP -> 1/4, 200 MP -> 1/4.
 */
export function jpegDecodeShrink(width: number, height: number): number {
  let k = 1;
  while ((width / k) * (height / k) > WORKING_MAX_PIXELS && k < 16) k *= 2;
  return k;
}
/**
 * Smallest side any image decoder here accepts: below this nothing can be recognised. A photo of a hand is held to
 * more (224 px along the row, 48 across: imageBytes.ts); this bound also covers the crops and frames checked here.
 */
export const MIN_IMAGE_SIDE = 32;

/** Throws IMAGE_TOO_LARGE / IMAGE_TOO_SMALL for dimensions read from an image header. */
export function checkImageDimensions(width: number, height: number, maxPixels = MAX_IMAGE_PIXELS): void {
  if (!(Number.isFinite(width) && Number.isFinite(height)) || width <= 0 || height <= 0) {
    throw new RecognitionError('IMAGE_DECODE_FAILED', `The image has no usable size (${width}×${height}).`);
  }
  if (width * height > maxPixels) {
    const mp = ((width * height) / 1e6).toFixed(1);
    throw new RecognitionError(
      'IMAGE_TOO_LARGE',
      `The image is ${width}×${height} (${mp} megapixels); the limit is ${(maxPixels / 1e6).toFixed(0)} megapixels. Use a smaller photo.`,
    );
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new RecognitionError('IMAGE_TOO_SMALL', `The image is only ${width}×${height} pixels; tiles cannot be read from it.`);
  }
}
