// Row ordering and meld reading on the true boxes of the project's test images (test-images/labels.json):
// whatever order the localiser reports them in, the row comes out in the labelled order.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/vision/detect.ts';
import { guessHand } from '../../src/vision/melds.ts';
import { orderRows, sidewaysFlags } from '../../src/vision/rows.ts';

interface Label {
  hand: string;
  tiles: { tile: string; box: Box; sideways: boolean }[];
}

const labels = JSON.parse(readFileSync(new URL('../../test-images/labels.json', import.meta.url), 'utf8')) as Record<string, Label>;

describe('rows on the labelled test images', () => {
  for (const [name, label] of Object.entries(labels)) {
    it(`orders ${name} as labelled`, () => {
      const boxes = label.tiles.map((t) => t.box);
      const shuffled = boxes.map((b, i) => ({ b, i, k: (i * 7) % boxes.length })).sort((a, b) => a.k - b.k);
      const layout = orderRows(shuffled.map((s) => s.b));
      expect(layout.rows).toHaveLength(1);
      const order = layout.rows[layout.hand]!.order.map((k) => shuffled[k]!.i);
      expect(order).toEqual(boxes.map((_, i) => i));
      // No upright tile is taken for a sideways one. (This renderer foreshortens its sideways face to the
      // same aspect as its neighbours, so the converse cannot be asserted from boxes alone.)
      const flags = sidewaysFlags(boxes);
      label.tiles.forEach((t, i) => {
        if (!t.sideways) expect(flags[i]).toBe(false);
      });
      // With the true tiles, the hand notation reads back the labelled hand.
      const groupOf = new Map<number, number>();
      layout.rows[layout.hand]!.groups.forEach((g, gi) => g.forEach((k) => groupOf.set(shuffled[k]!.i, gi)));
      const guess = guessHand(label.tiles.map((t, i) => ({ tile: t.tile, rotated: flags[i]!, group: groupOf.get(i)! })));
      expect(guess.notation.replace(/[[\](){} ]/g, '')).toBe(label.hand);
      expect(guess.problems).toEqual([]);
    });
  }
});
