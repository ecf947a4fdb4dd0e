// The Photo screen's state, kept outside React so that leaving the screen (to the Hand editor and back)
// loses nothing: the photo, the review in progress and the last error stay here until replaced.
// Actions start recognitions through the shared worker client; a newer photo makes older results stale.
import { useSyncExternalStore } from 'react';
import { getState } from '../state/store.ts';
import { redFivesInSetOf } from '../state/types.ts';
import { RecognitionError, recognitionClient, type LoadState, type PhotoRecognition } from '../../worker/client.ts';
import { isHeicFile, needsWorkingCopy, workingCopy } from '../../worker/image-input.ts';
import { takeLiveDora } from './live/pendingDora.ts';
import { noteText, type RecognitionNote } from '../../vision/notes.ts';
import { loadProfile } from './profile.ts';
import { reviewFromRecognition, type ReviewState } from './review.ts';
import { keepReview, keptReview } from './reviewKeeper.ts';
import type { TileCode } from '../tiles/codes.ts';

export interface CapturedPhoto {
  /** Object URL for display (revoked when replaced). */
  url: string;
  /** The photo as taken or chosen (for the data set export). */
  blob: Blob;
  name: string;
}

export interface CaptureError {
  /** A key of the strings table: `error.<code>`. */
  code: string;
  message: string;
  /** No tiles: the reader found boxes it judged no row of tiles; the player can ask to see them (capture.readAnyway). */
  readAnyway?: boolean;
  /** No tiles: why what the reader found was judged no row of tiles, said in the player's language (noteText). */
  notTiles?: RecognitionNote;
  /** The photo could not be read and the review of the previous photo is still shown below the message. */
  keptReview?: boolean;
}

export interface CaptureState {
  stage: 'start' | 'reading' | 'review';
  photo: CapturedPhoto | null;
  review: ReviewState | null;
  /** Tiles the model found in the photo under review (for counting corrections). */
  recognition: PhotoRecognition | null;
  error: CaptureError | null;
  /** A photo of the dora indicators is being read. */
  readingDora: boolean;
  notice: string | null;
  /** The review as it was before each of the player's changes, the latest last (at most UNDO_DEPTH): what Undo restores. */
  undo: readonly ReviewState[];
  /** The review "Another photo" left, with its photo (whose object URL stays alive while it can be gone back to). */
  left: LeftReview | null;
}

/** A review the player left with "Another photo", as it was. */
export type LeftReview = Pick<CaptureState, 'photo' | 'review' | 'recognition' | 'undo'>;

/** How many changes of one photo's review can be undone (a mis-tap on a phone, a tile deleted by mistake). */
export const UNDO_DEPTH = 30;

const initial: CaptureState = { stage: 'start', photo: null, review: null, recognition: null, error: null, readingDora: false, notice: null, undo: [], left: null };
let state: CaptureState = initial;

/** Lets go of the left review's photo (a new photo was read, or another review is left in its place). */
function releaseLeft(): void {
  if (state.left?.photo) URL.revokeObjectURL(state.left.photo.url);
}
const listeners = new Set<() => void>();
let generation = 0;

function set(patch: Partial<CaptureState>) {
  state = { ...state, ...patch };
  keepLatestReview();
  for (const l of listeners) l();
}

/** The review last handed to reviewKeeper.ts, so that a change of something else writes nothing. */
let lastKept: Pick<CaptureState, 'photo' | 'review' | 'undo'> | null = null;
/**
 * Keeps the latest review (the one on screen, else the one "Another photo" left) for a reload of this tab. A review
 * is kept until another replaces it: a photo being read over it, or one that fails, leaves it as it was.
 */
function keepLatestReview(): void {
  const latest = state.stage === 'review' && state.review && state.photo ? state : state.stage === 'start' && state.left?.review && state.left.photo ? state.left : null;
  if (!latest?.photo || !latest.review) return;
  if (lastKept && latest.photo === lastKept.photo && latest.review === lastKept.review && latest.undo === lastKept.undo) return;
  lastKept = { photo: latest.photo, review: latest.review, undo: latest.undo };
  keepReview({ photo: latest.photo.blob, name: latest.photo.name, review: latest.review, undo: latest.undo, handedOver: handedOver.has(latest.photo) });
}

/**
 * Photos whose hand went to the Hand screen ("Use this hand"): the tile set learns from each once, and handing it
 * over again is the same win (kept with the review for a reload, whose photo is a new object).
 */
const handedOver = new WeakSet<CapturedPhoto>();

/** The review a reload brought back is offered once; the photo it needs in the worker is posted when it is taken. */
let offered = false;
let restoredPhoto: CapturedPhoto | null = null;
/** Settles once the worker holds the photo under review (at once, but for a review a reload brought back). */
let photoPosted: Promise<unknown> = Promise.resolve();

/** The review replaced by `next`, the one before kept for Undo (a change that changes nothing is not one). */
function changeReview(next: ReviewState): void {
  if (!state.review || next === state.review) return;
  set({ review: next, undo: [...state.undo, state.review].slice(-UNDO_DEPTH) });
}

export function getCaptureState(): CaptureState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCaptureState(): CaptureState {
  return useSyncExternalStore(subscribe, getCaptureState, getCaptureState);
}

export function useModelState(): LoadState {
  const client = recognitionClient();
  return useSyncExternalStore(
    (l) => client.subscribe(l),
    () => client.getState(),
    () => client.getState(),
  );
}

/** The photo was read but the localiser found no tile in it (or nothing that looks like a row of tiles). */
class NoTilesFound extends Error {
  /** Why the boxes found were judged no row of tiles; the player may then ask to see them anyway. */
  readonly notTiles: RecognitionNote | undefined;
  constructor(message: string, notTiles?: RecognitionNote) {
    super(message);
    this.notTiles = notTiles;
  }
}

/** The last photo whose boxes were judged no row of tiles, kept so the player can ask to see them anyway. */
let judgedNoTiles: { blob: Blob; name: string } | null = null;
/** The last photo that could not be read because the tile reader would not load: read again once it does. */
let waitingForReader: { blob: Blob; name: string } | null = null;
/** The photo of the review a new photo's reading began over: what Cancel goes back to. */
let photoBeforeReading: CapturedPhoto | null = null;

function toCaptureError(error: unknown): CaptureError {
  if (error instanceof NoTilesFound) return { code: 'no-tiles', message: error.message, ...(error.notTiles ? { readAnyway: true, notTiles: error.notTiles } : {}) };
  if (error instanceof RecognitionError) return { code: error.code, message: error.message };
  return { code: 'INFERENCE_FAILED', message: error instanceof Error ? error.message : String(error) };
}

/** Timing marks for the browser benchmark (src/cli/bench/browser.ts). */
export function mark(name: 'photo-set' | 'tiles-shown'): void {
  try {
    performance.mark(`riichi-lens:${name}`);
  } catch {
    /* marks are optional */
  }
}

export const capture = {
  /**
   * After a reload of this tab (a phone browser that dropped it in the background): the review it had, offered as
   * the one "Another photo" left, so that "Back to the last photo" brings it back, corrections and all.
   */
  async offerKeptReview() {
    if (offered) return;
    offered = true;
    const kept = await keptReview();
    if (!kept || state.stage !== 'start' || state.review || state.left) return;
    const photo: CapturedPhoto = { url: URL.createObjectURL(kept.photo), blob: kept.photo, name: kept.name };
    if (kept.handedOver) handedOver.add(photo);
    restoredPhoto = photo;
    lastKept = { photo, review: kept.review, undo: kept.undo };
    set({ left: { photo, review: kept.review, recognition: null, undo: kept.undo } });
  },

  /** Starts loading the model (idempotent); failures show in the model status. */
  preload() {
    recognitionClient()
      .load()
      .catch(() => undefined);
  },

  /**
   * "Try again" on the tile reader. Once it loads, its failure is no longer said (a red box stayed under "Tile reader
   * ready"), and a photo that could not be read for want of it is read now, not asked for again.
   */
  retryModel() {
    recognitionClient()
      .load()
      .then(() => {
        if (state.error?.code !== 'MODEL_LOAD_FAILED') return;
        const photo = waitingForReader;
        waitingForReader = null;
        if (photo) void capture.readPhoto(photo.blob, photo.name);
        else set({ error: null });
      })
      .catch(() => undefined);
  },

  /**
   * Reads a photo (a chosen file, or a camera shot as a blob plus its decoded frame). `anyway`: show what the reader
   * found even where it judged it no row of tiles (the player asked, after the no-tiles message).
   */
  async readPhoto(blob: Blob, name: string, frame?: ImageBitmap, { anyway = false }: { anyway?: boolean } = {}) {
    mark('photo-set');
    const token = ++generation;
    // A photo dropped while another is still being read takes its place: the one being read is let go, and the
    // photo to go back to stays the review's own (state.photo is by now the interrupted photo, or none while a very
    // large one was being made its working size).
    if (state.stage === 'reading' && state.photo && state.photo !== photoBeforeReading) URL.revokeObjectURL(state.photo.url);
    const previous: CaptureState = state.stage === 'reading' ? { ...state, photo: photoBeforeReading } : state;
    photoBeforeReading = previous.review ? previous.photo : null;
    let url = '';
    try {
      const heic = await isHeicFile(blob);
      if (heic || (await needsWorkingCopy(blob))) {
        // A 50-200 MP camera's photo (a file, or the camera's own full-resolution shot) is shown and read at its
        // working size, never decoded whole again (image-input.ts); a camera frame decoded whole is let go. A HEIC
        // photo (an iPhone's) is made a JPEG in the worker: most browsers cannot show HEIC.
        frame?.close();
        frame = undefined;
        set({ stage: 'reading', photo: null, error: null, notice: null });
        blob = heic ? await recognitionClient().heicAsJpeg(blob) : await workingCopy(blob);
        if (token !== generation) return;
      }
      url = URL.createObjectURL(blob);
      set({ stage: 'reading', photo: { url, blob, name }, error: null, notice: null });
      const client = recognitionClient();
      const profile = loadProfile();
      // the joint reading of the row allows the red fives of the chosen rules' set (two red 5p in a set of four)
      const { situation } = getState();
      const redFivesInSet = redFivesInSetOf(situation);
      // kept in the worker under this reading's token, for tiles added to its review (client.reviewPhoto below)
      const photoId = token;
      const rec = frame && !anyway ? await client.recognizeBitmap(frame, profile, { photoId, redFivesInSet }) : await client.recognizeFile(blob, profile, { photoId, redFivesInSet, ...(anyway ? { noTileCheck: false } : {}) });
      if (token !== generation) return;
      judgedNoTiles = null;
      if (rec.tiles.length === 0 && rec.notTiles) {
        judgedNoTiles = { blob, name };
        // the screen says why in the player's language (notTilesDetail); the message is its English reason
        throw new NoTilesFound(noteText(rec.notTiles), rec.notTiles);
      }
      if (rec.tiles.length === 0) throw new NoTilesFound('The localiser found no tile in the photo.');
      if (previous.photo && previous.photo.url !== url) URL.revokeObjectURL(previous.photo.url);
      // Dora indicators picked before this photo are kept.
      const review = reviewFromRecognition(rec);
      review.doraIndicators = previous.review?.doraIndicators ?? [];
      // Issue 17: indicators read live in the camera's dora mode before this photo.
      review.doraIndicators = [...review.doraIndicators, ...takeLiveDora()];
      releaseLeft();
      // Tiles added from now on are read from this photo; until now they were read from the review's before, which
      // stays when this photo fails or its reading is cancelled. Posted now, so before any tile can be added.
      client.reviewPhoto(photoId).catch(() => undefined);
      set({ stage: 'review', review, recognition: rec, error: null, undo: [], left: null });
    } catch (error) {
      if (token !== generation) return;
      if (url) URL.revokeObjectURL(url);
      const failure = toCaptureError(error);
      // a photo the reader could not read for want of its models: read once "Try again" has loaded them
      waitingForReader = failure.code === 'MODEL_LOAD_FAILED' ? { blob, name } : null;
      // Back to where the player was (a review in progress is kept), with the message.
      set({
        stage: previous.review ? 'review' : 'start',
        photo: previous.photo,
        review: previous.review,
        recognition: previous.recognition,
        error: { ...failure, ...(previous.review ? { keptReview: true } : {}) },
      });
    } finally {
      frame?.close();
    }
  },

  /** After the no-tiles message for boxes judged no row of tiles: reads that photo again, showing what was found. */
  async readAnyway() {
    const photo = judgedNoTiles;
    if (!photo) return;
    await capture.readPhoto(photo.blob, photo.name, undefined, { anyway: true });
  },

  /** Reads a second photo for the dora indicators: every tile found becomes an indicator. */
  async readDoraPhoto(blob: Blob) {
    if (!state.review) return;
    set({ readingDora: true, error: null });
    try {
      // The main photo stays the one that added tiles are read from.
      const rec = await recognitionClient().recognizeFile(blob, loadProfile(), { keepForAddedTiles: false, photoOf: 'indicators' });
      const indicators = rec.tiles.map((t) => t.tile).filter((t) => t !== 'back');
      if (indicators.length === 0) throw new NoTilesFound('No tile found in the dora photo.');
      if (state.review) {
        changeReview({ ...state.review, doraIndicators: [...state.review.doraIndicators, ...indicators] });
        set({ readingDora: false, notice: `dora:${indicators.length}` });
      }
    } catch (error) {
      set({ readingDora: false, error: toCaptureError(error) });
    }
  },

  /** Abandons a recognition in progress (its result will be ignored). */
  cancel() {
    if (state.stage !== 'reading') return;
    generation++;
    // Back to the review the new photo was read over, with its own photo (state.photo is the new one by now).
    if (state.photo && state.photo !== photoBeforeReading) URL.revokeObjectURL(state.photo.url);
    set({ stage: state.review ? 'review' : 'start', photo: state.review ? photoBeforeReading : null });
  },

  /** A change of the player's to the review; Undo can take it back. */
  updateReview(update: (review: ReviewState) => ReviewState) {
    if (state.review) changeReview(update(state.review));
  },

  /**
   * The dora indicators of the hand this review was handed over to, as the Hand screen has them now: the review
   * shows them, and "Use this hand" again keeps them. Not a change of the player's to the review, so no Undo entry;
   * the reviews Undo goes back to take them too, so that no Undo brings back indicators the hand no longer has.
   */
  takeHandDora(indicators: readonly TileCode[]) {
    const review = state.review;
    if (!review || review.doraIndicators.join() === indicators.join()) return;
    const withHandDora = (r: ReviewState): ReviewState => ({ ...r, doraIndicators: [...indicators] });
    set({ review: withHandDora(review), undo: state.undo.map(withHandDora) });
  },

  /** Takes back the player's last change to the review (nothing when there is none). */
  undoReview() {
    const previous = state.undo[state.undo.length - 1];
    if (previous) set({ review: previous, undo: state.undo.slice(0, -1) });
  },

  /**
   * A new photo. The review is left, not lost: until a new photo is read the player can go back to it
   * (returnToReview), corrections and all (a mis-tap on "Another photo"). The hand editor keeps what was confirmed.
   */
  restart() {
    generation++;
    let left = state.left;
    if (state.review && state.photo) {
      releaseLeft();
      left = { photo: state.photo, review: state.review, recognition: state.recognition, undo: state.undo };
    } else if (state.photo) {
      URL.revokeObjectURL(state.photo.url);
    }
    set({ ...initial, left });
  },

  /** Back to the review "Another photo" left, as it was. */
  returnToReview() {
    if (!state.left || state.stage === 'reading') return;
    const { photo } = state.left;
    set({ ...state.left, stage: 'review', error: null, notice: null, left: null });
    if (photo && photo === restoredPhoto) {
      // a review a reload brought back: the worker has not seen its photo, which tiles the player adds are read from
      restoredPhoto = null;
      const photoId = ++generation;
      const client = recognitionClient();
      photoPosted = client
        .recognizeFile(photo.blob, loadProfile(), { photoId, redFivesInSet: redFivesInSetOf(getState().situation) })
        .then(() => (state.photo === photo ? client.reviewPhoto(photoId) : undefined))
        .catch(() => undefined);
    }
  },

  /** The hand of `photo` went to the Hand screen (see `handedOver`). */
  handOver(photo: CapturedPhoto) {
    if (handedOver.has(photo)) return;
    handedOver.add(photo);
    // kept with the review for a reload
    lastKept = null;
    keepLatestReview();
  },

  wasHandedOver(photo: CapturedPhoto): boolean {
    return handedOver.has(photo);
  },

  /** Settles once a tile the player adds can be read from the photo under review (see returnToReview). */
  photoReady(): Promise<unknown> {
    return photoPosted;
  },

  setError(error: CaptureError | null) {
    set({ error });
  },

  setNotice(notice: string | null) {
    set({ notice });
  },
};
