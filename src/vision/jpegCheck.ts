// Is a baseline JPEG whole? Browsers decode a JPEG with damaged data without a word: bytes overwritten in the middle
// become smeared blocks, a stray end marker halfway leaves the rest flat grey, and the tiles read there are made up
// (the command line's decoder, libvips, refuses such files). This walks the entropy-coded data the way a decoder
// does, without the transform: every Huffman code must exist, every block must hold at most 64 coefficients, every
// restart marker must come where the restart interval puts it, and each scan must end exactly where its last block
// does, at a marker. Progressive JPEGs (photos saved from the web or a messaging app) are walked scan by scan the same
// way: each scan's band of coefficients, end-of-band runs, and refinement bits for the coefficients earlier scans
// made nonzero (one bit a coefficient is kept for that). Arithmetic-coded and lossless JPEGs are not checked.
// Pure function over bytes; the browser's worker runs it before decoding (src/worker/recognition.worker.ts).

export type JpegIntegrity =
  | { state: 'whole' }
  /** Damaged: `reason` says what a decoder would stumble on, `at` the byte offset. */
  | { state: 'damaged'; reason: string; at: number }
  /** Not a kind this walks (arithmetic, lossless, hierarchical), too large to walk, or no frame before the first scan. */
  | { state: 'unchecked'; reason: string };

interface HuffmanTable {
  /** For a code of n bits read as an integer c: the symbol is values[c - first[n] + offset[n]] when c < first[n] + count[n]. */
  first: Int32Array;
  count: Int32Array;
  offset: Int32Array;
  values: Uint8Array;
  /** 9-bit fast lookup: (length << 8) | symbol, or 0 where the code is longer than 9 bits. */
  fast: Uint16Array;
}

const FAST_BITS = 9;

/**
 * A progressive JPEG's refinement scans need to know which coefficients earlier scans made nonzero: one bit per
 * coefficient, 8 bytes a block. Beyond this many blocks (about 500 megapixels at 4:2:0) the file is left unchecked
 * rather than the memory spent.
 */
const MAX_PROGRESSIVE_BLOCKS = 12_000_000;
/**
 * A progressive scan can skip its blocks with a few bytes (end-of-band runs), so its walk is not bounded by the
 * file's size; encoders write about 10 scans (libjpeg's scripts: 10 for colour, 6 for grey), so past this many the
 * rest is left unchecked, which bounds the time a hostile file takes.
 */
const MAX_PROGRESSIVE_SCANS = 100;

function buildTable(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const first = new Int32Array(17);
  const count = new Int32Array(17);
  const offset = new Int32Array(17);
  const fast = new Uint16Array(1 << FAST_BITS);
  let code = 0;
  let k = 0;
  for (let n = 1; n <= 16; n++) {
    first[n] = code;
    count[n] = counts[n - 1]!;
    offset[n] = k;
    for (let i = 0; i < count[n]!; i++, code++, k++) {
      if (n <= FAST_BITS) {
        const shift = FAST_BITS - n;
        for (let j = 0; j < 1 << shift; j++) fast[(code << shift) | j] = (n << 8) | values[k]!;
      }
    }
    code <<= 1;
  }
  return { first, count, offset, values, fast };
}

interface Component {
  id: number;
  h: number;
  v: number;
}

class Damaged extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(reason);
  }
}

/**
 * The reading position in one scan's entropy-coded data. 0xFF 0x00 is a 0xFF data byte; any other marker (or the
 * file's end) ends the data, after which zero bits are fed, as decoders do, and counted as missing (`real` < 0).
 */
interface BitState {
  bits: number;
  /** Bits in `bits` not yet taken (at most 32). */
  held: number;
  /** Of the bits taken and held, how many the file held: negative once a fed zero was taken. */
  real: number;
  /** Offset of the next file byte to read. */
  pos: number;
  /** Offset of the marker (or the file's end) that ended the data, or -1 while data goes on. */
  marker: number;
}

function refill(b: Uint8Array, st: BitState): void {
  while (st.held <= 24) {
    let byte = 0;
    if (st.marker < 0) {
      if (st.pos >= b.length) st.marker = b.length;
      else if (b[st.pos] !== 0xff) byte = b[st.pos++]!;
      else if (b[st.pos + 1] === 0x00) {
        byte = 0xff;
        st.pos += 2;
      } else st.marker = st.pos;
      if (st.marker < 0) st.real += 8;
    }
    st.bits = ((st.bits << 8) | byte) >>> 0;
    st.held += 8;
  }
}

/** A code longer than the fast table's 9 bits (`code16`: the next 16 bits); its length << 8 | symbol. */
function slowDecode(t: HuffmanTable, code16: number, at: number): number {
  for (let n = FAST_BITS + 1; n <= 16; n++) {
    const c = code16 >>> (16 - n);
    if (c >= t.first[n]! && c - t.first[n]! < t.count[n]!) return (n << 8) | t.values[c - t.first[n]! + t.offset[n]!]!;
  }
  throw new Damaged('a bit pattern that is no Huffman code of its table', at);
}

/**
 * Ends the data at a byte boundary (the last byte's padding bits dropped) and returns the offset where the next
 * marker must stand: the file bytes read ahead are given back, a stuffed 0xFF 0x00 counting as one.
 */
function alignToMarker(b: Uint8Array, st: BitState): number {
  let ahead = st.real > 0 ? st.real >> 3 : 0;
  let p = st.marker >= 0 ? st.marker : st.pos;
  while (ahead-- > 0) p -= p >= 2 && b[p - 1] === 0x00 && b[p - 2] === 0xff ? 2 : 1;
  return p;
}

/**
 * At a restart interval's end: the data must go on with the restart marker expected (RST0-RST7 in turn, fill bytes
 * allowed before it), after which the bits start afresh. Returns the number of the next marker expected.
 */
function passRestartMarker(b: Uint8Array, st: BitState, expected: number): number {
  let marker = alignToMarker(b, st);
  while (b[marker] === 0xff && b[marker + 1] === 0xff) marker++; // fill bytes before the marker
  if (b[marker] !== 0xff || b[marker + 1] !== 0xd0 + expected) {
    throw new Damaged(marker >= b.length ? 'the data ends before the last block' : 'a restart marker missing or out of place', marker);
  }
  Object.assign(st, { bits: 0, held: 0, real: 0, pos: marker + 2, marker: -1 });
  return (expected + 1) & 7;
}

/** A block read past the data's end (zero bits fed after a marker or the file's end): damaged, said where. */
function dataRanOut(b: Uint8Array, st: BitState): never {
  throw new Damaged(st.marker >= b.length ? 'the data ends before the last block' : 'a marker in the middle of the image data', st.marker);
}

/** After a scan's last block: the offset of the marker that must follow it. */
function scanEnd(b: Uint8Array, st: BitState): number {
  const next = alignToMarker(b, st);
  if (next >= b.length) throw new Damaged('the file ends before its end marker', next);
  if (b[next] !== 0xff) throw new Damaged('extra bytes after the last block', next);
  return next;
}

/** Walks a JPEG's segments and entropy-coded data; see the top of this file. */
export function checkJpegIntegrity(b: Uint8Array): JpegIntegrity {
  if (b[0] !== 0xff || b[1] !== 0xd8) return { state: 'damaged', reason: 'no start-of-image marker', at: 0 };
  const dc: (HuffmanTable | undefined)[] = [];
  const ac: (HuffmanTable | undefined)[] = [];
  let components: Component[] = [];
  let width = 0;
  let height = 0;
  let restartInterval = 0;
  let scans = 0;
  let progressive = false;
  /** Progressive only: per component, the coefficients made nonzero so far (2 words a block, bit k = coefficient k). */
  const nonzero = new Map<Component, Uint32Array>();
  let p = 2;
  try {
    while (p + 2 <= b.length) {
      if (b[p] !== 0xff) throw new Damaged('bytes where a marker should be', p);
      const m = b[p + 1]!;
      if (m === 0xff) {
        p++;
        continue;
      }
      if (m === 0xd9) return scans > 0 ? { state: 'whole' } : { state: 'damaged', reason: 'an end marker before any image data', at: p };
      if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
        p += 2;
        continue;
      }
      if (p + 4 > b.length) break;
      const length = (b[p + 2]! << 8) | b[p + 3]!;
      const body = p + 4;
      const end = p + 2 + length;
      if (length < 2 || end > b.length) throw new Damaged('a segment longer than the file', p);
      if (m === 0xc0 || m === 0xc1 || m === 0xc2) {
        progressive = m === 0xc2;
        height = (b[body + 1]! << 8) | b[body + 2]!;
        width = (b[body + 3]! << 8) | b[body + 4]!;
        const n = b[body + 5]!;
        components = [];
        for (let i = 0; i < n; i++) {
          const s = b[body + 7 + 3 * i]!;
          components.push({ id: b[body + 6 + 3 * i]!, h: s >> 4, v: s & 15 });
        }
        if (!height) return { state: 'unchecked', reason: 'the height comes later (a DNL marker)' };
        if (!width || !n || components.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) throw new Damaged('a frame header that makes no sense', p);
        if (progressive && componentBlocks(components, width, height).reduce((a, x) => a + x.w * x.h, 0) > MAX_PROGRESSIVE_BLOCKS) {
          return { state: 'unchecked', reason: 'a progressive JPEG too large to walk' };
        }
      } else if (m >= 0xc3 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
        return { state: 'unchecked', reason: m === 0xc6 || m === 0xca || m === 0xce ? 'progressive, not Huffman-coded' : 'not a baseline, extended or progressive Huffman JPEG' };
      } else if (m === 0xc4) {
        let q = body;
        while (q < end) {
          const tc = b[q]! >> 4;
          const th = b[q]! & 15;
          const counts = b.subarray(q + 1, q + 17);
          let total = 0;
          for (const c of counts) total += c;
          const values = b.subarray(q + 17, q + 17 + total);
          if (q + 17 + total > end || th > 3) throw new Damaged('a Huffman table that runs past its segment', q);
          (tc === 0 ? dc : ac)[th] = buildTable(counts, values);
          q += 17 + total;
        }
      } else if (m === 0xdd) {
        restartInterval = (b[body]! << 8) | b[body + 1]!;
      } else if (m === 0xda) {
        if (!components.length) return { state: 'unchecked', reason: 'a scan before any frame header' };
        const n = b[body]!;
        if (progressive) {
          if (scans >= MAX_PROGRESSIVE_SCANS) return { state: 'unchecked', reason: 'a progressive JPEG with more scans than encoders write' };
          const band: Band = { ss: b[body + 1 + 2 * n]!, se: b[body + 2 + 2 * n]!, ah: b[body + 3 + 2 * n]! >> 4, al: b[body + 3 + 2 * n]! & 15 };
          const dcScan = band.ss === 0;
          if (band.se > 63 || band.ss > band.se || (dcScan ? band.se !== 0 : n !== 1) || band.ah > 13 || band.al > 13 || !n) {
            throw new Damaged('a scan header that makes no sense', p);
          }
          const inBand: ProgressiveComponent[] = [];
          for (let i = 0; i < n; i++) {
            const c = components.find((x) => x.id === b[body + 1 + 2 * i]);
            const sel = b[body + 2 + 2 * i]!;
            // only the table the scan uses must be there: DC first scans use a DC table, AC scans an AC one
            const table = dcScan ? (band.ah === 0 ? dc[sel >> 4] : null) : ac[sel & 15];
            if (!c || table === undefined) throw new Damaged('a scan naming a component or table that is not there', p);
            inBand.push({ c, table });
          }
          p = walkProgressiveScan(b, end, inBand, components, width, height, restartInterval, band, nonzero);
          scans++;
          continue;
        }
        const inScan: { c: Component; dc: HuffmanTable; ac: HuffmanTable }[] = [];
        for (let i = 0; i < n; i++) {
          const c = components.find((x) => x.id === b[body + 1 + 2 * i]);
          const sel = b[body + 2 + 2 * i]!;
          const d = dc[sel >> 4];
          const a = ac[sel & 15];
          if (!c || !d || !a) throw new Damaged('a scan naming a component or table that is not there', p);
          inScan.push({ c, dc: d, ac: a });
        }
        p = walkScan(b, end, inScan, components, width, height, restartInterval);
        scans++;
        continue;
      }
      p = end;
    }
  } catch (e) {
    if (e instanceof Damaged) return { state: 'damaged', reason: e.reason, at: e.at };
    throw e;
  }
  return { state: 'damaged', reason: 'the file ends before its end marker', at: b.length };
}

/** Decodes one scan's blocks (coefficients dropped); returns the offset of the marker after it. */
function walkScan(
  b: Uint8Array,
  start: number,
  inScan: readonly { c: Component; dc: HuffmanTable; ac: HuffmanTable }[],
  all: readonly Component[],
  width: number,
  height: number,
  restartInterval: number,
): number {
  const mcus = scanUnits(inScan.map((s) => s.c), all, width, height);
  // a non-interleaved scan: one block per MCU
  const blocksPerMcu = inScan.map((s) => ({ dc: s.dc, ac: s.ac, n: inScan.length === 1 ? 1 : s.c.h * s.c.v }));
  const st: BitState = { bits: 0, held: 0, real: 0, pos: start, marker: -1 };
  let expectRestart = 0;
  for (let mcu = 0; mcu < mcus; mcu++) {
    if (restartInterval && mcu > 0 && mcu % restartInterval === 0) expectRestart = passRestartMarker(b, st, expectRestart);
    for (const block of blocksPerMcu) {
      const dcFast = block.dc.fast;
      const acFast = block.ac.fast;
      for (let k = 0; k < block.n; k++) {
        for (let i = 0; i < 64; ) {
          // one Huffman symbol (the DC size first, then AC run/size pairs), then its extra bits
          if (st.held < 16) refill(b, st);
          let hit = (i === 0 ? dcFast : acFast)[(st.bits >>> (st.held - FAST_BITS)) & ((1 << FAST_BITS) - 1)]!;
          if (!hit) hit = slowDecode(i === 0 ? block.dc : block.ac, (st.bits >>> (st.held - 16)) & 0xffff, st.pos);
          st.held -= hit >> 8;
          st.real -= hit >> 8;
          const symbol = hit & 0xff;
          const size = symbol & 15;
          if (i === 0) {
            if (symbol > 15) throw new Damaged('a DC difference of impossible size', st.pos);
            i = 1;
          } else if (size === 0) {
            if (symbol >> 4 !== 15) break; // end of block
            i += 16;
          } else i += (symbol >> 4) + 1;
          if (i > 64) throw new Damaged('a block with more than 64 coefficients', st.pos);
          if (st.held < size) refill(b, st);
          st.held -= size;
          st.real -= size;
        }
      }
    }
    if (st.real < 0) dataRanOut(b, st);
  }
  return scanEnd(b, st);
}

/**
 * The units a scan is coded in: for one component, its blocks over its own size (a non-interleaved scan); for
 * several, the MCUs over the frame, each holding h × v blocks of each component.
 */
function scanUnits(inScan: readonly Component[], all: readonly Component[], width: number, height: number): number {
  if (inScan.length === 1) {
    const grid = componentBlocks(all, width, height)[all.indexOf(inScan[0]!)]!;
    return grid.w * grid.h;
  }
  const hMax = Math.max(...all.map((c) => c.h));
  const vMax = Math.max(...all.map((c) => c.v));
  return Math.ceil(width / (8 * hMax)) * Math.ceil(height / (8 * vMax));
}

/** Blocks across and down of each component over its own size (a non-interleaved scan's grid). */
function componentBlocks(all: readonly Component[], width: number, height: number): { w: number; h: number }[] {
  const hMax = Math.max(...all.map((c) => c.h));
  const vMax = Math.max(...all.map((c) => c.v));
  return all.map((c) => ({ w: Math.ceil(Math.ceil((width * c.h) / hMax) / 8), h: Math.ceil(Math.ceil((height * c.v) / vMax) / 8) }));
}

/** A progressive scan's band: coefficients ss..se (zigzag order), successive approximation bits ah (high) and al (low). */
interface Band {
  ss: number;
  se: number;
  ah: number;
  al: number;
}

/** A component of a progressive scan and the one Huffman table the scan reads for it (none for a DC refinement). */
interface ProgressiveComponent {
  c: Component;
  table: HuffmanTable | null;
}

/**
 * Walks one scan of a progressive JPEG (coefficients dropped, as walkScan): DC scans over MCUs (interleaved when
 * they hold several components), AC scans over one component's blocks, with end-of-band runs (EOBRUN) across blocks.
 * Refinement scans read one correction bit for each coefficient already nonzero, so `nonzero` carries that from scan
 * to scan. Returns the offset of the marker after the scan.
 */
function walkProgressiveScan(
  b: Uint8Array,
  start: number,
  inScan: readonly ProgressiveComponent[],
  all: readonly Component[],
  width: number,
  height: number,
  restartInterval: number,
  band: Band,
  nonzero: Map<Component, Uint32Array>,
): number {
  const st: BitState = { bits: 0, held: 0, real: 0, pos: start, marker: -1 };
  const take = (n: number): number => {
    if (n === 0) return 0;
    if (st.held < n) refill(b, st);
    st.held -= n;
    st.real -= n;
    return (st.bits >>> st.held) & ((1 << n) - 1);
  };
  const decode = (t: HuffmanTable): number => {
    if (st.held < 16) refill(b, st);
    let hit = t.fast[(st.bits >>> (st.held - FAST_BITS)) & ((1 << FAST_BITS) - 1)]!;
    if (!hit) hit = slowDecode(t, (st.bits >>> (st.held - 16)) & 0xffff, st.pos);
    st.held -= hit >> 8;
    st.real -= hit >> 8;
    return hit & 0xff;
  };
  const { ss, se, ah } = band;
  const units = scanUnits(inScan.map((s) => s.c), all, width, height);
  /** Blocks of one unit (an MCU; in a non-interleaved scan, one block): its component's table and how many blocks. */
  const perUnit = inScan.map((s) => ({ table: s.table, n: inScan.length === 1 ? 1 : s.c.h * s.c.v }));
  // AC scans hold one component: its nonzero coefficients so far, one block per unit
  let history: Uint32Array | null = null;
  if (ss > 0) {
    const c = inScan[0]!.c;
    history = nonzero.get(c) ?? new Uint32Array(units * 2);
    nonzero.set(c, history);
  }
  let eobrun = 0;
  let expectRestart = 0;
  for (let unit = 0; unit < units; unit++) {
    if (restartInterval && unit > 0 && unit % restartInterval === 0) {
      expectRestart = passRestartMarker(b, st, expectRestart);
      eobrun = 0;
    }
    if (ss === 0) {
      // DC: a size and its bits per block (first scan), or one bit per block (refinement)
      for (let c = 0; c < perUnit.length; c++) {
        const { table, n } = perUnit[c]!;
        for (let k = 0; k < n; k++) {
          if (ah > 0) take(1);
          else {
            const size = decode(table!);
            if (size > 15) throw new Damaged('a DC difference of impossible size', st.pos);
            take(size);
          }
        }
      }
    } else {
      const table = perUnit[0]!.table!;
      const h = history!;
      const at = unit * 2;
      if (ah === 0) {
        // AC first: run/size pairs over the band, or an end-of-band run covering this and the next blocks
        if (eobrun > 0) {
          // blocks inside an end-of-band run read nothing: skipped together up to the next restart marker
          const until = restartInterval ? Math.min(units, (Math.floor(unit / restartInterval) + 1) * restartInterval) : units;
          const skip = Math.min(eobrun, until - unit);
          eobrun -= skip;
          unit += skip - 1;
          continue;
        } else {
          for (let k = ss; k <= se; ) {
            const rs = decode(table);
            const run = rs >> 4;
            const size = rs & 15;
            if (size === 0) {
              if (run < 15) {
                eobrun = (1 << run) - 1 + take(run);
                break;
              }
              k += 16;
              if (k > se + 1) throw new Damaged('a run of zeros past the scan\'s band', st.pos);
              continue;
            }
            k += run;
            if (k > se) throw new Damaged('a coefficient past the scan\'s band', st.pos);
            take(size);
            h[at + (k >> 5)] = h[at + (k >> 5)]! | (1 << (k & 31));
            k++;
          }
        }
      } else {
        // AC refinement: new coefficients of size one, and a correction bit for each coefficient already nonzero
        let k = ss;
        if (eobrun === 0) {
          for (; k <= se; k++) {
            const rs = decode(table);
            const run = rs >> 4;
            const size = rs & 15;
            if (size !== 0) {
              if (size !== 1) throw new Damaged('a refinement coefficient larger than one', st.pos);
              take(1);
            } else if (run !== 15) {
              eobrun = (1 << run) + take(run);
              break;
            }
            // over the coefficients already nonzero (a correction bit each) to the (run + 1)th zero one
            const zero = nthZeroBit(h, at, k, se, run);
            const stop = zero < 0 ? se + 1 : zero;
            for (let bits = stop > k ? setBitsIn(h, at, k, stop - 1) : 0; bits > 0; bits -= 16) take(Math.min(bits, 16));
            k = stop;
            if (size !== 0) {
              if (k > se) throw new Damaged('a coefficient past the scan\'s band', st.pos);
              h[at + (k >> 5)] = h[at + (k >> 5)]! | (1 << (k & 31));
            }
          }
        }
        if (eobrun > 0) {
          // a correction bit for each coefficient already nonzero in the rest of the band: counted, then skipped
          if (k <= se) {
            let bits = setBitsIn(h, at, k, se);
            for (; bits > 16; bits -= 16) take(16);
            take(bits);
          }
          eobrun--;
        }
      }
    }
    if (st.real < 0) dataRanOut(b, st);
  }
  return scanEnd(b, st);
}

/** How many of bits lo..hi (0-63, inclusive) are set in the two words of a block at `at`. */
function setBitsIn(h: Uint32Array, at: number, lo: number, hi: number): number {
  let n = 0;
  for (let w = lo >> 5; w <= hi >> 5; w++) n += popcount((h[at + w]! & rangeMask(w, lo, hi)) >>> 0);
  return n;
}

/** The bits lo..hi (0-63, inclusive) of word w (bits 32w..32w+31) of a block's two words, as a mask of that word. */
function rangeMask(w: number, lo: number, hi: number): number {
  const from = Math.max(lo, w * 32) - w * 32;
  const to = Math.min(hi, w * 32 + 31) - w * 32;
  return to - from === 31 ? 0xffffffff : (((1 << (to - from + 1)) - 1) << from) >>> 0;
}

/** The position of the (n + 1)th clear bit among bits lo..hi of a block's two words at `at`, or -1 when there is none. */
function nthZeroBit(h: Uint32Array, at: number, lo: number, hi: number, n: number): number {
  for (let w = lo >> 5; w <= hi >> 5; w++) {
    let zeros = (~h[at + w]! & rangeMask(w, lo, hi)) >>> 0;
    const count = popcount(zeros);
    if (count <= n) {
      n -= count;
      continue;
    }
    for (; n > 0; n--) zeros = (zeros & (zeros - 1)) >>> 0;
    return w * 32 + (31 - Math.clz32(zeros & -zeros));
  }
  return -1;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
