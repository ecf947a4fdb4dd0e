// An upside-down row (photographed from across the table) comes out in the player's order (src/vision/orientation.ts).
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/vision/detect.ts';
import { parseModelSpec } from '../../src/vision/modelSpec.ts';
import { rowOrientation, TILE_VOTE_MIN_TILES } from '../../src/vision/orientation.ts';
import { pixelsImageSource } from '../../src/vision/pipeline.ts';
import { createPixels, type Pixels } from '../../src/vision/pixels.ts';
import { CLASSES, FakeRunner, handPhoto, paint, recognize, SPEC, SPEC_JSON } from './fakeModels.ts';

const TILE_VOTE_MARGIN = 8;
/** The fake models' spec with a classifier that has the `turned` output. */
const TURNED_SPEC = parseModelSpec({ ...SPEC_JSON, classifier: { ...SPEC_JSON.classifier, outputs: { turned: { name: 'turned', row_margin: TILE_VOTE_MARGIN } } } });

const idx = (code: string) => CLASSES.indexOf(code);
const row = (y: number, n: number, w = 60, h = 80): Box[] => Array.from({ length: n }, (_, k) => [100 + k * (w + 1), y, 100 + k * (w + 1) + w, y + h]);

describe('rowOrientation', () => {
  const hand = row(300, 14);
  it('calls a row upside down when the rest of the table lies clearly below it and none above', () => {
    expect(rowOrientation(hand, [row(600, 6, 40, 30)])).toMatchObject({ upsideDown: true, above: 0, below: 6, belowInOneRow: 6 });
    expect(rowOrientation(hand, [row(100, 6, 40, 30)])).toMatchObject({ upsideDown: false, above: 6, below: 0 });
  });

  it('keeps the photo\'s order on no clear evidence', () => {
    // nothing else in view; tiles on both sides; a reflection right under the hand; too few tiles below
    expect(rowOrientation(hand, []).upsideDown).toBe(false);
    expect(rowOrientation(hand, [row(600, 6, 40, 30), row(100, 2, 40, 30)]).upsideDown).toBe(false);
    expect(rowOrientation(hand, [row(381, 14)]).upsideDown).toBe(false);
    expect(rowOrientation(hand, [row(600, 2, 40, 30)]).upsideDown).toBe(false);
  });

  it('counts tiles below only when enough of them lie in one row', () => {
    // boxes found on bare table lie scattered: three below, in rows of two and one, are no evidence
    const scattered = [row(600, 2, 40, 30), [[900, 600, 940, 630] as Box]];
    expect(rowOrientation(hand, scattered)).toMatchObject({ upsideDown: false, below: 3, belowInOneRow: 2, by: 'none' });
    expect(rowOrientation(hand, [row(600, 3, 40, 30)])).toMatchObject({ upsideDown: true, below: 3, belowInOneRow: 3, by: 'table' });
  });

  it('lets the tiles vote only where the table gives no evidence', () => {
    const each = (v: number, n = 14) => Array.from({ length: n }, () => v);
    const over = (TILE_VOTE_MARGIN + 1) / 14;
    // nothing else in view: the sum of the turned logits decides
    expect(rowOrientation(hand, [], each(over), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: true, by: 'tiles' });
    expect(rowOrientation(hand, [], each(over), TILE_VOTE_MARGIN).tileVote).toBeCloseTo(TILE_VOTE_MARGIN + 1, 5);
    expect(rowOrientation(hand, [], each((TILE_VOTE_MARGIN - 0.5) / 14), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: false, by: 'tiles' });
    expect(rowOrientation(hand, [], each(-3), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: false, by: 'tiles' });
    // two tiles below are not enough for the table, so the tiles still vote
    expect(rowOrientation(hand, [row(600, 2, 40, 30)], each(over), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: true, by: 'tiles', below: 2 });
    // too few voting tiles: no verdict, the photo's order
    expect(rowOrientation(hand, [], each(100, TILE_VOTE_MIN_TILES - 1), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: false, by: 'none' });
    expect(rowOrientation(hand, [])).toMatchObject({ upsideDown: false, by: 'none' });
    // a classifier without the head's margin: the vote is counted but never turns the row
    expect(rowOrientation(hand, [], each(100))).toMatchObject({ upsideDown: false, by: 'tiles' });
    // the table's evidence wins over any vote: tiles above (upright), or enough below and none above
    expect(rowOrientation(hand, [row(100, 1, 40, 30)], each(100), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: false, by: 'table' });
    expect(rowOrientation(hand, [row(600, 6, 40, 30)], each(-100), TILE_VOTE_MARGIN)).toMatchObject({ upsideDown: true, by: 'table' });
    expect(rowOrientation(hand, [row(600, 6, 40, 30)], each(-100), TILE_VOTE_MARGIN).tileVote).toBeUndefined();
  });
});

/** The photo turned 180 degrees, and the boxes with it. */
function turned(p: Pixels, boxes: Box[]): { pixels: Pixels; boxes: Box[] } {
  const out = createPixels(p.width, p.height, 3);
  const N = p.width * p.height;
  for (let i = 0; i < N; i++) for (let c = 0; c < 3; c++) out.data[(N - 1 - i) * 3 + c] = p.data[i * 3 + c]!;
  return { pixels: out, boxes: boxes.map(([x0, y0, x1, y1]) => [p.width - x1, p.height - y1, p.width - x0, p.height - y0]) };
}

describe('an upside-down hand row in the pipeline (fake models)', () => {
  const hand = ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z', '1z', '1z', '7z', '7z'].map(idx);
  // the hand row near the bottom, six discards beyond it (above in the photo)
  const photo = handPhoto(hand, { discards: 6 });

  it('reads a row photographed from the player\'s seat left to right', async () => {
    const runner = new FakeRunner(photo.all.map((t) => t.box), photo.width, photo.height);
    const r = await recognize(pixelsImageSource(photo.pixels), runner, SPEC, { handRules: false });
    expect(r.upsideDown).toBe(false);
    expect(r.orientation).toMatchObject({ above: 6, below: 0 });
    expect(r.hand).toBe('123m456p789s11177z');
  });

  it('lists a row photographed from across the table in the player\'s order, right to left in the photo', async () => {
    const t = turned(photo.pixels, photo.all.map((x) => x.box));
    const runner = new FakeRunner(t.boxes, photo.width, photo.height);
    const r = await recognize(pixelsImageSource(t.pixels), runner, SPEC, { handRules: false, includeEmbeddings: true, secondLook: false });
    expect(r.upsideDown).toBe(true);
    expect(r.hand).toBe('123m456p789s11177z');
    // the player's first tile is the rightmost in the photo; boxes stay in photo pixels
    const handBoxes = t.boxes.slice(6);
    r.tiles.forEach((tile, k) => tile.box.forEach((v, j) => expect(v).toBeCloseTo(handBoxes[k]![j]!, 0)));
    expect(r.tiles[0]!.box[0]).toBeGreaterThan(r.tiles[13]!.box[0]);
    // the embeddings come in the same order (the fake embedding of class c is (cos c, sin c, 0, 0))
    expect(r.embeddings![0]![1]).toBeCloseTo(Math.sin(idx('1m')), 5);
    expect(r.embeddings![13]![1]).toBeCloseTo(Math.sin(idx('7z')), 5);
    expect(r.notes).toContainEqual({ code: 'UPSIDE_DOWN' });
    // asked not to look: the photo's order
    const plain = await recognize(pixelsImageSource(t.pixels), new FakeRunner(t.boxes, photo.width, photo.height), SPEC, { handRules: false, orientation: false, secondLook: false });
    expect(plain.upsideDown).toBe(false);
    expect(plain.hand).toBe('77111z987s654p321m');
  });

  it('turns a row photographed alone when the classifier\'s turned logits say so, and only then', async () => {
    const alone = handPhoto(hand);
    const t = turned(alone.pixels, alone.all.map((x) => x.box));
    const read = async (logit: number | null) => {
      const runner = new FakeRunner(t.boxes, alone.width, alone.height, TURNED_SPEC);
      runner.turnedLogit = logit;
      return recognize(pixelsImageSource(t.pixels), runner, TURNED_SPEC, { handRules: false, secondLook: false });
    };
    const voted = await read(1 + TILE_VOTE_MARGIN / 14);
    expect(voted).toMatchObject({ upsideDown: true, hand: '123m456p789s11177z', orientation: { by: 'tiles', above: 0, below: 0 } });
    expect(voted.orientation!.tileVote).toBeCloseTo(14 + TILE_VOTE_MARGIN, 4);
    // an upright vote, or a classifier without the output: the photo's order
    expect(await read(-1)).toMatchObject({ upsideDown: false, hand: '77111z987s654p321m', orientation: { by: 'tiles' } });
    expect(await read(null)).toMatchObject({ upsideDown: false, hand: '77111z987s654p321m', orientation: { by: 'none' } });
  });

  it("takes each tile's vote as the mean of its views, so one view's outlier does not turn the row", async () => {
    const alone = handPhoto(hand);
    const t = turned(alone.pixels, alone.all.map((x) => x.box));
    const runner = new FakeRunner(t.boxes, alone.width, alone.height, TURNED_SPEC);
    // The boxes themselves (the first half of the one classifier call) vote turned over the margin; the 1.15 view
    // (the second half) votes upright: the mean is half the margin.
    runner.turnedLogitAt = (k, count) => (k < count / 2 ? 1 + TILE_VOTE_MARGIN / 14 : -1);
    const r = await recognize(pixelsImageSource(t.pixels), runner, TURNED_SPEC, { handRules: false, secondLook: false, unsureBelow: 0 });
    expect(runner.classifyCalls).toBe(1);
    expect(r.orientation).toMatchObject({ by: 'tiles', upsideDown: false });
    expect(r.orientation!.tileVote).toBeCloseTo(TILE_VOTE_MARGIN / 2, 4);
  });

  it('keeps an upright row in the photo\'s order when the boxes below it lie scattered', async () => {
    // The hand row with three tile-sized boxes far below it on bare table, two together and one apart (as the
    // browser's localiser found under one render): no row of three below, so the table says nothing.
    const upright = handPhoto(hand, { height: 1200 });
    const below = (xs: number[]) => xs.map((x): Box => [x, 1000, x + 60, 1080]);
    const read = (extra: Box[]) => {
      const boxes = [...upright.tiles.map((t) => t.box), ...extra];
      const pixels = paint(upright.width, upright.height, [...upright.tiles, ...extra.map((box) => ({ box, cls: 0 }))]);
      return recognize(pixelsImageSource(pixels), new FakeRunner(boxes, upright.width, upright.height), SPEC, { handRules: false, secondLook: false });
    };
    const scattered = await read(below([300, 361, 900]));
    expect(scattered.orientation).toMatchObject({ below: 3, belowInOneRow: 2, by: 'none' });
    expect(scattered).toMatchObject({ upsideDown: false, hand: '123m456p789s11177z' });
    // the same three boxes side by side are a row: the table's evidence
    const inRow = await read(below([300, 361, 422]));
    expect(inRow.orientation).toMatchObject({ below: 3, belowInOneRow: 3, by: 'table' });
    expect(inRow.upsideDown).toBe(true);
  });

  it('leaves tile backs out of the vote', async () => {
    const withBacks = handPhoto([...hand.slice(0, 3), idx('back'), idx('back'), idx('back'), idx('back')]);
    const runner = new FakeRunner(withBacks.all.map((x) => x.box), withBacks.width, withBacks.height, TURNED_SPEC);
    runner.turnedLogit = 1 + TILE_VOTE_MARGIN;
    const r = await recognize(pixelsImageSource(withBacks.pixels), runner, TURNED_SPEC, { handRules: false, secondLook: false, loneBackCheck: false });
    // 3 face tiles vote: fewer than TILE_VOTE_MIN_TILES, so no verdict
    expect(r.orientation).toMatchObject({ by: 'none' });
    expect(r.upsideDown).toBe(false);
  });
});
