// `riichi-lens recognize` on a photo whose boxes are judged no row of tiles (notTiles.ts): no tiles, the reason on
// stderr with the way to see them anyway; `--anyway` prints what was found.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankCardsSvg } from '../no-tile-photos.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/riichi-lens.mjs');
const DIR = mkdtempSync(path.join(os.tmpdir(), 'rl-anyway-'));
const CARDS = path.join(DIR, 'cards.jpg');

beforeAll(async () => {
  // a grid of blank cards on a dark cloth (as the app's end-to-end test draws it)
  writeFileSync(CARDS, await sharp(Buffer.from(blankCardsSvg())).jpeg().toBuffer());
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const run = (args: string[]) => spawnSync(process.execPath, [BIN, 'recognize', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('recognize on boxes judged no row of tiles', () => {
  it('gives no tiles, says why on stderr and how to see them anyway', () => {
    const r = run([CARDS, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).tiles).toEqual([]);
    expect(r.stderr).toMatch(/no tiles found in .*cards\.jpg: what the localiser found is not a row of tiles \(.+\); --anyway prints it\. Take the photo/);
  });

  it('prints what was found with --anyway', () => {
    const r = run([CARDS, '--json', '--anyway']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).tiles.length).toBeGreaterThan(4);
  });
});

describe('the photo commands in French (--lang fr)', () => {
  it('recognize says why there are no tiles in French, the measures with a decimal comma', () => {
    const r = run([CARDS, '--lang', 'fr']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('(aucune tuile trouvée)');
    expect(r.stderr).toMatch(/aucune tuile trouvée dans .*cards\.jpg\u00a0: ce que le localisateur a trouvé n’est pas une rangée de tuiles \(.*\d,\d\d.*\)\u00a0; --anyway l’affiche\. Prenez la photo/);
    expect(r.stderr).not.toMatch(/localiser|found/);
  });

  it('score-photo says the reading and the one-tile mends in French before the French score', () => {
    const r = spawnSync(process.execPath, [BIN, 'score-photo', path.join(ROOT, 'test-images/hand05_tenpai13.jpg'), '--lang', 'fr'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^reconnu\u00a0: 123456789m11p46s\nremarque\u00a0: il manque une tuile pour une main gagnante\u00a0; la tuile manquée serait 5s\n/);
    expect(r.stderr).toMatch(/^Erreur WRONG_TILE_COUNT\u00a0: Nombre de tuiles incorrect/);
  });

  it('an unknown language is a usage error before the photo is read', () => {
    for (const command of ['recognize', 'score-photo']) {
      const r = spawnSync(process.execPath, [BIN, command, CARDS, '--lang', 'de'], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status, command).toBe(2);
      expect(r.stderr, command).toMatch(/--lang must be en or fr, got "de"/);
    }
  });
});
