// The tile reader's state: download progress (first visit), ready, or a failure with its way forward.
import { format, useStrings } from '../i18n/index.ts';
import { actions } from '../state/store.ts';
import { capture, useModelState } from './session.ts';
import { tables } from './strings.ts';

export function ModelStatus() {
  const s = useStrings(tables);
  const model = useModelState();
  if (model.status === 'idle') return null;
  if (model.status === 'loading') {
    const p = model.progress;
    const percent = p && p.total > 0 ? Math.floor((100 * p.loaded) / p.total) : 0;
    const compiling = p?.phase === 'session';
    return (
      <div className="model-status" data-testid="model-status" data-status="loading" aria-live="polite">
        <label>
          {compiling ? s.modelLoadingSession : format(s.modelLoading, { percent })}
          <progress max={100} value={compiling ? undefined : percent} />
        </label>
      </div>
    );
  }
  if (model.status === 'ready') {
    const { threads, fromCache } = model.info;
    return (
      <p className="model-status muted" data-testid="model-status" data-status="ready" data-threads={threads} data-load-ms={Math.round(model.info.loadMs)} data-download-ms={Math.round(model.info.downloadMs)} data-session-ms={Math.round(model.info.sessionMs)} data-from-cache={fromCache}>
        {fromCache ? s.modelReadyOffline : s.modelReady}
      </p>
    );
  }
  const { error } = model;
  const key = `error.${error.code}` as keyof typeof s;
  const text = typeof s[key] === 'string' ? (s[key] as string) : s['error.MODEL_LOAD_FAILED'];
  return (
    <div className="error-box" role="alert" data-testid="model-status" data-status="failed" data-kind={error.kind} data-code={error.code}>
      <p>{text}</p>
      {error.message && !text.includes(error.message) && (
        <details className="muted small error-details">
          <summary>{s.errorDetail}</summary>
          {error.message}
        </details>
      )}
      <div className="actions">
        {error.kind !== 'capability' && (
          <button type="button" onClick={capture.retryModel}>
            {s.retry}
          </button>
        )}
        <button type="button" className="primary" onClick={() => actions.goTo('hand')}>
          {s.manualEntry}
        </button>
      </div>
    </div>
  );
}
