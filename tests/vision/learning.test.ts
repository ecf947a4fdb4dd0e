// Learning the player's set: bounded, reset, tied to the model, and with the committed models a profile taught
// from one photo changes how the next photo of the same set is read.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { readProfile, removeProfile, writeProfile } from '../../src/cli/vision/profileStore.ts';
import { alignRows } from '../../src/vision/align.ts';
import { addExample, emptyProfile, learntTiles, MAX_EXAMPLES_PER_CLASS, type TileProfile } from '../../src/vision/prototypes.ts';
import { parseHandString } from '../../src/vision/tiles.ts';
import { haveModels, useCommittedRecognizer } from './committedModels.ts';

describe('the tile-set profile', () => {
  it('stays bounded however many tiles it learns', () => {
    let p = emptyProfile('m', 4);
    for (let k = 0; k < 500; k++) p = addExample(p, k % 2 ? '1m' : '2m', [Math.cos(k), Math.sin(k), 1, 0]);
    expect(Object.keys(p.classes)).toHaveLength(2);
    expect(p.classes['1m']!.count).toBe(MAX_EXAMPLES_PER_CLASS);
    expect(learntTiles(p)).toBe(2 * MAX_EXAMPLES_PER_CLASS);
    // the sum stays that of at most MAX_EXAMPLES_PER_CLASS unit vectors
    expect(Math.hypot(...p.classes['1m']!.sum)).toBeLessThanOrEqual(MAX_EXAMPLES_PER_CLASS + 1e-9);
    expect(JSON.stringify(p).length).toBeLessThan(2_000);
  });

  it('is stored, shown and reset in DIR/profile.json', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'profile-'));
    try {
      await writeProfile(dir, addExample(emptyProfile('m', 2), '5z', [1, 0]));
      expect(learntTiles(await readProfile(dir))).toBe(1);
      expect(await removeProfile(dir)).toBe(true);
      expect(await readProfile(dir)).toBeNull();
      expect(await removeProfile(dir)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const labels = JSON.parse(await readFile(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, { hand: string }>;

describe.skipIf(!haveModels)('learning with the committed models', () => {
  const recognizer = useCommittedRecognizer();
  const open = async (name: string) => openImage(new Uint8Array(await readFile(new URL(`../../test-images/${name}`, import.meta.url))), { name });

  it('a profile taught from one photo changes how the next photo of the set is read, and no tile gets worse', async () => {
    // hand04 and hand08 are two photos of one set (the martin style); teach from hand04 as `riichi-lens learn` does
    const teacher = await recognizer().recognize(await open('hand04_honitsu.jpg'), { includeEmbeddings: true });
    const truth = parseHandString(labels['hand04_honitsu.jpg']!.hand)!;
    let profile: TileProfile = emptyProfile(recognizer().modelId, teacher.embeddings![0]!.length);
    for (const p of alignRows(teacher.tiles.map((t) => t.tile), truth)) {
      if (p.found !== null && p.truth !== null) profile = addExample(profile, truth[p.truth]!, teacher.embeddings![p.found]!);
    }
    expect(learntTiles(profile)).toBe(14);
    const next = await open('hand08_sanshoku.jpg');
    const before = await recognizer().recognize(next);
    const after = await recognizer().recognize(next, { profile });
    expect(after.usedProfile).toBe(true);
    const nextTruth = parseHandString(labels['hand08_sanshoku.jpg']!.hand)!;
    // tiles of kinds the teaching photo showed (1m, 2m, 3m, 5m...) are read with more confidence; the rest as before
    const taught = new Set(Object.keys(profile.classes));
    let raised = 0;
    after.tiles.forEach((t, i) => {
      expect(t.tile).toBe(nextTruth[i]);
      if (taught.has(t.tile)) raised += t.score > before.tiles[i]!.score + 0.01 ? 1 : 0;
      else expect(t.score).toBeCloseTo(before.tiles[i]!.score, 6);
    });
    expect(raised).toBeGreaterThan(0);
    // a profile of another model is not used
    const other = await recognizer().recognize(next, { profile: { ...profile, modelId: 'another-model' } });
    expect(other.usedProfile).toBe(false);
    expect(other.notes).toContainEqual({ code: 'PROFILE_OTHER_MODEL' });
  }, 120_000);

  it('a tile the profile reads otherwise says what the classifier alone read, unless the hand\'s rules read it back', async () => {
    // the player "corrected" hand01's first tile, a 2m, to 1m (as `learn` with that hand would teach it)
    const photo = await open('hand01_tanyao_red5.jpg');
    const taught = await recognizer().recognize(photo, { includeEmbeddings: true });
    expect(taught.tiles[0]!.tile).toBe('2m');
    let profile: TileProfile = emptyProfile(recognizer().modelId, taught.embeddings![0]!.length);
    taught.tiles.forEach((t, i) => (profile = addExample(profile, i === 0 ? '1m' : t.tile, taught.embeddings![i]!)));
    // read again without the hand's rules: the set's 1m stands and says the classifier alone read 2m; no other tile moved
    const plain = await recognizer().recognize(photo, { profile, handRules: false });
    expect(plain.tiles[0]).toMatchObject({ tile: '1m', fromProfile: '2m' });
    expect(plain.tiles.slice(1).every((t) => t.fromProfile === undefined)).toBe(true);
    // with them, 1m breaks the hand's shape and the tile is read 2m again: nothing to say about the set
    const joint = await recognizer().recognize(photo, { profile });
    expect(joint.tiles[0]).toMatchObject({ tile: '2m', reranked: true });
    expect(joint.tiles[0]!.fromProfile).toBeUndefined();
  }, 120_000);
});
