// Reads models/model.json (written by the model agents) into one normalised, validated shape.
// Everything the pipeline needs about sizes, normalisation, output names and classes comes from here;
// nothing about the models is hard-coded elsewhere. The reader accepts snake_case or camelCase keys
// and a few equivalent spellings, and fails with MODEL_SPEC_INVALID naming the missing field.

import { RecognitionError } from './errors.ts';

export interface Normalisation {
  /** Per-channel mean and std in the 0..1 range (pixel / 255), RGB order: value = (p/255 - mean) / std. */
  mean: [number, number, number];
  std: [number, number, number];
}

export interface LocalizerSpec {
  file: string;
  inputName: string;
  /** Square input side S. */
  inputSize: number;
  norm: Normalisation;
  /** Pad value of the letterbox, as a 0..255 pixel value (before normalisation). */
  padValue: number;
  /** Where the resized image sits inside the S×S square. */
  align: 'center' | 'top-left';
  stride: number;
  heatmapName: string;
  sizeName: string;
  offsetName: string;
  /** Minimum heatmap peak to keep a detection (on the peaks as the network gives them, before `scoreMap`). */
  scoreThreshold: number;
  /**
   * Knots [peak, score] of the map that puts this localiser's peaks on the scale `src/vision`'s lines were chosen on
   * (`mapPeakScore` in detect.ts); absent: the peaks as they are.
   */
  scoreMap?: readonly (readonly [number, number])[];
  nmsIou: number;
  maxDetections: number;
  /** Order of the two channels of the size output: 'wh' (default) or 'hw'. */
  sizeOrder: 'wh' | 'hw';
  /** Order of the two channels of the offset output: 'xy' (default) or 'yx'. */
  offsetOrder: 'xy' | 'yx';
}

export interface ClassifierSpec {
  file: string;
  inputName: string;
  height: number;
  width: number;
  norm: Normalisation;
  /** Extra context around the box, as a fraction of the box's width (x) and height (y), on each side. */
  marginX: number;
  marginY: number;
  /** How a landscape box (a called tile lying sideways) is turned upright before classifying. */
  rotateLandscape: 'cw' | 'ccw' | 'none';
  /** A box is landscape when width / height exceeds this. */
  landscapeRatio: number;
  /** How the crop is fitted to H×W: stretched (default) or letterboxed keeping its aspect. */
  fit: 'stretch' | 'letterbox';
  padValue: number;
  classes: string[];
  logitsName: string;
  embeddingName: string;
  /**
   * The optional third output: a logit per crop, "this tile is turned 180°" (training-notes/classifier/orient_head.py);
   * null when model.json names none. Summed over a row it tells an upside-down row (orientation.ts).
   */
  turnedName: string | null;
  /**
   * The row is called upside down by its tiles' vote when their `turned` logits sum above this (model.json
   * `outputs.turned.row_margin`: chosen for that head on held-out renders). Infinity: the tiles never vote.
   */
  turnedRowMargin: number;
  embeddingSize: number;
  /** The head's logits are cosineScale × cosine(embedding, class weight); prototypes use the same scale. */
  cosineScale: number;
  /**
   * The id tile-set profiles are tied to, where model.json names one (`profile_id`): a classifier whose weights were
   * stored as int8 (or float16) keeps the id of the float32 file they were rounded from, so that profiles taught with it stay
   * valid. Null: the id is the file's own fingerprint (src/worker/recognizer.ts).
   */
  profileId: string | null;
  /**
   * Temperature of the softmax: probabilities = softmax(logits / temperature), fitted by the classifier's trainer on
   * held-out data so that a tile's score is a calibrated probability (1 when model.json has none).
   */
  temperature: number;
}

export interface ModelSpec {
  localizer: LocalizerSpec;
  classifier: ClassifierSpec;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function get(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(key)) cur = cur[Number(key)];
    else if (isObject(cur)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

function first(obj: unknown, paths: string[]): unknown {
  for (const p of paths) {
    const v = get(obj, p);
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

function fail(what: string): never {
  throw new RecognitionError('MODEL_SPEC_INVALID', `models/model.json: ${what}`);
}

function num(obj: unknown, section: string, paths: string[], fallback?: number): number {
  const v = first(obj, paths);
  if (v === undefined) {
    if (fallback !== undefined) return fallback;
    fail(`${section}.${paths[0]} is missing`);
  }
  const n = Array.isArray(v) && v.length >= 1 ? v[v.length - 1] : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) fail(`${section}.${paths[0]} must be a number`);
  return n;
}

function str(obj: unknown, paths: string[], fallback: string): string {
  const v = first(obj, paths);
  return typeof v === 'string' && v ? v : fallback;
}

function triple(v: unknown, section: string, name: string): [number, number, number] | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return [v, v, v];
  if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    return [v[0] as number, v[1] as number, v[2] as number];
  }
  fail(`${section}.${name} must be a number or three numbers`);
}

function normalisation(section: Json, name: string): Normalisation {
  const norm = first(section, [
    'normalize', 'normalization', 'normalisation', 'norm',
    'input.normalize', 'input.normalization', 'input.normalisation', 'input.norm',
    'preprocess.normalize', 'preprocess.normalization', 'preprocess', 'input',
  ]);
  const from = isObject(norm) ? norm : section;
  let mean = triple(first(from, ['mean']), name, 'mean') ?? [0, 0, 0];
  let std = triple(first(from, ['std']), name, 'std') ?? [1, 1, 1];
  // Accept statistics on the 0..255 scale too.
  if (mean.some((m) => m > 1.5) || std.some((s) => s > 1.5)) {
    mean = mean.map((m) => m / 255) as [number, number, number];
    std = std.map((s) => s / 255) as [number, number, number];
  }
  if (std.some((s) => s <= 0)) fail(`${name}.std must be positive`);
  return { mean, std };
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[], fallback: T, what: string): T {
  if (v === undefined) return fallback;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  fail(`${what} must be one of ${allowed.join(', ')} (got ${JSON.stringify(v)})`);
}

/**
 * localizer.decode.score_map: knots [peak, score] from peak 0 to peak 1, peaks strictly increasing, scores
 * non-decreasing in 0..1 (a map that reordered the peaks would change which box of two is the surer).
 */
function peakScoreMap(v: unknown): [number, number][] | undefined {
  if (v === undefined) return undefined;
  const what = 'localizer.decode.score_map must be knots [peak, score] from peak 0 to peak 1, peaks increasing, scores non-decreasing in 0..1';
  if (!Array.isArray(v) || v.length < 2) fail(what);
  const knots: [number, number][] = [];
  for (const k of v) {
    if (!Array.isArray(k) || k.length !== 2 || !k.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1)) fail(what);
    const [x, y] = k as [number, number];
    const prev = knots[knots.length - 1];
    if (prev && (x <= prev[0] || y < prev[1])) fail(what);
    knots.push([x, y]);
  }
  if (knots[0]![0] !== 0 || knots[knots.length - 1]![0] !== 1) fail(what);
  return knots;
}

/** Letterbox placement: 'center' or 'top-left', also read from prose such as "top-left (image at x=0,y=0)". */
function anchor(v: unknown): 'center' | 'top-left' {
  if (v === undefined) return 'center';
  if (typeof v === 'string') {
    if (/top[-_ ]?left/i.test(v)) return 'top-left';
    if (/cent(er|re)/i.test(v)) return 'center';
  }
  fail(`localizer letterbox anchor ${JSON.stringify(v)} is not understood (use "center" or "top-left")`);
}

/** An IoU threshold written in prose ("greedy IoU 0.6 ..."), or undefined. */
function iouFromText(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const m = /iou\D{0,12}?([01](?:\.\d+)?)/i.exec(v);
  return m ? Number(m[1]) : undefined;
}

function rotation(v: unknown): 'cw' | 'ccw' | 'none' {
  if (v === undefined || v === null || v === false) return 'none';
  if (typeof v === 'number') return v === 90 || v === -270 ? 'cw' : v === -90 || v === 270 ? 'ccw' : 'none';
  if (typeof v === 'string') {
    const s = v.toLowerCase();
    if (/counter|ccw|anti|^-90|^270/.test(s)) return 'ccw';
    if (/cw|clockwise|^90|rot90|^true$/.test(s)) return 'cw';
    if (/none|no|false|both|either/.test(s)) return 'none';
  }
  if (isObject(v)) return rotation(first(v, ['direction', 'rotate', 'rotation', 'degrees']));
  fail(`classifier rotation rule ${JSON.stringify(v)} is not understood (use "cw", "ccw" or "none")`);
}

function margin(v: unknown): { x: number; y: number } | undefined {
  if (typeof v === 'number') return { x: v, y: v };
  if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number')) return { x: v[0] as number, y: v[1] as number };
  if (isObject(v)) {
    const x = first(v, ['x', 'fraction', 'frac', 'value']);
    const y = first(v, ['y', 'fraction', 'frac', 'value']);
    if (typeof x === 'number' && typeof y === 'number') return { x, y };
  }
  return undefined;
}

export function parseModelSpec(json: unknown): ModelSpec {
  if (!isObject(json)) fail('not a JSON object');
  const loc = first(json, ['localizer', 'localiser', 'detector']);
  const cls = first(json, ['classifier']);
  if (!isObject(loc)) fail('the "localizer" section is missing');
  if (!isObject(cls)) fail('the "classifier" section is missing');

  const inputSize = num(loc, 'localizer', ['input_size', 'inputSize', 'size', 'input.size', 'input.shape', 'input_shape']);
  const locOutputs = first(loc, ['outputs', 'output_names', 'outputNames']);
  const outName = (key: string): string => {
    if (isObject(locOutputs)) {
      const v = locOutputs[key];
      if (typeof v === 'string') return v;
      if (isObject(v) && typeof v.name === 'string') return v.name;
    }
    return key;
  };
  const localizer: LocalizerSpec = {
    file: str(loc, ['file', 'path', 'model'], 'localizer.onnx'),
    inputName: str(loc, ['input_name', 'inputName', 'input.name'], 'image'),
    inputSize,
    norm: normalisation(loc, 'localizer'),
    padValue: num(loc, 'localizer', ['letterbox.pad_value', 'letterbox.padValue', 'input.letterbox.pad_value', 'input.letterbox.padValue', 'pad_value', 'padValue', 'letterbox_pad'], 114),
    align: anchor(first(loc, ['letterbox.anchor', 'letterbox.align', 'letterbox.placement', 'input.letterbox.anchor', 'input.letterbox.align', 'letterbox_align', 'align', 'anchor'])),
    stride: num(loc, 'localizer', ['stride', 'output_stride', 'outputStride', 'decode.stride'], 4),
    heatmapName: outName('heatmap'),
    sizeName: outName('size'),
    offsetName: outName('offset'),
    scoreThreshold: num(loc, 'localizer', ['score_threshold', 'scoreThreshold', 'threshold', 'decode.threshold', 'decode.score_threshold'], 0.3),
    nmsIou: num(loc, 'localizer', ['nms_iou', 'nmsIou', 'iou_threshold', 'decode.nms_iou', 'decode.iou_threshold'], iouFromText(first(loc, ['decode.nms', 'nms'])) ?? 0.6),
    maxDetections: num(loc, 'localizer', ['max_detections', 'maxDetections', 'top_k', 'decode.top_k', 'decode.max_detections'], 100),
    sizeOrder: oneOf(first(loc, ['size_order', 'sizeOrder', 'decode.size_order']), ['wh', 'hw'] as const, 'wh', 'localizer.size_order'),
    offsetOrder: oneOf(first(loc, ['offset_order', 'offsetOrder', 'decode.offset_order']), ['xy', 'yx'] as const, 'xy', 'localizer.offset_order'),
  };
  const scoreMap = peakScoreMap(first(loc, ['score_map', 'scoreMap', 'decode.score_map', 'decode.scoreMap']));
  if (scoreMap) localizer.scoreMap = scoreMap;
  if (!Number.isInteger(inputSize) || inputSize < 32) fail('localizer input size must be an integer ≥ 32');
  if (localizer.stride <= 0) fail('localizer.stride must be positive');

  // The class list may sit in the classifier section or at the top level of model.json.
  const classes = first(cls, ['classes', 'class_list', 'labels']) ?? first(json, ['classes', 'class_list', 'labels']);
  if (!Array.isArray(classes) || classes.length === 0 || !classes.every((c) => typeof c === 'string')) {
    fail('classifier.classes must be the list of class names in output order');
  }
  const outputs = first(cls, ['outputs', 'output_names', 'outputNames']);
  const clsOut = (key: string, fallback: string): string => {
    if (isObject(outputs)) {
      const v = outputs[key];
      if (typeof v === 'string') return v;
      if (isObject(v) && typeof v.name === 'string') return v.name;
    }
    return fallback;
  };
  const m = margin(first(cls, ['crop_margin', 'cropMargin', 'margin', 'crop.margin', 'crop_rule.margin', 'crop.margin_per_side', 'input.crop.margin']));
  const embeddingSize = num(cls, 'classifier', ['embedding_size', 'embeddingSize', 'embedding_dim', 'embedding.size', 'embedding.dim', 'outputs.embedding.size', 'outputs.embedding.dim'], 0);
  const classifier: ClassifierSpec = {
    file: str(cls, ['file', 'path', 'model'], 'classifier.onnx'),
    inputName: str(cls, ['input_name', 'inputName', 'input.name'], 'crops'),
    height: num(cls, 'classifier', ['input_height', 'inputHeight', 'height', 'input.height', 'input_size.0', 'inputSize.0', 'input.size.0', 'input.shape.2', 'input_shape.2']),
    width: num(cls, 'classifier', ['input_width', 'inputWidth', 'width', 'input.width', 'input_size.1', 'inputSize.1', 'input.size.1', 'input.shape.3', 'input_shape.3']),
    norm: normalisation(cls, 'classifier'),
    marginX: m?.x ?? 0,
    marginY: m?.y ?? 0,
    rotateLandscape: rotation(first(cls, ['rotate_landscape', 'rotateLandscape', 'landscape_rotation', 'rotation', 'rotate', 'crop.rotate', 'crop.rotate_landscape', 'crop.landscape', 'crop.rotation', 'crop_rule.rotate', 'input.crop.rotate'])),
    landscapeRatio: num(cls, 'classifier', ['landscape_ratio', 'landscapeRatio', 'landscape_threshold', 'crop.landscape_ratio'], 1),
    fit: oneOf(first(cls, ['fit', 'crop_fit', 'resize', 'crop.fit']), ['stretch', 'letterbox'] as const, 'stretch', 'classifier.fit'),
    padValue: num(cls, 'classifier', ['pad_value', 'padValue'], 114),
    classes: classes as string[],
    logitsName: clsOut('logits', str(cls, ['logits_name', 'logitsName'], 'logits')),
    embeddingName: clsOut('embedding', str(cls, ['embedding_name', 'embeddingName', 'embedding.name'], 'embedding')),
    turnedName: isObject(outputs) && outputs.turned !== undefined ? clsOut('turned', 'turned') : null,
    turnedRowMargin: num(cls, 'classifier', ['outputs.turned.row_margin'], Infinity),
    embeddingSize,
    cosineScale: num(cls, 'classifier', ['cosine_scale', 'cosineScale', 'logit_scale', 'scale_logits'], 16),
    profileId: str(cls, ['profile_id', 'profileId'], '') || null,
    temperature: num(cls, 'classifier', ['temperature', 'calibration.temperature', 'softmax_temperature', 'softmaxTemperature'], 1),
  };
  if (!(classifier.temperature > 0)) fail('classifier.temperature must be a positive number');
  if (!Number.isInteger(classifier.height) || !Number.isInteger(classifier.width) || classifier.height < 8 || classifier.width < 8) {
    fail('classifier input height/width must be integers ≥ 8');
  }
  return { localizer, classifier };
}
