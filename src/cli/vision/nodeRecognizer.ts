// The Recognizer for Node: model.json and the .onnx files are read from the repository's models/
// folder (or another folder), onnxruntime-web runs on its wasm backend with one thread.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { RecognitionError } from '../../vision/errors.ts';
import { Recognizer } from '../../worker/recognizer.ts';

/** The repository's models/ folder, or $RIICHI_LENS_MODELS when set. */
export const DEFAULT_MODELS_DIR = process.env.RIICHI_LENS_MODELS || fileURLToPath(new URL('../../../models/', import.meta.url));

export async function readModelSpec(modelsDir = DEFAULT_MODELS_DIR): Promise<unknown> {
  const file = path.join(modelsDir, 'model.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new RecognitionError('MODEL_LOAD_FAILED', `Cannot read ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RecognitionError('MODEL_SPEC_INVALID', `${file} is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
}

export async function createNodeRecognizer(modelsDir = DEFAULT_MODELS_DIR, numThreads = 1): Promise<Recognizer> {
  const spec = await readModelSpec(modelsDir);
  return new Recognizer({
    spec,
    numThreads,
    loadModel: async (file) => new Uint8Array(await readFile(path.resolve(modelsDir, file))),
  });
}
