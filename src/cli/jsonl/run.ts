// `riichi-lens score --jsonl`, the fast path: stdin in large chunks, each line read by the direct parser (or
// JSON.parse when the line is anything unusual), scored without the explanation, the result written as bytes.
// Output line N answers input line N: a blank line gets an error result, an over-long line too.
// The output is byte for byte what scoreJsonLine + resultLine (../commands/score.ts) give for each line.
import { scoreHandBrief, type RulesLike } from '../../engine/index.ts';
import { FALLBACK, parseJsonLine } from './parse.ts';
import { ByteOutput, OutputClosed, OutputFailed, writeResult } from './output.ts';
import { checkInput, forEachLine, InputError, MAX_LINE_BYTES } from './input.ts';

export const NOT_AN_OBJECT_LINE = JSON.stringify({ ok: false, error: { code: 'INVALID_INPUT', message: 'Each line must be a JSON object (a HandInput).' } });
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
 * leaves alone (scoreJsonLine). Returns the exit status; a reader closing the pipe ends the run quietly (0).
 */
export function runJsonlFast(
  rules: RulesLike,
  slowLine: (line: string, rules: RulesLike) => string,
  fdIn = 0,
  fdOut = 1,
): number {
  const out = new ByteOutput(fdOut);
  let current: Latin1 | undefined;
  const slice = (s: number, e: number): string => (current as Latin1).latin1Slice(s, e);
  const line = (buf: Buffer, s: number, e: number): void => {
    current = buf as Latin1;
    const v = parseJsonLine(buf, s, e, slice);
    if (v === FALLBACK) {
      const text = buf.toString('utf8', s, e);
      out.other(text.trim() ? slowLine(text, rules) : BLANK_LINE);
      out.newline();
    } else {
      writeResult(out, scoreHandBrief(v, v.rules ?? rules));
    }
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
