/**
 * Seeded random winning hands with a situation, for the bench and the property tests.
 * Every hand produced is a legal set of tiles (at most 4 copies, one red five of each suit, the
 * winning tile among the concealed tiles) with a consistent situation; it may still have no yaku.
 */
import { KIND_CODES, tileCode } from './tiles.ts';
import type { HandInput, MeldInput, Wind } from './types.ts';

/** mulberry32: small, fast, seeded. Returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WINDS: Wind[] = ['E', 'S', 'W', 'N'];
const TERMINALS_AND_HONOURS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const int = (r: Rand, n: number) => Math.floor(r() * n);

interface SetPlan {
  kind: 'run' | 'pung' | 'kong';
  tile: number;
  meld: MeldInput['type'] | null;
}

/** Kinds to draw sets from: all, or biased to one suit (+ honours) so flushes and yakuman shapes appear. */
function kindPool(r: Rand): number[] {
  const x = r();
  if (x < 0.6) return Array.from({ length: 34 }, (_, k) => k);
  if (x < 0.75) {
    const s = int(r, 3) * 9;
    return [...Array.from({ length: 9 }, (_, i) => s + i), 27, 28, 29, 30, 31, 32, 33];
  }
  if (x < 0.85) {
    const s = int(r, 3) * 9;
    return Array.from({ length: 9 }, (_, i) => s + i);
  }
  if (x < 0.92) return [27, 28, 29, 30, 31, 32, 33, 0, 8, 9, 17, 18, 26];
  return [19, 20, 21, 23, 25, 32, 18, 26, 31, 33];
}

function toCodes(kinds: number[], redBudget: boolean[], r: Rand, redRate: number): string[] {
  return kinds.map((k) => {
    const suit = Math.floor(k / 9);
    if (k < 27 && k % 9 === 4 && redBudget[suit] && r() < redRate) {
      redBudget[suit] = false;
      return tileCode(k, true);
    }
    return KIND_CODES[k] as string;
  });
}

function fmt(codes: string[]): string {
  // group by suit letter in the given order
  let out = '';
  let suit = '';
  for (const c of codes) {
    if (c[1] !== suit && suit) out += suit;
    out += c[0];
    suit = c[1] as string;
  }
  return out + suit;
}

/** One random winning hand (or null when the random draw ran out of copies; just draw again). */
export function randomHand(r: Rand): HandInput | null {
  const used = new Uint8Array(34);
  const take = (k: number, n: number) => {
    if ((used[k] as number) + n > 4) return false;
    used[k]! += n;
    return true;
  };
  const closedKinds: number[] = [];
  const melds: { kinds: number[]; type: MeldInput['type'] }[] = [];
  const form = r();
  if (form < 0.08) {
    // seven pairs
    const pool = kindPool(r);
    const chosen = new Set<number>();
    let guard = 0;
    while (chosen.size < 7 && guard++ < 200) chosen.add(pick(r, pool));
    if (chosen.size < 7) return null;
    for (const k of chosen) {
      take(k, 2);
      closedKinds.push(k, k);
    }
  } else if (form < 0.1) {
    for (const k of TERMINALS_AND_HONOURS) {
      take(k, 1);
      closedKinds.push(k);
    }
    const extra = pick(r, TERMINALS_AND_HONOURS);
    take(extra, 1);
    closedKinds.push(extra);
  } else {
    const pool = kindPool(r);
    const meldRoll = r();
    const nMelds = meldRoll < 0.45 ? 0 : meldRoll < 0.65 ? 1 : meldRoll < 0.8 ? 2 : meldRoll < 0.92 ? 3 : 4;
    const plans: SetPlan[] = [];
    for (let i = 0; i < 4; i++) {
      let ok = false;
      for (let attempt = 0; attempt < 20 && !ok; attempt++) {
        const k = pick(r, pool);
        const wantRun = k < 27 && k % 9 <= 6 && r() < 0.7;
        const isMeld = i < nMelds;
        if (wantRun) {
          if (!pool.includes(k + 1) || !pool.includes(k + 2)) continue;
          if ((used[k] as number) < 4 && (used[k + 1] as number) < 4 && (used[k + 2] as number) < 4) {
            take(k, 1);
            take(k + 1, 1);
            take(k + 2, 1);
            plans.push({ kind: 'run', tile: k, meld: isMeld ? 'chi' : null });
            ok = true;
          }
        } else {
          const kong = isMeld && r() < 0.3;
          if (take(k, kong ? 4 : 3)) {
            const type: MeldInput['type'] | null = !isMeld ? null : kong ? pick(r, ['kan-open', 'kan-added', 'kan-closed'] as const) : 'pon';
            plans.push({ kind: kong ? 'kong' : 'pung', tile: k, meld: type });
            ok = true;
          }
        }
      }
      if (!ok) return null;
    }
    const pair = pick(r, pool);
    if (!take(pair, 2)) return null;
    for (const p of plans) {
      const kinds = p.kind === 'run' ? [p.tile, p.tile + 1, p.tile + 2] : Array(p.kind === 'kong' ? 4 : 3).fill(p.tile);
      if (p.meld) melds.push({ kinds, type: p.meld });
      else closedKinds.push(...kinds);
    }
    closedKinds.push(pair, pair);
  }
  // winning tile: one of the concealed tiles
  const winKind = pick(r, closedKinds);
  const redBudget = [true, true, true];
  const redRate = 0.5;
  const meldInputs: MeldInput[] = melds.map((m) => ({ type: m.type, tiles: fmt(toCodes(m.kinds, redBudget, r, redRate)) }));
  // sort concealed tiles, winning tile last
  const rest = [...closedKinds];
  rest.splice(rest.indexOf(winKind), 1);
  rest.sort((a, b) => a - b);
  const closedCodes = toCodes(rest, redBudget, r, redRate);
  const winCode = toCodes([winKind], redBudget, r, redRate)[0] as string;
  closedCodes.push(winCode);

  const called = melds.some((m) => m.type !== 'kan-closed');
  const hasKong = melds.some((m) => m.type.startsWith('kan'));
  const tsumo = r() < 0.45;
  const seat = pick(r, WINDS);
  const riichi = !called && r() < 0.5;
  const doubleRiichi = riichi && r() < 0.05;
  const ippatsu = riichi && r() < 0.15;
  const rinshan = tsumo && hasKong && r() < 0.2;
  const haitei = tsumo && !rinshan && r() < 0.05;
  const houtei = !tsumo && r() < 0.05;
  const winCount = closedKinds.filter((k) => k === winKind).length + melds.reduce((a, m) => a + m.kinds.filter((k) => k === winKind).length, 0);
  const chankan = !tsumo && !houtei && winCount === 1 && (used[winKind] as number) === 1 && r() < 0.05;
  if (chankan) used[winKind] = 4;
  const noCall = melds.length === 0 && !riichi;
  const tenhou = noCall && tsumo && seat === 'E' && !rinshan && !haitei && r() < 0.02;
  const chiihou = noCall && tsumo && seat !== 'E' && !rinshan && !haitei && r() < 0.02;
  const renhou = noCall && !tsumo && seat !== 'E' && !houtei && !chankan && r() < 0.02;
  let placed = 0;
  const indicators = (n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const k = int(r, 34);
      if (take(k, 1)) out.push(k);
    }
    placed = out.length;
    return fmt(toCodes(out, [false, false, false], r, 0));
  };
  const nDora = 1 + (hasKong ? melds.filter((m) => m.type.startsWith('kan')).length : 0);
  const dora = indicators(nDora);
  // never more ura indicators than dora indicators (one lies under each)
  const ura = riichi ? indicators(placed) : '';
  return {
    closed: fmt(closedCodes),
    melds: meldInputs,
    win_tile: winCode,
    tsumo,
    riichi,
    double_riichi: doubleRiichi,
    ippatsu,
    haitei,
    houtei,
    rinshan,
    chankan,
    tenhou,
    chiihou,
    renhou,
    seat_wind: seat,
    round_wind: r() < 0.7 ? 'E' : 'S',
    dora_indicators: dora,
    ura_indicators: ura,
    honba: r() < 0.7 ? 0 : int(r, 4),
    riichi_sticks: (riichi ? 1 : 0) + (r() < 0.7 ? 0 : int(r, 3)),
  };
}

/** `count` random hands from a fixed seed (null draws skipped), the same on every run. */
export function randomHands(seed: number, count: number): HandInput[] {
  const r = seededRandom(seed);
  const out: HandInput[] = [];
  while (out.length < count) {
    const h = randomHand(r);
    if (h) out.push(h);
  }
  return out;
}
