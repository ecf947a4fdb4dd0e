// `riichi-lens recognize` on a photo of three real tiles (cut from a test image and laid apart on its table): no
// hand (a hand shows at least 14 tiles; notTiles.ts), said on stderr; with `--indicators` (a photo of dora
// indicators) the three tiles, without the hand's remarks on tile count and gaps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREE_TILES, threeTilesPhoto } from '../no-tile-photos.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/riichi-lens.mjs');
const DIR = mkdtempSync(path.join(os.tmpdir(), 'rl-indicators-'));
const THREE = path.join(DIR, 'three.jpg');

beforeAll(async () => {
  writeFileSync(THREE, await threeTilesPhoto(sharp, ROOT));
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const run = (args: string[]) => spawnSync(process.execPath, [BIN, 'recognize', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('recognize on a photo of three tiles', () => {
  it('reads no hand from them, and says why', () => {
    const r = run([THREE, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).tiles).toEqual([]);
    expect(r.stderr).toMatch(/no tiles found in .*three\.jpg: what the localiser found is not a row of tiles \(only 3 tile-like boxes, and a hand shows at least 14 tiles\)/);
  });

  it('reads them as dora indicators with --indicators', () => {
    const r = run([THREE, '--json', '--indicators']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hand).toBe(THREE_TILES.join(''));
    expect(r.stderr).toBe('');
  });
});
