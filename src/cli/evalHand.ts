// `npm run eval` figures about the hand as a whole (issue 20): calibration of the tile scores, the plain against the
// joint reading of the row (jointReading.ts), and tiles found on photos without tiles. Measured, never tuned here:
// the thresholds are data in src/vision and were chosen on development renders (see src/vision/README.md).

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { alignRows, scoreRow } from '../vision/align.ts';
import { calibrationFigures, classProbabilities, DOUBT_PROBABILITY, type CalibrationFigures } from '../vision/calibration.ts';
import { cropRequest, cropsTensor } from '../vision/classify.ts';
import { readRowJointly, type JointReadingOptions } from '../vision/jointReading.ts';
import type { RecognitionResult } from '../vision/pipeline.ts';
import type { Recognizer } from '../worker/recognizer.ts';
import { openImage } from './vision/nodeImage.ts';

export interface HandSample {
  name: string;
  file: string;
  truth: string[];
}

const pct = (v: number) => (Number.isNaN(v) ? '  n/a' : `${(100 * v).toFixed(1)}%`);

/** Doubt thresholds shown in the sweep (where the threshold is chosen from). */
const DOUBT_SWEEP = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

/** Share of misreads / right tiles below each threshold of the sweep. */
export function doubtSweep(scores: readonly number[], correct: readonly boolean[]): string {
  return DOUBT_SWEEP.map((t) => {
    const f = calibrationFigures(scores, correct, t);
    return `<${t}: ${pct(f.misreadsDoubtful)}/${pct(f.rightDoubtful)}`;
  }).join('  ');
}

export function printCalibration(title: string, f: CalibrationFigures & { sweep?: string }): void {
  console.log(
    `  ${title}: ${f.tiles} tiles, accuracy ${pct(f.accuracy)}, mean score ${pct(f.meanScore)}, ECE ${pct(f.ece)}; ` +
      `doubtful (score < ${DOUBT_PROBABILITY}): ${pct(f.misreadsDoubtful)} of ${f.misreads} misreads, ${pct(f.rightDoubtful)} of right tiles`,
  );
  if (f.sweep) console.log(`    doubtful misreads/right tiles by threshold: ${f.sweep}`);
}

export interface RowRecord {
  sample: HandSample;
  result: RecognitionResult;
  probs: number[][];
  groups: number[];
}

/** Recognises each sample with the plain reading, keeping the per-tile probabilities. */
export async function recogniseRows(recognizer: Recognizer, samples: readonly HandSample[]): Promise<RowRecord[]> {
  const out: RowRecord[] = [];
  for (const s of samples) {
    try {
      const image = await openImage(new Uint8Array(await readFile(s.file)), { name: s.name });
      const result = await recognizer.recognize(image, { handRules: false, includeProbabilities: true });
      out.push({ sample: s, result, probs: result.probabilities ?? [], groups: result.tiles.map((t) => t.group) });
    } catch (e) {
      console.log(`  ${s.name}: ERROR ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

export interface JointFigures {
  photos: number;
  trueTiles: number;
  plainAccuracy: number;
  jointAccuracy: number;
  plainExact: number;
  jointExact: number;
  /** Tiles the joint reading changed: to the right class, from the right class, neither. */
  fixed: number;
  broken: number;
  otherChanges: number;
  rules: Record<string, number>;
  msMax: number;
  msMean: number;
  calibration: CalibrationFigures & { sweep: string };
}

/** Plain vs joint reading, and calibration of the plain scores on the tiles lined up with a true tile. */
export function jointFigures(rows: readonly RowRecord[], classes: readonly string[], options: Partial<JointReadingOptions> = {}, doubt = DOUBT_PROBABILITY): JointFigures {
  let trueTiles = 0, plainOk = 0, jointOk = 0, plainExact = 0, jointExact = 0, fixed = 0, broken = 0, other = 0, msMax = 0, msSum = 0;
  const rules: Record<string, number> = {};
  const scores: number[] = [];
  const correct: boolean[] = [];
  for (const r of rows) {
    const plain = r.result.tiles.map((t) => t.tile);
    const t0 = performance.now();
    const joint = readRowJointly(r.probs, classes, { groups: r.groups }, options);
    const ms = performance.now() - t0;
    msMax = Math.max(msMax, ms);
    msSum += ms;
    rules[joint.rule] = (rules[joint.rule] ?? 0) + 1;
    const jointTiles = joint.choice.map((c) => classes[c]!);
    const a = scoreRow(plain, r.sample.truth);
    const b = scoreRow(jointTiles, r.sample.truth);
    trueTiles += a.truthTiles;
    plainOk += a.correct;
    jointOk += b.correct;
    if (a.exact) plainExact++;
    if (b.exact) jointExact++;
    for (const p of alignRows(plain, r.sample.truth)) {
      if (p.found === null || p.truth === null) continue;
      const truth = r.sample.truth[p.truth]!;
      scores.push(Math.max(...r.probs[p.found]!));
      correct.push(plain[p.found] === truth);
      if (joint.changed[p.found]) {
        if (jointTiles[p.found] === truth) fixed++;
        else if (plain[p.found] === truth) broken++;
        else other++;
      }
    }
  }
  return {
    photos: rows.length,
    trueTiles,
    plainAccuracy: plainOk / trueTiles,
    jointAccuracy: jointOk / trueTiles,
    plainExact: plainExact / rows.length,
    jointExact: jointExact / rows.length,
    fixed,
    broken,
    otherChanges: other,
    rules,
    msMax,
    msMean: rows.length ? msSum / rows.length : NaN,
    calibration: { ...calibrationFigures(scores, correct, doubt), sweep: doubtSweep(scores, correct) },
  };
}

export function printJoint(title: string, f: JointFigures): void {
  console.log(
    `  ${title}: ${f.photos} photos, ${f.trueTiles} true tiles; per-tile plain ${pct(f.plainAccuracy)} -> joint ${pct(f.jointAccuracy)}, ` +
      `exact hands ${pct(f.plainExact)} -> ${pct(f.jointExact)}; changed tiles: ${f.fixed} fixed, ${f.broken} broken, ${f.otherChanges} other; ` +
      `rules met ${JSON.stringify(f.rules)}; joint reading ${f.msMean.toFixed(2)} ms mean, ${f.msMax.toFixed(2)} ms max per row`,
  );
  printCalibration(`${title}, calibration (plain scores)`, f.calibration);
}

const IMAGE_RE = /\.(jpe?g|png|webp)$/i;

/**
 * Single-tile crops in folders named by class (../shared/data/real/camerash-tiles, justinchan114-tiles): each crop
 * classified whole (one view), its calibrated score against its label. `keep` selects files (a split by source photo).
 */
export async function cropCalibration(recognizer: Recognizer, dir: string, keep: (file: string) => boolean = () => true): Promise<(CalibrationFigures & { sweep: string }) | null> {
  let classDirs: string[];
  try {
    classDirs = await readdir(dir);
  } catch {
    return null;
  }
  const C = recognizer.spec.classifier;
  const scores: number[] = [];
  const correct: boolean[] = [];
  for (const cls of classDirs.sort()) {
    if (!C.classes.includes(cls)) continue;
    let files: string[];
    try {
      files = (await readdir(path.join(dir, cls))).filter((f) => IMAGE_RE.test(f) && keep(f)).sort();
    } catch {
      continue;
    }
    for (const f of files) {
      const image = await openImage(new Uint8Array(await readFile(path.join(dir, cls, f))), { name: f });
      const req = cropRequest([0, 0, image.width, image.height], C, image.width, image.height);
      const crops = await image.crop([req]);
      const out = await recognizer.classify(cropsTensor(crops, C), 1);
      const p = classProbabilities(out.logits, out.embeddings, null, C);
      let best = 0;
      for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
      scores.push(p[best]!);
      correct.push(C.classes[best] === cls);
    }
  }
  return { ...calibrationFigures(scores, correct), sweep: doubtSweep(scores, correct) };
}

/** Tiles found on each photo of a folder of photos without mahjong tiles (goal: none). */
export async function tilesOnPhotosWithout(recognizer: Recognizer, dir: string): Promise<{ photos: number; withTiles: number; tiles: number; detail: string[] } | null> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => IMAGE_RE.test(f)).sort();
  } catch {
    return null;
  }
  let withTiles = 0, tiles = 0;
  const detail: string[] = [];
  for (const f of files) {
    try {
      const image = await openImage(new Uint8Array(await readFile(path.join(dir, f))), { name: f });
      const r = await recognizer.recognize(image);
      if (r.tiles.length) {
        withTiles++;
        tiles += r.tiles.length;
        detail.push(`${f}: ${r.tiles.length} (${r.hand})`);
      }
    } catch (e) {
      detail.push(`${f}: ERROR ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { photos: files.length, withTiles, tiles, detail };
}
