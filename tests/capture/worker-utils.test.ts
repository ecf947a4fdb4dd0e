import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { datasetZip, DEFAULT_CLASSES, yoloLabels } from '../../src/app/capture/dataset.ts';
import { crc32, zip } from '../../src/app/capture/zip.ts';
import { canDecodeJpegScaled, checkPhotoForBrowser, fitPixels, needsWorkingCopy, workingCopy, WORKING_MAX_PIXELS } from '../../src/worker/image-input.ts';
import { readImageHeader } from '../../src/vision/imageBytes.ts';
import { fetchAsset, pruneCache, transferBytes, type AssetRef } from '../../src/worker/model-cache.ts';
import { jpegDecodeShrink, MAX_IMAGE_PIXELS, MAX_SCALED_JPEG_PIXELS, maxPhotoPixels, RecognitionError } from '../../src/vision/errors.ts';

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#c0ffee' } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof RecognitionError ? e.code : 'other';
  }
  return undefined;
}

describe('image header checks', () => {
  it('reads format and size of JPEG, PNG, WebP and GIF headers', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      expect(readImageHeader(await image(format, 321, 123))).toEqual({ format, width: 321, height: 123 });
    }
    // a progressive JPEG's frame header (SOF2) and one whose size comes after other segments
    const progressive = new Uint8Array(await sharp({ create: { width: 77, height: 55, channels: 3, background: '#123456' } }).jpeg({ progressive: true }).withMetadata().toBuffer());
    expect(readImageHeader(progressive)).toEqual({ format: 'jpeg', width: 77, height: 55, progressive: true });
  });

  it('refuses a JPEG or PNG cut short before decoding, as the command line does', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await image(format, 400, 300);
      expect(checkPhotoForBrowser(whole).format).toBe(format);
      expect(codeOf(() => checkPhotoForBrowser(whole.subarray(0, whole.length >> 1)))).toBe('TRUNCATED_IMAGE');
    }
  });

  it('refuses what is not a photo, TIFF, and huge photos before decoding; lets HEIC through to libheif', async () => {
    expect(codeOf(() => checkPhotoForBrowser(new TextEncoder().encode('hello, not an image'), 'text/plain'))).toBe('NOT_AN_IMAGE');
    expect(codeOf(() => checkPhotoForBrowser(new Uint8Array(0)))).toBe('NOT_AN_IMAGE');
    // HEIC: its size is not in a header cheap to read; decodeHeicBitmap checks it before decoding (tests/cli/heic.test.ts)
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);
    expect(checkPhotoForBrowser(heic).format).toBe('heic');
    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0, 0, 0]);
    expect(codeOf(() => checkPhotoForBrowser(tiff))).toBe('IMAGE_DECODE_FAILED');
    // A PNG header claiming 12000 × 9000 (108 MP): refused from the header alone.
    const png = await image('png');
    const view = new DataView(png.buffer, png.byteOffset);
    view.setUint32(16, 12000);
    view.setUint32(20, 9000);
    expect(codeOf(() => checkPhotoForBrowser(png))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(() => checkPhotoForBrowser(new Uint8Array(61 * 1024 * 1024)))).toBe('IMAGE_TOO_LARGE');
    expect(checkPhotoForBrowser(await image('jpeg', 400, 300)).format).toBe('jpeg');
  });

  it('accepts a JPEG of a 50-200 MP camera only where the browser decodes JPEGs scaled; never a PNG that large', async () => {
    const claiming = async (format: 'jpeg' | 'png', width: number, height: number) => {
      const bytes = await image(format, 400, 300);
      if (format === 'png') {
        const view = new DataView(bytes.buffer, bytes.byteOffset);
        view.setUint32(16, width);
        view.setUint32(20, height);
        return bytes;
      }
      for (let p = 2; p < bytes.length; p += 2 + ((bytes[p + 2]! << 8) | bytes[p + 3]!)) {
        if (bytes[p + 1]! >= 0xc0 && bytes[p + 1]! <= 0xc2) {
          bytes.set([height >> 8, height & 255, width >> 8, width & 255], p + 5);
          return bytes;
        }
      }
      throw new Error('no SOF marker');
    };
    const samsung200 = await claiming('jpeg', 16320, 12240);
    expect(codeOf(() => checkPhotoForBrowser(samsung200))).toBe('IMAGE_TOO_LARGE');
    expect(checkPhotoForBrowser(samsung200, 'image/jpeg', { scaledJpeg: true })).toMatchObject({ format: 'jpeg', width: 16320, height: 12240 });
    // a progressive JPEG holds all its coefficients whatever size it is decoded at: 50 MP at most
    const progressive = new Uint8Array(await sharp(await image('jpeg', 400, 300)).jpeg({ progressive: true }).toBuffer());
    for (let p = 2; p < progressive.length; p += 2 + ((progressive[p + 2]! << 8) | progressive[p + 3]!)) {
      if (progressive[p + 1] === 0xc2) {
        progressive.set([12240 >> 8, 12240 & 255, 16320 >> 8, 16320 & 255], p + 5);
        break;
      }
    }
    expect(readImageHeader(progressive)).toMatchObject({ width: 16320, height: 12240, progressive: true });
    expect(codeOf(() => checkPhotoForBrowser(progressive, 'image/jpeg', { scaledJpeg: true }))).toBe('IMAGE_TOO_LARGE');
    const jpeg300 = await claiming('jpeg', 20000, 15000);
    const png60 = await claiming('png', 9000, 6750);
    expect(codeOf(() => checkPhotoForBrowser(jpeg300, 'image/jpeg', { scaledJpeg: true }))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(() => checkPhotoForBrowser(png60, 'image/png', { scaledJpeg: true }))).toBe('IMAGE_TOO_LARGE');
    // Node (vitest) has no ImageDecoder: no copy is made, the photo goes as it is
    expect(canDecodeJpegScaled()).toBe(false);
    const blob = new Blob([samsung200], { type: 'image/jpeg' });
    expect(await needsWorkingCopy(blob)).toBe(false);
    expect(await workingCopy(blob)).toBe(blob);
  });

  it('decodes a big JPEG smaller by a power of two, within the working size', () => {
    expect(jpegDecodeShrink(4000, 3000)).toBe(1);
    expect(jpegDecodeShrink(8064, 6048)).toBe(2); // iPhone 48 MP
    expect(jpegDecodeShrink(8160, 6144)).toBe(2); // Pixel 50 MP
    expect(jpegDecodeShrink(12000, 9000)).toBe(4); // 108 MP
    expect(jpegDecodeShrink(16320, 12240)).toBe(4); // 200 MP
    for (const [w, h] of [[8160, 6144], [12000, 9000], [16320, 12240], [20000, 12500]] as const) {
      const k = jpegDecodeShrink(w, h);
      expect((w / k) * (h / k)).toBeLessThanOrEqual(WORKING_MAX_PIXELS);
      expect(((2 * w) / k) * ((2 * h) / k)).toBeGreaterThan(WORKING_MAX_PIXELS);
    }
    expect(maxPhotoPixels('jpeg', true)).toBe(MAX_SCALED_JPEG_PIXELS);
    expect(maxPhotoPixels('jpeg', false)).toBe(MAX_IMAGE_PIXELS);
    expect(maxPhotoPixels('png', true)).toBe(MAX_IMAGE_PIXELS);
  });

  it('fits huge photos to the working size keeping the aspect ratio', () => {
    expect(fitPixels(4000, 3000)).toEqual({ width: 4000, height: 3000, scale: 1 });
    const big = fitPixels(8000, 6000);
    expect(big.width * big.height).toBeLessThanOrEqual(WORKING_MAX_PIXELS);
    expect(big.width * big.height).toBeGreaterThan(0.99 * WORKING_MAX_PIXELS);
    expect(big.width / big.height).toBeCloseTo(4 / 3, 2);
  });
});

/** An in-memory Cache Storage with the few methods the model cache uses. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (url: string) => store.get(url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response),
      delete: async (url: string | Request) => store.delete(typeof url === 'string' ? url : url.url),
      keys: async () => [...store.keys()].map((u) => new Request(u)),
    } as unknown as Cache;
  };
  return { storage: { open } as unknown as CacheStorage, stores };
}

describe('model cache', () => {
  const bytes = new Uint8Array(700_000).map((_, i) => i % 251);
  const asset: AssetRef = { name: 'classifier.onnx', url: '/models/classifier.onnx?v=abc', bytes: bytes.length };
  const baseUrl = 'http://app.test/';

  it('downloads with progress, stores a copy, then serves it from the cache without the network', async () => {
    const { storage } = memoryCaches();
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return new Response(bytes.slice());
    }) as typeof fetch;
    const seen: number[] = [];
    const first = await fetchAsset(asset, { fetchImpl, cacheStorage: storage, baseUrl, onProgress: (p) => seen.push(p.loaded) });
    expect(Buffer.from(first).equals(bytes)).toBe(true);
    expect(seen.at(-1)).toBe(bytes.length);
    expect(seen.length).toBeGreaterThan(1);
    let fromCache = false;
    const second = await fetchAsset(asset, { fetchImpl, cacheStorage: storage, baseUrl, onProgress: (p) => (fromCache = p.fromCache) });
    expect(Buffer.from(second).equals(bytes)).toBe(true);
    expect(calls).toBe(1);
    expect(fromCache).toBe(true);
  });

  it('a download that receives nothing for a while fails with why (a phone that lost its signal mid-download kept the bar still for good)', async () => {
    // the body sends its first 64 KB, then nothing more, the connection left open
    let cancelled = false;
    const stuck = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(bytes.slice(0, 65_536));
          },
          cancel() {
            cancelled = true;
          },
        }),
      )) as typeof fetch;
    const err = await fetchAsset(asset, { fetchImpl: stuck, cacheStorage: undefined, baseUrl, stallMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecognitionError);
    expect((err as RecognitionError).code).toBe('MODEL_LOAD_FAILED');
    expect((err as RecognitionError).message).toMatch(/^The download of classifier\.onnx stopped after 65536 bytes: nothing arrived for 0 s \(is the connection lost\?\)/);
    expect(cancelled).toBe(true);
    // no answer at all: the request is given up (aborted)
    let aborted = false;
    const silent = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => ((aborted = true), reject(new DOMException('aborted', 'AbortError')))))) as typeof fetch;
    await expect(fetchAsset(asset, { fetchImpl: silent, cacheStorage: undefined, baseUrl, stallMs: 50 })).rejects.toThrow(/The download of classifier\.onnx stopped: nothing arrived/);
    expect(aborted).toBe(true);
    // a slow download that keeps sending is not one
    const slow = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async pull(c) {
            await new Promise((r) => setTimeout(r, 20));
            const at = (c as unknown as { at?: number }).at ?? 0;
            if (at >= bytes.length) return c.close();
            c.enqueue(bytes.slice(at, at + 200_000));
            (c as unknown as { at?: number }).at = at + 200_000;
          },
        }),
      )) as typeof fetch;
    expect((await fetchAsset(asset, { fetchImpl: slow, cacheStorage: undefined, baseUrl, stallMs: 200 })).byteLength).toBe(bytes.length);
  });

  it('refetches a cached copy of the wrong size and refuses a truncated download', async () => {
    const { storage } = memoryCaches();
    const cache = await storage.open('recognition-models-v1');
    await cache.put(new URL(asset.url, baseUrl).href, new Response(bytes.slice(0, 10)));
    const ok = (async () => new Response(bytes.slice())) as typeof fetch;
    expect((await fetchAsset(asset, { fetchImpl: ok, cacheStorage: storage, baseUrl })).byteLength).toBe(bytes.length);
    const short = (async () => new Response(bytes.slice(0, 1000))) as typeof fetch;
    const err = await fetchAsset({ ...asset, url: '/models/x.onnx' }, { fetchImpl: short, cacheStorage: storage, baseUrl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecognitionError);
    expect((err as RecognitionError).code).toBe('MODEL_LOAD_FAILED');
    expect((err as RecognitionError).kind).toBe('terminal');
    const missing = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(fetchAsset(asset, { fetchImpl: missing, cacheStorage: undefined, baseUrl })).rejects.toThrow(/404/);
  });

  describe('a file with a gzip copy (the wasm runtime)', () => {
    const wasm = new Uint8Array(900_000).map((_, i) => (i % 7 === 0 ? i % 256 : 0));
    const packed = new Uint8Array(gzipSync(wasm));
    const gzAsset: AssetRef = { name: 'ort.wasm', url: '/ort/ort.wasm?v=1', bytes: wasm.length, gzip: { url: '/ort/ort.wasm.gz?v=1', bytes: packed.length } };
    const served = (files: Record<string, Uint8Array | number>) => {
      const asked: string[] = [];
      const fetchImpl = (async (url: string) => {
        const path = new URL(url).pathname;
        asked.push(path);
        const body = files[path];
        return typeof body === 'number' || body === undefined ? new Response('no', { status: typeof body === 'number' ? body : 404 }) : new Response(body.slice());
      }) as typeof fetch;
      return { fetchImpl, asked };
    };

    it('downloads the packed copy only, with progress over its bytes, and keeps the unpacked file', async () => {
      expect(packed.length).toBeLessThan(wasm.length / 4);
      const { storage } = memoryCaches();
      const { fetchImpl, asked } = served({ '/ort/ort.wasm.gz': packed });
      const seen: { loaded: number; total: number }[] = [];
      const got = await fetchAsset(gzAsset, { fetchImpl, cacheStorage: storage, baseUrl, onProgress: (p) => seen.push(p) });
      expect(Buffer.from(got).equals(wasm)).toBe(true);
      expect(asked).toEqual(['/ort/ort.wasm.gz']);
      expect(seen.at(-1)).toEqual({ name: 'ort.wasm', loaded: packed.length, total: packed.length, fromCache: false });
      expect(transferBytes(gzAsset)).toBe(packed.length);
      // the offline copy is the unpacked file, under its own URL: the next load reads it without the network
      const again = await fetchAsset(gzAsset, { fetchImpl, cacheStorage: storage, baseUrl });
      expect(Buffer.from(again).equals(wasm)).toBe(true);
      expect(asked).toHaveLength(1);
    });

    it('takes the plain file where the host has no packed copy, and plain bytes where the host unpacked them on the way', async () => {
      const plainOnly = served({ '/ort/ort.wasm': wasm });
      expect(Buffer.from(await fetchAsset(gzAsset, { fetchImpl: plainOnly.fetchImpl, cacheStorage: undefined, baseUrl })).equals(wasm)).toBe(true);
      expect(plainOnly.asked).toEqual(['/ort/ort.wasm.gz', '/ort/ort.wasm']);
      // a single-page host answers a missing file with its own page (200): the plain file then
      const spaHost = served({ '/ort/ort.wasm.gz': new TextEncoder().encode('<!doctype html><title>App</title>'), '/ort/ort.wasm': wasm });
      expect(Buffer.from(await fetchAsset(gzAsset, { fetchImpl: spaHost.fetchImpl, cacheStorage: undefined, baseUrl })).equals(wasm)).toBe(true);
      expect(spaHost.asked).toEqual(['/ort/ort.wasm.gz', '/ort/ort.wasm']);
      const unpackedOnTheWay = served({ '/ort/ort.wasm.gz': wasm });
      const seen: { loaded: number; total: number }[] = [];
      expect(Buffer.from(await fetchAsset(gzAsset, { fetchImpl: unpackedOnTheWay.fetchImpl, cacheStorage: undefined, baseUrl, onProgress: (p) => seen.push(p) })).equals(wasm)).toBe(true);
      expect(unpackedOnTheWay.asked).toEqual(['/ort/ort.wasm.gz']);
      // the bar follows the unpacked bytes then, never past its end
      expect(seen.at(-1)).toMatchObject({ loaded: wasm.length, total: wasm.length });
      expect(seen.every((p) => p.loaded <= p.total)).toBe(true);
    });

    it('refuses a damaged or cut packed copy, and a server error, with a clear message', async () => {
      const damaged = packed.slice();
      damaged.fill(0x55, 40, 400);
      for (const body of [damaged, packed.slice(0, packed.length >> 1), 500]) {
        const { fetchImpl } = served({ '/ort/ort.wasm.gz': body });
        const err = await fetchAsset(gzAsset, { fetchImpl, cacheStorage: undefined, baseUrl }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(RecognitionError);
        expect((err as RecognitionError).code).toBe('MODEL_LOAD_FAILED');
        expect((err as Error).message).toMatch(/ort\.wasm (arrived damaged|arrived with)|server answered 500/);
      }
    });
  });

  it('prunes copies of files this build no longer uses', async () => {
    const { storage, stores } = memoryCaches();
    const cache = await storage.open('recognition-models-v1');
    await cache.put('http://app.test/models/classifier.onnx?v=old', new Response('x'));
    await cache.put('http://app.test/models/classifier.onnx?v=abc', new Response('y'));
    expect(await pruneCache([asset], { cacheStorage: storage, baseUrl })).toBe(1);
    expect([...stores.get('recognition-models-v1')!.keys()]).toEqual(['http://app.test/models/classifier.onnx?v=abc']);
  });
});

describe('data set export', () => {
  it('writes YOLO lines with class ids from classes.txt order', () => {
    const text = yoloLabels({ width: 200, height: 100, labels: [{ tile: '1m', box: [0, 0, 100, 50] }, { tile: 'back', box: [100, 50, 200, 100] }, { tile: '??', box: [0, 0, 1, 1] }] });
    expect(text).toBe(`0 0.250000 0.250000 0.500000 0.500000\n${DEFAULT_CLASSES.indexOf('back')} 0.750000 0.750000 0.500000 0.500000\n`);
    expect(DEFAULT_CLASSES).toHaveLength(38);
  });

  it('zips stored entries that unzip tools can read', async () => {
    expect(crc32(new TextEncoder().encode('hello'))).toBe(0x3610a686);
    const bytes = zip([{ name: 'a.txt', data: 'hello', date: new Date(2026, 0, 2) }]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0x3610a686);
    expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
    expect(view.getUint16(bytes.length - 22 + 10, true)).toBe(1);
    const photo = { id: 'p1', createdAt: 0, image: new Blob([new Uint8Array([1, 2, 3])]), width: 10, height: 10, labels: [{ tile: '5z', box: [0, 0, 5, 5] as [number, number, number, number] }] };
    const archive = await datasetZip([photo]);
    const names = new TextDecoder().decode(archive);
    for (const name of ['classes.txt', 'README.txt', 'images/p1.jpg', 'labels/p1.txt']) expect(names).toContain(name);
  });
});

describe('crops read from a band of the photo', () => {
  it('are identical to crops from the whole photo, edges included', async () => {
    const { cropBand } = await import('../../src/worker/bitmap-source.ts');
    const { cropsFromPicture } = await import('../../src/vision/classify.ts');
    const { resampleRegion } = await import('../../src/vision/pixels.ts');
    const W = 97, H = 61;
    const full = { data: new Uint8Array(W * H * 3).map((_, i) => (i * 7919) % 256), width: W, height: H, channels: 3 as const };
    const requests = [
      { rect: { x0: -3.2, y0: 10.5, x1: 20.7, y1: 40.1 }, turn: 'none' as const, width: 12, height: 16 },
      { rect: { x0: 30.3, y0: 12.9, x1: 45.6, y1: 33.3 }, turn: 'cw' as const, width: 12, height: 16 },
      { rect: { x0: 80.1, y0: 5.5, x1: 99.9, y1: 38.2 }, turn: 'none' as const, width: 40, height: 60 },
    ];
    const band = cropBand(requests, W, H);
    const part = new Uint8Array(band.w * band.h * 3);
    for (let y = 0; y < band.h; y++) part.set(full.data.subarray(((band.y + y) * W + band.x) * 3, ((band.y + y) * W + band.x + band.w) * 3), y * band.w * 3);
    const bandPixels = { data: part, width: band.w, height: band.h, channels: 3 as const };
    expect(band.y).toBeGreaterThan(0);
    expect(band.y + band.h).toBeLessThan(H);
    const fromBand = cropsFromPicture(bandPixels, band, requests);
    for (const [k, r] of requests.entries()) {
      const a = resampleRegion(full, r.rect, r.width, r.height, r.turn);
      expect(Buffer.from(fromBand[k]!.data).equals(Buffer.from(a.data))).toBe(true);
    }
  });

  it('from the band drawn reduced where cropShrink allows, are the full-size crops to within rounding', async () => {
    const { cropBand } = await import('../../src/worker/bitmap-source.ts');
    const { cropShrink, cropsFromPicture } = await import('../../src/vision/classify.ts');
    const { resampleRegion } = await import('../../src/vision/pixels.ts');
    // A photo with smooth shading and tile-sized blocks of ink, as a photo of tiles has (not noise, which no
    // reduction keeps).
    const W = 1203, H = 701;
    const data = new Uint8Array(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const ink = (Math.floor(x / 23) + Math.floor(y / 31)) % 3 === 0;
        for (let c = 0; c < 3; c++) data[(y * W + x) * 3 + c] = ink ? 40 + 30 * c : 150 + Math.round(80 * Math.sin(x / 90 + c) * Math.cos(y / 70));
      }
    }
    const full = { data, width: W, height: H, channels: 3 as const };
    // Tile crops of 48x64 from tiles about 200x270 px (one sideways, one at the photo's left edge, one tilted).
    const requests = [
      { rect: { x0: -6.5, y0: 300.2, x1: 201.3, y1: 575.8 }, turn: 'none' as const, width: 48, height: 64 },
      { rect: { x0: 410.4, y0: 310.6, x1: 690.9, y1: 517.1 }, turn: 'cw' as const, width: 48, height: 64 },
      { rect: { x0: 805.1, y0: 290.3, x1: 1010.7, y1: 566.6 }, turn: 'none' as const, width: 48, height: 64, angle: 0.05 },
    ];
    const shrink = cropShrink(requests);
    expect(shrink).toBe(2);
    const band = cropBand(requests, W, H);
    const bandPixels = resampleRegion(full, { x0: band.x, y0: band.y, x1: band.x + band.w, y1: band.y + band.h }, band.w, band.h);
    // The canvas's reduced drawing, as an area average to the rounded size.
    const reduced = resampleRegion(bandPixels, { x0: 0, y0: 0, x1: band.w, y1: band.h }, Math.round(band.w / shrink), Math.round(band.h / shrink));
    const crops = cropsFromPicture(reduced, band, requests);
    for (const [k, r] of requests.entries()) {
      const a = resampleRegion(full, r.rect, r.width, r.height, r.turn, r.angle);
      let sum = 0;
      for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - crops[k]!.data[i]!);
      // About a level on average at the blocks' hard edges (here 0.7-1.0; the band scaled 1% wrong gives 2.8, not
      // scaled at all 48).
      expect(sum / a.data.length).toBeLessThan(1.5);
    }
  });
});
