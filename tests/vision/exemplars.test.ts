// Mode 'exemplars' (src/vision/exemplars.ts): a profile changes a reading only along a confusion the player corrected
// or to a kind the player confirmed, and stays bounded.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXEMPLAR_OPTIONS, readWithExemplars } from '../../src/vision/exemplars.ts';
import { pixelsImageSource } from '../../src/vision/pipeline.ts';
import { addExample, emptyProfile, MAX_EXEMPLARS, MAX_EXEMPLARS_PER_PAIR, mergeProfiles, parseProfile, type TileProfile } from '../../src/vision/prototypes.ts';
import { CLASSES, FakeRunner, handPhoto, recognize, SPEC } from './fakeModels.ts';

const classes = ['6m', '8m', '3p', '5p', '0p'];
const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
/** Probabilities with the classes in the given order of preference (the rest near 0). */
const ranked = (...order: string[]) => classes.map((c) => (order.includes(c) ? [0.6, 0.25, 0.1, 0.04][order.indexOf(c)]! : 0.002));
const best = (p: ArrayLike<number>) => classes[Array.from(p).indexOf(Math.max(...Array.from(p)))];

describe("mode 'exemplars'", () => {
  // The teaching photo: an 8m read as 6m (corrected), a 3p and a 5p read right (confirmed).
  const e8 = unit([1, 0.1, 0, 0]);
  const e3p = unit([0, 1, 0, 0]);
  const e5p = unit([0, 0, 1, 0]);
  let profile: TileProfile = emptyProfile('m', 4);
  profile = addExample(profile, '8m', e8, '6m');
  profile = addExample(profile, '3p', e3p, '3p');
  profile = addExample(profile, '5p', e5p, '5p');

  it('reads a tile of a corrected confusion as the kind the player gave', () => {
    const next = unit([1, 0.12, 0.02, 0]); // another 8m of the set, read 6m with 8m second
    const r = readWithExemplars(ranked('6m', '8m'), next, profile, classes);
    expect(r.move).toMatchObject({ from: '6m', to: '8m', rule: 'corrected' });
    expect(best(r.probs)).toBe('8m');
    // the tile keeps the head's confidence under the taught kind
    expect(r.probs[classes.indexOf('8m')]).toBeCloseTo(0.6, 9);
  });

  it('leaves it alone when the taught kind is not among the head\'s first classes, or the tile is unlike the exemplar', () => {
    expect(readWithExemplars(ranked('6m', '3p', '5p', '0p'), unit([1, 0.12, 0, 0]), profile, classes, { topK: 4 }).move).toBeNull();
    expect(readWithExemplars(ranked('6m', '8m'), unit([0.3, 0, 0, 1]), profile, classes).move).toBeNull();
  });

  it('keeps a tile that is closer to the set\'s own tiles of the head\'s kind', () => {
    // the teaching photo also held a 6m read right, just as like this tile as the corrected 8m
    const withSix = addExample(profile, '6m', unit([1, 0.14, 0, 0]), '6m');
    const r = readWithExemplars(ranked('6m', '8m'), unit([1, 0.12, 0, 0]), withSix, classes);
    expect(r.move).toBeNull();
    expect(best(r.probs)).toBe('6m');
  });

  it('moves a tile to a confirmed kind only when it is nearly the same as the confirmed tile', () => {
    // a 3p of the set read as 8m, with 3p second: as good as identical to the confirmed 3p
    const r = readWithExemplars(ranked('8m', '3p'), unit([0, 1, 0.02, 0]), profile, classes);
    expect(r.move).toMatchObject({ from: '8m', to: '3p', rule: 'confirmed' });
    // only somewhat like it (cosine 0.9, under the strict line): left to the head
    expect(0.9).toBeLessThan(DEFAULT_EXEMPLAR_OPTIONS.confirmSimilarity);
    expect(readWithExemplars(ranked('8m', '3p'), unit([0, 0.9, 0, Math.sqrt(1 - 0.81)]), profile, classes).move).toBeNull();
  });

  it('never moves a tile between a five and its red five: red or plain is the classifier\'s', () => {
    // a tile read as a red five, with 5p second, identical to the confirmed plain 5p: the embedding hardly keeps colour
    const r = readWithExemplars(ranked('0p', '5p'), unit([0, 0.02, 1, 0]), profile, classes);
    expect(r.move).toBeNull();
    expect(best(r.probs)).toBe('0p');
    // nor along a corrected confusion of the pair
    const corrected = addExample(profile, '0p', unit([0, 0, 0, 1]), '5p');
    expect(readWithExemplars(ranked('5p', '0p'), unit([0, 0, 0.02, 1]), corrected, classes).move).toBeNull();
  });

  it('never changes a tile read as a kind the player taught nothing about towards an untaught kind', () => {
    // read 3p with 0p second, like nothing taught as 0p: no rule applies (0p was never shown)
    const r = readWithExemplars(ranked('3p', '0p'), unit([0, 0.9, 0, 0.4]), profile, classes);
    expect(r.move).toBeNull();
    expect(Array.from(r.probs)).toEqual(ranked('3p', '0p'));
    // and a profile without exemplars (learnt before they existed) changes nothing
    const old = { ...profile, exemplars: undefined };
    expect(readWithExemplars(ranked('6m', '8m'), unit([1, 0.12, 0, 0]), old, classes).move).toBeNull();
  });

  it('stays bounded: the newest exemplars per pair and in all', () => {
    let p = emptyProfile('m', 4);
    for (let k = 0; k < 40; k++) p = addExample(p, '8m', unit([1, k, 0, 0]), '6m');
    expect(p.exemplars).toHaveLength(MAX_EXEMPLARS_PER_PAIR);
    unit([1, 39, 0, 0]).forEach((v, i) => expect(p.exemplars!.at(-1)!.embedding[i]).toBeCloseTo(v, 4));
    const kinds = ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '1p', '2p', '3p', '4p', '5p', '6p', '7p', '8p', '9p'];
    // 400 tiles of 324 (true, read) pairs: more than MAX_EXEMPLARS
    for (let k = 0; k < 400; k++) p = addExample(p, kinds[k % 18]!, unit([1, 0, k, 1]), kinds[Math.floor(k / 18) % 18]!);
    expect(p.exemplars).toHaveLength(MAX_EXEMPLARS);
    expect(JSON.stringify(p).length).toBeLessThan(400_000);
    expect(mergeProfiles(p, p).exemplars!.length).toBeLessThanOrEqual(MAX_EXEMPLARS);
    // it survives a round trip as JSON; a broken exemplar makes the file not a profile
    expect(parseProfile(JSON.parse(JSON.stringify(p)))).not.toBeNull();
    expect(parseProfile({ ...p, exemplars: [{ tile: '1m', read: '1m', embedding: [1, 0] }] })).toBeNull();
    // a class or exemplar that is no tile (a hand-edited "__proto__", "constructor") makes it no profile; a tile read as a back is one
    const sum = p.classes['8m']!.sum;
    expect(parseProfile(JSON.parse(`{"format":"riichi-lens-profile","version":1,"modelId":"m","embeddingSize":4,"classes":{"__proto__":{"sum":[${sum}],"count":1}}}`))).toBeNull();
    expect(parseProfile({ ...p, classes: { ...p.classes, constructor: { sum, count: 1 } } })).toBeNull();
    expect(parseProfile({ ...p, exemplars: [{ tile: 'toString', read: '1m', embedding: unit([1, 0, 0, 0]) }] })).toBeNull();
    expect(parseProfile({ ...p, exemplars: [{ tile: '1m', read: 'back', embedding: unit([1, 0, 0, 0]) }] })).not.toBeNull();
  });
});

describe("mode 'exemplars' in the pipeline (fake models)", () => {
  const idx = (code: string) => CLASSES.indexOf(code);
  // This set's 2m looks, to the fake head, like a 1m (it reads the colour of 1m, with 2m second).
  const setsTwo = idx('1m');
  const read = async (classes: number[], profile: TileProfile | null) => {
    const photo = handPhoto(classes);
    const runner = new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height);
    return recognize(pixelsImageSource(photo.pixels), runner, SPEC, { profile, modelId: 'fake', includeEmbeddings: true, handRules: false, prototypeOptions: { mode: 'exemplars' } });
  };

  it('a profile taught from one photo changes how the next photo is read; untaught kinds are left alone', async () => {
    const first = [setsTwo, idx('3m'), idx('4m'), idx('7s'), idx('8s'), idx('9s')];
    const truth = ['2m', '3m', '4m', '7s', '8s', '9s'];
    const teacher = await read(first, null);
    expect(teacher.hand).toBe('134m789s');
    // as `riichi-lens learn` and the app's review do: each tile under its true kind, with what it was read as
    let profile = emptyProfile('fake', 4);
    teacher.tiles.forEach((t, k) => (profile = addExample(profile, truth[k]!, teacher.embeddings![k]!, t.tile)));
    // the next photo of the set: its 2m is read right now; 5p, 6p and 7p were never shown and read as before
    // (kinds whose fake embeddings, at angles 13-15, are all under 0.95 like the taught ones)
    const next = [idx('5p'), setsTwo, idx('6p'), idx('7p'), idx('3m'), idx('4m')];
    const before = await read(next, null);
    const after = await read(next, profile);
    expect(before.hand).toBe('5p1m67p34m');
    expect(after.hand).toBe('5p2m67p34m');
    expect(after.usedProfile).toBe(true);
    for (const k of [0, 2, 3]) expect(after.tiles[k]).toMatchObject({ tile: before.tiles[k]!.tile, score: before.tiles[k]!.score });
  });
});
