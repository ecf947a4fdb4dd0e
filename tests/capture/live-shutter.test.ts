// The automatic shutter's state machine and the live reading's pacing (src/app/capture/live/, issue 17).
import { describe, expect, it } from 'vitest';
import { HOLD_MS, holdProgress, initialShutter, stepShutter, type ShutterInput, type ShutterState } from '../../src/app/capture/live/autoShutter.ts';
import { afterReading, FAST_GAP_MS, IDLE_AFTER_MS, IDLE_GAP_MS, initialPacing, nextRead, SLOW_READ_MS } from '../../src/app/capture/live/pacing.ts';

/** Feeds frames (every `dt` ms) and returns the index of the frame the shutter fired on, or -1. */
function run(frames: Partial<ShutterInput>[], { dt = 150, enabled = true } = {}): { fired: number[]; state: ShutterState } {
  let state = initialShutter(enabled);
  const fired: number[] = [];
  frames.forEach((f, i) => {
    const step = stepShutter(state, { at: i * dt, enabled, classified: true, complete: true, signature: 'H', ...f });
    state = step.state;
    if (step.fire) fired.push(i);
  });
  return { fired, state };
}

const same = (n: number, f: Partial<ShutterInput> = {}) => Array.from({ length: n }, () => ({ ...f }));

describe('stepShutter', () => {
  it('fires once the same complete hand has been seen for 0.7 s over at least 3 frames', () => {
    // Frames 150 ms apart: frame 5 is 750 ms after frame 0.
    expect(run(same(10)).fired).toEqual([5]);
    // Fast frames (50 ms): fires at 700 ms, frame 14.
    expect(run(same(20), { dt: 50 }).fired).toEqual([14]);
    // Slow frames (400 ms): needs 3 frames, at 800 ms.
    expect(run(same(5), { dt: 400 }).fired).toEqual([2]);
  });
  it('fires only once', () => {
    const { fired, state } = run(same(30));
    expect(fired).toHaveLength(1);
    expect(state.phase).toBe('fired');
  });
  it('starts over when the reading changes or is incomplete', () => {
    const frames = [...same(4), { signature: 'other' }, ...same(4), { complete: false }, ...same(6)];
    // Frame 4 starts holding 'other'; frame 5 'H' again from 750 ms; frame 9 incomplete; 'H' from frame 10 (1500 ms), fires at 2250 ms.
    expect(run(frames).fired).toEqual([15]);
  });
  it('a frame of boxes only neither counts nor breaks the hold', () => {
    const frames = [{}, { classified: false }, {}, { classified: false }, {}, { classified: false }, {}];
    expect(run(frames, { dt: 150 }).fired).toEqual([6]);
  });
  it('never fires when switched off, and starts fresh when switched on', () => {
    expect(run(same(20), { enabled: false }).fired).toEqual([]);
    let state = initialShutter(false);
    expect(state.phase).toBe('off');
    state = stepShutter(state, { at: 0, enabled: true, classified: true, complete: true, signature: 'H' }).state;
    expect(state.phase).toBe('holding');
  });
  it('never fires on a scene without tiles', () => {
    expect(run(same(400, { complete: false, signature: '' })).fired).toEqual([]);
  });
  it('reports the hold progress', () => {
    const { state } = run(same(2));
    expect(holdProgress(state, HOLD_MS / 2)).toBeCloseTo(0.5); // held since frame 0
    expect(holdProgress(initialShutter(), 1000)).toBe(0);
  });
});

describe('pacing', () => {
  it('reads at once while the reading changes, slower once nothing has changed for a while', () => {
    let p = initialPacing(0);
    p = afterReading(p, { at: 100, signature: 'A', classified: true, ms: 100, moved: false });
    expect(nextRead(p, 150)).toEqual({ gapMs: FAST_GAP_MS, classify: true });
    p = afterReading(p, { at: 200, signature: 'A', classified: true, ms: 100, moved: false });
    expect(nextRead(p, 100 + IDLE_AFTER_MS).gapMs).toBe(IDLE_GAP_MS);
    // The boxes moved: fast again.
    p = afterReading(p, { at: 2500, signature: 'A', classified: true, ms: 100, moved: true });
    expect(nextRead(p, 2600).gapMs).toBe(FAST_GAP_MS);
  });
  it('reads every other frame for boxes only when a classified reading is slow', () => {
    let p = initialPacing(0);
    p = afterReading(p, { at: 300, signature: 'A', classified: true, ms: SLOW_READ_MS + 50, moved: false });
    expect(nextRead(p, 300).classify).toBe(false);
    p = afterReading(p, { at: 400, signature: '', classified: false, ms: 80, moved: false });
    expect(nextRead(p, 400).classify).toBe(true);
    // While a hand is held for the shutter, every frame is classified, at once.
    p = afterReading(p, { at: 700, signature: 'A', classified: true, ms: SLOW_READ_MS + 50, moved: false });
    expect(nextRead(p, 5000, { holding: true })).toEqual({ gapMs: FAST_GAP_MS, classify: true });
  });
});

describe('dora indicators read live', () => {
  it('are kept until taken once', async () => {
    const { peekLiveDora, setLiveDora, takeLiveDora } = await import('../../src/app/capture/live/pendingDora.ts');
    setLiveDora(['3s', '4s']);
    expect(peekLiveDora()).toEqual(['3s', '4s']);
    expect(takeLiveDora()).toEqual(['3s', '4s']);
    expect(takeLiveDora()).toEqual([]);
  });
});

describe('overlay labels on frames of boxes only', () => {
  it('keeps the last labels while the boxes stay put, none once they moved or changed in number', async () => {
    const { withLabelsFrom } = await import('../../src/app/capture/live/overlay.ts');
    const tile = (x: number, code: string) => ({ tile: code, score: 0.9, box: [x, 100, x + 50, 170] as [number, number, number, number], rotated: false, doubtful: false, group: 0 });
    const reading = (tiles: ReturnType<typeof tile>[], classified: boolean) => ({ width: 1280, height: 720, tiles, otherBoxes: [], classified, timings: { frameMs: 0, readMs: 0, localizeMs: 0, classifyMs: 0 } });
    const labelled = reading([tile(100, '1m'), tile(154, '2m')], true);
    const near = withLabelsFrom(labelled, reading([tile(110, ''), tile(164, '')], false));
    expect(near.tiles.map((t) => t.tile)).toEqual(['1m', '2m']);
    expect(near.tiles[0]!.box[0]).toBe(110);
    expect(withLabelsFrom(labelled, reading([tile(300, ''), tile(354, '')], false)).tiles.map((t) => t.tile)).toEqual(['', '']);
    expect(withLabelsFrom(labelled, reading([tile(100, '')], false)).tiles.map((t) => t.tile)).toEqual(['']);
  });
});
