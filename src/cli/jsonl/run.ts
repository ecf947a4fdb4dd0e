// `riichi-lens score --jsonl`, the fast path: stdin in large chunks, each line read by the direct parser (or
// JSON.parse when the line is anything unusual), scored without the explanation, the result written as bytes.
// Output line N answers input line N: a blank line gets an error result, an over-long line too.
// The output is byte for byte what scoreJsonLine + resultLine (../commands/score.ts) give for each line.
import { scoreHandBrief, type RulesLike } from '../../engine/index.ts';
import { FALLBACK, parseJsonLine } from './parse.ts';
import { ByteOutput, OutputClosed, OutputFailed, writeResult } from './output.ts';
import { checkInput, forEachLine, InputError, MAX_LINE_BYTES } from './input.ts';
import { WARM_UP_LINES } from './warm-up.ts';

/**
 * Lines answered before the warm-up hands (./warm-up.ts) are scored: late enough that a short input never pays
 * for them and that V8 already keeps type feedback for the functions they run (it allocates it only after a
 * function's first calls), early enough that TurboFan has not compiled the large functions yet. On gen_hands.py's
 * 30,000 hands, instructions of the whole run (callgrind, V8 single-threaded): 2,552 million without the warm-up,
 * 2,317 / 2,325 / 2,327 / 2,431 / 2,512 million with it after 16 / 32 / 64 / 256 / 1,024 lines (src/engine/README.md).
 */
export const WARM_UP_AFTER = 64;
/** Passes over the warm-up hands (the second one gives the functions first called by the first their feedback). */
const WARM_UP_PASSES = 2;

export const BLANK_LINE = JSON.stringify({
  ok: false,
  error: { code: 'INVALID_JSON', message: 'Line is blank: each line must be a JSON object (a HandInput); blank lines are answered so output line N answers input line N.' },
});
export const TOO_LONG_LINE = JSON.stringify({
  ok: false,
  error: { code: 'INVALID_JSON', message: `Line is longer than ${MAX_LINE_BYTES} bytes (the most read of one line); skipped.` },
});

type Latin1 = Buffer & { latin1Slice(start: number, end: number): string };

/**
 * Score the JSON lines of `fdIn` onto `fdOut`. `slowLine` is the reference path for a line the direct parser
 * leaves alone (scoreJsonLine). Once `warmUpAfter` lines are answered, the warm-up hands are scored with the
 * same rules and their answers dropped. Returns the exit status; a reader closing the pipe ends the run quietly (0).
 */
export function runJsonlFast(
  rules: RulesLike,
  slowLine: (line: string, rules: RulesLike) => string,
  fdIn = 0,
  fdOut = 1,
  warmUpAfter = WARM_UP_AFTER,
): number {
  const out = new ByteOutput(fdOut);
  let current: Latin1 | undefined;
  const slice = (s: number, e: number): string => (current as Latin1).latin1Slice(s, e);
  const answer = (to: ByteOutput, buf: Buffer, s: number, e: number): void => {
    current = buf as Latin1;
    const v = parseJsonLine(buf, s, e, slice);
    if (v === FALLBACK) {
      const text = buf.toString('utf8', s, e);
      to.other(text.trim() ? slowLine(text, rules) : BLANK_LINE);
      to.newline();
    } else {
      writeResult(to, scoreHandBrief(v, v.rules ?? rules));
    }
  };
  // the warm-up hands, answered into a buffer of their own that is emptied after each (never written out)
  const warmUp = (): void => {
    const scratch = new ByteOutput(-1);
    const lines = WARM_UP_LINES.map((l) => Buffer.from(l, 'latin1'));
    for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
      for (const b of lines) {
        answer(scratch, b, 0, b.length);
        scratch.pos = 0;
      }
    }
  };
  let answered = 0;
  const line = (buf: Buffer, s: number, e: number): void => {
    answer(out, buf, s, e);
    if (++answered === warmUpAfter) warmUp();
  };
  const chunkDone = (): void => {
    if (out.pos > 0) out.flush();
  };
  const tooLong = (): void => {
    out.ascii(TOO_LONG_LINE);
    out.newline();
  };
  try {
    checkInput(fdIn);
    forEachLine(fdIn, line, chunkDone, tooLong);
    return 0;
  } catch (e) {
    if (e instanceof OutputClosed) return 0;
    if (e instanceof OutputFailed) {
      process.stderr.write(`riichi-lens score: ${e.message}\n`);
      return 1;
    }
    if (e instanceof InputError) {
      try {
        out.flush(); // the lines answered before the error
      } catch {
        // the output is gone too
      }
      process.stderr.write(`riichi-lens score: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}
