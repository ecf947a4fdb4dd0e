// Test doubles for the pipeline: a synthetic photo of flat-coloured "tiles" and fake models that
// read it back. The fake localiser puts a peak at each true box (mapped into the letterbox with the
// formula the model contract states), so the pipeline's letterbox/decode/mapping round trip is tested;
// the fake classifier reads the colour at the centre of each crop it is given, so wrong crop geometry
// or normalisation changes the class it reports.
import type { Box } from '../../src/vision/detect.ts';
import type { ModelSpec } from '../../src/vision/modelSpec.ts';
import { parseModelSpec } from '../../src/vision/modelSpec.ts';
import type { ClassifierOutputs, ModelRunner, RecognitionResult, RecognizeOptions } from '../../src/vision/pipeline.ts';
import { pixelsImageSource, recognize as recognizePhoto, type ImageSource } from '../../src/vision/pipeline.ts';
import { createPixels, type Pixels, type Rect } from '../../src/vision/pixels.ts';

export const CLASSES = [
  ...['m', 'p', 's'].flatMap((s) => Array.from({ length: 9 }, (_, i) => `${i + 1}${s}`)),
  ...Array.from({ length: 7 }, (_, i) => `${i + 1}z`),
  '0m', '0p', '0s', 'back',
];

export const SPEC_JSON = {
  localizer: {
    file: 'localizer.onnx',
    input: { name: 'image', size: 256, normalize: { mean: [0, 0, 0], std: [1, 1, 1] }, letterbox: { anchor: 'top-left (image at x=0,y=0)', pad_value: 114 } },
    outputs: { heatmap: {}, size: {}, offset: {} },
    stride: 4,
    decode: { score_threshold: 0.3, max_detections: 300, nms: 'greedy IoU 0.6' },
  },
  classifier: {
    file: 'classifier.onnx',
    input_height: 64,
    input_width: 48,
    normalize: { mean: [0.5, 0.5, 0.5], std: [0.25, 0.25, 0.25] },
    crop_margin: 0.08,
    rotate_landscape: 'cw',
    classes: CLASSES,
    embedding_size: 4,
  },
};

export const SPEC: ModelSpec = parseModelSpec(SPEC_JSON);

/** Colour that encodes class k (red channel), distinct from the background. */
export const colourOf = (k: number): [number, number, number] => [20 + 5 * k, 200, 60];
export const BACKGROUND: [number, number, number] = [30, 90, 40];

export function paint(width: number, height: number, tiles: { box: Box; cls: number }[]): Pixels {
  const p = createPixels(width, height, 3);
  for (let i = 0; i < width * height; i++) p.data.set(BACKGROUND, i * 3);
  for (const t of tiles) {
    const [x0, y0, x1, y1] = t.box.map(Math.round) as Box;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) p.data.set(colourOf(t.cls), (y * width + x) * 3);
  }
  return p;
}

export class FakeRunner implements ModelRunner {
  localizeCalls = 0;
  classifyCalls = 0;
  /**
   * The part of the photo the next localiser input shows (the whole photo by default). The pipeline's
   * second look localises a crop; framedSource() sets this from that crop request.
   */
  frame: Rect | null = null;
  /** When set, the classifier also gives a `turned` logit, this value for every crop (orientation.ts's tile vote). */
  turnedLogit: number | null = null;
  /** When set (over turnedLogit), the `turned` logit of crop k of a call of `count` crops. */
  turnedLogitAt: ((k: number, count: number) => number) | null = null;
  /** The localiser's peak at each box (by index into `boxes`); 0.9 for every box when unset. */
  peaks: number[] | null = null;
  constructor(
    private readonly boxes: Box[],
    private readonly imageWidth: number,
    private readonly imageHeight: number,
    private readonly spec: ModelSpec = SPEC,
  ) {}

  async localize(input: Float32Array, size: number) {
    this.localizeCalls++;
    if (input.length !== 3 * size * size) throw new Error('bad localiser input');
    const stride = this.spec.localizer.stride;
    const g = size / stride;
    const plane = g * g;
    const heatmap = new Float32Array(plane);
    const sz = new Float32Array(2 * plane);
    const off = new Float32Array(2 * plane);
    const f = this.frame ?? { x0: 0, y0: 0, x1: this.imageWidth, y1: this.imageHeight };
    this.frame = null;
    const scale = size / Math.max(f.x1 - f.x0, f.y1 - f.y0); // top-left anchor
    for (const [k, b] of this.boxes.entries()) {
      const mx = (b[0] + b[2]) / 2;
      const my = (b[1] + b[3]) / 2;
      if (mx < f.x0 || mx > f.x1 || my < f.y0 || my > f.y1) continue;
      const cx = (mx - f.x0) * scale / stride;
      const cy = (my - f.y0) * scale / stride;
      const i = Math.floor(cy) * g + Math.floor(cx);
      heatmap[i] = this.peaks?.[k] ?? 0.9;
      sz[i] = (b[2] - b[0]) * scale;
      sz[plane + i] = (b[3] - b[1]) * scale;
      off[i] = cx - Math.floor(cx);
      off[plane + i] = cy - Math.floor(cy);
    }
    return { heatmap, size: sz, offset: off, height: g, width: g };
  }

  async classify(input: Float32Array, count: number): Promise<ClassifierOutputs> {
    this.classifyCalls++;
    const { height: H, width: W, norm } = this.spec.classifier;
    const n = CLASSES.length;
    const logits = new Float32Array(count * n);
    const embeddings = new Float32Array(count * 4);
    for (let k = 0; k < count; k++) {
      // Red channel at the crop centre, denormalised back to 0..255.
      const v = input[k * 3 * H * W + (H / 2) * W + W / 2]!;
      const red = (v * norm.std[0] + norm.mean[0]) * 255;
      const cls = Math.round((red - 20) / 5);
      for (let c = 0; c < n; c++) logits[k * n + c] = c === cls ? 5 : c === cls + 1 ? 3 : 0;
      embeddings.set([Math.cos(cls), Math.sin(cls), 0, 0], k * 4);
    }
    const at = this.turnedLogitAt;
    const turned = at ? { turned: Float32Array.from({ length: count }, (_, k) => at(k, count)) } : this.turnedLogit === null ? {} : { turned: new Float32Array(count).fill(this.turnedLogit) };
    return { logits, embeddings, embeddingSize: 4, ...turned };
  }
}

/** A hand row of `classes` (indices) at the given scale, plus optional far-away discards. */
export function handPhoto(classes: number[], opts: { width?: number; height?: number; tileW?: number; discards?: number } = {}) {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 800;
  const tw = opts.tileW ?? 60;
  const th = Math.round(tw * 4 / 3);
  const tiles: { box: Box; cls: number }[] = [];
  let x = 80;
  classes.forEach((cls) => {
    tiles.push({ box: [x, 600, x + tw, 600 + th], cls });
    x += tw + 1;
  });
  const discards: { box: Box; cls: number }[] = [];
  for (let i = 0; i < (opts.discards ?? 0); i++) discards.push({ box: [300 + i * 45, 200, 330 + i * 45, 240], cls: 0 });
  const all = [...discards, ...tiles];
  return { pixels: paint(width, height, all), tiles, all, width, height };
}

/**
 * An image source over `pixels` that tells the fake localiser which part of the photo it is about to
 * see: a crop at the localiser's input scale (not a classifier crop) is the pipeline's second look.
 */
export function framedSource(pixels: Pixels, runner: FakeRunner, spec: ModelSpec = SPEC): ImageSource {
  const source = pixelsImageSource(pixels);
  return {
    ...source,
    crop(requests) {
      const r = requests[0];
      if (requests.length === 1 && r && (r.width > spec.classifier.width || r.height > spec.classifier.height)) runner.frame = r.rect;
      return source.crop(requests);
    },
  };
}

/**
 * The pipeline's `recognize` for photos painted by `paint` / `handPhoto`: those tiles are flat coloured patches whose
 * colour is their class (colourOf), so the white balance of coloured light (whiteBalance.ts) would change what the
 * fake classifier reads; it is off unless a test asks for it.
 */
export function recognize(image: ImageSource, runner: ModelRunner, spec: ModelSpec, options: RecognizeOptions = {}): Promise<RecognitionResult> {
  return recognizePhoto(image, runner, spec, { whiteBalance: false, ...options });
}
