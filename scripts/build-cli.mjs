#!/usr/bin/env node
// Prebuilt command line: bundles src/cli/main.ts into plain ESM under build/cli/esm/ (one chunk per command,
// shared chunks for the engine and the vision stack), so `riichi-lens` starts without compiling TypeScript;
// and src/cli/score-jsonl.ts (`score --jsonl` alone) into one CommonJS script, score-jsonl.cjs, with the V8 code
// cache of a run on sample lines (score-jsonl.cache), which bin/riichi-lens.cjs compiles it with.
// Run by `npm ci` / `npm install` (the `prepare` script), by `npm run build` and by `npm run build:cli`.
// Packages (sharp, onnxruntime-web, ...) stay external: they are imported from node_modules, and only by the
// commands that need them. bin/riichi-lens.cjs runs this output when it is newer than every source file it was
// built from (build/cli/esm/inputs.json), else falls back to tsx on the sources.
//
// The chunks sit three folders below the repository root on purpose: src/cli/vision/nodeRecognizer.ts finds
// the models as new URL('../../../models/', import.meta.url), which must resolve the same from a chunk.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// --out-root DIR: the output under DIR/build/cli/esm instead, run by DIR/bin/riichi-lens.cjs (tests/cli/jsonl-fast.test.ts)
const outRootAt = process.argv.indexOf('--out-root');
const OUT_ROOT = outRootAt > 0 ? resolve(process.argv[outRootAt + 1]) : ROOT;
const OUT = join(OUT_ROOT, 'build', 'cli', 'esm');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  // esbuild comes with tsx (a runtime dependency) and is a direct devDependency; without it the command line still
  // works through tsx, only slower to start.
  console.warn('build-cli: esbuild is not installed; `riichi-lens` will run the TypeScript sources through tsx.');
  process.exit(0);
}

const started = Date.now();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const result = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  metafile: true,
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
// The scoring commands (score, pay, waits) must not load the vision stack: check the static imports reachable from
// their chunks.
const outputs = result.metafile.outputs;
for (const command of ['src/cli/commands/score.ts', 'src/cli/commands/pay.ts', 'src/cli/commands/waits.ts']) {
  const start = Object.keys(outputs).find((o) => outputs[o].entryPoint === command);
  if (!start) throw new Error(`build-cli: no chunk for ${command}`);
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    for (const imp of outputs[todo.pop()].imports) {
      if (imp.kind !== 'import-statement') continue;
      if (/^(sharp|onnxruntime)/.test(imp.path)) throw new Error(`build-cli: ${command} would load ${imp.path} at start`);
      if (!imp.external && !seen.has(imp.path)) {
        seen.add(imp.path);
        todo.push(imp.path);
      }
    }
  }
}
// `score --jsonl` alone: one script, nothing else loaded (bin/riichi-lens.cjs wraps it in a function of `require`)
const jsonl = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: ['src/cli/score-jsonl.ts'],
  outfile: join(OUT, 'score-jsonl.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  metafile: true,
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const imp of Object.values(jsonl.metafile.outputs).flatMap((o) => o.imports)) {
  if (!imp.path.startsWith('node:')) throw new Error(`build-cli: score-jsonl.cjs would load ${imp.path}`);
}
const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(jsonl.metafile.inputs)])]
  .filter((p) => !p.startsWith('node_modules/'))
  .sort();
writeFileSync(join(OUT, 'package.json'), '{ "type": "module" }\n');
// The code cache: the bundle run once on sample lines (scripts/code-cache-sample.jsonl: one hand of each kind the
// engine treats apart, errors, lines for JSON.parse), so the functions a run uses are compiled when V8 makes it.
// Without it (this Node could not write it) the bundle still runs, compiled at each start.
const sample = readFileSync(join(ROOT, 'scripts/code-cache-sample.jsonl'), 'utf8');
const cache = spawnSync(process.execPath, [join(OUT_ROOT, 'bin/riichi-lens.cjs'), 'score', '--jsonl'], {
  input: sample,
  env: { ...process.env, RIICHI_LENS_PREBUILT: '1', RIICHI_LENS_CODE_CACHE: 'write', RIICHI_LENS_TSX: '' },
  encoding: 'utf8',
});
let codeCache;
if (cache.status === 0 && cache.stdout.split('\n').length === sample.split('\n').length) {
  // the bundle the cache belongs to: bin/riichi-lens.cjs uses the cache only with this very file
  const st = statSync(join(OUT, 'score-jsonl.cjs'));
  codeCache = { bundleBytes: st.size, bundleMtimeMs: st.mtimeMs };
} else {
  rmSync(join(OUT, 'score-jsonl.cache'), { force: true });
  console.warn(`build-cli: no code cache for score --jsonl (the sample run gave status ${cache.status}): ${cache.stderr}`);
}
// The rule presets bin/riichi-lens.cjs may hand to the bundle (`score --jsonl --rules PRESET`): their names, read
// from the engine's own table (bundled here in memory), so that the bin need not load the engine to check one.
const names = await esbuild.build({
  absWorkingDir: ROOT,
  stdin: { contents: "export { PRESET_NAMES } from './src/engine/rules.ts';", resolveDir: ROOT, loader: 'ts' },
  bundle: true, format: 'cjs', platform: 'node', target: 'node20.19', write: false, logLevel: 'warning',
});
const presetModule = { exports: {} };
new Function('module', 'exports', names.outputFiles[0].text)(presetModule, presetModule.exports);
const presets = presetModule.exports.PRESET_NAMES;
if (!Array.isArray(presets) || !presets.length || !presets.every((p) => typeof p === 'string')) throw new Error('build-cli: no preset names');
// `riichi-lens --help` (and -h, help): main.js's answer, kept as a file the bin prints when the build is fresh, without
// loading the ES module loader and main.js (about 40 ms of a 150 ms start on a slow machine; issue 18's goal: 100 ms).
const help = spawnSync(process.execPath, [join(OUT, 'main.js'), '--help'], { encoding: 'utf8' });
if (help.status !== 0 || !help.stdout.startsWith('riichi-lens:')) throw new Error(`build-cli: main.js --help gave status ${help.status}: ${help.stderr}`);
writeFileSync(join(OUT, 'help.txt'), help.stdout);
// The build time is taken before esbuild read the sources: a file saved during the build counts as newer.
writeFileSync(join(OUT, 'inputs.json'), JSON.stringify({ builtAt: started, inputs, codeCache, presets }, null, 1) + '\n');
const bytes = Object.values(result.metafile.outputs).reduce((s, o) => s + o.bytes, 0) + Object.values(jsonl.metafile.outputs).reduce((s, o) => s + o.bytes, 0);
const chunks = Object.keys(result.metafile.outputs).length + 1;
if (!process.argv.includes('--quiet')) {
  console.log(`build-cli: ${inputs.length} source files -> ${relative(ROOT, OUT)}/ (${chunks} files, ${(bytes / 1024).toFixed(0)} KiB) in ${Date.now() - started} ms`);
}
// the depth the models path relies on (see above)
if (resolve(OUT, '../../..') !== OUT_ROOT || !statSync(join(ROOT, 'src/cli/main.ts')).isFile()) throw new Error('build-cli: unexpected output depth');
