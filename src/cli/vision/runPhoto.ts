// Shared by the recognize / learn / score-photo commands: read a photo, recognise it, report errors
// with stable codes and exit statuses (1: bad input, 2: usage, e.g. --profile not a folder, 3: model or runtime problem).
import { open, type FileHandle } from 'node:fs/promises';
import { checkImageHeader, checkPhotoSize, IMAGE_HEADER_BYTES, MAX_PHOTO_BYTES, photoTooLarge } from '../../vision/imageBytes.ts';
import { isRecognitionError, RecognitionError } from '../../vision/errors.ts';
import { fixTilesOf, MENDS_SHOWN, oneTileFixes, type HandFix, type TilesAsKan } from '../../vision/oneTileFixes.ts';
import type { RecognitionResult, RecognizeOptions } from '../../vision/pipeline.ts';
import type { Recognizer } from '../../worker/recognizer.ts';
import { openImage } from './nodeImage.ts';
import { ProfileError } from './profileStore.ts';
import { createNodeRecognizer, DEFAULT_MODELS_DIR } from './nodeRecognizer.ts';
import { PHOTO_WORDS, type PhotoWords } from './words.ts';
import { measureText, type NoteLang } from '../../vision/notes.ts';
import { fillTemplate } from '../../engine/errors.ts';

export const EXIT_BAD_INPUT = 1;
export const EXIT_USAGE = 2;
export const EXIT_MODEL = 3;

/**
 * Reads a photo file, bounded: its first bytes are checked to be an image before the rest is read, and no more
 * than MAX_PHOTO_BYTES are ever read (a device such as /dev/zero, a pipe or a huge file is refused, not read whole).
 */
export async function readPhoto(file: string): Promise<Uint8Array> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (e) {
    throw cannotRead(file, e);
  }
  try {
    const st = await fh.stat();
    if (st.isDirectory()) throw new RecognitionError('NOT_AN_IMAGE', `Cannot read ${file}: it is a directory, not a photo; name the photos in it (${file.replace(/\/+$/, '')}/*.jpg).`);
    // the header first: a non-image is refused as such, whatever its size
    const head = await readUpTo(fh, IMAGE_HEADER_BYTES, file);
    checkImageHeader(head, file);
    if (st.isFile() && st.size > MAX_PHOTO_BYTES) throw photoTooLarge(st.size, file);
    const chunks: Uint8Array[] = [head];
    let total = head.length;
    // a regular file is read to its size; a device or a pipe until its end or past the cap
    while (head.length === IMAGE_HEADER_BYTES) {
      const chunk = await readUpTo(fh, Math.min(4 << 20, MAX_PHOTO_BYTES + 1 - total), file);
      if (chunk.length === 0) break;
      chunks.push(chunk);
      total += chunk.length;
      if (total > MAX_PHOTO_BYTES) throw photoTooLarge(total, file, true);
    }
    return chunks.length === 1 ? head : new Uint8Array(Buffer.concat(chunks, total));
  } finally {
    await fh.close().catch(() => undefined);
  }
}

async function readUpTo(fh: FileHandle, n: number, file: string): Promise<Uint8Array> {
  const buf = Buffer.alloc(n);
  let got = 0;
  try {
    while (got < n) {
      const { bytesRead } = await fh.read(buf, got, n - got, null);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
  } catch (e) {
    throw cannotRead(file, e);
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, got);
}

function cannotRead(file: string, e: unknown): RecognitionError {
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
  return new RecognitionError('IMAGE_DECODE_FAILED', `Cannot read ${file}: ${why}.`);
}

// One recogniser per models folder for the life of the process (each command runs once from the shell,
// but tests and scripts call several commands in one process).
const recognizers = new Map<string, Promise<Recognizer>>();
function sharedRecognizer(modelsDir: string): Promise<Recognizer> {
  let r = recognizers.get(modelsDir);
  if (!r) {
    r = createNodeRecognizer(modelsDir);
    recognizers.set(modelsDir, r);
    r.catch(() => recognizers.delete(modelsDir));
  }
  return r;
}

export async function recognizeFile(
  file: string,
  options: RecognizeOptions & { modelsDir?: string; recognizer?: Recognizer } = {},
): Promise<{ result: RecognitionResult; recognizer: Recognizer }> {
  const bytes = await readPhoto(file);
  // The photo is checked first: a bad photo is reported as such even when the models are missing.
  const image = await openImage(bytes, { name: file });
  checkPhotoSize(image.width, image.height, file);
  // the models load while the photo decodes; a photo that does not decode cleanly is reported first
  const loading = options.recognizer ? Promise.resolve(options.recognizer) : sharedRecognizer(options.modelsDir ?? DEFAULT_MODELS_DIR);
  loading.catch(() => undefined);
  await image.ready;
  const recognizer = await loading;
  const result = await recognizer.recognize(image, options);
  return { result, recognizer };
}

/** Prints a RecognitionError (or anything else) and returns the exit status. */
export function reportError(command: string, e: unknown): number {
  if (e instanceof ProfileError) {
    console.error(`riichi-lens ${command}: ${e.code}: ${e.message}`);
    return e.code === 'PROFILE_NOT_A_DIRECTORY' ? EXIT_USAGE : EXIT_BAD_INPUT;
  }
  if (isRecognitionError(e)) {
    console.error(`riichi-lens ${command}: ${e.code}: ${e.message}`);
    return e.kind === 'input' ? EXIT_BAD_INPUT : EXIT_MODEL;
  }
  console.error(`riichi-lens ${command}: ${e instanceof Error ? e.message : String(e)}`);
  return EXIT_MODEL;
}

/** The result object of `recognize --json`: exactly the shape of issue 4 plus doubtful/rotated per tile. */
/** `upsideDown: true` only for a row listed right to left in the photo (from across the table), so that other output stays as it was. */
export function resultJson(r: RecognitionResult): { tiles: unknown[]; hand: string; upsideDown?: true } {
  const round = (v: number) => Math.round(v * 10000) / 10000;
  return {
    tiles: r.tiles.map((t) => ({
      tile: t.tile,
      box: t.box.map((v) => Math.round(v)),
      score: round(t.score),
      alternatives: t.alternatives.map((a) => ({ tile: a.tile, score: round(a.score) })),
      doubtful: t.doubtful,
      rotated: t.rotated,
    })),
    hand: r.hand,
    ...(r.upsideDown ? { upsideDown: true as const } : {}),
  };
}

/** Text lines of a result: the hand string, then one line per tile. */
export function resultText(r: RecognitionResult, lang: NoteLang = 'en'): string[] {
  const w = PHOTO_WORDS[lang];
  const lines = [r.hand || w.noTilesFound];
  r.tiles.forEach((t, k) => {
    const box = `[${t.box.map((v) => Math.round(v)).join(', ')}]`;
    const alts = t.alternatives.slice(0, 2).map((a) => `${a.tile} ${measureText(a.score, lang)}`).join(w.nextSeparator);
    const notes = [t.rotated ? w.sideways : '', t.reranked ? w.reranked : '', t.fromProfile ? fillTemplate(w.fromProfile, { tile: t.fromProfile }) : '', t.doubtful ? w.doubtful : ''].filter(Boolean).join(', ');
    lines.push(`${String(k + 1).padStart(2)}  ${t.tile.padEnd(4)} ${box.padEnd(26)} ${measureText(t.score, lang)}  (${fillTemplate(w.next, { alts })})${notes ? '  ' + notes : ''}`);
  });
  return lines;
}

/**
 * A note for a hand row that is not a winning hand (13-15 tiles, a kan counted as 3): the one-tile mends that would
 * make it one, most likely first, and four tiles side by side that may be a kan (src/vision/oneTileFixes.ts); null for
 * a winning hand or a row it does not apply to.
 */
export function mendsNote(r: RecognitionResult, redFivesPerSuit?: readonly number[], melds?: readonly { indices: readonly number[] }[], lang: NoteLang = 'en'): string | null {
  const w = PHOTO_WORDS[lang].mends;
  // The melds score-photo reads from the row (melds.ts) when given; else kans as the joint reading counts them.
  const fixes = oneTileFixes(fixTilesOf(r.tiles, melds), redFivesPerSuit ? { redFivesPerSuit } : {});
  if (fixes.status !== 'incomplete') return null;
  const one = (f: Exclude<HandFix, TilesAsKan>) =>
    f.kind === 'add'
      ? fillTemplate(w.add, { to: f.to })
      : f.kind === 'remove'
        ? fillTemplate(w.remove, { n: f.index + 1, from: f.from })
        : fillTemplate(w.change, { n: f.index + 1, from: f.from, to: f.to }) + (f.evidence >= 0.01 ? fillTemplate(w.reader, { evidence: measureText(f.evidence, lang) }) : '');
  const kans = fixes.fixes.filter((f): f is TilesAsKan => f.kind === 'kan');
  const kanNote = kans
    .map((k) => fillTemplate(w.kan, { first: k.indices[0]! + 1, last: k.indices[3]! + 1, tile: k.tile, then: k.then === 'complete' ? w.kanComplete : w.kanOneAway }))
    .join(w.kanSeparator);
  const tileFixes = fixes.fixes.filter((f): f is Exclude<HandFix, TilesAsKan> => f.kind !== 'kan');
  const list = tileFixes.slice(0, MENDS_SHOWN).map(one).join(', ') + (tileFixes.length > MENDS_SHOWN ? fillTemplate(w.more, { count: tileFixes.length - MENDS_SHOWN }) : '');
  const text = tileFixesNote(w, fixes.count, tileFixes.length, list);
  return kanNote ? (text ? fillTemplate(w.otherwise, { kans: kanNote, text }) : kanNote) : text;
}

/** What the one-tile mends say for a row of 13, 15 or 14 tiles ('' for another count). */
function tileFixesNote(w: PhotoWords['mends'], count: number, n: number, list: string): string {
  const [some, none] = count === 13 ? [w.short, w.shortNone] : count === 15 ? [w.over, w.overNone] : count === 14 ? [w.misread, w.misreadNone] : [null, ''];
  if (!some) return '';
  return n ? fillTemplate(n > 1 ? some.many : some.one, { list }) : none;
}
