// Bad input never crashes: each case gives a RecognitionError with a stable code, or an empty result.
import sharp from 'sharp';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { checkEncodedImage, readImageHeader, sniffImageFormat } from '../../src/vision/imageBytes.ts';
import { MAX_IMAGE_PIXELS, MAX_SCALED_JPEG_PIXELS, RecognitionError, WORKING_MAX_PIXELS, checkImageDimensions, isRecognitionErrorData } from '../../src/vision/errors.ts';
import { recognizeFile } from '../../src/cli/vision/runPhoto.ts';
import { Recognizer } from '../../src/worker/recognizer.ts';
import { SPEC_JSON } from './fakeModels.ts';

async function smallJpeg(width = 64, height = 48, progressive = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg({ progressive }).toBuffer();
}

/** `bytes` written to a file of its own (named `name`) in a new temporary folder; returns its path. */
async function writeTemp(bytes: Uint8Array, name: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'rl-')), name);
  await writeFile(file, bytes);
  return file;
}

/** A valid JPEG whose header claims width × height (the SOF0 size fields patched): decoding it fully is never attempted. */
async function jpegClaiming(width: number, height: number, progressive = false): Promise<Buffer> {
  const b = Buffer.from(await smallJpeg(64, 48, progressive));
  for (let p = 2; p < b.length; ) {
    const marker = b[p + 1]!;
    const len = b.readUInt16BE(p + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      b.writeUInt16BE(height, p + 5);
      b.writeUInt16BE(width, p + 7);
      return b;
    }
    p += 2 + len;
  }
  throw new Error('no SOF marker');
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof RecognitionError ? e.code : `other: ${(e as Error).message}`;
  }
}

describe('bad photos', () => {
  it('refuses a file that is not an image', async () => {
    expect(await codeOf(openImage(new TextEncoder().encode('{"not": "an image"}')))).toBe('NOT_AN_IMAGE');
    expect(await codeOf(openImage(new Uint8Array(0)))).toBe('NOT_AN_IMAGE');
    // A PNG signature followed by garbage: sniffed as PNG but with no IEND, so truncated.
    expect(await codeOf(openImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])))).toBe('TRUNCATED_IMAGE');
  });

  it('refuses a truncated JPEG before decoding it', async () => {
    const full = await smallJpeg(640, 480);
    expect(checkEncodedImage(full)).toBe('jpeg');
    const cut = full.subarray(0, Math.floor(full.length * 0.6));
    expect(await codeOf(openImage(cut))).toBe('TRUNCATED_IMAGE');
  });

  it(`refuses a 300-megapixel JPEG and a 100-megapixel PNG from their headers (limits ${MAX_SCALED_JPEG_PIXELS / 1e6} and ${MAX_IMAGE_PIXELS / 1e6} MP)`, async () => {
    const huge = await jpegClaiming(20000, 15000);
    expect((await sharp(huge, { limitInputPixels: false }).metadata()).width).toBe(20000);
    const start = performance.now();
    const err = await openImage(huge).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RecognitionError);
    expect((err as RecognitionError).code).toBe('IMAGE_TOO_LARGE');
    expect((err as RecognitionError).message).toMatch(/300\.0 megapixels\); the limit is 250 megapixels/);
    // Neither a progressive JPEG (its coefficients are all held: 200 MP took 1.5 GB) nor a PNG can be decoded at a
    // fraction of their size cheaply: above 50 MP they are refused.
    const progressive = await jpegClaiming(9000, 6750, true);
    expect(readImageHeader(progressive)).toEqual({ format: 'jpeg', width: 9000, height: 6750, progressive: true });
    expect(readImageHeader(await jpegClaiming(9000, 6750))).toEqual({ format: 'jpeg', width: 9000, height: 6750 });
    expect(await openImage(progressive).then(() => null, (e: unknown) => (e as RecognitionError).message)).toMatch(/60\.8 megapixels\); the limit is 50 megapixels/);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2d6a4f' } }).png().toBuffer();
    png.writeUInt32BE(12000, 16);
    png.writeUInt32BE(8400, 20);
    expect(await openImage(png).then(() => null, (e: unknown) => (e as RecognitionError).message)).toMatch(/100\.8 megapixels\); the limit is 50 megapixels/);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(() => checkImageDimensions(10, 10)).toThrow(expect.objectContaining({ code: 'IMAGE_TOO_SMALL' }));
  });

  it('reads a 60-megapixel JPEG (a 50-200 MP phone camera at full resolution) at its working size, boxes in the photo\'s pixels', async () => {
    // Refused before (over 50 MP). Decoded at 1/2 each way (shrink-on-load), as the browser reads it.
    const photo = await sharp('test-images/hand01_tanyao_red5.jpg').resize(9000, 6750, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
    const img = await openImage(photo);
    expect([img.width, img.height]).toEqual([9000, 6750]);
    const px = await img.pixels();
    expect([px.width, px.height]).toEqual([4500, 3375]);
    expect(px.width * px.height).toBeLessThanOrEqual(WORKING_MAX_PIXELS);
    const { result } = await recognizeFile(await writeTemp(photo, 'hand-60mp.jpg'));
    expect(result.hand).toBe('234m067p345s678m22p');
    // hand01's first tile (2m) is near [97, 514, 183, 617] in its 1600 × 1200 pixels: 5.625 times that here
    const first = result.tiles[0]!.box.map((v) => v / 5.625);
    expect(Math.abs(first[0]! - 97) + Math.abs(first[1]! - 514)).toBeLessThan(20);
  }, 60_000);

  it('decodes a good photo with its EXIF orientation applied', async () => {
    const rotated = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const img = await openImage(rotated);
    expect([img.width, img.height]).toEqual([40, 80]);
    const px = await img.pixels();
    expect([px.width, px.height, px.channels]).toEqual([40, 80, 3]);
    const small = await img.resize(20, 40);
    expect([small.width, small.height]).toEqual([20, 40]);
  });

  it('sniffs common formats', () => {
    expect(sniffImageFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('RIFF....WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(new TextEncoder().encode('....ftypheic'))).toBe('heic');
    expect(sniffImageFormat(new TextEncoder().encode('hello'))).toBeNull();
  });
});

describe('bad models', () => {
  it('reports a corrupt model as a terminal MODEL_LOAD_FAILED error, every time', async () => {
    const r = new Recognizer({ spec: SPEC_JSON, loadModel: async () => new TextEncoder().encode('this is not an onnx file') });
    const input = new Float32Array(3 * 256 * 256);
    const first = await r.localize(input, 256).then(() => null, (e: unknown) => e as RecognitionError);
    expect(first?.code).toBe('MODEL_LOAD_FAILED');
    expect(first?.kind).toBe('terminal');
    expect(isRecognitionErrorData(JSON.parse(JSON.stringify(first)))).toBe(true);
    expect(await codeOf(r.localize(input, 256))).toBe('MODEL_LOAD_FAILED');
  });

  it('reports a missing model file and an invalid model.json', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-'));
    await writeFile(path.join(dir, 'x'), '');
    const r = new Recognizer({ spec: SPEC_JSON, loadModel: async (f) => { throw new Error(`ENOENT ${f}`); } });
    expect(await codeOf(r.load())).toBe('MODEL_LOAD_FAILED');
    expect(() => new Recognizer({ spec: { localizer: {} }, loadModel: async () => new Uint8Array() })).toThrow(expect.objectContaining({ code: 'MODEL_SPEC_INVALID' }));
  });

  it('refuses a classifier without the `turned` output model.json names, saying which output is missing', async () => {
    // model.json from models/ naming a `turned` output the classifier file does not have
    const models = new URL('../../models/', import.meta.url);
    const mj = JSON.parse(await readFile(new URL('model.json', models), 'utf8')) as { classifier: { outputs: Record<string, unknown> } };
    mj.classifier.outputs.turned = { name: 'turned_missing', row_margin: 22 };
    const r = new Recognizer({ spec: mj, loadModel: async (f) => new Uint8Array(await readFile(new URL(f, models))) });
    const err = await r.classify(new Float32Array(3 * 64 * 48), 1).then(() => null, (e: unknown) => e as RecognitionError);
    expect(err?.code).toBe('MODEL_OUTPUT_INVALID');
    expect(err?.message).toMatch(/turned_missing/);
  });
});
