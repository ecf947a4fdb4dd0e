// The automatic shutter (issue 17) as a pure state machine: the same complete reading (a 14-tile hand read with
// confidence, or in the dora mode the same indicators) in consecutive frames for HOLD_MS, over at least
// MIN_FRAMES frames, fires once. Any other reading in between starts over; a frame not classified (boxes only)
// neither counts nor breaks the run. Unit-tested in tests/capture/live-shutter.test.ts.

export const HOLD_MS = 700;
export const MIN_FRAMES = 3;

export type ShutterPhase = 'off' | 'searching' | 'holding' | 'fired';

export interface ShutterState {
  phase: ShutterPhase;
  /** The reading being held (null while searching). */
  signature: string | null;
  /** When the held reading was first seen (ms), and in how many frames since. */
  since: number;
  frames: number;
}

export interface ShutterInput {
  /** Time of the frame (ms, any monotonic clock). */
  at: number;
  /** Auto-capture switched on. */
  enabled: boolean;
  /** The frame was classified (a frame of boxes only is neutral). */
  classified: boolean;
  /** The frame holds a complete reading (see isCompleteHand / confidentIndicators). */
  complete: boolean;
  /** The reading, to compare frames by (see handSignature). */
  signature: string;
}

export interface ShutterOptions {
  holdMs?: number;
  minFrames?: number;
}

export const initialShutter = (enabled = true): ShutterState => ({ phase: enabled ? 'searching' : 'off', signature: null, since: 0, frames: 0 });

/** The next state after one frame, and whether the shutter fires on it (once: `fired` stays until reset). */
export function stepShutter(state: ShutterState, input: ShutterInput, options: ShutterOptions = {}): { state: ShutterState; fire: boolean } {
  const holdMs = options.holdMs ?? HOLD_MS;
  const minFrames = options.minFrames ?? MIN_FRAMES;
  if (!input.enabled) return { state: initialShutter(false), fire: false };
  if (state.phase === 'fired') return { state, fire: false };
  if (!input.classified) return { state: state.phase === 'off' ? initialShutter(true) : state, fire: false };
  if (!input.complete) return { state: initialShutter(true), fire: false };
  if (state.phase !== 'holding' || state.signature !== input.signature) {
    return { state: { phase: 'holding', signature: input.signature, since: input.at, frames: 1 }, fire: false };
  }
  const next: ShutterState = { ...state, frames: state.frames + 1 };
  if (next.frames >= minFrames && input.at - state.since >= holdMs) return { state: { ...next, phase: 'fired' }, fire: true };
  return { state: next, fire: false };
}

/** How far the hold has come, 0 to 1 (for a progress ring). */
export function holdProgress(state: ShutterState, now: number, options: ShutterOptions = {}): number {
  if (state.phase === 'fired') return 1;
  if (state.phase !== 'holding') return 0;
  return Math.max(0, Math.min(1, (now - state.since) / (options.holdMs ?? HOLD_MS)));
}

const STORAGE_KEY = 'riichi-lens.auto-capture';

/** The player's choice, remembered in localStorage (on unless switched off). */
export function loadAutoCapture(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function saveAutoCapture(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    /* not remembered, still switched for this visit */
  }
}
