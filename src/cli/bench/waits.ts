// Waits and shanten (issue 19): findWaits on 13-tile hands (all 34 candidate tiles; ron and tsumo scored through
// scoreHand for each winning tile) and countShanten, single thread. Goals: findWaits under 1 ms a hand, countShanten
// under 0.1 ms.
import { loadavg } from 'node:os';
import { countShanten, findWaits, formatTiles, KIND_CODES, parseTiles, scoreHand, tileKind, type HandInput, type WaitingHandInput, type WaitsSituation } from '../../engine/index.ts';
import { randomHand, seededRandom } from '../../engine/random-hands.ts';

const SEED = 20261201;
const SET_SIZE = 2000;

interface Case {
  hand: WaitingHandInput;
  situation: WaitsSituation;
  counts: Uint8Array;
  melds: number;
}

function cases(seed: number, n: number, ready: boolean): Case[] {
  const r = seededRandom(seed);
  const out: Case[] = [];
  while (out.length < n) {
    const h: HandInput | null = randomHand(r);
    if (!h) continue;
    const closed = parseTiles(h.closed);
    closed.splice(Math.floor(r() * closed.length), 1);
    // not-ready hands: two more tiles swapped for random ones
    if (!ready) for (let i = 0; i < 2; i++) closed[Math.floor(r() * closed.length)] = KIND_CODES[Math.floor(r() * 34)]!;
    const counts = new Uint8Array(34);
    for (const t of closed) counts[tileKind(t)]!++;
    const { closed: _c, melds, win_tile: _w, tsumo: _t, chankan: _ch, rinshan: _ri, haitei: _ha, houtei: _ho, tenhou: _te, chiihou: _ci, renhou: _re, ...situation } = h;
    const hand = { closed: formatTiles(closed), melds: melds ?? [] };
    const ok = findWaits(hand, situation);
    if (!ok.ok || (ready && ok.shanten !== 0)) continue;
    out.push({ hand, situation, counts, melds: hand.melds.length });
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export async function bench(): Promise<void> {
  const ready = cases(SEED, SET_SIZE, true);
  const mixed = cases(SEED + 1, SET_SIZE, false);
  const avgWaits = ready.reduce((n, c) => {
    const r = findWaits(c.hand, c.situation);
    return n + (r.ok ? r.waits.length : 0);
  }, 0) / ready.length;
  const shantens = mixed.map((c) => countShanten(c.counts, c.melds));
  console.log(`sets (seed ${SEED}): ${ready.length} ready 13-tile hands (${avgWaits.toFixed(2)} winning tiles each on average), ${mixed.length} hands with two tiles swapped (shanten ${Math.min(...shantens)}-${Math.max(...shantens)}, mean ${(shantens.reduce((a, b) => a + b, 0) / shantens.length).toFixed(2)}); load average ${loadavg()[0]!.toFixed(2)}`);
  let sink = 0;
  const time = (label: string, set: Case[], fn: (c: Case) => number, goalUs: number | null) => {
    for (let i = 0; i < 2; i++) for (const c of set) sink += fn(c); // warm-up
    const perHand: number[] = [];
    const cpuPerHand: number[] = [];
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      let n = 0;
      do {
        for (const c of set) sink += fn(c);
        n += set.length;
      } while (performance.now() - t0 < 400);
      const cpu = process.cpuUsage(c0);
      perHand.push(((performance.now() - t0) * 1000) / n);
      cpuPerHand.push((cpu.user + cpu.system) / n);
    }
    const m = median(perHand);
    const mc = median(cpuPerHand);
    console.log(
      `${label}: median ${m.toFixed(2)} us a hand wall clock (runs ${perHand.map((x) => x.toFixed(1)).join(', ')}), ${mc.toFixed(2)} us CPU time${goalUs === null ? '' : `; goal under ${goalUs} us: ${m < goalUs ? 'met' : 'NOT met'}`}`,
    );
  };
  time('findWaits, ready hands (34 candidates, ron + tsumo scored per winning tile)', ready, (c) => {
    const r = findWaits(c.hand, c.situation);
    return r.ok ? r.waits.length : 0;
  }, 1000);
  time('findWaits, hands with two tiles swapped (mostly not ready: shanten + improving tiles)', mixed, (c) => {
    const r = findWaits(c.hand, c.situation);
    return r.ok ? r.improving.length : 0;
  }, 1000);
  // reference on the same machine at the same time: one scoreHand call (the scorer findWaits calls twice per winning tile)
  const wins: HandInput[] = ready.map((c) => {
    const r = findWaits(c.hand, c.situation);
    const tile = r.ok ? (r.waits[0]?.tile ?? '1m') : '1m';
    return { ...c.situation, closed: c.hand.closed + tile, melds: c.hand.melds, win_tile: tile };
  });
  const winCases = wins.map((h, i) => ({ ...ready[i]!, win: h }));
  time('reference: one scoreHand call (ron on a winning tile of the same hands)', winCases, (c) => {
    const r = scoreHand((c as Case & { win: HandInput }).win);
    return r.ok ? 1 : 0;
  }, null);
  time('countShanten (standard, seven pairs, thirteen orphans)', mixed, (c) => countShanten(c.counts, c.melds), 100);
  // the slowest single hand: pure nine gates (nine winning tiles, each a yakuman with several readings)
  const nine = { closed: '1112345678999m' };
  for (let i = 0; i < 200; i++) sink += findWaits(nine, {}).ok ? 1 : 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < 2000; i++) sink += findWaits(nine, {}).ok ? 1 : 0;
  const cpu = process.cpuUsage(c0);
  console.log(`findWaits 1112345678999m (nine winning tiles, 18 yakuman scores): ${(((performance.now() - t0) * 1000) / 2000).toFixed(2)} us wall clock, ${((cpu.user + cpu.system) / 2000).toFixed(2)} us CPU time`);
  // the first call on a fresh process pays for the shanten tables of the suits it meets
  console.log(`(countShanten remembers each suit's table by its counts; a suit pattern met for the first time costs one small search)`);
  if (sink === 0.5) console.log('');
}
