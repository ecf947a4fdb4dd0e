/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, createReadStream } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Cross-origin isolation lets onnxruntime-web use multi-threaded wasm (SharedArrayBuffer).
// The same headers must be set by whatever serves the production build (see README).
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Content-Security-Policy of the production build: everything from this origin only.
 * 'wasm-unsafe-eval' lets onnxruntime-web compile its wasm; blob: workers and images serve the camera
 * and recognition paths. (Not in dev: Vite's dev server injects inline styles and a websocket.)
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self' blob: data:",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const root = import.meta.dirname;
const modelsDir = resolve(root, 'models');
/** Files of models/ the app needs at run time (served at /models/ in dev, copied to dist/models/). */
const isModelFile = (name: string) => name.endsWith('.onnx') || name === 'model.json';

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Heavy files are cached by the service worker after activation rather than during install. */
const isHeavy = (path: string) => /\.(onnx|wasm)$/.test(path) || statSync(path).size > 2_000_000;
/**
 * The HEIC decoder (libheif-js's wasm-bundle.js, 2 MB; src/vision/heic.ts), which only a HEIC photo needs: not in the
 * install's shell, so a first visit does not download it; the service worker caches it the first time it is fetched.
 * (src/cli/bench/bundle.ts reports it apart by the same name.)
 */
const isOnDemand = (path: string) => /[\\/]wasm-bundle-[\w-]+\.js$/.test(path);

function riichiLensBuild(): Plugin {
  let outDir = resolve(root, 'dist');
  return {
    name: 'riichi-lens-build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      // Dev: serve models/*.onnx and models/model.json at /models/.
      server.middlewares.use('/models/', (req, res, next) => {
        const name = decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\//, ''));
        const path = join(modelsDir, name);
        if (!isModelFile(name) || name.includes('/') || !existsSync(path)) return next();
        res.setHeader('Content-Type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        for (const [k, v] of Object.entries(isolationHeaders)) res.setHeader(k, v);
        createReadStream(path).pipe(res);
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (ctx.server) return html; // dev
        return html.replace(
          '<meta charset="UTF-8" />',
          `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`,
        );
      },
    },
    closeBundle() {
      if (!existsSync(join(outDir, 'index.html'))) return; // not the app build (e.g. a worker sub-build)
      // Copy the recognition models next to the app.
      if (existsSync(modelsDir)) {
        const target = join(outDir, 'models');
        for (const name of readdirSync(modelsDir).filter(isModelFile)) {
          mkdirSync(target, { recursive: true });
          copyFileSync(join(modelsDir, name), join(target, name));
        }
      }
      // Production headers for static hosts that read a `_headers` file (Netlify, Cloudflare Pages); see README.
      writeFileSync(
        join(outDir, '_headers'),
        [
          '/*',
          ...Object.entries(isolationHeaders).map(([k, v]) => `  ${k}: ${v}`),
          `  Content-Security-Policy: ${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
          '  X-Content-Type-Options: nosniff',
          '  Referrer-Policy: no-referrer',
          '/sw.js',
          '  Cache-Control: no-cache',
          '',
        ].join('\n'),
      );
      // Write the service worker with this build's file lists and a version from their contents.
      const files = listFiles(outDir)
        .filter((p) => !p.endsWith(`${sep}sw.js`) && !p.endsWith(`${sep}_headers`) && !p.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const p of files) hash.update(relative(outDir, p)).update(readFileSync(p));
      const url = (p: string) => `./${relative(outDir, p).split(sep).join('/')}`;
      const shell = files.filter((p) => !isHeavy(p) && !isOnDemand(p)).map(url);
      const heavy = files.filter(isHeavy).map(url);
      const template = readFileSync(resolve(root, 'src/app/offline/sw-template.js'), 'utf8');
      writeFileSync(
        join(outDir, 'sw.js'),
        template
          .replace('__VERSION__', hash.digest('hex').slice(0, 16))
          .replace('__SHELL__', JSON.stringify(shell))
          .replace('__HEAVY__', JSON.stringify(heavy)),
      );
    },
  };
}

// --- Recognition assets (CAPTURE agent; see src/worker/README.md) ------------------------------------------
// onnxruntime-web's wasm runtime is served from this origin at <base>ort/ (dev: from node_modules; build: emitted
// into dist/ort/, so the service worker caches it as a heavy file). The worker learns the URLs, byte sizes and
// content hashes of the runtime and of models/*.onnx, plus models/model.json, from the virtual module
// `virtual:recognition-assets`: its model cache checks every download against the expected size, and the
// `?v=<hash>` query gives each new model a new cache key. (The models themselves are served/copied by riichiLensBuild.)
const ORT_DIST = resolve(root, 'node_modules/onnxruntime-web/dist');
const ORT_FILES = ['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'];
const RECOGNITION_ASSETS_ID = 'virtual:recognition-assets';
// A file whose gzip copy is at most this share of it is also written packed (`<name>.gz`), and the worker downloads
// that copy (src/worker/model-cache.ts): the 14 MB wasm runtime packs to 3.7 MB, whatever the host compresses; the
// models' float weights pack by under 10% and are left as they are.
const GZIP_WORTH = 0.8;
const packed = new Map<string, Buffer | null>();
function gzipCopy(file: string): Buffer | null {
  if (!packed.has(file)) {
    const plain = readFileSync(file);
    const gz = gzipSync(plain, { level: 9 });
    packed.set(file, gz.length <= plain.length * GZIP_WORTH ? gz : null);
  }
  return packed.get(file)!;
}
function recognitionAssets({ emit }: { emit: boolean }): Plugin {
  let base = '/';
  let serving = false;
  let building = false;
  const asset = (dir: string, name: string, prefix: string) => {
    const file = join(dir, name);
    const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
    const gz = building && name.endsWith('.wasm') ? gzipCopy(file) : null;
    return { name, url: `${base}${prefix}/${name}?v=${version}`, bytes: statSync(file).size, file, ...(gz ? { gzip: { url: `${base}${prefix}/${name}.gz?v=${version}`, bytes: gz.length } } : {}) };
  };
  const models = () => (existsSync(modelsDir) ? readdirSync(modelsDir).filter((f) => f.endsWith('.onnx')).sort() : []).map((f) => asset(modelsDir, f, 'models'));
  const runtime = () => ORT_FILES.map((f) => asset(ORT_DIST, f, 'ort'));
  const strip = ({ name, url, bytes, gzip }: { name: string; url: string; bytes: number; gzip?: { url: string; bytes: number } }) => ({ name, url, bytes, ...(gzip ? { gzip } : {}) });
  return {
    name: 'riichi-lens-recognition-assets',
    configResolved(config) {
      base = config.base.endsWith('/') ? config.base : `${config.base}/`;
    },
    enforce: 'pre',
    config(_, env) {
      serving = env.command === 'serve' && !process.env.VITEST;
      building = env.command === 'build';
    },
    resolveId(id) {
      if (id === RECOGNITION_ASSETS_ID) return `\0${RECOGNITION_ASSETS_ID}`;
      // In the browser the worker uses ort's plain wasm build without embedded glue: it loads the two files above
      // (not the default WebGPU/JSEP build, and no second hashed copy of the wasm). Not under Vitest: Node keeps ort's entry.
      if (id === 'onnxruntime-web' && (!emit || serving)) return join(ORT_DIST, 'ort.wasm.min.mjs');
      return undefined;
    },
    load(id) {
      if (id !== `\0${RECOGNITION_ASSETS_ID}`) return undefined;
      const config = join(modelsDir, 'model.json');
      return [
        `export const modelFiles = ${JSON.stringify(models().map(strip))};`,
        `export const ortRuntime = ${JSON.stringify(runtime().map(strip))};`,
        `export const modelConfig = ${existsSync(config) ? readFileSync(config, 'utf8') : 'null'};`,
      ].join('\n');
    },
    configureServer(server) {
      server.middlewares.use(`${base}ort/`, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!ORT_FILES.includes(name)) return next();
        res.setHeader('Content-Type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        for (const [k, v] of Object.entries(isolationHeaders)) res.setHeader(k, v);
        createReadStream(join(ORT_DIST, name)).pipe(res);
      });
    },
    generateBundle() {
      if (!emit) return;
      for (const a of runtime()) {
        this.emitFile({ type: 'asset', fileName: `ort/${a.name}`, source: readFileSync(a.file) });
        const gz = a.gzip ? gzipCopy(a.file) : null;
        if (gz) this.emitFile({ type: 'asset', fileName: `ort/${a.name}.gz`, source: gz });
      }
    },
  };
}
// -----------------------------------------------------------------------------------------------------------

export default defineConfig({
  plugins: [react(), riichiLensBuild(), recognitionAssets({ emit: true })],
  worker: { format: 'es', plugins: () => [recognitionAssets({ emit: false })] }, // recognition assets: CAPTURE agent
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { sourcemap: false },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
