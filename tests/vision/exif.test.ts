import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyExifOrientation, orientedSize, readExifOrientation } from '../../src/vision/exif.ts';
import type { Pixels } from '../../src/vision/pixels.ts';

// A small asymmetric picture: every pixel distinct, so any wrong flip or turn shows.
const W = 5;
const H = 3;
const raw = Buffer.alloc(W * H * 3);
for (let i = 0; i < W * H; i++) raw.set([i * 16, 255 - i * 16, (i * 7) % 256], i * 3);

async function jpegWithOrientation(orientation: number): Promise<Buffer> {
  // Lossless-enough: compare with sharp's own decode of the same file below, not with `raw`.
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 100 }).withMetadata({ orientation }).toBuffer();
}

describe('EXIF orientation', () => {
  it('reads the orientation tag of JPEGs written with each value', async () => {
    for (let o = 1; o <= 8; o++) expect(readExifOrientation(await jpegWithOrientation(o))).toBe(o);
  });

  it('returns 1 for files without EXIF or that are not JPEG', async () => {
    const plain = await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).jpeg().toBuffer();
    expect(readExifOrientation(plain)).toBe(1);
    expect(readExifOrientation(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(1);
    expect(readExifOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00]))).toBe(1);
    expect(readExifOrientation(new Uint8Array(0))).toBe(1);
  });

  it('applies every orientation exactly as sharp().rotate() does', async () => {
    for (let o = 1; o <= 8; o++) {
      const file = await jpegWithOrientation(o);
      const stored = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      const expected = await sharp(file).rotate().raw().toBuffer({ resolveWithObject: true });
      const px: Pixels = { data: new Uint8Array(stored.data), width: stored.info.width, height: stored.info.height, channels: 3 };
      const got = applyExifOrientation(px, readExifOrientation(file));
      expect([got.width, got.height]).toEqual([expected.info.width, expected.info.height]);
      expect(orientedSize(W, H, o)).toEqual({ width: got.width, height: got.height });
      expect(Buffer.from(got.data).equals(expected.data), `orientation ${o}`).toBe(true);
    }
  });
});
