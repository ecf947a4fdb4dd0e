/**
 * Yaku a hand came close to and did not get, each with the one thing that kept it out: the beginner's "why no
 * pinfu?" (a closed wait, a pung, a pair of dragons), "why no tanyao?" (a 9 in the hand, or an open hand under
 * rules without open tanyao), "why no menzen tsumo?" (a called meld), "why no honitsu?" (one set of another suit),
 * "why no toitoi?" (one chow), "why no sanshoku / ittsu?" (a chow one step off), "why no chanta / junchan?" (one set
 * without a terminal), "why no sanankou / suuankou?" (a pung completed by a discard counts as open), "why are my
 * seven pairs no hand?" (four of a kind are not two pairs), "why does my pung of West give nothing?" (neither the
 * seat nor the round wind), "why only suuankou, my hand is daisuushii too?" (yakuman do not add up under these
 * rules). Only near misses are named: a yaku kept out by two things at once is not. Nothing here runs in
 * scoreHand: callers that explain a score ask for it.
 */
import { decomposeHand } from './decompose.ts';
import { resolveRules, type ResolvedRules, type RulesLike } from './rules.ts';
import { scoreHand } from './score.ts';
import { EAST, GREEN, isDragon, isHonour, isSimple, isTerminalOrHonour, KIND_CODES, KIND_COUNT, kindCounts, parseTiles, SUITS, tileKind, WHITE } from './tiles.ts';
import type { Explanation, HandInput, ScoreResult } from './types.ts';

/** One yaku not counted: its id (the engine's yaku texts name it), why (an i18n key of `notCounted`), and the tiles named. */
export interface NotCounted {
  id: string;
  reason: NotCountedReason;
  params: { tiles?: string; wait?: string; suit?: string; have?: string; missing?: string; seat?: string; round?: string };
}

export type NotCountedReason =
  | 'tanyao_open'
  | 'tanyao_not_simples'
  | 'pinfu_pung'
  | 'pinfu_value_pair'
  | 'pinfu_wait'
  | 'menzen_tsumo_open'
  | 'iipeikou_open'
  | 'yakuhai_pair'
  | 'honitsu_other_suit'
  | 'chinitsu_other_suit'
  | 'toitoi_chow'
  | 'sanshoku_one_chow'
  | 'ittsu_one_chow'
  | 'chanta_one_set'
  | 'junchan_one_set'
  | 'sanankou_ron_pung'
  | 'suuankou_ron_pung'
  | 'chiitoitsu_four_of_a_kind'
  | 'yakuhai_guest_wind'
  | 'renhou_not_in_rules'
  | 'renhou_worth_more_without'
  | 'ura_dora_without_riichi'
  | 'yakuman_not_cumulative';

const WINDS = ['E', 'S', 'W', 'N'] as const;
const windKind = (w: string | undefined) => EAST + Math.max(0, WINDS.indexOf((w ?? 'E') as (typeof WINDS)[number]));

/** The yakuhai entry a pung of this kind would have been (seat wind before round wind, as the scorer lists them). */
function yakuhaiIdOf(kind: number, seat: number, round: number): string | null {
  if (isDragon(kind)) return kind === WHITE ? 'yakuhai_white' : kind === GREEN ? 'yakuhai_green' : 'yakuhai_red';
  if (kind === seat) return 'yakuhai_seat_wind';
  if (kind === round) return 'yakuhai_round_wind';
  return null;
}

/** Tiles of one suit in the hand notation, in order (`[13, 12, 11]` -> `234p`). */
function suitTiles(kinds: readonly number[]): string {
  const sorted = [...kinds].sort((a, b) => a - b);
  return sorted.map((k) => (KIND_CODES[k] as string)[0]).join('') + (KIND_CODES[sorted[0] as number] as string)[1];
}

/** A set of the explanation's reading without its meld marks (`[234m]` -> `234m`, `(1111p)` -> `1111p`). */
const setTiles = (set: string) => set.replace(/[^0-9a-z]/g, '');
const isChow = (tiles: string) => tiles.length === 4 && tiles[0] !== tiles[1];
/** The suit of a suited tile kind (0 characters, 1 circles, 2 bamboo). */
const suitOf = (kind: number) => Math.floor(kind / 9);
/** The chow starting at `start`, in the hand notation (`234p`). */
const chowTiles = (start: number) => suitTiles([start, start + 1, start + 2]);

interface PinfuBlock {
  count: number;
  reason?: NotCountedReason;
  params?: NotCounted['params'];
}

/** A pung (3) or kong (4) of a kind, or its pair (2), in the hand notation (`777p`, `55z`). */
const sameTiles = (kind: number, n: number) => `${(KIND_CODES[kind] as string)[0]!.repeat(n)}${(KIND_CODES[kind] as string)[1]}`;

/**
 * What keeps one reading of a closed hand from pinfu: its pungs (closed kans included), a pair worth fu, a wait other
 * than two-sided. When it is exactly one thing, that thing.
 */
function pinfuBlockOf(pungs: readonly string[], pair: number, wait: string, win: number, seat: number, round: number): PinfuBlock {
  const valuePair = pair >= 0 && (isDragon(pair) || pair === seat || pair === round);
  const count = pungs.length + (valuePair ? 1 : 0) + (wait === 'ryanmen' ? 0 : 1);
  if (count !== 1) return { count };
  if (pungs.length === 1) return { count, reason: 'pinfu_pung', params: { tiles: pungs[0] as string } };
  if (valuePair) return { count, reason: 'pinfu_value_pair', params: { tiles: sameTiles(pair, 2) } };
  return { count, reason: 'pinfu_wait', params: { tiles: KIND_CODES[win] as string, wait } };
}

/**
 * The reading nearest to pinfu of a hand that shows none (no yaku): over every reading and every set the winning
 * tile can complete, the one with the fewest things keeping it out.
 */
function nearestPinfuBlock(counts: ArrayLike<number>, closedKans: number[], win: number, seat: number, round: number): PinfuBlock {
  let best: PinfuBlock = { count: Infinity };
  for (const d of decomposeHand(counts)) {
    const pungs = [...closedKans.map((k) => sameTiles(k, 4)), ...d.sets.filter((s) => s.kind === 'pung').map((s) => sameTiles(s.tile, 3))];
    const consider = (wait: string) => {
      const b = pinfuBlockOf(pungs, d.pair, wait, win, seat, round);
      if (b.count < best.count) best = b;
    };
    // every place the winning tile may sit: the pair (single wait), a pung (double pair wait), a chow
    if (d.pair === win) consider('tanki');
    for (const s of d.sets) {
      if (s.kind === 'pung' && s.tile === win) consider('shanpon');
      if (s.kind !== 'run' || win < s.tile || win > s.tile + 2) continue;
      const at = win - s.tile;
      const n = s.tile % 9; // 0 for a 123 chow, 6 for a 789
      consider(at === 1 ? 'kanchan' : (at === 0 && n === 6) || (at === 2 && n === 0) ? 'penchan' : 'ryanmen');
    }
  }
  return best;
}

/** What keeps pinfu out of the reading a score shows (a closed hand's: its sets, closed kans among them, pair, wait). */
function pinfuBlockIn(reading: Explanation['reading'], win: number, seat: number, round: number): PinfuBlock {
  if (reading.kind !== 'standard') return { count: Infinity };
  return pinfuBlockOf(reading.sets.map(setTiles).filter((s) => !isChow(s)), tileKind(reading.pair.slice(1)), reading.wait, win, seat, round);
}

/**
 * Sanshoku and ittsu one tile away among these chows (as the hand writes them): two of the three chows there, and a
 * chow of the hand one step from the third (345s for 234s, 678m for 789m), which one tile changed would make it. A
 * chow further off, or none, is further from the yaku than one thing, and is not named.
 */
function chowNearMisses(chowTexts: readonly string[], counted: ReadonlySet<string>): NotCounted[] {
  const chows = chowTexts.map((text) => ({ text, start: Math.min(...parseTiles(text).map(tileKind)) }));
  const chowAt = (start: number) => chows.find((c) => c.start === start);
  const out: NotCounted[] = [];
  if (!counted.has('sanshoku')) {
    for (let rank = 0; rank < 7 && !out.length; rank++) {
      const have = [0, 1, 2].flatMap((suit) => chowAt(suit * 9 + rank) ?? []);
      const third = [0, 1, 2].find((suit) => !chowAt(suit * 9 + rank));
      if (have.length !== 2 || third === undefined) continue;
      const instead = chows.find((c) => suitOf(c.start) === third && Math.abs((c.start % 9) - rank) === 1);
      if (instead) out.push({ id: 'sanshoku', reason: 'sanshoku_one_chow', params: { have: have.map((c) => c.text).join(' '), tiles: instead.text, missing: chowTiles(third * 9 + rank) } });
    }
  }
  if (!counted.has('ittsu')) {
    for (let suit = 0; suit < 3; suit++) {
      const have = [0, 3, 6].flatMap((rank) => chowAt(suit * 9 + rank) ?? []);
      const rank = [0, 3, 6].find((r) => !chowAt(suit * 9 + r));
      const instead = have.length === 2 && rank !== undefined ? chows.find((c) => suitOf(c.start) === suit && Math.abs((c.start % 9) - rank) === 1) : undefined;
      if (instead && rank !== undefined) {
        out.push({ id: 'ittsu', reason: 'ittsu_one_chow', params: { have: have.map((c) => c.text).join(' '), tiles: instead.text, missing: chowTiles(suit * 9 + rank) } });
        break;
      }
    }
  }
  return out;
}

/**
 * Seven pairs but for four of a kind among them, in a hand that is no winning hand (NOT_A_WINNING_HAND): chiitoitsu
 * takes seven different pairs, so four alike are not two pairs. The beginner's "but I have seven pairs".
 */
function sevenPairsWithFours(input: HandInput): NotCounted[] {
  if ((input.melds ?? []).length > 0) return [];
  let kinds: number[];
  try {
    kinds = parseTiles(input.closed).map(tileKind);
  } catch {
    return [];
  }
  if (kinds.length !== 14) return [];
  const counts = [...kindCounts(kinds)];
  if (counts.some((n) => n % 2 !== 0)) return [];
  const fours = counts.flatMap((n, k) => (n === 4 ? [sameTiles(k, 4)] : []));
  return fours.length ? [{ id: 'chiitoitsu', reason: 'chiitoitsu_four_of_a_kind', params: { tiles: fours.join(' ') } }] : [];
}

/**
 * The yaku `input` came close to and did not get in `result` (its score, or its NO_YAKU / NOT_ENOUGH_FAN error; for
 * a NOT_A_WINNING_HAND error, seven pairs with four of a kind among them), under the rules it was scored with. Empty
 * for a yakuman, seven pairs, thirteen orphans or any other error; but renhou claimed under rules that have none is
 * always said (first).
 */
export function yakuNotCounted(input: HandInput, result: ScoreResult, rules: RulesLike | undefined = input.rules): NotCounted[] {
  const nearMisses = yakuNearlyCounted(input, result, rules);
  // Renhou claimed under rules that have no renhou (Tenhou, Mahjong Soul, M-League): the hand is scored without it,
  // and the player is told so instead of seeing it vanish.
  const scoredOrNoYaku = result.ok || result.error.code === 'NO_YAKU' || result.error.code === 'NOT_ENOUGH_FAN';
  if (input.renhou === true && scoredOrNoYaku && renhouOf(rules) === 'none') return [{ id: 'renhou', reason: 'renhou_not_in_rules', params: {} }, ...nearMisses];
  return [...yakumanNotAdded(input, result, rules), ...setAside(input, result, rules), ...nearMisses];
}

/**
 * What the player asked for and the score left out by rule, said so that it does not vanish: renhou where it pays a
 * mangan and the hand is worth more without it (a referee settling a renhou claim shows that it was weighed), and
 * ura dora given for a hand not in riichi.
 */
function setAside(input: HandInput, result: ScoreResult, rules: RulesLike | undefined): NotCounted[] {
  if (!result.ok) return [];
  const out: NotCounted[] = [];
  if (input.renhou === true && renhouOf(rules) === 'mangan' && !result.yaku.some((y) => y.id === 'renhou')) out.push({ id: 'renhou', reason: 'renhou_worth_more_without', params: {} });
  if (!input.riichi && !input.double_riichi && (input.ura_indicators ?? '').trim() !== '') out.push({ id: 'ura_dora', reason: 'ura_dora_without_riichi', params: {} });
  return out;
}

/**
 * The other yakuman of a yakuman hand under rules where yakuman do not add up (EMA, WRC): suuankou that is daisuushii
 * too is paid once, and the player is told why the second one is missing. Found by scoring the hand again with
 * yakuman stacking on (only here, never in scoreHand itself).
 */
function yakumanNotAdded(input: HandInput, result: ScoreResult, rules: RulesLike | undefined): NotCounted[] {
  if (!result.ok || result.limit === null || !result.limit.endsWith('yakuman')) return [];
  let resolved: ResolvedRules;
  try {
    resolved = resolveRules(rules);
  } catch {
    return [];
  }
  if (resolved.yakumanStacking) return [];
  const stacked = scoreHand(input, { ...resolved, yakumanStacking: true });
  if (!stacked.ok) return [];
  const counted = new Set(result.yaku.map((y) => y.id));
  return stacked.yaku.filter((y) => !counted.has(y.id)).map((y) => ({ id: y.id, reason: 'yakuman_not_cumulative', params: {} }));
}

function renhouOf(rules: RulesLike | undefined): ResolvedRules['renhou'] | null {
  try {
    return resolveRules(rules).renhou;
  } catch {
    return null;
  }
}

function yakuNearlyCounted(input: HandInput, result: ScoreResult, rules: RulesLike | undefined): NotCounted[] {
  if (!result.ok && result.error.code === 'NOT_A_WINNING_HAND') return sevenPairsWithFours(input);
  if (result.ok ? result.limit !== null && result.limit.endsWith('yakuman') : result.error.code !== 'NO_YAKU' && result.error.code !== 'NOT_ENOUGH_FAN') return [];
  if (result.ok && result.explanation.reading.kind !== 'standard') return [];
  const melds = input.melds ?? [];
  let resolved: ResolvedRules;
  let closedKinds: number[];
  let meldKinds: number[][];
  let win: number;
  try {
    resolved = resolveRules(rules);
    closedKinds = parseTiles(input.closed).map(tileKind);
    meldKinds = melds.map((m) => parseTiles(m.tiles).map(tileKind));
    win = tileKind(input.win_tile);
  } catch {
    return []; // a hand the scorer refused for its input has nothing to say here
  }
  const closedHand = melds.every((m) => m.type === 'kan-closed');
  const counted = new Set(result.ok ? result.yaku.map((y) => y.id) : []);
  // The sets of the reading a score shows (none for a hand without a yaku), and the chows the player called.
  const shownSets = result.ok ? result.explanation.reading.sets.map(setTiles) : [];
  const shownChows = shownSets.filter(isChow);
  const calledChows = meldKinds.filter((_, i) => (melds[i] as { type: string }).type === 'chi');
  const seat = windKind(input.seat_wind);
  const round = windKind(input.round_wind);
  const out: NotCounted[] = [];

  // Tanyao: one kind of terminal or honour (in one set or the pair: 9s, 99s, 999s), or an open hand under rules
  // without open tanyao.
  if (!counted.has('tanyao')) {
    const others = new Set([...closedKinds, ...meldKinds.flat()].filter((k) => !isSimple(k)));
    if (others.size === 0 && !closedHand && !resolved.openTanyao) out.push({ id: 'tanyao', reason: 'tanyao_open', params: {} });
    else if (others.size === 1 && (closedHand || resolved.openTanyao)) out.push({ id: 'tanyao', reason: 'tanyao_not_simples', params: { tiles: KIND_CODES[[...others][0] as number] as string } });
  }

  // Pinfu: a closed hand one thing away. For a score, in the reading the score shows (what kept pinfu out of it);
  // for a hand without a yaku, which has no reading to show, in the reading nearest to pinfu.
  const counts = kindCounts(closedKinds);
  if (closedHand && !counted.has('pinfu') && closedKinds.length === 14 - 3 * melds.length) {
    const block = result.ok ? pinfuBlockIn(result.explanation.reading, win, seat, round) : nearestPinfuBlock(counts, meldKinds.map((t) => t[0] as number), win, seat, round);
    if (block.count === 1 && block.reason) out.push({ id: 'pinfu', reason: block.reason, params: block.params ?? {} });
  }

  // Menzen tsumo: a self-drawn win with a called meld.
  if (input.tsumo && !closedHand) out.push({ id: 'menzen_tsumo', reason: 'menzen_tsumo_open', params: {} });

  // Iipeikou: two identical chows (a called one among them) in an open hand.
  if (!closedHand && result.ok) {
    const twice = shownChows.find((r, i) => shownChows.indexOf(r) !== i);
    if (twice) out.push({ id: 'iipeikou', reason: 'iipeikou_open', params: { tiles: twice } });
  }

  // Honitsu / chinitsu: one suit (with honours, or alone) but for one set or the pair of another suit (a few tiles of
  // one suit in a complete hand form whole sets of their own).
  if (!counted.has('honitsu') && !counted.has('chinitsu')) {
    const all = [...closedKinds, ...meldKinds.flat()];
    const bySuit = [0, 1, 2].map((s) => all.filter((k) => k < EAST && suitOf(k) === s)).filter((tiles) => tiles.length > 0);
    const [a, b] = bySuit;
    if (bySuit.length === 2 && a && b) {
      const [few, main] = a.length <= b.length ? [a, b] : [b, a];
      if (few.length <= 3) {
        const params = { tiles: suitTiles(few), suit: SUITS[suitOf(main[0] as number)] as string };
        out.push(all.some((k) => k >= EAST) ? { id: 'honitsu', reason: 'honitsu_other_suit', params } : { id: 'chinitsu', reason: 'chinitsu_other_suit', params });
      }
    }
  }

  // Toitoi: one chow among the four sets (a called chow counts), in the reading the score shows, or for a hand
  // without a yaku in the reading with the fewest.
  if (!counted.has('toitoi') && result.ok) {
    if (shownChows.length === 1) out.push({ id: 'toitoi', reason: 'toitoi_chow', params: { tiles: shownChows[0] as string } });
  } else if (!counted.has('toitoi') && closedKinds.length === 14 - 3 * melds.length) {
    let fewest = Infinity;
    let chow = '';
    for (const d of decomposeHand(counts)) {
      const runs = d.sets.filter((s) => s.kind === 'run');
      if (runs.length + calledChows.length >= fewest) continue;
      fewest = runs.length + calledChows.length;
      chow = runs[0] ? chowTiles(runs[0].tile) : calledChows[0] ? suitTiles(calledChows[0]) : '';
    }
    if (fewest === 1 && chow) out.push({ id: 'toitoi', reason: 'toitoi_chow', params: { tiles: chow } });
  }

  // Sanankou / suuankou: a pung the discard completed counts as open, leaving the hand one concealed pung short
  // (three, or four with the pair to come: the double-pair wait won on a discard). In the reading the score shows;
  // for a hand without a yaku, in a reading with three pungs in the hand, one of them the winning tile's: there the
  // winning tile sits in that pung, or sanankou would have been the hand's yaku.
  if (!input.tsumo && result.ok) {
    const ronPung = result.explanation.fu.find((f) => f.id === 'pung_ron_simple' || f.id === 'pung_ron_terminal')?.tiles;
    // concealed sets are written bare or as a closed kan `(1111p)`; called ones in [...] or {....}
    const concealedPungs = result.explanation.reading.sets.filter((s) => !/^[[{]/.test(s) && !isChow(setTiles(s))).length;
    if (ronPung && concealedPungs === 4 && !counted.has('suuankou')) out.push({ id: 'suuankou', reason: 'suuankou_ron_pung', params: { tiles: ronPung } });
    if (ronPung && concealedPungs === 3 && !counted.has('sanankou')) out.push({ id: 'sanankou', reason: 'sanankou_ron_pung', params: { tiles: ronPung } });
  } else if (!input.tsumo && closedKinds.length === 14 - 3 * melds.length) {
    const closedKans = melds.filter((m) => m.type === 'kan-closed').length;
    for (const d of decomposeHand(counts)) {
      const pungs = d.sets.filter((set) => set.kind === 'pung');
      if (pungs.length + closedKans === 3 && pungs.some((set) => set.tile === win)) {
        out.push({ id: 'sanankou', reason: 'sanankou_ron_pung', params: { tiles: sameTiles(win, 3) } });
        break;
      }
    }
  }

  // Sanshoku / ittsu: two of the three chows, and a chow one step from the third (234m 234p and 345s; 123m 456m and
  // 678m), in the reading the score shows, or for a hand without a yaku in the first reading that has such a chow.
  if (result.ok) {
    out.push(...chowNearMisses(shownChows, counted));
  } else if (closedKinds.length === 14 - 3 * melds.length) {
    for (const d of decomposeHand(counts)) {
      const near = chowNearMisses([...d.sets.filter((set) => set.kind === 'run').map((set) => chowTiles(set.tile)), ...calledChows.map(suitTiles)], counted);
      if (near.length) {
        out.push(...near);
        break;
      }
    }
  }

  // Chanta / junchan: every set and the pair but one hold a terminal (or an honour, for chanta), with a chow among
  // them, in the reading the score shows. Junchan for a hand without honours, chanta for one with them.
  if (result.ok && !counted.has('chanta') && !counted.has('junchan')) {
    const groups = [...shownSets, result.explanation.reading.pair];
    const kindsOf = (g: string) => parseTiles(g).map(tileKind);
    const without = groups.filter((g) => !kindsOf(g).some(isTerminalOrHonour));
    const honours = groups.some((g) => kindsOf(g).some(isHonour));
    // (with a chow: four terminal pungs and a pair would be honroutou, not chanta)
    if (without.length === 1 && groups.some(isChow)) {
      out.push(honours ? { id: 'chanta', reason: 'chanta_one_set', params: { tiles: without[0] as string } } : { id: 'junchan', reason: 'junchan_one_set', params: { tiles: without[0] as string } });
    }
  }

  // A pung or kong of a wind that is neither the seat nor the round wind (West for South in the East round): no fan.
  // (Honours form no chow, so three of a wind among the concealed tiles of a complete hand are a pung.)
  for (let k = EAST; k < EAST + WINDS.length; k++) {
    if (k === seat || k === round) continue;
    const called = meldKinds.find((tiles) => tiles.length >= 3 && tiles[0] === k);
    if (counts[k] === 3 || called) {
      out.push({ id: 'yakuhai', reason: 'yakuhai_guest_wind', params: { tiles: sameTiles(k, called?.length ?? 3), seat: KIND_CODES[seat] as string, round: KIND_CODES[round] as string } });
    }
  }

  // A pair of dragons or of the seat or round wind: worth fu, not a fan (honours form no chow, so two of a kind
  // among the concealed tiles of a complete hand are its pair).
  // (Said once: where pinfu's line already names the pair as worth fu, not again.)
  for (let k = EAST; k < KIND_COUNT; k++) {
    if (counts[k] !== 2 || out.some((n) => n.reason === 'pinfu_value_pair')) continue;
    const id = yakuhaiIdOf(k, seat, round);
    if (id) out.push({ id, reason: 'yakuhai_pair', params: { tiles: sameTiles(k, 2) } });
  }
  return out;
}
