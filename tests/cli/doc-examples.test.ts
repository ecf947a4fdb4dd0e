// The hands the documentation gives as examples of `score` (README's "Command line", `score --help`) are scored: a
// newcomer's first try of an example must not end in WRONG_TILE_COUNT or NOT_A_WINNING_HAND (two once did).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/commands/score.ts';
import { captureConsole } from './console-capture.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** `npx riichi-lens score "<hand>" options...` lines of the README, split as a shell would (no quotes inside). */
function readmeScoreLines(): string[][] {
  return read('README.md')
    .split('\n')
    .filter((l) => l.startsWith('npx riichi-lens score "'))
    .map((l) => l.replace(/\s+#.*$/, '').slice('npx riichi-lens score '.length))
    .map((l) => [...l.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!));
}

/** The quoted hands of `score --help`. */
function helpHands(): string[] {
  const usage = /const USAGE = `([\s\S]*?)`;/.exec(read('src/cli/commands/score.ts'))![1]!;
  return [...usage.matchAll(/^ {2}"([^"]+)"/gm)].map((m) => m[1]!);
}

describe('the documentation\'s score examples', () => {
  afterEach(() => vi.restoreAllMocks());
  it('finds them', () => {
    expect(readmeScoreLines().length).toBeGreaterThanOrEqual(2);
    expect(helpHands().length).toBeGreaterThanOrEqual(2);
  });
  for (const args of [...readmeScoreLines(), ...helpHands().map((hand) => [hand])]) {
    it(`score ${args.join(' ')}`, async () => {
      const { out, err } = captureConsole();
      const code = await run(args);
      expect(err, out.join('\n')).toEqual([]);
      expect(code).toBe(0);
      expect(out.join('\n').split('\n').some((l) => l.startsWith('Total: '))).toBe(true);
    });
  }
});
