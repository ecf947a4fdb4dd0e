#!/usr/bin/env node
// Prebuilt command line: bundles src/cli/main.ts into plain ESM under build/cli/esm/ (one chunk per command,
// shared chunks for the engine and the vision stack), so `riichi-lens` starts without compiling TypeScript.
// Run by `npm ci` / `npm install` (the `prepare` script), by `npm run build` and by `npm run build:cli`.
// Packages (sharp, onnxruntime-web, ...) stay external: they are imported from node_modules, and only by the
// commands that need them. bin/riichi-lens.mjs runs this output when it is newer than every source file it was
// built from (build/cli/esm/inputs.json), else falls back to tsx on the sources.
//
// The chunks sit three folders below the repository root on purpose: src/cli/vision/nodeRecognizer.ts finds
// the models as new URL('../../../models/', import.meta.url), which must resolve the same from a chunk.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'build', 'cli', 'esm');

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
// The scoring commands must not load the vision stack: check the static imports reachable from their chunks.
const outputs = result.metafile.outputs;
for (const command of ['src/cli/commands/score.ts', 'src/cli/commands/pay.ts']) {
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
const inputs = Object.keys(result.metafile.inputs)
  .filter((p) => !p.startsWith('node_modules/'))
  .sort();
// The build time is taken before esbuild read the sources: a file saved during the build counts as newer.
writeFileSync(join(OUT, 'inputs.json'), JSON.stringify({ builtAt: started, inputs }, null, 1) + '\n');
writeFileSync(join(OUT, 'package.json'), '{ "type": "module" }\n');
const bytes = Object.values(result.metafile.outputs).reduce((s, o) => s + o.bytes, 0);
const chunks = Object.keys(result.metafile.outputs).length;
if (!process.argv.includes('--quiet')) {
  console.log(`build-cli: ${inputs.length} source files -> ${relative(ROOT, OUT)}/ (${chunks} files, ${(bytes / 1024).toFixed(0)} KiB) in ${Date.now() - started} ms`);
}
// the depth the models path relies on (see above)
if (resolve(OUT, '../../..') !== ROOT || !statSync(join(ROOT, 'src/cli/main.ts')).isFile()) throw new Error('build-cli: unexpected output depth');
