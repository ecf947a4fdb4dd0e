// The page-side client against a fake worker (comlink over a MessageChannel): error kinds come back as
// RecognitionError, a failed load can be retried, bad files are refused before the model loads, photos travel
// as transferred bytes, and a worker that dies fails the pending call instead of hanging.
import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecognitionClient } from '../../src/worker/client.ts';
import type { Outcome, PhotoInput, PhotoRecognition, RecognitionWorkerApi, RecognizerInfo } from '../../src/worker/protocol.ts';
import { RecognitionError } from '../../src/vision/errors.ts';

const info: RecognizerInfo = { threads: 1, crossOriginIsolated: false, loadMs: 1, downloadMs: 1, sessionMs: 0, fromCache: false, models: ['classifier.onnx', 'localizer.onnx'] };

function fakeWorker(api: Partial<RecognitionWorkerApi>) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port1 as unknown as Comlink.Endpoint);
  port1.start();
  const worker = Object.assign(port2, { terminate: () => port2.close() });
  return worker as unknown as Worker & { dispatchEvent(e: Event): boolean };
}

let hadWorker: unknown;
beforeAll(() => {
  hadWorker = (globalThis as { Worker?: unknown }).Worker;
  (globalThis as { Worker?: unknown }).Worker = class {};
});
afterAll(() => {
  (globalThis as { Worker?: unknown }).Worker = hadWorker;
});

describe('RecognitionClient', () => {
  it('reports a terminal load failure, then loads on retry with a fresh worker', async () => {
    let attempts = 0;
    const client = new RecognitionClient(() =>
      fakeWorker({
        load: async (onProgress) => {
          attempts++;
          onProgress?.({ phase: 'models', loaded: 5, total: 10, fromCache: false });
          if (attempts === 1) return { ok: false, error: new RecognitionError('MODEL_LOAD_FAILED', 'Could not download classifier.onnx: 503').toJSON() };
          return { ok: true, value: info };
        },
      }),
    );
    const states: string[] = [];
    client.subscribe((s) => states.push(s.status));
    const error = await client.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecognitionError);
    expect((error as RecognitionError).kind).toBe('terminal');
    expect(client.getState()).toMatchObject({ status: 'failed' });
    await expect(client.load()).resolves.toEqual(info);
    expect(states).toContain('loading');
    expect(client.getState()).toMatchObject({ status: 'ready' });
    client.terminate();
  });

  it('refuses a file that is not an image before loading the model, and transfers photos as bytes', async () => {
    let loads = 0;
    let received: PhotoInput | null = null;
    const rec: PhotoRecognition = { width: 40, height: 30, scale: 1, tiles: [], notes: [], hints: { cutOff: [], gapsAfter: [] }, modelId: 'm', timings: { decodeMs: 0, recognizeMs: 0 } };
    const client = new RecognitionClient(() =>
      fakeWorker({
        load: async (): Promise<Outcome<RecognizerInfo>> => {
          loads++;
          return { ok: true, value: info };
        },
        recognize: async (input) => {
          received = input;
          return { ok: true, value: rec };
        },
      }),
    );
    const text = new Blob(['not a photo'], { type: 'text/plain' });
    const refused = await client.recognizeFile(text).catch((e: unknown) => e);
    expect((refused as RecognitionError).code).toBe('NOT_AN_IMAGE');
    expect((refused as RecognitionError).kind).toBe('input');
    expect(loads).toBe(0);
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    await expect(client.recognizeFile(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }))).resolves.toEqual(rec);
    expect(received).toMatchObject({ kind: 'encoded', type: 'image/jpeg' });
    expect((received as unknown as { bytes: ArrayBuffer }).bytes.byteLength).toBe(jpeg.length);
    expect(loads).toBe(1);
    client.terminate();
  });

  it('fails a pending call when the worker dies', async () => {
    let worker: ReturnType<typeof fakeWorker> | null = null;
    const client = new RecognitionClient(() => {
      worker = fakeWorker({ load: () => new Promise<never>(() => undefined) });
      return worker;
    });
    const pending = client.load();
    worker!.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
    const error = await pending.catch((e: unknown) => e);
    expect((error as RecognitionError).code).toBe('MODEL_LOAD_FAILED');
    expect((error as RecognitionError).message).toMatch(/out of memory/);
  });
});
