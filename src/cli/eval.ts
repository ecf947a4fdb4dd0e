// `npm run eval`: recognition quality on the project's own test images and on the labelled real photos,
// reported SEPARATELY, plus the tile-set learning experiment. Nothing here tunes anything: the figures
// are measured with the committed models and the default pipeline settings.
//
//   npm run eval                      all of it
//   npm run eval -- --only heldout    end to end on the classifier's held-out art styles (make_heldout_photos.py renders,
//                                     and winning hands of that art: make_hand_dev_set.py --heldout-art)
//   npm run eval -- --only test-images | real | crops | learning   (crops: classifier on true boxes, evalCrops.ts;
//                                     learning: set learning before/after per set, evalLearning.ts, and end to end;
//                                     --learn-mode MODE measures one mode of prototypes.ts, --learn-fives separate|shared how mode
//                                     'nearest' treats a five and its red five, --learn-contrast off|THRESHOLD,MARGIN its contrast
//                                     rule, --learn-pair off|GAIN its pair rule, --learn-end-to-end the one-set renders end to end
//                                     (slow), --learn-sweep the settings of modes 'exemplars' and 'nearest' on the development groups)
//   npm run eval -- --only lookalikes   the look-alikes the review offers after a correction (evalLookAlikes.ts), end to
//                                     end on the held-out renders, handdev and devset (where its line was chosen) and the
//                                     one-set series (a check)
//   npm run eval -- --only browser    the app in headless Chromium against Node on the same photos at 12 MP
//                                     (evalBrowser.ts; needs `npm run build`): test-images, riichi-val, the first 10
//                                     renders of each held-out style (kmahjongg, gnome, xmahjongg, brush font, the
//                                     Japanese design, the glyph fonts) and of each held-out winning-hands set
//   npm run eval -- --json FILE       also write the figures as JSON
//   npm run eval -- --models DIR      another models folder
//   npm run eval -- --only hand [--dev DIR] [--no-tiles DIR] [--temperature T]   the hand as a whole (evalHand.ts):
//                                     calibration, plain vs joint reading, real-crop calibration, tiles on
//                                     photos without tiles (default: the two sets of training-notes/common/make_no_tiles_photos.mjs); --temperature overrides model.json's (measuring only)
//   npm run eval -- --only rows [--rows DIR]   the hand row among several (evalRows.ts): development scenes from
//                                     training-notes/common/make_rows_dev_set.py (default: its data/rowsdev and
//                                     data/rowsdev-far), with and without the scene rules of rows.ts, and the row
//                                     picked from haitaks-yolo's labelled boxes
//   npm run eval -- --only dev --dev DIR   a development set of renders (labels.json as in test-images/, e.g.
//                                     from training-notes/common/make_dev_set.py): where post-processing
//                                     choices are made, so the real photos stay untouched by them
//   ... --views none | 1.15,1:-0.05:0,...   the test-time views of every recognition (default: the pipeline's
//                                     DEFAULT_TEST_TIME_VIEWS), to compare view sets on development data;
//       --unsure-below P   tiles below P after those views get the closer views (0 never, 1.01 always)
//       --keep-extra-tiles  keep every box of a row with more tiles than a hand (extraTiles.ts off), to compare
//       --no-deskew        cut a tilted row's tiles as plain boxes (tilt.ts off), to compare
//       --keep-lone-backs  keep boxes read as a tile back with no other back beside them, to compare
//       --cut-max-peak P   the localiser peak under which an end box at the photo's edge is left out as cut (0: only narrow ones)
//
// Metrics, per set of photos (each photo's recognised hand row against its true row):
// - recall: true tiles lined up with a recognised tile by the edit-distance alignment (src/vision/align.ts);
// - per-tile accuracy: true tiles lined up with a recognised tile OF THE RIGHT CLASS, over all true tiles
//   (a missed tile counts as wrong); "of found" is the same over the lined-up tiles only;
// - extra: recognised tiles lined up with no true tile;
// - whole hand exact: the recognised row equals the true row (same tiles, same order, nothing extra);
// - time per photo: file bytes to result (decode, localiser, crops, classifier), models already loaded.
//
// Real photos (../shared/data/real/riichi-val, labels.json) are reported three ways:
// - "full photo": the whole photo, the pipeline picks the hand row itself (the product's situation);
// - "full photo, hand_box": detections whose centre lies in the labelled hand_box only, then the same row
//   logic (this removes discards/walls/other melds, i.e. measures reading the row, not finding it);
// - "hand crop": the labelled <name>.hand.png crops (the easy variant the data set provides).
// In lietxia_70008812 a drawn tile (0p) lies inside hand_box but is not part of the labelled row; it
// counts as an extra detection if the row logic keeps it.
//
// Learning: photos are grouped into tile sets by their `source` (same publisher, same set); for each
// set with at least two photos, a profile is learnt from one photo (as `riichi-lens learn` does: the
// recognised row aligned with the true row) and the other photos of the set are recognised with it;
// this is repeated with every photo as the teacher and the per-tile accuracy on the others is averaged,
// next to the accuracy on the same photos without a profile.

import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alignRows, commonRowErrors, scoreRow, tallyRowErrors } from '../vision/align.ts';
import type { Box } from '../vision/detect.ts';
import { LOOK_ALIKE_RULE } from '../vision/lookAlikes.ts';
import type { RecognitionResult, RecognizeOptions, TestTimeView } from '../vision/pipeline.ts';
import { addExample, emptyProfile, mergeProfiles, type ContrastRule, type PairRule, type PrototypeOptions, type TileProfile } from '../vision/prototypes.ts';
import { parseHandString } from '../vision/tiles.ts';
import type { Recognizer } from '../worker/recognizer.ts';
import { parseArgs, lastValue, UsageError, usageErrorText } from './args.ts';
import { classifierDataDir, evalCrops, isCamerashValidation, GLYPH_HELDOUT_FOLDER, GLYPH_SET_PHOTOS_FOLDER, NPM_HELDOUT_FOLDER, NPM_SET_PHOTOS_FOLDER, SET_PHOTOS_FOLDER } from './evalCrops.ts';
import { measureLookAlikes, type LookAlikePhoto } from './evalLookAlikes.ts';
import { browserAgreement, printBrowserAgreement } from './evalBrowser.ts';
import { evalLearning, isDevelopmentSet, type TeachingProtocol } from './evalLearning.ts';
import { haitaksRowMixing, printRows, rowsFigures } from './evalRows.ts';
import { cropCalibration, jointFigures, printCalibration, printJoint, recogniseRows, tilesOnPhotosWithout } from './evalHand.ts';
import { openImage } from './vision/nodeImage.ts';
import { createNodeRecognizer, DEFAULT_MODELS_DIR } from './vision/nodeRecognizer.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TEST_IMAGES = path.join(REPO, 'test-images');
const REAL_DIR = path.resolve(REPO, '..', 'shared', 'data', 'real', 'riichi-val');
const CAMERASH_DIR = path.resolve(REPO, '..', 'shared', 'data', 'real', 'camerash-tiles');
const ROWS_DEV_DIRS = ['rowsdev', 'rowsdev-far'].map((d) => path.join(REPO, 'training-notes', 'common', 'data', d));
const HAITAKS_DIR = path.resolve(REPO, '..', 'shared', 'data', 'real', 'haitaks-yolo');
/** Renders of the classifier's held-out art styles (training-notes/classifier/make_heldout_photos.py), one folder per style. */
const HELDOUT_PHOTOS_DIR = path.join(REPO, 'training-notes', 'classifier', 'data', 'heldout_photos');
/**
 * Winning hands (legal: 4 sets and a pair, seven pairs, thirteen orphans; 30% one tile short) drawn in the
 * classifier's held-out art styles (training-notes/common/make_hand_dev_set.py --heldout-art): the held-out photos
 * above draw random tiles, so only these show what the hand's rules do on art never trained on.
 */
const HELDOUT_HANDS_DIR = path.join(REPO, 'training-notes', 'common', 'data', 'handdev-heldout-art');
/** Renders of Japanese riichi art from an npm package that neither model trained on (make_heldout_photos.py --npm-art), one folder per style. */
const HELDOUT_NPM_DIR = classifierDataDir(REPO, NPM_HELDOUT_FOLDER);
/** Winning hands in that art (make_hand_dev_set.py --heldout-art --npm-art). */
const HELDOUT_NPM_HANDS_DIR = path.join(REPO, 'training-notes', 'common', 'data', 'handdev-heldout-npm');
/**
 * Held-out art that neither model trained on, each with its random-tile renders (one folder per style), its winning
 * hands (make_hand_dev_set.py --heldout-art --npm-art / --glyph-art) and their title, the key of its figures in the
 * JSON report and how to render it.
 */
const HELDOUT_ART_BOTH = [
  // Japanese riichi art from an npm package (session 23).
  { name: 'Japanese riichi art', hands: 'Japanese art', dir: HELDOUT_NPM_DIR, handsDir: HELDOUT_NPM_HANDS_DIR, report: 'heldoutNpm', howTo: 'node training-notes/common/npm_art.mjs, extract_art.py npm, then make_heldout_photos.py --npm-art and make_hand_dev_set.py --npm-art' },
  // Two fonts' Mahjong Tiles drawings (session 25).
  { name: 'glyph-font art', hands: 'glyph-font art', dir: classifierDataDir(REPO, GLYPH_HELDOUT_FOLDER), handsDir: path.join(REPO, 'training-notes', 'common', 'data', 'handdev-heldout-glyphs'), report: 'heldoutGlyphs', howTo: 'extract_art.py glyphs, then make_heldout_photos.py --glyph-art and make_hand_dev_set.py --glyph-art' },
] as const;
/**
 * Photos without tiles: ordinary ones (training-notes/common/make_no_tiles_photos.mjs: the tuning set, the check set,
 * the fresh sets) and playing cards in a row with bare table textures (make_card_photos.py: tuning and check).
 */
const NO_TILES_DIRS = ['no-tiles-tune', 'no-tiles-check', 'no-tiles-fresh', 'no-tiles-fresh2', 'no-tiles-screens', 'no-tiles-cards', 'no-tiles-cards-check'].map((d) => path.join(REPO, 'training-notes', 'common', 'data', d));

interface Sample {
  name: string;
  file: string;
  truth: string[];
  region?: Box;
  source?: string;
}

interface PhotoOutcome {
  sample: Sample;
  found: string[];
  ms: number;
  result: RecognitionResult | null;
  error?: string;
}

interface SetFigures {
  photos: number;
  trueTiles: number;
  recall: number;
  accuracy: number;
  accuracyOfFound: number;
  extra: number;
  exactRate: number;
  msMedian: number;
  msMean: number;
  errors: number;
  /** Photos whose hand row was called upside down (listed in reverse), and of those, how many by the tiles' vote. */
  upsideDown: number;
  upsideDownByTiles: number;
  /** What went wrong, by kind (`0p>5p` a misread, `1m>-` a tile missed, `->5z` a box on no tile; align.ts). */
  errorKinds: Record<string, number>;
}

function median(v: number[]): number {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function toTiles(v: unknown): string[] | null {
  if (typeof v === 'string') return parseHandString(v.replace(/[[\](){}+]/g, ''));
  if (Array.isArray(v) && v.every((t) => typeof t === 'string')) return v as string[];
  // Labels with a box per tile ({tile, box}: make_heldout_photos.py, make_set_photos.py).
  if (Array.isArray(v) && v.length && v.every((t) => typeof (t as { tile?: unknown })?.tile === 'string')) return v.map((t) => (t as { tile: string }).tile);
  return null;
}

/**
 * Reads a labelled folder (test-images/, or a development set in the same format): labels {file: hand | {hand}}
 * or [{file|image|name, hand}], hand as notation or tile list.
 */
async function loadLabelledFolder(dir = TEST_IMAGES): Promise<Sample[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const labelFile = names.find((n) => /^labels?\.json$/i.test(n)) ?? names.find((n) => n.endsWith('.json'));
  if (!labelFile) return [];
  const json = JSON.parse(await readFile(path.join(dir, labelFile), 'utf8')) as unknown;
  const entries: [string, unknown][] = Array.isArray(json)
    ? json.map((e) => {
        const o = e as Record<string, unknown>;
        return [String(o.file ?? o.image ?? o.name ?? o.path ?? ''), o];
      })
    : Object.entries(((json as Record<string, unknown>).images ?? (json as Record<string, unknown>).photos ?? json) as Record<string, unknown>);
  const samples: Sample[] = [];
  for (const [name, value] of entries) {
    const o = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { hand: value }) as Record<string, unknown>;
    const truth = toTiles(o.hand ?? o.tiles ?? o.row ?? o.label);
    if (!name || !truth) continue;
    const file = String(o.file ?? o.image ?? name);
    samples.push({ name, file: path.join(dir, file), truth, source: typeof o.style === 'string' ? o.style : typeof o.set === 'string' ? o.set : undefined });
  }
  return samples;
}

interface RealLabel {
  hand: string[];
  hand_box?: Box;
  hand_crop?: string;
  source?: string;
}

async function loadReal(): Promise<{ full: Sample[]; region: Sample[]; crops: Sample[] }> {
  let labels: Record<string, RealLabel>;
  try {
    labels = JSON.parse(await readFile(path.join(REAL_DIR, 'labels.json'), 'utf8')) as Record<string, RealLabel>;
  } catch {
    return { full: [], region: [], crops: [] };
  }
  const names = Object.keys(labels).sort();
  const full = names.map((n) => ({ name: n, file: path.join(REAL_DIR, n), truth: labels[n]!.hand, source: labels[n]!.source }));
  const region = names.filter((n) => labels[n]!.hand_box).map((n) => ({ ...full.find((s) => s.name === n)!, region: labels[n]!.hand_box }));
  const crops = names
    .filter((n) => labels[n]!.hand_crop)
    .map((n) => ({ name: labels[n]!.hand_crop!, file: path.join(REAL_DIR, labels[n]!.hand_crop!), truth: labels[n]!.hand, source: labels[n]!.source }));
  return { full, region, crops };
}

/** `--views`: the test-time views of every recognition here (e.g. to compare with the default). */
let evalViews: TestTimeView[] | undefined;
/** `--unsure-below`: the threshold of the unsure views (0: never, 1.01: every tile). */
let evalUnsureBelow: number | undefined;
/** `--cut-max-peak`: the localiser peak under which an end box at the photo's edge is left out (rows.ts CUT_MAX_PEAK). */
let evalCutMaxPeak: number | undefined;
/** The `--cut-max-peak` option for a recognition, when given. */
const cutOption = (): RecognizeOptions => (evalCutMaxPeak !== undefined ? { cutMaxPeak: evalCutMaxPeak } : {});
/** `--keep-extra-tiles`: no leaving out of doubtful boxes beyond a hand's 14 tiles (to compare; extraTiles.ts). */
let evalExtraTileCheck: boolean | undefined;
/** `--no-deskew`: a tilted row's tiles cut as plain boxes (to compare; tilt.ts). */
let evalDeskew: boolean | undefined;
/** `--keep-lone-backs`: no leaving out of tile backs standing alone (to compare; extraTiles.ts, loneTileBacks). */
let evalLoneBackCheck: boolean | undefined;

/** `none` or comma-separated views, each `scale` or `scale:dx:dy` (dx, dy in box widths / heights). */
export function parseViews(text: string): TestTimeView[] {
  if (text === 'none') return [];
  return text.split(',').map((v) => {
    const [scale, dx, dy] = v.split(':').map(Number);
    if (![scale, dx ?? 0, dy ?? 0].every(Number.isFinite) || !(scale! > 0)) throw new UsageError(`--views: "${v}" is not scale or scale:dx:dy`);
    return { scale: scale!, dx: dx ?? 0, dy: dy ?? 0 };
  });
}

async function recognizeSample(recognizer: Recognizer, s: Sample, options: RecognizeOptions = {}): Promise<PhotoOutcome> {
  const start = performance.now();
  try {
    const bytes = new Uint8Array(await readFile(s.file));
    const image = await openImage(bytes, { name: s.name });
    const result = await recognizer.recognize(image, { testTimeViews: evalViews, unsureBelow: evalUnsureBelow, extraTileCheck: evalExtraTileCheck, deskew: evalDeskew, loneBackCheck: evalLoneBackCheck, ...cutOption(), ...options, region: s.region });
    return { sample: s, found: result.tiles.map((t) => t.tile), ms: performance.now() - start, result };
  } catch (e) {
    return { sample: s, found: [], ms: performance.now() - start, result: null, error: e instanceof Error ? e.message : String(e) };
  }
}

function figures(outcomes: PhotoOutcome[]): SetFigures {
  let trueTiles = 0, matched = 0, correct = 0, extra = 0, exact = 0;
  const kinds = new Map<string, number>();
  for (const o of outcomes) {
    tallyRowErrors(o.found, o.sample.truth, kinds);
    const r = scoreRow(o.found, o.sample.truth);
    trueTiles += r.truthTiles;
    matched += r.matched;
    correct += r.correct;
    extra += r.extra;
    if (r.exact) exact++;
  }
  const ms = outcomes.filter((o) => !o.error).map((o) => o.ms);
  return {
    photos: outcomes.length,
    trueTiles,
    recall: trueTiles ? matched / trueTiles : NaN,
    accuracy: trueTiles ? correct / trueTiles : NaN,
    accuracyOfFound: matched ? correct / matched : NaN,
    extra,
    exactRate: outcomes.length ? exact / outcomes.length : NaN,
    msMedian: median(ms),
    msMean: ms.length ? ms.reduce((a, b) => a + b, 0) / ms.length : NaN,
    errors: outcomes.filter((o) => o.error).length,
    upsideDown: outcomes.filter((o) => o.result?.upsideDown).length,
    upsideDownByTiles: outcomes.filter((o) => o.result?.upsideDown && o.result.orientation?.by === 'tiles').length,
    errorKinds: Object.fromEntries(kinds),
  };
}

const pct = (v: number) => (Number.isNaN(v) ? '   n/a' : `${(100 * v).toFixed(1).padStart(5)}%`);

function printFigures(title: string, f: SetFigures): void {
  console.log(
    `${title.padEnd(34)} photos ${String(f.photos).padStart(3)}  tiles ${String(f.trueTiles).padStart(4)}  recall ${pct(f.recall)}  ` +
      `accuracy ${pct(f.accuracy)} (of found ${pct(f.accuracyOfFound)})  extra ${String(f.extra).padStart(3)}  ` +
      `exact hands ${pct(f.exactRate)}  time/photo median ${f.msMedian.toFixed(0)} ms (mean ${f.msMean.toFixed(0)})` +
      (f.errors ? `  errors ${f.errors}` : '') +
      (f.upsideDown ? `  called upside down ${f.upsideDown} (by the tiles' vote ${f.upsideDownByTiles})` : ''),
  );
  const common = commonRowErrors(Object.entries(f.errorKinds), 6);
  if (common) console.log(`${''.padEnd(4)}most common errors (true>read, - none): ${common}`);
}

function printPhotos(outcomes: PhotoOutcome[]): void {
  for (const o of outcomes) {
    const r = scoreRow(o.found, o.sample.truth);
    const mark = r.exact ? 'ok ' : '   ';
    console.log(`    ${mark} ${o.sample.name.padEnd(30)} ${String(r.correct).padStart(2)}/${r.truthTiles} ${o.error ? `ERROR ${o.error}` : `found ${o.found.join(' ')}`}`);
    if (!r.exact && !o.error) console.log(`        ${''.padEnd(30)}       true  ${o.sample.truth.join(' ')}`);
  }
}

async function runSet(recognizer: Recognizer, title: string, samples: Sample[], verbose: boolean): Promise<{ figures: SetFigures; outcomes: PhotoOutcome[] }> {
  const outcomes: PhotoOutcome[] = [];
  for (const s of samples) outcomes.push(await recognizeSample(recognizer, s));
  const f = figures(outcomes);
  printFigures(title, f);
  if (verbose) printPhotos(outcomes);
  return { figures: f, outcomes };
}

/** The profile `riichi-lens learn` would make from one recognised photo. */
function learnFrom(o: PhotoOutcome, modelId: string): TileProfile | null {
  const emb = o.result?.embeddings;
  if (!o.result || !emb?.length) return null;
  let profile = emptyProfile(modelId, emb[0]!.length);
  for (const p of alignRows(o.found, o.sample.truth)) {
    if (p.found !== null && p.truth !== null) profile = addExample(profile, o.sample.truth[p.truth]!, emb[p.found]!, o.found[p.found]);
  }
  return profile;
}

interface LearningFigures {
  set: string;
  photos: number;
  teachers: number;
  accuracyBefore: number;
  accuracyAfter: number;
  exactBefore: number;
  exactAfter: number;
  /** Tile readings of the photos read, and how many were right without and with the profile. */
  tiles: number;
  rightBefore: number;
  rightAfter: number;
}

async function learning(recognizer: Recognizer, title: string, samples: Sample[], maxTeachers = Infinity, protocol: TeachingProtocol = 'one', prototypeOptions?: Partial<PrototypeOptions>): Promise<LearningFigures[]> {
  const bySet = new Map<string, Sample[]>();
  for (const s of samples) bySet.set(s.source ?? 'unknown', [...(bySet.get(s.source ?? 'unknown') ?? []), s]);
  const out: LearningFigures[] = [];
  for (const [set, photos] of bySet) {
    if (photos.length < 2) {
      console.log(`  ${title} / ${set}: ${photos.length} photo, no other photo to test on (skipped)`);
      continue;
    }
    const taught: PhotoOutcome[] = [];
    for (const s of photos) taught.push(await recognizeSample(recognizer, s, { includeEmbeddings: true }));
    let before = 0, after = 0, tiles = 0, exB = 0, exA = 0, runs = 0, teachers = 0;
    // 'one': each of the first maxTeachers photos teaches, every other photo is read; 'others': every photo is read
    // with a profile taught from all the other photos (as a player who confirmed them, profiles merged).
    const rounds = protocol === 'one' ? taught.slice(0, maxTeachers).map((t) => [t]) : taught.map((t) => taught.filter((o) => o !== t));
    for (const teachersOfRound of rounds) {
      const profiles = teachersOfRound.map((t) => learnFrom(t, recognizer.modelId)).filter((p): p is TileProfile => p !== null);
      if (!profiles.length) continue;
      const profile = profiles.reduce((a, b) => mergeProfiles(a, b));
      teachers++;
      for (const other of taught) {
        if (teachersOfRound.includes(other)) continue;
        const withProfile = await recognizeSample(recognizer, other.sample, { profile, prototypeOptions });
        const b = scoreRow(other.found, other.sample.truth);
        const a = scoreRow(withProfile.found, other.sample.truth);
        tiles += b.truthTiles;
        before += b.correct;
        after += a.correct;
        exB += b.exact ? 1 : 0;
        exA += a.exact ? 1 : 0;
        runs++;
      }
    }
    const f = { set, photos: photos.length, teachers, accuracyBefore: before / tiles, accuracyAfter: after / tiles, exactBefore: exB / runs, exactAfter: exA / runs, tiles, rightBefore: before, rightAfter: after };
    const how = protocol === 'one' ? `learn from 1, test on the other ${photos.length - 1} (x${teachers} teachers)` : `learn from all but 1, test on that one (x${teachers})`;
    console.log(
      `  ${title} / ${set}: ${photos.length} photos, ${how}: ` +
        `per-tile accuracy ${pct(f.accuracyBefore)} -> ${pct(f.accuracyAfter)} (${before} -> ${after} of ${tiles}), exact hands ${pct(f.exactBefore)} -> ${pct(f.exactAfter)}`,
    );
    out.push(f);
  }
  return out;
}

/** Sums of end-to-end learning figures over sets, printed under `title`. */
function printLearningTotal(title: string, fs: readonly LearningFigures[]): void {
  const tiles = fs.reduce((n, f) => n + f.tiles, 0);
  const b = fs.reduce((n, f) => n + f.rightBefore, 0);
  const a = fs.reduce((n, f) => n + f.rightAfter, 0);
  if (tiles) console.log(`  ${title}, ${fs.length} sets: tiles right ${b} -> ${a} of ${tiles} (${pct(b / tiles)} -> ${pct(a / tiles)})`);
}

/**
 * `--learn-end-to-end`: set learning on the one-set renders with the app's own boxes (the localiser's), the profile
 * taught from the recognised rows as `riichi-lens learn` does, under both teaching protocols (evalLearning.ts). Slow
 * (about 5 minutes): every photo is read once per profile.
 */
async function learningEndToEnd(recognizer: Recognizer, options: Partial<PrototypeOptions> | undefined): Promise<Record<string, LearningFigures[]>> {
  const out: Record<string, LearningFigures[]> = {};
  const groups: Record<string, LearningFigures[]> = {};
  for (const folder of [SET_PHOTOS_FOLDER, GLYPH_SET_PHOTOS_FOLDER, NPM_SET_PHOTOS_FOLDER]) {
    for (const dir of await subfolders(classifierDataDir(REPO, folder))) {
      const name = path.basename(dir);
      const samples = (await loadLabelledFolder(dir)).map((s) => ({ ...s, source: name }));
      if (!samples.length) continue;
      const role = folder === SET_PHOTOS_FOLDER && isDevelopmentSet(name) ? 'development' : 'reported only';
      for (const protocol of ['one', 'others'] as const) {
        const fs = await learning(recognizer, `one set (${role})`, samples, 3, protocol, options);
        out[`${name} ${protocol}`] = fs;
        (groups[`${role}, ${protocol === 'one' ? 'taught from one photo' : 'taught from every other photo'}`] ??= []).push(...fs);
      }
    }
  }
  for (const [title, fs] of Object.entries(groups)) printLearningTotal(`one-set renders end to end, ${title}`, fs);
  return out;
}

/** The folders under `root` (one per art style or set), sorted; none when `root` is missing. */
async function subfolders(root: string): Promise<string[]> {
  return (await readdir(root).catch(() => [] as string[])).sort().map((d) => path.join(root, d));
}

/** End to end on renders kept one folder per art style under `root` (make_heldout_photos.py), each style's figures. */
async function styleFolders(recognizer: Recognizer, root: string): Promise<Record<string, SetFigures>> {
  const figures: Record<string, SetFigures> = {};
  for (const dir of await subfolders(root)) {
    const samples = await loadLabelledFolder(dir);
    if (samples.length) figures[path.basename(dir)] = (await runSet(recognizer, `held-out ${path.basename(dir)}`, samples, false)).figures;
  }
  return figures;
}

/** `--learn-contrast off` or `THRESHOLD,MARGIN` (mode 'nearest''s contrast rule, prototypes.ts); undefined when not given. */
function parseContrast(value: string | undefined): ContrastRule | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return null;
  const [threshold, margin] = value.split(',').map(Number);
  if (!(Number.isFinite(threshold) && Number.isFinite(margin))) throw new UsageError(`--learn-contrast takes off or THRESHOLD,MARGIN (e.g. 0.75,0.1), got "${value}"`);
  return { threshold: threshold!, margin: margin! };
}

/** `--learn-pair off` or `GAIN` (mode 'nearest''s pair rule, prototypes.ts); undefined when not given. */
function parsePair(value: string | undefined): PairRule | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return null;
  const gain = Number(value);
  if (!(Number.isFinite(gain) && gain > 0)) throw new UsageError(`--learn-pair takes off or a gain above 0 (e.g. 20), got "${value}"`);
  return { gain };
}

/** What `--only` can name (each block of main below). */
const ONLY = ['test-images', 'real', 'crops', 'heldout', 'learning', 'lookalikes', 'hand', 'rows', 'dev', 'browser'] as const;

const USAGE = `Usage: npm run eval [-- OPTIONS]   recognition figures with the committed models (nothing is tuned here)
  --only ${ONLY.join(' | ')}   one part (default: all but browser; dev needs --dev;
                       browser needs dist/ and Chromium)
  --dev DIR            a labelled folder of photos: renders, or your own set (labels.json {"photo.jpg": "234m..."}; with --only dev or hand)
  --models DIR         another models folder         --json FILE   also write the figures as JSON
  --quiet              no per-photo lines            --no-tiles DIR   photos without tiles (--only hand)
  --rows DIR           row scenes (--only rows)      --temperature T  the classifier's temperature (measuring only)
  --views none|S[:DX:DY],...  --unsure-below P  --cut-max-peak P  --keep-extra-tiles  --no-deskew  --keep-lone-backs   pipeline variants
  --learn-mode MODE  --learn-fives shared|separate  --learn-contrast off|T,M  --learn-pair off|GAIN
  --learn-sweep  --learn-end-to-end   set-learning variants (--only learning)
Each part and its data are described at the top of src/cli/eval.ts.`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  try {
    return await evaluate(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(usageErrorText('npm run eval', e.message, USAGE, 'npm run eval -- --help'));
    return 2;
  }
}

async function evaluate(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['only', 'json', 'models', 'dev', 'no-tiles', 'temperature', 'learn-mode', 'learn-fives', 'learn-contrast', 'learn-pair', 'rows', 'views', 'unsure-below', 'cut-max-peak'], ['quiet', 'learn-sweep', 'learn-end-to-end', 'keep-extra-tiles', 'no-deskew', 'keep-lone-backs']);
  const views = lastValue(args, 'views');
  if (views) evalViews = parseViews(views);
  const unsureBelow = lastValue(args, 'unsure-below');
  if (unsureBelow) evalUnsureBelow = Number(unsureBelow);
  const cutMaxPeak = lastValue(args, 'cut-max-peak');
  if (cutMaxPeak) evalCutMaxPeak = Number(cutMaxPeak);
  if (args.flags.has('keep-extra-tiles')) evalExtraTileCheck = false;
  if (args.flags.has('no-deskew')) evalDeskew = false;
  if (args.flags.has('keep-lone-backs')) evalLoneBackCheck = false;
  const only = lastValue(args, 'only');
  if (only !== undefined && !(ONLY as readonly string[]).includes(only)) throw new UsageError(`--only takes one of ${ONLY.join(', ')}; got "${only}"`);
  if (only === 'dev' && !lastValue(args, 'dev')) throw new UsageError('--only dev needs --dev DIR (a labelled folder of photos)');
  const verbose = !args.flags.has('quiet');
  const modelsDir = lastValue(args, 'models') ?? DEFAULT_MODELS_DIR;
  const t0 = performance.now();
  const recognizer = await createNodeRecognizer(modelsDir);
  await recognizer.load();
  const temperature = lastValue(args, 'temperature');
  if (temperature) (recognizer.spec.classifier as { temperature: number }).temperature = Number(temperature);
  const loadMs = performance.now() - t0;
  console.log(`models: ${modelsDir} (classifier id ${recognizer.modelId}; loaded and warmed up in ${loadMs.toFixed(0)} ms; onnxruntime-web wasm, 1 thread)`);
  const report: Record<string, unknown> = { loadMs };

  // Warm-up (first inference allocates), not counted.
  const real = await loadReal();
  const testImages = await loadLabelledFolder();
  const warm = testImages[0] ?? real.full[0];
  if (warm) await recognizeSample(recognizer, warm);

  if (!only || only === 'test-images') {
    console.log(`\n== test-images/ (the project's own images; ${testImages.length} labelled)`);
    if (testImages.length) report.testImages = (await runSet(recognizer, 'test-images', testImages, verbose)).figures;
    else console.log('  no labelled test images found (test-images/labels.json)');
  }
  const devDir = lastValue(args, 'dev');
  if (devDir && (!only || only === 'dev')) {
    const dev = await loadLabelledFolder(path.resolve(devDir));
    console.log(`\n== labelled folder ${devDir} (${dev.length} photos: development renders, or your own photos)`);
    report.dev = (await runSet(recognizer, 'development set', dev, verbose)).figures;
    if (!only || only === 'dev') {
      console.log('\n== learning the tile set on the development set (grouped by art style; the first 3 photos of each as teachers)');
      report.learningDev = await learning(recognizer, 'dev', dev, 3);
    }
  }
  if (!only || only === 'heldout') {
    // End to end on the art styles the classifier never trained on (the localiser has seen their art); every photo,
    // backs in the row included.
    console.log(`\n== held-out art styles end to end (${HELDOUT_PHOTOS_DIR}; the classifier never trained on them, the localiser has seen their art)`);
    const heldout = await styleFolders(recognizer, HELDOUT_PHOTOS_DIR);
    if (!Object.keys(heldout).length) console.log('  no renders there (render them: training-notes/classifier/make_heldout_photos.py)');
    report.heldoutPhotos = heldout;
    const hands = await loadLabelledFolder(HELDOUT_HANDS_DIR);
    if (hands.length) report.heldoutHands = (await runSet(recognizer, 'held-out art, winning hands', hands, false)).figures;
    else console.log(`  no winning hands of held-out art (render them: make_hand_dev_set.py --heldout-art, see ${path.relative(REPO, HELDOUT_HANDS_DIR)})`);
    // Art NEITHER model trained on (the styles above are Chinese-looking, and the localiser saw their art): random
    // tiles and winning hands of each, in sections of their own.
    for (const art of HELDOUT_ART_BOTH) {
      console.log(`\n== held-out ${art.name} end to end (${art.dir}, ${path.relative(REPO, art.handsDir)}; neither model trained on it)`);
      const figures = await styleFolders(recognizer, art.dir);
      const artHands = await loadLabelledFolder(art.handsDir);
      if (artHands.length) figures.winningHands = (await runSet(recognizer, `held-out ${art.hands}, winning hands`, artHands, false)).figures;
      if (Object.keys(figures).length) report[art.report] = figures;
      else console.log(`  not rendered (${art.howTo}: training-notes/common/make_eval_data.sh)`);
    }
  }
  if (!only || only === 'lookalikes') {
    console.log('\n== look-alikes offered after a correction (src/vision/lookAlikes.ts; end to end, every misread tile corrected to its true kind)');
    const dev = path.join(REPO, 'training-notes', 'common', 'data');
    const groups = [
      { title: 'held-out renders, handdev, devset (the line chosen here)', dirs: [...(await subfolders(HELDOUT_PHOTOS_DIR)), HELDOUT_HANDS_DIR, path.join(dev, 'handdev'), path.join(dev, 'devset')] },
      { title: 'one-set series (a check)', dirs: await subfolders(classifierDataDir(REPO, SET_PHOTOS_FOLDER)) },
    ];
    const rules = [LOOK_ALIKE_RULE, { cosine: 0.9, guesses: LOOK_ALIKE_RULE.guesses }, { cosine: 0.9, guesses: Infinity }, { cosine: 0.8, guesses: Infinity }];
    const figures: Record<string, unknown> = {};
    for (const g of groups) {
      const photos: LookAlikePhoto[] = [];
      for (const dir of g.dirs) {
        for (const sample of await loadLabelledFolder(dir)) {
          const o = await recognizeSample(recognizer, sample, { includeEmbeddings: true });
          if (o.result?.embeddings) photos.push({ found: o.found, alternatives: o.result.tiles.map((t) => t.alternatives.map((a) => a.tile)), embeddings: o.result.embeddings, truth: sample.truth });
        }
      }
      if (!photos.length) {
        console.log(`  ${g.title}: not rendered (training-notes/common/make_eval_data.sh)`);
        continue;
      }
      for (const rule of rules) {
        const f = measureLookAlikes(photos, rule);
        const name = `cosine >= ${rule.cosine}, ${Number.isFinite(rule.guesses) ? `the correction among the tile's first ${rule.guesses} guesses` : 'any guesses'}${rule === LOOK_ALIKE_RULE ? ' (the app\'s)' : ''}`;
        console.log(`  ${g.title}, ${name}: ${f.photos} photos, ${f.corrections} corrections; offered ${f.offeredRight} of the ${f.candidatesRight} tiles truly of the corrected kind, ${f.offeredWrong} of the ${f.candidatesWrong} that are not`);
        figures[`${g.title} / ${name}`] = f;
      }
    }
    report.lookAlikes = figures;
  }
  if (only === 'browser') {
    const samples = [...testImages, ...real.full];
    // Ten of each held-out style's rows and of each held-out art's winning hands.
    const styles = [HELDOUT_PHOTOS_DIR, ...HELDOUT_ART_BOTH.map((a) => a.dir)];
    const folders = [...(await Promise.all(styles.map(subfolders))).flat(), HELDOUT_HANDS_DIR, ...HELDOUT_ART_BOTH.map((a) => a.handsDir)];
    for (const dir of folders) samples.push(...(await loadLabelledFolder(dir)).slice(0, 10).map((x) => ({ ...x, name: `${path.basename(dir)}/${x.name}` })));
    console.log(`\n== the app in the browser against Node (${samples.length} photos made 12 MP: test-images, riichi-val, held-out renders and winning hands; dist/ in headless Chromium)`);
    const agreement = await browserAgreement(samples, async (file) => (await recognizeSample(recognizer, { name: file, file, truth: [] })).found);
    printBrowserAgreement(agreement, verbose);
    report.browser = agreement;
  }
  if (!only || only === 'rows') {
    const given = lastValue(args, 'rows');
    const rowsReport: Record<string, unknown> = {};
    for (const rowsDir of given ? [path.resolve(given)] : ROWS_DEV_DIRS) {
      console.log(`\n== the hand row among several (development scenes ${rowsDir})`);
      const before = await rowsFigures(recognizer, rowsDir, { sceneRules: false, extraTileCheck: evalExtraTileCheck, loneBackCheck: evalLoneBackCheck, ...cutOption() });
      if (!before) {
        console.log('  no labels.json there (render it: training-notes/common/make_rows_dev_set.py)');
        continue;
      }
      printRows('without the scene rules (rows as connected components, evidence x size)', before, false);
      const after = (await rowsFigures(recognizer, rowsDir, { extraTileCheck: evalExtraTileCheck, loneBackCheck: evalLoneBackCheck, ...cutOption() }))!;
      printRows('with the scene rules (the default)', after, verbose);
      rowsReport[path.basename(rowsDir)] = { before, after };
    }
    report.rows = rowsReport;
    const haitaksBefore = await haitaksRowMixing(HAITAKS_DIR, { scene: false });
    const haitaks = await haitaksRowMixing(HAITAKS_DIR);
    if (haitaks && haitaksBefore) {
      console.log(
        `  haitaks-yolo real photos, row logic on the labelled boxes: ${haitaks.photos} photos (${haitaks.severalRows} with several rows); ` +
          `hand row holding tiles of two rows: without the scene rules ${haitaksBefore.mixed.length}, with them ${haitaks.mixed.length}` +
          (haitaks.mixed.length ? ` (${haitaks.mixed.slice(0, 8).join(', ')}${haitaks.mixed.length > 8 ? ', ...' : ''})` : ''),
      );
      report.haitaksRowMixing = { before: haitaksBefore, after: haitaks };
    }
  }
  if (!only || only === 'hand') {
    const C = recognizer.spec.classifier;
    console.log(`\n== the hand as a whole (classifier temperature ${C.temperature})`);
    const sets: [string, typeof testImages][] = [['test-images', testImages]];
    if (devDir) sets.push([`development renders ${devDir}`, await loadLabelledFolder(path.resolve(devDir))]);
    const heldoutHands = await loadLabelledFolder(HELDOUT_HANDS_DIR);
    if (heldoutHands.length) sets.push(['held-out art, winning hands (reported only)', heldoutHands]);
    for (const art of HELDOUT_ART_BOTH) {
      const hands = await loadLabelledFolder(art.handsDir);
      if (hands.length) sets.push([`${art.hands}, winning hands held out from both models (reported only)`, hands]);
    }
    const hand: Record<string, unknown> = {};
    for (const [title, samples] of sets) {
      const f = jointFigures(await recogniseRows(recognizer, samples), C.classes);
      printJoint(title, f);
      hand[title] = f;
    }
    // Calibration means something only on crops the classifier never trained on: camerash's validation photos.
    // justinchan114-tiles and the rest of camerash-tiles are its training data, so they are left out here.
    const cal = await cropCalibration(recognizer, CAMERASH_DIR, isCamerashValidation);
    if (cal) {
      printCalibration('real crops camerash-tiles, validation photos (single view; the other crops are training data)', cal);
      hand['camerash-tiles validation'] = cal;
    }
    const given = lastValue(args, 'no-tiles');
    for (const dir of given ? [path.resolve(given)] : NO_TILES_DIRS) {
      const noTiles = await tilesOnPhotosWithout(recognizer, dir);
      if (!noTiles) {
        console.log(`  photos without tiles: none in ${path.relative(REPO, dir)} (make them: ${path.basename(dir).startsWith('no-tiles-cards') ? '/usr/bin/python3 training-notes/common/make_card_photos.py' : 'node training-notes/common/make_no_tiles_photos.mjs'})`);
        continue;
      }
      console.log(`  photos without tiles (${path.basename(dir)}): ${noTiles.photos} photos, ${noTiles.withTiles} gave tiles, ${noTiles.tiles} tiles in all (goal 0)`);
      for (const d of noTiles.detail) console.log(`    ${d}`);
      hand[path.basename(dir)] = noTiles;
    }
    report.hand = hand;
  }
  if (!only || only === 'real') {
    console.log(`\n== real photos (${REAL_DIR}; never used for training or tuning)`);
    if (!real.full.length) console.log('  labels.json not found');
    else {
      report.realFull = (await runSet(recognizer, 'real, full photo (auto row)', real.full, verbose)).figures;
      report.realHandBox = (await runSet(recognizer, 'real, full photo, hand_box', real.region, verbose)).figures;
      report.realHandCrop = (await runSet(recognizer, 'real, hand crop', real.crops, verbose)).figures;
    }
  }
  if (!only || only === 'crops') report.crops = await evalCrops(recognizer, REPO, path.dirname(REAL_DIR), modelsDir);
  if (!only || only === 'learning') {
    const mode = lastValue(args, 'learn-mode') as PrototypeOptions['mode'] | undefined;
    const fives = lastValue(args, 'learn-fives');
    if (fives !== undefined && fives !== 'shared' && fives !== 'separate') throw new UsageError(`--learn-fives takes shared or separate, got "${fives}"`);
    const contrast = parseContrast(lastValue(args, 'learn-contrast'));
    const pair = parsePair(lastValue(args, 'learn-pair'));
    const learnOptions: Partial<PrototypeOptions> = { ...(mode ? { mode } : {}), ...(fives ? { fivePairs: fives } : {}), ...(contrast !== undefined ? { contrast } : {}), ...(pair !== undefined ? { pair } : {}) };
    const asked = mode || fives || contrast !== undefined || pair !== undefined;
    report.learningCrops = await evalLearning(recognizer, REPO, path.dirname(REAL_DIR), asked ? learnOptions : undefined, { sweep: args.flags.has('learn-sweep') });
    console.log('\n== learning the tile set end to end (real photos grouped by source)');
    if (args.flags.has('learn-end-to-end')) {
      console.log('\n== learning the tile set end to end on the one-set renders (the localiser\'s boxes; taught from the recognised rows)');
      report.learningEndToEnd = await learningEndToEnd(recognizer, asked ? learnOptions : undefined);
    }
    report.learningFull = await learning(recognizer, 'full photo', real.full);
    report.learningCrop = await learning(recognizer, 'hand crop', real.crops);
    if (testImages.some((s) => s.source)) report.learningTestImages = await learning(recognizer, 'test-images', testImages);
  }
  const jsonFile = lastValue(args, 'json');
  if (jsonFile) await writeFile(jsonFile, JSON.stringify(report, null, 2) + '\n');
  await recognizer.dispose();
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
