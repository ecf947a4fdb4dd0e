// Bad inputs, as a careless user or script gives them, through the real command line (node bin/riichi-lens.mjs):
// each case has the exit status, the stable code and a fragment of the message it must get, and runs under a time
// limit and a memory limit (peak resident memory, watched while it runs and reported at exit by ./rss-probe.mjs).
// No case may print a stack trace. Cases run a few at a time; JSON-line cases share one process.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync, ftruncateSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/riichi-lens.mjs');
const PROBE = path.join(ROOT, 'tests/cli/rss-probe.mjs');
const PHOTO = path.join(ROOT, 'test-images/hand01_tanyao_red5.jpg');
const DIR = mkdtempSync(path.join(os.tmpdir(), 'rl-bad-'));
const at = (name: string) => path.join(DIR, name);

/** Limits of one case: wall time, and peak resident memory (the CLI itself is about 100 MB). */
const TIME_LIMIT_MS = 25_000;
const MEMORY_LIMIT_MB = 350;
/** Cases run at once (CI has two cores). */
const CONCURRENCY = 3;

interface Outcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
  maxRssMb: number | null;
  killed: string | null;
}

/** Peak resident memory of a running process from /proc (Linux), in MB; null elsewhere. */
function rssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function runCli(args: readonly string[], stdin = '', memoryMb = MEMORY_LIMIT_MB): Promise<Outcome> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', PROBE, BIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    const bufs = { out: [] as Buffer[], err: [] as Buffer[], probe: [] as Buffer[] };
    let size = 0;
    let killed: string | null = null;
    let peak = 0;
    const kill = (why: string) => {
      killed ??= why;
      child.kill('SIGKILL');
    };
    const keep = (into: Buffer[]) => (b: Buffer) => {
      size += b.length;
      if (size > 4 << 20) kill('more than 4 MB of output');
      else into.push(b);
    };
    child.stdout!.on('data', keep(bufs.out));
    child.stderr!.on('data', keep(bufs.err));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (b: Buffer) => bufs.probe.push(b));
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(stdin);
    const timer = setTimeout(() => kill(`over the time limit of ${TIME_LIMIT_MS} ms`), TIME_LIMIT_MS);
    const watch = setInterval(() => {
      const mb = child.pid ? rssMb(child.pid) : null;
      if (mb !== null) peak = Math.max(peak, mb);
      if (mb !== null && mb > memoryMb) kill(`over the memory limit of ${memoryMb} MB (${mb.toFixed(0)} MB)`);
    }, 50);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      let maxRssMb: number | null = peak || null;
      try {
        const kb = (JSON.parse(Buffer.concat(bufs.probe).toString('utf8')) as { maxRssKb: number }).maxRssKb;
        maxRssMb = Math.max(maxRssMb ?? 0, kb / 1024);
      } catch {
        // killed before exit: the watched peak stands
      }
      resolve({ status, signal, out: Buffer.concat(bufs.out).toString('utf8'), err: Buffer.concat(bufs.err).toString('utf8'), ms: performance.now() - t0, maxRssMb, killed });
    });
  });
}

interface Case {
  name: string;
  args: string[];
  stdin?: string;
  exit: number;
  /** Stable code printed on stderr (null: a usage error, which prints the usage instead). */
  code: string | null;
  /** Fragment of the message (stderr; stdout for a case that exits 0). */
  message: string;
  /** Memory limit of the case when not MEMORY_LIMIT_MB (a case that runs the models). */
  memoryMb?: number;
}

const H = '234m567p345s5688s +7s';
const H14 = '234m567p345s5688s7s';

const CASES: Case[] = [
  // ---- built-in object keys as names: never a TypeError ----
  ...['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf'].map((name): Case => ({
    name: `score --rules ${name}`, args: ['score', H, '--rules', name], exit: 2, code: 'UNKNOWN_RULES', message: `Unknown rules "${name}" (known presets: ema, ema2012, wrc2015, mahjongsoul, tenhou, mleague)`,
  })),
  // the preset is --rules's alone: --option preset= could only disagree with it
  { name: 'score --option preset=toString', args: ['score', H, '--option', 'preset=toString'], exit: 2, code: null, message: 'the preset is chosen with --rules toString, not --option preset=' },
  { name: 'score --rules mleague --option preset=tenhou', args: ['score', H, '--rules', 'mleague', '--option', 'preset=tenhou'], exit: 2, code: null, message: 'the preset is chosen with --rules tenhou' },
  { name: 'score --option __proto__=1', args: ['score', H, '--option', '__proto__=1'], exit: 2, code: null, message: 'unknown rule option "__proto__"' },
  { name: 'score --option constructor=x', args: ['score', H, '--option', 'constructor=x'], exit: 2, code: null, message: 'unknown rule option "constructor"' },
  { name: 'score --option renhou=constructor', args: ['score', H, '--option', 'renhou=constructor'], exit: 2, code: 'INVALID_INPUT', message: '--option renhou is "constructor", expected mangan|yakuman|none' },
  { name: 'score --option uma=a,b', args: ['score', H, '--option', 'uma=a,b'], exit: 2, code: 'INVALID_INPUT', message: '--option uma is "a,b", expected four numbers, e.g. 15/5/-5/-15' },
  { name: 'score --option openTanyao=1', args: ['score', H, '--option', 'openTanyao=1'], exit: 2, code: 'INVALID_INPUT', message: '--option openTanyao is "1", expected true|false' },
  { name: 'pay --rules constructor', args: ['pay', '--han', '3', '--fu', '30', '--rules', 'constructor'], exit: 2, code: 'UNKNOWN_RULES', message: 'Unknown rules "constructor"' },
  { name: 'pay --rules __proto__', args: ['pay', '--han', '3', '--fu', '30', '--rules', '__proto__'], exit: 2, code: 'UNKNOWN_RULES', message: 'Unknown rules "__proto__"' },
  { name: 'unknown command toString', args: ['toString'], exit: 2, code: null, message: 'unknown command "toString"' },
  { name: 'unknown command __proto__', args: ['__proto__'], exit: 2, code: null, message: 'unknown command "__proto__"' },

  // ---- impossible situations ----
  { name: 'six dora indicators', args: ['score', H, '--dora', '1m2m3m4m6m7m'], exit: 1, code: 'INVALID_INPUT', message: 'dora_indicators is "1m2m3m4m6m7m", expected at most 5 indicators (one, plus one for each kan made at the table by any player, four at most), not 6' },
  { name: 'more ura than dora indicators', args: ['score', H, '--riichi', '--dora', '1m', '--ura', '2m3m'], exit: 1, code: 'INVALID_INPUT', message: 'ura_indicators is "2m3m", expected at most as many ura indicators as dora indicators (1), not 2' },
  { name: 'red winning tile, plain fives', args: ['score', H14, '--win', '0s'], exit: 1, code: 'WIN_TILE_NOT_IN_HAND', message: 'The winning tile 0s (a red five, while the concealed 5s are plain)' },
  // a bad value of an option is a usage error (exit 2) naming the option typed, not the engine's JSON field
  { name: '--honba 1001 names the cap', args: ['score', H, '--honba', '1001'], exit: 2, code: null, message: '--honba must be from 0 to 1000, got 1001' },
  { name: '--honba 1000000000000', args: ['score', H, '--honba', '1000000000000'], exit: 2, code: null, message: '--honba must be from 0 to 1000, got 1000000000000' },
  { name: '--honba -1', args: ['score', H, '--honba', '-1'], exit: 2, code: null, message: '--honba must be from 0 to 1000, got -1' },
  { name: '--sticks 1001', args: ['score', H, '--sticks', '1001'], exit: 2, code: null, message: '--sticks must be from 0 to 1000, got 1001' },
  { name: '--dora 8z', args: ['score', H, '--dora', '8z'], exit: 2, code: null, message: '--dora: Unknown tile text "8z"' },
  { name: '--dora [111m]', args: ['score', H, '--dora', '[111m]'], exit: 2, code: null, message: '--dora takes tiles only' },
  { name: '--win 9z', args: ['score', H14, '--win', '9z'], exit: 2, code: null, message: '--win: Unknown tile text "9z"' },
  { name: '--win two tiles', args: ['score', H14, '--win', '7s8s'], exit: 2, code: null, message: '--win takes one tile, got "7s8s"' },
  // "+7s" and --win 4s name two winning tiles: refused, not one silently preferred (it scored a closed wait)
  { name: '--win beside "+" in the hand', args: ['score', H, '--win', '4s'], exit: 2, code: null, message: 'the winning tile is given twice: after "+" in the hand and with --win' },
  // --ura without riichi is said to be ignored, and is: the hand scores
  { name: '--ura without --riichi is ignored', args: ['score', '123m456p789s23s99m +4s', '--ura', '8m', '--seat', 'S'], exit: 0, code: null, message: 'Total: 1 fan 30 fu' },
  // --jsonl takes each hand's situation from its line: an option meant for every line is refused, never dropped
  { name: 'score --jsonl --seat S', args: ['score', '--jsonl', '--seat', 'S'], stdin: '', exit: 2, code: null, message: '--jsonl takes each hand\'s situation from its line (only --rules and --option apply to all lines): --seat has no place here' },
  { name: 'score --jsonl --tsumo', args: ['score', '--jsonl', '--tsumo'], stdin: '', exit: 2, code: null, message: '--tsumo has no place here' },
  // score-photo checks the options of the score before it reads the photo, and names itself
  { name: 'score-photo --seat Q (checked before the photo)', args: ['score-photo', PHOTO, '--seat', 'Q'], exit: 2, code: null, message: 'riichi-lens score-photo: --seat must be E, S, W or N, got "Q"' },
  { name: 'score-photo of two photos', args: ['score-photo', PHOTO, PHOTO], exit: 2, code: null, message: 'riichi-lens score-photo: one photo at a time, got 2' },
  { name: 'score-photo --rules constructor', args: ['score-photo', PHOTO, '--rules', 'constructor'], exit: 2, code: 'UNKNOWN_RULES', message: 'riichi-lens score-photo: UNKNOWN_RULES: Unknown rules "constructor"' },
  // waits refuses a hand as every command does: "riichi-lens waits: CODE: message"
  { name: 'waits of 2 tiles', args: ['waits', '12m'], exit: 1, code: 'WRONG_TILE_COUNT', message: 'riichi-lens waits: WRONG_TILE_COUNT: A waiting hand has 13 tiles (each kan counts as 3); this one has 2.' },
  { name: 'waits of 1,000 copies of 1m', args: ['waits', '1'.repeat(1000) + 'm'], exit: 1, code: 'TOO_MANY_COPIES', message: 'Tile 1m is used 1000 times' },
  // pay: --yakuman is its limit, so fan and fu beside it are refused; --option as score takes it
  { name: 'pay --yakuman with --han', args: ['pay', '--han', '3', '--fu', '30', '--yakuman', '1'], exit: 2, code: null, message: '--yakuman pays the limit whatever the fan and fu: --han has no place beside it' },
  { name: 'pay --yakuman 0', args: ['pay', '--yakuman', '0'], exit: 2, code: 'INVALID_INPUT', message: '--yakuman is 0, expected 1 to 6' },
  { name: 'pay --option kiriageMangan=true', args: ['pay', '--han', '4', '--fu', '30', '--option', 'kiriageMangan=true', '--json'], exit: 0, code: null, message: '{"from_discarder":8000,"limit":"mangan"}' },

  // ---- a hand typed with one tile wrong: the error, and the changes that would make it win ----
  { name: 'not a winning hand, one tile off', args: ['score', '123m456m789m69s55z +9s'], exit: 1, code: 'NOT_A_WINNING_HAND', message: 'riichi-lens score: note: one tile changed makes it a winning hand: 6s -> 9s, 6s -> 5z' },
  { name: 'not a winning hand, the indicators counted', args: ['score', '123m456m789m69s55z +9s', '--riichi', '--dora', '5z', '--ura', '5z'], exit: 1, code: 'NOT_A_WINNING_HAND', message: 'a winning hand: 6s -> 9s\n' },

  // ---- pay: exactly the cells of the A-1 tables, plus limits ----
  { name: 'pay 1 fan 25 fu', args: ['pay', '--han', '1', '--fu', '25'], exit: 2, code: 'INVALID_INPUT', message: '--fu is 25 with 1 fan on a discard, expected at least 2 fan with 25 fu' },
  { name: 'pay 2 fan 25 fu tsumo', args: ['pay', '--han', '2', '--fu', '25', '--tsumo'], exit: 2, code: 'INVALID_INPUT', message: 'the tsumo tables have no 2 fan 25 fu cell' },
  { name: 'pay 1 fan 20 fu ron', args: ['pay', '--han', '1', '--fu', '20'], exit: 2, code: 'INVALID_INPUT', message: 'expected at least 30 fu on a discard' },
  { name: 'pay 3 fan 20 fu ron', args: ['pay', '--han', '3', '--fu', '20', '--dealer'], exit: 2, code: 'INVALID_INPUT', message: '20 fu is a pinfu won by self-draw' },
  { name: 'pay 1 fan 20 fu tsumo', args: ['pay', '--han', '1', '--fu', '20', '--tsumo'], exit: 2, code: 'INVALID_INPUT', message: 'the tables have no 1 fan 20 fu cell' },
  { name: 'pay --fu 1000', args: ['pay', '--han', '3', '--fu', '1000'], exit: 2, code: 'INVALID_INPUT', message: '--fu is 1000, expected a row of the scoring tables' },
  { name: 'pay --fu 1000 on a limit hand', args: ['pay', '--han', '6', '--fu', '1000'], exit: 2, code: 'INVALID_INPUT', message: '--fu is 1000, expected 20 to 130' },
  { name: 'pay --fu 120 (no such row: A-2 of the EMA text ends at 110)', args: ['pay', '--han', '1', '--fu', '120'], exit: 2, code: 'INVALID_INPUT', message: '--fu is 120 with 1 fan on a discard, expected a row of the scoring tables: 20, 25, or 30 to 110 fu in tens' },
  { name: 'pay --fu 35', args: ['pay', '--han', '2', '--fu', '35'], exit: 2, code: 'INVALID_INPUT', message: 'a row of the scoring tables' },
  { name: 'pay --yakuman 3', args: ['pay', '--yakuman', '3'], exit: 2, code: 'INVALID_INPUT', message: 'yakuman is 3, expected 1: EMA 2016 has no double yakuman' },
  { name: 'pay --yakuman -1', args: ['pay', '--yakuman', '-1'], exit: 2, code: 'INVALID_INPUT', message: '--yakuman is -1' },
  { name: 'pay huge --han', args: ['pay', '--han', '99999999999999999999', '--fu', '30'], exit: 2, code: 'INVALID_INPUT', message: '--han is 99999999999999999999, expected a whole number from 1 to 130' },
  { name: 'pay --han 0', args: ['pay', '--han', '0', '--fu', '30'], exit: 2, code: 'INVALID_INPUT', message: '--han is 0, expected a whole number from 1 to 130' },
  { name: 'pay --honba past the score cap', args: ['pay', '--han', '3', '--fu', '30', '--honba', '1000000000000'], exit: 2, code: 'INVALID_INPUT', message: '--honba is 1000000000000, expected a whole number from 0 to 1000' },
  { name: 'pay --han 1.5', args: ['pay', '--han', '1.5', '--fu', '30'], exit: 2, code: null, message: '--han needs a whole number, got "1.5"' },
  // cells that exist are still paid
  { name: 'pay 2 fan 25 fu ron (a cell)', args: ['pay', '--han', '2', '--fu', '25', '--json'], exit: 0, code: null, message: '{"from_discarder":1600,"limit":null}' },
  { name: 'pay 3 fan 25 fu tsumo (a cell)', args: ['pay', '--han', '3', '--fu', '25', '--tsumo', '--json'], exit: 0, code: null, message: '{"from_dealer":1600,"from_each_non_dealer":800,"limit":null}' },
  { name: 'pay 2 fan 20 fu tsumo (a cell)', args: ['pay', '--han', '2', '--fu', '20', '--tsumo', '--dealer', '--json'], exit: 0, code: null, message: '{"from_each_non_dealer":700,"limit":null}' },
  { name: 'pay double yakuman, 1000 counters', args: ['pay', '--yakuman', '2', '--honba', '1000', '--rules', 'ema2012', '--json'], exit: 0, code: null, message: '{"from_discarder":364000,"limit":"double_yakuman"}' },

  // ---- photos: bounded reads, damaged and too-small photos ----
  ...(existsSync('/dev/zero') ? [{ name: 'recognize /dev/zero', args: ['recognize', '/dev/zero'], exit: 1, code: 'NOT_AN_IMAGE', message: '/dev/zero is not an image' }] : []),
  { name: 'recognize a 1.5 GB non-image', args: ['recognize', at('huge.bin')], exit: 1, code: 'NOT_AN_IMAGE', message: 'huge.bin is not an image' },
  { name: 'recognize a 1.5 GB "JPEG"', args: ['recognize', at('huge.jpg')], exit: 1, code: 'IMAGE_TOO_LARGE', message: 'huge.jpg is 1536 MB; photos up to 60 MB are read' },
  { name: 'recognize a directory', args: ['recognize', DIR], exit: 1, code: 'NOT_AN_IMAGE', message: 'it is a directory, not a photo' },
  { name: 'recognize a missing file', args: ['recognize', at('missing.jpg')], exit: 1, code: 'IMAGE_DECODE_FAILED', message: 'missing.jpg: no such file' },
  { name: 'recognize a text file', args: ['recognize', path.join(ROOT, 'package.json')], exit: 1, code: 'NOT_AN_IMAGE', message: 'package.json is not an image' },
  { name: 'recognize an empty file', args: ['recognize', at('empty.jpg')], exit: 1, code: 'NOT_AN_IMAGE', message: 'empty.jpg is empty' },
  { name: 'half a JPEG with an end marker', args: ['recognize', at('half.jpg')], exit: 1, code: 'TRUNCATED_IMAGE', message: 'half.jpg is truncated or damaged' },
  { name: 'a JPEG with its middle zeroed', args: ['recognize', at('zeroed.jpg')], exit: 1, code: 'TRUNCATED_IMAGE', message: 'zeroed.jpg is truncated or damaged' },
  { name: 'a JPEG cut short', args: ['recognize', at('cut.jpg')], exit: 1, code: 'TRUNCATED_IMAGE', message: 'cut.jpg is a truncated JPEG' },
  { name: 'a 40x40 photo', args: ['recognize', at('tiny.jpg'), '--json'], exit: 1, code: 'IMAGE_TOO_SMALL', message: 'tiny.jpg is only 40×40 pixels; reading a hand needs at least 224 pixels' },
  { name: 'score-photo of a 40x40 photo', args: ['score-photo', at('tiny.jpg')], exit: 1, code: 'IMAGE_TOO_SMALL', message: 'Take the photo closer' },
  { name: 'score-photo of half a JPEG', args: ['score-photo', at('half.jpg'), '--tsumo'], exit: 1, code: 'TRUNCATED_IMAGE', message: 'truncated or damaged' },
  { name: 'recognize --profile photo.jpg', args: ['recognize', PHOTO, '--profile', PHOTO], exit: 2, code: 'PROFILE_NOT_A_DIRECTORY', message: 'hand01_tanyao_red5.jpg is a file, not a folder' },
  { name: 'learn --profile photo.jpg', args: ['learn', '--profile', PHOTO, PHOTO, '234m067p345s678m22p'], exit: 2, code: 'PROFILE_NOT_A_DIRECTORY', message: 'is a file, not a folder' },
  { name: 'learn with a one-tile "true hand" for a 14-tile photo', args: ['learn', '--profile', at('learnt'), PHOTO, '?'], exit: 1, code: null, message: 'has 1 tile but the photo shows 14 tiles', memoryMb: 700 },
  { name: 'recognize --profile with a broken profile.json', args: ['recognize', PHOTO, '--profile', at('badprofile')], exit: 1, code: 'PROFILE_INVALID', message: 'profile.json is not valid JSON' },
];

interface JsonLineCase {
  name: string;
  input: Record<string, unknown> | string;
  code: string;
  message: string;
}
const LINE = { closed: H14, win_tile: '7s' };
/** Fields inside a JSON line (the jsonl reading loop itself is tested with issue 18). All in one process. */
const JSON_LINES: JsonLineCase[] = [
  { name: '"rules":"constructor"', input: { ...LINE, rules: 'constructor' }, code: 'UNKNOWN_RULES', message: 'Unknown rules "constructor"' },
  { name: '"rules":"__proto__"', input: { ...LINE, rules: '__proto__' }, code: 'UNKNOWN_RULES', message: 'Unknown rules "__proto__"' },
  { name: '"rules":"toString"', input: { ...LINE, rules: 'toString' }, code: 'UNKNOWN_RULES', message: 'Unknown rules "toString"' },
  { name: '"rules":[]', input: { ...LINE, rules: [] }, code: 'UNKNOWN_RULES', message: 'Unknown rules "[]"' },
  { name: '"rules":{"preset":"constructor"}', input: { ...LINE, rules: { preset: 'constructor' } }, code: 'UNKNOWN_RULES', message: 'Unknown rules "constructor"' },
  { name: '"honba":1001', input: { ...LINE, honba: 1001 }, code: 'INVALID_INPUT', message: 'honba is 1001, expected an integer from 0 to 1000' },
  { name: '"honba":1e400', input: `{"closed":"${H14}","win_tile":"7s","honba":1e400}`, code: 'INVALID_INPUT', message: 'honba is Infinity (out of range), expected an integer from 0 to 1000' },
  { name: '"riichi_sticks":-1', input: { ...LINE, riichi_sticks: -1 }, code: 'INVALID_INPUT', message: 'riichi_sticks is -1, expected an integer from 0 to 1000' },
  { name: 'six dora indicators', input: { ...LINE, dora_indicators: '1m2m3m4m6m7m' }, code: 'INVALID_INPUT', message: 'expected at most 5 indicators' },
  { name: 'more ura than dora', input: { ...LINE, riichi: true, dora_indicators: '1m', ura_indicators: '2m3m' }, code: 'INVALID_INPUT', message: 'at most as many ura indicators as dora indicators (1), not 2' },
  { name: '"win_tile":"0s", plain fives', input: { ...LINE, win_tile: '0s' }, code: 'WIN_TILE_NOT_IN_HAND', message: '0s (a red five, while the concealed 5s are plain)' },
];

let results: Outcome[] = [];
let jsonl: Outcome;

beforeAll(async () => {
  // fixtures: damaged copies of a real photo, a tiny photo, sparse 1.5 GB files (no disk used), a broken profile
  const full = readFileSync(PHOTO);
  writeFileSync(at('half.jpg'), Buffer.concat([full.subarray(0, full.length >> 1), Buffer.from([0xff, 0xd9])]));
  const zeroed = Buffer.from(full);
  zeroed.fill(0, Math.floor(full.length * 0.4), Math.floor(full.length * 0.6));
  writeFileSync(at('zeroed.jpg'), zeroed);
  writeFileSync(at('cut.jpg'), full.subarray(0, Math.floor(full.length * 0.6)));
  writeFileSync(at('tiny.jpg'), await sharp(PHOTO).resize(40, 40, { fit: 'fill' }).jpeg().toBuffer());
  writeFileSync(at('empty.jpg'), '');
  for (const [name, head] of [['huge.bin', Buffer.from('not an image')], ['huge.jpg', full.subarray(0, 4096)]] as const) {
    const fd = openSync(at(name), 'w');
    writeSync(fd, head);
    ftruncateSync(fd, 1536 * 1024 * 1024);
    closeSync(fd);
  }
  mkdirSync(at('badprofile'));
  writeFileSync(at('badprofile/profile.json'), '{"not json');

  const queue = CASES.map((c, i) => ({ c, i }));
  results = new Array<Outcome>(CASES.length);
  const lines = JSON_LINES.map((l) => (typeof l.input === 'string' ? l.input : JSON.stringify(l.input))).join('\n') + '\n';
  const jsonlRun = runCli(['score', '--jsonl'], lines);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) results[job.i] = await runCli(job.c.args, job.c.stdin, job.c.memoryMb);
    }),
  );
  jsonl = await jsonlRun;
  if (process.env.RIICHI_LENS_TIMES) for (const [i, r] of results.entries()) console.log(`${r.ms.toFixed(0).padStart(6)} ms ${String(r.maxRssMb?.toFixed(0)).padStart(4)} MB  ${CASES[i]!.name}`);
}, 600_000);

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function withinLimits(r: Outcome, memoryMb = MEMORY_LIMIT_MB): void {
  expect(r.killed, 'killed').toBeNull();
  expect(r.ms).toBeLessThan(TIME_LIMIT_MS);
  if (r.maxRssMb !== null) expect(r.maxRssMb).toBeLessThan(memoryMb);
  // a message, never a stack trace
  expect(r.err).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|TypeError|ReferenceError|RangeError|node:internal/);
}

describe('bad inputs through the command line: code, message, exit status, time and memory', () => {
  it.each(CASES.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
    const c = CASES[i]!;
    const r = results[i]!;
    withinLimits(r, c.memoryMb);
    expect({ exit: r.status, err: r.err.slice(0, 600) }).toMatchObject({ exit: c.exit });
    const text = c.exit === 0 ? r.out : r.err;
    expect(text).toContain(c.message);
    if (c.code) expect(text).toContain(`${c.code}: `);
    if (c.exit === 2 && c.code === null) expect(r.err).toContain('Usage:');
    if (c.name.startsWith('learn with')) expect(existsSync(at('learnt/profile.json'))).toBe(false);
  });
});

describe('a photo read from a pipe that never ends', () => {
  const fifo = at('endless.jpg');
  const haveFifo = process.platform === 'linux' && spawnSync('mkfifo', [fifo]).status === 0;
  it.skipIf(!haveFifo)('is read up to the cap, then refused with IMAGE_TOO_LARGE', async () => {
    // a JPEG header, then zeros for as long as the reader reads
    const writer = createWriteStream(fifo);
    writer.on('error', () => undefined);
    const head = readFileSync(PHOTO).subarray(0, 4096);
    const zeros = Buffer.alloc(1 << 20);
    let closed = false;
    writer.on('close', () => (closed = true));
    const drained = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          writer.off('drain', done);
          writer.off('close', done);
          resolve();
        };
        writer.on('drain', done);
        writer.on('close', done);
      });
    const pump = async () => {
      if (!writer.write(head)) await drained();
      while (!closed && !writer.destroyed) if (!writer.write(zeros)) await drained();
    };
    const [r] = await Promise.all([runCli(['recognize', fifo]), pump()]);
    withinLimits(r);
    expect(r.status).toBe(1);
    expect(r.err).toContain('IMAGE_TOO_LARGE: ');
    expect(r.err).toContain('endless.jpg is more than 60 MB; photos up to 60 MB are read');
  }, 60_000);
});

describe('bad fields inside JSON lines (score --jsonl): one ok:false result per line, in order', () => {
  it('the process stays within its limits and exits 0', () => {
    withinLimits(jsonl);
    expect(jsonl.status).toBe(0);
    expect(jsonl.out.trim().split('\n')).toHaveLength(JSON_LINES.length);
  });
  it.each(JSON_LINES.map((l, i) => [l.name, i] as const))('%s', (_name, i) => {
    const line = JSON.parse(jsonl.out.trim().split('\n')[i] ?? 'null') as { ok: boolean; error: { code: string; message: string } };
    expect(line).toMatchObject({ ok: false, error: { code: JSON_LINES[i]!.code } });
    expect(line.error.message).toContain(JSON_LINES[i]!.message);
  });
});
