// Live checks of the hand being edited, before it goes to the engine. Pure functions (unit-tested).
import { MAX_DORA_INDICATORS } from '../../engine/index.ts';
import { isTileCode, kindOf, type TileCode } from '../tiles/codes.ts';
import { redFivesInSetOf, type EditorMeld, type HandDraft, type Situation } from '../state/types.ts';
import { redFivesPerSuit } from '../../vision/handRules.ts';
import { oneTileFixes, tileChangesOf, typedHandTiles, winningKindsAt, type FixTile } from '../../vision/oneTileFixes.ts';

export type ProblemCode =
  | 'too-many-tiles'
  | 'four-concealed'
  | 'wins-without'
  | 'fifth-copy'
  | 'red-five-twice'
  | 'invalid-meld'
  | 'too-many-indicators'
  | 'ura-without-riichi';

export interface Problem {
  code: ProblemCode;
  /** Where to show it: next to the hand, a meld, or an indicator row. */
  where: 'hand' | 'meld' | 'dora' | 'ura';
  meldIndex?: number;
  /** Tile codes (kinds or red fives) to highlight wherever they appear. */
  tiles: TileCode[];
  params: Record<string, string | number>;
}

export interface HandCheck {
  /** Tiles counted the way a winning hand is (a kan counts as 3): 14 when complete. */
  count: number;
  /** Physical tiles in hand and melds. */
  physical: number;
  complete: boolean;
  problems: Problem[];
}

export const HAND_SIZE = 14;

export function meldProblem(meld: EditorMeld): string | null {
  const { type, tiles } = meld;
  if (!tiles.every(isTileCode)) return 'unknown-tile';
  const kinds = tiles.map(kindOf);
  const want = type === 'chi' || type === 'pon' ? 3 : 4;
  if (tiles.length !== want) return 'size';
  if (type === 'chi') {
    const suit = kinds[0]![1];
    if (suit === 'z' || kinds.some((k) => k[1] !== suit)) return 'chi-suit';
    const nums = kinds.map((k) => Number(k[0])).sort((a, b) => a - b);
    if (nums[1] !== nums[0]! + 1 || nums[2] !== nums[0]! + 2) return 'chi-run';
    return null;
  }
  return kinds.every((k) => k === kinds[0]) ? null : 'same-kind';
}

export function countTiles(hand: HandDraft): number {
  return hand.closed.length + (hand.winTile ? 1 : 0) + hand.melds.length * 3;
}

/** Kinds the concealed tiles (the winning tile included) hold four of. */
export function fourConcealed(hand: HandDraft): TileCode[] {
  const n = new Map<TileCode, number>();
  for (const t of [...hand.closed, ...(hand.winTile ? [hand.winTile] : [])]) n.set(kindOf(t), (n.get(kindOf(t)) ?? 0) + 1);
  return [...n].filter(([, c]) => c === 4).map(([kind]) => kind);
}

/** One concealed tile changed: `at` is its index among the closed tiles, or the winning tile. */
export interface TileChange {
  at: number | 'win';
  from: TileCode;
  to: TileCode;
}

/**
 * For a hand of 14 tiles (a kan counted as 3) that is not a winning hand, every change of one concealed tile that
 * makes it one within the copy rules (melds and dora indicators counted): a hand typed or read with one tile wrong
 * is usually one of a few (a median of 2 changes on random hands with one tile swapped). Each change of kinds once,
 * on its first tile in the hand's order; [] for any other hand. The photo review does the same with the reader's
 * guesses to rank them (src/vision/oneTileFixes.ts); here every tile is as sure as the player typed it.
 */
export function oneTileChanges(hand: HandDraft, situation: Situation): TileChange[] {
  return tileChangesOf(handFixes(hand, situation)).map((f) => ({ at: placeOf(hand, f.index), from: f.from as TileCode, to: f.to as TileCode }));
}

/** For a hand of 15 tiles (a kan counted as 3): the tiles, one of each kind, without which it is a winning hand. */
export function tilesToRemove(hand: HandDraft, situation: Situation): { at: number | 'win'; tile: TileCode }[] {
  const fixes = handFixes(hand, situation);
  if (fixes.status !== 'incomplete' || fixes.count !== HAND_SIZE + 1) return [];
  return fixes.fixes.flatMap((f) => (f.kind === 'remove' ? [{ at: placeOf(hand, f.index), tile: f.from as TileCode }] : []));
}

/** A concealed tile's place in the hand from its index in handTiles: among the closed tiles, or the winning tile. */
function placeOf(hand: HandDraft, index: number): number | 'win' {
  return index < hand.closed.length ? index : 'win';
}

/**
 * The kinds a concealed tile (index among the closed tiles, or the winning tile) could be replaced by for a hand of 14
 * tiles to be a winning hand, the tile's own kind left out (src/vision/oneTileFixes.ts winningKindsAt): the palette
 * outlines them while that tile is selected for replacing.
 */
export function winningReplacements(hand: HandDraft, situation: Situation, at: number | 'win'): TileCode[] {
  const index = at === 'win' ? (hand.winTile ? hand.closed.length : -1) : at;
  if (index < 0 || index > hand.closed.length) return [];
  return winningKindsAt(handTiles(hand), index, handContext(situation)) as TileCode[];
}

/** The hand as oneTileFixes.ts reads it: the closed tiles, then the winning tile, then the melds; every tile sure. */
function handTiles(hand: HandDraft): FixTile[] {
  return typedHandTiles([...hand.closed, ...(hand.winTile ? [hand.winTile] : [])], hand.melds.map((m) => m.tiles));
}

function handContext(situation: Situation) {
  return { otherTiles: [...situation.dora_indicators, ...situation.ura_indicators], redFivesPerSuit: redFivesPerSuit(redFivesInSetOf(situation)) };
}

function handFixes(hand: HandDraft, situation: Situation) {
  return oneTileFixes(handTiles(hand), handContext(situation));
}

export function checkHand(hand: HandDraft, situation: Situation): HandCheck {
  const problems: Problem[] = [];
  const count = countTiles(hand);
  const physical = count + hand.melds.filter((m) => m.type.startsWith('kan')).length;

  if (count > HAND_SIZE) {
    problems.push({ code: 'too-many-tiles', where: 'hand', tiles: [], params: { count, extra: count - HAND_SIZE } });
    // A kan entered as four tiles of the hand (it counts as 3 once it is a kan): said with a way to make it one.
    const fours = fourConcealed(hand);
    for (const kind of fours) problems.push({ code: 'four-concealed', where: 'hand', tiles: [kind], params: { tile: kind } });
    // A tile too many (a discard or a tile of another row in the photo): the tiles without which the hand wins, but
    // not one of four of a kind, which the kan above accounts for.
    for (const r of tilesToRemove(hand, situation)) {
      if (!fours.includes(kindOf(r.tile))) problems.push({ code: 'wins-without', where: 'hand', tiles: [r.tile], params: { tile: r.tile, at: String(r.at) } });
    }
  }

  hand.melds.forEach((meld, meldIndex) => {
    const why = meldProblem(meld);
    if (why) problems.push({ code: 'invalid-meld', where: 'meld', meldIndex, tiles: [], params: { why, type: meld.type } });
  });

  // Copies: hand, melds and indicators are all taken from the same 136 tiles.
  const all: TileCode[] = [
    ...hand.closed,
    ...(hand.winTile ? [hand.winTile] : []),
    ...hand.melds.flatMap((m) => m.tiles),
    ...situation.dora_indicators,
    ...situation.ura_indicators,
  ];
  const byKind = new Map<TileCode, number>();
  const reds = new Map<TileCode, number>();
  for (const t of all) {
    byKind.set(kindOf(t), (byKind.get(kindOf(t)) ?? 0) + 1);
    if (t[0] === '0') reds.set(t, (reds.get(t) ?? 0) + 1);
  }
  for (const [kind, n] of byKind) {
    if (n > 4) {
      const tiles = kind[0] === '5' ? [kind, `0${kind[1]}`] : [kind];
      problems.push({ code: 'fifth-copy', where: 'hand', tiles, params: { tile: kind, count: n } });
    }
  }
  // one red five of each suit, two of the 5p in a set of four (rules.redFivesInSet)
  const redsInSet = redFivesInSetOf(situation);
  for (const [red, n] of reds) {
    const max = red === '0p' && redsInSet === 4 ? 2 : 1;
    if (n > max) problems.push({ code: 'red-five-twice', where: 'hand', tiles: [red], params: { tile: red, count: n, max } });
  }

  // any player's kan turns one more indicator, so the winner's own kans do not bound them
  for (const where of ['dora', 'ura'] as const) {
    const n = situation[`${where}_indicators`].length;
    if (n > MAX_DORA_INDICATORS) problems.push({ code: 'too-many-indicators', where, tiles: [], params: { count: n, max: MAX_DORA_INDICATORS } });
  }
  if (situation.ura_indicators.length > 0 && !situation.riichi && !situation.double_riichi) {
    problems.push({ code: 'ura-without-riichi', where: 'ura', tiles: [], params: {} });
  }

  return { count, physical, complete: count === HAND_SIZE && hand.winTile !== null, problems };
}

/** Problems that stop scoring (indicator warnings do not). */
export function blocksScoring(problem: Problem): boolean {
  return problem.code !== 'ura-without-riichi';
}
