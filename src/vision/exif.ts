// EXIF orientation, for paths that decode raw pixels themselves (sharp's rotate() and the browser's
// createImageBitmap({imageOrientation: 'from-image'}) already apply it).
//
// Orientation values (TIFF tag 0x0112): 1 normal, 2 mirrored horizontally, 3 rotated 180°,
// 4 mirrored vertically, 5 transposed (mirror + 90° ccw), 6 needs 90° clockwise to display,
// 7 transversed, 8 needs 90° counter-clockwise to display.

import type { Pixels } from './pixels.ts';

/** Reads the EXIF orientation (1..8) of a JPEG file's bytes; 1 when absent or unreadable. */
export function readExifOrientation(bytes: Uint8Array): number {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 2;
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) return 1;
    const marker = bytes[p + 1]!;
    if (marker === 0xda || marker === 0xd9) return 1; // start of scan / end of image: no EXIF before pixels
    if (marker === 0xff) {
      p += 1;
      continue;
    }
    const len = view.getUint16(p + 2);
    if (len < 2) return 1;
    const seg = p + 4;
    if (marker === 0xe1 && seg + 14 <= bytes.length && view.getUint32(seg) === 0x45786966 && view.getUint16(seg + 4) === 0) {
      return orientationFromTiff(view, seg + 6, Math.min(bytes.length, p + 2 + len));
    }
    p += 2 + len;
  }
  return 1;
}

function orientationFromTiff(view: DataView, tiff: number, end: number): number {
  if (tiff + 8 > end) return 1;
  const order = view.getUint16(tiff);
  const little = order === 0x4949;
  if (!little && order !== 0x4d4d) return 1;
  if (view.getUint16(tiff + 2, little) !== 42) return 1;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Width and height after applying the orientation (5..8 swap the axes). */
export function orientedSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

/**
 * Maps a displayed (oriented) pixel position to the stored pixel position, for a stored image of
 * size w × h. Exported for tests and for mapping boxes.
 */
export function orientedToStored(x: number, y: number, w: number, h: number, orientation: number): [number, number] {
  switch (orientation) {
    case 2: return [w - 1 - x, y];
    case 3: return [w - 1 - x, h - 1 - y];
    case 4: return [x, h - 1 - y];
    case 5: return [y, x];
    case 6: return [y, h - 1 - x];
    case 7: return [w - 1 - y, h - 1 - x];
    case 8: return [w - 1 - y, x];
    default: return [x, y];
  }
}

/** Returns the pixels as they should be displayed (orientation applied). Orientation 1 returns the input. */
export function applyExifOrientation(src: Pixels, orientation: number): Pixels {
  if (!(orientation >= 2 && orientation <= 8)) return src;
  const { width: w, height: h, channels: c } = src;
  const size = orientedSize(w, h, orientation);
  const out = new Uint8Array(w * h * c);
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const [sx, sy] = orientedToStored(x, y, w, h, orientation);
      const s = (sy * w + sx) * c;
      const d = (y * size.width + x) * c;
      for (let k = 0; k < c; k++) out[d + k] = src.data[s + k]!;
    }
  }
  return { data: out, width: size.width, height: size.height, channels: c };
}
