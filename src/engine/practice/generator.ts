// Practice questions: random valid winning hands with a situation, scored by the engine's scoreHand.
// The generator never scores anything itself: it builds tiles, asks scoreHand, and keeps only hands
// the engine accepts (and that fit the level and the wanted topic).
import { doraFromIndicator, formatTiles, KIND_CODES, resolveRules, scoreHand, sortTiles, type HandInput, type MeldInput, type RulesLike, type ScoreOk, type Wind } from '../index.ts';
import { createRng, type Rng } from './rng.ts';
import { TOPICS, topicsOf, type Topic } from './topics.ts';

/** 'waits': pick every winning tile of a ready 13-tile hand (waits-question.ts), counted under the waits topic. */
export type AskLevel = 'fu' | 'fan' | 'full' | 'waits';
export type MeldLevel = 'closed' | 'open';

export interface PracticeLevel {
  /** What the player is asked: fu only, fan only, or fan + fu + payment. */
  ask: AskLevel;
  /** Closed hands only, or hands with called melds too. */
  melds: MeldLevel;
}

export type PaymentShape = 'ron' | 'tsumo-dealer' | 'tsumo-non-dealer';

export interface PracticeQuestion {
  /** Seed that regenerates exactly this question with the same level, topic and rules. */
  seed: number;
  level: PracticeLevel;
  /** Topic the question was generated for. */
  target: Topic;
  input: HandInput;
  /** Name of the rules the hand was scored with. */
  rules: string;
  result: ScoreOk;
  topics: Topic[];
  asks: { fan: boolean; fu: boolean; payment: boolean };
  paymentShape: PaymentShape;
}

const WINDS: readonly Wind[] = ['E', 'S', 'W', 'N'];
const HONOURS = [27, 28, 29, 30, 31, 32, 33];
const isHonourKind = (k: number) => k >= 27;
const isSimpleKind = (k: number) => k < 27 && k % 9 !== 0 && k % 9 !== 8;

type SetShape = { type: 'chow' | 'pung' | 'kan'; kind: number };

/** Flavours steer random hands towards ones that have a yaku even when open. */
type Flavour = 'any' | 'simples' | 'honours' | 'half-flush' | 'full-flush';

function kindAllowed(k: number, flavour: Flavour, suit: number): boolean {
  switch (flavour) {
    case 'simples':
      return isSimpleKind(k);
    case 'half-flush':
      return isHonourKind(k) || Math.floor(k / 9) === suit;
    case 'full-flush':
      return !isHonourKind(k) && Math.floor(k / 9) === suit;
    default:
      return true;
  }
}

function pickSet(rng: Rng, counts: number[], flavour: Flavour, suit: number, allowKan: boolean): SetShape | null {
  for (let attempt = 0; attempt < 40; attempt++) {
    const chow = flavour !== 'honours' && rng.chance(0.55);
    if (chow) {
      const s = flavour === 'half-flush' || flavour === 'full-flush' ? suit : rng.int(3);
      const start = s * 9 + (flavour === 'simples' ? 1 + rng.int(5) : rng.int(7));
      if ([0, 1, 2].every((i) => counts[start + i]! < 4 && kindAllowed(start + i, flavour, suit))) return { type: 'chow', kind: start };
    } else {
      const k = flavour === 'honours' && rng.chance(0.6) ? rng.pick(HONOURS) : rng.int(34);
      if (!kindAllowed(k, flavour, suit)) continue;
      if (allowKan && rng.chance(0.08) && counts[k] === 0) return { type: 'kan', kind: k };
      if (counts[k]! <= 1) return { type: 'pung', kind: k };
    }
  }
  return null;
}

function setKinds(s: SetShape): number[] {
  if (s.type === 'chow') return [s.kind, s.kind + 1, s.kind + 2];
  return Array.from({ length: s.type === 'kan' ? 4 : 3 }, () => s.kind);
}

interface GeneratorBias {
  /**
   * How many of the dora indicators are chosen to hit tiles of the hand (steers towards limit hands). The
   * number of indicators always follows the game: one, plus one per kan.
   */
  extraDora: number;
  /**
   * Whether the set has red fives. Off where the rules do not count them (EMA 2016: "the 2016 set has none"), so a
   * player practising those rules sees the tiles of their own set. The random draw is made either way, so a seed
   * gives the same hand under every preset apart from its red fives.
   */
  redFives?: boolean;
}

/** One random hand and situation (not yet checked by the engine). */
export function randomHand(rng: Rng, level: PracticeLevel, bias: GeneratorBias = { extraDora: 0, redFives: true }): HandInput {
  const open = level.melds === 'open';
  const counts = new Array<number>(34).fill(0);
  const sevenPairs = !open && rng.chance(0.08);
  const flavour: Flavour = open ? rng.pick<Flavour>(['simples', 'simples', 'honours', 'honours', 'half-flush', 'full-flush', 'any']) : rng.pick<Flavour>(['any', 'any', 'any', 'simples', 'honours', 'half-flush', 'full-flush']);
  const suit = rng.int(3);
  const closedKinds: number[] = [];
  const melds: MeldInput[] = [];
  let kans = 0;

  if (sevenPairs) {
    const kinds = new Set<number>();
    while (kinds.size < 7) {
      const k = rng.int(34);
      if (kindAllowed(k, flavour === 'honours' ? 'any' : flavour, suit)) kinds.add(k);
    }
    for (const k of kinds) {
      closedKinds.push(k, k);
      counts[k]! += 2;
    }
  } else {
    const sets: SetShape[] = [];
    while (sets.length < 4) {
      const s = pickSet(rng, counts, flavour, suit, true);
      if (!s) return randomHand(rng, level, bias);
      for (const k of setKinds(s)) counts[k]! += 1;
      sets.push(s);
    }
    let pair = -1;
    for (let attempt = 0; attempt < 60 && pair < 0; attempt++) {
      const k = flavour === 'honours' && rng.chance(0.4) ? rng.pick(HONOURS) : rng.int(34);
      if (counts[k]! <= 2 && kindAllowed(k, flavour === 'honours' ? 'any' : flavour, suit)) pair = k;
    }
    if (pair < 0) return randomHand(rng, level, bias);
    counts[pair]! += 2;
    closedKinds.push(pair, pair);
    // Which sets are called: at least one when the level has melds, never all four concealed sets gone.
    const calledCount = open ? 1 + rng.int(3) : 0;
    const order = [0, 1, 2, 3];
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const called = new Set(order.slice(0, calledCount));
    sets.forEach((s, i) => {
      const kinds = setKinds(s);
      const tiles = formatTiles(kinds.map((k) => KIND_CODES[k]!));
      if (s.type === 'kan') {
        kans++;
        melds.push({ type: called.has(i) ? rng.pick(['kan-open', 'kan-added'] as const) : 'kan-closed', tiles });
      } else if (called.has(i)) {
        melds.push({ type: s.type === 'chow' ? 'chi' : 'pon', tiles });
      } else {
        closedKinds.push(...kinds);
      }
    });
  }

  // Red fives: at most one per suit, only among the concealed tiles, only where the set has them.
  const closedCodes = closedKinds.map((k) => KIND_CODES[k]!);
  for (const s of ['m', 'p', 's']) {
    const i = closedCodes.indexOf(`5${s}`);
    if (i >= 0 && rng.chance(0.3) && bias.redFives !== false) closedCodes[i] = `0${s}`;
  }
  const winTile = rng.pick(closedCodes);
  const tsumo = rng.chance(0.4);
  const isOpen = melds.some((m) => m.type !== 'kan-closed');
  const riichi = !isOpen && rng.chance(0.55);
  const doubleRiichi = riichi && rng.chance(0.05);
  const ippatsu = riichi && rng.chance(0.15);
  const rinshan = tsumo && kans > 0 && rng.chance(0.3);

  // Dora indicators as the game shows them: one, plus one per kan (some aimed at tiles of the hand when
  // steering towards limit hands); ura dora only after riichi, as many as the dora indicators.
  const handKinds = [...closedKinds, ...melds.flatMap((m) => [...m.tiles.replace(/[mpsz]/g, '')].map((d) => KIND_CODES.indexOf(`${d === '0' ? 5 : d}${m.tiles.at(-1)}`)))];
  const indicatorFor = (targetKind: number): number => KIND_CODES.findIndex((_, k) => doraFromIndicator(k) === targetKind);
  const pickIndicators = (n: number, aimed: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      for (let attempt = 0; attempt < 30; attempt++) {
        const k = i < aimed ? indicatorFor(rng.pick(handKinds)) : rng.int(34);
        if (k >= 0 && counts[k]! < 4) {
          counts[k]! += 1;
          out.push(KIND_CODES[k]!);
          break;
        }
      }
    }
    return formatTiles(out);
  };
  const doraCount = 1 + kans;
  const aimed = Math.min(doraCount, bias.extraDora);
  const dora = pickIndicators(doraCount, aimed);
  const ura = riichi ? pickIndicators(doraCount, aimed > 0 ? doraCount : 0) : '';

  return {
    closed: formatTiles(sortTiles(closedCodes)),
    melds,
    win_tile: winTile,
    tsumo,
    riichi: riichi && !doubleRiichi,
    double_riichi: doubleRiichi,
    ippatsu,
    rinshan,
    seat_wind: rng.pick(WINDS),
    round_wind: rng.chance(0.7) ? 'E' : 'S',
    dora_indicators: dora,
    ura_indicators: ura,
    honba: rng.chance(0.2) ? 1 + rng.int(2) : 0,
    riichi_sticks: 0,
  };
}

/** A yakuman of any size (single, double, stacked). */
function isYakumanLimit(limit: ScoreOk['limit']): boolean {
  return limit !== null && limit.endsWith('yakuman');
}

function asksFor(level: PracticeLevel, result: ScoreOk): PracticeQuestion['asks'] {
  // Fu do not matter from 5 fan on ("for hands with five or more fan the minipoints are irrelevant").
  const fuMatters = result.han < 5 && !isYakumanLimit(result.limit);
  if (level.ask === 'fu') return { fan: false, fu: true, payment: false };
  if (level.ask === 'fan') return { fan: true, fu: false, payment: false };
  return { fan: true, fu: fuMatters, payment: true };
}

/**
 * The topics a question really asks about: the fu topics only when fu are asked (not from 5 fan on), yaku and
 * limits only when fan or the payment are asked.
 */
export function askedTopics(topics: readonly Topic[], asks: PracticeQuestion['asks']): Topic[] {
  return topics.filter((t) => {
    if (t === 'fu-of-sets' || t === 'waits') return asks.fu;
    if (t === 'yaku') return asks.fan;
    return asks.fan || asks.payment;
  });
}

function fits(level: PracticeLevel, result: ScoreOk): boolean {
  if (isYakumanLimit(result.limit)) return false;
  if (level.ask === 'fu' && result.han >= 5) return false;
  return true;
}

export function paymentShapeOf(input: HandInput): PaymentShape {
  if (!input.tsumo) return 'ron';
  return input.seat_wind === 'E' ? 'tsumo-dealer' : 'tsumo-non-dealer';
}

export const TOPICS_BY_LEVEL: Readonly<Record<AskLevel, readonly Topic[]>> = {
  fu: ['fu-of-sets', 'waits'],
  fan: ['yaku', 'limits'],
  full: TOPICS,
  waits: ['waits'],
};

/**
 * A question for `target` at `level`, reproducible from `seed`. Tries random hands until the engine
 * scores one that fits; if none has the target topic within the attempts, the last valid hand is used.
 */
export function generateQuestion(seed: number, level: PracticeLevel, target: Topic, rules?: RulesLike, maxAttempts = 400): PracticeQuestion {
  const rng = createRng(seed);
  const resolved = resolveRules(rules);
  let fallback: PracticeQuestion | null = null;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const input = randomHand(rng, level, { extraDora: target === 'limits' ? 2 + rng.int(3) : 0, redFives: resolved.redFivesAreDora });
    const result = scoreHand(input, resolved);
    if (!result.ok || !fits(level, result)) continue;
    const asks = asksFor(level, result);
    const topics = askedTopics(topicsOf(result), asks);
    const question: PracticeQuestion = { seed, level, target, input, rules: resolved.name, result, topics, asks, paymentShape: paymentShapeOf(input) };
    if (topics.includes(target)) return question;
    fallback ??= question;
  }
  // No hand on the target topic: the question is labelled with a topic it does ask about.
  if (fallback) return { ...fallback, target: fallback.topics[0] ?? fallback.target };
  throw new Error(`No valid practice hand after ${maxAttempts} attempts (seed ${seed}).`);
}
