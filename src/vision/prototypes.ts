// Learning the player's own tile set. The classifier outputs an L2-normalised embedding per crop.
// A profile keeps, per class, the sum and count of the embeddings of tiles the player confirmed or
// corrected; the class prototype is the normalised mean. At recognition time, the cosine similarity
// of a crop to each prototype gives a second distribution (softmax over the classes the profile
// knows, with a temperature), blended with the trained head: the closer the crop is to its nearest
// prototype, the more the prototypes count. A crop of a class the profile has never seen is far from
// every prototype, so the trained head keeps the decision.
//
// The profile is plain JSON (serialisable to a file in Node or to IndexedDB/localStorage in the
// browser) and is tied to the classifier it was made with (modelId + embedding size).

export interface ClassPrototype {
  /** Sum of the (unit) embeddings seen for this class. */
  sum: number[];
  count: number;
}

export interface TileProfile {
  format: 'riichi-lens-profile';
  version: 1;
  /** Identifies the classifier whose embeddings these are; profiles of another model are ignored. */
  modelId: string;
  embeddingSize: number;
  classes: Record<string, ClassPrototype>;
}

export interface PrototypeOptions {
  /** Softmax temperature of the cosine similarities. */
  temperature: number;
  /** Nearest-prototype similarity at which prototypes start to count, and at which they count fully. */
  similarityLow: number;
  similarityHigh: number;
  /** Largest weight of the prototype distribution in the blend (0..1). */
  maxWeight: number;
}

export const DEFAULT_PROTOTYPE_OPTIONS: PrototypeOptions = { temperature: 0.05, similarityLow: 0.5, similarityHigh: 0.85, maxWeight: 0.8 };

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
  for (const proto of Object.values(p.classes)) {
    if (!proto || !Array.isArray(proto.sum) || proto.sum.length !== p.embeddingSize || !(proto.count > 0)) return null;
    if (!proto.sum.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
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

/** Returns a new profile with one confirmed example added. */
export function addExample(profile: TileProfile, tile: string, embedding: ArrayLike<number>): TileProfile {
  if (embedding.length !== profile.embeddingSize) {
    throw new Error(`addExample: embedding has ${embedding.length} values, the profile expects ${profile.embeddingSize}`);
  }
  const unit = normalise(embedding);
  const prev = profile.classes[tile];
  const sum = prev ? prev.sum.map((s, i) => s + unit[i]!) : unit;
  return { ...profile, classes: { ...profile.classes, [tile]: { sum, count: (prev?.count ?? 0) + 1 } } };
}

/** Merges two profiles of the same model (e.g. two learning sessions). */
export function mergeProfiles(a: TileProfile, b: TileProfile): TileProfile {
  if (!profileMatches(a, b.modelId, b.embeddingSize)) throw new Error('mergeProfiles: profiles of different models');
  const classes: Record<string, ClassPrototype> = { ...a.classes };
  for (const [tile, p] of Object.entries(b.classes)) {
    const prev = classes[tile];
    classes[tile] = prev ? { sum: prev.sum.map((s, i) => s + p.sum[i]!), count: prev.count + p.count } : p;
  }
  return { ...a, classes };
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
 * Blends the trained head's probabilities with the prototype distribution. Returns new probabilities
 * (summing to 1) and the weight the prototypes got (0 when the profile knows no class near this crop).
 */
export function blendWithPrototypes(
  probs: ArrayLike<number>,
  embedding: ArrayLike<number>,
  profile: TileProfile,
  classes: readonly string[],
  options: Partial<PrototypeOptions> = {},
): { probs: Float64Array; weight: number } {
  const o = { ...DEFAULT_PROTOTYPE_OPTIONS, ...options };
  const sims = prototypeSimilarities(profile, embedding, classes);
  let best = -Infinity;
  for (const s of sims) if (!Number.isNaN(s)) best = Math.max(best, s);
  const out = Float64Array.from(probs);
  if (best === -Infinity) return { probs: out, weight: 0 };
  const ramp = Math.min(1, Math.max(0, (best - o.similarityLow) / (o.similarityHigh - o.similarityLow)));
  const weight = o.maxWeight * ramp;
  if (weight === 0) return { probs: out, weight };
  let z = 0;
  const q = new Float64Array(sims.length);
  sims.forEach((s, c) => {
    if (!Number.isNaN(s)) {
      q[c] = Math.exp((s - best) / o.temperature);
      z += q[c]!;
    }
  });
  for (let c = 0; c < out.length; c++) out[c] = (1 - weight) * out[c]! + (weight * q[c]!) / z;
  return { probs: out, weight };
}
