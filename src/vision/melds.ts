// From a recognised row to the engine's hand notation ("234m067p11z55s [345s] (5555m)"): groups set
// apart that hold a sideways tile (a call) or tile backs (a closed kan) are melds; the other groups
// are the concealed tiles, in photo order, so the last concealed tile is the winning tile unless the
// player says otherwise. Used by the score-photo command and by the review screen.

import { isTileCode, tileKind } from './tiles.ts';
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
  problems: string[];
}

function sameKind(tiles: readonly string[]): boolean {
  const kinds = tiles.filter(isTileCode).map(tileKind);
  return kinds.length > 0 && kinds.every((k) => k === kinds[0]);
}

/** Splits the tiles of one meld group into melds of 3 or 4 tiles. */
function splitMelds(row: readonly RowTile[], indices: number[], problems: string[]): MeldGuess[] {
  const melds: MeldGuess[] = [];
  let i = 0;
  while (i < indices.length) {
    const four = indices.slice(i, i + 4);
    const fourTiles = four.map((k) => row[k]!.tile);
    const backs = fourTiles.filter((t) => !isTileCode(t)).length;
    if (four.length === 4 && sameKind(fourTiles)) {
      const faces = fourTiles.filter(isTileCode);
      const visible = faces[0]!;
      // Backs in a closed kan stand for the tile shown between them (a plain copy of it).
      const plain = tileKind(visible)!;
      const tiles = fourTiles.map((t) => (isTileCode(t) ? t : plain));
      const rotated = four.filter((k) => row[k]!.rotated).length;
      const type = backs > 0 ? 'kan-closed' : rotated >= 2 ? 'kan-added' : rotated === 1 ? 'kan-open' : 'kan-closed';
      melds.push({ type, tiles, indices: four });
      i += 4;
      continue;
    }
    const three = indices.slice(i, i + 3);
    const threeTiles = three.map((k) => row[k]!.tile);
    if (three.length === 3 && threeTiles.every(isTileCode)) {
      melds.push({ type: sameKind(threeTiles) ? 'pon' : 'chi', tiles: threeTiles, indices: three });
      i += 3;
      continue;
    }
    problems.push(`Tiles ${indices.slice(i).map((k) => k + 1).join(', ')} (${indices.slice(i).map((k) => row[k]!.tile).join(' ')}) do not form a meld.`);
    break;
  }
  return melds;
}

const BRACKETS: Record<MeldGuess['type'], [string, string]> = {
  chi: ['[', ']'],
  pon: ['[', ']'],
  'kan-open': ['[', ']'],
  'kan-added': ['{', '}'],
  'kan-closed': ['(', ')'],
};

export function guessHand(row: readonly RowTile[]): HandGuess {
  const problems: string[] = [];
  const groups = new Map<number, number[]>();
  row.forEach((t, k) => groups.set(t.group, [...(groups.get(t.group) ?? []), k]));
  const concealedIndices: number[] = [];
  const melds: MeldGuess[] = [];
  for (const indices of groups.values()) {
    const isMeld = indices.some((k) => row[k]!.rotated || !isTileCode(row[k]!.tile));
    if (isMeld) melds.push(...splitMelds(row, indices, problems));
    else concealedIndices.push(...indices);
  }
  const concealed = concealedIndices.map((k) => row[k]!.tile);
  const parts = [formatTiles(concealed), ...melds.map((m) => BRACKETS[m.type][0] + formatTiles(m.tiles) + BRACKETS[m.type][1])];
  return { concealed, concealedIndices, melds, notation: parts.filter(Boolean).join(' '), problems };
}
