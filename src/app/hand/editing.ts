// Editing operations on the hand draft (pure; unit-tested).
import { isRedFive, kindOf, type TileCode } from '../tiles/codes.ts';
import type { EditorMeld, HandDraft, MeldType, Situation } from '../state/types.ts';
import { HAND_SIZE, countTiles, type TileChange } from './validate.ts';

export type PaletteTarget = 'hand' | MeldType | 'dora' | 'ura';

export type Selection =
  | { zone: 'closed'; index: number }
  | { zone: 'win' }
  | { zone: 'meld'; meld: number; index: number }
  | null;

/**
 * Add one tile: the tile that completes 14 becomes the winning tile (changeable afterwards), as the screen says. A
 * 13-tile hand may already mark one (a photo of a waiting hand marks its last tile): that tile joins the others, since
 * 13 tiles win nothing and the tile added is the one that completes the hand.
 */
export function addTile(hand: HandDraft, code: TileCode): HandDraft {
  if (countTiles(hand) === HAND_SIZE - 1) return { ...hand, closed: hand.winTile === null ? hand.closed : [...hand.closed, hand.winTile], winTile: code };
  return { ...hand, closed: [...hand.closed, code] };
}

/** Build a meld from one tapped tile: pon/kan copies it, chi runs up from it. Null with a reason if impossible. */
export function meldFromTile(type: MeldType, code: TileCode): EditorMeld | { error: 'chi-honour' | 'chi-high' } {
  const kind = kindOf(code);
  const plain = kind;
  if (type === 'chi') {
    if (kind[1] === 'z') return { error: 'chi-honour' };
    const n = Number(kind[0]);
    if (n > 7) return { error: 'chi-high' };
    const suit = kind[1]!;
    const tiles = [code, `${n + 1}${suit}`, `${n + 2}${suit}`];
    return { type, tiles, calledIndex: 0 };
  }
  const size = type === 'pon' ? 3 : 4;
  const tiles = Array.from({ length: size }, (_, i) => (i === 0 && isRedFive(code) ? code : plain));
  return { type, tiles, calledIndex: type === 'kan-closed' ? null : 0 };
}

/**
 * The four concealed tiles of one kind made a closed kan (set apart as a meld, red five kept). The winning tile is
 * taken only when the concealed tiles hold fewer than four, and is then left unset (a kan is never the winning tile).
 */
export function concealedToKan(hand: HandDraft, kind: TileCode): HandDraft {
  const ofKind = (t: TileCode) => kindOf(t) === kind;
  const fromClosed = hand.closed.filter(ofKind).slice(0, 4);
  const useWin = fromClosed.length < 4 && hand.winTile !== null && ofKind(hand.winTile);
  const tiles = useWin ? [...fromClosed, hand.winTile!] : fromClosed;
  if (tiles.length !== 4) return hand;
  let left = fromClosed.length;
  const closed = hand.closed.filter((t) => !(ofKind(t) && left-- > 0));
  return { closed, melds: [...hand.melds, { type: 'kan-closed', tiles, calledIndex: null }], winTile: useWin ? null : hand.winTile };
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((v, i) => (i === index ? value : v));
}

/** Make closed[index] the winning tile; the previous winning tile goes back among the closed tiles. */
export function makeWinTile(hand: HandDraft, index: number): HandDraft {
  const tile = hand.closed[index];
  if (tile === undefined) return hand;
  const closed = removeAt(hand.closed, index);
  if (hand.winTile) closed.splice(index, 0, hand.winTile);
  return { ...hand, closed, winTile: tile };
}

/** One concealed tile changed (oneTileChanges in validate.ts): the hand's order and winning tile otherwise kept. */
export function applyTileChange(hand: HandDraft, change: TileChange): HandDraft {
  if (change.at === 'win') return hand.winTile === null ? hand : { ...hand, winTile: change.to };
  return change.at < hand.closed.length ? { ...hand, closed: replaceAt(hand.closed, change.at, change.to) } : hand;
}

/** One concealed tile removed (tilesToRemove in validate.ts): the closed tile at `at`, or the winning tile. */
export function removeConcealed(hand: HandDraft, at: number | 'win'): HandDraft {
  // the winning tile was the one too many: the last concealed tile wins instead, as with a hand tapped in (the player
  // may mark another); left without one, the hand showed no score at all
  if (at === 'win') return hand.closed.length ? { ...hand, closed: hand.closed.slice(0, -1), winTile: hand.closed.at(-1)! } : { ...hand, winTile: null };
  return at < hand.closed.length ? { ...hand, closed: removeAt(hand.closed, at) } : hand;
}

/** Remove the winning tile (another tile may be marked as winning later). */
export function removeWinTile(hand: HandDraft): HandDraft {
  return { ...hand, winTile: null };
}

/** Situation flags imply each other: double riichi is a riichi; ippatsu needs riichi; riichi puts a bet on the table. */
export function setFlag(situation: Situation, flag: keyof Situation, value: boolean): Partial<Situation> {
  const patch: Partial<Situation> = { [flag]: value };
  if (flag === 'double_riichi' && value) patch.riichi = true;
  if (flag === 'riichi' && !value) {
    patch.double_riichi = false;
    patch.ippatsu = false;
  }
  if (flag === 'ippatsu' && value && !situation.riichi) patch.riichi = true;
  // The winner's own riichi bet is on the table too (the engine counts it in riichi_sticks).
  const riichiAfter = patch.riichi ?? situation.riichi;
  if (riichiAfter && !situation.riichi && situation.riichi_sticks === 0) patch.riichi_sticks = 1;
  if (!riichiAfter && situation.riichi && situation.riichi_sticks === 1) patch.riichi_sticks = 0;
  return patch;
}
