// The JPEG integrity walk (src/vision/jpegCheck.ts): whole files of every common encoding, baseline and progressive,
// pass; damaged ones (bytes overwritten, a stray end marker, cut short) are caught, as libvips's strict decode catches them.
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

  it('passes whole progressive JPEGs (photos saved from the web or a messaging app) of several encodings', async () => {
    const source = sharp(await photo());
    const encodings: [string, Promise<Buffer>][] = [
      ['libjpeg-turbo', source.clone().jpeg({ progressive: true }).toBuffer()],
      ['mozjpeg', source.clone().jpeg({ progressive: true, mozjpeg: true }).toBuffer()],
      ['4:4:4', source.clone().jpeg({ progressive: true, quality: 95, chromaSubsampling: '4:4:4' }).toBuffer()],
      ['optimised, trellis', source.clone().jpeg({ progressive: true, optimiseCoding: true, trellisQuantisation: true }).toBuffer()],
      ['grey', source.clone().greyscale().jpeg({ progressive: true }).toBuffer()],
      ['odd size', source.clone().resize(1001, 753).jpeg({ progressive: true, mozjpeg: true }).toBuffer()],
      ['one pixel', source.clone().resize(1, 1).jpeg({ progressive: true }).toBuffer()],
      ['CMYK', source.clone().toColourspace('cmyk').jpeg({ progressive: true }).toBuffer()],
    ];
    for (const [name, buffer] of encodings) {
      expect(checkJpegIntegrity(new Uint8Array(await buffer)), name).toEqual({ state: 'whole' });
    }
    // 200x150, a restart marker every 2 MCUs (OpenCV's encoder)
    const restarts = new Uint8Array(await readFile(new URL('fixtures/progressive-restart-markers.jpg', import.meta.url)));
    expect(checkJpegIntegrity(restarts)).toEqual({ state: 'whole' });
  });

  it('catches damage in a progressive JPEG (overwritten, zeroed, a stray end marker, cut short) as the strict decoder does', async () => {
    for (const options of [{ progressive: true }, { progressive: true, mozjpeg: true }]) {
      const whole = new Uint8Array(await sharp(await photo()).jpeg(options).toBuffer());
      const n = whole.length;
      const overwritten = whole.slice();
      overwritten.set(noise(200, 11), Math.floor(n * 0.6));
      const zeroed = whole.slice();
      zeroed.fill(0, n >> 1, (n >> 1) + 2000);
      const strayEnd = new Uint8Array([...whole.subarray(0, Math.floor(n * 0.7)), 0xff, 0xd9]);
      const cut = whole.subarray(0, n >> 1);
      for (const [name, bytes] of Object.entries({ overwritten, zeroed, strayEnd, cut })) {
        expect(checkJpegIntegrity(bytes).state, `${name} (${JSON.stringify(options)})`).toBe('damaged');
        expect(await strictDecodeRefuses(bytes), `${name}: libvips refuses it too`).toBe(true);
      }
    }
  });

  it('leaves a progressive JPEG too large to walk unchecked (the memory its refinement bits would take), and arithmetic coding', async () => {
    const small = new Uint8Array(await sharp(await photo()).resize(64, 48).jpeg({ progressive: true }).toBuffer());
    let at = 2;
    while (!(small[at] === 0xff && small[at + 1] === 0xc2)) at += 2 + ((small[at + 2]! << 8) | small[at + 3]!);
    const huge = small.slice();
    huge.set([0xff, 0xff, 0xff, 0xff], at + 5); // 65535 x 65535 pixels
    expect(checkJpegIntegrity(huge)).toEqual({ state: 'unchecked', reason: 'a progressive JPEG too large to walk' });
    // scans past a hundred (each can skip every block in a few bytes): the walk stops there, in bounded time
    let sos = at;
    while (!(small[sos] === 0xff && small[sos + 1] === 0xda)) sos++;
    let next = sos + 2 + ((small[sos + 2]! << 8) | small[sos + 3]!);
    while (!(small[next] === 0xff && small[next + 1] !== 0x00 && (small[next + 1]! < 0xd0 || small[next + 1]! > 0xd7))) next++;
    const dcScan = [...small.subarray(sos, next)]; // the first scan (DC), whole in itself
    const many = new Uint8Array([...small.subarray(0, sos), ...Array.from({ length: 120 }, () => dcScan).flat(), 0xff, 0xd9]);
    expect(checkJpegIntegrity(new Uint8Array([...small.subarray(0, sos), ...Array.from({ length: 90 }, () => dcScan).flat(), 0xff, 0xd9]))).toEqual({ state: 'whole' });
    expect(checkJpegIntegrity(many)).toEqual({ state: 'unchecked', reason: 'a progressive JPEG with more scans than encoders write' });
    const arithmetic = small.slice();
    arithmetic[at + 1] = 0xca;
    expect(checkJpegIntegrity(arithmetic)).toEqual({ state: 'unchecked', reason: 'progressive, not Huffman-coded' });
  });

  it('answers in bounded time on hostile headers (a segment longer than the file, no scan, only markers)', () => {
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff])).state).toBe('damaged');
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])).state).toBe('damaged');
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, ...new Uint8Array(1000).fill(0xff)])).state).toBe('damaged');
    expect(checkJpegIntegrity(new Uint8Array([0xff, 0xd8, ...noise(100_000)])).state).toBe('damaged');
  });
});
