// The live camera view's layer (issue 17), laid over the <video> of CameraPanel: the tiles read live (canvas),
// the hint in words, the automatic shutter and its switch (remembered), and the dora-indicator mode.
// React renders only when the hint, the pause state or a switch changes; each reading is drawn on the canvas in
// requestAnimationFrame and published on data attributes (for tests and the benchmark).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useStrings } from '../../i18n/index.ts';
import { recognitionClient, type PreviewReading } from '../../../worker/client.ts';
import { boxJitter, confidentIndicators, handSignature, isCompleteHand, JITTER_TILE_WIDTHS, liveHint, type LiveFrame, type LiveHint } from '../../../vision/liveHints.ts';
import { holdProgress, initialShutter, loadAutoCapture, saveAutoCapture, stepShutter, type ShutterState } from './autoShutter.ts';
import { LiveReader, type PauseReason } from './liveReader.ts';
import { drawOverlay, withLabelsFrom } from './overlay.ts';
import { peekLiveDora } from './pendingDora.ts';
import { getCaptureState } from '../session.ts';
import { liveTables } from './strings.ts';
import './live.css';

export type LiveMode = 'hand' | 'dora';

export interface LiveLayerProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Takes the photo at full resolution and reads it (the review opens). Rejects if no photo could be taken. */
  onAutoShot: () => Promise<void>;
  /** Dora mode: the indicators read live (the mode returns to the hand afterwards). Absent: no dora mode. */
  onDoraIndicators?: (tiles: string[]) => void;
  /** Where to put the switches (below the picture, so they never cover it); absent: over the picture. */
  controlsIn?: HTMLElement | null;
}

const RECENT = 5;

/** The reading of the last automatic photo (see `blocked` below); kept across remounts of the camera view. */
let lastAutoShot: string | null = null;

/** Timing marks for the benchmark (src/cli/bench/live.ts): `riichi-lens:live-first`, `riichi-lens:auto-shot`. */
function mark(name: string) {
  try {
    performance.mark(`riichi-lens:${name}`);
  } catch {
    /* marks are optional */
  }
}

export function LiveLayer({ videoRef, onAutoShot, onDoraIndicators, controlsIn }: LiveLayerProps) {
  const s = useStrings(liveTables);
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hint, setHint] = useState<LiveHint | null>(null);
  const [paused, setPaused] = useState<PauseReason>(null);
  const [auto, setAuto] = useState(loadAutoCapture);
  const [mode, setMode] = useState<LiveMode>('hand');
  const [doraTaken, setDoraTaken] = useState<readonly string[] | null>(() => (peekLiveDora().length ? peekLiveDora() : null));
  const autoRef = useRef(auto);
  const modeRef = useRef(mode);
  const shutterRef = useRef<ShutterState>(initialShutter(auto));
  const shotRef = useRef(onAutoShot);
  const doraRef = useRef(onDoraIndicators);
  useEffect(() => {
    shotRef.current = onAutoShot;
    doraRef.current = onDoraIndicators;
  }, [onAutoShot, onDoraIndicators]);
  useEffect(() => {
    autoRef.current = auto;
    modeRef.current = mode;
    shutterRef.current = initialShutter(auto);
  }, [auto, mode]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let previous: LiveFrame | null = null;
    let latest: PreviewReading | null = null;
    let lastLabelled: PreviewReading | null = null;
    let complete = false;
    const recent: string[] = [];
    const sharpSeen: { at: number; value: number }[] = [];
    let raf = 0;
    const draw = () => {
      raf = 0;
      const canvas = canvasRef.current;
      if (canvas) drawOverlay(canvas, video, latest, { complete, progress: holdProgress(shutterRef.current, performance.now()) });
    };
    const reader: LiveReader = new LiveReader({
      video,
      read: (frame, options) => recognitionClient().readPreview(frame, { ...options, photoOf: modeRef.current === 'dora' ? 'indicators' : 'hand' }),
      holding: () => shutterRef.current.phase === 'holding',
      describe: (reading) => {
        const jitter = previous ? boxJitter(previous.tiles, reading.tiles) : null;
        return { signature: handSignature(reading.tiles), moved: jitter === null ? previous?.tiles.length !== reading.tiles.length : jitter > JITTER_TILE_WIDTHS / 2 };
      },
      onPause: (reason) => {
        setPaused(reason);
        const root = rootRef.current;
        if (root) root.dataset.paused = reason ?? '';
      },
      onError: () => {
        /* the model failed to load or run: the shutter and the photo path still work; retried later */
      },
      onReading: (reading, stats) => {
        const frame: LiveFrame = reading;
        const root0 = rootRef.current;
        if (stats.reads === 1) mark('live-first');
        const signature = handSignature(reading.tiles);
        if (reading.classified) {
          recent.push(signature);
          if (recent.length > RECENT) recent.shift();
        }
        const dora = modeRef.current === 'dora';
        // The sharpest frame of the last 3 s, for blur by comparison.
        const now = performance.now();
        if (reading.sharpness !== undefined) sharpSeen.push({ at: now, value: reading.sharpness });
        while (sharpSeen.length && sharpSeen[0]!.at < now - 3000) sharpSeen.shift();
        const bestSharpness = sharpSeen.length > 2 ? Math.max(...sharpSeen.map((v) => v.value)) : undefined;
        const nextHint = liveHint(frame, { previous, recentSignatures: recent, mode: modeRef.current, bestSharpness });
        if (root0) root0.dataset.sharpness = reading.sharpness?.toFixed(3) ?? '';
        previous = frame;
        const indicators = dora ? confidentIndicators(frame) : null;
        // Never on a blurred or shaking frame: the photo taken would be as blurred.
        complete = nextHint !== 'hold-steady' && (dora ? indicators !== null : isCompleteHand(frame));
        // The last automatic photo of this very reading failed (e.g. no tile found in it): not again until the
        // reading changes, so a failing photo is never retaken in a loop (the shutter button still works).
        if (reading.classified && lastAutoShot !== null && signature !== lastAutoShot) lastAutoShot = null;
        const blocked = !dora && signature === lastAutoShot && getCaptureState().error !== null;
        // Dora indicators are always captured live (there is no photo to take); the hand only with auto-capture on.
        const step = stepShutter(shutterRef.current, { at: performance.now(), enabled: dora || autoRef.current, classified: reading.classified, complete: complete && !blocked, signature });
        shutterRef.current = step.state;
        latest = withLabelsFrom(lastLabelled, reading);
        if (reading.classified) lastLabelled = reading;
        setHint(nextHint);
        const root = rootRef.current;
        if (root) {
          root.dataset.reads = String(stats.reads);
          root.dataset.fps = stats.fps.toFixed(1);
          root.dataset.lastMs = String(Math.round(stats.lastMs));
          root.dataset.tiles = String(reading.tiles.length);
          root.dataset.hand = reading.classified ? signature : (root.dataset.hand ?? '');
          root.dataset.classified = String(reading.classified);
          root.dataset.hint = nextHint ?? '';
          root.dataset.shutter = step.state.phase;
        }
        if (!raf) raf = requestAnimationFrame(draw);
        if (!step.fire) return;
        if (dora && indicators) {
          doraRef.current?.(indicators);
          setDoraTaken(indicators);
          setMode('hand');
          return;
        }
        reader.stop();
        mark('auto-shot');
        lastAutoShot = signature; // cleared by the next different reading; counts only if the photo fails
        shotRef.current().catch(() => {
          // No photo could be taken: keep reading live (the shutter button still works).
          shutterRef.current = initialShutter(autoRef.current);
          reader.start();
        });
      },
    });
    reader.start();
    return () => {
      reader.stop();
      if (raf) cancelAnimationFrame(raf);
    };
  }, [videoRef]);

  const toggleAuto = useCallback((on: boolean) => {
    saveAutoCapture(on);
    setAuto(on);
  }, []);

  const hintText = paused
    ? s[`paused.${paused}`]
    : mode === 'dora'
      ? hint === 'complete'
        ? s['hint.dora-complete']
        : hint === 'move-closer' || hint === 'hold-steady'
          ? s[`hint.${hint}`]
          : s['hint.dora-aim']
      : hint === 'complete'
        ? auto
          ? s['hint.complete']
          : s['hint.complete-off']
        : hint
          ? s[`hint.${hint}`]
          : null;

  const controls = (
    <div className={`live-controls${controlsIn ? ' below' : ''}`} data-testid="live-controls">
      <label className="live-switch">
        <input type="checkbox" checked={auto} onChange={(e) => toggleAuto(e.target.checked)} data-testid="auto-capture" />
        <span>{s.autoCapture}</span>
      </label>
      {onDoraIndicators && (
        <div className="live-mode" role="radiogroup" aria-label={s.modeLabel}>
          {(['hand', 'dora'] as const).map((m) => (
            <label key={m} className={mode === m ? 'on' : ''}>
              <input type="radio" name="live-mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-testid={`live-mode-${m}`} />
              <span>{m === 'hand' ? s.modeHand : s.modeDora}</span>
            </label>
          ))}
        </div>
      )}
    </div>
  );

  return (
    <div ref={rootRef} className="live" data-testid="live" data-auto={String(auto)} data-mode={mode}>
      <canvas ref={canvasRef} className="live-overlay" aria-label={s.liveLabel} role="img" />
      <p className="live-hint" role="status" aria-live="polite" data-testid="live-hint" hidden={!hintText}>
        {hintText}
      </p>
      {doraTaken && mode === 'hand' && (
        <p className="live-note" data-testid="live-dora-taken">
          {s.doraTaken.replace('{tiles}', doraTaken.join(' '))}
        </p>
      )}
      {controlsIn ? createPortal(controls, controlsIn) : controls}
    </div>
  );
}
