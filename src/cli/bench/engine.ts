// Engine throughput: scoreHand on a fixed, seeded set of varied winning hands (open, closed, seven pairs,
// kongs, yakuman), single thread. Hands without a yaku are dropped from the set so every call is a full score.
import { cpus, loadavg } from 'node:os';
import { scoreHand, scoreHandBrief, type HandInput } from '../../engine/index.ts';
import { randomHands } from '../../engine/random-hands.ts';

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
    if (r.ok && (r.limit === 'yakuman' || r.limit === 'double_yakuman')) yakuman++;
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
  const measure = (label: string, score: (h: HandInput) => { ok: boolean; total_gain?: number }) => {
    const pass = () => {
      for (let i = 0; i < hands.length; i++) {
        const r = score(hands[i] as HandInput);
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
        n += hands.length;
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
  const goal = 500_000;
  console.log(
    `goal ${fmt(goal)} hands/s for scoreHand: ${full.median >= goal ? 'met' : 'not met'} on wall clock, ${full.cpuMedian >= goal ? 'met' : 'not met'} per CPU-second  (result checksum ${checksum})`,
  );
  if (sink === 1) console.log(sink); // keeps the timed work observable
}
