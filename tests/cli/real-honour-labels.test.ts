// The real-photo honour tiles of haitaks-yolo (npm run eval, crops section): only the seven honour ids are read,
// each as its tile, boxes in the photo's pixels.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HAITAKS_HONOURS, haitaksHonours } from '../../src/cli/evalCrops.ts';

describe('haitaksHonours', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'haitaks-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the honour ids as their tiles and leaves the unusable suit ids out', async () => {
    const dir = path.join(root, 'haitaks-yolo', 'valid');
    mkdirSync(path.join(dir, 'images'), { recursive: true });
    mkdirSync(path.join(dir, 'labels'), { recursive: true });
    writeFileSync(path.join(dir, 'images', 'a.jpg'), await sharp({ create: { width: 640, height: 320, channels: 3, background: '#2a6' } }).jpeg().toBuffer());
    writeFileSync(path.join(dir, 'labels', 'a.txt'), '37 0.5 0.5 0.1 0.2\n47 0.2 0.5 0.1 0.2\n34 0.25 0.25 0.05 0.1\n');
    const items = await haitaksHonours(root, 'valid');
    expect(items.map((i) => i.truth)).toEqual(['7z', '1z']);
    expect(items[0]!.box).toEqual([288, 128, 352, 192]);
    expect(items[1]!.set).toBe('haitaks valid');
    expect(Object.values(HAITAKS_HONOURS).sort()).toEqual(['1z', '2z', '3z', '4z', '5z', '6z', '7z']);
    expect(await haitaksHonours(root, 'test')).toEqual([]);
  });
});
