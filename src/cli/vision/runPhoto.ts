// Shared by the recognize / learn / score-photo commands: read a photo, recognise it, report errors
// with stable codes and exit statuses (1: bad input, 3: model or runtime problem).
import { readFile } from 'node:fs/promises';
import { isRecognitionError, RecognitionError } from '../../vision/errors.ts';
import type { RecognitionResult, RecognizeOptions } from '../../vision/pipeline.ts';
import type { Recognizer } from '../../worker/recognizer.ts';
import { openImage } from './nodeImage.ts';
import { createNodeRecognizer, DEFAULT_MODELS_DIR } from './nodeRecognizer.ts';

export const EXIT_BAD_INPUT = 1;
export const EXIT_USAGE = 2;
export const EXIT_MODEL = 3;

export async function readPhoto(file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new RecognitionError('IMAGE_DECODE_FAILED', `Cannot read ${file}: ${why}.`);
  }
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
  const recognizer = options.recognizer ?? (await sharedRecognizer(options.modelsDir ?? DEFAULT_MODELS_DIR));
  const result = await recognizer.recognize(image, options);
  return { result, recognizer };
}

/** Prints a RecognitionError (or anything else) and returns the exit status. */
export function reportError(command: string, e: unknown): number {
  if (isRecognitionError(e)) {
    console.error(`riichi-lens ${command}: ${e.code}: ${e.message}`);
    return e.kind === 'input' ? EXIT_BAD_INPUT : EXIT_MODEL;
  }
  console.error(`riichi-lens ${command}: ${e instanceof Error ? e.message : String(e)}`);
  return EXIT_MODEL;
}

/** The result object of `recognize --json`: exactly the shape of issue 4 plus doubtful/rotated per tile. */
export function resultJson(r: RecognitionResult): { tiles: unknown[]; hand: string } {
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
  };
}

/** Text lines of a result: the hand string, then one line per tile. */
export function resultText(r: RecognitionResult): string[] {
  const lines = [r.hand || '(no tiles found)'];
  r.tiles.forEach((t, k) => {
    const box = `[${t.box.map((v) => Math.round(v)).join(', ')}]`;
    const alts = t.alternatives.slice(0, 2).map((a) => `${a.tile} ${a.score.toFixed(2)}`).join(', ');
    const notes = [t.rotated ? 'sideways' : '', t.reranked ? 're-ranked by hand rules' : '', t.doubtful ? 'DOUBTFUL' : ''].filter(Boolean).join(', ');
    lines.push(`${String(k + 1).padStart(2)}  ${t.tile.padEnd(4)} ${box.padEnd(26)} ${t.score.toFixed(2)}  (next: ${alts})${notes ? '  ' + notes : ''}`);
  });
  for (const w of r.warnings) lines.push(`note: ${w}`);
  return lines;
}
