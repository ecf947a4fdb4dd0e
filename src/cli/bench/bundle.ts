// Bundle size of the production build: the JavaScript a first visit downloads, gzipped.
// Goal (issue 3): under 250 kB gzipped, onnxruntime wasm and the model excluded.
// Builds dist/ first when it is missing. Run through `npm run bench` (or `npx tsx src/cli/bench/bundle.ts`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fillTemplate } from '../../engine/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = join(root, 'dist');
const GOAL_BYTES = 250_000;

export interface BundleReport {
  entry: string[];
  entryGzip: number;
  /** Entry plus the chunks of the screen shown first (Photo, since issue 16), i.e. what the first visit really loads. */
  firstScreen: string[];
  firstScreenGzip: number;
  cssGzip: number;
  allJsGzip: number;
  /** The HEIC decoder's chunk, loaded only for a HEIC photo (not counted in allJsGzip). */
  heicDecoderGzip: number;
}

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), as dist-relative paths. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g)) {
    out.push(join(dirname(file), m[1]!).replace(/\\/g, '/'));
  }
  return out;
}

function closure(start: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || !existsSync(join(dist, f))) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return [...seen].sort();
}

/** The chunk name of the screen the app opens on. */
const FIRST_SCREEN = 'CaptureScreen';

export function measureBundle(): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const cssRefs = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+\.css)"/g)].map((m) => m[1]!);
  const entry = closure(refs);
  const assets = readdirSync(join(dist, 'assets'));
  // the app opens on Photo (CaptureScreen); the Hand screen is one tap away
  const screenChunks = assets.filter((f) => new RegExp(`^${FIRST_SCREEN}-.*\\.js$`).test(f)).map((f) => `assets/${f}`);
  const firstScreen = closure([...entry, ...screenChunks]);
  const sum = (files: string[]) => files.reduce((n, f) => n + gz(f), 0);
  // the HEIC decoder, loaded only for a HEIC photo (vite.config.ts isOnDemand), is reported apart
  const heicDecoder = assets.filter((f) => /^wasm-bundle-[\w-]+\.js$/.test(f)).map((f) => `assets/${f}`);
  const allJs = assets.filter((f) => f.endsWith('.js') && !heicDecoder.includes(`assets/${f}`)).map((f) => `assets/${f}`);
  const screenCss = assets.filter((f) => new RegExp(`^${FIRST_SCREEN}-.*\\.css$`).test(f)).map((f) => `assets/${f}`);
  return {
    entry,
    entryGzip: sum(entry),
    firstScreen,
    firstScreenGzip: sum(firstScreen),
    cssGzip: sum([...cssRefs, ...screenCss]),
    allJsGzip: sum(allJs),
    heicDecoderGzip: sum(heicDecoder),
  };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export async function bench(): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('bundle: dist/ missing, running `npm run build` first…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const r = measureBundle();
  const files = (n: number) => fillTemplate('{count} file{plural}', { count: n });
  const built = statSync(join(dist, 'index.html')).mtime.toISOString();
  console.log(`bundle (production build in dist/ of ${built}, gzip -9; onnxruntime wasm and models excluded):`);
  console.log(`  first-load JavaScript (entry + its static imports, ${files(r.entry.length)}): ${kB(r.entryGzip)}`);
  console.log(
    `  first-load JavaScript with the first screen (Photo) loaded, ${files(r.firstScreen.length)}: ${kB(r.firstScreenGzip)}` +
      ` — goal < ${kB(GOAL_BYTES)}: ${r.firstScreenGzip < GOAL_BYTES ? 'met' : 'NOT met'}`,
  );
  console.log(`  first-load CSS: ${kB(r.cssGzip)}`);
  console.log(`  all JavaScript chunks in dist/assets (every screen and worker): ${kB(r.allJsGzip)}`);
  console.log(`  the HEIC decoder, downloaded only when a HEIC photo is read (libheif's WebAssembly in one JavaScript file): ${kB(r.heicDecoderGzip)}`);
  const reader = readerDownload();
  console.log(
    `the tile reader's first download (once, then offline): ${MB(reader.transfer)} over the network, ${MB(reader.unpacked)} unpacked` +
      ` (wasm runtime ${MB(reader.wasmTransfer)}${reader.wasmPacked ? ` as its gzip copy, ${MB(reader.wasmBytes)} unpacked` : ''}; models ${MB(reader.models)})`,
  );
}

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** What the recognition worker downloads on a first visit (src/worker/model-cache.ts): the wasm runtime's gzip copy where the build wrote one, and the models. */
export function readerDownload(): { transfer: number; unpacked: number; wasmTransfer: number; wasmBytes: number; wasmPacked: boolean; models: number } {
  const size = (f: string) => (existsSync(join(dist, f)) ? statSync(join(dist, f)).size : 0);
  const wasm = readdirSync(join(dist, 'ort')).filter((f) => f.endsWith('.wasm'));
  const wasmBytes = wasm.reduce((n, f) => n + size(`ort/${f}`), 0);
  const wasmPacked = wasm.every((f) => existsSync(join(dist, 'ort', `${f}.gz`)));
  const wasmTransfer = wasmPacked ? wasm.reduce((n, f) => n + size(`ort/${f}.gz`), 0) : wasmBytes;
  const models = readdirSync(join(dist, 'models')).filter((f) => f.endsWith('.onnx')).reduce((n, f) => n + size(`models/${f}`), 0);
  return { transfer: wasmTransfer + models, unpacked: wasmBytes + models, wasmTransfer, wasmBytes, wasmPacked, models };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bench();
}
