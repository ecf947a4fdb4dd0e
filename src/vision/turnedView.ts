// The photo seen turned by any angle, as an ImageSource the pipeline reads like the photo itself: a hand row that
// runs up and down the photo (quarterTurn.ts) or at a steep slant (levelRow.ts) is read from a view that stands it
// level, and what the reading found is mapped back onto the photo as shown.
import type { Box } from './detect.ts';
import type { CropRequest } from './classify.ts';
import type { RecognitionNote } from './notes.ts';
import { resampleRegion } from './pixels.ts';
import type { ImageSource, RecognitionResult } from './pipeline.ts';

export interface TurnedView {
  /** The photo turned by -angle about its centre, in the photo's own pixels, on a frame that holds all of it. */
  source: ImageSource;
  /** A reading of `source` with its boxes on the photo as shown, the view's note, and the tilt its tiles stand at there. */
  back(result: RecognitionResult): RecognitionResult;
}

/**
 * The photo seen turned so that a line running at `angle` (radians, clockwise) lies level, and the way back; `note`
 * says so in the reading mapped back. No
 * turned copy of the photo is made: every picture asked of the view (the localiser's, the tiles' crops) is one crop
 * of the photo turned by the angle (pixels.ts samples any angle), so reading the view costs about what reading the
 * photo does, and the tiles are cut from the photo's full resolution.
 */
export function turnedView(photo: ImageSource, angle: number, note: RecognitionNote): TurnedView {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const width = Math.max(1, Math.round(photo.width * Math.abs(cos) + photo.height * Math.abs(sin)));
  const height = Math.max(1, Math.round(photo.width * Math.abs(sin) + photo.height * Math.abs(cos)));
  const cx = photo.width / 2;
  const cy = photo.height / 2;
  // A point (X, Y) of the view is the photo's point at (u, v) = (X − width/2, Y − height/2) from its centre, turned
  // by the angle, as pixels.ts samples a turned request.
  const toPhoto = (X: number, Y: number): [number, number] => {
    const u = X - width / 2;
    const v = Y - height / 2;
    return [cx + cos * u - sin * v, cy + sin * u + cos * v];
  };
  // A request of the view is the same rectangle about the mapped centre, turned by its own angle plus the view's.
  const inPhoto = (r: CropRequest): CropRequest => {
    const [x, y] = toPhoto((r.rect.x0 + r.rect.x1) / 2, (r.rect.y0 + r.rect.y1) / 2);
    const hw = (r.rect.x1 - r.rect.x0) / 2;
    const hh = (r.rect.y1 - r.rect.y0) / 2;
    return { ...r, rect: { x0: x - hw, y0: y - hh, x1: x + hw, y1: y + hh }, angle: angle + (r.angle ?? 0) };
  };
  const source: ImageSource = {
    width,
    height,
    // The whole view at the localiser's size: the photo resized to that scale, then turned (a crop of the photo
    // itself would average dozens of source pixels per output pixel, ten times the cost for the same picture).
    async resize(w, h) {
      const sw = Math.max(1, Math.round((photo.width * w) / width));
      const sh = Math.max(1, Math.round((photo.height * h) / height));
      const small = await photo.resize(sw, sh);
      const fx = sw / photo.width;
      const fy = sh / photo.height;
      return resampleRegion(small, { x0: cx * fx - (width * fx) / 2, y0: cy * fy - (height * fy) / 2, x1: cx * fx + (width * fx) / 2, y1: cy * fy + (height * fy) / 2 }, w, h, 'none', angle);
    },
    crop: (requests) => photo.crop(requests.map(inPhoto)),
  };
  const toShown = (b: Box): Box => {
    const corners = [toPhoto(b[0], b[1]), toPhoto(b[2], b[1]), toPhoto(b[0], b[3]), toPhoto(b[2], b[3])];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return [Math.max(0, Math.min(...xs)), Math.max(0, Math.min(...ys)), Math.min(photo.width, Math.max(...xs)), Math.min(photo.height, Math.max(...ys))];
  };
  return {
    source,
    back: (r) => ({
      ...r,
      width: photo.width,
      height: photo.height,
      tiles: r.tiles.map((t) => ({ ...t, box: toShown(t.box) })),
      otherBoxes: r.otherBoxes.map(toShown),
      tileSizedGaps: r.tileSizedGaps.map((g) => ({ ...g, box: toShown(g.box) })),
      extraBoxes: r.extraBoxes.map(toShown),
      loneBacks: r.loneBacks.map(toShown),
      notes: [note, ...r.notes],
      // On the photo as shown the tiles stand turned by the view's angle plus what the view's reading cut them at
      // (a tile's rectangle is the same turned half a turn: kept within a quarter either way).
      tilt: withinQuarter(angle + (r.tilt ?? 0)),
    }),
  };
}

/** An angle (radians) turned by half turns into (−π/2, π/2]. */
export function withinQuarter(angle: number): number {
  let a = angle % Math.PI;
  if (a > Math.PI / 2) a -= Math.PI;
  if (a <= -Math.PI / 2) a += Math.PI;
  return a;
}
