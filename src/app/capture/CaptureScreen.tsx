// The Photo screen (issue 5): camera or photo file (also drag and drop) → tiles read in the recognition
// worker → review and corrections → the hand editor. Every failure shows what happened and a way forward
// (another photo, the file picker, manual entry); the hand already in the editor is never touched until
// the player confirms a reviewed photo.
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { noteText } from '../../vision/notes.ts';
import { format, useLang, useStrings, type Lang } from '../i18n/index.ts';
import { actions } from '../state/store.ts';
import { CameraPanel, type CameraErrorCode } from './CameraPanel.tsx';
import { DatasetPanel } from './DatasetPanel.tsx';
import { ModelStatus } from './ModelStatus.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';
import { capture, useCaptureState, useModelState, type CaptureError } from './session.ts';
import { tables } from './strings.ts';
import './capture.css';

function firstImageFile(list: FileList | null | undefined): File | null {
  if (!list || list.length === 0) return null;
  return Array.from(list).find((f) => f.type.startsWith('image/')) ?? list[0] ?? null;
}

/**
 * What the error shows under "Technical details", or null. Why boxes were judged no row of tiles is said in the
 * player's language. Otherwise the error's own message (English, technical) is offered only where it says more
 * than the headline: never when it is the headline itself, in this language or in English, nor for a photo with no
 * tiles at all (its message says no more than the headline).
 */
function errorDetailOf(error: CaptureError, headline: string, notTilesDetail: string, lang: Lang): string | null {
  if (error.notTiles) return format(notTilesDetail, { why: noteText(error.notTiles, lang) });
  if (error.code === 'no-tiles' || !error.message || headline.includes(error.message)) return null;
  return error.message === (tables.en as Record<string, unknown>)[`error.${error.code}`] ? null : error.message;
}

export default function CaptureScreen() {
  const s = useStrings(tables);
  const lang = useLang();
  const state = useCaptureState();
  const model = useModelState();
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraFileRef = useRef<HTMLInputElement>(null);
  const doraFileRef = useRef<HTMLInputElement>(null);

  // Start loading the model as soon as the screen opens, so it is ready by the time the photo is.
  useEffect(() => {
    capture.preload();
    // a review this tab had before the page was reloaded under it, offered back
    void capture.offerKeptReview();
  }, []);

  const readFile = useCallback((file: File | null) => {
    if (file) void capture.readPhoto(file, file.name);
  }, []);

  const onCameraError = useCallback((code: CameraErrorCode, message: string) => capture.setError({ code, message }), []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    readFile(firstImageFile(e.dataTransfer?.files));
  };

  const errorText = state.error ? ((s as Record<string, unknown>)[`error.${state.error.code}`] as string | undefined) ?? s['error.INFERENCE_FAILED'] : null;
  const errorDetail = state.error && errorText ? errorDetailOf(state.error, errorText, s.notTilesDetail, lang) : null;
  const busy = state.stage === 'reading';
  const unavailable = model.status === 'failed';
  const notice = state.notice?.startsWith('dora:') ? format(s.doraFound, { count: Number(state.notice.slice(5)) }) : state.notice;

  return (
    <section
      className={`capture${dragging ? ' dragging' : ''}`}
      aria-labelledby="photo-title"
      data-testid="capture"
      data-stage={state.stage}
      data-decode-ms={state.recognition ? Math.round(state.recognition.timings.decodeMs) : undefined}
      data-recognize-ms={state.recognition ? Math.round(state.recognition.timings.recognizeMs) : undefined}
      data-timings={state.recognition ? JSON.stringify(state.recognition.timings, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v)) : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <h2 id="photo-title">{s.title}</h2>
      <ModelStatus />

      {/* a photo given while the tile reader cannot load fails for that reason: the reader's own box above says it,
          with its way forward, once */}
      {state.error && errorText && !(state.error.code === 'MODEL_LOAD_FAILED' && unavailable) && (
        <div className="error-box" role="alert" data-testid="capture-error" data-code={state.error.code}>
          <p>{errorText}</p>
          {state.error.keptReview && state.review && (
            <p className="muted small" data-testid="kept-review">
              {s.keptReview}
            </p>
          )}
          {errorDetail && (
            <details className="muted small error-details">
              <summary>{s.errorDetail}</summary>
              {errorDetail}
            </details>
          )}
          <div className="actions">
            {state.error.readAnyway && (
              <button type="button" data-testid="read-anyway" onClick={() => void capture.readAnyway()}>
                {s.readAnyway}
              </button>
            )}
            <button type="button" onClick={() => fileRef.current?.click()}>
              {s.chooseFile}
            </button>
            <button type="button" onClick={() => actions.goTo('hand')}>
              {s.manualEntry}
            </button>
            <button type="button" onClick={() => capture.setError(null)}>
              {s.dismiss}
            </button>
          </div>
        </div>
      )}
      {notice && (
        <p className="notice" role="status" data-testid="capture-notice">
          {notice}
        </p>
      )}

      {state.stage === 'reading' && (
        <div className="capture-reading" data-testid="reading" aria-live="polite">
          {/* no photo yet while a very large one is made its working size (session.ts) */}
          {state.photo && <img src={state.photo.url} alt="" />}
          <p>
            <span className="spinner" aria-hidden="true" /> {s.reading}
          </p>
          <button type="button" onClick={capture.cancel}>
            {s.cancel}
          </button>
        </div>
      )}

      {state.stage === 'review' && state.review && state.photo && (
        <ReviewPanel review={state.review} photo={state.photo} readingDora={state.readingDora} onDoraPhoto={() => doraFileRef.current?.click()} canUndo={state.undo.length > 0} />
      )}

      {state.stage === 'start' && (
        <>
          {state.left && (
            <p>
              <button type="button" onClick={() => capture.returnToReview()} data-testid="back-to-review">
                {s.backToReview}
              </button>
            </p>
          )}
          <p>{s.intro}</p>
          {!unavailable && <CameraPanel onShot={(blob, frame) => void capture.readPhoto(blob, `camera-${Date.now()}.jpg`, frame ?? undefined)} onError={onCameraError} disabled={busy} />}
          <div className={`drop-zone${dragging ? ' active' : ''}`} data-testid="drop-zone">
            <p className="drop-hint">{dragging ? s.dropActive : s.dropHere}</p>
            <div className="actions">
              <button type="button" onClick={() => cameraFileRef.current?.click()} disabled={unavailable}>
                {s.takeWithPhone}
              </button>
              <button type="button" onClick={() => fileRef.current?.click()} disabled={unavailable}>
                {s.chooseFile}
              </button>
              <span className="muted">{s.or}</span>
              <button type="button" onClick={() => actions.goTo('hand')}>
                {s.manualEntry}
              </button>
            </div>
          </div>
          <DatasetPanel />
        </>
      )}

      {/* The phone's camera app (capture) and the gallery / file system. */}
      <input
        ref={cameraFileRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="camera-file-input"
        onChange={(e) => {
          readFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        data-testid="file-input"
        onChange={(e) => {
          readFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <input
        ref={doraFileRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="dora-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void capture.readDoraPhoto(file);
          e.target.value = '';
        }}
      />
    </section>
  );
}
