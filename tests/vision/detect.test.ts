import { describe, expect, it } from 'vitest';
import { decodeHeatmap, detectionsToSource, iou, mapPeakScore, nms, overlapOfSmaller, suppressDuplicates, type Box } from '../../src/vision/detect.ts';
import { letterboxGeometry } from '../../src/vision/letterbox.ts';

/** Builds localiser outputs with gaussian peaks at the given boxes (input pixels). */
function outputs(boxes: Box[], grid: number, stride: number) {
  const plane = grid * grid;
  const heatmap = new Float32Array(plane);
  const size = new Float32Array(2 * plane);
  const offset = new Float32Array(2 * plane);
  boxes.forEach((b, k) => {
    const cx = (b[0] + b[2]) / 2 / stride;
    const cy = (b[1] + b[3]) / 2 / stride;
    const ix = Math.floor(cx);
    const iy = Math.floor(cy);
    const peak = 0.9 - k * 0.05;
    for (let y = 0; y < grid; y++) {
      for (let x = 0; x < grid; x++) {
        const v = peak * Math.exp(-((x - ix) ** 2 + (y - iy) ** 2) / 2);
        heatmap[y * grid + x] = Math.max(heatmap[y * grid + x]!, v);
      }
    }
    const i = iy * grid + ix;
    size[i] = b[2] - b[0];
    size[plane + i] = b[3] - b[1];
    offset[i] = cx - ix;
    offset[plane + i] = cy - iy;
  });
  return { heatmap, size, offset, height: grid, width: grid };
}

describe('CenterNet decoding', () => {
  it('finds one box per peak with sub-cell centres, strongest first', () => {
    const boxes: Box[] = [
      [10, 20, 40, 60],
      [41, 21, 71, 61.5],
      [100, 100, 130, 140],
    ];
    const dets = decodeHeatmap(outputs(boxes, 40, 4), { stride: 4, threshold: 0.3, maxDetections: 100 });
    expect(dets).toHaveLength(3);
    dets.forEach((d, k) => {
      d.box.forEach((v, j) => expect(v).toBeCloseTo(boxes[k]![j]!, 4));
    });
    expect(dets[0]!.score).toBeGreaterThan(dets[1]!.score);
  });

  it('applies the threshold and the detection cap, and reads swapped channel orders', () => {
    const out = outputs([[10, 20, 40, 60], [100, 100, 130, 140]], 40, 4);
    expect(decodeHeatmap(out, { stride: 4, threshold: 0.88, maxDetections: 10 })).toHaveLength(1);
    expect(decodeHeatmap(out, { stride: 4, threshold: 0.3, maxDetections: 1 })).toHaveLength(1);
    const hw = decodeHeatmap(out, { stride: 4, threshold: 0.3, maxDetections: 10, sizeOrder: 'hw' });
    const [x0, y0, x1, y1] = hw[0]!.box;
    expect(x1 - x0).toBeCloseTo(40);
    expect(y1 - y0).toBeCloseTo(30);
  });

  it('keeps a single peak on a flat plateau', () => {
    const out = outputs([], 8, 4);
    for (const i of [9, 10, 17, 18]) {
      out.heatmap[i] = 0.5;
      out.size[i] = 4;
      out.size[64 + i] = 4;
    }
    expect(decodeHeatmap(out, { stride: 4, threshold: 0.3, maxDetections: 10 })).toHaveLength(1);
  });

  it('maps boxes back to original pixels through the letterbox', () => {
    const geo = letterboxGeometry(1000, 500, 100);
    // In input pixels the image occupies y 25..75; a box there maps to photo pixels ×10.
    const [d] = detectionsToSource([{ box: [10, 35, 20, 55], score: 0.9 }], geo);
    expect(d!.box).toEqual([100, 100, 200, 300]);
    expect(detectionsToSource([{ box: [10, 0, 20, 20], score: 0.9 }], geo)).toHaveLength(0);
  });
});

describe('non-maximum suppression', () => {
  it('computes intersection over union', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150);
    expect(iou([0, 0, 10, 10], [20, 20, 30, 30])).toBe(0);
  });

  it('drops overlapping weaker boxes and keeps touching neighbours', () => {
    const kept = nms(
      [
        { box: [0, 0, 10, 14], score: 0.6 },
        { box: [1, 0, 11, 14], score: 0.9 },
        { box: [10, 0, 20, 14], score: 0.8 },
      ],
      0.5,
    );
    expect(kept.map((d) => d.score)).toEqual([0.9, 0.8]);
  });
});

describe('duplicate suppression', () => {
  it('drops a weaker box covering most of a smaller one, keeps touching and stacked tiles', () => {
    expect(overlapOfSmaller([0, 0, 10, 10], [2, 2, 8, 8])).toBe(1);
    const kept = suppressDuplicates([
      { box: [0, 0, 60, 80], score: 0.9 },
      { box: [15, 5, 80, 85], score: 0.5 }, // a second peak on the same tile, IoU < 0.6
      { box: [61, 0, 121, 80], score: 0.8 }, // the neighbour
      { box: [130, 20, 210, 80], score: 0.7 }, // two stacked sideways tiles
      { box: [130, -40, 210, 19], score: 0.6 },
    ]);
    expect(kept.map((d) => d.score)).toEqual([0.9, 0.8, 0.7, 0.6]);
    expect(iou([0, 0, 60, 80], [15, 5, 80, 85])).toBeLessThan(0.6);
  });
});

describe('mapPeakScore', () => {
  it('is the identity without knots, and interpolates between knots', () => {
    expect(mapPeakScore(0.37, undefined)).toBe(0.37);
    const knots = [[0, 0], [0.4, 0.3], [0.8, 0.7], [1, 1]] as const;
    expect(mapPeakScore(0, knots)).toBe(0);
    expect(mapPeakScore(0.2, knots)).toBeCloseTo(0.15, 12);
    expect(mapPeakScore(0.4, knots)).toBeCloseTo(0.3, 12);
    expect(mapPeakScore(0.6, knots)).toBeCloseTo(0.5, 12);
    expect(mapPeakScore(0.9, knots)).toBeCloseTo(0.85, 12);
    expect(mapPeakScore(1, knots)).toBe(1);
  });

  it('keeps the order of the peaks (ties allowed where the map is flat)', () => {
    const knots = [[0, 0], [0.3, 0.2], [0.5, 0.2], [1, 0.95]] as const;
    let prev = -1;
    for (let p = 0; p <= 1.0001; p += 0.01) {
      const v = mapPeakScore(p, knots);
      expect(v).toBeGreaterThanOrEqual(prev);
      prev = v;
    }
  });
});
