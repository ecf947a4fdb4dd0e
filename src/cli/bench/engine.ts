// Engine throughput: scoreHand on a fixed, seeded set of varied winning hands (open, closed, seven pairs,
// kongs, yakuman), single thread. Hands without a yaku are dropped from the set so every call is a full score.
import { scoreHand, type HandInput } from '../../engine/index.ts';
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
  const all = randomHands(SEED, Math.round(SET_SIZE * 1.2));
  const hands = all.filter((h) => scoreHand(h).ok).slice(0, SET_SIZE);
  console.log(`set (seed ${SEED}): ${describeSet(hands)}`);
  let sink = 0;
  const pass = () => {
    for (let i = 0; i < hands.length; i++) {
      const r = scoreHand(hands[i] as HandInput);
      if (r.ok) sink += r.total_gain;
    }
  };
  for (let i = 0; i < 3; i++) pass(); // warm-up (JIT)
  const rates: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    let n = 0;
    do {
      pass();
      n += hands.length;
    } while (performance.now() - t0 < 1000);
    const secs = (performance.now() - t0) / 1000;
    rates.push(n / secs);
  }
  rates.sort((a, b) => a - b);
  const median = rates[2] as number;
  console.log(`scoreHand (parse + all readings + explanation data + payment), single thread, 5 runs of >= 1 s:`);
  console.log(`  median ${Math.round(median).toLocaleString('en')} hands/s (min ${Math.round(rates[0] as number).toLocaleString('en')}, max ${Math.round(rates[4] as number).toLocaleString('en')}); ${(1e6 / median).toFixed(2)} us/hand`);
  const goal = 500_000;
  console.log(`  goal ${goal.toLocaleString('en')} hands/s: ${median >= goal ? 'met' : 'not met'}  (checksum ${sink})`);
}
