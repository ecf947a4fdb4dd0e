// Makes photo recognition work offline after a first visit that never opened the Photo screen: downloads the
// onnxruntime wasm and the models into the recognition worker's own cache (src/worker/model-cache.ts), once.
// The worker and this prefetch share a lock per file, so a file is never downloaded twice, nor stored twice
// (the service worker leaves these files to this cache).
import { modelFiles, ortRuntime } from 'virtual:recognition-assets';
import { fetchAsset, hasCachedAsset } from '../../worker/model-cache.ts';

export async function prefetchRecognitionFiles(): Promise<void> {
  const assets = [...ortRuntime.filter((a) => a.name.endsWith('.wasm')), ...modelFiles];
  for (const asset of assets) {
    if (await hasCachedAsset(asset)) continue;
    // A failure only costs the offline copy: the worker downloads the file when it needs it.
    await fetchAsset(asset).catch(() => undefined);
  }
}
