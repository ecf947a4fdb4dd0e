// The live view's hint rules and hand checks (src/vision/liveHints.ts, issue 17), on made-up readings.
import { describe, expect, it } from 'vitest';
import {
  boxJitter,
  confidentIndicators,
  handSignature,
  handTileCount,
  isCompleteHand,
  isBlurred,
  liveHint,
  sharpness,
  sharpnessRegion,
  type LiveFrame,
  type LiveTile,
} from '../../src/vision/liveHints.ts';

/** A row of tiles 60×80 px from x = 100, 4 px apart; a group break adds 30 px; `*` after a code: sideways. */
function row(spec: string, { x = 100, y = 300, w = 60, h = 80, score = 0.95 } = {}): LiveTile[] {
  const tiles: LiveTile[] = [];
  let group = 0;
  for (const token of spec.trim().split(/\s+/)) {
    if (token === '|') {
      group++;
      x += 30;
      continue;
    }
    const rotated = token.endsWith('*');
    const tile = rotated ? token.slice(0, -1) : token;
    const [bw, bh] = rotated ? [h, w] : [w, h];
    tiles.push({ tile, score, box: [x, y + (h - bh), x + bw, y + h], rotated, doubtful: score < 0.6, group });
    x += bw + 4;
  }
  return tiles;
}

const frame = (tiles: LiveTile[], extra: Partial<LiveFrame> = {}): LiveFrame => ({ width: 1280, height: 720, tiles, otherBoxes: [], classified: true, ...extra });

const HAND14 = '2m 3m 4m 0p 6p 7p 3s 4s 5s 6m 7m 8m 2p 2p';

describe('handTileCount', () => {
  it('counts tiles, a kan as 3', () => {
    expect(handTileCount(row(HAND14))).toBe(14);
    // 11 concealed + an open kan (4 tiles, one sideways) = 14 by the rules.
    expect(handTileCount(row('2m 3m 4m 6p 7p 8p 3s 4s 5s 2p 2p | 7z 7z* 7z 7z'))).toBe(14);
    // A closed kan shown with two backs.
    expect(handTileCount(row('2m 3m 4m 6p 7p 8p 3s 4s 5s 2p 2p | back 1z 1z back'))).toBe(14);
  });
  it('counts boxes when the frame was only localised', () => {
    const boxes = row(HAND14).map((t) => ({ ...t, tile: '' }));
    expect(handTileCount(boxes)).toBe(14);
  });
});

describe('isCompleteHand', () => {
  it('needs 14 tiles (kans counting 3), all read with confidence', () => {
    expect(isCompleteHand(frame(row(HAND14)))).toBe(true);
    expect(isCompleteHand(frame(row('2m 3m 4m 6p 7p 8p 3s 4s 5s 2p 2p | 7z 7z* 7z 7z')))).toBe(true);
    expect(isCompleteHand(frame(row('2m 3m 4m 0p 6p 7p 3s 4s 5s 6m 7m 8m 2p')))).toBe(false);
    const doubtful = row(HAND14);
    doubtful[5] = { ...doubtful[5]!, score: 0.5, doubtful: true };
    expect(isCompleteHand(frame(doubtful))).toBe(false);
    expect(isCompleteHand(frame(row(HAND14), { classified: false }))).toBe(false);
  });
});

describe('handSignature', () => {
  it('tells readings apart by tiles, order, melds and sideways tiles', () => {
    expect(handSignature(row('1m 2m | 3m*'))).toBe('1m 2m|3m*');
    expect(handSignature(row('1m 2m 3m'))).not.toBe(handSignature(row('1m 2m | 3m')));
    expect(handSignature(row('1m 2m 3m'))).toBe(handSignature(row('1m 2m 3m', { x: 140 })));
  });
});

describe('boxJitter', () => {
  it('is the mean centre movement in tile widths', () => {
    expect(boxJitter(row(HAND14), row(HAND14, { x: 130 }))).toBeCloseTo(0.5);
    expect(boxJitter(row(HAND14), row(HAND14))).toBe(0);
    expect(boxJitter(row(HAND14), row('1m 2m'))).toBeNull();
  });
});

describe('liveHint', () => {
  it('no tiles: aim at the hand', () => {
    expect(liveHint(frame([]))).toBe('aim');
  });
  it('tiles too small: move closer', () => {
    expect(liveHint(frame(row(HAND14, { w: 30, h: 40 })))).toBe('move-closer');
    expect(liveHint(frame(row(HAND14, { w: 45, h: 60 })))).toBe('complete');
  });
  it('boxes jumping between frames, or readings changing: hold steady', () => {
    const previous = frame(row(HAND14));
    expect(liveHint(frame(row(HAND14, { x: 160 })), { previous })).toBe('hold-steady');
    expect(liveHint(frame(row(HAND14, { x: 105 })), { previous })).toBe('complete');
    const a = handSignature(row(HAND14));
    const b = handSignature(row('2m 3m 4m 0p 6p 7p 3s 4s 5s 6m 7m 8m 2p 3p'));
    expect(liveHint(frame(row(HAND14)), { recentSignatures: [a, b, a, b, a] })).toBe('hold-steady');
    expect(liveHint(frame(row(HAND14)), { recentSignatures: [a, a, a, a, a] })).toBe('complete');
  });
  it('13 tiles: is the winning tile in view?', () => {
    expect(liveHint(frame(row('2m 3m 4m 0p 6p 7p 3s 4s 5s 6m 7m 8m 2p')))).toBe('thirteen');
    // 10 concealed + a kan = 13 as well.
    expect(liveHint(frame(row('2m 3m 4m 6p 7p 8p 3s 4s 5s 2p | 7z 7z* 7z 7z')))).toBe('thirteen');
  });
  it('a second row of tile-sized boxes: aim at your hand', () => {
    const discards = row('1m 9m 1z 2z 5s 8p', { y: 500 }).map((t) => t.box);
    expect(liveHint(frame(row(HAND14), { otherBoxes: discards }))).toBe('two-rows');
    // Small boxes far away (a wall across the table) are not a second row of the hand's tiles.
    const far = row('1m 9m 1z 2z 5s 8p', { y: 100, w: 20, h: 27 }).map((t) => t.box);
    expect(liveHint(frame(row(HAND14), { otherBoxes: far }))).toBe('complete');
  });
  it('more than 14: too many; a few tiles: nothing to say yet', () => {
    expect(liveHint(frame(row(`${HAND14} 9s`)))).toBe('too-many');
    expect(liveHint(frame(row('2m 3m 4m 0p 6p')))).toBeNull();
  });
  it('dora mode: complete for 1 to 5 confident faces', () => {
    expect(liveHint(frame(row('3m 7z')), { mode: 'dora' })).toBe('complete');
    expect(confidentIndicators(frame(row('3m 7z')))).toEqual(['3m', '7z']);
    expect(confidentIndicators(frame(row('3m back')))).toBeNull();
    expect(confidentIndicators(frame(row('1m 2m 3m 4m 5m 6m')))).toBeNull();
  });
});

describe('sharpness', () => {
  /** A 96×32 picture of dark marks on light faces (4 px squares), optionally box-blurred `r` px around each pixel. */
  function picture(r = 0) {
    const w = 96, h = 32;
    const base = (x: number, y: number) => (((x >> 2) + (y >> 2)) % 2 ? 230 : 40);
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0, n = 0;
        for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) {
          const xx = Math.min(w - 1, Math.max(0, x + dx)), yy = Math.min(h - 1, Math.max(0, y + dy));
          sum += base(xx, yy);
          n++;
        }
        data.fill(Math.round(sum / n), (y * w + x) * 3, (y * w + x) * 3 + 3);
      }
    }
    return { data, width: w, height: h, channels: 3 };
  }
  it('falls as the picture blurs; a flat picture has none', () => {
    const sharp = sharpness(picture());
    const soft = sharpness(picture(1));
    const blurred = sharpness(picture(3));
    expect(sharp).toBeGreaterThan(soft);
    expect(soft).toBeGreaterThan(blurred);
    const flat = { data: new Uint8Array(30 * 10 * 3).fill(128), width: 30, height: 10, channels: 3 };
    expect(sharpness(flat)).toBe(0);
  });
  it('is measured on the hand row scaled to 32 px tiles', () => {
    const r = sharpnessRegion(row(HAND14), 1280, 720)!;
    expect(r).toMatchObject({ x: 100, y: 300, h: 80, outH: 32 });
    expect(sharpnessRegion([], 1280, 720)).toBeNull();
  });
  it('a blurred frame (or one far less sharp than the recent best): hold steady', () => {
    expect(isBlurred(frame(row(HAND14), { sharpness: 0.05 }))).toBe(true);
    expect(isBlurred(frame(row(HAND14), { sharpness: 0.3 }), 0.6)).toBe(true);
    expect(isBlurred(frame(row(HAND14), { sharpness: 0.5 }), 0.6)).toBe(false);
    expect(isBlurred(frame(row(HAND14)))).toBe(false);
    expect(liveHint(frame(row(HAND14), { sharpness: 0.05 }))).toBe('hold-steady');
    expect(liveHint(frame(row(HAND14), { sharpness: 0.4 }), { bestSharpness: 0.45 })).toBe('complete');
  });
});
