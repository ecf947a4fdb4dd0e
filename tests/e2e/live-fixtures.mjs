// Fake-camera videos for the live view (issue 17), made at test time from the project's test images:
// 1280×720 (the preview size the issue names) one-frame .y4m files: a labelled hand photo fitted into the frame
// (bands of plain table colour at the sides), or a scene without tiles (the same photo's table cloth only).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeY4m } from './capture-fixtures.mjs';

export const LIVE_W = 1280;
export const LIVE_H = 720;

/**
 * The image fitted into 1280×720 (contain, table-green bands), or `fit` times that size (the camera farther away),
 * Gaussian-blurred by `blur` px when asked (a shaking hand); returns { path (y4m), width, height, scale, dx, dy }.
 */
export async function liveY4m(imageFile, { fit = 1, blur = 0 } = {}) {
  const meta = await sharp(imageFile).rotate().metadata();
  const scale = fit * Math.min(LIVE_W / meta.width, LIVE_H / meta.height);
  const w = Math.round(meta.width * scale);
  const h = Math.round(meta.height * scale);
  const png = join(mkdtempSync(join(tmpdir(), 'riichi-lens-live-')), 'frame.png');
  let inner = await sharp(imageFile).rotate().resize(w, h).png().toBuffer();
  if (blur) inner = await sharp(inner).blur(blur).png().toBuffer();
  await sharp({ create: { width: LIVE_W, height: LIVE_H, channels: 3, background: { r: 30, g: 92, b: 60 } } })
    .composite([{ input: inner, left: Math.floor((LIVE_W - w) / 2), top: Math.floor((LIVE_H - h) / 2) }])
    .png()
    .toFile(png);
  const y4m = await makeY4m(png, { maxWidth: LIVE_W });
  return { ...y4m, scale, dx: Math.floor((LIVE_W - w) / 2), dy: Math.floor((LIVE_H - h) / 2) };
}

/** BT.601 limited-range I420 planes of an RGB buffer (as makeY4m), for a W×H window at (ox, oy) of a wider image. */
function i420(rgb, stride, ox, oy, W, H) {
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  const at = (x, yy) => ((oy + yy) * stride + ox + x) * 3;
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const p = at(i, j);
      y[j * W + i] = Math.round(16 + (65.481 * rgb[p] + 128.553 * rgb[p + 1] + 24.966 * rgb[p + 2]) / 255);
    }
  }
  for (let j = 0; j < H / 2; j++) {
    for (let i = 0; i < W / 2; i++) {
      let r = 0, g = 0, b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const p = at(2 * i + dx, 2 * j + dy);
        r += rgb[p];
        g += rgb[p + 1];
        b += rgb[p + 2];
      }
      u[j * (W / 2) + i] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 4 / 255);
      v[j * (W / 2) + i] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 4 / 255);
    }
  }
  return [y, u, v];
}

/**
 * A hand held by a moving camera: the image fitted into 1280×720 as liveY4m, panning left and right by up to
 * `amplitude` pixels over `frames` frames (30 fps, looped by Chromium), so every reading sees the tiles move.
 */
export async function movingY4m(imageFile, { frames = 30, amplitude = 32 } = {}) {
  const meta = await sharp(imageFile).rotate().metadata();
  const scale = Math.min(LIVE_W / meta.width, LIVE_H / meta.height);
  const w = Math.round(meta.width * scale);
  const h = Math.round(meta.height * scale);
  const M = amplitude;
  const inner = await sharp(imageFile).rotate().resize(w, h).png().toBuffer();
  const { data } = await sharp({ create: { width: LIVE_W + 2 * M, height: LIVE_H, channels: 3, background: { r: 30, g: 92, b: 60 } } })
    .composite([{ input: inner, left: M + Math.floor((LIVE_W - w) / 2), top: Math.floor((LIVE_H - h) / 2) }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const parts = [Buffer.from(`YUV4MPEG2 W${LIVE_W} H${LIVE_H} F30:1 Ip A1:1 C420jpeg\n`)];
  for (let f = 0; f < frames; f++) {
    const ox = Math.round((M * (1 - Math.cos((2 * Math.PI * f) / frames))) / 2) & ~1;
    parts.push(Buffer.from('FRAME\n'), ...i420(data, LIVE_W + 2 * M, ox, 0, LIVE_W, LIVE_H));
  }
  const path = join(mkdtempSync(join(tmpdir(), 'riichi-lens-live-')), 'moving.y4m');
  writeFileSync(path, Buffer.concat(parts));
  return { path, width: LIVE_W, height: LIVE_H };
}

/** A 1280×720 scene without tiles: a table cloth (noise over green) with a wooden edge and a dark object. */
export async function tilelessY4m() {
  const noise = Buffer.alloc(LIVE_W * LIVE_H * 3);
  let seed = 17;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let y = 0; y < LIVE_H; y++) {
    for (let x = 0; x < LIVE_W; x++) {
      const p = (y * LIVE_W + x) * 3;
      const n = (rand() - 0.5) * 30;
      const wood = y > 600;
      noise[p] = Math.max(0, Math.min(255, (wood ? 120 : 28) + n));
      noise[p + 1] = Math.max(0, Math.min(255, (wood ? 78 : 96) + n));
      noise[p + 2] = Math.max(0, Math.min(255, (wood ? 40 : 58) + n));
      if (x > 200 && x < 420 && y > 150 && y < 330) noise[p] = noise[p + 1] = noise[p + 2] = 25; // a phone lying on the cloth
    }
  }
  const png = join(mkdtempSync(join(tmpdir(), 'riichi-lens-live-')), 'cloth.png');
  await sharp(noise, { raw: { width: LIVE_W, height: LIVE_H, channels: 3 } }).png().toFile(png);
  return makeY4m(png, { maxWidth: LIVE_W });
}

/**
 * Dora indicators on the table: tiles of a labelled test image (their `boxes` from labels.json), cut out at the
 * boxes with the cloth above and below, enlarged 1.5× and centred in a 1280×720 frame of the same dark cloth.
 */
export async function doraY4m(imageFile, boxes) {
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[2]));
  const y1 = Math.max(...boxes.map((b) => b[3]));
  // Cut at the boxes' outer edges left and right (the neighbouring tiles touch them), with cloth above and below.
  const m = 0.3 * (y1 - y0);
  const meta = await sharp(imageFile).metadata();
  const left = Math.max(0, Math.round(x0 + 2));
  const top = Math.max(0, Math.round(y0 - m));
  const width = Math.min(meta.width - left, Math.round(x1 - x0 - 4));
  const height = Math.min(meta.height - top, Math.round(y1 - y0 + 2 * m));
  const part = await sharp(imageFile).extract({ left, top, width, height }).resize(Math.round(width * 1.5)).png().toBuffer({ resolveWithObject: true });
  const { data: corner } = await sharp(imageFile).extract({ left: 0, top: 0, width: 8, height: 8 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const background = { r: corner[0], g: corner[1], b: corner[2] };
  const png = join(mkdtempSync(join(tmpdir(), 'riichi-lens-live-')), 'dora.png');
  await sharp({ create: { width: LIVE_W, height: LIVE_H, channels: 3, background } })
    .composite([{ input: part.data, left: Math.round((LIVE_W - part.info.width) / 2), top: Math.round((LIVE_H - part.info.height) / 2) }])
    .png()
    .toFile(png);
  return makeY4m(png, { maxWidth: LIVE_W });
}
