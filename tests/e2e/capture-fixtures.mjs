// Fixtures for the photo-to-score specs and the browser benchmark, made at test time from the project's own
// test images (test-images/, rendered by the classifier agent, true hands in test-images/labels.json):
// - a .y4m video file for Chromium's fake camera (--use-file-for-fake-video-capture needs an absolute path),
// - a 12-megapixel JPEG of a hand photo (the size of a phone photo).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_IMAGES = join(ROOT, 'test-images');

/**
 * The labelled test images: [{ file (absolute), hand (compact notation, as labelled), width, height, entry (the raw label,
 * with `tiles: [{ tile, box }]` in photo order) }].
 * Accepts labels.json as an array of objects or an object keyed by file name.
 */
export function testImages() {
  const labelsPath = join(TEST_IMAGES, 'labels.json');
  if (!existsSync(labelsPath)) throw new Error(`${labelsPath} is missing: the labelled test images are needed`);
  const json = JSON.parse(readFileSync(labelsPath, 'utf8'));
  const list = Array.isArray(json) ? json : Array.isArray(json.images) ? json.images : Object.entries(json).map(([file, v]) => (typeof v === 'string' ? { file, hand: v } : { file, ...v }));
  return list
    .map((entry) => {
      const name = entry.file ?? entry.image ?? entry.path ?? entry.name;
      const hand = entry.hand ?? entry.tiles ?? entry.label ?? entry.truth;
      if (typeof name !== 'string') return null;
      const file = isAbsolute(name) ? name : join(TEST_IMAGES, name);
      const [width, height] = Array.isArray(entry.size) ? entry.size : [entry.width, entry.height];
      return existsSync(file) ? { file, hand: Array.isArray(hand) ? hand.join('') : hand, width, height, entry } : null;
    })
    .filter(Boolean);
}

/** Converts an image file to a one-frame YUV4MPEG2 (I420, BT.601 limited range) video; returns its absolute path. */
export async function makeY4m(imageFile, { maxWidth = 1920 } = {}) {
  const { data, info } = await sharp(imageFile)
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // I420 needs even dimensions.
  const W = info.width & ~1;
  const H = info.height & ~1;
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  const at = (x, yy) => (yy * info.width + x) * 3;
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const p = at(i, j);
      const r = data[p], g = data[p + 1], b = data[p + 2];
      y[j * W + i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
    }
  }
  for (let j = 0; j < H / 2; j++) {
    for (let i = 0; i < W / 2; i++) {
      let r = 0, g = 0, b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const p = at(2 * i + dx, 2 * j + dy);
        r += data[p];
        g += data[p + 1];
        b += data[p + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[j * (W / 2) + i] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[j * (W / 2) + i] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const path = join(mkdtempSync(join(tmpdir(), 'riichi-lens-camera-')), 'hand.y4m');
  writeFileSync(path, Buffer.concat([header, y, u, v]));
  return { path, width: W, height: H };
}

/** A 12-megapixel JPEG of the image (same aspect ratio, e.g. 4000 × 3000), as a phone would take it. */
export async function make12MpJpeg(imageFile) {
  const meta = await sharp(imageFile).rotate().metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const aspect = (swap ? meta.height : meta.width) / (swap ? meta.width : meta.height);
  const width = Math.round(Math.sqrt(12e6 * aspect));
  const height = Math.round(width / aspect);
  const path = join(mkdtempSync(join(tmpdir(), 'riichi-lens-12mp-')), 'hand-12mp.jpg');
  await sharp(imageFile).rotate().resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 }).toFile(path);
  return { path, width, height };
}
