// The recognition commands as a user runs them: output shapes, exit statuses, the learn/profile round trip.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../cli/console-capture.ts';
import { run as learn } from '../../src/cli/commands/learn.ts';
import { run as recognize } from '../../src/cli/commands/recognize.ts';
import { run as scorePhoto } from '../../src/cli/commands/score-photo.ts';

const haveModels = existsSync(new URL('../../models/localizer.onnx', import.meta.url)) && existsSync(new URL('../../models/classifier.onnx', import.meta.url));
const PHOTO = new URL('../../test-images/hand01_tanyao_red5.jpg', import.meta.url).pathname;

const capture = captureConsole;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('recognize: usage and bad input', () => {
  it('explains its usage', async () => {
    const io = capture();
    expect(await recognize([])).toBe(2);
    expect(io.err.join('\n')).toMatch(/missing the photo/);
    expect(await recognize(['--help'])).toBe(0);
    expect(io.out.join('\n')).toMatch(/Usage: riichi-lens recognize/);
  });

  it('exits 1 with a clear message for a missing file and for a file that is not an image', async () => {
    const io = capture();
    expect(await recognize(['/nonexistent/photo.jpg'])).toBe(1);
    expect(io.err.join('\n')).toMatch(/IMAGE_DECODE_FAILED: Cannot read \/nonexistent\/photo.jpg: no such file/);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-cli-'));
    const notImage = path.join(dir, 'notes.jpg');
    await writeFile(notImage, 'just text');
    expect(await recognize([notImage])).toBe(1);
    expect(io.err.join('\n')).toMatch(/NOT_AN_IMAGE/);
  });

  it('learn needs a profile folder and a hand', async () => {
    const io = capture();
    expect(await learn([PHOTO, '123m'])).toBe(2);
    expect(await learn(['--profile', '/tmp/x', PHOTO, 'not a hand'])).toBe(2);
    expect(io.err.join('\n')).toMatch(/not a hand in tile notation/);
  });
});

describe.skipIf(!haveModels)('recognize, learn and score-photo with the committed models', () => {
  it('prints the JSON shape of issue 4', async () => {
    const io = capture();
    expect(await recognize([PHOTO, '--json'])).toBe(0);
    const result = JSON.parse(io.out.join('\n')) as { tiles: Record<string, unknown>[]; hand: string };
    expect(Object.keys(result)).toEqual(['tiles', 'hand']);
    expect(result.tiles.length).toBeGreaterThan(0);
    for (const t of result.tiles) {
      expect(Object.keys(t)).toEqual(['tile', 'box', 'score', 'alternatives', 'doubtful', 'rotated']);
      expect(t.box).toHaveLength(4);
      expect(typeof t.score).toBe('number');
      expect((t.alternatives as { tile: string; score: number }[])[0]).toEqual({ tile: expect.any(String), score: expect.any(Number) });
    }
  }, 60_000);

  it('reads several photos in one run: one JSON line each, a photo that cannot be read a line of its own, the others still read', async () => {
    const labels = JSON.parse(await readFile(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, { hand: string }>;
    const second = new URL('../../test-images/hand07_meld.jpg', import.meta.url).pathname;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-cli-'));
    const notImage = path.join(dir, 'notes.jpg');
    await writeFile(notImage, 'just text');
    const io = capture();
    // exit 1: one of the photos could not be read
    expect(await recognize([PHOTO, notImage, second, '--json'])).toBe(1);
    const lines = io.out.map((l) => JSON.parse(l) as { photo: string; hand?: string; error?: { code: string; message: string } });
    expect(lines.map((l) => l.photo)).toEqual([PHOTO, notImage, second]);
    expect(lines[0]!.hand).toBe(labels['hand01_tanyao_red5.jpg']!.hand);
    expect(lines[1]!.error).toEqual({ code: 'NOT_AN_IMAGE', message: expect.stringContaining('notes.jpg is not an image') });
    expect(lines[2]!.hand).toBe(labels['hand07_meld.jpg']!.hand);
    expect(io.err.join('\n')).toMatch(/NOT_AN_IMAGE: .*notes\.jpg is not an image/);
  }, 120_000);

  it('heads each photo\'s text output with its name when given several, and its remarks name it', async () => {
    const short = new URL('../../test-images/hand05_tenpai13.jpg', import.meta.url).pathname;
    const io = capture();
    expect(await recognize([PHOTO, short])).toBe(0);
    const out = io.out.join('\n').split('\n');
    expect(out[0]).toBe(`== ${PHOTO}`);
    expect(out[1]).toMatch(/^[0-9mpsz?]+$/);
    expect(out.filter((l) => l.startsWith('== '))).toEqual([`== ${PHOTO}`, `== ${short}`]);
    // the 13-tile photo's remark says which photo it is about
    expect(io.err.join('\n')).toContain(`riichi-lens recognize: ${short}: note: one tile short of a winning hand`);
  }, 120_000);

  it('prints the hand string then one line per tile in text mode', async () => {
    const io = capture();
    expect(await recognize([PHOTO])).toBe(0);
    const lines = io.out.join('\n').split('\n');
    expect(lines[0]).toMatch(/^[0-9mpsz?]+$/);
    expect(lines[1]).toMatch(/^ 1 {2}\S+ +\[\d+, \d+, \d+, \d+\] +\d\.\d\d/);
  }, 60_000);

  it("says on stderr what the reader left out (a tile cut off by the photo's edge), stdout unchanged in shape", async () => {
    const sharp = (await import('sharp')).default;
    const labels = JSON.parse(await readFile(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, { tiles: { box: number[] }[] }>;
    const first = labels['hand01_tanyao_red5.jpg']!.tiles[0]!.box;
    const left = Math.round(first[0]! + 0.6 * (first[2]! - first[0]!));
    const meta = await sharp(PHOTO).metadata();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-cut-'));
    const cut = path.join(dir, 'cut.jpg');
    await writeFile(cut, await sharp(PHOTO).extract({ left, top: 0, width: meta.width! - left, height: meta.height! }).jpeg().toBuffer());
    const io = capture();
    expect(await recognize([cut, '--json'])).toBe(0);
    expect(io.err.join('\n')).toMatch(/^riichi-lens recognize: note: A tile at the photo's edge is cut off/m);
    // one tile short of the winning hand 234m067p345s678m22p: the cut 2m is among the tiles that would complete it
    expect(io.err.join('\n')).toMatch(/^riichi-lens recognize: note: one tile short of a winning hand; a missed tile would be one of (\w+, )*2m\b/m);
    expect(Object.keys(JSON.parse(io.out.join('\n')) as object)).toEqual(['tiles', 'hand']);
    // in text mode too the notes go to stderr only: stdout is the hand and one line per tile
    const text = capture();
    expect(await recognize([cut])).toBe(0);
    expect(text.out.join('\n')).not.toMatch(/note:/);
    expect(text.err.join('\n')).toMatch(/note: A tile at the photo's edge is cut off/);
  }, 60_000);

  it('marks a row read upside down (photographed from across the table) in the JSON, listed in the player\'s order', async () => {
    const sharp = (await import('sharp')).default;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-turned-'));
    const turned = path.join(dir, 'turned.jpg');
    await writeFile(turned, await sharp(PHOTO).rotate(180).jpeg().toBuffer());
    const io = capture();
    expect(await recognize([turned, '--json'])).toBe(0);
    const out = JSON.parse(io.out.join('\n')) as { hand: string; upsideDown?: boolean; tiles: { box: number[] }[] };
    expect(out.upsideDown).toBe(true);
    expect(out.hand).toBe('234m067p345s678m22p');
    expect(out.tiles[0]!.box[0]!).toBeGreaterThan(out.tiles[13]!.box[0]!);
    expect(io.err.join('\n')).toMatch(/note: The row is upside down/);
  }, 60_000);

  it('learns a tile set into DIR/profile.json and uses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-profile-'));
    const io = capture();
    expect(await learn(['--profile', dir, PHOTO, '234m067p345s678m22p'])).toBe(0);
    expect(io.out.join('\n')).toMatch(/learnt 14 tiles \(0 corrected\) into .*; 0 true tiles not found, 0 extra detections ignored\./);
    expect(io.out.join('\n')).toMatch(/your set: 14 tiles learned, 1\d tile kinds\./);
    const profile = JSON.parse(await readFile(path.join(dir, 'profile.json'), 'utf8')) as { format: string; classes: Record<string, { count: number }> };
    expect(profile.format).toBe('riichi-lens-profile');
    expect(Object.keys(profile.classes).length).toBeGreaterThan(3);
    expect(await recognize(['--profile', dir, PHOTO, '--json'])).toBe(0);
    expect(io.err.join('\n')).not.toMatch(/another model/);
  }, 60_000);

  it('learn --lang fr answers in French: what it learnt, the set, and its reset', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rl-profile-fr-'));
    const io = capture();
    expect(await learn(['--profile', dir, PHOTO, '234m067p345s678m22p', '--lang', 'fr'])).toBe(0);
    expect(io.out.join('\n')).toMatch(/^reconnu\u00a0: 234m067p345s678m22p\n14 tuiles apprises \(0 corrigée\) dans .*\u00a0; 0 tuile de la main non trouvée, 0 détection en trop ignorée\.\nvotre jeu\u00a0: 14 tuiles apprises, 1\d sortes de tuile\.$/);
    expect(await learn(['--profile', dir, '--reset', '--lang', 'fr'])).toBe(0);
    expect(await learn(['--profile', dir, '--show', '--lang', 'fr'])).toBe(0);
    expect(io.out.slice(-2)).toEqual([`le jeu de tuiles appris dans ${dir} est oublié.`, `votre jeu\u00a0: aucune tuile apprise pour l’instant (pas de profil dans ${dir}).`]);
    expect(io.err).toEqual([]);
  }, 60_000);

  it('score-photo recognises then scores (or explains why the hand cannot be scored)', async () => {
    const io = capture();
    const code = await scorePhoto([PHOTO, '--tsumo']);
    expect([0, 1]).toContain(code);
    expect(io.out.join('\n')).toMatch(/^recognised: /);
  }, 60_000);
});
