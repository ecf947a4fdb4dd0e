// Learning the player's own tile set. The classifier is a cosine classifier: its logits are
// scale × cosine(embedding, class weight), with an L2-normalised embedding per crop. A profile keeps,
// per class, the sum and count of the embeddings of tiles the player confirmed or corrected; the
// class prototype is their normalised mean.
//
// Default mode 'nearest': a kind the profile knows gains NEAREST_GAIN · max(0, cos(e, prototype) − NEAREST_THRESHOLD)
// logits, or, where it is larger, the gentle line NEAREST_GENTLE (16 · (cos − 0.85), session 23), so a tile almost
// identical to the player's confirmed tiles of a kind is read as that kind (a set whose 8m the head reads as 6m,
// taught 8m), a tile a little less alike gets a smaller push, and a tile less like them than that is left to the
// head. Nothing is lowered.
//
// How it was chosen (src/cli/evalLearning.ts, `npm run eval -- --only learning`: classifier crops of true boxes,
// teach from one photo, read the others of the set): on the development halves of the four held-out art styles
// (photos 000-014, 5 teachers each, 3,782 tile readings) every rule that raised taught kinds more also broke tiles
// of kinds the teaching photo did not show: the earlier default 'set' (centred cosine > 0.7, gain 16, top-3) fixed 8
// and broke 12, 'rerank' fixed 1 and broke 4, 'centred' fixed 23 and broke 161, 'nearest' at threshold 0.85 fixed 7
// and broke 21, at 0.9 with gain 100 fixed 3 and broke 8; 'nearest' at 0.9 with gain 50 or 64 fixed 2 and broke
// none (0.93: 1 and 0). Within one rendered style, tiles of two look-alike kinds (a red five and the plain five, 1s
// and 2s, South and West) are as close in the embedding (cosine 0.85-0.95) as two photos of one kind, so a lower
// line pulls the untaught look-alike over. Real photos were not used to choose; on the real camerash set (one set,
// four photos) same-kind cosines across photos are ≥ 0.95 and different kinds ≤ 0.61.
//
// A five and its red five share their gain (`fivePairs: 'shared'`, session 23): the embedding hardly keeps colour, so
// a red five and the set's plain five are as close in it as two photos of one kind, and a profile that knew one of
// them raised the other too. Measured with the round-10 classifier (`npm run eval -- --only learning`, fixed /
// broken): with separate gains nearly every broken tile was a plain five read as the taught red five or back (the 4
// held-out development halves 2 / 9, the 8 one-set development series 13 / 4; reported only: second halves 15 / 5,
// one-set series 8 / 4); with shared gains 1 / 0 and 5 / 0 (reported: 1 / 0 and 0 / 0). What is lost is red fives
// read right because the teaching photo held that red five; what is kept is every other fix (6m -> 7m, 1m -> 4m, 2s ->
// 1s, ...), and no tile of a kind the player did not show got worse on any set measured. Chosen on the development
// groups (net +6 against +2 with separate gains); red or plain is the head's, as without a profile.
// With the fives shared, the sweep of one line (`--learn-sweep`) moved: on the development groups 0.9 / 64 fixed 6
// and broke 0, 0.85 / 16 fixed 9 and broke 0, 0.85 / 64 and 0.8 / 16 fixed 14 and broke 2 each (tiles of untaught
// kinds). The two lines together (the larger gain) fix 9 and break 0 there, as 0.85 / 16 alone, and keep the steep
// push for near-identical tiles, which real sets give (same-kind cosines >= 0.95 on the camerash set) more than the
// renders do; reported only: 2 fixed, 0 broken (0.85 / 16 alone: 1 / 0).
//
// The pair rule (`pair`, session 26, the default, after the lines): when the tile's two first readings are both kinds
// the profile holds (a five and its red five as one kind), each is weighed by how like its prototype the tile is,
// log p + 10 · cos, and the pair keeps its share of the probability (readWithPair). Within one set the embedding puts a
// taught kind's next tiles nearer its own prototype than a taught look-alike's even where neither line reaches them
// (6m / 5m / 7m / 9m, 2m / 3m, 1m / 4m, 6s / 9s, 4s / 6s in the changes listed), and the head's own doubt between the
// two decides the rest. It cannot touch a tile whose first or second reading the player did not show. What it gives
// grows with what the profile holds, so `npm run eval -- --only learning` also teaches each set from every other photo
// of it (a player who has confirmed several photos). On true boxes, fixed / broken without -> with it: the development
// groups (4 held-out halves, 8 one-set series) taught from one photo 9 / 0 -> 18 / 3, from every other photo 19 / 0 ->
// 38 / 3 (on the one-set series taught so, taught kinds 93.1% plain, 94.6% by the lines, 95.4% with the pair rule); reported only (the second halves and 10 one-set
// series: set 2 of each held-out style and the two glyph fonts' 6 sets) from one photo 9 / 3 -> 22 / 4, from every
// other photo 7 / 0 -> 30 / 1. Kinds the player did not show: unchanged on the development groups; on the reported
// one-set series 93.0% -> 92.9% (a red 5m, its plain five taught, moved to 6m).
//
// The contrast rule (`contrast`, session 24, measured and off by default): a tile read as a kind the player taught,
// whose cosine to another taught kind's prototype is at least 0.75 and 0.1 above its cosine to the read kind's, is
// read as that other kind (a five and its red five never). It can only move readings of taught kinds, so a right
// reading of a kind the player did not show is never touched. Chosen on the development groups with `--learn-sweep`
// (the most fixes with none broken): on true boxes (`npm run eval -- --only learning --learn-contrast 0.75,0.1`)
// development halves 2 / 0 -> 3 / 0, one-set development series 7 / 0 -> 12 / 0 (taught kinds 92.4% -> 93.0%);
// reported only: second halves 2 / 0 -> 11 / 1, one-set series 0 / 0 -> 1 / 0. End to end, teaching from the
// recognised photo as `riichi-lens learn` does, it changed nothing on the 60 winning hands of held-out art and, on
// the 120 one-set photos, one tile fixed (gn_postmodern_set0) and two broken (gn_postmodern_set2: a red dragon pair,
// read right, moved to the taught 5-sou). On the localiser's boxes, and with a profile taught from the recognised
// row, the prototypes and embeddings are noisier than on true boxes: not the default.
//
// Other modes are kept for measuring (`npm run eval -- --only learning --learn-mode MODE`):
// 'set': among the head's best `candidates` classes, known classes gain gain · λc · max(0, centred cosine −
// threshold), the centred cosine being taken after removing the mean of every example the profile holds;
// 'rerank': among the head's best 3 classes that have a prototype, add scale · λc · (cos − their mean cos), only when
// the head's first choice has a prototype; 'centred' (every known class, minus the mean over all prototypes) and
// 'mix' (scale · ((1 − λc) · logit(c)/scale + λc · cos)), λc = min(maxWeight, nc / (nc + prior)).
//
// Mode 'exemplars' (exemplars.ts) uses the taught tiles one by one with what they were read as, and changes a reading
// only along a confusion the player corrected or to a kind the player confirmed; on the same development halves it
// fixed 2 and broke 11 (red-five confusions pull the set's plain fives over), so it is not the default. Since session
// 23 it never moves a tile between a five and its red five either: development halves 1 / 0, one-set development
// series 4 / 0, fewer fixes than 'nearest' (2 / 0, 7 / 0), which stays the default.
//
// The profile is plain JSON (a file in Node, IndexedDB/localStorage in the browser) and is tied to
// the classifier it was made with (modelId + embedding size).

import type { ExemplarOptions } from './exemplars.ts';
import { isFivePair, isRedFive, isTileCode, tileKind } from './tiles.ts';

/**
 * Mode 'nearest' (the default): logits added per unit of cosine to a learnt prototype above NEAREST_THRESHOLD (the
 * steep line, for tiles almost identical to the player's; the gentle line below reaches tiles a little less alike).
 */
export const NEAREST_GAIN = 64;
/** Mode 'nearest': the cosine to a learnt prototype above which it raises its kind (see the top of this file). */
export const NEAREST_THRESHOLD = 0.9;
/** Mode 'nearest': the gentle line, gain · (cos − threshold); a kind gains the larger of the two lines (session 23). */
export const NEAREST_GENTLE: NearestLine = { threshold: 0.85, gain: 16 };

export interface NearestLine {
  threshold: number;
  gain: number;
}

/**
 * Mode 'nearest', after the lines: a tile read as a kind the player taught whose cosine to another taught kind's
 * prototype is at least `threshold` and exceeds its cosine to the read kind's prototype by `margin` is read as that
 * other kind (its logit becomes the read kind's plus the classifier's scale times the difference; session 24). A five
 * and its red five are never moved between (their prototypes are alike: see the top of this file).
 */
export interface ContrastRule {
  threshold: number;
  margin: number;
}

/**
 * Mode 'nearest': the contrast rule's best setting on the development groups (session 24; see the top of this file).
 * Measured, not the default: it fixed tiles on true boxes but not end to end.
 */
export const MEASURED_CONTRAST: ContrastRule = { threshold: 0.75, margin: 0.1 };

/**
 * Mode 'nearest', last: when the tile's two first readings are both kinds the profile holds (a five and its red five
 * count as one kind, and a tile torn between those two is left to the head), each is weighed by how like its
 * prototype the tile is: log p + gain · cos(embedding, prototype), the pair keeping its share of the probability
 * (readWithPair). It can only choose between two kinds the player showed, so a tile whose first or second reading is
 * a kind the player did not show is never touched (session 26).
 */
export interface PairRule {
  gain: number;
}

/**
 * Mode 'nearest''s pair rule as used (session 26): gain 10 of 10 / 20 / 40, chosen on the development groups (the 4
 * held-out development halves and the 8 one-set development series; `npm run eval -- --only learning --learn-pair G`):
 * taught from one photo, fixed / broken 9 / 0 without it, 18 / 3 at 10, 20 / 4 at 20, 20 / 6 at 40; taught from every
 * other photo of the set, 19 / 0, 38 / 3, 38 / 4, 40 / 4. Kinds the player did not show: unchanged there at every gain.
 */
export const PAIR_RULE: PairRule = { gain: 10 };

/**
 * Mode 'set' (see blendWithSet), chosen earlier on the hand development renders (make_hand_dev_set.py: 12 sets, and 4
 * sets of held-out fonts; teach from one photo, test on the other five) with the round-3 classifier; on the round-5
 * classifier's held-out styles it broke more tiles than it fixed (above).
 */
export const SET_GAIN = 16;
export const SET_THRESHOLD = 0.7;

export interface ClassPrototype {
  /** Sum of the (unit) embeddings seen for this class. */
  sum: number[];
  count: number;
}

/** One taught tile as it was: its true kind, what the recogniser read it as, and its (unit) embedding. */
export interface TaughtExemplar {
  tile: string;
  read: string;
  embedding: number[];
}

export interface TileProfile {
  format: 'riichi-lens-profile';
  version: 1;
  /** Identifies the classifier whose embeddings these are; profiles of another model are ignored. */
  modelId: string;
  embeddingSize: number;
  classes: Record<string, ClassPrototype>;
  /**
   * The taught tiles one by one, with what they were read as (mode 'exemplars', exemplars.ts): the confusions the
   * player corrected and the kinds confirmed. Absent in profiles learnt before it existed (they change nothing in
   * that mode). At most MAX_EXEMPLARS_PER_PAIR per (true kind, read kind) and MAX_EXEMPLARS in all, newest kept.
   */
  exemplars?: TaughtExemplar[];
}

export interface PrototypeOptions {
  /** Pseudo-count of the trained head: with n examples a prototype gets weight n / (n + prior). */
  prior: number;
  /** Largest weight a prototype can get (0..1). */
  maxWeight: number;
  /**
   * 'mix': replace part of the head's cosine by the prototype's; 'centred': add the prototype cosine minus
   * the mean over known prototypes; 'rerank': among the head's best `candidates` classes that have a
   * prototype, add the prototype cosine minus their mean, and only when the head's first choice has one.
   */
  mode: 'exemplars' | 'nearest' | 'set' | 'mix' | 'centred' | 'rerank';
  /** Only the head's best `candidates` classes are re-weighted (0 = every class the profile knows). */
  candidates: number;
  /** Softmax temperature of the mixed logits (the classifier's calibration, model.json classifier.temperature). */
  temperature: number;
  /** Modes 'nearest' / 'set': logits added per unit of (centred, for 'set') cosine above `threshold`. */
  gain: number;
  /** Modes 'nearest' / 'set': cosine (centred, for 'set') above which a prototype raises its class. */
  threshold: number;
  /** Mode 'exemplars': its thresholds (exemplars.ts DEFAULT_EXEMPLAR_OPTIONS when absent). */
  exemplar?: Partial<ExemplarOptions>;
  /**
   * Mode 'nearest': 'shared' (the default) gives a five and its red five one gain, the larger of the two kinds', so
   * the profile may raise the pair but the head alone tells red from plain; 'separate' raises each by its own
   * prototype (as before session 23). See the top of this file.
   */
  fivePairs: 'shared' | 'separate';
  /** Mode 'nearest': a second, gentler line (the gain is the larger of the two); null = `gain` and `threshold` alone. */
  gentle: NearestLine | null;
  /** Mode 'nearest': between two taught kinds, the nearer prototype decides (ContrastRule); null (the default) = off. */
  contrast: ContrastRule | null;
  /** Mode 'nearest': the tile's two first readings, both taught, weighed by their prototypes (PairRule); null = off. */
  pair: PairRule | null;
}

export const DEFAULT_PROTOTYPE_OPTIONS: PrototypeOptions = { prior: 1, maxWeight: 0.8, mode: 'nearest', candidates: 3, temperature: 1, gain: NEAREST_GAIN, threshold: NEAREST_THRESHOLD, fivePairs: 'shared', gentle: NEAREST_GENTLE, contrast: null, pair: PAIR_RULE };

/** Mode 'nearest''s contrast rule as `options` set it (null: off), else the default's. */
export function contrastOf(options?: Partial<PrototypeOptions>): ContrastRule | null {
  return options?.contrast === undefined ? DEFAULT_PROTOTYPE_OPTIONS.contrast : options.contrast;
}

/** Mode 'nearest''s pair rule as `options` set it (null: off), else the default's. */
export function pairOf(options?: Partial<PrototypeOptions>): PairRule | null {
  return options?.pair === undefined ? DEFAULT_PROTOTYPE_OPTIONS.pair : options.pair;
}

/** Each red five among `classes` with its plain five (tiles.ts tileKind), as class indices [plain, red]. */
function fivePairsOf(classes: readonly string[]): [number, number][] {
  return classes.flatMap((code, red): [number, number][] => {
    const plain = isRedFive(code) ? classes.indexOf(tileKind(code)!) : -1;
    return plain >= 0 ? [[plain, red]] : [];
  });
}

/** The defaults of one mode: 'set' has its own gain and threshold. */
function optionsFor(options: Partial<PrototypeOptions>): PrototypeOptions {
  const mode = options.mode ?? DEFAULT_PROTOTYPE_OPTIONS.mode;
  const own = mode === 'set' ? { gain: SET_GAIN, threshold: SET_THRESHOLD } : {};
  return { ...DEFAULT_PROTOTYPE_OPTIONS, ...own, ...options };
}

/** Examples a class keeps at full weight: past this its sum is scaled down (a running mean), so a profile stays bounded. */
export const MAX_EXAMPLES_PER_CLASS = 32;
/** Taught exemplars kept per (true kind, read kind) pair: the newest. */
export const MAX_EXEMPLARS_PER_PAIR = 8;
/** Taught exemplars kept in all (128 values each: under 300 KB of JSON); the oldest confirmed ones go first. */
export const MAX_EXEMPLARS = 256;

export function emptyProfile(modelId: string, embeddingSize: number): TileProfile {
  return { format: 'riichi-lens-profile', version: 1, modelId, embeddingSize, classes: {} };
}

/** Validates parsed JSON as a profile; returns null (not an exception) for anything else. */
export function parseProfile(json: unknown): TileProfile | null {
  if (typeof json !== 'object' || json === null) return null;
  const p = json as Partial<TileProfile>;
  if (p.format !== 'riichi-lens-profile' || p.version !== 1 || typeof p.modelId !== 'string') return null;
  if (typeof p.embeddingSize !== 'number' || !(p.embeddingSize > 0)) return null;
  if (typeof p.classes !== 'object' || p.classes === null) return null;
  // a key is a tile code (a hand-edited "__proto__" or "constructor" is no tile, and the file is not a profile)
  for (const [tile, proto] of Object.entries(p.classes)) {
    if (!isTileCode(tile)) return null;
    if (!proto || !Array.isArray(proto.sum) || proto.sum.length !== p.embeddingSize || !(proto.count > 0)) return null;
    if (!proto.sum.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  }
  if (p.exemplars !== undefined) {
    if (!Array.isArray(p.exemplars) || p.exemplars.length > MAX_EXEMPLARS) return null;
    for (const x of p.exemplars as unknown[]) {
      const e = x as Partial<TaughtExemplar> | null;
      if (!e || typeof e.tile !== 'string' || typeof e.read !== 'string' || !isTileCode(e.tile) || !(isTileCode(e.read) || e.read === 'back') || !Array.isArray(e.embedding) || e.embedding.length !== p.embeddingSize) return null;
      if (!e.embedding.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
    }
  }
  return p as TileProfile;
}

/** Whether a profile was made with the classifier identified by modelId / embeddingSize. */
export function profileMatches(profile: TileProfile, modelId: string, embeddingSize: number): boolean {
  return profile.modelId === modelId && profile.embeddingSize === embeddingSize;
}

function normalise(v: ArrayLike<number>): number[] {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n) || 1;
  return Array.from(v, (x) => x / n);
}

/**
 * Returns a new profile with one taught tile added: `tile` is its true kind, `read` what the recogniser read it as
 * (given, the tile is also kept as a taught exemplar for mode 'exemplars').
 */
export function addExample(profile: TileProfile, tile: string, embedding: ArrayLike<number>, read?: string): TileProfile {
  if (embedding.length !== profile.embeddingSize) {
    throw new Error(`addExample: embedding has ${embedding.length} values, the profile expects ${profile.embeddingSize}`);
  }
  const unit = normalise(embedding);
  const prev = profile.classes[tile];
  // Past MAX_EXAMPLES_PER_CLASS the older examples are scaled down: the mean follows the newest, the count stays.
  const keep = prev && prev.count >= MAX_EXAMPLES_PER_CLASS ? (MAX_EXAMPLES_PER_CLASS - 1) / prev.count : 1;
  const sum = prev ? prev.sum.map((s, i) => s * keep + unit[i]!) : unit;
  const count = Math.min(MAX_EXAMPLES_PER_CLASS, (prev?.count ?? 0) + 1);
  const next: TileProfile = { ...profile, classes: { ...profile.classes, [tile]: { sum, count } } };
  if (read === undefined) return next;
  // Five decimals of a unit vector are plenty for a cosine, and keep a full profile under 300 KB of JSON.
  const short = unit.map((v) => Math.round(v * 1e5) / 1e5);
  return { ...next, exemplars: boundedExemplars([...(profile.exemplars ?? []), { tile, read, embedding: short }]) };
}

/** The newest MAX_EXEMPLARS_PER_PAIR of each (tile, read) pair, then at most MAX_EXEMPLARS: the oldest confirmed ones go first. */
function boundedExemplars(all: readonly TaughtExemplar[]): TaughtExemplar[] {
  const perPair = new Map<string, number>();
  const kept: TaughtExemplar[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const x = all[i]!;
    const key = `${x.tile}<${x.read}`;
    const n = perPair.get(key) ?? 0;
    if (n >= MAX_EXEMPLARS_PER_PAIR) continue;
    perPair.set(key, n + 1);
    kept.push(x);
  }
  kept.reverse();
  let extra = kept.length - MAX_EXEMPLARS;
  const out = extra > 0 ? kept.filter((x) => !(x.tile === x.read && extra-- > 0)) : kept;
  return out.slice(Math.max(0, out.length - MAX_EXEMPLARS));
}

/** Merges two profiles of the same model (e.g. two learning sessions). */
export function mergeProfiles(a: TileProfile, b: TileProfile): TileProfile {
  if (!profileMatches(a, b.modelId, b.embeddingSize)) throw new Error('mergeProfiles: profiles of different models');
  const classes: Record<string, ClassPrototype> = { ...a.classes };
  for (const [tile, p] of Object.entries(b.classes)) {
    const prev = classes[tile];
    classes[tile] = prev ? { sum: prev.sum.map((s, i) => s + p.sum[i]!), count: prev.count + p.count } : p;
  }
  const exemplars = a.exemplars || b.exemplars ? { exemplars: boundedExemplars([...(a.exemplars ?? []), ...(b.exemplars ?? [])]) } : {};
  return { ...a, classes, ...exemplars };
}

/** Cosine similarity of the embedding to each class's prototype, NaN for classes without one. */
export function prototypeSimilarities(profile: TileProfile, embedding: ArrayLike<number>, classes: readonly string[]): Float64Array {
  const e = normalise(embedding);
  const out = new Float64Array(classes.length).fill(NaN);
  classes.forEach((tile, c) => {
    const proto = profile.classes[tile];
    if (!proto) return;
    const p = normalise(proto.sum);
    let dot = 0;
    for (let i = 0; i < e.length; i++) dot += e[i]! * p[i]!;
    out[c] = dot;
  });
  return out;
}

/**
 * Class probabilities from the head's logits mixed with the profile's prototypes (see the top of
 * this file). Returns the probabilities and the largest prototype weight used (0 when none applied).
 */
export function blendWithPrototypes(
  logits: ArrayLike<number>,
  embedding: ArrayLike<number>,
  profile: TileProfile,
  classes: readonly string[],
  scale: number,
  options: Partial<PrototypeOptions> = {},
): { probs: Float64Array; weight: number } {
  const o = optionsFor(options);
  // Mode 'exemplars' changes the reading of the whole tile (its views averaged), not a view's logits: exemplars.ts.
  if (o.mode === 'exemplars') return { probs: softmaxOf(Float64Array.from(logits), o.temperature), weight: 0 };
  if (o.mode === 'set') return blendWithSet(logits, embedding, profile, classes, o);
  if (o.mode === 'nearest') return blendWithNearest(logits, embedding, profile, classes, o);
  const sims = prototypeSimilarities(profile, embedding, classes);
  const mixed = Float64Array.from(logits);
  let weight = 0;
  let mean = 0;
  let known = 0;
  for (const s of sims) if (!Number.isNaN(s)) { mean += s; known++; }
  mean = known ? mean / known : 0;
  const allowed = new Set<number>();
  const ranked = Array.from({ length: classes.length }, (_, c) => c).sort((a, b) => logits[b]! - logits[a]!);
  if (o.candidates > 0) ranked.slice(0, o.candidates).forEach((c) => allowed.add(c));
  if (o.mode === 'rerank') {
    const k = o.candidates > 0 ? o.candidates : 3;
    const known = ranked.slice(0, k).filter((c) => !Number.isNaN(sims[c]!));
    allowed.clear();
    if (known.length >= 2 && known[0] === ranked[0]) {
      known.forEach((c) => allowed.add(c));
      mean = known.reduce((sum, c) => sum + sims[c]!, 0) / known.length;
    }
    if (allowed.size === 0) return { probs: softmaxOf(mixed, o.temperature), weight: 0 };
  }
  classes.forEach((tile, c) => {
    const s = sims[c]!;
    if (Number.isNaN(s) || ((o.candidates > 0 || o.mode === 'rerank') && !allowed.has(c))) return;
    const n = profile.classes[tile]!.count;
    const lambda = Math.min(o.maxWeight, n / (n + o.prior));
    if (o.mode === 'mix') mixed[c] = scale * ((1 - lambda) * (logits[c]! / scale) + lambda * s);
    else mixed[c] = logits[c]! + scale * lambda * (s - mean);
    weight = Math.max(weight, lambda);
  });
  return { probs: softmaxOf(mixed, o.temperature), weight };
}

/** Number of tiles the profile has learnt (the sum of its class counts): "your set: 23 tiles learned". */
export function learntTiles(profile: TileProfile | null): number {
  return profile ? Object.values(profile.classes).reduce((n, p) => n + p.count, 0) : 0;
}

/**
 * How many kinds of tile (red fives included, backs not) the profile has learnt. Set learning helps more as this grows:
 * the pair rule weighs in only between two kinds the player taught.
 */
export function learntKinds(profile: TileProfile | null): number {
  return profile ? Object.keys(profile.classes).filter(isTileCode).length : 0;
}

/**
 * Cosine of the embedding to each class's prototype after removing the set's mean (the mean of every example the
 * profile holds), NaN for classes without one. All tiles of one set look alike to the classifier (raw cosines
 * 0.6-0.95): what they share is the set's style; what is left after removing it tells the kinds apart.
 */
export function centredSimilarities(profile: TileProfile, embedding: ArrayLike<number>, classes: readonly string[]): Float64Array {
  const D = profile.embeddingSize;
  const mean = new Float64Array(D);
  let n = 0;
  for (const p of Object.values(profile.classes)) {
    for (let i = 0; i < D; i++) mean[i]! += p.sum[i]!;
    n += p.count;
  }
  for (let i = 0; i < D; i++) mean[i]! /= n || 1;
  const e = normalise(Array.from(normalise(embedding), (v, i) => v - mean[i]!));
  const out = new Float64Array(classes.length).fill(NaN);
  classes.forEach((tile, c) => {
    const proto = profile.classes[tile];
    if (!proto) return;
    const q = normalise(proto.sum.map((v, i) => v / proto.count - mean[i]!));
    let dot = 0;
    for (let i = 0; i < D; i++) dot += e[i]! * q[i]!;
    out[c] = dot;
  });
  return out;
}

/**
 * Mode 'set': among the head's best `candidates` classes, each class the profile knows gains
 * gain · λc · max(0, centred cosine − threshold) logits: a tile very like the player's confirmed tiles of a kind is
 * read as that kind when the head at least considers it (a set whose 8m the head reads as 6m, taught 8m). Classes the
 * head does not consider are never pulled in, and nothing is lowered (lowering a known kind a tile is unlike also
 * lowered right tiles photographed differently from the teaching photo).
 */
function blendWithSet(logits: ArrayLike<number>, embedding: ArrayLike<number>, profile: TileProfile, classes: readonly string[], o: PrototypeOptions): { probs: Float64Array; weight: number } {
  const sims = centredSimilarities(profile, embedding, classes);
  const mixed = Float64Array.from(logits);
  const ranked = Array.from({ length: classes.length }, (_, c) => c).sort((a, b) => logits[b]! - logits[a]!);
  let weight = 0;
  // Centring needs at least two kinds (with one, every centred cosine is about the same).
  if (Object.keys(profile.classes).length >= 2) {
    for (const c of ranked.slice(0, o.candidates > 0 ? o.candidates : classes.length)) {
      const s = sims[c]!;
      if (Number.isNaN(s)) continue;
      const n = profile.classes[classes[c]!]!.count;
      const lambda = Math.min(o.maxWeight, n / (n + o.prior));
      mixed[c]! += o.gain * lambda * Math.max(0, s - o.threshold);
      weight = Math.max(weight, lambda);
    }
  }
  return { probs: softmaxOf(mixed, o.temperature), weight };
}

/**
 * Mode 'nearest': each kind the profile knows gains gain · max(0, cos(e, prototype(c)) − threshold) logits, the raw
 * cosine to the mean of the kind's confirmed tiles; nothing is lowered and the head's ranking is not asked. The count
 * of examples does not scale it: one confirmed tile is as good a prototype of its kind in that set as many.
 */
function blendWithNearest(logits: ArrayLike<number>, embedding: ArrayLike<number>, profile: TileProfile, classes: readonly string[], o: PrototypeOptions): { probs: Float64Array; weight: number } {
  const sims = prototypeSimilarities(profile, embedding, classes);
  const line = (s: number, l: NearestLine) => (s > l.threshold ? l.gain * (s - l.threshold) : 0);
  const gains = Array.from(sims, (s) => (Number.isNaN(s) ? 0 : Math.max(line(s, o), o.gentle ? line(s, o.gentle) : 0)));
  if (o.fivePairs === 'shared') {
    for (const [plain, red] of fivePairsOf(classes)) gains[plain] = gains[red] = Math.max(gains[plain]!, gains[red]!);
  }
  const mixed = Float64Array.from(logits);
  let weight = 0;
  gains.forEach((g, c) => {
    if (!g) return;
    mixed[c]! += g;
    weight = 1;
  });
  return { probs: softmaxOf(mixed, o.temperature), weight };
}

/**
 * The contrast rule (ContrastRule) on a whole tile's probabilities (its views averaged), with the first view's
 * embedding: the probabilities, moved or not. Only a reading of a taught kind is moved, so a tile of a kind the player
 * did not show, read right, is never touched: what the rule can break is a taught kind's tile nearer to another taught
 * kind's prototype than to its own. The new kind's log-probability becomes the read kind's plus the classifier's
 * cosine scale (at the temperature) times the difference of the two cosines.
 */
export function readWithContrast(
  probs: Float64Array,
  embedding: ArrayLike<number>,
  profile: TileProfile,
  classes: readonly string[],
  scale: number,
  temperature: number,
  rule: ContrastRule,
): { probs: Float64Array; moved: boolean } {
  let read = 0;
  for (let c = 1; c < probs.length; c++) if (probs[c]! > probs[read]!) read = c;
  const sims = prototypeSimilarities(profile, embedding, classes);
  const own = sims[read]!;
  if (Number.isNaN(own)) return { probs, moved: false };
  let other = -1;
  for (let c = 0; c < sims.length; c++) {
    const s = sims[c]!;
    if (Number.isNaN(s) || c === read || isFivePair(classes[c]!, classes[read]!)) continue;
    if (other < 0 || s > sims[other]!) other = c;
  }
  if (other < 0 || sims[other]! < rule.threshold || sims[other]! - own < rule.margin) return { probs, moved: false };
  const logp = Float64Array.from(probs, (p) => Math.log(Math.max(p, 1e-300)) * temperature);
  logp[other] = logp[read]! + scale * (sims[other]! - own);
  return { probs: softmaxOf(logp, temperature), moved: true };
}

/** The normalised sum of the prototypes of `tile` and, for a five, of its red five (or the plain five of a red one). */
function kindPrototype(profile: TileProfile, tile: string, classes: readonly string[]): number[] | null {
  const codes = [tile, ...classes.filter((c) => isFivePair(c, tile))];
  const protos = codes.map((c) => profile.classes[c]).filter((p): p is ClassPrototype => !!p);
  if (!protos.length) return null;
  return normalise(protos[0]!.sum.map((_, i) => protos.reduce((sum, p) => sum + p.sum[i]!, 0)));
}

/**
 * The pair rule (PairRule) on a whole tile's probabilities (its views averaged), with the first view's embedding:
 * the probabilities, moved or not (`moved`: the second reading became the first).
 */
export function readWithPair(probs: Float64Array, embedding: ArrayLike<number>, profile: TileProfile, classes: readonly string[], rule: PairRule): { probs: Float64Array; moved: boolean } {
  let a = 0;
  for (let c = 1; c < probs.length; c++) if (probs[c]! > probs[a]!) a = c;
  let b = a === 0 ? 1 : 0;
  for (let c = 0; c < probs.length; c++) if (c !== a && probs[c]! > probs[b]!) b = c;
  if (isFivePair(classes[a]!, classes[b]!)) return { probs, moved: false };
  const pa = kindPrototype(profile, classes[a]!, classes);
  const pb = kindPrototype(profile, classes[b]!, classes);
  if (!pa || !pb) return { probs, moved: false };
  const e = normalise(embedding);
  const cosTo = (p: number[]) => p.reduce((dot, v, i) => dot + v * e[i]!, 0);
  const mass = probs[a]! + probs[b]!;
  const sa = Math.log(Math.max(probs[a]!, 1e-300)) + rule.gain * cosTo(pa);
  const sb = Math.log(Math.max(probs[b]!, 1e-300)) + rule.gain * cosTo(pb);
  const m = Math.max(sa, sb);
  const wa = Math.exp(sa - m);
  const wb = Math.exp(sb - m);
  const out = Float64Array.from(probs);
  out[a] = (mass * wa) / (wa + wb);
  out[b] = (mass * wb) / (wa + wb);
  return { probs: out, moved: out[b]! > out[a]! };
}

function softmaxOf(raw: Float64Array, temperature: number): Float64Array {
  const logits = raw.map((v) => v / temperature);
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  let z = 0;
  const probs = logits.map((v) => {
    const e = Math.exp(v - max);
    z += e;
    return e;
  });
  for (let c = 0; c < probs.length; c++) probs[c]! /= z;
  return probs;
}
