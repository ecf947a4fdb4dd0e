// Engine throughput: scoreHand on a fixed, seeded set of varied winning hands (open, closed, seven pairs,
// kongs, yakuman), single thread. Hands without a yaku are dropped from the first set so every call is a full
// score; a second set mixes in hands without a yaku and invalid hands (the error path), with the cost of each
// kind. Last, the whole command line: `riichi-lens score --jsonl` on gen_hands.py's 30,000 hands, end to end.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreHand, scoreHandBrief, YAKUMAN_LIMITS, type HandInput } from '../../engine/index.ts';
import { randomHands, seededRandom } from '../../engine/random-hands.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const SEED = 20261129;
const SET_SIZE = 20_000;

function describeSet(hands: HandInput[]): string {
  let open = 0;
  let kongs = 0;
  let chiitoi = 0;
  let yakuman = 0;
  let closed = 0;
  for (const h of hands) {
    const melds = h.melds ?? [];
    if (melds.some((m) => m.type !== 'kan-closed')) open++;
    else closed++;
    if (melds.some((m) => m.type.startsWith('kan'))) kongs++;
    const r = scoreHand(h);
    if (r.ok && r.explanation.reading.kind === 'chiitoitsu') chiitoi++;
    if (r.ok && r.limit && YAKUMAN_LIMITS.includes(r.limit)) yakuman++;
  }
  return `${hands.length} hands: ${closed} closed, ${open} open, ${kongs} with kongs, ${chiitoi} seven pairs, ${yakuman} yakuman`;
}

export async function bench(): Promise<void> {
  // The set as JSON lines, parsed a line at a time: the hands exactly as `score --jsonl` (batch checking, where
  // throughput matters) gives them to the engine. (The generator's own objects score about 3-5% slower: their tile
  // strings are built a character at a time, which V8 keeps as chains of pieces scattered in memory. Both kinds
  // are not measured in one process: objects of two shapes make every property access in the engine slower.)
  const lines = randomHands(SEED, Math.round(SET_SIZE * 1.2)).map((h) => JSON.stringify(h));
  const hands = lines.map((line) => JSON.parse(line) as HandInput).filter((h) => scoreHand(h).ok).slice(0, SET_SIZE);
  console.log(`set (seed ${SEED}): ${describeSet(hands)}`);
  // checksum of one pass: the same on every run of the same engine (a changed figure means changed scores)
  let checksum = 0;
  for (const h of hands) {
    const r = scoreHand(h);
    if (r.ok) checksum = (checksum * 31 + r.total_gain + r.han * 7 + r.fu) % 1_000_000_007;
  }
  const fmt = (x: number) => Math.round(x).toLocaleString('en');
  let sink = 0;
  const measure = (label: string, score: (h: HandInput) => { ok: boolean; total_gain?: number }, set: HandInput[] = hands) => {
    const pass = () => {
      for (let i = 0; i < set.length; i++) {
        const r = score(set[i] as HandInput);
        // kept a 32-bit integer: a sum past 2^31 would turn into a float and deoptimise the timed loop mid-run
        if (r.ok) sink = (sink + (r.total_gain as number)) | 0;
      }
    };
    for (let i = 0; i < 3; i++) pass(); // warm-up (JIT)
    const rates: number[] = [];
    const cpuRates: number[] = [];
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      let n = 0;
      do {
        pass();
        n += set.length;
      } while (performance.now() - t0 < 1000);
      const secs = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(c0);
      rates.push(n / secs);
      cpuRates.push(n / ((cpu.user + cpu.system) / 1e6));
    }
    rates.sort((a, b) => a - b);
    cpuRates.sort((a, b) => a - b);
    const median = rates[2] as number;
    const cpuMedian = cpuRates[2] as number;
    console.log(`${label}, single thread, 5 runs of >= 1 s:`);
    console.log(`  wall clock: median ${fmt(median)} hands/s (min ${fmt(rates[0] as number)}, max ${fmt(rates[4] as number)}); ${(1e6 / median).toFixed(2)} us/hand`);
    console.log(`  per CPU-second of this process: median ${fmt(cpuMedian)} hands/s; ${(1e6 / cpuMedian).toFixed(2)} us/hand`);
    return { median, cpuMedian };
  };
  const full = measure('scoreHand (parse + every reading + structured explanation + payment), hands from JSON lines', scoreHand);
  measure('scoreHandBrief (the same without the explanation, as `score --jsonl` uses), hands from JSON lines', scoreHandBrief);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (wall-clock figures drop when the machine is shared)`);
  const goal = 600_000;
  console.log(
    `goal ${fmt(goal)} hands/s for scoreHand: ${full.median >= goal ? 'met' : 'not met'} on wall clock, ${full.cpuMedian >= goal ? 'met' : 'not met'} per CPU-second  (result checksum ${checksum})`,
  );
  if (sink === 1) console.log(sink); // keeps the timed work observable
  mixedSet(lines, measure);
  wholeProcess();
}

/**
 * The second set: the same kind of hands with about one in eight without a yaku and one in eight invalid (a tile
 * too few, contradictory flags, a bad meld, a bad field), as batch checks meet them; then each kind timed alone.
 */
function mixedSet(lines: string[], measure: (label: string, score: (h: HandInput) => { ok: boolean; total_gain?: number }, set?: HandInput[]) => { median: number; cpuMedian: number }): void {
  const r = seededRandom(SEED + 1);
  const valid: HandInput[] = [];
  const noYaku: HandInput[] = [];
  const invalid: HandInput[] = [];
  const damage = [
    (h: Record<string, unknown>) => ({ ...h, closed: (h.closed as string).slice(1) }),
    (h: Record<string, unknown>) => ({ ...h, ippatsu: true, riichi: false }),
    (h: Record<string, unknown>) => ({ ...h, melds: [{ type: 'pon', tiles: '123m' }] }),
    (h: Record<string, unknown>) => ({ ...h, seat_wind: 'X' }),
  ];
  for (const line of lines) {
    const h = JSON.parse(line) as HandInput;
    const res = scoreHand(h);
    if (res.ok) valid.push(h);
    else if (res.error.code === 'NO_YAKU') noYaku.push(h);
  }
  for (let i = 0; i < valid.length && invalid.length < 3000; i += 5) {
    const d = damage[Math.floor(r() * damage.length)] as (h: Record<string, unknown>) => Record<string, unknown>;
    invalid.push(JSON.parse(JSON.stringify(d(valid[i] as unknown as Record<string, unknown>))) as HandInput);
  }
  const mixed: HandInput[] = [];
  for (let i = 0, a = 0, b = 0; mixed.length < SET_SIZE; i++) {
    const x = r();
    if (x < 0.125 && noYaku.length) mixed.push(noYaku[a++ % noYaku.length] as HandInput);
    else if (x < 0.25) mixed.push(invalid[b++ % invalid.length] as HandInput);
    else mixed.push(valid[i % valid.length] as HandInput);
  }
  console.log(`second set: ${mixed.length} hands, about 75% valid, 12.5% without a yaku (${noYaku.length} distinct), 12.5% invalid (${invalid.length} distinct)`);
  measure('scoreHand on the second set (errors included)', scoreHand, mixed);
  const us = (x: number) => (1e6 / x).toFixed(2);
  const v = measure('  valid hands alone', scoreHand, valid.slice(0, 5000));
  const n = measure('  hands without a yaku alone', scoreHand, noYaku.slice(0, 5000));
  const e = measure('  invalid hands alone', scoreHand, invalid);
  for (const [what, a, b, c] of [['wall clock', v.median, n.median, e.median], ['per CPU-second', v.cpuMedian, n.cpuMedian, e.cpuMedian]] as const) {
    console.log(
      `cost per hand (${what}): valid ${us(a)} us, no yaku ${us(b)} us (${(a / b).toFixed(2)}x a valid hand; goal <= 2x: ${a / b <= 2 ? 'met' : 'not met'}), invalid ${us(c)} us (${(a / c).toFixed(2)}x)`,
    );
  }
}

/**
 * The whole process, as batch checking runs it: `riichi-lens score --jsonl < hands > out` on gen_hands.py's
 * 30,000 hands (seed 11), prebuilt command line (rebuilt first if stale), 3 warm-up runs and 11 timed runs.
 */
function wholeProcess(): void {
  const gen = join(ROOT, '../shared/bench/gen_hands.py');
  const dir = mkdtempSync(join(tmpdir(), 'riichi-bench-'));
  try {
    const input = join(dir, 'hands.jsonl');
    let what = 'gen_hands.py 30000 --seed 11';
    const g = existsSync(gen) ? spawnSync('python3', [gen, '30000', '--seed', '11'], { maxBuffer: 1 << 28 }) : undefined;
    if (g && g.status === 0 && g.stdout.length) writeFileSync(input, g.stdout);
    else {
      what = 'randomHands(11, 30000) as JSON lines (gen_hands.py or python3 not found)';
      writeFileSync(input, randomHands(11, 30_000).map((h) => JSON.stringify(h)).join('\n') + '\n');
    }
    spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs'), '--quiet'], { stdio: 'inherit' });
    // CPU time of each run (user + system, every thread of the process): read at exit by a preloaded hook. On a
    // shared machine it moves much less than the wall clock, which waits for the neighbours too.
    const hook = join(dir, 'cpu-hook.cjs');
    const cpuFile = join(dir, 'cpu.txt');
    // The main thread's own CPU time too (Linux: its schedstat), where the JavaScript runs: the rest is V8's helper
    // threads (TurboFan compiling, garbage collection), which an idle second core takes off the wall clock. And the
    // time the main thread waited for a core while it could run (schedstat's second field): the helper threads'.
    writeFileSync(
      hook,
      `process.on('exit', () => { const fs = require('fs'); const u = process.cpuUsage(); let main = NaN, waited = NaN;
  try { [main, waited] = fs.readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ').map((v) => Number(v) / 1e6); } catch {}
  fs.writeFileSync(${JSON.stringify(cpuFile)}, (u.user + u.system) / 1000 + ' ' + main + ' ' + waited); });\n`,
    );
    const run = (args: string[], input?: string, nodeFlags: string[] = []) => {
      const fdIn = openSync(input ?? '/dev/null', 'r');
      const outPath = join(dir, 'out.jsonl');
      const fdOut = openSync(outPath, 'w');
      const t0 = performance.now();
      const res = spawnSync(process.execPath, [...nodeFlags, '--require', hook, join(ROOT, 'bin/riichi-lens.cjs'), ...args], {
        stdio: [fdIn, fdOut, 'inherit'], env: { ...process.env, RIICHI_LENS_PREBUILT: '1' },
      });
      const ms = performance.now() - t0;
      closeSync(fdIn);
      closeSync(fdOut);
      if (res.status !== 0) throw new Error(`riichi-lens ${args.join(' ')} exited with ${res.status}`);
      const [cpu, main, waited] = readFileSync(cpuFile, 'utf8').split(' ').map(Number) as [number, number, number];
      return { ms, cpu, main, waited, outPath };
    };
    const series = (args: string[], input?: string, n = 11, nodeFlags: string[] = []) => {
      const ms: number[] = [];
      const cpu: number[] = [];
      const main: number[] = [];
      const waited: number[] = [];
      let out = '';
      for (let i = 0; i < n; i++) {
        const r = run(args, input, nodeFlags);
        ms.push(r.ms);
        cpu.push(r.cpu);
        main.push(r.main);
        waited.push(r.waited);
        out = r.outPath;
      }
      return { ms, cpu, main, waited, out };
    };
    for (let i = 0; i < 3; i++) run(['score', '--jsonl'], input);
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] as number;
    const f0 = (x: number) => x.toFixed(0);
    const jsonl = series(['score', '--jsonl'], input);
    const sum = createHash('sha256').update(readFileSync(jsonl.out)).digest('hex').slice(0, 16);
    // a preset named: still the one-file bundle (session 20); with an --option: main.js and the command's modules
    const named = series(['score', '--jsonl', '--rules', 'ema'], input);
    const namedSum = createHash('sha256').update(readFileSync(named.out)).digest('hex').slice(0, 16);
    const viaMain = series(['score', '--jsonl', '--rules', 'ema', '--option', 'openTanyao=true'], input);
    const viaMainSum = createHash('sha256').update(readFileSync(viaMain.out)).digest('hex').slice(0, 16);
    const help = series(['--help']);
    // phase by phase: start-up alone (Node, the bin, the bundle compiled from its cache: no input), and the whole
    // run with V8 on one thread (TurboFan and the collector on the main thread: what a fully busy machine sees)
    const empty = series(['score', '--jsonl']);
    const oneThread = series(['score', '--jsonl'], input, 11, ['--single-threaded']);
    // Node starts four V8 helper threads; on two cores they take the main thread's core while TurboFan compiles
    const onePool = series(['score', '--jsonl'], input, 11, ['--v8-pool-size=1']);
    const nodeOnly: number[] = [];
    for (let i = 0; i < 11; i++) {
      const t0 = performance.now();
      spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      nodeOnly.push(performance.now() - t0);
    }
    console.log(`whole process, \`riichi-lens score --jsonl\` on ${what}, 11 runs after 3 warm-up (wall clock; CPU time of the process):`);
    console.log(`  median ${f0(med(jsonl.ms))} ms (min ${f0(Math.min(...jsonl.ms))}, max ${f0(Math.max(...jsonl.ms))}); goal 190 ms: ${med(jsonl.ms) < 190 ? 'met' : 'not met'}; CPU median ${f0(med(jsonl.cpu))} ms (min ${f0(Math.min(...jsonl.cpu))}); output sha256 ${sum}`);
    console.log(`  main thread's CPU median ${f0(med(jsonl.main))} ms (min ${f0(Math.min(...jsonl.main))}): the rest of the CPU time is V8's compiler and collector threads; the main thread waited ${f0(med(jsonl.waited))} ms for a core they held`);
    console.log(`  start-up alone (no input): median ${f0(med(empty.ms))} ms, CPU ${f0(med(empty.cpu))} ms, main thread ${f0(med(empty.main))} ms`);
    const oneThreadSum = createHash('sha256').update(readFileSync(oneThread.out)).digest('hex').slice(0, 16);
    console.log(
      `  \`node --single-threaded\` (compiling on the main thread; the code cache does not fit this flag, so unused): median ${f0(med(oneThread.ms))} ms, CPU ${f0(med(oneThread.cpu))} ms; output ${oneThreadSum === sum ? 'the same' : `DIFFERENT (sha256 ${oneThreadSum})`}`,
    );
    const onePoolSum = createHash('sha256').update(readFileSync(onePool.out)).digest('hex').slice(0, 16);
    console.log(
      `  \`node --v8-pool-size=1\` (one V8 helper thread, as NODE_OPTIONS=--v8-pool-size=1 gives it): median ${f0(med(onePool.ms))} ms (goal 190 ms: ${med(onePool.ms) < 190 ? 'met' : 'not met'}), CPU ${f0(med(onePool.cpu))} ms, main thread ${f0(med(onePool.main))} ms, waited ${f0(med(onePool.waited))} ms; output ${onePoolSum === sum ? 'the same' : `DIFFERENT (sha256 ${onePoolSum})`}`,
    );
    console.log(`  \`score --jsonl --rules ema\` (the one-file bundle too): median ${f0(med(named.ms))} ms, CPU ${f0(med(named.cpu))} ms; output ${namedSum === sum ? 'the same' : `DIFFERENT (sha256 ${namedSum})`}`);
    console.log(`  \`score --jsonl --rules ema --option openTanyao=true\` (EMA's own value; main.js, not the one-file bundle): median ${f0(med(viaMain.ms))} ms, CPU ${f0(med(viaMain.cpu))} ms; output ${viaMainSum === sum ? 'the same' : `DIFFERENT (sha256 ${viaMainSum})`}`);
    console.log(`  for scale: \`riichi-lens --help\` median ${f0(med(help.ms))} ms (goal 100 ms: ${med(help.ms) < 100 ? 'met' : 'not met'}), CPU ${f0(med(help.cpu))} ms; \`node -e 0\` median ${f0(med(nodeOnly))} ms`);
    console.log(`  load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
