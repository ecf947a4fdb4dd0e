// HEIC photos (an iPhone's own format) on the command line: sharp's libvips cannot decode them, so src/vision/heic.ts
// does, with libheif's WebAssembly build. The fixtures were made from test-images/hand01_tanyao_red5.jpg with
// Debian's heif-enc (libheif-examples, x265): tests/fixtures/README.md.
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureConsole } from './console-capture.ts';
import { run as recognize } from '../../src/cli/commands/recognize.ts';
import { openImage } from '../../src/cli/vision/nodeImage.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;
const HAND = fixture('hand01_1200x900.heic');

const capture = captureConsole;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a HEIC photo', () => {
  it('opens at its size, as upright pixels (its picture, not the thumbnail stored beside it)', async () => {
    const image = await openImage(new Uint8Array(await readFile(HAND)), { name: 'hand01.heic' });
    expect([image.width, image.height]).toEqual([1200, 900]);
    const pixels = await image.pixels();
    expect([pixels.width, pixels.height, pixels.channels, pixels.data.length]).toEqual([1200, 900, 3, 1200 * 900 * 3]);
    // the table of the render, not a blank picture: the pixels vary
    expect(new Set(pixels.data.subarray(0, 30_000)).size).toBeGreaterThan(20);
  });

  it('is read as its hand by recognize', async () => {
    const labels = JSON.parse(await readFile(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, { hand: string }>;
    const io = capture();
    expect(await recognize([HAND, '--json'])).toBe(0);
    expect((JSON.parse(io.out.join('\n')) as { hand: string }).hand).toBe(labels['hand01_tanyao_red5.jpg']!.hand);
  }, 60_000);

  it('cut short: a clear error, and nothing on stdout (libheif\'s own complaint is kept off it)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-heic-'));
    const bytes = await readFile(HAND);
    const cut = path.join(dir, 'cut.heic');
    await writeFile(cut, bytes.subarray(0, bytes.length >> 1));
    const io = capture();
    expect(await recognize([cut, '--json'])).toBe(1);
    expect(io.out).toEqual([]);
    expect(io.err.join('\n')).toMatch(/TRUNCATED_IMAGE: .*cut\.heic could not be decoded: its HEVC data is damaged or cut short/);
    // cut anywhere, read in one run: one JSON line each on stdout, nothing else there, every one refused as damaged
    const sizes = [20, 64, 300, 1000, 3000, 30_000];
    const cuts = sizes.map((n) => path.join(dir, `cut${n}.heic`));
    for (const [i, n] of sizes.entries()) await writeFile(cuts[i]!, bytes.subarray(0, n));
    io.out.length = 0;
    expect(await recognize([...cuts, HAND, '--json'])).toBe(1);
    const lines = io.out.map((l) => JSON.parse(l) as { photo: string; hand?: string; error?: { code: string } });
    expect(lines.map((l) => l.photo)).toEqual([...cuts, HAND]);
    expect(lines.slice(0, cuts.length).map((l) => l.error?.code)).toEqual(cuts.map(() => 'TRUNCATED_IMAGE'));
    expect(lines[cuts.length]!.hand).toMatch(/^[0-9mpsz]+$/);
  }, 60_000);

  it('over 50 megapixels: refused from its size, before a pixel is decoded', async () => {
    // 9000x7000 of one colour: 15 KB of HEVC that would decode to 252 MB of RGBA
    const io = capture();
    expect(await recognize([fixture('flat_9000x7000.heic')])).toBe(1);
    expect(io.err.join('\n')).toMatch(/IMAGE_TOO_LARGE: The image is 9000×7000 \(63\.0 megapixels\); the limit is 50 megapixels/);
  }, 60_000);
});
