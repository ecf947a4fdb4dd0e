// The app's shared state: which screen is shown, the hand in the editor and its situation.
// A tiny external store (no library): the URL hash mirrors it, so links are shareable, reload keeps the
// hand and the back button goes back. Screens use the hooks and actions below; see src/app/README.md.
import { useSyncExternalStore } from 'react';
import { isTileCode, parseNotation, type TileCode } from '../tiles/codes.ts';
import { rulesQuery, withKeptRules } from './rememberedRules.ts';
import { readLink, stateToHash, type LinkPart } from './url.ts';
import {
  DEFAULT_SITUATION,
  EMPTY_HAND,
  MELD_TYPES,
  type AppState,
  type EditorMeld,
  type HandDraft,
  type MeldType,
  type Screen,
  type Situation,
  type WinPart,
  winPartsSet,
  withoutWinParts,
} from './types.ts';

const hasWindow = typeof window !== 'undefined';

/** Where the rules last chosen are kept (rememberedRules.ts). */
const RULES_KEY = 'riichi-lens.rules';
function keptRules(): string | null {
  try {
    return localStorage.getItem(RULES_KEY);
  } catch {
    return null; // storage blocked: EMA 2016, as before
  }
}
function keepRules(hash: string): void {
  try {
    const rules = rulesQuery(hash);
    if (localStorage.getItem(RULES_KEY) !== rules) localStorage.setItem(RULES_KEY, rules);
  } catch {
    // not kept; the address still holds them
  }
}

const opened = hasWindow ? readLink(withKeptRules(window.location.hash, keptRules())) : null;
let state: AppState = opened?.state ?? { screen: 'photo', hand: EMPTY_HAND, situation: DEFAULT_SITUATION };
const listeners = new Set<() => void>();
/**
 * The parts of the link the app was opened with (or of a link pasted since) that could not be read and were set back
 * to their default; the Hand screen names them until the player dismisses the notice. Read before the address is
 * normalised below, which drops them from it.
 */
let unreadLink: readonly LinkPart[] = opened?.unread ?? [];
/**
 * The win parts (tsumo, riichi..., ura dora) that were set when a new photo's hand arrived: kept, since the player
 * may have set them for this hand before taking the photo, but named on the Hand screen with a way to clear them,
 * since they may be the last hand's. [] once the player has answered, or for a hand that is not a new photo's.
 */
let keptFromBefore: readonly WinPart[] = [];
/** What came before the hand they were kept for: a new photo's hand, or the hand the player cleared. */
let keptSince: 'photo' | 'clear' = 'photo';

function emit() {
  for (const l of listeners) l();
}

/**
 * What the Hand screen's Undo brings back: the tiles (hand, melds, winning tile) and the indicators, which the
 * palette adds too. The rest of the situation (winds, riichi, rules...) is one tap to set back, so an Undo of a tile
 * leaves it as it is.
 */
interface TilesSnapshot {
  hand: HandDraft;
  dora_indicators: TileCode[];
  ura_indicators: TileCode[];
}
/** Changes kept for Undo; older ones are dropped (a hand is 14 tiles: 50 covers building one twice over). */
export const HAND_UNDO_DEPTH = 50;
/** The tiles before each change, latest last (`undo`), and what Undo took back, for Redo until the next change (`redo`). */
const history: Record<'undo' | 'redo', TilesSnapshot[]> = { undo: [], redo: [] };

const tilesOf = (s: AppState): TilesSnapshot => ({
  hand: s.hand,
  dora_indicators: s.situation.dora_indicators,
  ura_indicators: s.situation.ura_indicators,
});
// By value: a hand read from the URL is a new object with the same tiles.
const sameTiles = (a: TilesSnapshot, b: TilesSnapshot) => JSON.stringify(a) === JSON.stringify(b);

function remember(before: TilesSnapshot) {
  history.undo = [...history.undo, before].slice(-HAND_UNDO_DEPTH);
  history.redo = [];
}

/**
 * Undo (from 'undo' to 'redo') or Redo (the other way): the latest snapshot of one list is put back, tiles and
 * indicators only, and the tiles it replaces go onto the other list. False when the list is empty.
 */
function travel(from: 'undo' | 'redo', to: 'undo' | 'redo'): boolean {
  const snapshot = history[from].at(-1);
  if (!snapshot) return false;
  history[from] = history[from].slice(0, -1);
  history[to] = [...history[to], tilesOf(state)];
  const { hand, dora_indicators, ura_indicators } = snapshot;
  commit({ ...state, hand, situation: { ...state.situation, dora_indicators, ura_indicators } }, 'replace', 'none');
  return true;
}

type HistoryMode = 'push' | 'replace';
/** What a change does to the Undo history: remember the tiles it replaces, start afresh, or neither (Undo, Redo). */
type UndoMode = 'record' | 'forget' | 'none';

function commit(next: AppState, mode: HistoryMode, undo: UndoMode = 'record') {
  if (undo === 'forget') history.undo = history.redo = [];
  else if (undo === 'record' && !sameTiles(tilesOf(state), tilesOf(next))) remember(tilesOf(state));
  state = next;
  if (hasWindow) {
    const hash = stateToHash(next);
    if (hash !== window.location.hash) {
      if (mode === 'push') window.history.pushState(null, '', hash);
      else window.history.replaceState(null, '', hash);
    }
  }
  emit();
}

if (hasWindow) {
  // Back / forward, or a pasted link: the URL is the source of truth.
  // A change of hand this way (Back to an older entry, a pasted link) can be undone like any other.
  const fromUrl = () => actions.openLink(window.location.hash);
  window.addEventListener('popstate', fromUrl);
  window.addEventListener('hashchange', fromUrl);
  // Normalise the address once, so the first screen has its own history entry.
  window.history.replaceState(null, '', stateToHash(state));
}

export function getState(): AppState {
  return state;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the Hand screen's Undo has a change to take back, and Redo one to bring back. */
export function useCanUndoHand(): { undo: boolean; redo: boolean } {
  const undo = useSyncExternalStore(subscribe, canUndo, canUndo);
  const redo = useSyncExternalStore(subscribe, canRedo, canRedo);
  return { undo, redo };
}
const canUndo = () => history.undo.length > 0;
const canRedo = () => history.redo.length > 0;

/** The parts of the last link opened that could not be read (see `unreadLink`); [] when none or dismissed. */
export function useUnreadLinkParts(): readonly LinkPart[] {
  return useSyncExternalStore(subscribe, () => unreadLink, () => unreadLink);
}

/**
 * The win parts set before a new photo's hand arrived, or the hand was cleared, and still set (see `keptFromBefore`;
 * [] when none), and which of the two it was.
 */
export function useKeptFromBefore(): { parts: readonly WinPart[]; since: 'photo' | 'clear' } {
  const parts = useSyncExternalStore(subscribe, keptStillSet, keptStillSet);
  const since = useSyncExternalStore(subscribe, () => keptSince, () => keptSince);
  return { parts, since };
}
let keptShown: readonly WinPart[] = [];
function keptStillSet(): readonly WinPart[] {
  const set = winPartsSet(state.situation);
  const still = keptFromBefore.filter((part) => set.includes(part));
  // the same array while nothing changed, as useSyncExternalStore asks
  if (still.length !== keptShown.length || still.some((part, i) => part !== keptShown[i])) keptShown = still;
  return keptShown;
}

/** Read part of the state: `const hand = useAppState((s) => s.hand)`. Return stored objects, not new ones. */
export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(state),
  );
}

/** What the recognition (capture) screen hands over. Tiles as codes (`'3m'`) or compact notation (`'123m'`). */
export interface RecognisedHand {
  /** Concealed tiles, with or without the winning tile (see winTile). */
  closed: TileCode[] | string;
  melds?: { type: MeldType; tiles: TileCode[] | string; calledIndex?: number | null }[];
  /** The winning tile. If it is also in `closed`, one copy is taken out of `closed`. */
  winTile?: TileCode | null;
  doraIndicators?: TileCode[] | string;
}

function toTiles(tiles: TileCode[] | string | undefined): TileCode[] {
  if (tiles === undefined) return [];
  if (typeof tiles === 'string') return parseNotation(tiles) ?? [];
  return tiles.filter(isTileCode);
}

export const actions = {
  /**
   * Open a link's hash (Back / forward, a pasted link): the URL is the source of truth, so no history entry is
   * written; a change of hand this way can be undone like any other, and the parts it could not read are named.
   */
  openLink(hash: string) {
    const { state: next, unread } = readLink(hash);
    // Back / forward within the app keeps the notice; another hand (a pasted link) is not the photo's.
    if (!sameTiles(tilesOf(state), tilesOf(next))) keptFromBefore = [];
    if (!sameTiles(tilesOf(state), tilesOf(next))) remember(tilesOf(state));
    state = next;
    unreadLink = unread;
    emit();
  },
  /** "Clear hand": the player starts another hand, so the win parts still set are named as for a new photo. */
  clearHand() {
    keptFromBefore = winPartsSet(state.situation);
    keptSince = 'clear';
    commit({ ...state, hand: EMPTY_HAND }, 'replace');
  },
  /** Clear the win parts the Hand screen named as set before the photo (see `keptFromBefore`). */
  clearKeptFromBefore() {
    const parts = keptFromBefore;
    keptFromBefore = [];
    commit({ ...state, situation: withoutWinParts(state.situation, parts) }, 'replace');
  },
  /** Keep them: the notice goes. */
  keepFromBefore() {
    keptFromBefore = [];
    emit();
  },
  /** The player has read the notice about an unreadable link. */
  dismissUnreadLink() {
    unreadLink = [];
    emit();
  },
  /** Show a screen (a new history entry, so Back returns). */
  goTo(screen: Screen) {
    if (screen !== state.screen) commit({ ...state, screen }, 'push');
  },
  /** Replace the hand being edited (no new history entry). */
  setHand(hand: HandDraft) {
    commit({ ...state, hand }, 'replace');
  },
  setSituation(patch: Partial<Situation>) {
    commit({ ...state, situation: { ...state.situation, ...patch } }, 'replace');
    // the rules the player chose are kept for the next launch (not those of a link opened)
    if (hasWindow && ('rules' in patch || 'custom' in patch)) keepRules(stateToHash(state));
  },
  /** Take back the last change of tiles or indicators (see TilesSnapshot); false when there is none. */
  undoHand(): boolean {
    return travel('undo', 'redo');
  },
  /** Bring back what the last Undo took back; false when there is none (or a change came since). */
  redoHand(): boolean {
    return travel('redo', 'undo');
  },
  /**
   * Hand a recognised (and reviewed) hand to the editor and show the Hand screen, where the player picks
   * the situation and sees the score. Invalid codes are dropped; the editor shows any remaining problem.
   * `newPhoto`: the hand of a photo not handed over before (not the same photo again after a fix), so another win:
   * the win parts already set are named on the Hand screen (`useKeptFromBefore`).
   */
  setHandFromRecognition(recognised: RecognisedHand, { newPhoto = false }: { newPhoto?: boolean } = {}) {
    keptFromBefore = newPhoto ? winPartsSet(state.situation) : [];
    keptSince = 'photo';
    const closed = toTiles(recognised.closed);
    const winTile = recognised.winTile && isTileCode(recognised.winTile) ? recognised.winTile : null;
    if (winTile) {
      const at = closed.lastIndexOf(winTile);
      if (at >= 0) closed.splice(at, 1);
    }
    const melds: EditorMeld[] = (recognised.melds ?? [])
      .filter((m) => MELD_TYPES.includes(m.type))
      .map((m) => ({
        type: m.type,
        tiles: toTiles(m.tiles),
        calledIndex: m.type === 'kan-closed' ? null : (m.calledIndex ?? 0),
      }));
    const situation = recognised.doraIndicators
      ? { ...state.situation, dora_indicators: toTiles(recognised.doraIndicators) }
      : state.situation;
    // A new hand from a photo: Undo takes back changes made to it, not the hand it replaced.
    commit({ screen: 'hand', hand: { closed, melds, winTile }, situation }, 'push', 'forget');
  },
};
