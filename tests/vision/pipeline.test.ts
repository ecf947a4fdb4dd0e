import { describe, expect, it } from 'vitest';
import { parseModelSpec } from '../../src/vision/modelSpec.ts';
import { DEFAULT_UNSURE_VIEWS, detectTiles, pixelsImageSource, testTimeViews, viewBox } from '../../src/vision/pipeline.ts';
import { noteText } from '../../src/vision/notes.ts';
import { addExample, emptyProfile } from '../../src/vision/prototypes.ts';
import { CLASSES, FakeRunner, framedSource, handPhoto, paint, recognize, SPEC, SPEC_JSON } from './fakeModels.ts';

const idx = (code: string) => CLASSES.indexOf(code);

/** The fake runner, counting the crops of each classifier call. */
class CountingRunner extends FakeRunner {
  counts: number[] = [];
  override async classify(input: Float32Array, count: number) {
    this.counts.push(count);
    return super.classify(input, count);
  }
}

describe('model.json reading', () => {
  it('reads the localizer section as the localizer agent writes it', () => {
    expect(SPEC.localizer).toMatchObject({ inputSize: 256, align: 'top-left', padValue: 114, stride: 4, scoreThreshold: 0.3, nmsIou: 0.6, maxDetections: 300 });
    expect(SPEC.classifier).toMatchObject({ height: 64, width: 48, marginX: 0.08, marginY: 0.08, rotateLandscape: 'cw', embeddingSize: 4 });
    expect(SPEC.classifier.norm.std).toEqual([0.25, 0.25, 0.25]);
  });

  it('accepts 0..255 statistics and explains what is missing', () => {
    const spec = parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, normalize: { mean: [127.5, 127.5, 127.5], std: [63.75, 63.75, 63.75] } } });
    expect(spec.classifier.norm.mean[0]).toBeCloseTo(0.5);
    expect(() => parseModelSpec({ localizer: SPEC_JSON.localizer })).toThrow(/"classifier" section is missing/);
    expect(() => parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, classes: [] } })).toThrow(/classes/);
    expect(() => parseModelSpec('nope')).toThrow(expect.objectContaining({ code: 'MODEL_SPEC_INVALID' }));
  });

  it('reads the id profiles are tied to where model.json names one (float16 weights keep their float32 id)', () => {
    expect(SPEC.classifier.profileId).toBeNull();
    expect(parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, profile_id: '86dba4ae-4084545' } }).classifier.profileId).toBe('86dba4ae-4084545');
  });
});

describe("the localiser's peaks on the scale src/vision's lines were chosen on (decode.score_map)", () => {
  const withMap = (scoreMap: unknown) => ({ ...SPEC_JSON, localizer: { ...SPEC_JSON.localizer, decode: { score_map: scoreMap } } });

  it('reads the knots, and refuses a map that is not monotone or does not run from peak 0 to peak 1', () => {
    expect(SPEC.localizer.scoreMap).toBeUndefined();
    expect(parseModelSpec(withMap([[0, 0], [0.5, 0.7], [1, 1]])).localizer.scoreMap).toEqual([[0, 0], [0.5, 0.7], [1, 1]]);
    for (const bad of [[[0, 0]], [[0, 0.5], [0.5, 0.4], [1, 1]], [[0, 0], [0.5, 0.5], [0.5, 0.6], [1, 1]], [[0.1, 0], [1, 1]], [[0, 0], [0.9, 1]], [[0, 0], [1, 1.2]], 'linear', [[0, 0], ['1', 1]]]) {
      expect(() => parseModelSpec(withMap(bad))).toThrow(expect.objectContaining({ code: 'MODEL_SPEC_INVALID', message: expect.stringMatching(/score_map/) }));
    }
  });

  it('gives the boxes the mapped score; the threshold stays on the peaks as the network gives them', async () => {
    const photo = handPhoto([0, 1, 2]);
    const runner = new FakeRunner(photo.all.map((t) => t.box), photo.width, photo.height);
    const plain = await detectTiles(pixelsImageSource(photo.pixels), runner, SPEC);
    expect(plain.boxes.map((b) => b.score)).toEqual([0.9, 0.9, 0.9].map(Math.fround));
    // the fake localiser peaks at 0.9: 0.6 + (0.9 - 0.8) / (1 - 0.8) * (0.9 - 0.6) = 0.75
    const mapped = await detectTiles(pixelsImageSource(photo.pixels), runner, parseModelSpec(withMap([[0, 0], [0.8, 0.6], [1, 0.9]])));
    expect(mapped.boxes.map((b) => b.box)).toEqual(plain.boxes.map((b) => b.box));
    mapped.boxes.forEach((b) => expect(b.score).toBeCloseTo(0.75, 6));
    // a map that sends every peak below the threshold (0.3) keeps the boxes: the threshold is the network's
    const low = await detectTiles(pixelsImageSource(photo.pixels), runner, parseModelSpec(withMap([[0, 0], [1, 0.2]])));
    expect(low.boxes).toHaveLength(3);
  });
});

describe('recognition pipeline (fake models)', () => {
  const hand = ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '1z', '7z', '7z'].map(idx);

  it('reads the hand row left to right with boxes in photo pixels, ignoring discards', async () => {
    const photo = handPhoto(hand, { discards: 6 });
    const runner = new FakeRunner(photo.all.map((t) => t.box), photo.width, photo.height);
    const r = await recognize(pixelsImageSource(photo.pixels), runner, SPEC);
    expect(r.hand).toBe('123m456p789s11177z');
    expect(r.tiles).toHaveLength(14);
    r.tiles.forEach((t, k) => t.box.forEach((v, j) => expect(v).toBeCloseTo(photo.tiles[k]!.box[j]!, 0)));
    expect(r.otherBoxes).toHaveLength(6);
    expect(r.notes).toEqual([]);
    // the fake head gives its class logit 5 and the next class 3: score 0.73, below the doubt line (0.8)
    expect(r.tiles[0]).toMatchObject({ tile: '1m', doubtful: true, rotated: false, reranked: false, group: 0 });
    expect(r.tiles[0]!.score).toBeCloseTo(Math.exp(5) / (Math.exp(5) + Math.exp(3) + 36), 5);
    expect(r.tiles[0]!.alternatives[0]!.tile).toBe('2m');
    expect(r.tiles[0]!.alternatives).toHaveLength(3);
    // every tile is unsure at 0.73 (below UNSURE_VIEWS_BELOW), so a second call reads them from moved boxes
    expect(runner.classifyCalls).toBe(2);
  });

  it('classifies each tile from its box and from test-time scaled boxes, in one call, and averages them', async () => {
    const photo = handPhoto(hand);
    const runner = new CountingRunner(photo.tiles.map((t) => t.box), photo.width, photo.height);
    const r = await recognize(pixelsImageSource(photo.pixels), runner, SPEC, { testTimeScales: [1.15, 0.9], unsureViews: [] });
    expect(runner.counts).toEqual([3 * 14]);
    expect(r.hand).toBe('123m456p789s11177z');
    // every view reads the same class here, so the average is the single view's probability
    const single = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height), SPEC, { testTimeScales: [] });
    r.tiles.forEach((t, k) => expect(t.score).toBeCloseTo(single.tiles[k]!.score, 6));
  });

  it('reads only the unsure tiles again from boxes moved a little, and averages all their views', async () => {
    const photo = handPhoto(hand);
    const boxes = photo.tiles.map((t) => t.box);
    const unsure = new CountingRunner(boxes, photo.width, photo.height);
    const r = await recognize(pixelsImageSource(photo.pixels), unsure, SPEC);
    // 2 views of 14 tiles, then the 4 moved boxes (DEFAULT_UNSURE_VIEWS) of the 14 tiles scoring 0.73 < 0.95
    expect(unsure.counts).toEqual([2 * 14, DEFAULT_UNSURE_VIEWS.length * 14]);
    expect(r.hand).toBe('123m456p789s11177z');
    const sure = new CountingRunner(boxes, photo.width, photo.height);
    const s = await recognize(pixelsImageSource(photo.pixels), sure, SPEC, { unsureBelow: 0.5 });
    expect(sure.counts).toEqual([2 * 14]); // 0.73 is sure enough at 0.5: no second call
    // the fake reads every view alike, so the averages agree
    r.tiles.forEach((t, k) => expect(t.score).toBeCloseTo(s.tiles[k]!.score, 6));
  });

  it('moves a view box by fractions of its width and height after scaling it', () => {
    expect(viewBox([100, 200, 140, 260], { scale: 1 })).toEqual([100, 200, 140, 260]);
    expect(viewBox([100, 200, 140, 260], { scale: 1, dx: -0.05 })).toEqual([98, 200, 138, 260]);
    expect(viewBox([100, 200, 140, 260], { scale: 1, dy: 0.05 })).toEqual([100, 203, 140, 263]);
    expect(viewBox([100, 200, 140, 260], { scale: 1.5, dx: 0.5 })).toEqual([110, 185, 170, 275]);
    expect(testTimeViews({ testTimeScales: [1.2] })).toEqual([{ scale: 1 }, { scale: 1.2 }]);
    expect(testTimeViews({ testTimeScales: [1.2], testTimeViews: [] })).toEqual([{ scale: 1 }]);
  });

  it('crops a sideways tile upright and marks it rotated', async () => {
    const photo = handPhoto(hand.slice(0, 13));
    const last = photo.tiles[12]!;
    // Replace the last tile with a sideways one set apart.
    const x = last.box[2] + 40;
    const side = { box: [x, 615, x + 80, 660] as [number, number, number, number], cls: idx('9m') };
    const tiles = [...photo.tiles, side];
    const pixels = paint(photo.width, photo.height, tiles);
    const r = await recognize(pixelsImageSource(pixels), new FakeRunner(tiles.map((t) => t.box), photo.width, photo.height), SPEC);
    expect(r.tiles).toHaveLength(14);
    expect(r.tiles[13]).toMatchObject({ tile: '9m', rotated: true, group: 1 });
  });

  it('applies the copy rules: a fifth copy is re-ranked and doubtful', async () => {
    const five = [...Array(5).fill(idx('3p')), ...hand.slice(0, 9)];
    const photo = handPhoto(five);
    // Copy rules only: with the shape rule too, this row of unsure tiles (0.73 each) becomes a complete hand.
    const r = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height), SPEC, { jointReading: { shape: false } });
    expect(r.tiles.filter((t) => t.tile === '3p')).toHaveLength(4);
    const moved = r.tiles.filter((t) => t.reranked);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ tile: '4p', doubtful: true });
    const off = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height), SPEC, { handRules: false });
    expect(off.tiles.filter((t) => t.tile === '3p')).toHaveLength(5);
  });

  it('points out a tile-sized gap where a tile may be missing', async () => {
    const photo = handPhoto(hand);
    const kept = photo.tiles.filter((_, k) => k !== 6); // the 7th tile is not detected
    const r = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(kept.map((t) => t.box), photo.width, photo.height), SPEC);
    expect(r.tiles).toHaveLength(13);
    expect(r.tileSizedGaps).toHaveLength(1);
    expect(r.tileSizedGaps[0]!.after).toBe(5);
    expect(r.tileSizedGaps[0]!.box[0]).toBeCloseTo(photo.tiles[5]!.box[2], 0);
    expect(r.notes.map((n) => noteText(n)).join(' ')).toMatch(/after tile 6: a tile may be missing/);
    const full = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height), SPEC);
    expect(full.tileSizedGaps).toEqual([]);
  });

  it("leaves out an end box at the photo's edge that the localiser is unsure of, in a row of a hand's length", async () => {
    // 14 boxes, the last touching the photo's right edge (80 + 13 * 61 + 60 = 933)
    const photo = handPhoto(hand, { width: 933 });
    const boxes = photo.tiles.map((t) => t.box);
    const unsureAtEdge = () => {
      const runner = new FakeRunner(boxes, photo.width, photo.height);
      runner.peaks = boxes.map((_, k) => (k === 13 ? 0.4 : 0.9));
      return runner;
    };
    const runner = unsureAtEdge();
    const cut = await recognize(framedSource(photo.pixels, runner), runner, SPEC);
    expect(cut.hand).toBe('123m456p789s1117z');
    expect(cut.notes.map((n) => n.code)).toContain('TILE_CUT_OFF');
    // the rule off, or the box found surely: kept
    const off = unsureAtEdge();
    expect((await recognize(framedSource(photo.pixels, off), off, SPEC, { cutMaxPeak: 0 })).hand).toBe('123m456p789s11177z');
    const sure = new FakeRunner(boxes, photo.width, photo.height);
    expect((await recognize(framedSource(photo.pixels, sure), sure, SPEC)).hand).toBe('123m456p789s11177z');
    // a row of 13 cannot spare it: kept though unsure
    const short = handPhoto(hand.slice(1), { width: 872 });
    const shortRunner = new FakeRunner(short.tiles.map((t) => t.box), short.width, short.height);
    shortRunner.peaks = short.tiles.map((_, k) => (k === 12 ? 0.4 : 0.9));
    expect((await recognize(framedSource(short.pixels, shortRunner), shortRunner, SPEC)).tiles).toHaveLength(13);
  });

  it('returns an empty result for a photo with no tiles, without running the classifier', async () => {
    const photo = handPhoto([]);
    const runner = new FakeRunner([], photo.width, photo.height);
    const r = await recognize(pixelsImageSource(photo.pixels), runner, SPEC);
    expect(r).toMatchObject({ tiles: [], hand: '', otherBoxes: [] });
    expect(runner.classifyCalls).toBe(0);
  });

  it('warns about an implausible tile count and restricts to a region', async () => {
    const photo = handPhoto(hand);
    const runner = new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height);
    const r = await recognize(framedSource(photo.pixels, runner), runner, SPEC, { region: [0, 0, 80 + 61 * 5, 800] });
    expect(r.tiles).toHaveLength(5);
    expect(noteText(r.notes[0]!)).toMatch(/Found 5 tiles/);
  });

  it('looks again, closer, at a hand row that fills a small part of the photo', async () => {
    // A 3000x2000 photo with a hand of 14 tiles of 100 px: the first look is at 256/3000 scale, the
    // second at the scale of the row's region, and the boxes it reports are in photo pixels.
    const photo = handPhoto(hand, { width: 3000, height: 2000, tileW: 100, discards: 6 });
    const runner = new FakeRunner(photo.all.map((t) => t.box), photo.width, photo.height);
    const r = await recognize(framedSource(photo.pixels, runner), runner, SPEC);
    expect(runner.localizeCalls).toBe(2);
    expect(r.hand).toBe('123m456p789s11177z');
    r.tiles.forEach((t, k) => t.box.forEach((v, j) => expect(v).toBeCloseTo(photo.tiles[k]!.box[j]!, 0)));
    const once = new FakeRunner(photo.all.map((t) => t.box), photo.width, photo.height);
    await recognize(framedSource(photo.pixels, once), once, SPEC, { secondLook: false });
    expect(once.localizeCalls).toBe(1);
  });

  it('uses a matching profile, ignores one of another model, and returns embeddings', async () => {
    const photo = handPhoto(hand);
    const runner = new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height);
    // The fake embedding of class c is (cos c, sin c) and the head ranks 1m then 2m: teach the profile
    // that this embedding is a 2m, and that this set's 1m looks different.
    const c = idx('1m');
    let profile = emptyProfile('fake', 4);
    for (let k = 0; k < 4; k++) profile = addExample(profile, '2m', [Math.cos(c), Math.sin(c), 0, 0]);
    profile = addExample(profile, '1m', [0, 0, 1, 0]);
    const r = await recognize(pixelsImageSource(photo.pixels), runner, SPEC, { profile, modelId: 'fake', includeEmbeddings: true, handRules: false });
    expect(r.usedProfile).toBe(true);
    expect(r.tiles[0]!.tile).toBe('2m');
    // the tile says what the classifier alone read, so the review can tell the player their set changed it; the
    // tiles the profile left as the classifier read them say nothing
    expect(r.tiles[0]!.fromProfile).toBe('1m');
    expect(r.embeddings).toHaveLength(14);
    const other = await recognize(pixelsImageSource(photo.pixels), runner, SPEC, { profile, modelId: 'another' });
    expect(other.usedProfile).toBe(false);
    expect(other.tiles[0]!.tile).toBe('1m');
    expect(other.tiles.some((t) => t.fromProfile)).toBe(false);
    // exactly the tiles the profile read otherwise than the classifier alone (the other model's run, no profile)
    expect(r.tiles.map((t) => t.fromProfile ?? null)).toEqual(r.tiles.map((t, i) => (t.tile !== other.tiles[i]!.tile ? other.tiles[i]!.tile : null)));
    expect(other.notes).toContainEqual({ code: 'PROFILE_OTHER_MODEL' });
  });
});
