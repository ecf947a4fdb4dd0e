// The player's tile-set profile on disk: DIR/profile.json (see src/vision/prototypes.ts).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseProfile, type TileProfile } from '../../vision/prototypes.ts';

export const PROFILE_FILE = 'profile.json';

/** The profile in DIR, or null when DIR has none yet. Throws for a file that is not a profile. */
export async function readProfile(dir: string): Promise<TileProfile | null> {
  const file = path.join(dir, PROFILE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
  const profile = parseProfile(json);
  if (!profile) throw new Error(`${file} is not a riichi-lens tile-set profile`);
  return profile;
}

/** Writes DIR/profile.json atomically (temporary file, then rename). */
export async function writeProfile(dir: string, profile: TileProfile): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, PROFILE_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(profile) + '\n');
  await rename(tmp, file);
  return file;
}

/** Removes DIR/profile.json; false when there was none. */
export async function removeProfile(dir: string): Promise<boolean> {
  const file = path.join(dir, PROFILE_FILE);
  try {
    await readFile(file);
  } catch {
    return false;
  }
  await rm(file);
  return true;
}
