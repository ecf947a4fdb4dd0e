// A photo under coloured light. Under a tungsten bulb, a red or magenta lamp, or a cold LED, the white faces of the
// tiles come out orange, pink or blue, and the classifier, which knows coloured tile backs, reads them as backs or
// misreads them (test-images/ under a tungsten cast: 79% of tiles right instead of 100%); in a dim room the faces come
// out grey. The tile faces themselves are the reference the photo carries: the brightest part of a tile box is its
// face, which is white or ivory on nearly every set. So the crops of the hand row are white-balanced on their faces
// before they are read, but only when the cast is strong (an ivory or pink-faced set under ordinary light stays as
// it is), and brightened when the faces are far darker than in any daylight photo.
// The lines are data (WHITE_BALANCE), chosen on the project's renders with casts applied in software
// (src/vision/README.md, "A photo under coloured light").

import type { NoteCode } from './notes.ts';
import type { Pixels } from './pixels.ts';

export const WHITE_BALANCE = {
  /** The central share of each crop (width and height) whose pixels are looked at: the face, not the table. */
  centre: 0.6,
  /** The brightest share of those pixels, by luminance, taken as the face's ground (the ink is darker). */
  brightest: 0.25,
  /**
   * The faces are white-balanced when their mean colour's strongest channel is at least this many times its weakest
   * (ivory faces under daylight: about 1.1; a pink-faced set: about 1.15; test-images under a warm bulb: 1.5).
   */
  minCast: 1.25,
  /**
   * A photo too dark: faces whose luminance is below this (of 255; faces in daylight photos: 190-240) are brightened
   * to `faceLuminance` (a dim room at night; test-images at 30% exposure read 85% of tiles right).
   */
  minFaceLuminance: 140,
  faceLuminance: 210,
  /** No channel is raised or lowered more than this factor. */
  maxGain: 2.5,
};

export type WhiteBalanceOptions = typeof WHITE_BALANCE;

export interface FaceCast {
  /** Mean RGB of the faces' brightest pixels. */
  face: [number, number, number];
  /** Strongest over weakest channel of `face`. */
  cast: number;
  /**
   * Per-channel gains that make `face` neutral at its own luminance (and, when the faces are too dark, bring it to
   * `faceLuminance`), or null when neither the cast nor the darkness calls for a correction.
   */
  gains: [number, number, number] | null;
}

/** The colour cast of the tile faces seen in `crops` (one crop per tile box, each at least 2×2). */
export function faceColourCast(crops: readonly Pixels[], o: WhiteBalanceOptions = WHITE_BALANCE): FaceCast {
  /** Calls `visit` with the RGB of every pixel in the central share of every crop. */
  const centres = (visit: (r: number, g: number, b: number, lum: number) => void) => {
    for (const c of crops) {
      const x0 = Math.floor((c.width * (1 - o.centre)) / 2);
      const y0 = Math.floor((c.height * (1 - o.centre)) / 2);
      const x1 = Math.max(x0 + 1, Math.ceil(c.width - x0));
      const y1 = Math.max(y0 + 1, Math.ceil(c.height - y0));
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * c.width + x) * c.channels;
          const r = c.data[i]!;
          const g = c.data[i + 1]!;
          const b = c.data[i + 2]!;
          visit(r, g, b, Math.round(0.299 * r + 0.587 * g + 0.114 * b));
        }
      }
    }
  };
  // first pass: a histogram of luminance, to find the brightest share without sorting
  const histogram = new Uint32Array(256);
  let total = 0;
  centres((_r, _g, _b, l) => {
    histogram[l]!++;
    total++;
  });
  if (!total) return { face: [0, 0, 0], cast: 1, gains: null };
  // the luminance at or above which lie the brightest `brightest` of the pixels (at least one)
  const want = Math.max(1, Math.ceil(total * o.brightest));
  let line = 255;
  for (let seen = histogram[255]!; seen < want && line > 0; ) seen += histogram[--line]!;
  // second pass: the mean colour of those pixels
  const sum = [0, 0, 0];
  let n = 0;
  centres((r, g, b, l) => {
    if (l < line) return;
    sum[0]! += r;
    sum[1]! += g;
    sum[2]! += b;
    n++;
  });
  const face = sum.map((s) => s / n) as [number, number, number];
  const lo = Math.max(1, Math.min(...face));
  const cast = Math.max(...face) / lo;
  const grey = (face[0] + face[1] + face[2]) / 3;
  const coloured = cast >= o.minCast;
  const dark = grey < o.minFaceLuminance;
  if (!coloured && !dark) return { face, cast, gains: null };
  // neutral at the faces' own grey (coloured light), brought up to faceLuminance (a dark photo), or both
  const target = dark ? o.faceLuminance : grey;
  const gains = face.map((v) => Math.min(o.maxGain, Math.max(1 / o.maxGain, (coloured ? target : (target * v) / grey) / Math.max(1, v)))) as [number, number, number];
  return { face, cast, gains };
}

/**
 * The light a cast says, as the note word for it (COLOURED_LIGHT's `light`): by the hue of the faces' colour when the
 * cast is strong (a bulb: warm; a cold LED: bluish; a red or magenta lamp: pink or red), else dim.
 */
export function lightOf(cast: FaceCast, o: WhiteBalanceOptions = WHITE_BALANCE): NoteCode {
  if (cast.cast < o.minCast) return 'LIGHT_DIM';
  const [r, g, b] = cast.face;
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  const hue = (60 * (max === r ? (g - b) / span : max === g ? 2 + (b - r) / span : 4 + (r - g) / span) + 360) % 360;
  if (hue < 20 || hue >= 290) return 'LIGHT_PINK';
  if (hue < 70) return 'LIGHT_WARM';
  if (hue < 170) return 'LIGHT_GREEN';
  return 'LIGHT_BLUE';
}

/** A copy of each crop with its RGB channels multiplied by `gains` (clamped to 0..255; alpha kept). */
export function applyGains(crops: readonly Pixels[], gains: readonly [number, number, number]): Pixels[] {
  return crops.map((c) => {
    const data = new Uint8Array(c.data.length);
    for (let i = 0; i < c.data.length; i += c.channels) {
      for (let k = 0; k < 3; k++) data[i + k] = Math.min(255, Math.round(c.data[i + k]! * gains[k]!));
      if (c.channels === 4) data[i + 3] = c.data[i + 3]!;
    }
    return { data, width: c.width, height: c.height, channels: c.channels };
  });
}
