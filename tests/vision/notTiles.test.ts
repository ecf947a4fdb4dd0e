// No tiles where there are none: the rules of notTiles.ts with fake models, and the committed models on generated
// photos without tiles (stripes as a damaged or glitched image shows them, a page of text-like marks, noise).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/vision/detect.ts';
import { noteText, type RecognitionNote } from '../../src/vision/notes.ts';
import { boxTooSmallOrOddlyShaped, NOT_TILES, rowLooksLikeNoTiles as judgeRow } from '../../src/vision/notTiles.ts';
import { pixelsImageSource } from '../../src/vision/pipeline.ts';
import { createPixels, type Pixels } from '../../src/vision/pixels.ts';
import { FakeRunner, handPhoto, paint, recognize, SPEC } from './fakeModels.ts';
import { haveModels, useCommittedRecognizer } from './committedModels.ts';
import { blankCardsSvg, playingCardsSvg } from '../no-tile-photos.mjs';

/** The reason a row is no row of tiles, as said in English (null: it may be one). */
const said = (note: RecognitionNote | null | undefined) => (note ? noteText(note) : null);
const rowLooksLikeNoTiles = (...args: Parameters<typeof judgeRow>) => said(judgeRow(...args));

describe('boxes and rows that are not tiles', () => {
  it('drops boxes too small for the photo or not shaped like a tile', () => {
    expect(boxTooSmallOrOddlyShaped([100, 100, 103, 104], 1600, 1200)).toBe(true); // 3 px wide
    expect(boxTooSmallOrOddlyShaped([100, 100, 110, 113], 4000, 3000)).toBe(true); // 10 px in a 12 MP photo
    expect(boxTooSmallOrOddlyShaped([100, 100, 160, 180], 1600, 1200)).toBe(false); // upright tile
    expect(boxTooSmallOrOddlyShaped([100, 100, 180, 160], 1600, 1200)).toBe(false); // sideways tile
    expect(boxTooSmallOrOddlyShaped([100, 100, 110, 200], 1600, 1200)).toBe(true); // a sliver
  });

  const row = (n: number, h = 80): Box[] => Array.from({ length: n }, (_, i) => [i * 62, 0, i * 62 + 60, h]);

  it('knows a row of unsure or oddly shaped boxes is not a row of tiles', () => {
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.8), Array(14).fill(0.9))).toBeNull();
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.4), Array(14).fill(0.9))).toMatch(/localiser is unsure/);
    expect(rowLooksLikeNoTiles(row(8), Array(8).fill(0.6), Array(8).fill(0.45))).toMatch(/neither model/);
    expect(rowLooksLikeNoTiles(row(1), [0.55], [0.95])).toMatch(/only 1 tile-like box/);
    // a hand-sized row the localiser is unsure of stands when the classifier reads most of it without doubt...
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.6), [...Array(9).fill(0.95), ...Array(5).fill(0.45)])).toBeNull();
    // ...and falls when it doubts most of it (a patterned wallpaper, a grey photo of a camera)
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.6), [...Array(5).fill(0.95), ...Array(9).fill(0.45)])).toMatch(/doubts 64%/);
    // the localiser sure of the row: the classifier's doubt alone does not make it no tiles (an unseen tile set)
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.75), Array(14).fill(0.45))).toBeNull();
    // shorter than a hand: a quarter doubted is enough (coins)
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.65), [0.9, 0.9, 0.9, 0.9, 0.5, 0.5])).toMatch(/doubts 33%/);
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.65), Array(6).fill(0.9))).toBeNull();
  });

  it('an unsure short row read as five of one kind is no row of tiles: a set holds four (coins read as white dragons)', () => {
    const six = Array(6).fill(0.9);
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.66), six, 6, NOT_TILES, ['5z', '5z', '5z', '5z', '5z', '5z'])).toMatch(/6 of 5z, more than a set holds/);
    // red fives count with their plain five; backs are no kind
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.66), six, 6, NOT_TILES, ['5p', '0p', '5p', '5p', '5p', '1m'])).toMatch(/5 of 5p/);
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.66), six, 6, NOT_TILES, ['back', 'back', 'back', '1m', '1m', '1m'])).toBeNull();
    // four of a kind is a kan; a sure localiser is left to the other rules
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.66), six, 6, NOT_TILES, ['1p', '1p', '1p', '1p', '1m', '1m'])).toBeNull();
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.75), six, 6, NOT_TILES, Array(6).fill('1p'))).toBeNull();
    // a row as long as a hand too (session 47: screenshots of text gave rows of 15 read as ten or eleven white dragons)
    expect(rowLooksLikeNoTiles(row(15), Array(15).fill(0.52), Array(15).fill(0.9), 15, NOT_TILES, [...Array(11).fill('5z'), '1s', 'back', 'back', '3z'])).toMatch(/11 of 5z, more than a set holds/);
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.75), Array(14).fill(0.9), 14, NOT_TILES, Array(14).fill('5z'))).toBeNull();
  });

  it('a short row read mostly as White dragons is no row of tiles, however sure the models are (the panels of a chart)', () => {
    const sure = (n: number) => Array(n).fill(0.97);
    // matplotlib's 3-D charts: four panels read as 5555z at 0.95-0.98, the localiser at 0.78
    expect(rowLooksLikeNoTiles(row(4), Array(4).fill(0.78), sure(4), 4, NOT_TILES, ['5z', '5z', '5z', '5z'])).toBe('4 of 4 read as White dragons, as blank shapes do: a set holds four, and a hand shows at least 14 tiles');
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.75), sure(7), 7, NOT_TILES, ['5z', '5z', '5z', '5z', '7m', '7m', '7m'])).toMatch(/4 of 7 read as White dragons/);
    // half or fewer: a pung of White dragons among a few tiles found is left alone
    expect(rowLooksLikeNoTiles(row(6), Array(6).fill(0.8), sure(6), 6, NOT_TILES, ['5z', '5z', '5z', '1m', '2m', '3m'])).toBeNull();
    // a row as long as a hand holds at most four of them, which is not most of it
    expect(rowLooksLikeNoTiles(row(12), Array(12).fill(0.8), sure(12), 12, NOT_TILES, [...Array(4).fill('5z'), ...Array(8).fill('2p')])).toBeNull();
    // in French too
    expect(noteText(judgeRow(row(4), Array(4).fill(0.78), sure(4), 4, NOT_TILES, ['5z', '5z', '5z', '5z'])!, 'fr')).toBe('4 sur 4 se lisent comme des dragons blancs, comme toute forme vide\u00a0: un jeu en contient quatre, et une main montre au moins 14 tuiles');
  });

  it('a short row that looks like no kind of tile and is mostly doubted is no row of tiles, however sure the localiser is (playing cards)', () => {
    const kinds = (n: number) => Array.from({ length: n }, (_, i) => ['0p', '0m', '8m', '2p', '0s', '5z', '4p'][i % 7]!);
    // seven cards laid side by side: the localiser at 0.73, five of seven doubted, each box's best cosine 0.16-0.30
    const doubted = [0.45, 0.68, 0.52, 0.9, 0.6, 0.86, 0.41];
    const unlike = [0.24, 0.16, 0.3, 0.22, 0.26, 0.19, 0.28];
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.73), doubted, 7, NOT_TILES, kinds(7), 'hand', unlike)).toBe(
      'they look like no kind of tile the classifier knows (likeness 0.24, under 0.30) and it doubts 71% of them',
    );
    expect(noteText(judgeRow(row(7), Array(7).fill(0.73), doubted, 7, NOT_TILES, kinds(7), 'hand', unlike)!, 'fr')).toBe(
      'elles ne ressemblent à aucune sorte de tuile que le classifieur connaît (ressemblance 0,24, sous 0,30) et il doute de 71\u00a0% d’entre elles',
    );
    // tiles of a set the classifier has seen nothing like still look like tiles (short rows of held-out art: 0.36 and up)
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.73), doubted, 7, NOT_TILES, kinds(7), 'hand', unlike.map((c) => c + 0.12))).toBeNull();
    // unlike any tile but read mostly without doubt: left alone (three of seven doubted)
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.73), [0.45, 0.9, 0.95, 0.9, 0.6, 0.86, 0.41], 7, NOT_TILES, kinds(7), 'hand', unlike)).toBeNull();
    // a row as long as a hand is left to the other lines (a render of 14 tiles the classifier cannot read: 0.27, 93% doubted)
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.73), Array(14).fill(0.5), 14, NOT_TILES, kinds(14), 'hand', Array(14).fill(0.27))).toBeNull();
    // a photo of dora indicators is left alone: one unsure tile of a set read poorly is the whole row there
    expect(rowLooksLikeNoTiles(row(2), [0.73, 0.75], [0.45, 0.6], 2, NOT_TILES, ['3m', '7p'], 'indicators', [0.22, 0.25])).toBeNull();
    // without likenesses (a caller that has none) the line is not used
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.73), doubted, 7, NOT_TILES, kinds(7), 'hand')).toBeNull();
  });

  it('an unsure row read mostly as tile backs is no hand: a hand shows backs only in a closed kan (a wine glass read as six backs)', () => {
    const backs = (n: number, faces: string[]) => [...Array(n).fill('back'), ...faces];
    const sure = (n: number) => Array(n).fill(0.95);
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.58), sure(7), 7, NOT_TILES, backs(6, ['2p']))).toMatch(/6 of 7 read as tile backs/);
    // half backs or fewer: two closed kans' backs in a row of eight are left alone
    expect(rowLooksLikeNoTiles(row(8), Array(8).fill(0.58), sure(8), 8, NOT_TILES, backs(4, ['1m', '1m', '2p', '2p']))).toBeNull();
    // a closed kan in a hand: two backs among fourteen
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.6), sure(14), 14, NOT_TILES, backs(2, ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '2z', '2z', '2z']))).toBeNull();
    // a localiser sure of them (real tile backs) is left to the other rules
    expect(rowLooksLikeNoTiles(row(7), Array(7).fill(0.8), sure(7), 7, NOT_TILES, backs(7, []))).toBeNull();
  });

  it('one to three boxes are no hand however sure both models are (a hand shows at least 14 tiles)', () => {
    for (const n of [1, 2, 3]) expect(rowLooksLikeNoTiles(row(n), Array(n).fill(0.9), Array(n).fill(0.99))).toMatch(new RegExp(`only ${n} tile-like box`));
    expect(rowLooksLikeNoTiles(row(4), Array(4).fill(0.9), Array(4).fill(0.99))).toBeNull();
    expect(rowLooksLikeNoTiles([], [], [])).toBeNull();
  });

  it('a photo of dora indicators may show one to three tiles; there only one or two unsure boxes are none', () => {
    const ind = (n: number, det: number) => rowLooksLikeNoTiles(row(n), Array(n).fill(det), Array(n).fill(0.99), n, NOT_TILES, [], 'indicators');
    for (const n of [1, 2, 3]) expect(ind(n, 0.9)).toBeNull();
    expect(ind(1, 0.55)).toMatch(/only 1 unsure box/);
    expect(ind(2, 0.58)).toMatch(/only 2 unsure boxes/);
    expect(ind(3, 0.45)).toMatch(/localiser is unsure/);
  });

  it('a hand photo of three tiles gives none, a dora photo of the same three tiles gives them', async () => {
    const photo = handPhoto([0, 9, 18]);
    const runner = () => new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height);
    const hand = await recognize(pixelsImageSource(photo.pixels), runner(), SPEC);
    expect(hand.tiles).toEqual([]);
    expect(said(hand.notTiles)).toMatch(/only 3 tile-like boxes, and a hand shows at least 14 tiles/);
    const dora = await recognize(pixelsImageSource(photo.pixels), runner(), SPEC, { photoOf: 'indicators' });
    expect(dora.tiles.map((t) => t.tile)).toEqual(['1m', '1p', '1s']);
    // the player may still ask for what a hand photo held
    expect((await recognize(pixelsImageSource(photo.pixels), runner(), SPEC, { noTileCheck: false })).tiles).toHaveLength(3);
  });

  it('knows more unsure boxes than a hand holds, or hundreds in the photo, are not tiles', () => {
    const row = (n: number): Box[] => Array.from({ length: n }, (_, i) => [i * 62, 0, i * 62 + 60, 80]);
    // a printed page: lines of text read as 22 confident blank white dragons the localiser is unsure of
    expect(rowLooksLikeNoTiles(row(22), Array(22).fill(0.56), Array(22).fill(0.95))).toMatch(/22 unsure boxes in a row/);
    expect(rowLooksLikeNoTiles(row(18), Array(18).fill(0.56), Array(18).fill(0.95))).toBeNull(); // a hand with four kans
    expect(rowLooksLikeNoTiles(row(22), Array(22).fill(0.8), Array(22).fill(0.95))).toBeNull(); // sure boxes (two rows?)
    // a printed grid: a row of 36 sure "tile backs" among 1,200 boxes
    expect(rowLooksLikeNoTiles(row(36), Array(36).fill(0.75), Array(36).fill(0.99), 1214)).toMatch(/1214 boxes in the photo/);
    expect(rowLooksLikeNoTiles(row(14), Array(14).fill(0.8), Array(14).fill(0.99), 136)).toBeNull(); // a whole game in view
  });

  it('gives no tiles for a damaged image whose "tiles" are 2-3 px wide', async () => {
    const photo = handPhoto([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const tiny: Box[] = Array.from({ length: 14 }, (_, i) => [100 + i * 4, 400, 103 + i * 4, 404]);
    const pixels = paint(photo.width, photo.height, tiny.map((box) => ({ box, cls: 0 })));
    const r = await recognize(pixelsImageSource(pixels), new FakeRunner(tiny, photo.width, photo.height), SPEC);
    expect(r.tiles).toEqual([]);
    expect(r.otherBoxes).toEqual([]);
    // the same row at tile size is read
    const ok = await recognize(pixelsImageSource(photo.pixels), new FakeRunner(photo.tiles.map((t) => t.box), photo.width, photo.height), SPEC);
    expect(ok.tiles).toHaveLength(14);
  });
});

/** Deterministic pseudo-random bytes. */
function lcg(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function stripes(width: number, height: number): Pixels {
  const rand = lcg(3);
  const p = createPixels(width, height, 3);
  for (let x = 0; x < width; x += 3) {
    const c = [rand() * 255, rand() * 255, rand() * 255];
    for (let y = 0; y < height; y++) for (let dx = 0; dx < 3 && x + dx < width; dx++) p.data.set(c, (y * width + x + dx) * 3);
  }
  return p;
}

function page(width: number, height: number): Pixels {
  const rand = lcg(5);
  const p = createPixels(width, height, 3, 245);
  for (let y = 60; y + 24 < height; y += 40) {
    for (let x = 50; x < width - 150; ) {
      const w = 20 + Math.floor(rand() * 100);
      for (let yy = y; yy < y + 22; yy++) for (let xx = x; xx < x + w; xx++) if ((xx * 7 + yy * 3) % 5 < 2) p.data.set([20, 20, 20], (yy * width + xx) * 3);
      x += w + 20;
    }
  }
  return p;
}

function noise(width: number, height: number): Pixels {
  const rand = lcg(9);
  const p = createPixels(width, height, 3);
  for (let i = 0; i < p.data.length; i++) p.data[i] = rand() * 255;
  return p;
}


describe.skipIf(!haveModels)('the committed models on photos without tiles', () => {
  const recognizer = useCommittedRecognizer();

  for (const [name, make] of [['stripes', stripes], ['a page of text-like marks', page], ['noise', noise]] as const) {
    it(`finds no tiles in ${name}`, async () => {
      const r = await recognizer().recognize(pixelsImageSource(make(1600, 1200)));
      expect(r.tiles).toEqual([]);
    }, 60_000);
  }

  it('finds no tiles in a row of playing cards, which it reads as tiles when asked anyway', async () => {
    const jpeg = await sharp(Buffer.from(playingCardsSvg())).jpeg().toBuffer();
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const cards: Pixels = { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
    const r = await recognizer().recognize(pixelsImageSource(cards));
    expect(r.tiles).toEqual([]);
    expect(r.notTiles?.code).toBe('UNLIKE_ANY_TILE');
    expect(said(r.notTiles)).toMatch(/look like no kind of tile/);
    const anyway = await recognizer().recognize(pixelsImageSource(cards), { noTileCheck: false });
    expect(anyway.tiles.length).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('says why boxes were judged no row of tiles, and gives them when asked (noTileCheck false)', async () => {
    // a grid of blank cards on a dark cloth (as the app's end-to-end test draws it): boxes the localiser is unsure of
    const { data, info } = await sharp(Buffer.from(blankCardsSvg())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const grid: Pixels = { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
    const r = await recognizer().recognize(pixelsImageSource(grid));
    expect(r.tiles).toEqual([]);
    expect(said(r.notTiles)).toMatch(/localiser is unsure/);
    expect(r.notes).toContainEqual({ code: 'NO_TILES', params: { why: r.notTiles } });
    const anyway = await recognizer().recognize(pixelsImageSource(grid), { noTileCheck: false });
    expect(anyway.tiles.length).toBeGreaterThan(4);
    expect(anyway.notTiles).toBeUndefined();
    // a photo where nothing at all is found gives no reason to look anyway
    const empty = await recognizer().recognize(pixelsImageSource(createPixels(1200, 900, 3, 60)));
    expect(empty.tiles).toEqual([]);
    expect(empty.notTiles).toBeUndefined();
  }, 60_000);
});
