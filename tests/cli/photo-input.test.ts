// The photo input checks shared by the command line and the browser: the byte cap, the header first, too-small photos.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { describe, expect, it } from 'vitest';
import { RecognitionError } from '../../src/vision/errors.ts';
import { checkImageHeader, checkPhotoSize, MAX_PHOTO_BYTES, MIN_PHOTO_LONG_SIDE, MIN_PHOTO_SHORT_SIDE } from '../../src/vision/imageBytes.ts';
import { checkFileSize, checkPhotoForBrowser, MAX_FILE_BYTES } from '../../src/worker/image-input.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof RecognitionError ? `${e.code}: ${e.message}` : `other: ${(e as Error).message}`;
  }
  return undefined;
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2d6a4f' } }).jpeg().toBuffer().then((b) => new Uint8Array(b));

const jpegOf40 = await jpeg(40, 40);

describe('photo input', () => {
  it('one byte cap, said in the message, in the browser and on the command line', () => {
    expect(MAX_FILE_BYTES).toBe(MAX_PHOTO_BYTES);
    expect(codeOf(() => checkFileSize(MAX_PHOTO_BYTES))).toBeUndefined();
    expect(codeOf(() => checkFileSize(1.5 * 2 ** 30))).toBe('IMAGE_TOO_LARGE: The file is 1536 MB; photos up to 60 MB can be read.');
  });

  it('refuses a non-image from its first bytes', () => {
    expect(codeOf(() => checkImageHeader(new Uint8Array(64), 'zeros.bin'))).toMatch(/^NOT_AN_IMAGE: zeros.bin is not an image/);
    expect(codeOf(() => checkImageHeader(new Uint8Array(0), 'x.jpg'))).toBe('NOT_AN_IMAGE: x.jpg is empty.');
    expect(checkImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
  });

  it(`refuses photos under ${MIN_PHOTO_LONG_SIDE}×${MIN_PHOTO_SHORT_SIDE} with advice, from the header in the browser`, async () => {
    expect(codeOf(() => checkPhotoSize(40, 40, 'tiny.jpg'))).toMatch(/^IMAGE_TOO_SMALL: tiny.jpg is only 40×40 pixels; .*Take the photo closer/);
    expect(codeOf(() => checkPhotoSize(1000, 40))).toMatch(/^IMAGE_TOO_SMALL/);
    expect(codeOf(() => checkPhotoSize(200, 150))).toMatch(/^IMAGE_TOO_SMALL/);
    expect(codeOf(() => checkPhotoSize(MIN_PHOTO_SHORT_SIDE, MIN_PHOTO_LONG_SIDE))).toBeUndefined();
    expect(codeOf(() => checkPhotoForBrowser(jpegOf40))).toMatch(/^IMAGE_TOO_SMALL: This photo is only 40×40 pixels/);
    expect(checkPhotoForBrowser(await jpeg(320, 240)).format).toBe('jpeg');
  });
});


describe('random bytes as a photo', () => {
  const photo = readFileSync(new URL('../../test-images/hand05_tenpai13.jpg', import.meta.url));
  const prefixes = [new Uint8Array(0), new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(photo.subarray(0, 600)), new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  /** A real photo with bytes overwritten, cut or random bytes behind an image signature. */
  const bytes = fc.oneof(
    fc.tuple(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2000 })).map(([a, b]) => new Uint8Array([...a, ...b])),
    fc.tuple(fc.nat({ max: photo.length - 1 }), fc.nat({ max: 4000 }), fc.integer({ min: 0, max: 255 }), fc.boolean()).map(([at, n, v, cut]) => {
      const b = new Uint8Array(photo);
      b.fill(v, at, at + n);
      return cut ? b.subarray(0, at) : b;
    }),
  );
  it('decode cleanly or give a RecognitionError of kind "input", never another error', async () => {
    await fc.assert(
      fc.asyncProperty(bytes, async (b) => {
        try {
          const image = await openImage(b, { name: 'random.jpg' });
          await image.ready;
          checkPhotoSize(image.width, image.height, 'random.jpg');
        } catch (e) {
          expect(e).toBeInstanceOf(RecognitionError);
          expect((e as RecognitionError).kind).toBe('input');
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
