// The player's tile set, learnt from confirmed photos and kept in this browser (localStorage): class
// prototypes of classifier embeddings (VISION's prototypes.ts). Passed to the recogniser with every photo;
// a profile made with another model is ignored by the pipeline and replaced on the next confirmation.
import { addExample, emptyProfile, parseProfile, profileMatches, type TileProfile } from '../../vision/prototypes.ts';
import { ALL_CODES } from '../tiles/codes.ts';

const STORAGE_KEY = 'riichi-lens.tile-profile';

export function loadProfile(): TileProfile | null {
  try {
    const text = globalThis.localStorage?.getItem(STORAGE_KEY);
    return text ? parseProfile(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Adds confirmed tiles to the stored profile. Returns the new profile, or null if it could not be stored. */
export function learnTiles(modelId: string, examples: readonly { tile: string; read?: string; embedding: readonly number[] }[]): TileProfile | null {
  if (!modelId || examples.length === 0) return loadProfile();
  const size = examples[0]!.embedding.length;
  const stored = loadProfile();
  let profile = stored && profileMatches(stored, modelId, size) ? stored : emptyProfile(modelId, size);
  for (const { tile, read, embedding } of examples) {
    if (embedding.length === size) profile = addExample(profile, tile, embedding, read ?? tile);
  }
  // Short numbers keep the stored profile small (the sums are of unit vectors).
  const short = (v: number) => Math.round(v * 1e5) / 1e5;
  const compact: TileProfile = {
    ...profile,
    classes: Object.fromEntries(Object.entries(profile.classes).map(([k, p]) => [k, { count: p.count, sum: p.sum.map(short) }])),
    ...(profile.exemplars ? { exemplars: profile.exemplars.map((x) => ({ ...x, embedding: x.embedding.map(short) })) } : {}),
  };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(compact));
    return compact;
  } catch {
    return null;
  }
}

/** The kinds of a riichi set (34 and the three red fives, 37): what a profile can learn (prototypes.ts learntKinds). */
export const SET_KINDS = ALL_CODES.length;

export function forgetProfile(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
