// `score --jsonl`'s fast path (src/cli/jsonl/) against the reference: the implementation it replaced, copied
// below (JSON.parse + scoreHandBrief + JSON.stringify of each line, lines split as readline splits them), with
// one intended change: a blank line is answered (BLANK_LINE) instead of skipped, so output line N answers input
// line N. Output is compared byte for byte. (If the result format changes on purpose, change REFERENCE too.)
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveRules, scoreHandBrief, type HandInput, type ResolvedRules, type ScoreBrief } from '../../src/engine/index.ts';
import { randomHands, seededRandom } from '../../src/engine/random-hands.ts';
import { scoreJsonLine } from '../../src/cli/commands/score.ts';
import { BLANK_LINE, runJsonlFast, WARM_UP_AFTER } from '../../src/cli/jsonl/run.ts';
import { WARM_UP_LINES } from '../../src/cli/jsonl/warm-up.ts';
import { FALLBACK, parseJsonLine } from '../../src/cli/jsonl/parse.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'riichi-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ---- the reference: the implementation before the fast path (src/cli/commands/score.ts, 2026-12-01)
function referenceResultLine(r: ScoreBrief): string {
  if (!r.ok) return JSON.stringify({ ok: false, error: { code: r.error.code, message: r.error.message } });
  const line = { ok: true, han: r.han, fu: r.fu, yaku: r.yaku, limit: r.limit, payment: r.payment, total_gain: r.total_gain, rules: r.rules };
  // issue 14: a red five scored as a plain five (EMA 2016 has none) is said in the line
  return JSON.stringify(r.red_fives_plain ? { ...line, red_fives_plain: r.red_fives_plain } : line);
}
function referenceLine(line: string, rules: ResolvedRules | undefined): string {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch (e) {
    return JSON.stringify({ ok: false, error: { code: 'INVALID_JSON', message: `Line is not valid JSON: ${(e as Error).message}` } });
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return JSON.stringify({ ok: false, error: { code: 'INVALID_INPUT', message: 'Each line must be a JSON object (a HandInput).' } });
  }
  const h = input as HandInput;
  return referenceResultLine(scoreHandBrief(h, h.rules ?? rules));
}
/** The whole output for an input: decoded as UTF-8, split on \r\n, \n or \r (readline), every line answered. */
function REFERENCE(input: Buffer, rules?: ResolvedRules): string {
  const lines = input.toString('utf8').split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.trim() ? referenceLine(l, rules) : BLANK_LINE) + '\n').join('');
}

// ---- the fast path, in process, file to file
let runs = 0;
function fast(input: Buffer | string, rules?: ResolvedRules, warmUpAfter = WARM_UP_AFTER): string {
  const inPath = join(dir, `in-${runs}`);
  const outPath = join(dir, `out-${runs++}`);
  writeFileSync(inPath, input);
  const fdIn = openSync(inPath, 'r');
  const fdOut = openSync(outPath, 'w');
  try {
    expect(runJsonlFast(rules, scoreJsonLine, fdIn, fdOut, warmUpAfter)).toBe(0);
  } finally {
    closeSync(fdIn);
    closeSync(fdOut);
  }
  return readFileSync(outPath, 'utf8');
}
/** The same split, each line through the module's own scoreJsonLine (resultLine): the fast path must follow it. */
function LIVE(input: Buffer): string {
  const lines = input.toString('utf8').split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.trim() ? scoreJsonLine(l, undefined) : BLANK_LINE) + '\n').join('');
}
function same(input: Buffer | string): void {
  const buf = typeof input === 'string' ? Buffer.from(input) : input;
  const got = fast(buf);
  const want = REFERENCE(buf);
  expect(LIVE(buf) === got).toBe(true); // writeResult (src/cli/jsonl/output.ts) mirrors resultLine
  if (got !== want) {
    // the first differing line, readable
    const g = got.split('\n');
    const w = want.split('\n');
    const i = g.findIndex((l, k) => l !== w[k]);
    expect({ line: i, got: g[i] }).toEqual({ line: i, got: w[i] });
  }
  expect(got).toBe(want);
}

const BASE = { closed: '123m456p789s23s99m4s', win_tile: '4s', seat_wind: 'S', riichi: true, riichi_sticks: 1 };

describe('score --jsonl fast path, byte for byte against JSON.parse + scoreHandBrief + JSON.stringify', () => {
  it('50,000 generated hands, plus damaged copies (invalid hands, no yaku, other rules)', () => {
    const r = seededRandom(1201);
    const lines: string[] = [];
    for (const h of randomHands(20261201, 50_000)) {
      const x = r();
      const o = h as unknown as Record<string, unknown>;
      if (x < 0.75) lines.push(JSON.stringify(h));
      else if (x < 0.8) lines.push(JSON.stringify({ ...o, closed: (h.closed as string).slice(1) }));
      else if (x < 0.84) lines.push(JSON.stringify({ ...o, ippatsu: true, riichi: false }));
      else if (x < 0.88) lines.push(JSON.stringify({ ...o, honba: 6, rules: 'ema2012' }));
      else if (x < 0.91) lines.push(JSON.stringify({ ...o, rules: { preset: 'ema', openTanyao: false } }));
      else if (x < 0.94) lines.push(JSON.stringify({ ...o, dora_indicators: '5m5m5m5m5m', seat_wind: 'x' }));
      else if (x < 0.97) lines.push(JSON.stringify({ ...o, melds: [{ type: 'pon', tiles: '123m' }] }));
      else lines.push(JSON.stringify(o, null, 1).replace(/\n/g, ' '));
    }
    same(lines.join('\n') + '\n');
  }, 120_000);

  it("gen_hands.py's hands (when python3 is present)", () => {
    const g = spawnSync('python3', [join(ROOT, '../shared/bench/gen_hands.py'), '2000', '--seed', '3'], { encoding: 'buffer', maxBuffer: 1 << 28 });
    if (g.status !== 0 || !g.stdout.length) return; // no python3 or no generator here
    same(g.stdout);
  }, 60_000);

  it('odd but valid JSON: spaces, tabs, key order, escapes, unicode, numbers JSON.parse reads as integers', () => {
    const b = JSON.stringify(BASE);
    same(
      [
        `  {  "closed" : "123m456p789s23s99m4s" ,\t"win_tile":"4s", "seat_wind":"S","riichi":true }  `,
        `{"win_tile":"4s","riichi":true,"seat_wind":"S","closed":"123m456p789s23s99m4s"}`,
        `{"closed":"\\u0031\\u00323m456p789s23s99m4s","win_tile":"4\\u0073","seat_wind":"S","riichi":true}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","seat_wind":"S","riichi":true,"honba":1.0,"riichi_sticks":2e0}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","seat_wind":"S","riichi":true,"honba":-0}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","seat_wind":"S","seat_wind":"E","riichi":true}`,
        `{"__proto__":{"riichi":true},"closed":"123m456p789s23s99m4s","win_tile":"4s"}`,
        `{"style":"日本語 ✓","closed":"123m456p789s23s99m4s","win_tile":"4s","riichi":true}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","rules":{"preset":"ema2012","openTanyao":false}}`,
        `{"closed":"234m067p11z555s","melds":[ {"type":"chi" , "tiles":"345s"} ],"win_tile":"5s","id":123456789012345678901}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","x":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","x":{},"y":[],"z":[{}],"w":"","v":null,"u":false}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","honba":1000,"riichi_sticks":1001}`,
        `{"closed":"123m456p789s23s99m4s","win_tile":"4s","riichi":"true","tsumo":1}`,
        `{"closed":"123m 456p 789s 23s 99m 4s","win_tile":" 4s ","dora_indicators":"\\"x"}`,
        `\ufeff${b}`,
        b,
      ].join('\n') + '\n',
    );
  });

  it('invalid lines, blank lines and line ends: every line answered, in order', () => {
    const b = JSON.stringify(BASE);
    same(['not json', '{', '{"a":}', '{"a":1,}', '[1,2]', '"text"', '42', 'null', 'true', '{"closed":123}', b.slice(0, 40), `${b} x`, `${b}${b}`].join('\n') + '\n');
    same(`\n\n${b}\n   \n\t\n${b}\n\n`);
    same(`${b}\r\n${b}\r${b}\n\r\n${b}`); // CRLF, lone CR, no final newline
    same(`${b}\u00a0\n\u00a0\n\u2028${b}\n`);
    same(Buffer.concat([Buffer.from(`${b}\n{"closed":"`), Buffer.from([0xff, 0xe3, 0x81]), Buffer.from(`"}\n\u00e9\n`)]));
    same('');
    same('\n');
  });

  it('long lines and lines across the 1 MiB read boundary', () => {
    const b = JSON.stringify(BASE);
    const pad = JSON.stringify({ ...BASE, note: 'x'.repeat(3_000_000) });
    const many = Array.from({ length: 4000 }, (_, i) => JSON.stringify({ ...BASE, id: i, style: 'y'.repeat(i % 200) })).join('\n');
    same(`${b}\n${pad}\n${b}\n${many}\n`);
  }, 60_000);

  it('property: random bytes and random JSON values, no crash, the reference answer for every line', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const handish = fc.record(
      {
        closed: fc.oneof(fc.constant('123m456p789s23s99m4s'), fc.string({ maxLength: 16 })),
        win_tile: fc.oneof(fc.constant('4s'), fc.string({ maxLength: 3 })),
        melds: fc.array(fc.record({ type: fc.constantFrom('chi', 'pon', 'kan-open', 'x'), tiles: fc.string({ maxLength: 5 }) }), { maxLength: 2 }),
        riichi: fc.oneof(fc.boolean(), value),
        seat_wind: fc.constantFrom('E', 'S', 'W', 'N', 'Q'),
        honba: fc.oneof(fc.integer({ min: -2, max: 1200 }), value),
        extra: value,
      },
      { requiredKeys: [] },
    );
    const line = fc.oneof(
      value.map((v) => JSON.stringify(v)),
      handish.map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a).toString('latin1')),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.uint8Array({ maxLength: 30 }), (lines, raw) => {
        same(Buffer.concat([Buffer.from(lines.join('\n') + '\n', 'utf8'), Buffer.from(raw)]));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('the warm-up hands change no answer: warmed up at the first line, after the usual count, never', () => {
    const r = seededRandom(1202);
    const lines = randomHands(20261203, 3000).map((h) => {
      const x = r();
      const o = h as unknown as Record<string, unknown>;
      if (x < 0.1) return JSON.stringify({ ...o, rules: 'tenhou' });
      if (x < 0.15) return JSON.stringify({ ...o, honba: 6, rules: 'ema2012' });
      if (x < 0.2) return JSON.stringify({ ...o, closed: (h.closed as string).slice(1) });
      return JSON.stringify(h);
    });
    // the warm-up hands themselves among the lines, so their own answers are checked too
    const input = Buffer.from([...WARM_UP_LINES, ...lines, ...WARM_UP_LINES].join('\n') + '\n');
    const want = REFERENCE(input);
    for (const after of [1, WARM_UP_AFTER, Number.MAX_SAFE_INTEGER]) expect(fast(input, undefined, after) === want).toBe(true);
    const tenhou = REFERENCE(input, resolveRules('tenhou'));
    expect(fast(input, resolveRules('tenhou'), 1) === tenhou).toBe(true);
    // one line of each kind: the direct parser reads all but the last (escapes: JSON.parse's)
    const direct = WARM_UP_LINES.map((l) => parseJsonLine(Buffer.from(l), 0, l.length, (s, e) => l.slice(s, e)) !== FALLBACK);
    expect(direct).toEqual(WARM_UP_LINES.map((_, i) => i < WARM_UP_LINES.length - 1));
  }, 60_000);

  it('the direct parser gives the engine what JSON.parse gives it, or leaves the line to JSON.parse', () => {
    const FIELDS = ['closed', 'melds', 'win_tile', 'tsumo', 'riichi', 'double_riichi', 'ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan', 'tenhou', 'chiihou', 'renhou', 'seat_wind', 'round_wind', 'dora_indicators', 'ura_indicators', 'honba', 'riichi_sticks', 'rules'];
    const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null), fc.double());
    const meld = fc.oneof(fc.record({ type: scalar, tiles: scalar, x: scalar }, { requiredKeys: [] }), scalar);
    const obj = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS, '__proto__', 'id'), fc.string({ maxLength: 4 })), fc.oneof(scalar, fc.array(meld, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })));
    let direct = 0;
    fc.assert(
      fc.property(obj, (o) => {
        for (const text of [JSON.stringify(o), JSON.stringify(o, null, 1).replace(/\n/g, ' ')]) {
          const bytes = Buffer.from(text);
          const got = parseJsonLine(bytes, 0, bytes.length, (s, e) => bytes.toString('latin1', s, e));
          if (got === FALLBACK) continue;
          direct++;
          const want = JSON.parse(text) as Record<string, unknown>;
          for (const f of FIELDS) {
            const w = Object.prototype.hasOwnProperty.call(want, f) ? want[f] : undefined;
            const g = (got as unknown as Record<string, unknown>)[f];
            if (f === 'melds' && Array.isArray(w)) {
              // a meld keeps type and tiles (the engine reads nothing else)
              expect(g).toStrictEqual(w.map((m) => (m && typeof m === 'object' ? { type: (m as Record<string, unknown>).type, tiles: (m as Record<string, unknown>).tiles } : m)));
            } else {
              expect(g).toStrictEqual(w);
            }
          }
        }
      }),
      { numRuns: 2000 },
    );
    expect(direct).toBeGreaterThan(200); // the direct reader took a fair share
  });
});

// ---- through the real command line
function cli(args: string[], options: { input?: string; stdin?: number } = {}) {
  const r = spawnSync(process.execPath, ['bin/riichi-lens.mjs', ...args], {
    cwd: ROOT, input: options.input, stdio: [options.stdin ?? 'pipe', 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('score --jsonl through the command line', () => {
  it('standard input a directory: a clear error, exit status 2', () => {
    const fd = openSync(dir, 'r');
    try {
      const r = cli(['score', '--jsonl'], { stdin: fd });
      expect(r.code).toBe(2);
      expect(r.err).toContain('standard input is a directory');
      expect(r.out).toBe('');
    } finally {
      closeSync(fd);
    }
  }, 60_000);

  it('an output that cannot be written (a full disk): a clear error, exit status 1', () => {
    if (!existsSync('/dev/full')) return;
    const fd = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, ['bin/riichi-lens.mjs', 'score', '--jsonl'], { cwd: ROOT, input: `${JSON.stringify(BASE)}\n`, stdio: ['pipe', fd, 'pipe'], encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('cannot write standard output: ENOSPC');
    } finally {
      closeSync(fd);
    }
  }, 60_000);

  it('a file saved as "UTF-8 with BOM" (Windows editors, Excel): its first line is read like the others', () => {
    const line = JSON.stringify(BASE);
    const r = cli(['score', '--jsonl'], { input: `\ufeff${line}\n${line}\n` });
    const [first, second] = r.out.trim().split('\n');
    expect(JSON.parse(first!)).toMatchObject({ ok: true });
    expect(first).toBe(second);
  }, 60_000);

  it('a reader that closes the pipe (| head -1): exits quietly, status 0', () => {
    const file = join(dir, 'many.jsonl');
    writeFileSync(file, `${JSON.stringify(BASE)}\n`.repeat(50_000));
    const r = spawnSync('bash', ['-c', `"${process.execPath}" bin/riichi-lens.mjs score --jsonl < "${file}" | head -1; echo "status \${PIPESTATUS[0]}" >&2`], {
      cwd: ROOT, encoding: 'utf8', timeout: 60_000,
    });
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, han: 2 });
    expect(r.stderr.trim()).toBe('status 0');
  }, 60_000);

  it('a reader that does not read: the run waits, reading no further ahead, memory bounded', async () => {
    // 3M short lines, each answered by a ~100-byte error: about 300 MB of output for 9 MB of input
    const file = join(dir, 'amplify.jsonl');
    writeFileSync(file, '[]\n'.repeat(3_000_000));
    const fd = openSync(file, 'r');
    const child = spawn(process.execPath, ['bin/riichi-lens.mjs', 'score', '--jsonl'], { cwd: ROOT, stdio: [fd, 'pipe', 'ignore'] });
    closeSync(fd);
    child.stdout?.pause();
    const proc = (file: string, key: string) => Number(new RegExp(`^${key}:\\s*(\\d+)`, 'm').exec(readFileSync(`/proc/${child.pid}/${file}`, 'utf8'))?.[1]);
    try {
      await new Promise((r) => setTimeout(r, 3000)); // started, and blocked on its full output pipe
      const readSoFar = proc('io', 'rchar');
      const rssKiB = proc('status', 'VmRSS');
      expect(child.exitCode).toBe(null);
      expect(readSoFar).toBeLessThan(4 * (1 << 20)); // its 1 MiB chunk and its own files, not the 9 MB input
      expect(rssKiB).toBeLessThan(200 * 1024); // the readline path held every result not yet written
    } finally {
      child.kill();
    }
  }, 60_000);

  it('a slow reader gets every line, in order', async () => {
    const input = Array.from({ length: 8000 }, (_, i) => JSON.stringify({ ...BASE, riichi_sticks: i % 7, honba: i % 5 })).join('\n') + '\n';
    const child = spawn(process.execPath, ['bin/riichi-lens.mjs', 'score', '--jsonl'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdin.end(input);
    const parts: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => {
      parts.push(d);
      if (parts.length < 60) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 20);
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(Buffer.concat(parts).toString('utf8')).toBe(REFERENCE(Buffer.from(input)));
  }, 60_000);
});

// ---- the prebuilt one-file bundle of `score --jsonl` alone, with its code cache, built here into a folder of its
// own (scripts/build-cli.mjs --out-root) and run by a copy of bin/riichi-lens.cjs (the package's `riichi-lens`), as
// `npm ci` leaves them
describe('score --jsonl from the prebuilt bundle (bin/riichi-lens.cjs, build/cli/esm/score-jsonl.cjs)', () => {
  it('the bundle, compiled with its code cache, answers as the reference; other arguments go to main.js', () => {
    const root = mkdtempSync(join(tmpdir(), 'riichi-prebuilt-'));
    try {
      mkdirSync(join(root, 'bin'));
      for (const f of ['riichi-lens.cjs', 'riichi-lens.mjs']) copyFileSync(join(ROOT, 'bin', f), join(root, 'bin', f));
      const b = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs'), '--quiet', '--out-root', root], { encoding: 'utf8', timeout: 60_000 });
      expect(b.stderr).toBe('');
      expect(b.status).toBe(0);
      const r = seededRandom(77);
      const lines = randomHands(20261202, 5000).map((h) => (r() < 0.1 ? JSON.stringify({ ...h, closed: (h.closed as string).slice(1) }) : JSON.stringify(h)));
      const input = Buffer.from([...lines, '', 'not json', `{"closed":"\\u0031${lines[0]!.slice(12)}`].join('\n') + '\n');
      const run = (args: string[]) =>
        spawnSync(process.execPath, [join(root, 'bin/riichi-lens.cjs'), ...args], {
          input, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 26, env: { ...process.env, RIICHI_LENS_PREBUILT: '1', RIICHI_LENS_CODE_CACHE: 'check' },
        });
      const alone = run(['score', '--jsonl']);
      expect(alone.stderr).toBe('riichi-lens: code cache accepted\n');
      expect(alone.status).toBe(0);
      expect(alone.stdout === REFERENCE(input)).toBe(true);
      // a bundle written again after the build (same bytes, a new time): the cache is not used, the answer the same
      const bundle = join(root, 'build/cli/esm/score-jsonl.cjs');
      writeFileSync(bundle, readFileSync(bundle));
      utimesSync(bundle, new Date(), new Date(Date.now() + 5000));
      const rewritten = run(['score', '--jsonl']);
      expect(rewritten.stderr).toBe('riichi-lens: code cache not used\n');
      expect(rewritten.stdout === alone.stdout).toBe(true);
      // a preset named: the bundle too (its cache line says so: not used, since the bundle was rewritten just above),
      // the rules resolved once, in either order of the arguments
      const named = run(['score', '--jsonl', '--rules', 'ema']);
      expect(named.stderr).toBe('riichi-lens: code cache not used\n');
      expect(named.stdout === alone.stdout).toBe(true);
      const wrc = REFERENCE(input, resolveRules('wrc2015'));
      expect(wrc === alone.stdout).toBe(false); // other rules, other answers
      for (const args of [['score', '--jsonl', '--rules', 'wrc2015'], ['score', '--rules', 'wrc2015', '--jsonl'], ['score', '--rules=wrc2015', '--jsonl']]) {
        const r = run(args);
        expect(r.status).toBe(0);
        expect(r.stderr).toBe('riichi-lens: code cache not used\n'); // the bundle (its cache line)
        expect(r.stdout === wrc).toBe(true);
      }
      // anything else goes through main.js (no bundle, no cache line), to the same bytes or the same error
      const option = run(['score', '--jsonl', '--rules', 'wrc2015', '--option', 'openTanyao=true']);
      expect(option.stderr).toBe('');
      expect(option.stdout === wrc).toBe(true); // WRC 2015 has open tanyao already
      const unknown = run(['score', '--jsonl', '--rules', 'constructor']);
      expect(unknown.status).toBe(2);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toMatch(/^riichi-lens score: UNKNOWN_RULES: Unknown rules "constructor"/);
      // --help: the text the build took from main.js, byte for byte, printed without loading main.js (a marker written
      // into help.txt shows which answered); without the file, main.js answers the same
      const fromMain = spawnSync(process.execPath, [join(root, 'build/cli/esm/main.js'), '--help'], { encoding: 'utf8' });
      for (const flag of ['--help', '-h', 'help']) {
        const h = run([flag]);
        expect(h.status).toBe(0);
        expect(h.stdout).toBe(fromMain.stdout);
      }
      const helpFile = join(root, 'build/cli/esm/help.txt');
      writeFileSync(helpFile, 'marker\n');
      expect(run(['--help']).stdout).toBe('marker\n');
      rmSync(helpFile);
      const noFile = run(['--help']);
      expect(noFile.status).toBe(0);
      expect(noFile.stdout).toBe(fromMain.stdout);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
