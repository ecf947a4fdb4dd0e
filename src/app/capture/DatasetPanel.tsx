// The player's corrected photos and learnt tile set: export as a labelled data set (YOLO zip), or forget.
import { useEffect, useState } from 'react';
import { modelConfig } from 'virtual:recognition-assets';
import { format, megabytes, useLang, useStrings } from '../i18n/index.ts';
import { downloadFile } from '../download.ts';
import { clearPhotos, datasetZip, DEFAULT_CLASSES, storedBytes, storedPhotos } from './dataset.ts';
import { learntTiles } from '../../vision/prototypes.ts';
import { forgetProfile, loadProfile } from './profile.ts';
import { tables } from './strings.ts';

/** The classifier's class list from models/model.json when present (the data set's class ids). */
function modelClasses(): string[] {
  const classes = (modelConfig as { classifier?: { classes?: unknown } } | null)?.classifier?.classes;
  return Array.isArray(classes) && classes.every((c) => typeof c === 'string') ? classes : DEFAULT_CLASSES;
}

export function DatasetPanel() {
  const s = useStrings(tables);
  const lang = useLang();
  const [count, setCount] = useState<number | null>(null);
  const [bytes, setBytes] = useState(0);
  const [tiles, setTiles] = useState(() => learntTiles(loadProfile()));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    storedPhotos()
      .then((p) => {
        setCount(p.length);
        setBytes(storedBytes(p));
      })
      .catch(() => setCount(0));
  }, []);

  if (!count && !tiles) return null;

  const exportZip = async () => {
    setBusy(true);
    try {
      const photos = await storedPhotos();
      const bytes = await datasetZip(photos, modelClasses());
      downloadFile(`riichi-lens-photos-${new Date().toISOString().slice(0, 10)}.zip`, bytes as Uint8Array<ArrayBuffer>, 'application/zip');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel dataset" aria-labelledby="dataset-title" data-testid="dataset">
      <h3 id="dataset-title">{s.datasetTitle}</h3>
      <p className="muted small">{s.datasetHelp}</p>
      {count ? (
        <>
          <p data-testid="dataset-count" data-count={count} data-bytes={bytes}>
            {format(s.datasetCount, { count })} {format(s.datasetSize, { size: megabytes(bytes, lang) })}
          </p>
          <div className="actions">
            <button type="button" onClick={() => void exportZip()} disabled={busy} data-testid="dataset-export">
              {s.datasetExport}
            </button>
            <button
              type="button"
              data-testid="dataset-clear"
              onClick={() => {
                void clearPhotos().then(() => {
                  setCount(0);
                  setBytes(0);
                });
              }}
            >
              {s.datasetClear}
            </button>
          </div>
        </>
      ) : null}
      {tiles > 0 && (
        <p>
          {format(s.profileSize, { count: tiles })}{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              forgetProfile();
              setTiles(0);
            }}
          >
            {s.profileForget}
          </button>
        </p>
      )}
    </section>
  );
}
