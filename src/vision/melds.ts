// From a recognised row to the engine's hand notation ("234m067p11z55s [345s] (5555m)"): groups set
// apart that hold a sideways tile (a call) or tile backs (a closed kan) are melds; the other groups
// are the concealed tiles, in photo order, so the last concealed tile is the winning tile unless the
// player says otherwise. Used by the score-photo command and by the review screen.

import { isTileCode, tileKind } from './tiles.ts';
import type { RecognitionNote } from './notes.ts';
import { formatTiles } from '../engine/index.ts';

export interface RowTile {
  tile: string;
  rotated: boolean;
  group: number;
}

export interface MeldGuess {
  /** 'chi' | 'pon' | 'kan-open' | 'kan-added' | 'kan-closed', as in the engine's MeldInput. */
  type: 'chi' | 'pon' | 'kan-open' | 'kan-added' | 'kan-closed';
  tiles: string[];
  /** Indices into the row. */
  indices: number[];
}

export interface HandGuess {
  concealed: string[];
  concealedIndices: number[];
  melds: MeldGuess[];
  /** Engine notation (concealed tiles first, then melds); '' when nothing was found. */
  notation: string;
  /** What could not be interpreted (the notation then leaves those tiles out). */
  problems: RecognitionNote[];
}

function sameKind(tiles: readonly string[]): boolean {
  const kinds = tiles.filter(isTileCode).map(tileKind);
  return kinds.length > 0 && kinds.every((k) => k === kinds[0]);
}

function isSequence(tiles: readonly string[]): boolean {
  if (tiles.length !== 3 || !tiles.every(isTileCode)) return false;
  const kinds = tiles.map((t) => tileKind(t)!);
  const suit = kinds[0]![1];
  if (suit === 'z' || !kinds.every((k) => k[1] === suit)) return false;
  const n = kinds.map((k) => Number(k[0])).sort((a, b) => a - b);
  return n[1] === n[0]! + 1 && n[2] === n[1]! + 1;
}

/** The meld these tiles form (backs only in a kan), or null. */
function meldOf(row: readonly RowTile[], indices: number[]): MeldGuess | null {
  const tiles = indices.map((k) => row[k]!.tile);
  const faces = tiles.filter(isTileCode);
  const backs = tiles.length - faces.length;
  const rotated = indices.filter((k) => row[k]!.rotated).length;
  if (tiles.length === 4 && faces.length > 0 && sameKind(faces)) {
    // Backs in a closed kan stand for the tile shown between them (a plain copy of it).
    const plain = tileKind(faces[0]!)!;
    const type = backs > 0 ? 'kan-closed' : rotated >= 2 ? 'kan-added' : rotated === 1 ? 'kan-open' : 'kan-closed';
    return { type, tiles: tiles.map((t) => (isTileCode(t) ? t : plain)), indices };
  }
  if (tiles.length === 3 && backs === 0) {
    if (sameKind(tiles)) return { type: 'pon', tiles, indices };
    if (isSequence(tiles)) return { type: 'chi', tiles, indices };
  }
  return null;
}

/**
 * Reads one group that holds a call or backs: the longest run at its right end that splits into valid
 * melds (3 or 4 tiles: chi, pon, kan) is taken as melds; tiles left of it with no sideways tile or back
 * among them belong to the concealed hand (the gap before them was just wider). Anything else is reported.
 */
function splitMelds(row: readonly RowTile[], indices: number[], problems: RecognitionNote[]): { melds: MeldGuess[]; concealed: number[] } {
  const n = indices.length;
  // parse[i]: melds covering indices[i..n), or null when impossible.
  const parse: (MeldGuess[] | null)[] = Array.from({ length: n + 1 }, () => null);
  parse[n] = [];
  for (let i = n - 1; i >= 0; i--) {
    for (const len of [4, 3]) {
      const rest = parse[i + len];
      if (i + len > n || !rest) continue;
      const meld = meldOf(row, indices.slice(i, i + len));
      if (meld) {
        parse[i] = [meld, ...rest];
        break;
      }
    }
  }
  const special = (k: number) => row[k]!.rotated || !isTileCode(row[k]!.tile);
  // A lone sideways tile is how some players show the winning tile: it stays concealed.
  if (n === 1 && isTileCode(row[indices[0]!]!.tile)) return { melds: [], concealed: indices };
  for (let i = 0; i <= n; i++) {
    const melds = parse[i];
    const prefix = indices.slice(0, i);
    if (melds && melds.length > 0 && !prefix.some(special)) return { melds, concealed: prefix };
  }
  problems.push({ code: 'NOT_MELDS', params: { tiles: indices.map((k) => k + 1).join(', '), readings: indices.map((k) => row[k]!.tile).join(' ') } });
  return { melds: [], concealed: indices.filter((k) => isTileCode(row[k]!.tile)) };
}

const BRACKETS: Record<MeldGuess['type'], [string, string]> = {
  chi: ['[', ']'],
  pon: ['[', ']'],
  'kan-open': ['[', ']'],
  'kan-added': ['{', '}'],
  'kan-closed': ['(', ')'],
};

export function guessHand(row: readonly RowTile[]): HandGuess {
  const problems: RecognitionNote[] = [];
  const groups = new Map<number, number[]>();
  row.forEach((t, k) => groups.set(t.group, [...(groups.get(t.group) ?? []), k]));
  const concealedIndices: number[] = [];
  const melds: MeldGuess[] = [];
  for (const indices of groups.values()) {
    const isMeld = indices.some((k) => row[k]!.rotated || !isTileCode(row[k]!.tile));
    if (isMeld) {
      const split = splitMelds(row, indices, problems);
      melds.push(...split.melds);
      concealedIndices.push(...split.concealed);
    } else concealedIndices.push(...indices);
  }
  concealedIndices.sort((a, b) => a - b);
  const concealed = concealedIndices.map((k) => row[k]!.tile);
  const parts = [formatTiles(concealed), ...melds.map((m) => BRACKETS[m.type][0] + formatTiles(m.tiles) + BRACKETS[m.type][1])];
  return { concealed, concealedIndices, melds, notation: parts.filter(Boolean).join(' '), problems };
}
