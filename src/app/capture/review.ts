// The review of a recognised photo, as pure data and pure operations (unit-tested in tests/capture/).
// The player fixes what the model read: replace a tile (top-3 guesses or palette), delete, add a missed
// tile, reorder, group tiles into melds, choose the winning tile and the dora indicators. The result goes
// to the hand editor as a RecognisedHand (src/app/state/store.ts).
import type { RecognisedHand } from '../state/store.ts';
import type { EditorMeld, HandDraft, MeldType } from '../state/types.ts';
import { isTileCode, kindOf, type TileCode } from '../tiles/codes.ts';
import { lookAlikeTiles } from '../../vision/lookAlikes.ts';
import { redFivesPerSuit } from '../../vision/handRules.ts';
import { guessHand } from '../../vision/melds.ts';
import { deskewedSize, MIN_DESKEW_ANGLE } from '../../vision/tilt.ts';
import { oneTileFixes, winningKindsAt, winsWithout, type FixContext, type FixTile, type HandFix, type HandFixes } from '../../vision/oneTileFixes.ts';
import type { Box, PhotoRecognition, TileGuess } from '../../worker/protocol.ts';
import type { NoteCode, RecognitionNote } from '../../vision/notes.ts';

export const BACK = 'back';

export interface ReviewTile {
  id: string;
  /** Current reading: a tile code, or `back` for a tile showing its back. */
  tile: string;
  /** Where it is on the photo (photo pixels); null for a tile added from the palette without a box. */
  box: Box | null;
  /** What the model read and how sure it was (null / 0 for a tile the player added by hand). */
  modelTile: string | null;
  score: number;
  /** The model's best guesses, best first (its first choice included), for the correction menu. */
  guesses: TileGuess[];
  doubtful: boolean;
  reason?: string;
  rotated: boolean;
  /** Classifier embedding, for teaching the player's tile set once confirmed. */
  embedding?: number[];
  /** What the classifier alone read, when the player's tile set changed it (the review says so). */
  fromProfile?: string;
  /** Changed or added by the player. */
  edited: boolean;
}

export interface ReviewMeld {
  id: string;
  type: MeldType;
  tileIds: string[];
  /** The called tile (drawn sideways); null for a closed kan. */
  calledId: string | null;
  /** Made by the reader from the photo (a tile lying sideways), not by the player: the review asks to check it. */
  byReader?: true;
}

/** The calls the reader made from the photo and the player has left as they are: a call opens the hand, so one read
 * where there was none costs riichi, menzen tsumo and pinfu (a triplet of the player's own, one tile turned). */
export function readerCalls(state: ReviewState): ReviewMeld[] {
  return state.melds.filter((m) => m.byReader && m.type !== 'kan-closed');
}

export interface ReviewState {
  /** The photo's size, and the angle its hand row's tiles stand at (PhotoRecognition's `tilt`) when not upright. */
  photo: { width: number; height: number; tilt?: number };
  /** Tiles in hand order: the player's, left to right as photographed (right to left for a row turned around). */
  tiles: ReviewTile[];
  melds: ReviewMeld[];
  /** The winning tile (a tile not in a meld), or null. */
  winId: string | null;
  /**
   * Why that tile: set apart by a gap in the photo, the last concealed tile (the default when none is set apart), or
   * chosen by the player. Absent: unknown (kept as it is when the row is turned around).
   */
  winFrom?: 'set-apart' | 'last' | 'player';
  doraIndicators: TileCode[];
  /**
   * What the recognition noticed about missing tiles, kept until the hand is complete: sides of the photo
   * where a tile was cut off by the edge, and pairs of tiles (ids, left and right) with a gap about one
   * tile wide between them, where a tile may be missing.
   */
  hints: { cutOff: ('left' | 'right')[]; gaps: [string, string][]; extraLeftOut?: number; loneBacksLeftOut?: number; overlaysPainted?: number };
  /** What the recognition says about how it read the photo, beyond the hints (READING_NOTES), in the order given. */
  readingNotes?: RecognitionNote[];
  modelId: string;
}

/**
 * The recognition's notes the review shows as they are, under the tiles: how the photo was read (turned, levelled,
 * under coloured light), a tile kept that was read as a back, the hand rules the reading could not meet, a profile
 * of another model. The others the review says in its own words, and keeps up to date as the player edits: the
 * hints (a tile cut off, a gap, boxes left out, drawn boxes), the row listed right to left, the tile count and
 * whether the hand wins (the hand check), no tiles at all (the capture error).
 */
export const READING_NOTES: readonly NoteCode[] = ['QUARTER_TURNED', 'ROW_LEVELLED', 'COLOURED_LIGHT', 'FACE_NOT_BACK', 'CONFIDENT_TILES_BREAK_RULES', 'NO_LEGAL_READING', 'PROFILE_OTHER_MODEL'];

/**
 * A guess's probability as the tile menu prints it, in whole percent: a guess under half a percent is "<1" and one
 * short of certain ">99", so that a menu never offers a tile at "0%" (which reads as impossible) beside one at "100%".
 */
export function guessPercent(score: number): string {
  if (score < 0.005) return '<1';
  if (score >= 0.995 && score < 1) return '>99';
  return String(Math.round(score * 100));
}

let nextId = 0;
export function newId(prefix = 't'): string {
  nextId += 1;
  return `${prefix}${nextId}`;
}

const meldSize = (type: MeldType) => (type === 'chi' || type === 'pon' ? 3 : 4);

/**
 * The review of a recognition. Groups set apart with a sideways tile (a call) or backs (a closed kan) are suggested
 * as melds, as the command line reads them; a single tile set apart, or else the last concealed tile, is suggested
 * as the winning tile.
 */
export function reviewFromRecognition(rec: PhotoRecognition): ReviewState {
  const tiles: ReviewTile[] = rec.tiles.map((t) => ({
    id: newId(),
    tile: t.tile,
    box: t.box,
    modelTile: t.tile,
    score: t.score,
    guesses: [{ tile: t.tile, score: t.score }, ...t.alternatives],
    doubtful: t.doubtful,
    ...(t.reason ? { reason: t.reason } : {}),
    rotated: t.rotated,
    ...(t.embedding ? { embedding: t.embedding } : {}),
    ...(t.fromProfile ? { fromProfile: t.fromProfile } : {}),
    edited: false,
  }));
  // Melds as the command line reads them (vision/melds.ts guessHand): a group set apart that holds a sideways tile
  // (a call) or backs (a closed kan) ends in melds; tiles left of them in that group are concealed (the gap before
  // them was just wider: test-images/hand07_meld.jpg's 6s beside its 777z pon).
  const row = rec.tiles.map((t) => ({ tile: t.tile, rotated: t.rotated, group: t.group ?? 0 }));
  const guess = guessHand(row);
  const melds: ReviewMeld[] = guess.melds.map((m) => {
    const called = m.indices.find((k) => rec.tiles[k]!.rotated) ?? m.indices[0]!;
    return { id: newId('m'), type: m.type, tileIds: m.indices.map((k) => tiles[k]!.id), calledId: m.type === 'kan-closed' ? null : tiles[called]!.id, byReader: true };
  });
  // The winning tile: a single tile set apart from the hand's own group (the largest), or else one concealed tile
  // left beside the melds set apart; else the last concealed tile.
  const sizes = new Map<number, number>();
  for (const t of row) sizes.set(t.group, (sizes.get(t.group) ?? 0) + 1);
  const largest = [...sizes.entries()].reduce((best, e) => (e[1] > best[1] ? e : best), [0, 0] as [number, number])[0];
  const apart = guess.concealedIndices.filter((k) => row[k]!.group !== largest && tiles[k]!.tile !== BACK);
  const single = apart.find((k) => sizes.get(row[k]!.group) === 1);
  let winId: string | null = single !== undefined ? tiles[single]!.id : apart.length === 1 ? tiles[apart[0]!]!.id : null;
  const winFrom: ReviewState['winFrom'] = winId ? 'set-apart' : 'last';
  winId ??= lastConcealedId(tiles, melds);
  const gaps = rec.hints.gapsAfter.flatMap((i): [string, string][] => {
    const [left, right] = [tiles[i], tiles[i + 1]];
    return left && right ? [[left.id, right.id]] : [];
  });
  const hints = { cutOff: rec.hints.cutOff, gaps, extraLeftOut: rec.hints.extraLeftOut ?? 0, loneBacksLeftOut: rec.hints.loneBacksLeftOut ?? 0, overlaysPainted: rec.hints.overlaysPainted ?? 0 };
  const readingNotes = rec.notes.filter((n) => READING_NOTES.includes(n.code));
  return { photo: { width: rec.width, height: rec.height, ...(rec.tilt ? { tilt: rec.tilt } : {}) }, tiles, melds, winId, winFrom, doraIndicators: [], hints, ...(readingNotes.length ? { readingNotes } : {}), modelId: rec.modelId };
}

export function meldOf(state: ReviewState, id: string): ReviewMeld | undefined {
  return state.melds.find((m) => m.tileIds.includes(id));
}

/** The player's reading of one tile. */
export function setTile(state: ReviewState, id: string, tile: string): ReviewState {
  return {
    ...state,
    tiles: state.tiles.map((t) => (t.id === id ? { ...t, tile, edited: t.edited || tile !== t.modelTile, doubtful: false } : t)),
  };
}

/**
 * When the player corrects tile `id` from `from` to `to`: the ids of the other tiles offered the same change (the
 * rule and how it was chosen: src/vision/lookAlikes.ts).
 */
export function lookAlikes(state: ReviewState, id: string, from: string, to: string): string[] {
  const index = state.tiles.findIndex((t) => t.id === id);
  if (index < 0) return [];
  const tiles = state.tiles.map((t) => ({ tile: t.tile, embedding: t.embedding, guesses: t.guesses.map((g) => g.tile), fixed: t.edited }));
  return lookAlikeTiles(tiles, index, from, to).map((i) => state.tiles[i]!.id);
}

/** The player's reading of several tiles at once (the look-alikes of a corrected tile): those still read `from`. */
export function setTiles(state: ReviewState, ids: readonly string[], from: string, tile: string): ReviewState {
  return ids.reduce((next, id) => (next.tiles.some((t) => t.id === id && t.tile === from) ? setTile(next, id, tile) : next), state);
}

export function removeTile(state: ReviewState, id: string): ReviewState {
  const tiles = state.tiles.filter((t) => t.id !== id);
  const melds = state.melds.filter((m) => !m.tileIds.includes(id));
  return { ...state, tiles, melds, winId: state.winId === id ? null : state.winId };
}

/** Inserts a tile at `index` in hand order (a box the player drew, or a tile from the palette). */
export function insertTile(state: ReviewState, index: number, tile: Omit<ReviewTile, 'id'> & { id?: string }): ReviewState {
  const tiles = [...state.tiles];
  const at = Math.max(0, Math.min(index, tiles.length));
  tiles.splice(at, 0, { ...tile, id: tile.id ?? newId() });
  return { ...state, tiles };
}

/** Tiles the hand counts, as a winning hand does: a kan counts as 3. */
export function handTileCount(state: ReviewState): number {
  const inKan = state.melds.filter((m) => m.type.startsWith('kan')).length;
  return state.tiles.length - inKan;
}

/**
 * A tile the player adds (from the palette or by tapping the photo): inserted at `index`; the tile that
 * completes the hand (the 14th) becomes the winning tile, as in the hand editor.
 */
export function addTile(state: ReviewState, index: number, tile: Omit<ReviewTile, 'id'> & { id?: string }): ReviewState {
  const next = insertTile(state, index, tile);
  if (handTileCount(next) !== 14 || handTileCount(state) !== 13) return next;
  const added = next.tiles[Math.max(0, Math.min(index, state.tiles.length))]!;
  return isTileCode(added.tile) ? setWinner(next, added.id) : next;
}

/**
 * The axis the row runs along: x (0) for a row across the photo, y (1) for one that runs up and down it (the reader
 * read the photo turned a quarter, src/vision/quarterTurn.ts). Told from the spread of the tiles' centres.
 */
function rowAxis(state: ReviewState): 0 | 1 {
  const boxes = state.tiles.flatMap((t) => (t.box ? [t.box] : []));
  const spread = (axis: 0 | 1) => {
    const c = boxes.map((b) => (b[axis] + b[axis + 2]!) / 2);
    return c.length ? Math.max(...c) - Math.min(...c) : 0;
  };
  return spread(1) > spread(0) ? 1 : 0;
}

/** A box's centre along the row's axis. */
const along = (b: Box, axis: 0 | 1) => (b[axis] + b[axis + 2]!) / 2;

/** Whether the tiles are listed against the photo's own direction along the row (first tile's centre after the last's). */
function listedBackwards(state: ReviewState, axis: 0 | 1): boolean {
  const placed = state.tiles.flatMap((t) => (t.box ? [along(t.box, axis)] : []));
  return placed.length > 1 && placed[0]! > placed[placed.length - 1]!;
}

/**
 * Whether the row is listed right to left in the photo: read as photographed from across the table (the reader lists
 * it in the player's order), or turned around by the player. Told from the tiles' boxes, first against last; never
 * for a row that runs up and down the photo.
 */
export function listedRightToLeft(state: ReviewState): boolean {
  return rowAxis(state) === 0 && listedBackwards(state, 0);
}

/**
 * Where a box belongs in hand order: after every tile whose centre comes before its centre in the row's direction
 * (left to right in the photo, or right to left for a row listed in the player's order from across the table; down
 * or up for a row that runs up and down the photo).
 */
export function insertionIndex(state: ReviewState, box: Box): number {
  const axis = rowAxis(state);
  const backwards = listedBackwards(state, axis);
  const c = along(box, axis);
  let index = 0;
  state.tiles.forEach((t, i) => {
    if (t.box && (backwards ? along(t.box, axis) > c : along(t.box, axis) < c)) index = i + 1;
  });
  return index;
}

/** Where a tile is drawn over the photo: its own rectangle (centre and size, photo pixels), turned by `angle` radians. */
export interface TileOutline {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

/**
 * A tile's outline over the photo: its box, or, where the row's tiles stand tilted (the photo's `tilt` past
 * MIN_DESKEW_ANGLE), the tile's own rectangle solved from its box and turned by the tilt, as the reader cut it
 * (src/vision/tilt.ts). The boxes of tilted tiles are their upright bounds, which overlap their neighbours'.
 */
export function tileOutline(box: Box, tilt = 0): TileOutline {
  const cx = (box[0] + box[2]) / 2;
  const cy = (box[1] + box[3]) / 2;
  if (Math.abs(tilt) < MIN_DESKEW_ANGLE) return { cx, cy, width: box[2] - box[0], height: box[3] - box[1], angle: 0 };
  const { width, height } = deskewedSize(box, tilt);
  return { cx, cy, width, height, angle: tilt };
}

/** A box the size of the median tile, centred where the player tapped, kept inside the photo. */
export function boxAround(state: ReviewState, x: number, y: number): Box {
  const boxes = state.tiles.flatMap((t) => (t.box && !t.rotated ? [t.box] : []));
  const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[v.length >> 1]! : 0);
  const w = median(boxes.map((b) => b[2] - b[0])) || state.photo.width / 16;
  const h = median(boxes.map((b) => b[3] - b[1])) || w * 1.35;
  const x0 = Math.max(0, Math.min(state.photo.width - w, x - w / 2));
  const y0 = Math.max(0, Math.min(state.photo.height - h, y - h / 2));
  return [x0, y0, x0 + w, y0 + h];
}

/** Moves a tile by `delta` places in hand order. */
export function moveTile(state: ReviewState, id: string, delta: number): ReviewState {
  const from = state.tiles.findIndex((t) => t.id === id);
  if (from < 0) return state;
  const to = Math.max(0, Math.min(state.tiles.length - 1, from + delta));
  if (to === from) return state;
  const tiles = [...state.tiles];
  const [tile] = tiles.splice(from, 1);
  tiles.splice(to, 0, tile!);
  return { ...state, tiles };
}

/**
 * The row turned around: the tiles in the reverse order, for a photo taken from across the table that the reader
 * listed in the photo's order (or the other way round). Melds keep their tiles; a winning tile that was the last
 * concealed tile (the reader's default) becomes the new last one, since the drawn tile is the player's rightmost;
 * a winning tile set apart or chosen by the player stays.
 */
export function reverseRow(state: ReviewState): ReviewState {
  const tiles = [...state.tiles].reverse();
  const wasLast = state.winFrom === 'last' && state.winId !== null && lastConcealedId(state.tiles, state.melds) === state.winId;
  return { ...state, tiles, winId: wasLast ? lastConcealedId(tiles, state.melds) : state.winId };
}

/** The last face-up tile not in a meld, in the order given: the reader's default winning tile. */
function lastConcealedId(tiles: readonly ReviewTile[], melds: readonly ReviewMeld[]): string | null {
  const inMeld = new Set(melds.flatMap((m) => m.tileIds));
  const concealed = tiles.filter((t) => !inMeld.has(t.id) && t.tile !== BACK);
  return concealed.length > 0 ? concealed[concealed.length - 1]!.id : null;
}

/**
 * Groups `size(type)` tiles starting at tile `id` (in hand order) into a meld of `type`. Tiles leave any
 * meld they were in; the sideways tile among them is the called one (else the first).
 */
export function makeMeld(state: ReviewState, id: string, type: MeldType): ReviewState {
  const start = state.tiles.findIndex((t) => t.id === id);
  if (start < 0) return state;
  const group = state.tiles.slice(start, start + meldSize(type));
  if (group.length !== meldSize(type)) return state;
  const ids = group.map((t) => t.id);
  const melds = state.melds.filter((m) => !m.tileIds.some((t) => ids.includes(t)));
  const called = type === 'kan-closed' ? null : (group.find((t) => t.rotated)?.id ?? ids[0]!);
  melds.push({ id: newId('m'), type, tileIds: ids, calledId: called });
  return { ...state, melds, winId: state.winId && ids.includes(state.winId) ? null : state.winId };
}

/**
 * Four concealed tiles of one kind made a closed kan, wherever they lie in the row (a fourth added from the palette
 * lands at the end): they are brought together where the first of them is, then grouped. The row as it was when
 * there are not four such tiles.
 */
export function gatherKan(state: ReviewState, kind: TileCode): ReviewState {
  const inMeld = new Set(state.melds.flatMap((m) => m.tileIds));
  const four = state.tiles.filter((t) => !inMeld.has(t.id) && isTileCode(t.tile) && kindOf(t.tile) === kind).slice(0, 4);
  if (four.length !== 4) return state;
  const ids = new Set(four.map((t) => t.id));
  const at = state.tiles.findIndex((t) => ids.has(t.id));
  const rest = state.tiles.filter((t) => !ids.has(t.id));
  const before = state.tiles.slice(0, at).filter((t) => !ids.has(t.id)).length;
  const tiles = [...rest.slice(0, before), ...four, ...rest.slice(before)];
  return makeMeld({ ...state, tiles }, four[0]!.id, 'kan-closed');
}

export function removeMeld(state: ReviewState, meldId: string): ReviewState {
  return { ...state, melds: state.melds.filter((m) => m.id !== meldId) };
}

/** The winning tile must be a concealed tile (not part of a meld). */
export function setWinner(state: ReviewState, id: string): ReviewState {
  if (meldOf(state, id) || !state.tiles.some((t) => t.id === id)) return state;
  return { ...state, winId: id, winFrom: 'player' };
}

export function setDoraIndicators(state: ReviewState, doraIndicators: TileCode[]): ReviewState {
  return { ...state, doraIndicators };
}

/** Meld tiles as codes: a tile showing its back in a closed kan counts as the kan's kind. */
function meldCodes(state: ReviewState, meld: ReviewMeld): TileCode[] {
  const byId = new Map(state.tiles.map((t) => [t.id, t]));
  const tiles = meld.tileIds.map((id) => byId.get(id)?.tile ?? BACK);
  const face = tiles.find((t) => t !== BACK && isTileCode(t));
  return tiles.map((t) => (t === BACK ? (face ? kindOf(face) : BACK) : t));
}

/** What goes to the hand editor. Tiles showing their back outside a closed kan are left out (see problems). */
export function toRecognisedHand(state: ReviewState): RecognisedHand & { closed: TileCode[] } {
  const inMeld = new Set(state.melds.flatMap((m) => m.tileIds));
  const closedTiles = state.tiles.filter((t) => !inMeld.has(t.id) && isTileCode(t.tile));
  const win = closedTiles.find((t) => t.id === state.winId) ?? null;
  // Concealed tiles in photo order with the winning tile moved last.
  const closed = closedTiles.filter((t) => t !== win).map((t) => t.tile);
  if (win) closed.push(win.tile);
  const melds = state.melds.map((m) => ({
    type: m.type,
    tiles: meldCodes(state, m),
    calledIndex: m.calledId ? Math.max(0, m.tileIds.indexOf(m.calledId)) : null,
  }));
  return { closed, melds, winTile: win?.tile ?? null, doraIndicators: state.doraIndicators };
}

/** The same hand as the editor would hold it (for the live checks of src/app/hand/validate.ts). */
export function toHandDraft(state: ReviewState): HandDraft {
  const hand = toRecognisedHand(state);
  const closed = [...hand.closed];
  if (hand.winTile) closed.pop();
  const melds: EditorMeld[] = (hand.melds ?? []).map((m) => ({ type: m.type, tiles: m.tiles as TileCode[], calledIndex: m.calledIndex ?? null }));
  return { closed, melds, winTile: hand.winTile ?? null };
}

/** A one-tile mend of the hand as the review shows it: oneTileFixes.ts's, with the review's tile ids. */
export type ReviewMend =
  | { kind: 'change'; id: string; from: string; to: string; evidence: number }
  | { kind: 'add'; to: TileCode }
  | { kind: 'remove'; id: string; from: string }
  /** Four tiles of one kind side by side made a kan of this type (a called tile sideways: open, two: added). */
  | { kind: 'kan'; ids: string[]; tile: string; type: Extract<MeldType, 'kan-open' | 'kan-added' | 'kan-closed'>; then: 'complete' | 'incomplete' };

export type ReviewMends = { status: 'not-applicable' | 'complete' } | { status: 'incomplete'; count: number; mends: ReviewMend[] };

/**
 * Whether the hand as now read is a winning hand, and when it is 13-15 tiles that are not, every one-tile mend that
 * makes it one, most likely first (src/vision/oneTileFixes.ts). Tiles the player set are never offered for a change.
 */
export function handMends(state: ReviewState, redFivesInSet: 3 | 4 = 3): ReviewMends {
  const result: HandFixes = oneTileFixes(fixTilesOfReview(state), fixContextOf(state, redFivesInSet));
  if (result.status !== 'incomplete') return result;
  const mends = result.fixes.map((f: HandFix): ReviewMend => {
    if (f.kind === 'add') return { kind: 'add', to: f.to as TileCode };
    if (f.kind === 'kan') {
      const four = f.indices.map((i) => state.tiles[i]!);
      const sideways = four.filter((t) => t.rotated).length;
      return { kind: 'kan', ids: four.map((t) => t.id), tile: f.tile, type: sideways >= 2 ? 'kan-added' : sideways === 1 ? 'kan-open' : 'kan-closed', then: f.then };
    }
    const id = state.tiles[f.index]!.id;
    return f.kind === 'change' ? { kind: 'change', id, from: f.from, to: f.to, evidence: f.evidence } : { kind: 'remove', id, from: f.from };
  });
  return { status: 'incomplete', count: result.count, mends };
}

/** The review's tiles as oneTileFixes.ts reads them: tiles the player set are locked, melds by their index. */
function fixTilesOfReview(state: ReviewState): FixTile[] {
  const meldOfId = new Map(state.melds.flatMap((m, k) => m.tileIds.map((id) => [id, k] as const)));
  return state.tiles.map((t) => ({
    tile: t.tile,
    guesses: t.edited ? [] : t.guesses,
    score: t.edited ? 1 : t.score,
    ...(meldOfId.has(t.id) ? { meld: meldOfId.get(t.id)! } : {}),
    ...(t.edited ? { locked: true } : {}),
  }));
}

function fixContextOf(state: ReviewState, redFivesInSet: 3 | 4): FixContext {
  return { otherTiles: state.doraIndicators, redFivesPerSuit: redFivesPerSuit(redFivesInSet) };
}

/**
 * What the tile menu offers beside the reader's guesses: the kinds this tile could be for the hand, every other tile
 * as it now is, to be a winning hand (src/vision/oneTileFixes.ts winningKindsAt). Empty for a tile in a meld, or a
 * hand that is not 14 tiles with a kan counted as 3.
 */
export function winningKindsFor(state: ReviewState, id: string, redFivesInSet: 3 | 4 = 3): string[] {
  const index = state.tiles.findIndex((t) => t.id === id);
  return index < 0 ? [] : winningKindsAt(fixTilesOfReview(state), index, fixContextOf(state, redFivesInSet));
}

/** Whether the hand is a winning hand without this tile (a row of 15 with a kan as 3): the tile menu marks Delete. */
export function winsWithoutTile(state: ReviewState, id: string, redFivesInSet: 3 | 4 = 3): boolean {
  const index = state.tiles.findIndex((t) => t.id === id);
  return index >= 0 && winsWithout(fixTilesOfReview(state), index, fixContextOf(state, redFivesInSet));
}

/**
 * Applies a mend the player chose. A tile added goes after the last concealed tile of its suit (else before the
 * melds), and becomes the winning tile only when none was set apart or chosen.
 */
export function applyMend(state: ReviewState, mend: ReviewMend): ReviewState {
  if (mend.kind === 'change') return setTile(state, mend.id, mend.to);
  if (mend.kind === 'remove') return removeTile(state, mend.id);
  if (mend.kind === 'kan') return makeMeld(state, mend.ids[0]!, mend.type);
  const inMeld = new Set(state.melds.flatMap((m) => m.tileIds));
  const concealed = state.tiles.map((t, i) => ({ t, i })).filter(({ t }) => !inMeld.has(t.id));
  const sameSuit = concealed.filter(({ t }) => isTileCode(t.tile) && t.tile[1] === mend.to[1]);
  const firstMeld = state.tiles.findIndex((t) => inMeld.has(t.id));
  const index = sameSuit.length ? sameSuit[sameSuit.length - 1]!.i + 1 : firstMeld >= 0 ? firstMeld : state.tiles.length;
  const tile = { tile: mend.to, box: null, modelTile: null, score: 1, guesses: [], doubtful: false, rotated: false, edited: true };
  const keepWinner = state.winId !== null && state.winFrom !== 'last';
  return keepWinner ? insertTile(state, index, tile) : addTile(state, index, tile);
}

/** Tiles showing their back that are not in a closed kan: the player must say what they are or delete them. */
export function unreadBacks(state: ReviewState): ReviewTile[] {
  const inKan = new Set(state.melds.filter((m) => m.type === 'kan-closed').flatMap((m) => m.tileIds));
  return state.tiles.filter((t) => t.tile === BACK && !inKan.has(t.id));
}

/**
 * Confirmed tiles that can teach the player's tile set: every tile with an embedding, as finally read (`tile`) and as
 * the model read it (`read`: a corrected tile teaches the confusion, src/vision/exemplars.ts).
 */
export function confirmedExamples(state: ReviewState): { tile: string; read: string; embedding: number[] }[] {
  return state.tiles.flatMap((t) => (t.embedding && (isTileCode(t.tile) || t.tile === BACK) ? [{ tile: t.tile, read: t.modelTile ?? t.tile, embedding: t.embedding }] : []));
}

/** Labelled boxes of the corrected photo (for the data set export). */
export function labelledBoxes(state: ReviewState): { tile: string; box: Box }[] {
  return state.tiles.flatMap((t) => (t.box ? [{ tile: t.tile, box: t.box }] : []));
}

