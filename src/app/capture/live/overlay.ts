// Draws the live reading over the camera preview (issue 17): a box on every tile found and the tile's art above
// it, on a canvas laid over the <video> (object-fit: contain). Drawn once per reading inside requestAnimationFrame;
// React does not re-render per frame.
import type { PreviewReading } from '../../../worker/client.ts';
import { boxJitter } from '../../../vision/liveHints.ts';

/**
 * A frame read for boxes only (no labels) drawn with the labels of the last classified frame, when it holds as many
 * tiles that moved less than a tile width: the labels then do not blink between frames.
 */
export function withLabelsFrom(labelled: PreviewReading | null, boxes: PreviewReading): PreviewReading {
  if (boxes.classified || !labelled || labelled.tiles.length !== boxes.tiles.length) return boxes;
  const k = labelled.width / boxes.width;
  const scaled = boxes.tiles.map((t) => ({ ...t, box: t.box.map((v) => v * k) as typeof t.box }));
  const moved = boxJitter(labelled.tiles, scaled);
  if (moved === null || moved > 1) return boxes;
  return { ...boxes, tiles: boxes.tiles.map((t, i) => ({ ...t, tile: labelled.tiles[i]!.tile, doubtful: labelled.tiles[i]!.doubtful, score: labelled.tiles[i]!.score })) };
}

const images = new Map<string, HTMLImageElement>();

function tileImage(code: string): HTMLImageElement | null {
  if (!code || code === 'back') return null;
  let img = images.get(code);
  if (!img) {
    img = new Image();
    img.src = `${import.meta.env.BASE_URL}tiles/${code}.svg`;
    images.set(code, img);
  }
  return img.complete && img.naturalWidth > 0 ? img : null;
}

/** The rectangle (CSS pixels, in the element) where a contained video's picture is shown. */
export function containRect(boxWidth: number, boxHeight: number, videoWidth: number, videoHeight: number): { x: number; y: number; scale: number } {
  const scale = Math.min(boxWidth / videoWidth, boxHeight / videoHeight);
  return { x: (boxWidth - videoWidth * scale) / 2, y: (boxHeight - videoHeight * scale) / 2, scale };
}

export function drawOverlay(canvas: HTMLCanvasElement, video: HTMLVideoElement, reading: PreviewReading | null, options: { complete: boolean; progress: number }): void {
  const cssW = video.clientWidth;
  const cssH = video.clientHeight;
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const w = Math.round(cssW * dpr);
  const h = Math.round(cssH * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  if (!reading || !video.videoWidth || !reading.width) return;
  ctx.scale(dpr, dpr);
  const fit = containRect(cssW, cssH, video.videoWidth, video.videoHeight);
  // Boxes are in the pixels of the frame read, which may be the video scaled down.
  const k = fit.scale * (video.videoWidth / reading.width);
  const colour = options.complete ? '#19b35a' : '#ffd23f';
  ctx.lineWidth = 2;
  for (const tile of reading.tiles) {
    const [x0, y0, x1, y1] = tile.box;
    const x = fit.x + x0 * k;
    const y = fit.y + y0 * k;
    const bw = (x1 - x0) * k;
    const bh = (y1 - y0) * k;
    // Unlabelled (a frame of boxes only): plain white; doubtful: dashed orange.
    ctx.strokeStyle = !tile.tile ? 'rgba(255,255,255,0.9)' : tile.doubtful ? '#ff8a00' : colour;
    ctx.setLineDash(tile.tile && tile.doubtful ? [4, 3] : []);
    ctx.strokeRect(x, y, bw, bh);
    const img = tileImage(tile.tile);
    const lw = Math.max(12, Math.min(32, bw * 0.8));
    const lh = lw * 1.33;
    if (img) {
      ctx.fillStyle = 'rgba(255,255,255,0.9)';
      ctx.fillRect(x + (bw - lw) / 2, y - lh - 3, lw, lh);
      ctx.drawImage(img, x + (bw - lw) / 2, y - lh - 3, lw, lh);
    } else if (tile.tile) {
      ctx.fillStyle = 'rgba(0,0,0,0.65)';
      ctx.fillRect(x, y - 16, Math.max(bw, 22), 15);
      ctx.fillStyle = '#fff';
      ctx.font = '12px system-ui, sans-serif';
      ctx.fillText(tile.tile, x + 2, y - 4);
    }
  }
  ctx.setLineDash([]);
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  for (const [x0, y0, x1, y1] of reading.otherBoxes) ctx.strokeRect(fit.x + x0 * k, fit.y + y0 * k, (x1 - x0) * k, (y1 - y0) * k);
  if (options.progress > 0) {
    // The automatic shutter's hold, as a bar along the bottom of the picture.
    ctx.fillStyle = '#19b35a';
    ctx.fillRect(fit.x, fit.y + video.videoHeight * fit.scale - 6, video.videoWidth * fit.scale * options.progress, 6);
  }
}
