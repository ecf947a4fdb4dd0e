import { describe, expect, it } from 'vitest';
import type { Box } from '../../src/vision/detect.ts';
import { CUT_MAX_PEAK, CUT_UNSURE_MIN_ROW, duplicateTiles, isLandscape, mergeSplitTiles, orderRows, sidewaysFlags, splitWideTiles, stackedBoxes, tilesCutByEdge } from '../../src/vision/rows.ts';

/** A row of touching upright tiles of size w×h starting at x, bottom at y; `gaps` inserts extra space before given indices. */
function row(n: number, x: number, y: number, w: number, h: number, gaps: Record<number, number> = {}, tilt = 0): Box[] {
  const out: Box[] = [];
  let left = x;
  for (let i = 0; i < n; i++) {
    left += gaps[i] ?? 0;
    const dy = tilt * (left - x);
    out.push([left, y - h + dy, left + w, y + dy]);
    left += w + 1;
  }
  return out;
}

function shuffle<T>(items: T[]): T[] {
  // Deterministic shuffle: the order of detections must not matter.
  return items.map((v, i) => ({ v, k: (i * 7919) % 13 })).sort((a, b) => a.k - b.k).map((e) => e.v);
}

describe('ordering tiles into rows', () => {
  it('orders a hand row left to right whatever the detection order', () => {
    const boxes = row(14, 100, 900, 60, 80);
    const layout = orderRows(shuffle(boxes));
    expect(layout.rows).toHaveLength(1);
    const ordered = layout.rows[0]!.order.map((i) => shuffle(boxes)[i]![0]);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
    expect(layout.rows[0]!.groups).toHaveLength(1);
  });

  it('picks the hand row (big tiles near the camera) over discards and a wall', () => {
    const hand = row(13, 100, 900, 60, 80);
    const discards = [...row(6, 300, 500, 36, 48), ...row(6, 300, 450, 36, 48)];
    const wall = row(17, 100, 200, 30, 40);
    const all = [...discards, ...wall, ...hand];
    const layout = orderRows(all);
    const handRow = layout.rows[layout.hand]!;
    expect(handRow.order.map((i) => all[i])).toEqual(hand);
    expect(layout.rows.length).toBe(4);
  });

  it('prefers a full row of hand tiles to a few oversized, weakly detected false boxes', () => {
    const hand = row(14, 300, 700, 50, 70);
    // three large, overlapping boxes around clutter (a tray, the middle of the table): 2.3x the hand's tiles
    const clutter: Box[] = [[400, 100, 520, 260], [480, 110, 600, 270], [620, 120, 740, 280]];
    const all = [...clutter, ...hand];
    const scores = [...clutter.map(() => 0.35), ...hand.map(() => 0.6)];
    const layout = orderRows(all, {}, scores);
    expect(layout.rows[layout.hand]!.order.map((i) => all[i])).toEqual(hand);
  });

  it('prefers the hand row to a row of false detections of uneven size (a score display)', () => {
    const hand = row(14, 300, 700, 50, 70);
    // below the hand, a display's digits: as many boxes, same median size, but uneven sizes and lower scores
    const display: Box[] = row(13, 300, 1100, 50, 70).map((b, i) => (i % 2 ? [b[0], b[1] - 30, b[2], b[3]] : b) as Box);
    const all = [...hand, ...display];
    const scores = [...hand.map(() => 0.55), ...display.map(() => 0.45)];
    const layout = orderRows(all, {}, scores);
    expect(layout.rows[layout.hand]!.order.map((i) => all[i])).toEqual(hand);
    // without scores the uneven sizes alone still decide it
    const unscored = orderRows(all);
    expect(unscored.rows[unscored.hand]!.order.map((i) => all[i])).toEqual(hand);
  });

  it('follows a tilted row in perspective', () => {
    const boxes = row(14, 100, 900, 60, 80, {}, 0.15);
    const layout = orderRows(boxes);
    expect(layout.rows).toHaveLength(1);
    expect(layout.rows[0]!.order).toEqual(boxes.map((_, i) => i));
  });

  it('sets melds apart as groups and keeps sideways called tiles in the row', () => {
    const closed = row(10, 100, 900, 60, 80);
    // A pon with the middle tile called: upright, sideways (80×60, lying at the bottom), upright; 40 px apart.
    const meldX = 100 + 10 * 61 + 40;
    const meld: Box[] = [
      [meldX, 820, meldX + 60, 900],
      [meldX + 61, 840, meldX + 141, 900],
      [meldX + 142, 820, meldX + 202, 900],
    ];
    const all = [...closed, ...meld];
    const layout = orderRows(all);
    expect(layout.rows).toHaveLength(1);
    const r = layout.rows[0]!;
    expect(r.order).toEqual(all.map((_, i) => i));
    expect(r.groups).toEqual([closed.map((_, i) => i), [10, 11, 12]]);
    expect(isLandscape(meld[1]!)).toBe(true);
    expect(isLandscape(meld[0]!)).toBe(false);
    expect(sidewaysFlags(all)).toEqual(all.map((_, i) => i === 11));
  });

  it('keeps two stacked sideways tiles (an added kan) in the row, lower first', () => {
    const closed = row(10, 100, 900, 60, 80);
    const x = 100 + 10 * 61 + 40;
    const kan: Box[] = [
      [x, 780, x + 80, 839], // upper sideways tile
      [x, 840, x + 80, 900], // lower sideways tile
      [x + 81, 820, x + 141, 900],
      [x + 142, 820, x + 202, 900],
    ];
    const all = [...closed, ...kan];
    const layout = orderRows(all);
    expect(layout.rows).toHaveLength(1);
    expect(layout.rows[0]!.order.slice(10)).toEqual([11, 10, 12, 13]);
    expect(layout.rows[0]!.groups).toHaveLength(2);
  });

  it('returns no rows for no boxes', () => {
    expect(orderRows([])).toEqual({ rows: [], hand: -1 });
  });
});

describe('joining tiles the localiser split in two', () => {
  it('joins two half-width neighbours into one tile and leaves whole tiles alone', () => {
    const boxes = row(13, 100, 900, 60, 80);
    // Tile 6 came out as two half boxes (a busy sou face), slightly overlapping.
    const [x0, y0, x1, y1] = boxes[6]!;
    const split: Box[] = [...boxes.slice(0, 6), [x0, y0, x0 + 33, y1], [x0 + 28, y0 + 1, x1, y1], ...boxes.slice(7)];
    const scores = split.map((_, i) => (i === 7 ? 0.6 : 0.9));
    const layout = orderRows(split, {}, scores);
    const joined = mergeSplitTiles(split, scores, layout.rows[layout.hand]!);
    expect(joined.merged).toBe(1);
    expect(joined.boxes).toHaveLength(13);
    expect(joined.boxes[6]).toEqual([x0, y0, x1, y1]);
    expect(joined.scores[6]).toBe(0.9);
    expect(joined.boxes.filter((_, i) => i !== 6)).toEqual(boxes.filter((_, i) => i !== 6));
  });

  it('never joins two whole tiles, a narrow tile beside a whole one, or a sideways tile', () => {
    const boxes = row(13, 100, 900, 60, 80);
    const narrowEnd: Box = [boxes[12]![2] + 1, 820, boxes[12]![2] + 31, 900]; // a tile cut by the photo's edge
    const sideways: Box[] = [[1000, 850, 1080, 900], [1081, 850, 1161, 900]];
    const all = [...boxes, narrowEnd, ...sideways];
    const layout = orderRows(all);
    const joined = mergeSplitTiles(all, all.map(() => 1), layout.rows[layout.hand]!);
    expect(joined.merged).toBe(0);
    expect(joined.boxes).toEqual(all);
  });
  it('tells a part of a near tile by the tile size where it stands, in a row seen along its length', () => {
    // One end of the row nearer the camera: tiles grow from 40 x 56 to 92 x 129 px. The nearest tile is split in two
    // halves 46 px wide, each wider than 0.8 of the row's median width: told by the tile's height, as a part.
    const boxes: Box[] = [];
    let x = 100;
    for (let k = 0; k < 14; k++) {
      const w = 40 + 4 * k;
      const h = Math.round(1.4 * w);
      boxes.push([x, 900 - h, x + w, 900]);
      x += w + 1;
    }
    const [x0, y0, x1, y1] = boxes[13]!;
    const split: Box[] = [...boxes.slice(0, 13), [x0, y0, x0 + 46, y1], [x0 + 46, y0, x1, y1]];
    const layout = orderRows(split);
    const joined = mergeSplitTiles(split, split.map(() => 1), layout.rows[layout.hand]!);
    expect(joined.merged).toBe(1);
    expect(joined.boxes).toEqual(boxes);
  });

  it("never joins a sliver at the photo's edge to its neighbour: that is a tile the edge cuts off", () => {
    // The first tile is cut by the left edge: a third of it is left, its box 0-20, the next tile's 18-78 (union 78 px,
    // within the 1.3 tile widths of a split tile). Without the photo's width the two would be joined.
    const boxes: Box[] = [[0, 100, 20, 180], ...Array.from({ length: 13 }, (_, k): Box => [18 + 61 * k, 100, 78 + 61 * k, 180])];
    const layout = orderRows(boxes);
    const hand = layout.rows[layout.hand]!;
    expect(mergeSplitTiles(boxes, boxes.map(() => 1), hand).merged).toBe(1);
    const kept = mergeSplitTiles(boxes, boxes.map(() => 1), hand, 900);
    expect(kept.merged).toBe(0);
    expect(tilesCutByEdge(kept.boxes, hand, 900)).toEqual([0]);
  });
});

describe('splitting a box that holds several tiles', () => {
  it('splits a box as tall as its neighbours and two tiles wide (two blank white dragons seen as one)', () => {
    const boxes = row(13, 100, 900, 60, 80);
    // tiles 4 and 5 came out as one box, boxes a little wider than the pitch as a localiser draws them
    const joined: Box = [boxes[4]![0], 820, boxes[5]![2], 900];
    const wide = [...boxes.slice(0, 4), joined, ...boxes.slice(6)].map((b): Box => [b[0] - 2, b[1], b[2] + 2, b[3]]);
    const layout = orderRows(wide);
    const split = splitWideTiles(wide, wide.map(() => 0.8), layout.rows[layout.hand]!);
    expect(split.added).toBe(1);
    expect(split.boxes).toHaveLength(13);
    const [a, b] = [split.boxes[4]!, split.boxes[5]!];
    expect(a[2]).toBeCloseTo(b[0]);
    expect(a[2] - a[0]).toBeCloseTo(b[2] - b[0]);
    expect(split.scores[5]).toBe(0.8);
  });

  it('leaves sideways called tiles (wide but a tile-width tall) and seen-from-low rows alone', () => {
    const closed = row(10, 100, 900, 60, 80);
    const called: Box[] = [[800, 840, 880, 900], [881, 820, 941, 900], [942, 820, 1002, 900]];
    const all = [...closed, ...called];
    const layout = orderRows(all);
    expect(splitWideTiles(all, all.map(() => 1), layout.rows[layout.hand]!).added).toBe(0);
    // faces foreshortened to wider than tall: every box alike, none holds two tiles
    const low = row(14, 100, 900, 80, 60);
    const lowLayout = orderRows(low);
    expect(splitWideTiles(low, low.map(() => 1), lowLayout.rows[lowLayout.hand]!).added).toBe(0);
  });
});

describe('tiles cut off by the photo edge', () => {
  it('finds a sliver at the left or right edge, not a whole tile there', () => {
    const boxes: Box[] = [[0, 820, 20, 900], ...row(13, 22, 900, 60, 80)];
    const layout = orderRows(boxes);
    expect(tilesCutByEdge(boxes, layout.rows[layout.hand]!, 2000)).toEqual([0]);
    const whole = row(13, 0, 900, 60, 80);
    const wholeLayout = orderRows(whole);
    expect(tilesCutByEdge(whole, wholeLayout.rows[wholeLayout.hand]!, 13 * 61 - 1)).toEqual([]);
  });

  it('leaves out a whole-width box at the edge only when the localiser is unsure of it, and only at the row\'s ends', () => {
    // 14 boxes from x = 0; the photo ends at the last box's right edge, so both ends touch an edge
    const boxes = row(14, 0, 900, 60, 80);
    const width = 14 * 61 - 1;
    const hand = orderRows(boxes).rows[orderRows(boxes).hand]!;
    const sure = boxes.map(() => 0.7);
    expect(tilesCutByEdge(boxes, hand, width, sure)).toEqual([]);
    // the left end peaks under CUT_MAX_PEAK: left out; an unsure box inside the row is no business of this rule
    const unsure = sure.map((s, i) => (i === 0 || i === 5 ? CUT_MAX_PEAK - 0.05 : s));
    expect(tilesCutByEdge(boxes, hand, width, unsure)).toEqual([0]);
    // a peak of exactly the line stays; a line of 0 turns the rule off; no scores: only narrow boxes count
    expect(tilesCutByEdge(boxes, hand, width, sure.map((s, i) => (i === 13 ? CUT_MAX_PEAK : s)))).toEqual([]);
    expect(tilesCutByEdge(boxes, hand, width, unsure, 0)).toEqual([]);
    expect(tilesCutByEdge(boxes, hand, width)).toEqual([]);
    // the same unsure box away from the photo's edge stays
    expect(tilesCutByEdge(boxes, hand, width + 50, unsure.map((s, i) => (i === 13 ? 0.3 : s)))).toEqual([0]);
    // a row shorter than a hand's 14 cannot spare it: kept
    const short = row(CUT_UNSURE_MIN_ROW - 1, 0, 900, 60, 80);
    const shortRow = orderRows(short).rows[orderRows(short).hand]!;
    expect(tilesCutByEdge(short, shortRow, width, short.map((_, i) => (i === 0 ? 0.2 : 0.7)))).toEqual([]);
  });
});

describe('a tile found twice', () => {
  it('drops the less sure of two boxes covering one tile (one on the face, one shifted onto its side)', () => {
    const boxes = row(13, 100, 900, 60, 80);
    const [x0, y0, x1, y1] = boxes[5]!;
    const twice: Box[] = [...boxes, [x0 - 5, y0 + 40, x1 + 5, y1 + 40]];
    const scores = twice.map((_, i) => (i === 13 ? 0.5 : 0.9));
    const layout = orderRows(twice, {}, scores);
    expect(duplicateTiles(twice, scores, layout.rows[layout.hand]!)).toEqual([13]);
  });

  it('keeps touching neighbours and the two stacked sideways tiles of an added kan', () => {
    const closed = row(10, 100, 900, 60, 80);
    const x = 100 + 10 * 61 + 30;
    const kan: Box[] = [[x, 850, x + 80, 900], [x, 799, x + 80, 849], [x + 81, 820, x + 141, 900], [x + 142, 820, x + 202, 900]];
    const all = [...closed, ...kan];
    const layout = orderRows(all);
    expect(duplicateTiles(all, all.map(() => 0.9), layout.rows[layout.hand]!)).toEqual([]);
  });
});


describe('the hand row among several (scene rules)', () => {
  /** The boxes of `boxes` taken as the hand row, as sets of boxes in the row's order. */
  const handOf = (boxes: readonly Box[], options = {}, scores?: number[]) => {
    const layout = orderRows(boxes, options, scores);
    return layout.rows[layout.hand]!.order.map((i) => boxes[i]!);
  };
  /** Turned 180 degrees about the centre of a W×H photo. */
  const turn = (b: Box, W = 2000, H = 1500): Box => [W - b[2], H - b[3], W - b[0], H - b[1]];
  /** Rolled by `slope` (dy per px of x) about x = 1000: each box moved as its centre is. */
  const roll = (b: Box, slope: number): Box => {
    const dy = slope * ((b[0] + b[2]) / 2 - 1000);
    return [b[0], b[1] + dy, b[2], b[3] + dy];
  };

  it('never joins discards touching the hand row in a rolled photo, whichever row links first', () => {
    const hand = row(14, 300, 1000, 60, 80).map((b) => roll(b, 0.2));
    // three rows of six discards lying flat right in front of the hand (touching it and each other), a bit smaller
    const discards = [0, 1, 2].flatMap((r) => row(6, 560 + 60 * r, 920 - 54 * r, 52, 54)).map((b) => roll(b, 0.2));
    const all = [...discards, ...hand];
    const mixed = orderRows(all, { scene: false });
    // without the scene rules, a rolled row touching the discards links into them
    expect(mixed.rows.some((r) => r.order.some((i) => i < discards.length) && r.order.some((i) => i >= discards.length))).toBe(true);
    const layout = orderRows(all);
    for (const r of layout.rows) {
      const fromHand = r.order.filter((i) => i >= discards.length).length;
      expect(fromHand === 0 || fromHand === r.order.length).toBe(true);
      for (const a of r.order) for (const b of r.order) if (a < b) expect(stackedBoxes(all[a]!, all[b]!)).toBe(false);
    }
    expect(handOf(all)).toEqual(hand);
  });

  it('keeps a side player\u2019s column of sideways tiles out of the hand row, even touching its end', () => {
    const hand = row(13, 200, 1000, 60, 80);
    // a column of seven tiles lying sideways left of the hand, its lowest tile level with the hand's first
    const column: Box[] = Array.from({ length: 7 }, (_, k): Box => [120, 940 - 46 * k, 190, 985 - 46 * k]);
    const all = [...column, ...hand];
    expect(handOf(all, { scene: false })).toContain(column[0]);
    const layout = orderRows(all);
    expect(layout.rows[layout.hand]!.order.map((i) => all[i])).toEqual(hand);
    const side = layout.rows.find((r) => r.column)!;
    expect(side.order.map((i) => all[i])).toEqual([...column].reverse());
  });

  it('still keeps an added kan (two sideways tiles stacked) in the row', () => {
    const closed = row(10, 100, 900, 60, 80);
    const x = 100 + 10 * 61 + 40;
    const kan: Box[] = [[x, 780, x + 80, 839], [x, 840, x + 80, 900], [x + 81, 820, x + 141, 900], [x + 142, 820, x + 202, 900]];
    expect(handOf([...closed, ...kan])).toHaveLength(14);
  });

  it('takes the same row, melds and all, from a photo turned upside down (a row photographed from across the table)', () => {
    // the hand with a pon set apart 90 px at its right end, discards in front, an opponent's smaller row beyond
    const closed = row(11, 300, 1200, 60, 80);
    const meld = row(3, 300 + 11 * 61 + 90, 1200, 60, 80);
    const discards = [...row(6, 500, 1080, 48, 56), ...row(6, 500, 1024, 48, 56)];
    const far = row(13, 600, 700, 36, 48);
    const upright = [...discards, ...far, ...closed, ...meld];
    const turned = upright.map((b) => turn(b));
    const layout = orderRows(turned);
    const hand = layout.rows[layout.hand]!;
    // the row is read left to right in the photo: the player's last tile first, the meld now a group at the left
    expect(hand.order.map((i) => turned[i])).toEqual([...closed, ...meld].map((b) => turn(b)).reverse());
    expect(hand.groups.map((g) => g.length)).toEqual([3, 11]);
    // and it is the top row of the photo now (rows are listed top to bottom): position did not decide it
    expect(layout.rows.indexOf(hand)).toBe(0);
  });

  it('keeps a row of large tiles whole next to a row of small ones touching it end to end', () => {
    // a far player's smaller tiles continuing the line of the hand (the photo's perspective puts them level)
    const hand = row(13, 100, 900, 60, 80);
    const small = row(6, 100 + 13 * 61 + 10, 890, 36, 46);
    const all = [...hand, ...small];
    expect(orderRows(all).rows).toHaveLength(2);
    expect(handOf(all)).toEqual(hand);
  });

  it('never puts two tiles of a grid one above the other in a row (a steeply tilted grid of touching tiles, as in haitaks-yolo)', () => {
    const grid = [0, 1, 2, 3, 4].flatMap((r) => row(5, 200, 1000 - 82 * r, 70, 80, {}, 0.45));
    const stacks = (rows: { order: number[] }[]) => rows.some((r) => r.order.some((a) => r.order.some((b) => a < b && stackedBoxes(grid[a]!, grid[b]!))));
    expect(stacks(orderRows(grid, { scene: false }).rows)).toBe(true);
    const layout = orderRows(grid);
    expect(stacks(layout.rows)).toBe(false);
    for (const r of layout.rows) for (const a of r.order) for (const b of r.order) if (a < b) expect(stackedBoxes(grid[a]!, grid[b]!)).toBe(false);
    expect(layout.rows[layout.hand]!.order).toHaveLength(5);
  });
});

describe('a smaller tile beside the hand row', () => {
  it('leaves the lowest tile of a side player\u2019s column of small, nearly square boxes out of the hand row', () => {
    const hand = row(13, 200, 1000, 60, 80);
    // upright-looking boxes 50×54 (2/3 of the hand's tiles) stacked left of the hand, the lowest level with its first tile
    const column: Box[] = Array.from({ length: 6 }, (_, k): Box => [140, 944 - 55 * k, 190, 998 - 55 * k]);
    const all = [...hand, ...column];
    expect(orderRows(all, { scene: false }).rows.find((r) => r.order.includes(0))!.order).toContain(13);
    const layout = orderRows(all);
    expect(layout.rows[layout.hand]!.order.map((i) => all[i])).toEqual(hand);
  });
});

describe('a reflection under the hand row (a glass or shiny table)', () => {
  it('keeps the reflection of a sideways called tile with the reflection, not with the hand', () => {
    // ten upright tiles, then a chii with its first tile called (lying sideways, 80×48 at the row's bottom)
    const closed = row(10, 100, 900, 60, 80);
    const meldX = 100 + 10 * 61 + 40;
    const meld: Box[] = [[meldX, 852, meldX + 80, 900], [meldX + 81, 820, meldX + 141, 900], [meldX + 142, 820, meldX + 202, 900]];
    const hand = [...closed, ...meld];
    // the reflection: each tile mirrored under the row, flattened (so every reflected box lies sideways), touching it
    const reflection = hand.map((b): Box => [b[0], 901, b[2], 901 + 0.55 * (b[3] - b[1])]);
    const all = [...hand, ...reflection];
    const scores = [...hand.map(() => 0.8), ...reflection.map(() => 0.5)];
    const layout = orderRows(all, {}, scores);
    expect(layout.rows[layout.hand]!.order.map((i) => all[i])).toEqual(hand);
    for (const r of layout.rows) expect(r.order.every((i) => i < hand.length) || r.order.every((i) => i >= hand.length)).toBe(true);
  });
});
