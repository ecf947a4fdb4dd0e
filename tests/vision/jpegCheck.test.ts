// The JPEG integrity walk (src/vision/jpegCheck.ts): whole files of every common encoding pass, damaged ones (bytes
// overwritten, a stray end marker, cut short) are caught, as libvips's strict decode catches them.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkJpegIntegrity } from '../../src/vision/jpegCheck.ts';

const photo = () => readFile(new URL('../../test-images/hand01_tanyao_red5.jpg', import.meta.url)).then((b) => new Uint8Array(b));

/** xorshift: the same "random" bytes every run. */
function noise(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

async function strictDecodeRefuses(b: Uint8Array): Promise<boolean> {
  try {
    await sharp(b, { failOn: 'warning' }).raw().toBuffer();
    return false;
  } catch {
    return true;
  }
}

describe('checkJpegIntegrity', () => {
  it('passes whole JPEGs of several encodings, subsamplings and sizes', async () => {
    const source = sharp(await photo());
    const encodings: [string, Promise<Buffer>][] = [
      ['4:2:0', source.clone().jpeg({ quality: 80 }).toBuffer()],
      ['4:4:4', source.clone().jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer()],
      ['trellis quantisation', source.clone().jpeg({ trellisQuantisation: true, overshootDeringing: true }).toBuffer()],
      ['optimised Huffman tables', source.clone().jpeg({ optimiseCoding: true }).toBuffer()],
      ['grey', source.clone().greyscale().jpeg().toBuffer()],
      ['odd size', source.clone().resize(1001, 753).jpeg().toBuffer()],
      ['one pixel', source.clone().resize(1, 1).jpeg().toBuffer()],
      ['CMYK', source.clone().toColourspace('cmyk').jpeg().toBuffer()],
    ];
    for (const [name, buffer] of encodings) {
      expect(checkJpegIntegrity(new Uint8Array(await buffer)), name).toEqual({ state: 'whole' });
    }
    expect(checkJpegIntegrity(await photo())).toEqual({ state: 'whole' });
  });

  it('passes a JPEG with restart markers, and catches one whose restart marker is out of place', async () => {
    // 320x240, a restart marker every 4 MCUs (OpenCV's encoder; libvips writes none)
    const whole = new Uint8Array(await readFile(new URL('fixtures/restart-markers.jpg', import.meta.url)));
    expect(checkJpegIntegrity(whole)).toEqual({ state: 'whole' });
    let at = whole.length - 3;
    while (!(whole[at] === 0xff && whole[at + 1]! >= 0xd0 && whole[at + 1]! <= 0xd7)) at--;
    const renumbered = whole.slice();
    renumbered[at + 1] = 0xd0 + ((whole[at + 1]! - 0xd0 + 3) & 7);
    expect(checkJpegIntegrity(renumbered)).toMatchObject({ state: 'damaged', reason: 'a restart marker missing or out of place', at });
  });

  it('catches bytes overwritten in the middle, a stray end marker, zeros and a cut, as the strict decoder does', async () => {
    const whole = await photo();
    const n = whole.length;
    const overwritten = whole.slice();
    overwritten.set(noise(1000), n >> 2);
    const zeroed = whole.slice();
    zeroed.fill(0, n >> 1, (n >> 1) + 2000);
    const strayEnd = new Uint8Array([...whole.subarray(0, n >> 1), 0xff, 0xd9]);
    const zeroTail = new Uint8Array(n);
    zeroTail.set(whole.subarray(0, n >> 1));
    const cut = whole.subarray(0, n >> 1);
    for (const [name, bytes] of Object.entries({ overwritten, zeroed, strayEnd, zeroTail, cut })) {
      const result = checkJpegIntegrity(bytes);
      expect(result.state, name).toBe('damaged');
      expect(await strictDecodeRefuses(bytes), `${name}: libvips refuses it too`).toBe(true);
    }
  });

  it('leaves progressive JPEGs unchecked and says why', async () => {
    const progressive = new Uint8Array(await sharp(await photo()).jpeg({ progressive: true }).toBuffer());
    expect(checkJpegIntegrity(progressive)).toEqual({ state: 'unchecked', reason: 'progressive' });
  });

  it('answers in bounded time on hostile headers (a segment longer than the file, no scan, only markers)', () => {
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff])).state).toBe('damaged');
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])).state).toBe('damaged');
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, ...new Uint8Array(1000).fill(0xff)])).state).toBe('damaged');
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, ...noise(100_000)])).state).toBe('damaged');
  });
});
