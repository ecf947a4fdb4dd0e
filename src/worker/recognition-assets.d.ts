// Types of the virtual module written by the `recognition-assets` plugin in vite.config.ts.
declare module 'virtual:recognition-assets' {
  /** One file the worker fetches from the app's own origin. */
  export interface RecognitionAsset {
    /** File name, e.g. `classifier.onnx`. */
    name: string;
    /** Base-absolute URL with a content-hash query, e.g. `/models/classifier.onnx?v=3f2a9c01b7de`. */
    url: string;
    /** Exact size in bytes, used to validate downloads and cached copies. */
    bytes: number;
    /** The gzip copy the build wrote beside it, where that is much smaller (the wasm runtime). */
    gzip?: { url: string; bytes: number };
  }
  /** Every models/*.onnx present at build time (empty when no model is installed). */
  export const modelFiles: RecognitionAsset[];
  /** onnxruntime-web's wasm runtime: the `.mjs` glue and the `.wasm` binary. */
  export const ortRuntime: RecognitionAsset[];
  /** models/model.json as committed, or null when it is missing. */
  export const modelConfig: unknown;
}
