// Output of `score --jsonl` as bytes: results are written straight into one large buffer, handed to the file
// descriptor with blocking writes when it fills (and at the end of each input chunk). A blocking write waits
// for a slow reader, so memory stays at the buffer's size whatever the reader does; a closed pipe (EPIPE)
// stops the run quietly.
import { writeSync } from 'node:fs';
import type { ScoreBrief } from '../../engine/index.ts';

const SIZE = 1 << 20;

/** Thrown (and caught by the run loop) when the reader has closed the pipe. */
export class OutputClosed extends Error {}
/** Thrown (and caught by the run loop) when the output cannot be written (a full disk, a closed descriptor). */
export class OutputFailed extends Error {}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** At most this many strings, keys and entries have their bytes kept (memory stays bounded whatever the input). */
const NAMES_KEPT = 4096;
const nameBytes = new Map<string, Buffer>();
const keyBytes = new Map<string, Buffer>();
const entryBytes = new Map<object, Buffer>();

/** A frozen plain object whose properties hold strings and finite numbers (no getters): its JSON never changes. */
function keepsBytes(x: unknown): boolean {
  if (typeof x !== 'object' || x === null || !Object.isFrozen(x) || Object.getPrototypeOf(x) !== Object.prototype) return false;
  for (const d of Object.values(Object.getOwnPropertyDescriptors(x))) {
    const v: unknown = d.value;
    if (!('value' in d) || (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v)))) return false;
  }
  return true;
}

export class ByteOutput {
  buf: Buffer = Buffer.allocUnsafe(SIZE);
  pos = 0;
  readonly fd: number;
  constructor(fd: number) {
    this.fd = fd;
  }

  /** Write out everything buffered (blocking: the reader's pace). */
  flush(): void {
    let off = 0;
    while (off < this.pos) {
      try {
        off += writeSync(this.fd, this.buf, off, this.pos - off);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          // a non-blocking descriptor (shared with another process): wait for the reader, keep nothing more
          sleep(1);
          continue;
        }
        if (code === 'EPIPE') throw new OutputClosed('output closed');
        throw new OutputFailed(`cannot write standard output: ${(e as Error).message}`);
      }
    }
    this.pos = 0;
    if (this.buf.length > SIZE) this.buf = Buffer.allocUnsafe(SIZE);
  }

  /** Room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.flush();
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
  }

  /** ASCII text known to need no escaping (the fixed parts of a result). */
  ascii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** A string as JSON.stringify writes it (quotes, escapes), UTF-8 encoded. */
  string(s: string): void {
    const n = s.length;
    this.ensure(2 * n + 2);
    const b = this.buf;
    let p = this.pos;
    b[p++] = 34;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 32 || c > 126) {
        this.other(JSON.stringify(s));
        return;
      }
      if (c === 34 || c === 92) b[p++] = 92;
      b[p++] = c;
    }
    b[p++] = 34;
    this.pos = p;
  }

  /** Any text (already JSON), UTF-8 encoded. */
  other(json: string): void {
    this.ensure(3 * json.length);
    this.pos += this.buf.write(json, this.pos, 'utf8');
  }

  /** A number as JSON.stringify writes it. */
  number(v: number): void {
    if (!Number.isInteger(v) || v > 1e15 || v < -1e15) {
      this.ascii(JSON.stringify(v));
      return;
    }
    this.ensure(17);
    const b = this.buf;
    let p = this.pos;
    if (v < 0) {
      b[p++] = 45;
      v = -v;
    }
    if (v < 10) {
      b[p++] = 48 + v;
    } else {
      let digits = 1;
      for (let x = v; x >= 10; x = Math.floor(x / 10)) digits++;
      p += digits;
      for (let i = 1; i <= digits; i++) {
        b[p - i] = 48 + (v % 10);
        v = Math.floor(v / 10);
      }
    }
    this.pos = p;
  }

  /** Any JSON value as JSON.stringify writes it (plain data: no toJSON, no cycles). */
  value(v: unknown): void {
    switch (typeof v) {
      case 'number':
        this.number(v);
        return;
      case 'string':
        this.string(v);
        return;
      case 'boolean':
        this.ascii(v ? 'true' : 'false');
        return;
      case 'object':
        if (v === null) this.ascii('null');
        else if (Array.isArray(v)) this.array(v);
        else if (Object.getPrototypeOf(v) === Object.prototype) this.object(v as Record<string, unknown>);
        else this.other(JSON.stringify(v));
        return;
      default:
        this.other(JSON.stringify(v) ?? 'null');
    }
  }

  array(a: readonly unknown[]): void {
    this.ascii('[');
    for (let i = 0; i < a.length; i++) {
      if (i > 0) this.ascii(',');
      const x = a[i];
      // JSON.stringify writes null for what it cannot write inside an array
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') this.ascii('null');
      else this.value(x);
    }
    this.ascii(']');
  }

  /** `"k":`, its bytes kept for the next time (results repeat a few keys). */
  key(k: string): void {
    let b = keyBytes.get(k);
    if (b === undefined) {
      b = Buffer.from(JSON.stringify(k) + ':', 'utf8');
      if (keyBytes.size < NAMES_KEPT) keyBytes.set(k, b);
    }
    this.bytes(b);
  }

  object(o: Record<string, unknown>): void {
    this.ascii('{');
    let first = true;
    for (const k in o) {
      if (!Object.prototype.hasOwnProperty.call(o, k)) continue;
      const x = o[k];
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      if (!first) this.ascii(',');
      first = false;
      this.key(k);
      this.value(x);
    }
    this.ascii('}');
  }

  /** Bytes written before (`"key":`, a whole entry), copied. */
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** A string as `string` writes it, its bytes kept for the next time (for the few names results repeat). */
  name(s: string): void {
    let b = nameBytes.get(s);
    if (b === undefined) {
      b = Buffer.from(JSON.stringify(s), 'utf8');
      if (nameBytes.size < NAMES_KEPT) nameBytes.set(s, b);
    }
    this.bytes(b);
  }

  /**
   * An array of the engine's shared yaku entries, as `value` writes it. An entry that is a frozen plain object of
   * strings and numbers cannot change: its bytes are kept by identity (the engine shares one object per yaku and
   * fan); anything else is written by `value`.
   */
  entries(a: readonly unknown[]): void {
    this.ensure(1);
    this.buf[this.pos++] = 91;
    for (let i = 0; i < a.length; i++) {
      if (i > 0) {
        this.ensure(1);
        this.buf[this.pos++] = 44;
      }
      const x = a[i];
      const b = typeof x === 'object' && x !== null ? entryBytes.get(x) : undefined;
      if (b !== undefined) this.bytes(b);
      else if (x === undefined || typeof x === 'function' || typeof x === 'symbol') this.ascii('null');
      else if (keepsBytes(x)) {
        const made = Buffer.from(JSON.stringify(x), 'utf8');
        if (entryBytes.size < NAMES_KEPT) entryBytes.set(x as object, made);
        this.bytes(made);
      } else this.value(x);
    }
    this.ensure(1);
    this.buf[this.pos++] = 93;
  }

  /** `,"key":value` or `{"key":value`, skipped as JSON.stringify skips undefined. */
  field(prefix: string, v: unknown): void {
    if (v === undefined) return;
    this.ascii(prefix);
    this.value(v);
  }

  newline(): void {
    this.ensure(1);
    this.buf[this.pos++] = 10;
  }
}

/**
 * One result line, byte for byte what `resultLine` in ../commands/score.ts gives (JSON.stringify of the same
 * object), newline included. Kept next to it: a change to one is a change to both (tests/cli/jsonl-fast.test.ts).
 */
export function writeResult(out: ByteOutput, r: ScoreBrief): void {
  if (!r.ok) {
    out.ascii('{"ok":false,"error":{');
    // code and message always present; written as JSON.stringify would (undefined skipped)
    let sep = '';
    if (r.error.code !== undefined) {
      out.ascii('"code":');
      out.value(r.error.code);
      sep = ',';
    }
    out.field(`${sep}"message":`, r.error.message);
    out.ascii('}}');
  } else {
    out.ascii('{"ok":true');
    out.field(',"han":', r.han);
    out.field(',"fu":', r.fu);
    // the yaku entries, the limit and the rules name repeat from result to result: their bytes are kept
    if (Array.isArray(r.yaku)) {
      out.ascii(',"yaku":');
      out.entries(r.yaku);
    } else out.field(',"yaku":', r.yaku);
    if (typeof r.limit === 'string') {
      out.ascii(',"limit":');
      out.name(r.limit);
    } else out.field(',"limit":', r.limit);
    out.field(',"payment":', r.payment);
    out.field(',"total_gain":', r.total_gain);
    if (typeof r.rules === 'string') {
      out.ascii(',"rules":');
      out.name(r.rules);
    } else out.field(',"rules":', r.rules);
    // only present when the rules score a red five as a plain five (EMA 2016)
    out.field(',"red_fives_plain":', r.red_fives_plain);
    out.ascii('}');
  }
  out.newline();
}
