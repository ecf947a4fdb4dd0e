// `npm run eval -- --only rows --rows DIR`: the hand row among several (issues 13 and 20). Measured, never tuned here:
// the row rules are data in src/vision/rows.ts, chosen on the development scenes of
// training-notes/common/make_rows_dev_set.py (see src/vision/README.md).
//
// Per scene (labels.json with the hand row's true boxes in `tiles` and every other tile in view in `others`), each
// recognised tile is put where its box lies: on a true hand tile (the labelled box it overlaps most, IoU >= 0.3), on a
// tile of another row (discards, an opponent's row, a side player's, a reflection, a tile cut by the photo's edge),
// or on nothing. Figures: exact hands, per-tile accuracy (alignment as in the other sets), hand tiles found, tiles
// from a wrong row (and the scenes with any), tiles on nothing, and exact hands per scene feature.
//
// On the haitaks-yolo real photos (boxes labelled by hand, many photos with several rows or a grid of tiles): the
// row logic runs on the labelled boxes themselves and the hand row it picks is checked for tiles of two rows: two
// upright boxes one above the other (overlapping left to right by half the narrower, one's centre above the
// other's top) cannot both be in one row.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scoreRow } from '../vision/align.ts';
import type { Box } from '../vision/detect.ts';
import { iou } from '../vision/detect.ts';
import type { RecognizeOptions } from '../vision/pipeline.ts';
import { FAR_SIDE_MIN_TILES } from '../vision/orientation.ts';
import { isLandscape, orderRows, stackedBoxes, type RowOptions } from '../vision/rows.ts';
import { parseHandString } from '../vision/tiles.ts';
import type { Recognizer } from '../worker/recognizer.ts';
import { yoloPhotos } from './yoloPhotos.ts';
import { openImage } from './vision/nodeImage.ts';

interface SceneLabel {
  hand: string;
  tiles: { tile: string; box: Box }[];
  others: { box: Box; kind: string }[];
  scene: string[];
}

export interface RowsFigures {
  scenes: number;
  exact: number;
  trueTiles: number;
  correct: number;
  handTilesFound: number;
  wrongRowTiles: number;
  scenesWithWrongRowTiles: number;
  tilesOnNothing: number;
  wrongRowByKind: Record<string, number>;
  exactByFeature: Record<string, [number, number]>;
  failures: string[];
  /** Scenes turned 180° (the row photographed from across the table), and how many the recogniser called so. */
  upsideDownScenes: number;
  upsideDownFound: number;
  /** Upright scenes the recogniser called upside down. */
  uprightCalledUpsideDown: number;
  /** Other tiles found clearly above / below the hand row (orientation.ts), per scene. */
  orientationEvidence: { upsideDown: boolean; above: number; below: number; belowInOneRow: number; by: 'table' | 'tiles' | 'none'; tileVote?: number; calledUpsideDown: boolean }[];
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

/** The labelled box a found box lies on: the one it overlaps most (IoU at least 0.3), or its centre's. */
function whereIs(box: Box, labelled: readonly Box[]): number {
  let best = -1;
  let bestIou = 0.3;
  labelled.forEach((b, k) => {
    const v = iou(box, b);
    if (v >= bestIou) {
      best = k;
      bestIou = v;
    }
  });
  if (best >= 0) return best;
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  return labelled.findIndex((b) => cx >= b[0] && cx <= b[2] && cy >= b[1] && cy <= b[3]);
}

export async function rowsFigures(recognizer: Recognizer, dir: string, options: RecognizeOptions = {}): Promise<RowsFigures | null> {
  let labels: Record<string, SceneLabel>;
  try {
    labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as Record<string, SceneLabel>;
  } catch {
    return null;
  }
  const f: RowsFigures = { scenes: 0, exact: 0, trueTiles: 0, correct: 0, handTilesFound: 0, wrongRowTiles: 0, scenesWithWrongRowTiles: 0, tilesOnNothing: 0, wrongRowByKind: {}, exactByFeature: {}, failures: [], upsideDownScenes: 0, upsideDownFound: 0, uprightCalledUpsideDown: 0, orientationEvidence: [] };
  for (const [name, label] of Object.entries(labels).sort(([a], [b]) => a.localeCompare(b))) {
    // The label lists the hand left to right in the photo; in a scene turned 180° the player's order is the reverse.
    const upsideDown = label.scene.includes('upside-down');
    const inPhoto = parseHandString(label.hand) ?? [];
    const truth = upsideDown ? [...inPhoto].reverse() : inPhoto;
    const image = await openImage(new Uint8Array(await readFile(path.join(dir, name))), { name });
    const result = await recognizer.recognize(image, options);
    if (upsideDown) f.upsideDownScenes++;
    if (upsideDown && result.upsideDown) f.upsideDownFound++;
    if (!upsideDown && result.upsideDown) f.uprightCalledUpsideDown++;
    if (result.orientation) {
      const o = result.orientation;
      f.orientationEvidence.push({ upsideDown, above: o.above, below: o.below, belowInOneRow: o.belowInOneRow, by: o.by, ...(o.tileVote !== undefined ? { tileVote: o.tileVote } : {}), calledUpsideDown: result.upsideDown });
    }
    const found = result.tiles.map((t) => t.tile);
    const s = scoreRow(found, truth);
    f.scenes++;
    f.trueTiles += s.truthTiles;
    f.correct += s.correct;
    if (s.exact) f.exact++;
    const handBoxes = label.tiles.map((t) => t.box);
    const otherBoxes = label.others.map((o) => o.box);
    const onHand = new Set<number>();
    let wrong = 0;
    for (const t of result.tiles) {
      const h = whereIs(t.box, handBoxes);
      if (h >= 0) {
        onHand.add(h);
        continue;
      }
      const o = whereIs(t.box, otherBoxes);
      if (o >= 0) {
        wrong++;
        const kind = label.others[o]!.kind;
        f.wrongRowByKind[kind] = (f.wrongRowByKind[kind] ?? 0) + 1;
      } else f.tilesOnNothing++;
    }
    f.handTilesFound += onHand.size;
    f.wrongRowTiles += wrong;
    if (wrong) f.scenesWithWrongRowTiles++;
    for (const feat of label.scene.length ? label.scene : ['plain']) {
      const key = feat.replace(/\d+$/, '');
      const e = (f.exactByFeature[key] ??= [0, 0]);
      e[0] += s.exact ? 1 : 0;
      e[1]++;
    }
    if (!s.exact) f.failures.push(`${name} [${label.scene.join(' ')}] ${s.correct}/${s.truthTiles}${wrong ? `, ${wrong} from a wrong row` : ''}: found ${found.join(' ')} | true ${truth.join(' ')}`);
  }
  return f;
}

export function printRows(title: string, f: RowsFigures, verbose: boolean): void {
  const kinds = Object.entries(f.wrongRowByKind).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(
    `  ${title}: ${f.scenes} scenes, exact hands ${f.exact} (${pct(f.exact, f.scenes)}), per-tile accuracy ${pct(f.correct, f.trueTiles)}, ` +
      `hand tiles found ${pct(f.handTilesFound, f.trueTiles)}, tiles from a wrong row ${f.wrongRowTiles}${kinds ? ` (${kinds})` : ''} in ${f.scenesWithWrongRowTiles} scenes, tiles on nothing ${f.tilesOnNothing}`,
  );
  console.log(`    exact by scene feature: ${Object.entries(f.exactByFeature).sort(([a], [b]) => a.localeCompare(b)).map(([k, [e, n]]) => `${k} ${e}/${n}`).join(', ')}`);
  console.log(`    upside-down rows (player's order expected): ${f.upsideDownFound} of ${f.upsideDownScenes} scenes turned 180° found so; ${f.uprightCalledUpsideDown} of ${f.scenes - f.upsideDownScenes} upright scenes called upside down`);
  const sides = (up: boolean) => {
    const e = f.orientationEvidence.filter((x) => x.upsideDown === up);
    const rowBelow = e.filter((x) => !x.above && x.belowInOneRow >= FAR_SIDE_MIN_TILES).length;
    const scattered = e.filter((x) => !x.above && x.below && x.belowInOneRow < FAR_SIDE_MIN_TILES).length;
    return `${e.filter((x) => x.below && !x.above).length} only below (${rowBelow} with a row of ${FAR_SIDE_MIN_TILES} there, ${scattered} scattered), ${e.filter((x) => x.above && !x.below).length} only above, ${e.filter((x) => x.above && x.below).length} both, ${e.filter((x) => !x.above && !x.below).length} neither`;
  };
  console.log(`    other tiles found clearly beyond the hand row (orientation.ts): turned scenes ${sides(true)}; upright scenes ${sides(false)}`);
  const votes = (up: boolean) => {
    const e = f.orientationEvidence.filter((x) => x.upsideDown === up && x.by === 'tiles');
    const sums = e.map((x) => x.tileVote!.toFixed(1)).join(' ');
    return `${e.length} voted, ${e.filter((x) => x.calledUpsideDown).length} called upside down${sums ? ` (sums ${sums})` : ''}`;
  };
  console.log(`    where the table says nothing, the tiles' vote (classifier output \`turned\`): turned scenes ${votes(true)}; upright scenes ${votes(false)}`);
  if (verbose) for (const line of f.failures) console.log(`    ${line}`);
}

/** Two upright boxes one above the other: tiles of two rows (a row never stacks upright tiles). */
const stackedUpright = (a: Box, b: Box) => !isLandscape(a) && !isLandscape(b) && stackedBoxes(a, b);

/** The hand row picked from haitaks-yolo's labelled boxes: photos whose row holds tiles of two rows. */
export async function haitaksRowMixing(root: string, options: Partial<RowOptions> = {}): Promise<{ photos: number; severalRows: number; mixed: string[] } | null> {
  const out = { photos: 0, severalRows: 0, mixed: [] as string[] };
  for (const split of ['train', 'valid', 'test']) {
    for (const photo of await yoloPhotos(root, split)) {
      const boxes = photo.labels.map((l) => l.box);
      out.photos++;
      const layout = orderRows(boxes, options);
      if (layout.rows.length > 1) out.severalRows++;
      const row = layout.rows[layout.hand]!.order.map((k) => boxes[k]!);
      if (row.some((a, i) => row.some((b, j) => j > i && stackedUpright(a, b)))) out.mixed.push(photo.name);
    }
  }
  return out.photos ? out : null;
}
