// The committed models, shared by the test files that run them: whether they are there, and one recogniser
// per describe block, loaded before its tests and disposed after.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { createNodeRecognizer } from '../../src/cli/vision/nodeRecognizer.ts';
import type { Recognizer } from '../../src/worker/recognizer.ts';

export const haveModels =
  existsSync(new URL('../../models/localizer.onnx', import.meta.url)) && existsSync(new URL('../../models/classifier.onnx', import.meta.url));

/** Call inside a describe block; the returned function gives the loaded recogniser inside its tests. */
export function useCommittedRecognizer(): () => Recognizer {
  let recognizer: Recognizer | undefined;
  beforeAll(async () => {
    recognizer = await createNodeRecognizer();
    await recognizer.load();
  }, 60_000);
  afterAll(async () => {
    await recognizer?.dispose();
  });
  return () => {
    if (!recognizer) throw new Error('the committed models are not loaded');
    return recognizer;
  };
}
