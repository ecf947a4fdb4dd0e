import { describe, expect, it } from 'vitest';
import { EXTRA_TILES, kansInRow, loneTileBacks, tilesBeyondAHand } from '../../src/vision/extraTiles.ts';
import { parseHandString } from '../../src/vision/tiles.ts';
import { addExample, emptyProfile } from '../../src/vision/prototypes.ts';
import { pixelsImageSource } from '../../src/vision/pipeline.ts';
import { CLASSES, colourOf, FakeRunner, handPhoto, recognize, SPEC } from './fakeModels.ts';

const tiles = (hand: string) => parseHandString(hand)! as string[];
const sure = (n: number) => Array.from({ length: n }, () => 0.97);

describe('more tiles than a hand holds', () => {
  it('leaves out the least sure box of a 15-tile row without kans', () => {
    const row = tiles('123m456p789s11177z4s');
    const scores = sure(15);
    const detections = sure(15);
    scores[7] = 0.3; // a box between two tiles, read without conviction
    scores[14] = 0.6;
    expect(tilesBeyondAHand(row, scores, detections)).toEqual([7]);
  });

  it('weighs the localiser peak with the classifier probability', () => {
    const row = tiles('123m456p789s11177z4s');
    const scores = sure(15);
    const detections = sure(15);
    detections[3] = 0.33; // the back of a tile of the row behind, read confidently as a back
    scores[10] = 0.6;
    expect(tilesBeyondAHand(row, scores, detections)).toEqual([3]);
  });

  it('never drops a confident tile to make the count fit', () => {
    expect(tilesBeyondAHand(tiles('123m456p789s11177z4s'), sure(15), sure(15))).toEqual([]);
    const scores = sure(15);
    scores[2] = EXTRA_TILES.dropBelow / 0.97 + 0.01;
    expect(tilesBeyondAHand(tiles('123m456p789s11177z4s'), scores, sure(15))).toEqual([]);
  });

  it('leaves a row of 13 or 14 tiles alone, however unsure', () => {
    const low = (n: number) => Array.from({ length: n }, () => 0.1);
    expect(tilesBeyondAHand(tiles('123m456p789s1177z'), low(14), low(14))).toEqual([]);
    expect(tilesBeyondAHand(tiles('123m456p789s117z'), low(13), low(13))).toEqual([]);
  });

  it('allows one more tile per kan: four of a kind side by side (a red five counts as its five), two backs', () => {
    expect(kansInRow(tiles('1111m456p789s11177z')).kans).toBe(1);
    expect(kansInRow(tiles('5505m456p789s11177z')).kans).toBe(1);
    expect(kansInRow(['back', '7z', '7z', 'back', ...tiles('123m456p789s11z')]).kans).toBe(1);
    expect(kansInRow(tiles('11111m')).kans).toBe(1);
    const withKan = tiles('1111m456p789s11177z');
    const low = sure(15);
    low[6] = 0.2;
    expect(tilesBeyondAHand(withKan, low, sure(15))).toEqual([]);
    // a kan and still one tile too many: the doubtful one goes, never a tile of the kan
    const extra = [...withKan, '3s'];
    const scores = sure(16);
    scores[0] = 0.1;
    scores[15] = 0.2;
    expect(tilesBeyondAHand(extra, scores, sure(16))).toEqual([15]);
  });

  it('drops as many boxes as the row has too many, least sure first, and reports them in row order', () => {
    const row = tiles('123m456p789s11177z4s5s');
    const scores = sure(16);
    scores[12] = 0.2;
    scores[1] = 0.1;
    scores[5] = 0.3;
    expect(tilesBeyondAHand(row, scores, sure(16))).toEqual([1, 12]);
  });

  it('in the pipeline: a doubtful box in a 15-tile row is left out of the hand, kept among the other boxes, with a warning', async () => {
    const hand = ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '1z', '7z', '7z'].map((c) => CLASSES.indexOf(c));
    // a colour the fake classifier knows no class for: every class equally likely
    const unknown = Math.round((255 - 20) / 5);
    const photo = handPhoto([...hand.slice(0, 7), unknown, ...hand.slice(7)]);
    const boxes = photo.tiles.map((t) => t.box);
    const r = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC);
    expect(r.hand).toBe('123m456p789s11177z');
    expect(r.tiles).toHaveLength(14);
    expect(r.otherBoxes.some((b) => b.every((v, i) => Math.abs(v - boxes[7]![i]!) < 1))).toBe(true);
    expect(r.notes.filter((n) => n.code === 'EXTRA_BOXES')).toHaveLength(1);
    const kept = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC, { extraTileCheck: false });
    expect(kept.tiles).toHaveLength(15);
  });
});

describe('a tile back standing alone', () => {
  it('finds backs with no other back within three tiles; the two backs of a closed kan stand together', () => {
    const hand = tiles('123m456p789s11z');
    expect(loneTileBacks([...hand, 'back', '7z', '7z', 'back'])).toEqual([]); // ends face down
    expect(loneTileBacks([...hand, '7z', 'back', 'back', '7z'])).toEqual([]); // middle face down
    expect(loneTileBacks(['back', ...hand, '7z', '7z', '7z'])).toEqual([0]); // the table past the row's end
    expect(loneTileBacks([...hand.slice(0, 6), 'back', ...hand.slice(6)])).toEqual([6]); // a gap between groups
    // two lone backs far apart are both lone; a misread kan back (its partner read 5z) is lone too
    expect(loneTileBacks(['back', ...hand, 'back'])).toEqual([0, 12]);
    expect(loneTileBacks([...hand, 'back', '7z', '7z', '5z'])).toEqual([11]);
  });

  it('in the pipeline: a lone back is left out of the hand, kept among the other boxes, with a warning; a closed kan is kept', async () => {
    const code = (c: string) => CLASSES.indexOf(c);
    const hand = ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '7z', '7z', '7z'].map(code);
    const photo = handPhoto([code('back'), ...hand]);
    const boxes = photo.tiles.map((t) => t.box);
    const r = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC);
    expect(r.hand).toBe('123m456p789s11777z');
    expect(r.loneBacks).toHaveLength(1);
    expect(r.otherBoxes.some((b) => b.every((v, i) => Math.abs(v - boxes[0]![i]!) < 1))).toBe(true);
    expect(r.notes.filter((n) => n.code === 'LONE_BACKS')).toHaveLength(1);
    const kept = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC, { loneBackCheck: false });
    expect(kept.tiles).toHaveLength(15);
    // a closed kan shown with its ends face down: both backs stay
    const kan = handPhoto([...hand.slice(0, 11), code('back'), code('7z'), code('7z'), code('back')]);
    const k = await recognize(pixelsImageSource(kan.pixels), new FakeRunner(kan.tiles.map((t) => t.box), kan.width, kan.height), SPEC);
    expect(k.tiles.map((t) => t.tile)).toEqual([...hand.slice(0, 11).map((c) => CLASSES[c]), 'back', '7z', '7z', 'back']);
    expect(k.loneBacks).toEqual([]);
  });

  it('in the pipeline: a box read as a lone back whose border is the row\'s face material is kept, doubtful, as its best face', async () => {
    const code = (c: string) => CLASSES.indexOf(c);
    const hand = ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '7z', '7z'].map(code);
    const photo = handPhoto([...hand, code('back')]);
    // the last tile: the faces' median colour around a centre the fake classifier reads as a back
    const faces = hand.map(colourOf);
    const material = [0, 1, 2].map((c) => faces.map((f) => f[c]!).sort((a, b) => a - b)[Math.floor(faces.length / 2)]!);
    const [x0, y0, x1, y1] = photo.tiles[13]!.box.map(Math.round) as [number, number, number, number];
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const inner = (x - x0) / (x1 - x0) > 0.25 && (x - x0) / (x1 - x0) < 0.75 && (y - y0) / (y1 - y0) > 0.25 && (y - y0) / (y1 - y0) < 0.75;
        photo.pixels.data.set(inner ? colourOf(code('back')) : material, (y * photo.width + x) * 3);
      }
    }
    const boxes = photo.tiles.map((t) => t.box);
    const r = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC);
    expect(r.tiles).toHaveLength(14);
    expect(r.loneBacks).toEqual([]);
    const kept = r.tiles[13]!;
    expect(kept.tile).not.toBe('back');
    expect(kept.doubtful).toBe(true);
    expect(r.notes.filter((n) => n.code === 'FACE_NOT_BACK')).toEqual([{ code: 'FACE_NOT_BACK', params: { count: 1, tiles: kept.tile } }]);
    expect(r.notes.some((n) => n.code === 'LONE_BACKS')).toBe(false);
    // with the player's set profile in use, the tile kept is not said to be the set's doing
    const profile = addExample(emptyProfile('fake', 4), '9p', [0, 0, 1, 0]);
    const withProfile = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC, { profile, modelId: 'fake' });
    expect(withProfile.usedProfile).toBe(true);
    expect(withProfile.tiles[13]!.tile).toBe(kept.tile);
    expect(withProfile.tiles[13]!.fromProfile).toBeUndefined();
    // without the check, or with a back of the back's own colour all over, it is left out as before
    const off = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(boxes, photo.width, photo.height), SPEC, { faceNotBackCheck: false });
    expect(off.tiles).toHaveLength(13);
    expect(off.loneBacks).toHaveLength(1);
    const plain = handPhoto([...hand, code('back')]);
    const p = await recognize(pixelsImageSource(plain.pixels), new FakeRunner(plain.tiles.map((t) => t.box), plain.width, plain.height), SPEC);
    expect(p.tiles).toHaveLength(13);
    expect(p.notes.some((n) => n.code === 'FACE_NOT_BACK')).toBe(false);
  });
});
