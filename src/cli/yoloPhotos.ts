// Photos labelled in the YOLO format (<root>/<split>/{images,labels}: one line per box, class id, centre x, centre y,
// width, height as fractions of the image), as `npm run eval` reads ../shared/data/real/haitaks-yolo: each photo that
// has an image and at least one label line, its boxes in the image's pixels. Nothing is copied; the data is read in place.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Box } from '../vision/detect.ts';

export interface YoloPhoto {
  /** `split/stem`, e.g. `valid/IMG_1234_jpg.rf.abc`. */
  name: string;
  file: string;
  labels: { id: number; box: Box }[];
}

/** The labelled photos of one split, in file order; none when the split is not there. */
export async function yoloPhotos(root: string, split: string): Promise<YoloPhoto[]> {
  let names: string[];
  let images: string[];
  try {
    names = (await readdir(path.join(root, split, 'labels'))).filter((n) => n.endsWith('.txt')).sort();
    images = await readdir(path.join(root, split, 'images'));
  } catch {
    return [];
  }
  const photos: YoloPhoto[] = [];
  for (const n of names) {
    const lines = (await readFile(path.join(root, split, 'labels', n), 'utf8')).split('\n').filter((l) => l.trim());
    if (!lines.length) continue;
    const stem = n.replace(/\.txt$/, '');
    const imageFile = images.find((f) => f.startsWith(stem + '.'));
    if (!imageFile) continue;
    const file = path.join(root, split, 'images', imageFile);
    const meta = await sharp(file).metadata();
    const W = meta.width ?? 0;
    const H = meta.height ?? 0;
    const labels = lines.map((l) => {
      const [id, cx, cy, w, h] = l.trim().split(/\s+/).map(Number) as [number, number, number, number, number];
      return { id, box: [(cx - w / 2) * W, (cy - h / 2) * H, (cx + w / 2) * W, (cy + h / 2) * H] as Box };
    });
    photos.push({ name: `${split}/${stem}`, file, labels });
  }
  return photos;
}
