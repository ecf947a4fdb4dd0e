// A photo under coloured light or in a dim room: the tile crops are white-balanced (and brightened) on their faces
// (whiteBalance.ts) when the cast or the darkness is strong, and left alone otherwise; with the committed models, test
// images under a tungsten cast and at 30% of the light read as in daylight.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pixelsImageSource } from '../../src/vision/pipeline.ts';
import { createPixels, type Pixels } from '../../src/vision/pixels.ts';
import { noteText } from '../../src/vision/notes.ts';
import { applyGains, faceColourCast, lightOf } from '../../src/vision/whiteBalance.ts';
import { haveModels, useCommittedRecognizer } from './committedModels.ts';

/** A 48×64 crop: a face of colour `face` with a dark ink stroke down its middle, on a darker table at its edges. */
function tileCrop(face: [number, number, number], ink: [number, number, number] = [30, 30, 30]): Pixels {
  const p = createPixels(48, 64, 3);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 48; x++) {
      const edge = x < 4 || x >= 44 || y < 5 || y >= 59;
      const stroke = x >= 20 && x < 28 && y >= 15 && y < 49;
      const c = edge ? [60, 90, 60] : stroke ? ink : face;
      p.data.set(c, (y * 48 + x) * 3);
    }
  }
  return p;
}

describe('white balance on the tile faces', () => {
  it('leaves white, ivory and pink-faced sets under ordinary light as they are', () => {
    for (const face of [
      [235, 235, 235],
      [240, 234, 214],
      [250, 222, 228],
    ] as [number, number, number][]) {
      const cast = faceColourCast([tileCrop(face), tileCrop(face)]);
      expect(cast.gains).toBeNull();
      expect(cast.face.map(Math.round)).toEqual(face);
    }
  });

  it('makes faces under a tungsten or magenta light neutral, keeping their brightness', () => {
    for (const face of [
      [240, 168, 96],
      [214, 90, 192],
    ] as [number, number, number][]) {
      const cast = faceColourCast([tileCrop(face, [200, 20, 20]), tileCrop(face)]);
      expect(cast.cast).toBeGreaterThan(1.25);
      const [balanced] = applyGains([tileCrop(face)], cast.gains!);
      const centre = (32 * 48 + 10) * 3;
      const rgb = [...balanced!.data.subarray(centre, centre + 3)];
      const grey = (face[0] + face[1] + face[2]) / 3;
      for (const v of rgb) expect(Math.abs(v - grey)).toBeLessThanOrEqual(1);
    }
  });

  it('bounds the gains and clamps the pixels', () => {
    const cast = faceColourCast([tileCrop([250, 5, 250])]);
    expect(Math.max(...cast.gains!)).toBeLessThanOrEqual(2.5);
    expect(Math.min(...cast.gains!)).toBeGreaterThanOrEqual(1 / 2.5);
    const [out] = applyGains([tileCrop([250, 250, 250])], [2, 1, 0.5]);
    expect([...out!.data.subarray((32 * 48 + 10) * 3, (32 * 48 + 10) * 3 + 3)]).toEqual([255, 250, 125]);
  });

  it('brightens faces far darker than in any daylight photo, keeping their colour', () => {
    const cast = faceColourCast([tileCrop([100, 95, 88]), tileCrop([100, 95, 88])]);
    expect(cast.cast).toBeLessThan(1.25);
    const [out] = applyGains([tileCrop([100, 95, 88])], cast.gains!);
    const centre = (32 * 48 + 10) * 3;
    const [r, g, b] = [...out!.data.subarray(centre, centre + 3)];
    expect(Math.abs((r! + g! + b!) / 3 - 210)).toBeLessThan(2);
    expect(r!).toBeGreaterThan(b!); // the warm face stays warm: only the exposure changed
    expect(faceColourCast([tileCrop([150, 150, 150])]).gains).toBeNull(); // a grey but ordinary exposure is left alone
  });

  it('gives no gains for no crops', () => {
    expect(faceColourCast([]).gains).toBeNull();
  });
});

describe.skipIf(!haveModels)('the committed models under coloured light', () => {
  const recognizer = useCommittedRecognizer();

  it('names the light by the hue of the faces under a strong cast, else dim', () => {
    const light = (face: [number, number, number]) => lightOf({ face, cast: Math.max(...face) / Math.min(...face), gains: null });
    // faces measured on photos (toby's riichi-val photo, haitaks-yolo photos, a held-out render), and two made up
    expect(light([246, 212, 165])).toBe('LIGHT_WARM');
    expect(light([155, 129, 114])).toBe('LIGHT_WARM');
    expect(light([201, 219, 172])).toBe('LIGHT_GREEN');
    expect(light([150, 190, 250])).toBe('LIGHT_BLUE');
    expect(light([132, 70, 61])).toBe('LIGHT_PINK');
    expect(light([240, 150, 220])).toBe('LIGHT_PINK');
    // no strong cast: the correction was for a dark photo
    expect(light([136, 130, 128])).toBe('LIGHT_DIM');
    expect(noteText({ code: 'COLOURED_LIGHT', params: { face: '136/130/128', light: { code: 'LIGHT_DIM' } } })).toBe('The light is dim: the tiles were read with their colours corrected.');
  });

  it('reads a test image under a tungsten cast as in daylight: white dragons stay white dragons, not backs', async () => {
    const labels = JSON.parse(readFileSync(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, { tiles: { tile: string }[] }>;
    const truth = labels['hand02_chiitoitsu.jpg']!.tiles.map((t) => t.tile);
    const { data, info } = await sharp(new URL('../../test-images/hand02_chiitoitsu.jpg', import.meta.url).pathname)
      .linear([1, 0.7, 0.4], [0, 0, 0])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const photo = () => pixelsImageSource({ data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 });
    const balanced = await recognizer().recognize(photo());
    expect(balanced.tiles.map((t) => t.tile)).toEqual(truth);
    // said in the player's words: which light, not the faces' numbers
    const note = balanced.notes.find((n) => n.code === 'COLOURED_LIGHT')!;
    expect(noteText(note)).toBe('The light is warm (yellow or orange): the tiles were read with their colours corrected.');
    expect(noteText(note, 'fr')).toBe('La lumière est chaude (jaune ou orangée)\u00a0: les tuiles ont été lues avec leurs couleurs corrigées.');
    // the same photo read as it is: the blank white dragons under orange light look like tile backs
    const plain = await recognizer().recognize(photo(), { whiteBalance: false });
    expect(plain.tiles.map((t) => t.tile)).not.toEqual(truth);
    expect(plain.tiles.filter((t) => t.tile === 'back').length).toBeGreaterThan(0);
  }, 60_000);

  it('reads a test image taken in a dim room (30% of the light) as in daylight', async () => {
    const labels = JSON.parse(readFileSync(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, { tiles: { tile: string }[] }>;
    const truth = labels['hand08_sanshoku.jpg']!.tiles.map((t) => t.tile);
    const { data, info } = await sharp(new URL('../../test-images/hand08_sanshoku.jpg', import.meta.url).pathname)
      .linear(0.3, 0)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const photo = () => pixelsImageSource({ data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 });
    expect((await recognizer().recognize(photo())).tiles.map((t) => t.tile)).toEqual(truth);
    expect((await recognizer().recognize(photo(), { whiteBalance: false })).tiles.map((t) => t.tile)).not.toEqual(truth);
  }, 60_000);
});
