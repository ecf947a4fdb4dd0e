// Annotation boxes drawn over a photo. Photos shared online often come out of a labelling tool or a detector demo:
// every tile outlined by a thin rectangle of one saturated colour, often with a filled tag naming it above. Such lines
// cost the classifier dearly (a red line around a plain five reads as a red five, a coloured frame around a tile back
// as a white dragon: about 8 points of tiles on renders, training-notes/classifier/README.md round 15), and training
// with them won back less than half of that. Nothing painted on a real tile is such a rectangle: a thin line of one
// flat colour closing on itself around a tile-sized box whose inside is not that colour. So the lines are found in a
// picture of the hand row's region and painted out (filled in from the pixels around them) in every picture the
// pipeline reads from then on. Pure functions over Pixels; the thresholds are data (OVERLAY_DEFAULTS), chosen on
// development renders with overlays drawn by training-notes/common/annotate_photos.py and checked to find nothing on
// the same renders without them, never on the real validation photos.

import type { CropRequest } from './classify.ts';
import type { ImageSource } from './pipeline.ts';
import { resampleRegion, type Pixels, type Rect } from './pixels.ts';

export interface OverlayOptions {
  /** A pixel may belong to a drawn line when its colour is this saturated (max - min of R, G, B, 0-255). */
  minSaturation: number;
  /** Largest colour difference (sum over R, G, B) between two pixels of one drawn line. */
  colourTolerance: number;
  /** Largest difference between the mean colours of two segments meeting at a box's corner. */
  cornerColourTolerance: number;
  /** A line is at most this thick: a fraction of the tile width plus 2 pixels (anti-aliasing). */
  maxThicknessOfTile: number;
  /** A box's top or bottom line is at least this long, as a fraction of the tile's width (a tag covers part of it). */
  minSideOfTile: number;
  /**
   * A box's side (a vertical line) is at least this long, as a fraction of the tile's height: a box is drawn around
   * a whole tile, while a framed white dragon's frame, the one rectangle painted on riichi tiles, is about 0.6 of it.
   */
  minUprightOfTile: number;
  /** Boxes needed before the photo counts as annotated (a tool draws one around every tile). */
  minBoxes: number;
}

export const OVERLAY_DEFAULTS: OverlayOptions = {
  minSaturation: 80,
  colourTolerance: 90,
  cornerColourTolerance: 135,
  maxThicknessOfTile: 0.1,
  minSideOfTile: 0.45,
  minUprightOfTile: 0.75,
  minBoxes: 3,
};

/** Drawn lines found in a picture of `rect` (photo pixels), as a mask over that picture. */
export interface OverlayMask {
  rect: Rect;
  /** The picture's size; mask[y * width + x] is 255 where a drawn line (or its tag) was, else 0. */
  width: number;
  height: number;
  mask: Uint8Array;
  /** Boxes found (half the corners found). */
  boxes: number;
}

const sat = (d: ArrayLike<number>, i: number) => Math.max(d[i]!, d[i + 1]!, d[i + 2]!) - Math.min(d[i]!, d[i + 1]!, d[i + 2]!);
const dist = (d: ArrayLike<number>, i: number, e: ArrayLike<number>, j: number) => Math.abs(d[i]! - e[j]!) + Math.abs(d[i + 1]! - e[j + 1]!) + Math.abs(d[i + 2]! - e[j + 2]!);

interface Segment {
  kind: 1 | 2;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  colour: number[];
  pixels: number[];
}

/** Connected pixels marked `kind` in `line` whose colours are within `tol` of their neighbours'. */
function segments(px: Pixels, line: Uint8Array, kind: 1 | 2, tol: number): Segment[] {
  const { width: W, height: H, data: d, channels: ch } = px;
  const seen = new Uint8Array(W * H);
  const out: Segment[] = [];
  const stack: number[] = [];
  for (let s = 0; s < W * H; s++) {
    if (!(line[s]! & kind) || seen[s]) continue;
    seen[s] = 1;
    stack.push(s);
    const g: Segment = { kind, x0: W, y0: H, x1: -1, y1: -1, colour: [0, 0, 0], pixels: [] };
    while (stack.length) {
      const p = stack.pop()!;
      g.pixels.push(p);
      const x = p % W, y = (p - x) / W;
      if (x < g.x0) g.x0 = x;
      if (x > g.x1) g.x1 = x;
      if (y < g.y0) g.y0 = y;
      if (y > g.y1) g.y1 = y;
      for (let c = 0; c < 3; c++) g.colour[c]! += d[p * ch + c]!;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          const q = yy * W + xx;
          if (line[q]! & kind && !seen[q] && dist(d, p * ch, d, q * ch) <= tol) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    g.colour = g.colour.map((v) => v / g.pixels.length);
    out.push(g);
  }
  return out;
}

/**
 * Annotation boxes in `px` (a picture of the hand row's region, its tiles about `tileWidth` × `tileHeight` pixels):
 * null when fewer than `minBoxes` are found, else the mask of their lines and tags (grown by a pixel or two).
 */
export function findAnnotationBoxes(px: Pixels, tileWidth: number, tileHeight: number, options: Partial<OverlayOptions> = {}): Omit<OverlayMask, 'rect'> | null {
  const o = { ...OVERLAY_DEFAULTS, ...options };
  const { width: W, height: H, data: d, channels: ch } = px;
  const n = W * H;
  const maxT = Math.max(2, Math.round(o.maxThicknessOfTile * tileWidth) + 2);
  const minH = Math.max(6, o.minSideOfTile * tileWidth);
  const minV = Math.max(6, o.minUprightOfTile * tileHeight);
  const cand = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (sat(d, p * ch) >= o.minSaturation) cand[p] = 1;
  // Runs of one colour along each row and each column (a run goes on while a pixel is within the tolerance of its
  // first pixel), and each pixel's run length both ways: a drawn line's pixel runs long one way and short the other.
  const hlen = new Uint16Array(n);
  const vlen = new Uint16Array(n);
  // (one loop per direction, written out: this is the hot part of the check, run on every photo)
  const tol = o.colourTolerance;
  const alike = (a: number, b: number) => Math.abs(d[a]! - d[b]!) + Math.abs(d[a + 1]! - d[b + 1]!) + Math.abs(d[a + 2]! - d[b + 2]!) <= tol;
  for (let y = 0; y < H; y++) {
    const row = y * W;
    let x = 0;
    while (x < W) {
      if (!cand[row + x]) {
        x++;
        continue;
      }
      const a = (row + x) * ch;
      let e = x + 1;
      while (e < W && cand[row + e] && alike(a, (row + e) * ch)) e++;
      hlen.fill(Math.min(65535, e - x), row + x, row + e);
      x = e;
    }
  }
  for (let x = 0; x < W; x++) {
    let y = 0;
    while (y < H) {
      if (!cand[y * W + x]) {
        y++;
        continue;
      }
      const a = (y * W + x) * ch;
      let e = y + 1;
      while (e < H && cand[e * W + x] && alike(a, (e * W + x) * ch)) e++;
      const r = Math.min(65535, e - y);
      for (let k = y; k < e; k++) vlen[k * W + x] = r;
      y = e;
    }
  }
  const keep = new Uint8Array(n);
  const line = new Uint8Array(n); // 1 part of a horizontal line, 2 of a vertical one
  for (let p = 0; p < n; p++) {
    if (!cand[p]) continue;
    if (hlen[p]! >= minH && vlen[p]! <= maxT) line[p]! |= 1;
    if (vlen[p]! >= minV && hlen[p]! <= maxT) line[p]! |= 2;
  }
  // Too few line pixels for minBoxes boxes' tops and bottoms: no boxes (most photos stop here).
  let across = 0;
  for (let p = 0; p < n; p++) if (line[p]! & 1) across++;
  if (across < 2 * o.minBoxes * minH) return null;
  // Line segments: connected pixels of one line kind and one colour. A drawn box shows as long segments meeting at
  // its corners (a horizontal one's end on a vertical one's end, in one colour); strokes painted on tiles seldom do.
  const segs = [...segments(px, line, 1, o.colourTolerance), ...segments(px, line, 2, o.colourTolerance)];
  const hs = segs.filter((g) => g.kind === 1 && g.x1 - g.x0 + 1 >= minH && g.y1 - g.y0 + 1 <= maxT + 2);
  const vs = segs.filter((g) => g.kind === 2 && g.y1 - g.y0 + 1 >= minV && g.x1 - g.x0 + 1 <= maxT + 2);
  const near = (a: number, b0: number, b1: number) => a >= b0 - maxT && a <= b1 + maxT;
  const used = new Set<Segment>();
  const tops = new Set<Segment>();
  let corners = 0;
  for (const h of hs) {
    for (const v of vs) {
      // (segment colours are means, which a neighbour's line of a near colour can pull apart: a wider tolerance)
      if (dist(h.colour, 0, v.colour, 0) > o.cornerColourTolerance) continue;
      const atEndOfH = near(h.x0, v.x0, v.x1) || near(h.x1, v.x0, v.x1);
      const atEndOfV = near(v.y0, h.y0, h.y1) || near(v.y1, h.y0, h.y1);
      if (!atEndOfH || !atEndOfV) continue;
      corners++;
      if (near(v.y0, h.y0, h.y1)) tops.add(h);
      used.add(h);
      used.add(v);
    }
  }
  // A box shows 2 to 4 corners (a side drawn over by its neighbour's is lost): counted as half its corners.
  const boxes = Math.floor(corners / 2);
  if (boxes < o.minBoxes) return null;
  for (const g of used) {
    for (const p of g.pixels) keep[p] = 1;
    // The corners, where the lines cross (neither thin one way) and anti-aliasing rounds them: a square at each end.
    const ends = g.kind === 1 ? [[g.x0, g.y0, g.y1], [g.x1, g.y0, g.y1]] : [[g.y0, g.x0, g.x1], [g.y1, g.x0, g.x1]];
    for (const [e, a, b] of ends) {
      const t = b! - a! + 1; // the line's own thickness
      const [ex0, ex1, ey0, ey1] = g.kind === 1 ? [e! - t, e! + t, a! - t, b! + t] : [a! - t, b! + t, e! - t, e! + t];
      for (let y = Math.max(0, ey0); y <= Math.min(H - 1, ey1); y++) keep.fill(1, y * W + Math.max(0, ex0), y * W + Math.min(W - 1, ex1) + 1);
    }
  }
  // Tags: pixels of a top line's colour filling a rectangle standing on its left part.
  for (const h of tops) {
    const tag = growTag(px, h.colour, h.x0, h.y0, tileWidth, tileHeight, o.colourTolerance, cand);
    if (tag) for (let y = tag.y0; y <= tag.y1; y++) keep.fill(1, y * W + tag.x0, y * W + tag.x1 + 1);
  }
  // Grow by the anti-aliased edge and JPEG's ringing around a drawn line.
  const grow = 1 + Math.round(0.03 * tileWidth);
  const mask = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    if (!keep[p]) continue;
    const x = p % W, y = (p - x) / W;
    for (let yy = Math.max(0, y - grow); yy <= Math.min(H - 1, y + grow); yy++) mask.fill(255, yy * W + Math.max(0, x - grow), yy * W + Math.min(W - 1, x + grow) + 1);
  }
  return { width: W, height: H, mask, boxes };
}

/**
 * A filled tag of a top line's colour standing on it: its bounds, or null. Tools draw the tag from the box's left
 * corner over the line's left part, so the line as found starts where the tag ends (x0): the tag is the columns left
 * of it that hold the line's colour above it, and the rows above the line that hold it there (text aside).
 */
function growTag(px: Pixels, ref: readonly number[], x0: number, y0: number, tileWidth: number, tileHeight: number, tol: number, cand: Uint8Array): Rect | null {
  const { width: W, data: d, channels: ch } = px;
  const reach = Math.round(0.6 * tileHeight);
  const top = Math.max(0, y0 - reach);
  const ofColour = (x: number, y: number) => {
    const p = y * W + x;
    return cand[p] === 1 && dist(d, p * ch, ref, 0) <= tol;
  };
  let left = x0 + 1, misses = 0;
  for (let x = x0 + 1; x >= Math.max(0, x0 - tileWidth); x--) {
    let k = 0;
    for (let y = top; y < y0; y++) if (ofColour(x, y)) k++;
    if (k >= 3) {
      left = x;
      misses = 0;
    } else if (++misses >= 3) break;
  }
  const width = x0 + 2 - left;
  if (width < 4) return null;
  let upper = y0;
  misses = 0;
  for (let y = y0 - 1; y >= top; y--) {
    let k = 0;
    for (let x = left; x <= x0 + 1; x++) if (ofColour(x, y)) k++;
    if (k >= 0.4 * width) {
      upper = y;
      misses = 0;
    } else if (++misses >= 2) break;
  }
  if (y0 - upper < 3) return null;
  return { x0: left, y0: upper, x1: Math.min(W - 1, x0 + 1), y1: y0 };
}

/**
 * Paints out the masked pixels of `px` in place, each from the unmasked (or already painted) pixels around it, from
 * the mask's edge inwards. `mask[y * width + x]` > 0 marks a pixel to paint.
 */
export function paintOut(px: Pixels, mask: Uint8Array): void {
  const { width: W, height: H, data: d, channels: ch } = px;
  const todo = new Uint8Array(W * H);
  let left: number[] = [];
  for (let p = 0; p < W * H; p++) if (mask[p]) {
    todo[p] = 1;
    left.push(p);
  }
  for (let pass = 0; left.length && pass < 64; pass++) {
    const done: number[] = [];
    const rest: number[] = [];
    for (const p of left) {
      const x = p % W, y = (p - x) / W;
      let k = 0, r = 0, g = 0, b = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(H - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(W - 1, x + 1); xx++) {
          const q = yy * W + xx;
          if (todo[q]) continue;
          r += d[q * ch]!;
          g += d[q * ch + 1]!;
          b += d[q * ch + 2]!;
          k++;
        }
      }
      if (!k) {
        rest.push(p);
        continue;
      }
      d[p * ch] = Math.round(r / k);
      d[p * ch + 1] = Math.round(g / k);
      d[p * ch + 2] = Math.round(b / k);
      done.push(p);
    }
    if (!done.length) break;
    for (const p of done) todo[p] = 0;
    left = rest;
  }
}

/** The mask's share of a picture cut from the photo by `req` (the same geometry as the picture itself). */
function maskFor(overlay: OverlayMask, maskPx: Pixels, req: CropRequest): Uint8Array | null {
  const sx = overlay.width / (overlay.rect.x1 - overlay.rect.x0);
  const sy = overlay.height / (overlay.rect.y1 - overlay.rect.y0);
  const r = req.rect;
  const cut = resampleRegion(maskPx, { x0: (r.x0 - overlay.rect.x0) * sx, y0: (r.y0 - overlay.rect.y0) * sy, x1: (r.x1 - overlay.rect.x0) * sx, y1: (r.y1 - overlay.rect.y0) * sy }, req.width, req.height, req.turn, req.angle);
  const out = new Uint8Array(req.width * req.height);
  let any = false;
  for (let p = 0; p < out.length; p++) if (cut.data[p * 3]! >= 26) {
      out[p] = 1;
      any = true;
    }
  return any ? out : null;
}

/**
 * The photo with the drawn lines painted out of every picture cut from it (crops and the whole-photo resize), so
 * the localiser's closer look and the classifier read the tiles as if nothing had been drawn.
 */
export function withoutOverlays(image: ImageSource, overlay: OverlayMask): ImageSource {
  // The mask as an RGB picture with a blank border, so that sampling past its edge (edge pixels repeat) stays blank.
  const maskPx: Pixels = { width: overlay.width, height: overlay.height, channels: 3, data: new Uint8Array(overlay.width * overlay.height * 3) };
  for (let y = 1; y < overlay.height - 1; y++) {
    for (let x = 1; x < overlay.width - 1; x++) {
      const v = overlay.mask[y * overlay.width + x]!;
      if (v) maskPx.data.fill(v, (y * overlay.width + x) * 3, (y * overlay.width + x) * 3 + 3);
    }
  }
  const clean = (px: Pixels, req: CropRequest): Pixels => {
    const m = maskFor(overlay, maskPx, req);
    if (m) paintOut(px, m);
    return px;
  };
  return {
    width: image.width,
    height: image.height,
    async resize(w, h) {
      const px = await image.resize(w, h);
      return clean(px, { rect: { x0: 0, y0: 0, x1: image.width, y1: image.height }, turn: 'none', width: w, height: h });
    },
    async crop(requests) {
      const cut = await image.crop(requests);
      return cut.map((px, i) => clean(px, requests[i]!));
    },
  };
}
