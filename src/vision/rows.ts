// Ordering detected tiles into rows, choosing the hand row, and splitting it into groups.
//
// Tiles of one row overlap vertically and follow each other horizontally with small gaps; a row
// seen in perspective or slightly tilted still links neighbour to neighbour. So two tiles are linked
// when their vertical extents overlap enough, their sizes are alike and the horizontal gap between
// them is at most ROW_GAP tile widths (melds are set apart, but not by more than that); tiles
// lying sideways and stacked on each other (an added kan) are linked too. Rows are the connected
// components. The hand row is the one closest to the camera: the most confidently detected tiles of a
// consistent size, weighted by their size (see pickHandRow).
// Within a row, a gap wider than GROUP_GAP tile widths starts a new group (a meld set apart).
//
// A table in view holds more rows than the hand (discards in front of it, other players' rows and discards, a
// side player's tiles lying sideways, a reflection on a shiny table), and links between neighbours alone can join
// two of them where they touch or where a rolled photo tilts one into the other. The scene rules (SCENE_RULES,
// on by default) keep every row one row of tiles: links are made strongest first and never join two groups of
// boxes where a box of one stands above a box of the other (a row never stacks tiles, but for the two sideways
// tiles of an added kan) or whose tile sizes differ by more than perspective makes them; sideways tiles stacked
// three or more high are a side player's column, a row of its own that counts a quarter towards being the hand.
import type { Box } from './detect.ts';

export interface RowOptions {
  /** A box is lying sideways (a called tile) when width / height exceeds this. */
  landscapeRatio: number;
  /** Largest horizontal gap inside a row, in tile widths. */
  rowGap: number;
  /** Smallest gap that sets a group apart, in tile widths. */
  groupGap: number;
  /** Smallest vertical overlap between neighbours, as a fraction of the smaller box height. */
  minOverlap: number;
  /** Largest ratio between the long sides of two linked tiles. */
  maxSizeRatio: number;
  /** Apply the scene rules (SCENE_RULES): no stacked tiles in a row, one tile size per row, side columns apart. */
  scene: boolean;
}

/**
 * Width/height above which a box is a tile lying sideways. Not 1: an upright tile seen from above at an
 * angle is foreshortened to a nearly square box (w/h up to ~1.1 in the project's renders), while a
 * sideways tile is ~1.3-1.7. (The classifier's crop rule in model.json has its own threshold.)
 */
export const SIDEWAYS_RATIO = 1.25;

export const DEFAULT_ROW_OPTIONS: RowOptions = { landscapeRatio: SIDEWAYS_RATIO, rowGap: 2.5, groupGap: 0.35, minOverlap: 0.3, maxSizeRatio: 1.6, scene: true };

/**
 * The scene rules' lines (chosen on the development scenes of training-notes/common/make_rows_dev_set.py; see
 * src/vision/README.md).
 */
export const SCENE_RULES = {
  /** Two boxes overlapping left to right by this fraction of the narrower one, one's centre above the other's top, are stacked. */
  stackedMinOverlap: 0.5,
  /**
   * A group of boxes joins the tile next to it in a row (of 2+ boxes) unless both that tile's long side and its row's
   * median are more than this factor larger than the group's median (the size at the junction counts, not only the
   * rows' medians: a row in strong perspective is 1.5 times larger at its near end than at its far end).
   */
  maxRowSizeRatio: 1.4,
  /** Sideways tiles stacked this many high are a column (a side player's tiles), not an added kan (two). */
  columnMinTiles: 3,
  /** A column's evidence counts this much towards being the hand row. */
  columnEvidence: 0.25,
};

export interface Row {
  /** Indices into the input boxes, left to right. */
  order: number[];
  /** The same indices split into groups separated by wide gaps, left to right. */
  groups: number[][];
  /** Median tile width (short side) in pixels. */
  unit: number;
  /** Median long side in pixels. */
  tileHeight: number;
  /** Mean centre y. */
  centerY: number;
  /** Sideways tiles stacked three or more high (a side player's tiles seen from the seat): ordered top to bottom. */
  column?: boolean;
  /**
   * How much this row looks like a row of tiles: the sum of its detection scores, a box whose long side
   * is far from the row's median counting a quarter (clutter linked into a row rarely has one size),
   * over at most HAND_ROW_MAX_TILES boxes.
   */
  evidence: number;
}

export interface RowLayout {
  rows: Row[];
  /** Index into rows of the hand row, or -1 when there are no boxes. */
  hand: number;
}

export function isLandscape(box: Box, ratio = DEFAULT_ROW_OPTIONS.landscapeRatio): boolean {
  return box[2] - box[0] > ratio * (box[3] - box[1]);
}

/**
 * Which tiles of a row lie sideways (called tiles). The camera's angle changes every face's aspect
 * ratio (seen from above at a slant an upright face looks nearly square), so a tile is sideways when
 * its width/height is at least 1.3 times the row's median and above 1.1. Renders where a sideways
 * face is foreshortened to the same aspect as its neighbours cannot be told apart this way; the
 * review screen lets the player mark calls.
 */
export function sidewaysFlags(boxes: readonly Box[]): boolean[] {
  const aspect = boxes.map((b) => (b[2] - b[0]) / Math.max(1e-6, b[3] - b[1]));
  const threshold = Math.max(1.1, 1.3 * median(aspect));
  return aspect.map((a) => a >= threshold);
}

/** The median of `values`; 0 when there are none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * How strongly two boxes are linked as neighbours in a row (higher is stronger), or null when they are not. Side by
 * side: their vertical overlap (fraction of the smaller height) less a quarter of the gap between them in tile widths
 * (-0.33 to 1); two sideways tiles stacked on each other (an added kan): -1.
 */
function linkStrength(a: Box, b: Box, o: RowOptions): number | null {
  const wa = a[2] - a[0], ha = a[3] - a[1];
  const wb = b[2] - b[0], hb = b[3] - b[1];
  const longA = Math.max(wa, ha), longB = Math.max(wb, hb);
  if (Math.max(longA, longB) > o.maxSizeRatio * Math.min(longA, longB)) return null;
  const unit = (Math.min(wa, ha) + Math.min(wb, hb)) / 2;
  const yOverlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  const xGap = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
  if (yOverlap >= o.minOverlap * Math.min(ha, hb) && xGap <= o.rowGap * unit) return yOverlap / Math.min(ha, hb) - (0.25 * Math.max(0, xGap)) / unit;
  // Weakest of all: rows are whole before a stacked pair joins them, so a pair that is not a kan (a flat tile on
  // another row's tile, a reflection under a tile) finds the rows it would join already stacked on each other.
  return kanPair(a, b, o) ? -1 : null;
}

/** Two sideways tiles stacked on each other (an added kan): they overlap horizontally and touch vertically. */
function kanPair(a: Box, b: Box, o: RowOptions): boolean {
  if (!isLandscape(a, o.landscapeRatio) || !isLandscape(b, o.landscapeRatio)) return false;
  const unit = (Math.min(a[2] - a[0], a[3] - a[1]) + Math.min(b[2] - b[0], b[3] - b[1])) / 2;
  const xOverlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const yGap = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
  return xOverlap >= 0.5 * Math.min(a[2] - a[0], b[2] - b[0]) && yGap <= 0.3 * unit;
}

/**
 * Whether one box stands above the other: they overlap left to right by most of the narrower one and the upper one's
 * centre lies above the lower one's top. Tiles of one row never do, but for the two sideways tiles of an added kan.
 */
export function stackedBoxes(a: Box, b: Box): boolean {
  const xOverlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  if (xOverlap < SCENE_RULES.stackedMinOverlap * Math.min(a[2] - a[0], b[2] - b[0])) return false;
  const [upper, lower] = a[1] + a[3] <= b[1] + b[3] ? [a, b] : [b, a];
  return (upper[1] + upper[3]) / 2 < lower[1];
}

/** A hand row, melds included, has at most 18 tiles (four kans); more boxes are not more evidence. */
export const HAND_ROW_MAX_TILES = 18;
/** A box whose long side is within this factor of its row's median counts fully as row evidence. */
export const ROW_SIZE_TOLERANCE = 1.33;

function rowEvidence(order: readonly number[], boxes: readonly Box[], scores: readonly number[] | undefined, tileHeight: number): number {
  const weights = order.map((i) => {
    const b = boxes[i]!;
    const rel = Math.max(b[2] - b[0], b[3] - b[1]) / Math.max(1e-6, tileHeight);
    const consistent = rel <= ROW_SIZE_TOLERANCE && rel >= 1 / ROW_SIZE_TOLERANCE;
    return (scores?.[i] ?? 1) * (consistent ? 1 : 0.25);
  });
  weights.sort((a, b) => b - a);
  return weights.slice(0, HAND_ROW_MAX_TILES).reduce((s, w) => s + w, 0);
}

/**
 * Groups boxes into rows and picks the hand row. `scores` are the detection confidences of the boxes
 * (same indices; all 1 when omitted): a row of false detections (a score display, a tray edge) has
 * lower scores than a row of real tiles.
 */
export function orderRows(boxes: readonly Box[], options: Partial<RowOptions> = {}, scores?: readonly number[]): RowLayout {
  const o = { ...DEFAULT_ROW_OPTIONS, ...options };
  const n = boxes.length;
  const long = (i: number) => Math.max(boxes[i]![2] - boxes[i]![0], boxes[i]![3] - boxes[i]![1]);
  const cx = (i: number) => (boxes[i]![0] + boxes[i]![2]) / 2;
  const cy = (i: number) => (boxes[i]![1] + boxes[i]![3]) / 2;
  const parent = Array.from({ length: n }, (_, i) => i);
  const members: number[][] = Array.from({ length: n }, (_, i) => [i]);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const join = (a: number, b: number) => {
    parent[a] = b;
    members[b]!.push(...members[a]!);
    members[a] = [];
  };
  // Side columns first (scene rules): sideways tiles stacked three or more high.
  const inColumn = new Set<number>();
  const columns: number[][] = [];
  if (o.scene) {
    const sideways = boxes.map((b) => isLandscape(b, o.landscapeRatio));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (sideways[i] && sideways[j] && kanPair(boxes[i]!, boxes[j]!, o) && find(i) !== find(j)) join(find(i), find(j));
      }
    }
    for (let i = 0; i < n; i++) {
      if (find(i) === i && members[i]!.length >= SCENE_RULES.columnMinTiles) {
        columns.push([...members[i]!].sort((a, b) => cy(a) - cy(b)));
        for (const k of members[i]!) inColumn.add(k);
      }
    }
    for (let i = 0; i < n; i++) {
      parent[i] = i;
      members[i] = [i];
    }
  }
  const links: { i: number; j: number; strength: number }[] = [];
  for (let i = 0; i < n; i++) {
    if (inColumn.has(i)) continue;
    for (let j = i + 1; j < n; j++) {
      if (inColumn.has(j)) continue;
      const strength = linkStrength(boxes[i]!, boxes[j]!, o);
      if (strength !== null) links.push({ i, j, strength });
    }
  }
  // Strongest links first, so that where two rows touch, each row is whole before a weak link could join them.
  links.sort((a, b) => b.strength - a.strength || a.i - b.i || a.j - b.j);
  const medianLong = (list: readonly number[]) => median(list.map(long));
  for (const { i, j } of links) {
    const a = find(i);
    const b = find(j);
    if (a === b) continue;
    if (o.scene) {
      const A = members[a]!;
      const B = members[b]!;
      // Perspective changes tile size gradually along a row (a tile is about as large as its neighbour); a group of
      // boxes smaller by more than that than both the tile it would join next to and that tile's row is another row's
      // tiles (a far row in line with the hand, a side player's column, discards touching a rolled row). A single box
      // larger than its row is two tiles seen as one (splitWideTiles) and joins.
      const [small, big, bigLink] = medianLong(A) <= medianLong(B) ? [A, B, j] : [B, A, i];
      if (big.length >= 2 && medianLong(small) * SCENE_RULES.maxRowSizeRatio < Math.min(long(bigLink), medianLong(big))) continue;
      if (A.some((p) => B.some((q) => stackedBoxes(boxes[p]!, boxes[q]!) && !kanPair(boxes[p]!, boxes[q]!, o)))) continue;
    }
    join(a, b);
  }
  const rows: Row[] = [];
  const rowOf = (order: number[], column: boolean): Row => {
    const unit = median(order.map((i) => Math.min(boxes[i]![2] - boxes[i]![0], boxes[i]![3] - boxes[i]![1])));
    const tileHeight = medianLong(order);
    const groups: number[][] = [];
    if (column) groups.push(order);
    else {
      let current: number[] = [];
      let right = -Infinity;
      for (const i of order) {
        const b = boxes[i]!;
        if (current.length && b[0] - right > o.groupGap * unit) {
          groups.push(current);
          current = [];
        }
        current.push(i);
        right = Math.max(right, b[2]);
      }
      if (current.length) groups.push(current);
    }
    return { order, groups, unit, tileHeight, centerY: order.reduce((s, i) => s + cy(i), 0) / order.length, evidence: rowEvidence(order, boxes, scores, tileHeight), ...(column ? { column: true } : {}) };
  };
  for (let r = 0; r < n; r++) {
    if (find(r) !== r || inColumn.has(r)) continue;
    // Left to right by centre; two sideways tiles stacked on each other (same x, one above the other):
    // the lower one first.
    const stacked = (ba: Box, bb: Box) => {
      if (!isLandscape(ba, o.landscapeRatio) || !isLandscape(bb, o.landscapeRatio)) return false;
      const overlapX = Math.min(ba[2], bb[2]) - Math.max(ba[0], bb[0]);
      const overlapY = Math.min(ba[3], bb[3]) - Math.max(ba[1], bb[1]);
      return overlapX > 0.5 * Math.min(ba[2] - ba[0], bb[2] - bb[0]) && overlapY < 0.3 * Math.min(ba[3] - ba[1], bb[3] - bb[1]);
    };
    const order = [...members[r]!].sort((a, b) => (stacked(boxes[a]!, boxes[b]!) ? cy(b) - cy(a) : cx(a) - cx(b)));
    rows.push(rowOf(order, false));
  }
  for (const c of columns) rows.push(rowOf(c, true));
  rows.sort((a, b) => a.centerY - b.centerY);
  const hand = pickHandRow(rows);
  return { rows, hand };
}

/**
 * The hand row: the row closest to the camera. Its tiles stand nearest, so they are among the largest in
 * the photo, and it holds the most tiles (13-18; discard rows hold 6, melds 3-4). The score is the row's
 * evidence (confident, consistently sized boxes) times its tile size in pixels: a wall of small far tiles
 * or three large false boxes lose to a full row of hand tiles. Linear in size, not squared, so a few
 * oversized false boxes cannot outweigh a full row. Ties go to the lower row (nearer the camera).
 */
export function pickHandRow(rows: readonly Row[]): number {
  if (rows.length === 0) return -1;
  let best = 0;
  let bestScore = -Infinity;
  rows.forEach((r, i) => {
    const score = r.evidence * r.tileHeight * (r.column ? SCENE_RULES.columnEvidence : 1);
    if (score > bestScore * (1 + 1e-9) || (Math.abs(score - bestScore) <= 1e-9 * Math.abs(bestScore) && r.centerY > rows[best]!.centerY)) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/**
 * The width of one tile in a row: the median box width. Not the short side (`Row.unit`): seen from a low
 * angle an upright face is foreshortened until it is wider than tall, and then its short side is its height.
 */
export function rowTileWidth(boxes: readonly Box[], row: Row): number {
  return median(row.order.map((i) => boxes[i]![2] - boxes[i]![0]));
}

/** Two neighbouring upright boxes whose union is at most this many tile widths wide cover one tile, not two. */
export const SPLIT_MAX_UNION = 1.3;
/** ... provided one of them is narrower than this many tile widths (a part of a tile). */
export const SPLIT_MAX_PART = 0.8;

/**
 * Joins the tiles of a row that the localiser split in two. A face with two separate clusters of
 * symbols (4-8 sou, 5 pin) can give two peaks side by side, each box a part of the tile; two real tiles
 * side by side are together about two tile widths wide, so two neighbours, one of them narrow, that
 * together span about one tile are one tile. Sideways tiles are left alone (their width is the tile's
 * height). A narrow box touching the photo's left or right edge is not a part of its neighbour but a tile the
 * edge cuts off (tilesCutByEdge decides on it), so with `imageWidth` given it is never joined. Returns the
 * boxes and scores with each such pair replaced by its union (the higher score), others unchanged, in input order.
 */
export function mergeSplitTiles(boxes: readonly Box[], scores: readonly number[], row: Row, imageWidth?: number): { boxes: Box[]; scores: number[]; merged: number } {
  const absorbed = new Set<number>();
  const replaced = new Map<number, { box: Box; score: number }>();
  const width = (b: Box) => b[2] - b[0];
  const upright = (b: Box) => !isLandscape(b);
  const height = (b: Box) => b[3] - b[1];
  const medianWidth = rowTileWidth(boxes, row);
  // Seen along the row (one end nearer the camera) the tiles grow from one end to the other, and a near tile's half
  // can be wider than 0.8 of the median: there a tile's width is the row's width-to-height ratio times the pair's
  // height (a part of a tile keeps the tile's height). Never narrower than the median (measured: narrower lost a
  // join at a far end).
  const ratio = median(row.order.map((i) => boxes[i]!).filter(upright).map((b) => width(b) / Math.max(1e-6, height(b))));
  for (let n = 0; n + 1 < row.order.length; n++) {
    const i = row.order[n]!;
    const j = row.order[n + 1]!;
    const a = boxes[i]!;
    const b = boxes[j]!;
    if (absorbed.has(i) || replaced.has(i) || !upright(a) || !upright(b)) continue;
    if (imageWidth !== undefined && (atPhotoEdge(a, imageWidth) || atPhotoEdge(b, imageWidth))) continue;
    const union: Box = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
    const tileWidth = Math.max(medianWidth, ratio * Math.max(height(a), height(b)));
    if (Math.min(width(a), width(b)) < SPLIT_MAX_PART * tileWidth && width(union) <= SPLIT_MAX_UNION * tileWidth) {
      replaced.set(i, { box: union, score: Math.max(scores[i] ?? 1, scores[j] ?? 1) });
      absorbed.add(j);
    }
  }
  const out: { boxes: Box[]; scores: number[]; merged: number } = { boxes: [], scores: [], merged: absorbed.size };
  boxes.forEach((b, k) => {
    if (absorbed.has(k)) return;
    const r = replaced.get(k);
    out.boxes.push(r ? r.box : b);
    out.scores.push(r ? r.score : (scores[k] ?? 1));
  });
  return out;
}

/** A box spanning at least this many tile pitches, as tall as the row's tiles, covers several tiles. */
export const WIDE_MIN_SPAN = 1.6;
/** ... "as tall": at least this fraction of the row's median box height. */
export const WIDE_MIN_HEIGHT = 0.85;

/**
 * Splits boxes that hold several upright tiles side by side. Blank white dragons next to each other have
 * no print between them, only faint edges, so the localiser can see two of them as one wide box. A tile
 * lying sideways is also wide (about 1.4 tile widths), but only a tile-width tall; a box as tall as the
 * row's tiles and about n tile widths wide is n upright tiles. Each part gets the box's score; input order
 * is kept, the parts in the place of their box.
 */
export function splitWideTiles(boxes: readonly Box[], scores: readonly number[], row: Row): { boxes: Box[]; scores: number[]; added: number } {
  const wide = new Map<number, number>();
  if (row.order.length >= 4) {
    // Boxes overlap their neighbours by a margin; the tile pitch (centre to centre) is the tile's true width,
    // and a box spanning n tiles is n pitches wide plus that margin.
    const cx = row.order.map((i) => (boxes[i]![0] + boxes[i]![2]) / 2);
    const pitch = median(cx.slice(1).map((x, k) => x - cx[k]!));
    const margin = Math.max(0, rowTileWidth(boxes, row) - pitch);
    const height = median(row.order.map((i) => boxes[i]![3] - boxes[i]![1]));
    for (const i of row.order) {
      const b = boxes[i]!;
      const span = (b[2] - b[0] - margin) / Math.max(1e-6, pitch);
      if (span >= WIDE_MIN_SPAN && b[3] - b[1] >= WIDE_MIN_HEIGHT * height) wide.set(i, Math.min(4, Math.round(span)));
    }
  }
  const out: { boxes: Box[]; scores: number[]; added: number } = { boxes: [], scores: [], added: 0 };
  boxes.forEach((b, k) => {
    const n = wide.get(k) ?? 1;
    const step = (b[2] - b[0]) / n;
    for (let p = 0; p < n; p++) {
      out.boxes.push(n === 1 ? b : [b[0] + p * step, b[1], b[0] + (p + 1) * step, b[3]]);
      out.scores.push(scores[k] ?? 1);
    }
    out.added += n - 1;
  });
  return out;
}

/** A box touching the photo's left or right edge (within a pixel). */
function atPhotoEdge(b: Box, imageWidth: number): boolean {
  return b[0] <= 1 || b[2] >= imageWidth - 1;
}

/** A box at the photo's edge narrower than this many tile widths is a tile cut off by the edge. */
export const CUT_MAX_WIDTH = 0.6;

/**
 * A box at the photo's edge whose localiser peak is below this is a tile cut off by the edge or no tile at all.
 * Why: a whole tile touching the edge shows its whole face and is found as surely as its neighbours, while the
 * edge of a photo cuts what lies past the row's end: part of a tile, or the table, which the classifier (it has
 * no "not a tile" class) reads as some tile, mostly a blank White dragon. Chosen in session 37 on the development
 * renders (devset, handdev, row scenes and the first half of the held-out-art photos): the true tiles at the edge
 * peaked at 0.49-0.88, the boxes on no tile of the hand at 0.32-0.51 (src/vision/README.md).
 */
export const CUT_MAX_PEAK = 0.45;

/**
 * The unsure edge box is judged only in a row of at least this many boxes: a hand shows 13 tiles and the winning
 * one, so such a row still holds a hand's worth of tiles without it. In a shorter row the box may be a hand
 * tile the row cannot spare (and dropping it may leave too few sure tiles for the row to pass as tiles at all).
 */
export const CUT_UNSURE_MIN_ROW = 14;

/**
 * The row's end tiles that the photo's edge cuts off: a box touching the left or right edge of the image
 * and much narrower than a tile, or, in a row of at least CUT_UNSURE_MIN_ROW boxes, one the localiser is unsure
 * of (`scores`, its peaks, below `maxPeak`).
 * Not enough of the face is in the photo to read it (the review screen asks for a photo with the whole
 * hand). Returns the indices (into boxes) of such tiles.
 */
export function tilesCutByEdge(boxes: readonly Box[], row: Row, imageWidth: number, scores?: readonly number[], maxPeak = CUT_MAX_PEAK): number[] {
  const cut: number[] = [];
  const tileWidth = rowTileWidth(boxes, row);
  const ends = row.order.length > 1 ? [row.order[0]!, row.order[row.order.length - 1]!] : [];
  const judgeUnsure = scores !== undefined && row.order.length >= CUT_UNSURE_MIN_ROW;
  for (const i of ends) {
    const b = boxes[i]!;
    if (!atPhotoEdge(b, imageWidth)) continue;
    if (b[2] - b[0] < CUT_MAX_WIDTH * tileWidth || (judgeUnsure && scores[i]! < maxPeak)) cut.push(i);
  }
  return cut;
}

/** Two hand-row boxes overlapping left to right by at least this fraction of the narrower one cover one tile. */
export const DUPLICATE_MIN_OVERLAP = 0.6;

/**
 * Boxes found twice on one tile: in a row, tiles stand side by side and never cover each other, except the
 * two sideways tiles of an added kan, stacked. So of two neighbours in the row that overlap left to right by
 * most of the narrower one's width (typically one box on the face and one shifted onto the tile's side),
 * unless both lie sideways, the one the localiser is less sure of is a duplicate. Returns the indices (into
 * boxes) of the duplicates.
 */
export function duplicateTiles(boxes: readonly Box[], scores: readonly number[], row: Row): number[] {
  const sideways = sidewaysFlags(row.order.map((i) => boxes[i]!));
  const dropped = new Set<number>();
  for (let n = 0; n + 1 < row.order.length; n++) {
    const i = row.order[n]!;
    const j = row.order[n + 1]!;
    if (dropped.has(i) || (sideways[n] && sideways[n + 1])) continue;
    const a = boxes[i]!;
    const b = boxes[j]!;
    const overlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
    if (overlap >= DUPLICATE_MIN_OVERLAP * Math.min(a[2] - a[0], b[2] - b[0])) dropped.add((scores[i] ?? 1) < (scores[j] ?? 1) ? i : j);
  }
  return [...dropped];
}
