// The crops TypeScript feeds the classifier are the crops the classifier was trained on: same box
// growth, rounding, clamping, clockwise turn for wide boxes, and area resampling as the training code's
// crop_tile (training-notes/common/render.py with cv2.INTER_AREA). The fixtures are lossless patches
// around three tiles of a project render and crop_tile's output for them (one is turned).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { cropRequest } from '../../src/vision/classify.ts';
import type { Box } from '../../src/vision/detect.ts';
import { SPEC } from './fakeModels.ts';

const meta = JSON.parse(readFileSync(new URL('./fixtures/crops_cv2_area.json', import.meta.url), 'utf8')) as {
  tiles: { patch: string; box: Box }[];
  height: number;
  width: number;
  margin: number;
};
const expected = new Uint8Array(readFileSync(new URL('./fixtures/crops_cv2_area.rgb', import.meta.url)));

describe('crop parity with the training code', () => {
  it('matches crop_tile (cv2.INTER_AREA) pixel for pixel', async () => {
    const spec = { ...SPEC.classifier, height: meta.height, width: meta.width, marginX: meta.margin, marginY: meta.margin, rotateLandscape: 'cw' as const, landscapeRatio: 1 };
    const size = meta.height * meta.width * 3;
    for (const [i, t] of meta.tiles.entries()) {
      const image = await openImage(new Uint8Array(await readFile(new URL(`./fixtures/${t.patch}`, import.meta.url))));
      const [c] = await image.crop([cropRequest(t.box, spec, image.width, image.height)]);
      if (!c) throw new Error('no crop');
      expect([c.width, c.height]).toEqual([meta.width, meta.height]);
      let worst = 0;
      for (let k = 0; k < size; k++) worst = Math.max(worst, Math.abs(c.data[k]! - expected[i * size + k]!));
      // Identical up to rounding (±1) of the averaged values.
      expect(worst).toBeLessThanOrEqual(1);
    }
    // The third tile is wider than tall, so it was turned.
    expect(cropRequest(meta.tiles[2]!.box, spec).turn).toBe('cw');
  });
});
