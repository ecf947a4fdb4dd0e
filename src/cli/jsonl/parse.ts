// Direct reader of one JSON-lines input line, as bytes: the plain JSON that `score --jsonl` is given (objects,
// arrays, ASCII strings without escapes, integers, true/false/null). It builds the same value JSON.parse would;
// anything else (escapes, non-ASCII bytes, fractions and exponents, long numbers, "__proto__", deep nesting,
// syntax errors) makes it answer FALLBACK, and the caller gives the decoded line to JSON.parse, so results and
// error messages are JSON.parse's own.
//
// One function, everything in local variables, containers on an explicit stack: V8's optimised code then keeps
// the position in a register (module-level bindings are reloaded and checked at every use). Strings go through
// a small direct-mapped cache (keys, winds, tiles and meld types repeat on every line): a hit costs a hash and a
// comparison instead of a new string.

/** Answer of `parseJsonLine` for a line it does not read itself. */
export const FALLBACK: unique symbol = Symbol('fallback');

const CACHE_BITS = 12;
const CACHE_MASK = (1 << CACHE_BITS) - 1;
const CACHE_MAX_LENGTH = 16;
const MAX_DEPTH = 16;

interface State {
  cache: string[];
  containers: (Record<string, unknown> | unknown[])[];
  keys: string[];
}
const state: State = { cache: new Array<string>(1 << CACHE_BITS).fill(''), containers: new Array(MAX_DEPTH).fill(null), keys: new Array<string>(MAX_DEPTH).fill('') };

/**
 * The JSON value of the bytes [start, stop) of `b`, as JSON.parse would give it, or FALLBACK when this reader
 * leaves the line to JSON.parse. `latin1(start, stop)` returns those bytes (ASCII) as a string.
 */
export function parseJsonLine(b: Uint8Array, start: number, stop: number, latin1: (start: number, stop: number) => string): unknown {
  const { cache, containers, keys } = state;
  let p = start;
  let depth = 0; // open containers
  let inArray = false; // the innermost container is an array (else an object)
  let c = 0;
  for (;;) {
    // --- a value at p (after optional spaces); in an object, first its key
    while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
    if (p >= stop) return FALLBACK;
    if (depth > 0 && !inArray) {
      if (c !== 34) return FALLBACK;
      // key: a string, then ':'
      let q = ++p;
      let hash = 0;
      while (q < stop && (c = b[q] as number) !== 34) {
        if (c === 92 || c < 32 || c > 126) return FALLBACK;
        hash = (Math.imul(hash, 31) + c) | 0;
        q++;
      }
      if (q >= stop) return FALLBACK;
      const n = q - p;
      let key: string;
      if (n > CACHE_MAX_LENGTH) key = latin1(p, q);
      else {
        const slot = (hash ^ (hash >>> CACHE_BITS) ^ n) & CACHE_MASK;
        const hit = cache[slot] as string;
        let i = 0;
        if (hit.length === n) while (i < n && hit.charCodeAt(i) === b[p + i]) i++;
        if (i === n && hit.length === n) key = hit;
        else cache[slot] = key = latin1(p, q);
      }
      // "__proto__" is an own key for JSON.parse but the prototype for an assignment
      if (key === '__proto__') return FALLBACK;
      keys[depth - 1] = key;
      p = q + 1;
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop || c !== 58) return FALLBACK;
      p++;
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop) return FALLBACK;
    }
    let v: unknown;
    if (c === 34) {
      let q = ++p;
      let hash = 0;
      while (q < stop && (c = b[q] as number) !== 34) {
        if (c === 92 || c < 32 || c > 126) return FALLBACK;
        hash = (Math.imul(hash, 31) + c) | 0;
        q++;
      }
      if (q >= stop) return FALLBACK;
      const n = q - p;
      if (n > CACHE_MAX_LENGTH) v = latin1(p, q);
      else {
        const slot = (hash ^ (hash >>> CACHE_BITS) ^ n) & CACHE_MASK;
        const hit = cache[slot] as string;
        let i = 0;
        if (hit.length === n) while (i < n && hit.charCodeAt(i) === b[p + i]) i++;
        if (i === n && hit.length === n) v = hit;
        else cache[slot] = (v = n === 0 ? '' : latin1(p, q)) as string;
      }
      p = q + 1;
    } else if (c === 123 || c === 91) {
      if (depth === MAX_DEPTH) return FALLBACK;
      const container = c === 123 ? {} : [];
      containers[depth++] = container;
      inArray = c === 91;
      p++;
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p < stop && c === (inArray ? 93 : 125)) {
        // empty: a complete value
        p++;
        depth--;
        v = container;
        inArray = depth > 0 && Array.isArray(containers[depth - 1]);
      } else {
        continue;
      }
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      // an integer of at most 15 digits, no fraction or exponent
      const negative = c === 45;
      if (negative) p++;
      const first = p;
      let x = 0;
      while (p < stop && (c = b[p] as number) >= 48 && c <= 57) {
        x = x * 10 + (c - 48);
        p++;
      }
      const n = p - first;
      if (n === 0 || n > 15 || (n > 1 && b[first] === 48)) return FALLBACK;
      if (p < stop && c !== 44 && c !== 125 && c !== 93 && c !== 32 && c !== 9) return FALLBACK;
      v = negative ? -x : x;
    } else if (c === 116) {
      if (p + 4 > stop || b[p + 1] !== 114 || b[p + 2] !== 117 || b[p + 3] !== 101) return FALLBACK;
      p += 4;
      v = true;
    } else if (c === 102) {
      if (p + 5 > stop || b[p + 1] !== 97 || b[p + 2] !== 108 || b[p + 3] !== 115 || b[p + 4] !== 101) return FALLBACK;
      p += 5;
      v = false;
    } else if (c === 110) {
      if (p + 4 > stop || b[p + 1] !== 117 || b[p + 2] !== 108 || b[p + 3] !== 108) return FALLBACK;
      p += 4;
      v = null;
    } else {
      return FALLBACK;
    }
    // --- v is complete: store it, then close every container that ends here
    for (;;) {
      if (depth === 0) {
        while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
        return p === stop ? v : FALLBACK;
      }
      const container = containers[depth - 1] as Record<string, unknown> | unknown[];
      if (inArray) (container as unknown[]).push(v);
      else (container as Record<string, unknown>)[keys[depth - 1] as string] = v;
      while (p < stop && ((c = b[p] as number) === 32 || c === 9)) p++;
      if (p >= stop) return FALLBACK;
      if (c === 44) {
        p++;
        break; // the next value (or key) of this container
      }
      if (c !== (inArray ? 93 : 125)) return FALLBACK;
      p++;
      depth--;
      containers[depth] = null as unknown as unknown[];
      v = container;
      inArray = depth > 0 && Array.isArray(containers[depth - 1]);
    }
  }
}
