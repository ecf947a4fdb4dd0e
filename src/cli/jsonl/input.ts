// Input of `score --jsonl`: standard input read in large chunks with blocking reads (the run pulls: nothing is
// read ahead of what it has answered), split into lines as readline splits them (\n, \r\n or a lone \r).
import { fstatSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;
/** The UTF-8 byte-order mark. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Longest line kept; a longer one is answered with an error and skipped (memory stays bounded). */
export const MAX_LINE_BYTES = 1 << 22;

export class InputError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Refuse a standard input that cannot hold lines (a directory). */
export function checkInput(fd: number): void {
  let isDirectory = false;
  try {
    isDirectory = fstatSync(fd).isDirectory();
  } catch {
    // no stat (closed descriptor): the first read reports it
  }
  if (isDirectory) throw new InputError('standard input is a directory; --jsonl reads JSON lines from a file or a pipe', 2);
}

/** Blocking read of up to `length` bytes at `offset`; 0 at the end of the input. */
function readSome(fd: number, buf: Buffer, offset: number, length: number): number {
  for (;;) {
    try {
      return readSync(fd, buf, offset, length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        sleep(1); // a non-blocking descriptor: wait for the writer
        continue;
      }
      if (code === 'EOF') return 0; // Windows pipes
      if (code === 'EISDIR') throw new InputError('standard input is a directory; --jsonl reads JSON lines from a file or a pipe', 2);
      throw new InputError(`cannot read standard input: ${(e as Error).message}`, 1);
    }
  }
}

/**
 * Call `line(buf, start, end)` for every line of the input, in order (the line's bytes without its end), then
 * `chunkDone()` after the lines of each read; `tooLong()` stands for a line over MAX_LINE_BYTES.
 */
export function forEachLine(
  fd: number,
  line: (buf: Buffer, start: number, end: number) => void,
  chunkDone: () => void,
  tooLong: () => void,
): void {
  let buf = Buffer.allocUnsafe(CHUNK);
  let have = 0; // bytes in buf, from 0
  let skipping = false; // inside an over-long line, dropping bytes up to its end
  let pendingCR = false; // the last chunk ended with \r: a \n first in the next one belongs to it
  let atStart = true; // the input's first bytes not yet looked at for a byte-order mark
  for (;;) {
    if (have === buf.length) {
      // one line fills the buffer: grow it up to the cap, then drop the rest of the line
      if (buf.length < MAX_LINE_BYTES) {
        const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, MAX_LINE_BYTES));
        buf.copy(bigger, 0, 0, have);
        buf = bigger;
      } else {
        tooLong();
        skipping = true;
        have = 0;
      }
    }
    const n = readSome(fd, buf, have, buf.length - have);
    if (n === 0) break;
    let start = 0;
    let i = have;
    const stop = have + n;
    if (pendingCR) {
      pendingCR = false;
      if (buf[i] === 10 && i === 0) {
        i = 1;
        start = 1;
      }
    }
    if (atStart) {
      // A file saved as "UTF-8 with BOM" (Windows editors, Excel) starts with EF BB BF: not part of its first line.
      if (stop < BOM.length && buf.subarray(0, stop).equals(BOM.subarray(0, stop))) {
        have = stop; // maybe a mark cut by the pipe: read on before deciding
        continue;
      }
      atStart = false;
      if (buf.subarray(0, BOM.length).equals(BOM)) start = i = BOM.length;
    }
    // line ends found by indexOf (memchr), \r looked for only while the chunk has one
    const view = buf.subarray(0, stop);
    let nextCR = view.indexOf(13, i);
    for (;;) {
      let nl = view.indexOf(10, i);
      if (nl < 0) nl = stop;
      if (nextCR >= 0 && nextCR < i) nextCR = view.indexOf(13, i);
      const cr = nextCR >= 0 && nextCR < nl;
      const e = cr ? nextCR : nl;
      if (e >= stop) break;
      if (skipping) skipping = false;
      else line(buf, start, e);
      i = e + 1;
      if (cr) {
        if (i < stop) {
          if (buf[i] === 10) i++;
        } else {
          pendingCR = true;
        }
      }
      start = i;
    }
    if (skipping) {
      have = 0;
    } else {
      have = stop - start;
      if (start > 0 && have > 0) buf.copy(buf, 0, start, stop);
    }
    chunkDone();
  }
  if (have > 0 && !skipping) line(buf, 0, have);
  chunkDone();
}
