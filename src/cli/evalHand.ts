// `npm run eval` figures about the hand as a whole (issue 20): calibration of the tile scores, the plain against the
// joint reading of the row (jointReading.ts), and tiles found on photos without tiles. Measured, never tuned here:
// the thresholds are data in src/vision and were chosen on development renders (see src/vision/README.md).

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { alignRows, scoreRow } from '../vision/align.ts';
import { calibrationFigures, classProbabilities, DOUBT_PROBABILITY, type CalibrationFigures } from '../vision/calibration.ts';
import { cropRequest, cropsTensor } from '../vision/classify.ts';
import { readRowJointly, type JointReadingOptions } from '../vision/jointReading.ts';
import { fixTilesOf, MENDS_SHOWN, oneTileFixes, winningKindsAt, type FixTile, type HandFix } from '../vision/oneTileFixes.ts';
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
  fixes: FixFigures;
}

/**
 * The one-tile mends the review offers (oneTileFixes.ts) on the rows as the joint reading leaves them: how many rows
 * are not a winning hand, how many of those are one tile from the true hand, and how often the right mend is listed
 * first, among the first three (what the review shows), or at all; and rows whose first mend is wrong.
 */
export interface FixFigures {
  /** Rows whose true tiles are a winning hand (the rest, tenpai hands of 13 and hands with a kan, are left out). */
  rows: number;
  /** As read: a winning hand (right or not), not 13-15 tiles or with a back, or 13-15 tiles that are not one. */
  complete: number;
  completeWrong: number;
  notApplicable: number;
  incomplete: number;
  /** Incomplete rows one change / addition / removal from the true tiles (as multisets: the order is not scored). */
  oneOff: number;
  rightFirst: number;
  rightInThree: number;
  rightListed: number;
  /** Incomplete rows with a mend listed first that does not give the true tiles. */
  wrongFirst: number;
  /** Incomplete rows with no mend listed. */
  noneListed: number;
  /**
   * A player mending a misread row of the true length (its order as the truth's but for the misread tiles): every
   * misread tile but one fixed by hand (each in turn left last), is the last one's mend among the first three
   * offered? Counted over those (row, last tile) trials.
   */
  lastTrials: number;
  lastInThree: number;
  /** Corrections the mends would save: for each such row, the share of its trials mended, summed. */
  savedCorrections: number;
  /** Misread tiles in those rows. */
  misreads: number;
  /**
   * The tile menu on each of those misread tiles: its true code among the three guesses it shows (the reading first),
   * among those and the kinds that make the row a winning hand there (winningKindsAt) with the row's other misreads
   * as read (the player's first tap) and with them fixed (the last), and the kinds it adds beyond the guesses.
   */
  menuTop3: number;
  menuWinsFirst: number;
  menuWinsLast: number;
  menuExtraKinds: number;
}

const sortedCodes = (codes: readonly string[]) => [...codes].sort().join(',');

/** The row with one mend applied (an added tile goes last: the figures compare multisets). */
export function applyFix(codes: readonly string[], fix: HandFix): string[] {
  if (fix.kind === 'add') return [...codes, fix.to];
  if (fix.kind === 'remove') return codes.filter((_, i) => i !== fix.index);
  if (fix.kind === 'kan') return [...codes]; // the same tiles, counted as a kan
  return codes.map((c, i) => (i === fix.index ? fix.to : c));
}

/** How two rows differ as multisets: found tiles not among the true ones, true tiles not among those found. */
function difference(found: readonly string[], truth: readonly string[]): { extra: number; missing: number } {
  const left = new Map<string, number>();
  for (const c of truth) left.set(c, (left.get(c) ?? 0) + 1);
  let extra = 0;
  for (const c of found) {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    else extra++;
  }
  return { extra, missing: [...left.values()].reduce((a, b) => a + b, 0) };
}

/** Whether two rows differ by exactly one tile changed, added or removed (as multisets). */
function oneTileApart(found: readonly string[], truth: readonly string[]): boolean {
  const { extra, missing } = difference(found, truth);
  return (missing === 1 && extra <= 1) || (missing === 0 && extra === 1);
}

/**
 * The rows as the review gets them (oneTileFixes.ts fixTilesOf): each tile's reading with its three next guesses,
 * as the pipeline's alternatives, from its probabilities; a group of four of a kind a kan.
 */
export function fixTiles(codes: readonly string[], probs: readonly ArrayLike<number>[], classes: readonly string[], groups: readonly number[]): FixTile[] {
  return fixTilesOf(
    codes.map((tile, i) => {
      const p = probs[i] ?? [];
      const score = (c: string) => p[classes.indexOf(c)] ?? 0;
      const alternatives = [...classes].filter((c) => c !== tile).sort((a, b) => score(b) - score(a)).slice(0, 3).map((c) => ({ tile: c, score: score(c) }));
      return { tile, score: score(tile), alternatives, group: groups[i] ?? 0 };
    }),
  );
}

export function fixFigures(rows: readonly { codes: string[]; tiles: FixTile[]; truth: readonly string[] }[]): FixFigures {
  const f: FixFigures = { rows: 0, complete: 0, completeWrong: 0, notApplicable: 0, incomplete: 0, oneOff: 0, rightFirst: 0, rightInThree: 0, rightListed: 0, wrongFirst: 0, noneListed: 0, lastTrials: 0, lastInThree: 0, savedCorrections: 0, misreads: 0, menuTop3: 0, menuWinsFirst: 0, menuWinsLast: 0, menuExtraKinds: 0 };
  const sure = (codes: readonly string[]): FixTile[] => codes.map((tile) => ({ tile, score: 1, guesses: [] }));
  for (const r of rows) {
    if (oneTileFixes(sure(r.truth)).status !== 'complete') continue;
    f.rows++;
    const truth = sortedCodes(r.truth);
    const fixes = oneTileFixes(r.tiles);
    if (fixes.status === 'complete') {
      f.complete++;
      if (sortedCodes(r.codes) !== truth) f.completeWrong++;
    } else if (fixes.status === 'not-applicable') f.notApplicable++;
    else {
      f.incomplete++;
      const right = fixes.fixes.map((x) => sortedCodes(applyFix(r.codes, x)) === truth);
      if (!fixes.fixes.length) f.noneListed++;
      else if (!right[0]) f.wrongFirst++;
      if (oneTileApart(r.codes, r.truth)) {
        f.oneOff++;
        if (right[0]) f.rightFirst++;
        if (right.slice(0, MENDS_SHOWN).some(Boolean)) f.rightInThree++;
        if (right.some(Boolean)) f.rightListed++;
      }
    }
    lastMisread(r, truth, f);
  }
  return f;
}

/** fixFigures' player: the row's misread tiles (same length, substitutions only) fixed by hand but one, in turn. */
function lastMisread(r: { codes: string[]; tiles: FixTile[]; truth: readonly string[] }, truth: string, f: FixFigures): void {
  if (r.codes.length !== r.truth.length) return;
  const pairs = alignRows(r.codes, r.truth);
  if (pairs.some((p) => p.found === null || p.truth === null)) return;
  const wrong = pairs.filter((p) => r.codes[p.found!] !== r.truth[p.truth!]).map((p) => ({ index: p.found!, tile: r.truth[p.truth!]! }));
  // Only rows whose misreads are the tiles out of place by kind too: a row read right in another order (or with its
  // order disturbed besides) has no clear set of misread tiles to fix.
  if (!wrong.length || wrong.length !== difference(r.codes, r.truth).extra) return;
  f.misreads += wrong.length;
  let mended = 0;
  for (const last of wrong) {
    const tiles = r.tiles.map((t, i) => {
      const fixed = wrong.find((w) => w.index === i && w !== last);
      return fixed ? { tile: fixed.tile, score: 1, guesses: [], locked: true } : t;
    });
    const shown = r.tiles[last.index]!.guesses.slice(0, 3).map((g) => g.tile);
    const first = winningKindsAt(r.tiles, last.index);
    if (shown.includes(last.tile)) f.menuTop3++;
    if (shown.includes(last.tile) || first.includes(last.tile)) f.menuWinsFirst++;
    if (shown.includes(last.tile) || winningKindsAt(tiles, last.index).includes(last.tile)) f.menuWinsLast++;
    f.menuExtraKinds += first.filter((c) => !shown.includes(c)).length;
    const codes = tiles.map((t) => t.tile);
    const fixes = oneTileFixes(tiles);
    f.lastTrials++;
    if (fixes.status === 'incomplete' && fixes.fixes.slice(0, MENDS_SHOWN).some((x) => sortedCodes(applyFix(codes, x)) === truth)) {
      f.lastInThree++;
      mended++;
    }
  }
  f.savedCorrections += mended / wrong.length;
}

/** Plain vs joint reading, and calibration of the plain scores on the tiles lined up with a true tile. */
export function jointFigures(rows: readonly RowRecord[], classes: readonly string[], options: Partial<JointReadingOptions> = {}, doubt = DOUBT_PROBABILITY): JointFigures {
  let trueTiles = 0, plainOk = 0, jointOk = 0, plainExact = 0, jointExact = 0, fixed = 0, broken = 0, other = 0, msMax = 0, msSum = 0;
  const rules: Record<string, number> = {};
  const scores: number[] = [];
  const correct: boolean[] = [];
  const fixRows: { codes: string[]; tiles: FixTile[]; truth: readonly string[] }[] = [];
  for (const r of rows) {
    const plain = r.result.tiles.map((t) => t.tile);
    const t0 = performance.now();
    const joint = readRowJointly(r.probs, classes, { groups: r.groups }, options);
    const ms = performance.now() - t0;
    msMax = Math.max(msMax, ms);
    msSum += ms;
    rules[joint.rule] = (rules[joint.rule] ?? 0) + 1;
    const jointTiles = joint.choice.map((c) => classes[c]!);
    fixRows.push({ codes: jointTiles, tiles: fixTiles(jointTiles, r.probs, classes, r.groups), truth: r.sample.truth });
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
    fixes: fixFigures(fixRows),
  };
}

export function printJoint(title: string, f: JointFigures): void {
  console.log(
    `  ${title}: ${f.photos} photos, ${f.trueTiles} true tiles; per-tile plain ${pct(f.plainAccuracy)} -> joint ${pct(f.jointAccuracy)}, ` +
      `exact hands ${pct(f.plainExact)} -> ${pct(f.jointExact)}; changed tiles: ${f.fixed} fixed, ${f.broken} broken, ${f.otherChanges} other; ` +
      `rules met ${JSON.stringify(f.rules)}; joint reading ${f.msMean.toFixed(2)} ms mean, ${f.msMax.toFixed(2)} ms max per row`,
  );
  printCalibration(`${title}, calibration (plain scores)`, f.calibration);
  const x = f.fixes;
  console.log(
    `  ${title}, one-tile mends the review offers (${x.rows} rows whose true tiles are a winning hand, after the joint reading): ` +
      `${x.complete} a winning hand as read (${x.completeWrong} of them wrong), ${x.notApplicable} not 13-15 tiles, ${x.incomplete} not a winning hand; ` +
      `of the ${x.oneOff} of those one tile from the truth, the right mend first ${x.rightFirst}, in the first 3 ${x.rightInThree}, listed ${x.rightListed}; ` +
      `rows not a winning hand with a wrong first mend ${x.wrongFirst}, with none listed ${x.noneListed}; ` +
      `the last misread of a row left to mend among the first 3: ${x.lastInThree} of ${x.lastTrials} (corrections saved ${x.savedCorrections.toFixed(1)} of ${x.misreads})`,
  );
  console.log(
    `  ${title}, the tile menu on those ${x.misreads} misread tiles: right tile among its 3 guesses ${x.menuTop3}; ` +
      `with the kinds that make a winning hand there, tapped first ${x.menuWinsFirst}, tapped last ${x.menuWinsLast} ` +
      `(${x.misreads ? (x.menuExtraKinds / x.misreads).toFixed(1) : '0'} kinds beyond the guesses a tile, first tap)`,
  );
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
