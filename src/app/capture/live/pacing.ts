// How often the live view reads a frame (issue 17), as pure rules (unit-tested in tests/capture/live-shutter.test.ts):
// - one frame at a time: the next frame is grabbed only when the last reading came back, so only the newest frame
//   is ever read and no queue builds up;
// - as fast as the device allows while the reading changes (a short gap leaves the main thread a frame);
// - slower once nothing has changed for IDLE_AFTER_MS (the same reading, boxes still): IDLE_GAP_MS between reads;
// - when a classified reading takes longer than SLOW_READ_MS, every other frame is read for boxes only (the
//   localiser alone), so the boxes still follow the camera at least 4 times a second.

export const FAST_GAP_MS = 16;
export const IDLE_AFTER_MS = 2000;
export const IDLE_GAP_MS = 500;
export const SLOW_READ_MS = 220;

export interface PacingState {
  /** When the reading last changed (ms). */
  changedAt: number;
  lastSignature: string | null;
  /** Duration of the last classified reading (ms). */
  lastClassifiedMs: number;
  /** Whether the last frame was classified. */
  lastClassified: boolean;
}

export const initialPacing = (now: number): PacingState => ({ changedAt: now, lastSignature: null, lastClassifiedMs: 0, lastClassified: false });

/** After a reading: the new state. `moved`: the boxes moved noticeably (jitter) even if the reading is the same. */
export function afterReading(state: PacingState, reading: { at: number; signature: string; classified: boolean; ms: number; moved: boolean }): PacingState {
  const changed = reading.moved || (reading.classified && reading.signature !== state.lastSignature);
  return {
    changedAt: changed ? reading.at : state.changedAt,
    lastSignature: reading.classified ? reading.signature : state.lastSignature,
    lastClassifiedMs: reading.classified ? reading.ms : state.lastClassifiedMs,
    lastClassified: reading.classified,
  };
}

/** The next read: how long to wait, and whether to classify it. */
export function nextRead(state: PacingState, now: number, options: { holding?: boolean } = {}): { gapMs: number; classify: boolean } {
  // While a complete hand is being held for the automatic shutter, every frame is classified and read at once.
  if (options.holding) return { gapMs: FAST_GAP_MS, classify: true };
  const idle = now - state.changedAt >= IDLE_AFTER_MS;
  const classify = !(state.lastClassified && state.lastClassifiedMs > SLOW_READ_MS);
  return { gapMs: idle ? IDLE_GAP_MS : FAST_GAP_MS, classify };
}
