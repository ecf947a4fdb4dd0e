// The real-photo tiles of haitaks-yolo (npm run eval, crops section): the seven honour ids, and the other ids checked
// by eye, each read as its tile, boxes in the photo's pixels; ids that mix kinds are left out.
import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HAITAKS_HONOURS, HAITAKS_OTHER_KINDS, haitaksHonours, haitaksLabelled, haitaksSuitsByEye, isCamerashValidation } from '../../src/cli/evalCrops.ts';

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

  it('reads the other ids checked by eye as their tiles, and leaves the mixed ones out', async () => {
    const dir = path.join(root, 'haitaks-yolo', 'test');
    mkdirSync(path.join(dir, 'images'), { recursive: true });
    mkdirSync(path.join(dir, 'labels'), { recursive: true });
    writeFileSync(path.join(dir, 'images', 'b.jpg'), await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2a6' } }).jpeg().toBuffer());
    // 84: 8m, 44: the blank white dragon, 41: a back; 47 (any suited tile), 6 (a 9 of any suit), 37 (an honour id) are not in the table
    writeFileSync(path.join(dir, 'labels', 'b.txt'), ['84', '47', '6', '44', '41', '37'].map((id, i) => `${id} ${0.1 + 0.15 * i} 0.5 0.1 0.2\n`).join(''));
    const items = await haitaksLabelled(root, 'test', HAITAKS_OTHER_KINDS);
    expect(items.map((i) => i.truth)).toEqual(['8m', '5z', 'back']);
    expect(items[0]!.box.map(Math.round)).toEqual([20, 160, 60, 240]);
    // no id is in both tables
    expect(Object.keys(HAITAKS_OTHER_KINDS).filter((id) => id in HAITAKS_HONOURS)).toEqual([]);
  });

  it('reads the id-47 boxes labelled by eye by photo and line, and skips labels that no longer match an id-47 box', async () => {
    // the test split of the first test: line 0 is id 84, line 1 id 47
    const file = path.join(root, 'id47.json');
    writeFileSync(file, JSON.stringify({ labels: [{ photo: 'test/b', line: 1, tile: '9s' }, { photo: 'test/b', line: 0, tile: '8m' }, { photo: 'test/gone', line: 0, tile: '1m' }, { photo: 'valid/a', line: 1, tile: '2s' }] }));
    const items = await haitaksSuitsByEye(root, file, ['test']);
    expect(items.map((i) => i.truth)).toEqual(['9s']);
    expect(items[0]!.box.map(Math.round)).toEqual([80, 160, 120, 240]);
    expect(await haitaksSuitsByEye(root, path.join(root, 'missing.json'), ['test'])).toEqual([]);
    // another split's labels are read only when asked for
    expect((await haitaksSuitsByEye(root, file, ['valid'])).map((i) => i.truth)).toEqual(['2s']);
  });
});

describe('isCamerashValidation', () => {
  it('keeps the crops of the two validation photos only: the rest of camerash is training data', () => {
    expect(['cam_470.jpg', 'cam_507.jpg', 'cam_550.jpg', 'cam_594.jpg', '5z/cam_480.jpg'].map(isCamerashValidation)).toEqual([true, true, true, true, true]);
    expect(['cam_2.jpg', 'cam_469.jpg', 'cam_508.jpg', 'cam_549.jpg', 'cam_595.jpg', 'jc_480.jpg', 'cam_480.txt.jpg', 'constructor'].map(isCamerashValidation)).toEqual([false, false, false, false, false, false, false, false]);
  });

  const camerash = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'real', 'camerash-tiles');
  it.skipIf(!existsSync(camerash))('picks out 71 crops of the shared camerash folder, as the model card counts them', () => {
    const files = readdirSync(camerash, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => readdirSync(path.join(camerash, d.name)));
    expect(files.filter(isCamerashValidation)).toHaveLength(71);
  });
});
