// Crop-level figures for `npm run eval` (issue 13): how well the classifier alone reads tiles of sets it
// has never seen, through the app's own crop code (cropRequest / NodeImage.crop / cropsTensor) and the
// committed ONNX classifier. Three sets, reported separately, each on TRUE boxes (no localiser):
//
// - held-out styles: whole art styles the committed classifier never trained on (training-notes/
//   classifier/README.md, round 5), rendered as hand photos with their true boxes by
//     nice -n 10 /usr/bin/python3 training-notes/classifier/make_heldout_photos.py
//   into training-notes/classifier/data/heldout_photos/<style>/ (gitignored; skipped when absent);
// - the same held-out photos with annotation boxes drawn over them (training-notes/common/annotate_photos.py, round 15;
//   written by training-notes/common/make_eval_data.sh into training-notes/common/data/heldout-annotated), per style,
//   as drawn and with the boxes found and painted out first (overlays.ts, as recognize does);
// - real crops: ../shared/data/real/camerash-tiles validation split (two whole-set product photos, files
//   470-507 and 550-594, see training-notes/classifier/real_crops.py), each crop padded by the crop margin
//   with grey (the crops are cut at the tile edge), then cut by the app's crop rule;
// - riichi-val equal slots: each riichi-val photo's hand_box split into equal slots (as
//   training-notes/classifier/real_eval.py does; lietxia_70008812 skipped), never used for tuning;
// - ../shared/data/real/haitaks-yolo (real phone photos of many, mostly Chinese, Hong Kong and American sets; the
//   localiser's training and validation data), per split, on its labelled boxes: its class ids mix label schemes
//   (id 47 holds suited tiles of every kind), but the seven honour ids each hold one kind (HAITAKS_HONOURS; the
//   train split's are classifier training data since round 10), so do some 60 more ids of a few photos each
//   (HAITAKS_OTHER_KINDS), all checked by eye on their crops, and id 47 was labelled box by box by eye
//   (training-notes/common/id47_tiles_by_eye.json).
//
// Per set: top-1, top-3, and the expected calibration error (15 bins) of the softmax at temperature 1 and
// at model.json's classifier.temperature (when present).

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Box } from '../vision/detect.ts';
import { cropRequest, cropsTensor, softmax } from '../vision/classify.ts';
import { withoutOverlays } from '../vision/overlays.ts';
import { findOverlays, type ImageSource } from '../vision/pipeline.ts';
import type { Recognizer } from '../worker/recognizer.ts';
import { yoloPhotos, type YoloPhoto } from './yoloPhotos.ts';
import { openImage } from './vision/nodeImage.ts';

export interface CropItem {
  file: string;
  box: Box;
  truth: string;
  /** The real tile set it shows (one camerash product photo, one riichi-val source), for per-set figures. */
  set?: string;
  /** Grey padding (pixels per side: x, y) added around the image before cropping. */
  pad?: [number, number];
}

export interface CropFigures {
  crops: number;
  top1: number;
  top3: number;
  ece: number;
  eceTempered?: number;
  confusions: string[];
}

const CAMERASH_VAL: [number, number][] = [
  [470, 507],
  [550, 594],
];
const SKIP_RIICHI = new Set(['lietxia_70008812.jpg']);
/**
 * haitaks-yolo class id -> tile, for the honour ids only. Read off the crops of each id (session 13: every crop of an
 * id shows one kind: 東 34, 發 35, 北 36, 中 37, 南 38, 西 39, the framed white dragon 40); the suit ids are unusable.
 */
export const HAITAKS_HONOURS: Readonly<Record<number, string>> = { 34: '1z', 35: '6z', 36: '4z', 37: '7z', 38: '2z', 39: '3z', 40: '5z' };
/**
 * haitaks-yolo's other class ids that each hold one kind (session 14: every crop of every id of the three splits seen
 * side by side on contact sheets). The data set merged label schemes: id 47 holds most suited tiles whatever their
 * kind, ids 2-8, 53, 56 and 67 one number of any suit, ids 21-23 and 42 screenshots of a video game, 25 sides of tiles,
 * 33, 45 and 46 flowers, 7 and 50 one or two tiles of unclear kind: all left out. Most of these boxes lie in the valid
 * and test photos (216 tiles of 14 photos; train: 108 suited tiles of 8 photos). Measurement only.
 */
export const HAITAKS_OTHER_KINDS: Readonly<Record<number, string>> = {
  0: '4s', 1: '5s', 9: '7s', 10: '8s', 11: '9s',
  12: '1m', 13: '2m', 14: '3m', 15: '4m', 16: '5m', 17: '6m', 18: '7m', 19: '9m',
  20: '1z', 24: '1z', 26: '1p', 27: '3p', 28: '6p', 29: '7p', 30: '8p', 31: '9p', 32: '6z',
  41: 'back', 43: '2z', 44: '5z', 48: '3z', 49: '7z', 51: '2s', 52: '6s', 54: '1s', 55: '3s', 57: '4z',
  58: '1p', 59: '2p', 60: '3p', 62: '5p', 63: '6p', 64: '7p', 65: '8p', 66: '9p',
  68: '1s', 69: '2s', 70: '3s', 71: '4s', 72: '5s', 73: '6s', 74: '8s', 75: '9s', 76: '0m',
  77: '1m', 78: '2m', 79: '3m', 80: '4m', 81: '5m', 82: '6m', 83: '7m', 84: '8m', 85: '9m',
};

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** A folder of renders under training-notes/classifier/data (make_heldout_photos.py, make_set_photos.py). */
export const classifierDataDir = (repo: string, folder = 'heldout_photos'): string => path.join(repo, 'training-notes', 'classifier', 'data', folder);

/**
 * Renders of the held-out art from npm packages (make_heldout_photos.py --npm-art; a Japanese riichi design neither
 * model trained on), in a folder of their own so that the four round-5 styles' figures stay as they were.
 */
export const NPM_HELDOUT_FOLDER = 'heldout_npm';
/**
 * Renders of two fonts' Mahjong Tiles drawings (make_hand_dev_set.py / make_heldout_photos.py --glyph-art; session 25),
 * which neither committed model trained on, also in a folder of their own.
 */
export const GLYPH_HELDOUT_FOLDER = 'heldout_glyphs';
/** One-set series of the held-out styles (make_set_photos.py), for set learning. */
export const SET_PHOTOS_FOLDER = 'set_photos';
/** One-set series of the glyph fonts' art (make_set_photos.py --glyph-art), for set learning. */
export const GLYPH_SET_PHOTOS_FOLDER = 'set_photos_glyphs';
/** One-set series of the npm art (make_set_photos.py --npm-art), for set learning. */
export const NPM_SET_PHOTOS_FOLDER = 'set_photos_npm';

/** The renders of `root`, one folder per style with its labels.json, as crop items per style. */
export async function heldOutSets(root: string): Promise<Map<string, CropItem[]>> {
  const sets = new Map<string, CropItem[]>();
  for (const style of await listDir(root)) {
    let labels: Record<string, { tiles: { tile: string; box: Box }[] }>;
    try {
      labels = JSON.parse(await readFile(path.join(root, style, 'labels.json'), 'utf8')) as typeof labels;
    } catch {
      continue;
    }
    const items: CropItem[] = [];
    for (const [name, lab] of Object.entries(labels)) for (const t of lab.tiles) items.push({ file: path.join(root, style, name), box: t.box, truth: t.tile });
    sets.set(style, items);
  }
  return sets;
}

/**
 * Is this camerash crop file (`cam_<source photo number>.jpg`) of the validation split? The other crops, and all of
 * justinchan114-tiles, are the classifier's training data.
 */
export function isCamerashValidation(file: string): boolean {
  const m = /^cam_(\d+)\.[a-z]+$/i.exec(path.basename(file));
  if (!m) return false;
  const n = parseInt(m[1]!, 10);
  return CAMERASH_VAL.some(([a, b]) => n >= a && n <= b);
}

/** The camerash validation crops (two whole-set photos), each crop's `set` naming its photo. */
function camerashVal(realDir: string): Promise<CropItem[]> {
  return camerashBlocks(realDir, CAMERASH_VAL, (a, b) => `camerash photo ${a}-${b}`);
}

/** camerash crops whose source file number lies in one of `blocks`; `set` is named by `name` from the block. */
export async function camerashBlocks(realDir: string, blocks: readonly [number, number][], name: (first: number, last: number) => string): Promise<CropItem[]> {
  const dir = path.join(realDir, 'camerash-tiles');
  let csv: string;
  try {
    csv = await readFile(path.join(dir, 'labels.csv'), 'utf8');
  } catch {
    return [];
  }
  const items: CropItem[] = [];
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const [file, source, , code] = line.split(',');
    if (!file || !source || !code || !/^[0-9][mpsz]$/.test(code)) continue;
    const n = parseInt(source, 10);
    const block = blocks.find(([a, b]) => n >= a && n <= b);
    if (!block) continue;
    const meta = await sharp(path.join(dir, file)).metadata();
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    const px = Math.round(0.08 * w);
    const py = Math.round(0.08 * h);
    items.push({ file: path.join(dir, file), box: [px, py, px + w, py + h], truth: code, pad: [px, py], set: name(block[0], block[1]) });
  }
  return items;
}

export async function riichiSlots(realDir: string): Promise<CropItem[]> {
  const dir = path.join(realDir, 'riichi-val');
  let labels: Record<string, { hand: string[]; hand_box?: Box }>;
  try {
    labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as typeof labels;
  } catch {
    return [];
  }
  const items: CropItem[] = [];
  for (const name of Object.keys(labels).sort()) {
    const lab = labels[name]!;
    if (SKIP_RIICHI.has(name) || !lab.hand_box) continue;
    const [x0, y0, x1, y1] = lab.hand_box;
    const n = lab.hand.length;
    lab.hand.forEach((t, i) => items.push({ file: path.join(dir, name), box: [x0 + ((x1 - x0) * i) / n, y0, x0 + ((x1 - x0) * (i + 1)) / n, y1], truth: t, set: `riichi-val ${name.split('_')[0]} set` }));
  }
  return items;
}

/** The boxes of one haitaks-yolo split whose class id is in `kinds` (YOLO labels: id, centre x, centre y, width, height in 0..1). */
export async function haitaksLabelled(realDir: string, split: string, kinds: Readonly<Record<number, string>>): Promise<CropItem[]> {
  const items: CropItem[] = [];
  for (const photo of await yoloPhotos(path.join(realDir, 'haitaks-yolo'), split)) {
    for (const { id, box } of photo.labels) {
      const truth = kinds[id];
      if (truth) items.push({ file: photo.file, box, truth, set: `haitaks ${split}` });
    }
  }
  return items;
}

/**
 * haitaks-yolo's id 47 (suited tiles of every kind under one id) in the photos of `splits`, with the tile each box
 * shows labelled by eye (training-notes/common/id47_tiles_by_eye.json, session 14: flowers, boxes of tiles lying at
 * 45 degrees and unclear crops left out; the train photos' are classifier training data from round 11 on). `labels` entries name a photo (`split/stem`) and a label line (0-based,
 * blank lines skipped, as yoloPhotos reads them). None when either file is missing.
 */
export async function haitaksSuitsByEye(realDir: string, labelsFile: string, splits: readonly string[]): Promise<CropItem[]> {
  let labels: { photo: string; line: number; tile: string }[];
  try {
    labels = (JSON.parse(await readFile(labelsFile, 'utf8')) as { labels: typeof labels }).labels;
  } catch {
    return [];
  }
  labels = labels.filter((l) => splits.includes(l.photo.split('/')[0]!));
  const wanted = new Set(labels.map((l) => l.photo.split('/')[0]!));
  const photos = new Map<string, YoloPhoto>();
  for (const split of wanted) for (const p of await yoloPhotos(path.join(realDir, 'haitaks-yolo'), split)) photos.set(p.name, p);
  const items: CropItem[] = [];
  for (const l of labels) {
    const photo = photos.get(l.photo);
    const label = photo?.labels[l.line];
    if (!photo || !label || label.id !== 47) continue; // the data changed under the labels: left out, counted below
    items.push({ file: photo.file, box: label.box, truth: l.tile, set: `haitaks ${l.photo.split('/')[0]}` });
  }
  if (items.length < labels.length) console.log(`  (haitaks id-47 labels: ${labels.length - items.length} of ${labels.length} no longer match a box with id 47)`);
  return items;
}

/** The honour-tile boxes (ids 34-40) of one haitaks-yolo split. */
export const haitaksHonours = (realDir: string, split: string): Promise<CropItem[]> => haitaksLabelled(realDir, split, HAITAKS_HONOURS);

function ece(probs: Float64Array[], truth: number[], bins = 15): number {
  let e = 0;
  for (let b = 0; b < bins; b++) {
    const lo = b / bins;
    const hi = (b + 1) / bins;
    let n = 0;
    let acc = 0;
    let conf = 0;
    probs.forEach((p, i) => {
      let k = 0;
      for (let j = 1; j < p.length; j++) if (p[j]! > p[k]!) k = j;
      const c = p[k]!;
      if (c > lo && c <= hi) {
        n++;
        conf += c;
        acc += k === truth[i] ? 1 : 0;
      }
    });
    if (n) e += (n / probs.length) * Math.abs(acc / n - conf / n);
  }
  return e;
}

async function classifyItems(recognizer: Recognizer, items: CropItem[], temperature: number | undefined, paintOverlays = false): Promise<CropFigures> {
  const C = recognizer.spec.classifier;
  const byFile = new Map<string, CropItem[]>();
  for (const it of items) byFile.set(it.file, [...(byFile.get(it.file) ?? []), it]);
  let top1 = 0;
  let top3 = 0;
  const p1: Float64Array[] = [];
  const pT: Float64Array[] = [];
  const truthIdx: number[] = [];
  const confusions = new Map<string, number>();
  for (const [file, group] of byFile) {
    let bytes: Uint8Array = new Uint8Array(await readFile(file));
    const pad = group[0]!.pad;
    if (pad) bytes = new Uint8Array(await sharp(bytes).extend({ left: pad[0], right: pad[0], top: pad[1], bottom: pad[1], background: { r: 100, g: 100, b: 100 } }).png().toBuffer());
    let image: ImageSource = await openImage(bytes, { name: path.basename(file) });
    if (paintOverlays) {
      // As the pipeline does around its hand row (here the true boxes): drawn boxes found and painted out.
      const overlay = await findOverlays(image, group.map((it) => it.box));
      if (overlay) image = withoutOverlays(image, overlay);
    }
    const requests = group.map((it) => cropRequest(it.box, C, image.width, image.height));
    const crops = await image.crop(requests);
    const out = await recognizer.classify(cropsTensor(crops, C), crops.length);
    const K = C.classes.length;
    group.forEach((it, n) => {
      const logits = out.logits.subarray(n * K, (n + 1) * K);
      const order = [...logits.keys()].sort((a, b) => logits[b]! - logits[a]!);
      const t = C.classes.indexOf(it.truth);
      if (order[0] === t) top1++;
      else confusions.set(`${it.truth}->${C.classes[order[0]!]}`, (confusions.get(`${it.truth}->${C.classes[order[0]!]}`) ?? 0) + 1);
      if (order.slice(0, 3).includes(t)) top3++;
      p1.push(softmax(logits, 1));
      if (temperature) pT.push(softmax(logits, temperature));
      truthIdx.push(t);
    });
  }
  const n = items.length;
  return {
    crops: n,
    top1: n ? top1 / n : 0,
    top3: n ? top3 / n : 0,
    ece: ece(p1, truthIdx),
    ...(temperature ? { eceTempered: ece(pT, truthIdx) } : {}),
    confusions: [...confusions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ×${v}`),
  };
}

/** The mean top-1 of several styles' figures, each style counting once. */
function meanLine(title: string, fs: readonly CropFigures[]): void {
  console.log(`  ${title}, mean top-1 over ${fs.length} styles: ${((100 * fs.reduce((a, f) => a + f.top1, 0)) / fs.length).toFixed(1)}%`);
}

function line(title: string, f: CropFigures): void {
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const t = f.eceTempered !== undefined ? `, ECE at T ${f.eceTempered.toFixed(3)}` : '';
  console.log(`  ${title.padEnd(34)} ${String(f.crops).padStart(5)} crops  top-1 ${pct(f.top1).padStart(6)}  top-3 ${pct(f.top3).padStart(6)}  ECE ${f.ece.toFixed(3)}${t}${f.confusions.length ? `  (${f.confusions.join(', ')})` : ''}`);
}

/** The figures of each real set among `items`, printed under the combined line. */
async function perSet(recognizer: Recognizer, items: CropItem[], temperature: number | undefined, out: Record<string, CropFigures>): Promise<void> {
  const sets = [...new Set(items.map((i) => i.set ?? ''))].filter(Boolean);
  if (sets.length < 2) return;
  for (const set of sets) {
    out[`set:${set}`] = await classifyItems(recognizer, items.filter((i) => i.set === set), temperature);
    line(`  ${set}`, out[`set:${set}`]!);
  }
}

/** Prints and returns the crop-level figures (held-out styles, real crops, riichi-val slots). */
export async function evalCrops(recognizer: Recognizer, repo: string, realDir: string, modelsDir: string): Promise<Record<string, CropFigures>> {
  let temperature: number | undefined;
  try {
    const spec = JSON.parse(await readFile(path.join(modelsDir, 'model.json'), 'utf8')) as { classifier?: { temperature?: number } };
    temperature = typeof spec.classifier?.temperature === 'number' ? spec.classifier.temperature : undefined;
  } catch {
    temperature = undefined;
  }
  const out: Record<string, CropFigures> = {};
  console.log(`\n== classifier on true boxes (crop level; the app's crop code; ECE 15 bins${temperature ? `, temperature ${temperature}` : ''})`);
  const held = await heldOutSets(classifierDataDir(repo));
  if (!held.size) console.log('  held-out styles: not rendered (run: nice -n 10 /usr/bin/python3 training-notes/classifier/make_heldout_photos.py)');
  for (const [style, items] of held) {
    out[`heldout:${style}`] = await classifyItems(recognizer, items, temperature);
    line(`held-out style ${style}`, out[`heldout:${style}`]!);
  }
  if (held.size > 1) meanLine('held-out styles', [...held.keys()].map((s) => out[`heldout:${s}`]!));
  // Art held out from both models, kept out of the mean above so that it stays comparable with every earlier round's:
  // Japanese riichi art from an npm package (session 23: make_heldout_photos.py --npm-art) and two fonts' drawings of
  // every kind (session 25: --glyph-art).
  for (const [key, folder, title] of [['heldoutNpm', NPM_HELDOUT_FOLDER, 'held-out Japanese art'], ['heldoutGlyphs', GLYPH_HELDOUT_FOLDER, 'held-out glyph font']] as const) {
    for (const [style, items] of await heldOutSets(classifierDataDir(repo, folder))) {
      out[`${key}:${style}`] = await classifyItems(recognizer, items, temperature);
      line(`${title} ${style}`, out[`${key}:${style}`]!);
    }
  }
  // The same photos with annotation boxes drawn over them (round 15: training-notes/common/annotate_photos.py, seed 7;
  // issue 13's unseen-set photos include some), when make_eval_data.sh has drawn them.
  const annotated = await heldOutSets(path.join(repo, 'training-notes', 'common', 'data', 'heldout-annotated'));
  for (const [style, items] of annotated) {
    out[`heldoutAnnotated:${style}`] = await classifyItems(recognizer, items, temperature);
    line(`held-out style ${style}, annotation boxes drawn over`, out[`heldoutAnnotated:${style}`]!);
  }
  if (annotated.size > 1) meanLine('held-out styles with annotation boxes', [...annotated.keys()].map((s) => out[`heldoutAnnotated:${s}`]!));
  // ... and with the boxes found and painted out first, as recognize does (overlays.ts).
  for (const [style, items] of annotated) {
    out[`heldoutAnnotatedPainted:${style}`] = await classifyItems(recognizer, items, temperature, true);
    line(`held-out style ${style}, annotation boxes painted out`, out[`heldoutAnnotatedPainted:${style}`]!);
  }
  if (annotated.size > 1) meanLine('held-out styles with annotation boxes painted out', [...annotated.keys()].map((s) => out[`heldoutAnnotatedPainted:${s}`]!));
  const cam = await camerashVal(realDir);
  if (cam.length) {
    out.realCamerashVal = await classifyItems(recognizer, cam, temperature);
    line('REAL camerash-tiles val (2 photos)', out.realCamerashVal);
    await perSet(recognizer, cam, temperature, out);
  } else console.log('  real crops: ../shared/data/real/camerash-tiles not found');
  const slots = await riichiSlots(realDir);
  if (slots.length) {
    out.riichiValSlots = await classifyItems(recognizer, slots, temperature);
    line('REAL riichi-val equal slots', out.riichiValSlots);
    await perSet(recognizer, slots, temperature, out);
  }
  // Real photos of many sets (haitaks-yolo), per split: the honour ids (training data of the train split since round
  // 10), the other ids that each hold one kind and id 47 labelled by eye (session 14; never training data but for
  // round 11's train split, not adopted). Every set is read from ../shared/data in place.
  const id47Labels = path.join(repo, 'training-notes', 'common', 'id47_tiles_by_eye.json');
  const haitaksSets: [key: string, name: string, splits: string[], read: (split: string) => Promise<CropItem[]>][] = [
    ['realHaitaksHonoursValTest', 'REAL haitaks honours, valid+test', ['valid', 'test'], (s) => haitaksHonours(realDir, s)],
    ['realHaitaksHonoursTrain', 'REAL haitaks honours, train', ['train'], (s) => haitaksHonours(realDir, s)],
    ['realHaitaksOtherValTest', 'REAL haitaks other ids, valid+test', ['valid', 'test'], (s) => haitaksLabelled(realDir, s, HAITAKS_OTHER_KINDS)],
    ['realHaitaksId47ValTest', 'REAL haitaks id 47 by eye, valid+test', ['valid', 'test'], (s) => haitaksSuitsByEye(realDir, id47Labels, [s])],
    ['realHaitaksId47Train', 'REAL haitaks id 47 by eye, train', ['train'], (s) => haitaksSuitsByEye(realDir, id47Labels, [s])],
    ['realHaitaksOtherTrain', 'REAL haitaks other ids, train', ['train'], (s) => haitaksLabelled(realDir, s, HAITAKS_OTHER_KINDS)],
  ];
  for (const [key, name, splits, read] of haitaksSets) {
    const items = (await Promise.all(splits.map(read))).flat();
    if (!items.length) continue;
    out[key] = await classifyItems(recognizer, items, temperature);
    line(name, out[key]);
    if (key === 'realHaitaksOtherValTest') {
      out.realHaitaksSuitsValTest = await classifyItems(recognizer, items.filter((i) => /^[0-9][mps]$/.test(i.truth)), temperature);
      line('  of which suited tiles', out.realHaitaksSuitsValTest);
    }
  }
  return out;
}
