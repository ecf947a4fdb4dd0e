import { describe, expect, it } from 'vitest';
import { tileProbabilities } from '../../src/vision/calibration.ts';
import { addExample, blendWithPrototypes, emptyProfile, mergeProfiles, MEASURED_CONTRAST, NEAREST_GAIN, NEAREST_GENTLE, NEAREST_THRESHOLD, PAIR_RULE, parseProfile, profileMatches, prototypeSimilarities, readWithContrast, readWithPair } from '../../src/vision/prototypes.ts';

const classes = ['1m', '2m', '3m'];
const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe('tile-set prototypes', () => {
  it('accumulates examples into serialisable per-class sums', () => {
    let p = emptyProfile('model-a', 3);
    p = addExample(p, '1m', [1, 0, 0]);
    p = addExample(p, '1m', [0, 2, 0]);
    p = addExample(p, '2m', [0, 0, 1]);
    expect(p.classes['1m']).toEqual({ sum: [1, 1, 0], count: 2 });
    const round = parseProfile(JSON.parse(JSON.stringify(p)));
    expect(round).toEqual(p);
    expect(profileMatches(p, 'model-a', 3)).toBe(true);
    expect(profileMatches(p, 'model-b', 3)).toBe(false);
    expect(() => addExample(p, '3m', [1, 0])).toThrow(/expects 3/);
  });

  it('rejects malformed profiles', () => {
    expect(parseProfile(null)).toBeNull();
    expect(parseProfile({ format: 'riichi-lens-profile', version: 1, modelId: 'm', embeddingSize: 2, classes: { '1m': { sum: [1], count: 1 } } })).toBeNull();
    expect(parseProfile({ format: 'other' })).toBeNull();
  });

  it('merges profiles of the same model', () => {
    const a = addExample(emptyProfile('m', 2), '1m', [1, 0]);
    const b = addExample(addExample(emptyProfile('m', 2), '1m', [0, 1]), '2m', [1, 0]);
    const m = mergeProfiles(a, b);
    expect(m.classes['1m']).toEqual({ sum: [1, 1], count: 2 });
    expect(m.classes['2m']!.count).toBe(1);
    expect(() => mergeProfiles(a, emptyProfile('other', 2))).toThrow();
  });

  it('gives cosine similarities to the normalised mean, NaN for unknown classes', () => {
    const p = addExample(addExample(emptyProfile('m', 2), '1m', [1, 0]), '1m', [0, 1]);
    const s = prototypeSimilarities(p, unit([1, 1]), classes);
    expect(s[0]).toBeCloseTo(1);
    expect(Number.isNaN(s[1]!)).toBe(true);
  });

  it('lets learnt prototypes override the trained head for a crop close to one of them (every mode)', () => {
    let p = emptyProfile('m', 3);
    p = addExample(p, '2m', unit([1, 0.1, 0]));
    p = addExample(p, '2m', unit([1, 0.05, 0]));
    p = addExample(p, '1m', unit([0, 1, 0.2]));
    // The head (scale 16) says 1m: cosine 0.6 to 1m, 0.3 to 2m.
    const logits = [16 * 0.6, 16 * 0.3, 0];
    const { probs, weight } = blendWithPrototypes(logits, unit([1, 0.12, 0]), p, classes, 16, { mode: 'rerank' });
    expect(weight).toBeCloseTo(2 / 3);
    expect(probs[1]).toBeGreaterThan(probs[0]!);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    // The same with the broader modes.
    for (const mode of ['mix', 'centred'] as const) {
      const other = blendWithPrototypes(logits, unit([1, 0.12, 0]), p, classes, 16, { mode, candidates: 0 });
      expect(other.probs[1]).toBeGreaterThan(other.probs[0]!);
    }
    // Re-ranking never touches a head whose first choice has no prototype...
    const unknownFirst = blendWithPrototypes([0, 16 * 0.3, 16 * 0.6], unit([1, 0.12, 0]), p, classes, 16, { mode: 'rerank' });
    expect(unknownFirst.weight).toBe(0);
    expect(unknownFirst.probs[2]).toBeGreaterThan(0.9);
    // ...while the nearest mode (the default) lets a taught kind the head ranks second win for a crop very like it
    // (a set whose 8m the head reads as 6m, taught 8m).
    const taughtSecond = blendWithPrototypes([0, 16 * 0.5, 16 * 0.6], unit([1, 0.12, 0]), p, classes, 16);
    expect(taughtSecond.probs[1]).toBeGreaterThan(taughtSecond.probs[2]!);
  });

  it('leaves the head alone for a crop equally close to every prototype, and for an empty profile', () => {
    let p = addExample(emptyProfile('m', 3), '2m', [1, 0, 0]);
    p = addExample(p, '3m', [0, 1, 0]);
    const logits = [16 * 0.8, 16 * 0.1, 0];
    const { probs } = blendWithPrototypes(logits, unit([1, 1, 0]), p, classes, 16);
    const head = blendWithPrototypes(logits, [0, 0, 1], emptyProfile('m', 3), classes, 16);
    expect(head.weight).toBe(0);
    expect(head.probs[0]).toBeCloseTo(Math.exp(12.8) / (Math.exp(12.8) + Math.exp(1.6) + 1));
    Array.from(probs).forEach((v, i) => expect(v).toBeCloseTo(head.probs[i]!));
  });

  it('nearest mode (the default): a tile almost identical to a taught kind is read as it; a tile less like it is left to the head', () => {
    // The player's set: taught 2m (the head read it as 1m) and 3m.
    let p = addExample(emptyProfile('m', 3), '2m', unit([1, 0.1, 0]));
    p = addExample(p, '3m', unit([0, 0.2, 1]));
    const headSays1m = [16 * 0.7, 16 * 0.55, 0];
    // The next photo's 2m: cosine 0.99 to the taught 2m.
    const next2m = unit([1, 0.25, 0]);
    const s = prototypeSimilarities(p, next2m, classes);
    expect(s[1]).toBeGreaterThan(0.98);
    const read = blendWithPrototypes(headSays1m, next2m, p, classes, 16);
    expect(read.weight).toBe(1);
    expect(read.probs[1]).toBeGreaterThan(read.probs[0]!);
    // Exactly the documented gain: logit(2m) + gain · (cos − threshold).
    const ref = blendWithPrototypes([headSays1m[0]!, headSays1m[1]! + NEAREST_GAIN * (s[1]! - NEAREST_THRESHOLD), 0], next2m, emptyProfile('m', 3), classes, 16);
    Array.from(read.probs).forEach((v, i) => expect(v).toBeCloseTo(ref.probs[i]!, 10));
    // A tile a little less alike (cosine about 0.87): the gentle line's smaller push, 16 · (cos − 0.85).
    const lessAlike = unit([0.82, 0.57, 0]);
    const c = prototypeSimilarities(p, lessAlike, classes)[1]!;
    expect(c).toBeGreaterThan(NEAREST_GENTLE.threshold);
    expect(c).toBeLessThan(NEAREST_THRESHOLD);
    const gentle = blendWithPrototypes(headSays1m, lessAlike, p, classes, 16);
    const gentleRef = blendWithPrototypes([headSays1m[0]!, headSays1m[1]! + NEAREST_GENTLE.gain * (c - NEAREST_GENTLE.threshold), 0], lessAlike, emptyProfile('m', 3), classes, 16);
    Array.from(gentle.probs).forEach((v, i) => expect(v).toBeCloseTo(gentleRef.probs[i]!, 10));
    // A tile of a kind the photo did not show (1m), cosine about 0.8 to the taught 2m: the head's reading, unchanged.
    const a1m = unit([0.75, 0.66, 0]);
    expect(prototypeSimilarities(p, a1m, classes)[1]).toBeLessThan(NEAREST_GENTLE.threshold);
    const untaught = blendWithPrototypes(headSays1m, a1m, p, classes, 16);
    const head = blendWithPrototypes(headSays1m, a1m, emptyProfile('m', 3), classes, 16);
    expect(untaught.weight).toBe(0);
    Array.from(untaught.probs).forEach((v, i) => expect(v).toBe(head.probs[i]));
  });

  it('nearest mode: a five and its red five share one gain, so a taught red five never turns the set\'s plain five red', () => {
    const fives = ['5p', '0p', '6p'];
    // The player's set: taught a red five (0p) in the teaching photo.
    const p = addExample(emptyProfile('m', 3), '0p', unit([1, 0.1, 0]));
    // The next photo's PLAIN 5p, which the head reads as 5p, at cosine 0.99 to the taught red five (the embedding
    // hardly keeps colour): with separate gains the taught 0p wins; shared, the head's red-or-plain stands.
    const plain5p = unit([1, 0.2, 0]);
    const head = [16 * 0.7, 16 * 0.62, 16 * 0.3];
    const separate = blendWithPrototypes(head, plain5p, p, fives, 16, { fivePairs: 'separate' });
    expect(separate.probs[1]).toBeGreaterThan(separate.probs[0]!);
    const shared = blendWithPrototypes(head, plain5p, p, fives, 16);
    expect(shared.probs[0]).toBeGreaterThan(shared.probs[1]!);
    // Shared is the default: both fives gain the taught red five's gain, so their ratio is the head's.
    expect(shared.probs[0]! / shared.probs[1]!).toBeCloseTo(Math.exp(16 * (0.7 - 0.62)), 6);
    // ...and the pair still rises over a look-alike kind the head put first (6p read for a five very like the taught one).
    const headSays6p = [16 * 0.5, 16 * 0.45, 16 * 0.6];
    const raised = blendWithPrototypes(headSays6p, plain5p, p, fives, 16);
    expect(raised.probs[0]! + raised.probs[1]!).toBeGreaterThan(raised.probs[2]!);
  });

  it('nearest mode, contrast rule (measured, off by default): a tile read as one taught kind but nearer another taught kind is read as that one', () => {
    const kinds = ['5m', '6m', '7m', '0m'];
    const spec = { classes: kinds, cosineScale: 16, temperature: 0.777 };
    // The player's set: taught 5m and 6m. The next photo's 5m sits at cosine 0.85 to the taught 5m (under both lines:
    // no gain) and 0.6 to the taught 6m, and the head reads it as 6m.
    const p = addExample(addExample(emptyProfile('m', 3), '5m', unit([1, 0, 0])), '6m', unit([0.6, 0.8, 0]));
    const next5m = unit([0.85, 0, Math.sqrt(1 - 0.85 ** 2)]);
    const sims = prototypeSimilarities(p, next5m, kinds);
    expect(sims[0]).toBeCloseTo(0.85, 6);
    expect(sims[1]).toBeCloseTo(0.51, 6);
    const headSays6m = [16 * 0.5, 16 * 0.6, 0, 16 * 0.45];
    const head = tileProbabilities([headSays6m], [next5m], null, spec).probs;
    expect(head[1]).toBeGreaterThan(head[0]!);
    // Off by default: without the pair rule (below), the head's reading (no line reaches 0.85).
    expect(Array.from(tileProbabilities([headSays6m], [next5m], p, spec, { pair: null }).probs)).toEqual(Array.from(head));
    const read = tileProbabilities([headSays6m], [next5m], p, spec, { contrast: MEASURED_CONTRAST, pair: null }).probs;
    expect(read[0]).toBeGreaterThan(read[1]!);
    // Exactly the documented move: log p(5m) becomes log p(6m) + 16 · (0.85 − 0.51) / T, the others as they were.
    expect(Math.log(read[0]! / read[1]!)).toBeCloseTo((16 * (sims[0]! - sims[1]!)) / 0.777, 6);
    expect(read[2]! / read[3]!).toBeCloseTo(head[2]! / head[3]!, 6);
    // A setting it does not meet: no move.
    expect(readWithContrast(head, next5m, p, kinds, 16, 0.777, { threshold: 0.9, margin: 0.1 }).moved).toBe(false);
    expect(readWithContrast(head, next5m, p, kinds, 16, 0.777, { threshold: 0.75, margin: 0.4 }).moved).toBe(false);
  });

  it('nearest mode, contrast rule: a reading of a kind the player did not show, and a five and its red five, are never moved', () => {
    const kinds = ['5m', '6m', '7m', '0m'];
    const spec = { classes: kinds, cosineScale: 16, temperature: 0.777 };
    // Taught: 5m only. A 7m (untaught) read right as 7m, though it looks like the taught 5m (cosine 0.85): untouched.
    const p = addExample(emptyProfile('m', 3), '5m', unit([1, 0, 0]));
    const a7m = unit([0.85, 0, Math.sqrt(1 - 0.85 ** 2)]);
    const headSays7m = [16 * 0.5, 16 * 0.3, 16 * 0.6, 16 * 0.45];
    const head = tileProbabilities([headSays7m], [a7m], null, spec).probs;
    expect(Array.from(tileProbabilities([headSays7m], [a7m], p, spec, { contrast: MEASURED_CONTRAST }).probs)).toEqual(Array.from(head));
    // Taught 0m and 5m; a tile read as 0m nearer the taught 5m: red or plain stays the head's.
    const q = addExample(addExample(emptyProfile('m', 3), '0m', unit([0.7, 0.71, 0])), '5m', unit([1, 0, 0]));
    const headSays0m = [16 * 0.5, 0, 0, 16 * 0.6];
    const plain = tileProbabilities([headSays0m], [unit([1, 0.05, 0])], q, spec, { contrast: MEASURED_CONTRAST }).probs;
    expect(plain[3]).toBeGreaterThan(plain[0]!);
    expect(readWithContrast(Float64Array.from(headSays0m.map((v) => Math.exp(v))), unit([1, 0.05, 0]), q, kinds, 16, 0.777, MEASURED_CONTRAST).moved).toBe(false);
  });

  it('nearest mode, pair rule (the default): the two first readings, both taught, are weighed by their prototypes', () => {
    const kinds = ['5m', '6m', '7m', '0m'];
    const spec = { classes: kinds, cosineScale: 16, temperature: 0.777 };
    // Taught 5m and 6m; the next photo's 5m sits at cosine 0.85 to the taught 5m and 0.51 to the taught 6m, and the
    // head reads it as 6m (5m second).
    const p = addExample(addExample(emptyProfile('m', 3), '5m', unit([1, 0, 0])), '6m', unit([0.6, 0.8, 0]));
    const next5m = unit([0.85, 0, Math.sqrt(1 - 0.85 ** 2)]);
    const sims = prototypeSimilarities(p, next5m, kinds);
    const headSays6m = [16 * 0.5, 16 * 0.6, 0, 16 * 0.45];
    const head = tileProbabilities([headSays6m], [next5m], null, spec).probs;
    expect(head[1]).toBeGreaterThan(head[0]!);
    const read = tileProbabilities([headSays6m], [next5m], p, spec).probs;
    expect(read[0]).toBeGreaterThan(read[1]!);
    // Exactly the documented weighing: log p(5m) / p(6m) grows by gain · (cos 5m − cos 6m); the pair keeps its share.
    expect(Math.log(read[0]! / read[1]!)).toBeCloseTo(Math.log(head[0]! / head[1]!) + PAIR_RULE.gain * (sims[0]! - sims[1]!), 6);
    expect(read[0]! + read[1]!).toBeCloseTo(head[0]! + head[1]!, 10);
    expect(read[2]).toBe(head[2]);
    expect(read[3]).toBe(head[3]);
    expect(readWithPair(head, next5m, p, kinds, PAIR_RULE).moved).toBe(true);
    // A tile nearer the head's own first reading: it stays, more sure of it.
    const a6m = unit([0.6, 0.75, 0.28]);
    const kept = readWithPair(head, a6m, p, kinds, PAIR_RULE);
    expect(kept.moved).toBe(false);
    expect(kept.probs[1]! / kept.probs[0]!).toBeGreaterThan(head[1]! / head[0]!);
  });

  it('nearest mode, pair rule: a tile whose first or second reading is a kind the player did not show, or a five torn between red and plain, is left alone', () => {
    const kinds = ['5m', '6m', '7m', '0m'];
    const spec = { classes: kinds, cosineScale: 16, temperature: 0.777 };
    const p = addExample(emptyProfile('m', 3), '5m', unit([1, 0, 0]));
    const like5m = unit([0.85, 0, Math.sqrt(1 - 0.85 ** 2)]);
    // 7m first, 5m second: 7m was not taught.
    const headSays7m = [16 * 0.5, 16 * 0.3, 16 * 0.6, 16 * 0.2];
    const head7 = tileProbabilities([headSays7m], [like5m], null, spec).probs;
    expect(readWithPair(head7, like5m, p, kinds, PAIR_RULE)).toEqual({ probs: head7, moved: false });
    // 5m first, 7m second: the same.
    const head5 = tileProbabilities([[16 * 0.6, 16 * 0.3, 16 * 0.5, 16 * 0.2]], [unit([0, 1, 0])], null, spec).probs;
    expect(readWithPair(head5, unit([0, 1, 0]), p, kinds, PAIR_RULE)).toEqual({ probs: head5, moved: false });
    // 5m and 0m first: red or plain stays the head's.
    const q = addExample(p, '0m', unit([0, 0, 1]));
    const headFives = tileProbabilities([[16 * 0.5, 0, 0, 16 * 0.6]], [unit([1, 0, 0])], null, spec).probs;
    expect(readWithPair(headFives, unit([1, 0, 0]), q, kinds, PAIR_RULE).moved).toBe(false);
    // A five and its red five are one kind to the rule: 0m first and 6m second, with 5m and 6m taught, is weighed
    // by the taught 5m's prototype.
    const r = addExample(p, '6m', unit([0, 1, 0]));
    const headSays0m = tileProbabilities([[0, 16 * 0.5, 0, 16 * 0.55]], [unit([0.1, 1, 0])], null, spec).probs;
    expect(readWithPair(headSays0m, unit([0.1, 1, 0]), r, kinds, PAIR_RULE).moved).toBe(true);
  });

  it('keeps the other modes measurable with their own defaults', () => {
    let p = addExample(emptyProfile('m', 3), '2m', unit([1, 0.1, 0]));
    p = addExample(p, '3m', unit([0, 0.2, 1]));
    const logits = [16 * 0.7, 16 * 0.55, 0];
    for (const mode of ['set', 'rerank', 'centred', 'mix'] as const) {
      const { probs } = blendWithPrototypes(logits, unit([1, 0.25, 0]), p, classes, 16, { mode });
      expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    }
  });
});
