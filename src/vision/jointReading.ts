// The joint reading of the hand row. A photo of a winning hand is not 14 independent guesses: the row holds at most
// four tiles of a kind (counting melds and dora indicators too), at most one red five per suit, and, with 14 tiles
// (a kan counted as 3), it is a complete hand (4 sets and a pair, seven pairs, thirteen orphans); with 13, a hand one
// tile from complete. This module chooses the most probable reading of the whole row under those rules from each
// tile's probabilities, changing only tiles the classifier is unsure of:
//
//   maximise Σ log p_i(c_i) over the unsure tiles' top-k classes, subject to the rules,
//
// by depth-first branch and bound (the cost of a tile's class is log p(first) - log p(class) ≥ 0; a branch stops
// when its cost reaches the best legal reading found or the largest cost allowed, or when a kind goes over four),
// with a node budget so a row of many unsure tiles still takes a bounded time. The shape rule (complete / one away)
// is asked for only when a reading that meets it costs at most `maxShapeCost` (the plain reading is then at most
// e^maxShapeCost times more probable than the legal one); otherwise only the copy rules are enforced and a note says
// why the row was left as read. The thresholds are data (JOINT_READING_DEFAULTS), chosen on development renders
// (training-notes/common/make_hand_dev_set.py, the shape line on its --heldout-art hands; see src/vision/README.md),
// never on the real validation photos.

import { forEachDecomposition, isChiitoitsu, isKokushi } from '../engine/decompose.ts';
import { tileKind as engineKind } from '../engine/tiles.ts';
import { MAX_COPIES, RED_FIVES_PER_SUIT } from './handRules.ts';
import { isRedFive, tileSuit } from './tiles.ts';
import type { RecognitionNote } from './notes.ts';

export interface JointReadingOptions {
  /** Classes considered per unsure tile: its k most probable (k ≥ 5). */
  topK: number;
  /** A tile whose first class has at least this probability is sure: the joint reading never changes it. */
  sureProbability: number;
  /** Classes below this probability are not considered for a tile (they would not be a likely reading). */
  minClassProbability: number;
  /** Largest cost (nats: log of the plain reading's probability over the legal one's) for the hand's shape. */
  maxShapeCost: number;
  /** Largest cost for the copy rules (a fifth copy or a second red five is impossible, so this is generous). */
  maxCopyCost: number;
  /** Search budget in visited nodes, and in hand-shape checks (bound the time on a row of many unsure tiles). */
  maxNodes: number;
  maxShapeChecks: number;
  /** Ask for a complete hand (14 tiles) or one a tile from complete (13); false: copy rules only. */
  shape: boolean;
}

export const JOINT_READING_DEFAULTS: JointReadingOptions = {
  topK: 5,
  sureProbability: 0.9,
  minClassProbability: 0.005,
  maxShapeCost: 3,
  maxCopyCost: 12,
  maxNodes: 5_000,
  maxShapeChecks: 300,
  shape: true,
};


export type JointRule = 'plain' | 'copies' | 'shape';

export interface JointReading {
  /** Chosen class index per tile. */
  choice: number[];
  /** Tiles whose chosen class is not their first class. */
  changed: boolean[];
  /** 'shape': the reading is a complete / one-away hand; 'copies': only the copy rules hold; 'plain': as read. */
  rule: JointRule;
  /** Whether the row's tile count asks for a shape (13 or 14 tiles, kans counted as 3, no tile backs). */
  shapeAsked: boolean;
  /** Why the row was left as read (or only partly fixed), for the player; undefined when all rules hold. */
  note?: RecognitionNote;
  /** Cost (nats) of the chosen reading against the plain one, and nodes visited. */
  cost: number;
  nodes: number;
}

/** Extra context: tiles elsewhere (dora indicators, melds not in the row) count towards four of a kind. */
export interface JointContext {
  /** Tile codes seen outside the row. */
  otherTiles?: readonly string[];
  /** Group of each row tile (tiles set apart by gaps); a group of four tiles of one kind is a kan, counted as 3. */
  groups?: readonly number[];
  /** Red fives of each suit m, p, s the set has (the rules' redFivesInSet; default one each, handRules.ts). */
  redFivesPerSuit?: readonly number[];
}

const KINDS = 34;

interface ClassInfo {
  kind: number; // 0..33, -1 for a back or anything that is not a tile
  redSuit: number; // 0..2 for a red five, -1 otherwise
}

function classInfo(classes: readonly string[]): ClassInfo[] {
  return classes.map((code) => {
    const kind = engineKind(code);
    const suit = tileSuit(code);
    return { kind, redSuit: isRedFive(code) && suit ? 'mps'.indexOf(suit) : -1 };
  });
}

function argmax(p: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  return best;
}

/** Groups (tiles set apart by gaps) of exactly four tiles of one kind: a kan, counted as 3 tiles of the hand. */
export function kanGroups(codes: readonly string[], groups: readonly number[]): Set<number> {
  const byGroup = new Map<number, number[]>();
  groups.forEach((g, i) => byGroup.set(g, [...(byGroup.get(g) ?? []), engineKind(codes[i]!)]));
  const kans = new Set<number>();
  for (const [g, kinds] of byGroup) if (kinds.length === 4 && kinds[0]! >= 0 && kinds.every((k) => k === kinds[0])) kans.add(g);
  return kans;
}

/** Whether 14 concealed tiles' counts form a complete hand. */
export function isCompleteHand(counts: Uint8Array): boolean {
  if (isChiitoitsu(counts) || isKokushi(counts)) return true;
  let found = false;
  forEachDecomposition(counts, 4, () => {
    found = true;
  });
  return found;
}

/** Whether 13 concealed tiles are one tile from a complete hand (the tile being a fifth copy does not count). */
export function isOneFromComplete(counts: Uint8Array): boolean {
  for (let k = 0; k < KINDS; k++) {
    if (counts[k]! >= MAX_COPIES) continue;
    // The winning tile pairs with a held tile or makes a run with one: it is held, or a held tile is 1-2 away.
    const s = Math.floor(k / 9);
    const near = counts[k]! > 0 || (k < 27 && [-2, -1, 1, 2].some((d) => Math.floor((k + d) / 9) === s && k + d >= 0 && counts[k + d]! > 0));
    if (!near) continue;
    counts[k]!++;
    const ok = isCompleteHand(counts);
    counts[k]!--;
    if (ok) return true;
  }
  return false;
}

/**
 * The most probable reading of the row under the hand's rules (see the top of this file). `probs[i]` are tile i's
 * class probabilities in `classes` order (calibrated: the costs compare probabilities across tiles).
 */
export function readRowJointly(
  probs: readonly ArrayLike<number>[],
  classes: readonly string[],
  context: JointContext = {},
  options: Partial<JointReadingOptions> = {},
): JointReading {
  const o = { ...JOINT_READING_DEFAULTS, ...options };
  const info = classInfo(classes);
  const n = probs.length;
  const plain = probs.map(argmax);
  const result = (choice: number[], rule: JointRule, shapeAsked: boolean, cost: number, nodes: number, note?: RecognitionNote): JointReading => ({
    choice,
    changed: choice.map((c, i) => c !== plain[i]),
    rule,
    shapeAsked,
    cost,
    nodes,
    ...(note ? { note } : {}),
  });

  // Kans: a group of exactly four tiles read as one kind (plain reading) counts as 3 for the shape; its tiles stay.
  const kanTiles = new Set<number>();
  if (context.groups && context.groups.length === n) {
    const kans = kanGroups(plain.map((c) => classes[c]!), context.groups);
    context.groups.forEach((g, i) => kans.has(g) && kanTiles.add(i));
  }
  const hasBack = plain.some((c) => info[c]!.kind < 0);
  const effective = n - kanTiles.size / 4;
  const shapeAsked = o.shape && !hasBack && (effective === 13 || effective === 14);

  // Fixed counts: tiles outside the row, then sure tiles and kan tiles; the rest are the search's variables.
  const baseKinds = new Uint8Array(KINDS);
  const baseReds = new Uint8Array(3);
  for (const code of context.otherTiles ?? []) {
    const k = engineKind(code);
    if (k >= 0) baseKinds[k]!++;
    const s = tileSuit(code);
    if (isRedFive(code) && s) baseReds['mps'.indexOf(s)]!++;
  }
  const vars: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = probs[i]!;
    if (kanTiles.has(i) || p[plain[i]!]! >= o.sureProbability) {
      const ci = info[plain[i]!]!;
      if (ci.kind >= 0) baseKinds[ci.kind]!++;
      if (ci.redSuit >= 0) baseReds[ci.redSuit]!++;
    } else vars.push(i);
  }
  const varIndex = new Int32Array(n).fill(-1);
  vars.forEach((i, v) => (varIndex[i] = v));
  const redMax = context.redFivesPerSuit ?? RED_FIVES_PER_SUIT;
  const fixedBroken = baseKinds.some((v) => v > MAX_COPIES) || baseReds.some((v, s) => v > redMax[s]!);

  // Candidates per variable: the top-k classes above the floor (the first always), with their cost.
  const cands = vars.map((i) => {
    const p = probs[i]!;
    const first = plain[i]!;
    const lp0 = Math.log(Math.max(p[first]!, 1e-12));
    const order = Array.from({ length: classes.length }, (_, c) => c).sort((a, b) => p[b]! - p[a]!);
    return order
      .slice(0, Math.max(1, o.topK))
      .filter((c) => c === first || (p[c]! >= o.minClassProbability && info[c]!.kind >= 0))
      .map((c) => ({ c, cost: lp0 - Math.log(Math.max(p[c]!, 1e-12)) }));
  });
  // Variables with the cheapest second choice first: the likely changes are tried near the root.
  const varOrder = vars.map((_, v) => v).sort((a, b) => (cands[a]![1]?.cost ?? Infinity) - (cands[b]![1]?.cost ?? Infinity));

  // Counts for the shape check exclude the fourth tile of each kan.
  const kanKinds = new Uint8Array(KINDS);
  if (kanTiles.size) for (const i of kanTiles) kanKinds[info[plain[i]!]!.kind]! = 1;

  let nodes = 0;
  const search = (withShape: boolean, maxCost: number): { choice: number[]; cost: number } | null => {
    const budget = nodes + o.maxNodes;
    let checks = 0;
    const kinds = Uint8Array.from(baseKinds);
    const reds = Uint8Array.from(baseReds);
    const pick = new Int32Array(vars.length);
    let best: { choice: number[]; cost: number } | null = null;
    let bound = maxCost + 1e-9;
    const shapeCounts = new Uint8Array(KINDS);
    const legalShape = (): boolean => {
      // The row's own tiles only (tiles elsewhere are not part of the hand), kans as 3.
      shapeCounts.fill(0);
      for (let i = 0; i < n; i++) {
        const v = varIndex[i]!;
        const c = v >= 0 ? pick[v]! : plain[i]!;
        shapeCounts[info[c]!.kind]!++;
      }
      for (let k = 0; k < KINDS; k++) shapeCounts[k]! -= kanKinds[k]!;
      return effective === 14 ? isCompleteHand(shapeCounts) : isOneFromComplete(shapeCounts);
    };
    const visit = (depth: number, cost: number): void => {
      if (nodes >= budget) return;
      nodes++;
      if (depth === varOrder.length) {
        if (withShape && (checks++ >= o.maxShapeChecks || !legalShape())) return;
        best = { choice: plain.map((c, i) => (varIndex[i]! >= 0 ? pick[varIndex[i]!]! : c)), cost };
        bound = cost;
        return;
      }
      const v = varOrder[depth]!;
      for (const { c, cost: add } of cands[v]!) {
        if (cost + add >= bound) break; // candidates are sorted by cost
        const ci = info[c]!;
        if (ci.kind >= 0 && kinds[ci.kind]! >= MAX_COPIES) continue;
        if (ci.redSuit >= 0 && reds[ci.redSuit]! >= redMax[ci.redSuit]!) continue;
        if (ci.kind >= 0) kinds[ci.kind]!++;
        if (ci.redSuit >= 0) reds[ci.redSuit]!++;
        pick[v] = c;
        visit(depth + 1, cost + add);
        if (ci.kind >= 0) kinds[ci.kind]!--;
        if (ci.redSuit >= 0) reds[ci.redSuit]!--;
      }
    };
    visit(0, 0);
    return best;
  };

  if (fixedBroken) {
    return result(plain, 'plain', shapeAsked, 0, 0, { code: 'CONFIDENT_TILES_BREAK_RULES' });
  }
  if (shapeAsked) {
    const shaped = search(true, o.maxShapeCost);
    if (shaped) return result(shaped.choice, 'shape', true, shaped.cost, nodes);
  }
  const copies = search(false, o.maxCopyCost);
  if (!copies) {
    return result(plain, 'plain', shapeAsked, 0, nodes, { code: 'NO_LEGAL_READING' });
  }
  const note: RecognitionNote | undefined = shapeAsked ? { code: effective === 14 ? 'NOT_A_COMPLETE_HAND' : 'NOT_ONE_FROM_COMPLETE' } : undefined;
  return result(copies.choice, 'copies', shapeAsked, copies.cost, nodes, note);
}
