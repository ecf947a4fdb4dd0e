// The player's tile-set profile on disk: DIR/profile.json (see src/vision/prototypes.ts).
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseProfile, type TileProfile } from '../../vision/prototypes.ts';

export const PROFILE_FILE = 'profile.json';

/** A --profile DIR that cannot be used: PROFILE_NOT_A_DIRECTORY is a usage error, PROFILE_INVALID a bad file. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  constructor(
    readonly code: 'PROFILE_NOT_A_DIRECTORY' | 'PROFILE_INVALID' | 'PROFILE_UNREADABLE',
    message: string,
  ) {
    super(message);
  }
}

/** The largest profile.json read (a profile of every tile kind is a few hundred KB). */
const MAX_PROFILE_BYTES = 16 * 1024 * 1024;

/** Throws PROFILE_NOT_A_DIRECTORY when DIR exists and is not a folder (e.g. --profile photo.jpg). */
export async function checkProfileDir(dir: string): Promise<void> {
  let st;
  try {
    st = await stat(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new ProfileError('PROFILE_UNREADABLE', `--profile ${dir}: ${(e as Error).message}`);
  }
  if (!st.isDirectory()) {
    throw new ProfileError('PROFILE_NOT_A_DIRECTORY', `--profile ${dir} is a file, not a folder: give the folder that holds (or will hold) ${PROFILE_FILE}, e.g. --profile ${path.join(path.dirname(dir), 'my-tiles')}.`);
  }
}

/** The profile in DIR, or null when DIR has none yet. Throws a ProfileError for a file that is not a profile. */
export async function readProfile(dir: string): Promise<TileProfile | null> {
  await checkProfileDir(dir);
  const file = path.join(dir, PROFILE_FILE);
  let text: string;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new ProfileError('PROFILE_INVALID', `${file} is not a file.`);
    if (st.size > MAX_PROFILE_BYTES) throw new ProfileError('PROFILE_INVALID', `${file} is ${(st.size / 1048576).toFixed(0)} MB; a profile is at most ${MAX_PROFILE_BYTES / 1048576} MB.`);
    text = await readFile(file, 'utf8');
  } catch (e) {
    if (e instanceof ProfileError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ProfileError('PROFILE_UNREADABLE', `Cannot read ${file}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProfileError('PROFILE_INVALID', `${file} is not valid JSON.`);
  }
  const profile = parseProfile(json);
  if (!profile) throw new ProfileError('PROFILE_INVALID', `${file} is not a riichi-lens tile-set profile.`);
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
