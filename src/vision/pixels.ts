// Raw interleaved 8-bit pixels (RGB or RGBA, row-major) and the resampling the pipeline needs:
// area averaging when shrinking (what cv2.INTER_AREA does, so small crops do not alias) and
// bilinear interpolation when enlarging. Pure TypeScript, identical in Node and in the browser.

export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  /** 3 = RGB, 4 = RGBA (alpha ignored). */
  channels: 3 | 4;
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Quarter turns applied after resampling: 'cw' turns the picture 90° clockwise. */
export type QuarterTurn = 'none' | 'cw' | 'ccw';

export function createPixels(width: number, height: number, channels: 3 | 4 = 3, fill = 0): Pixels {
  const data = new Uint8Array(width * height * channels);
  if (fill) data.fill(fill);
  return { data, width, height, channels };
}

/**
 * 1-D resampling weights from a source interval [s0, s1) onto n output cells, for a source axis of
 * length len. Samples outside the image are clamped to the edge pixel.
 * Returns, per output cell, the list of (source index, weight) pairs (weights sum to 1).
 */
function axisWeights(s0: number, s1: number, n: number, len: number): { idx: Int32Array; w: Float32Array; start: Int32Array } {
  const scale = (s1 - s0) / n;
  const starts: number[] = [0];
  const idx: number[] = [];
  const w: number[] = [];
  const clamp = (i: number) => (i < 0 ? 0 : i >= len ? len - 1 : i);
  for (let o = 0; o < n; o++) {
    if (scale > 1) {
      // Area: the output cell covers [a, b) of the source.
      const a = s0 + o * scale;
      const b = a + scale;
      const first = Math.floor(a);
      const last = Math.ceil(b) - 1;
      let total = 0;
      const begin = idx.length;
      for (let i = first; i <= last; i++) {
        const cover = Math.min(b, i + 1) - Math.max(a, i);
        if (cover <= 0) continue;
        idx.push(clamp(i));
        w.push(cover);
        total += cover;
      }
      for (let k = begin; k < idx.length; k++) w[k]! /= total;
    } else {
      // Bilinear at the cell centre (half-pixel convention, as cv2 and canvas do).
      const c = s0 + (o + 0.5) * scale - 0.5;
      const f = Math.floor(c);
      const t = c - f;
      idx.push(clamp(f), clamp(f + 1));
      w.push(1 - t, t);
    }
    starts.push(idx.length);
  }
  return { idx: Int32Array.from(idx), w: Float32Array.from(w), start: Int32Array.from(starts) };
}

/**
 * Resamples the source rectangle `rect` (in source pixels, may be fractional and may extend past the
 * image: edge pixels are repeated) to outW × outH RGB pixels, then applies a quarter turn.
 * With a turn, outW × outH is the size AFTER turning.
 */
export function resampleRegion(src: Pixels, rect: Rect, outW: number, outH: number, turn: QuarterTurn = 'none', angle = 0): Pixels {
  if (angle) return resampleTurned(src, rect, angle, outW, outH, turn);
  const turned = turn !== 'none';
  const w = turned ? outH : outW;
  const h = turned ? outW : outH;
  const xs = axisWeights(rect.x0, rect.x1, w, src.width);
  const ys = axisWeights(rect.y0, rect.y1, h, src.height);
  const sc = src.channels;
  const sd = src.data;
  // Horizontal pass, only over the source rows that the vertical pass needs, into one buffer of the rows from the
  // first needed to the last (a row per Float32Array in a Map cost more than the sums themselves).
  let firstRow = Infinity, lastRow = -Infinity;
  for (let k = 0; k < ys.idx.length; k++) {
    firstRow = Math.min(firstRow, ys.idx[k]!);
    lastRow = Math.max(lastRow, ys.idx[k]!);
  }
  const stride = w * 3;
  const rows = new Float32Array((lastRow - firstRow + 1) * stride);
  const done = new Uint8Array(lastRow - firstRow + 1);
  for (let k = 0; k < ys.idx.length; k++) {
    const sy = ys.idx[k]!;
    if (done[sy - firstRow]) continue;
    done[sy - firstRow] = 1;
    const rowAt = (sy - firstRow) * stride;
    const base = sy * src.width * sc;
    for (let ox = 0; ox < w; ox++) {
      let r = 0, g = 0, b = 0;
      for (let j = xs.start[ox]!; j < xs.start[ox + 1]!; j++) {
        const p = base + xs.idx[j]! * sc;
        const wt = xs.w[j]!;
        r += sd[p]! * wt;
        g += sd[p + 1]! * wt;
        b += sd[p + 2]! * wt;
      }
      rows[rowAt + ox * 3] = r;
      rows[rowAt + ox * 3 + 1] = g;
      rows[rowAt + ox * 3 + 2] = b;
    }
  }
  const tmp = new Uint8Array(w * h * 3);
  for (let oy = 0; oy < h; oy++) {
    for (let ox = 0; ox < w; ox++) {
      let r = 0, g = 0, b = 0;
      for (let j = ys.start[oy]!; j < ys.start[oy + 1]!; j++) {
        const at = (ys.idx[j]! - firstRow) * stride + ox * 3;
        const wt = ys.w[j]!;
        r += rows[at]! * wt;
        g += rows[at + 1]! * wt;
        b += rows[at + 2]! * wt;
      }
      const o = (oy * w + ox) * 3;
      tmp[o] = Math.round(r);
      tmp[o + 1] = Math.round(g);
      tmp[o + 2] = Math.round(b);
    }
  }
  const out: Pixels = { data: tmp, width: w, height: h, channels: 3 };
  return turned ? rotateQuarter(out, turn) : out;
}

/** Most samples per output pixel and axis in resampleTurned (4 x 4: enough for a tile shrunk to the classifier's input). */
const MAX_SUPERSAMPLES = 4;

/**
 * Resamples `rect` turned by `angle` radians (clockwise, y down) about its centre: output pixel (x, y) of the
 * w × h grid over the rect reads the source at centre + R(angle)·(offset in the rect). Each output pixel averages
 * n × n bilinear samples, n the source pixels per output pixel rounded up (at most MAX_SUPERSAMPLES): close to
 * the area average resampleRegion gives an upright rect. Then the quarter turn.
 */
function resampleTurned(src: Pixels, rect: Rect, angle: number, outW: number, outH: number, turn: QuarterTurn): Pixels {
  const turned = turn !== 'none';
  const w = turned ? outH : outW;
  const h = turned ? outW : outH;
  const rw = rect.x1 - rect.x0;
  const rh = rect.y1 - rect.y0;
  const cx = (rect.x0 + rect.x1) / 2;
  const cy = (rect.y0 + rect.y1) / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // (A ratio a rounding above a whole number needs no more samples.)
  const n = Math.min(MAX_SUPERSAMPLES, Math.max(1, Math.ceil(Math.max(rw / w, rh / h) - 1e-3)));
  const sc = src.channels;
  const sd = src.data;
  const maxX = src.width - 1;
  const maxY = src.height - 1;
  const out = new Uint8Array(w * h * 3);
  const rgb = [0, 0, 0];
  for (let oy = 0; oy < h; oy++) {
    for (let ox = 0; ox < w; ox++) {
      rgb[0] = rgb[1] = rgb[2] = 0;
      for (let j = 0; j < n; j++) {
        const v = ((oy + (j + 0.5) / n) / h - 0.5) * rh;
        for (let i = 0; i < n; i++) {
          const u = ((ox + (i + 0.5) / n) / w - 0.5) * rw;
          // Source position in pixel-centre coordinates (pixel k covers [k, k + 1)), clamped to the image.
          const x = Math.min(maxX, Math.max(0, cx + cos * u - sin * v - 0.5));
          const y = Math.min(maxY, Math.max(0, cy + sin * u + cos * v - 0.5));
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const x1 = Math.min(maxX, x0 + 1);
          const y1 = Math.min(maxY, y0 + 1);
          const tx = x - x0;
          const ty = y - y0;
          const p00 = (y0 * src.width + x0) * sc;
          const p01 = (y0 * src.width + x1) * sc;
          const p10 = (y1 * src.width + x0) * sc;
          const p11 = (y1 * src.width + x1) * sc;
          for (let k = 0; k < 3; k++) {
            const top = sd[p00 + k]! + (sd[p01 + k]! - sd[p00 + k]!) * tx;
            const bottom = sd[p10 + k]! + (sd[p11 + k]! - sd[p10 + k]!) * tx;
            rgb[k]! += top + (bottom - top) * ty;
          }
        }
      }
      const o = (oy * w + ox) * 3;
      const nn = n * n;
      out[o] = Math.round(rgb[0]! / nn);
      out[o + 1] = Math.round(rgb[1]! / nn);
      out[o + 2] = Math.round(rgb[2]! / nn);
    }
  }
  const result: Pixels = { data: out, width: w, height: h, channels: 3 };
  return turned ? rotateQuarter(result, turn) : result;
}

/** Turns an image a quarter turn clockwise ('cw') or counter-clockwise ('ccw'). */
export function rotateQuarter(src: Pixels, turn: QuarterTurn): Pixels {
  if (turn === 'none') return src;
  const { width: w, height: h, channels: c } = src;
  const out = new Uint8Array(w * h * c);
  // Output is h wide, w tall.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const nx = turn === 'cw' ? h - 1 - y : y;
      const ny = turn === 'cw' ? x : w - 1 - x;
      const s = (y * w + x) * c;
      const d = (ny * h + nx) * c;
      for (let k = 0; k < c; k++) out[d + k] = src.data[s + k]!;
    }
  }
  return { data: out, width: h, height: w, channels: src.channels };
}

/** Whole-image resize (area when shrinking, bilinear when enlarging). */
export function resizePixels(src: Pixels, outW: number, outH: number): Pixels {
  return resampleRegion(src, { x0: 0, y0: 0, x1: src.width, y1: src.height }, outW, outH);
}
