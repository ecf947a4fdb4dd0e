#!/usr/bin/env node
// The command line is written in TypeScript. `npm ci` / `npm install` (the `prepare` script) and `npm run build`
// bundle it into plain JavaScript under build/cli/esm/ (scripts/build-cli.mjs), which this runs: no compiler at
// start. When that output is missing, or any source file it was built from has changed since (a development
// checkout after an edit), the sources run through tsx instead, so a stale build is never used.
// `score --jsonl` with no other argument, or with `--rules PRESET` alone (batch scoring, where start-up is a fair
// part of a run) runs its own one-file bundle, score-jsonl.cjs, compiled with the V8 code cache the build made for it (used only with the
// bundle file it was made from; V8 itself refuses a cache made by another Node); any other command line runs
// main.js, which loads each command on demand. `--help` alone prints the text the build took from main.js (help.txt).
// RIICHI_LENS_TSX=1 forces tsx; RIICHI_LENS_PREBUILT=1 requires the prebuilt output (an error if unusable).
// RIICHI_LENS_CODE_CACHE=check says on stderr whether the code cache was used; `write` is the build's (it makes it).
// CommonJS on purpose: Node starts a CommonJS script without its ES module loader, so `score --jsonl` (the bundle
// above) runs about 8 ms of CPU sooner; every other command imports main.js, an ES module, and loads the loader
// then. bin/riichi-lens.mjs loads this file.
'use strict';
const { readFileSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const root = join(__dirname, '..');
const out = join(root, 'build', 'cli', 'esm');
const env = process.env;

/** build/cli/esm/inputs.json: when the build ran, from which sources, and the bundle its code cache belongs to. */
function buildInfo() {
  try {
    const info = JSON.parse(readFileSync(join(out, 'inputs.json'), 'utf8'));
    return info && typeof info.builtAt === 'number' && Array.isArray(info.inputs) ? info : undefined;
  } catch {
    return undefined;
  }
}

function prebuiltIsFresh(info) {
  if (!info) return false;
  for (const file of info.inputs) {
    const st = statSync(join(root, file), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > info.builtAt) return false;
  }
  return true;
}

/**
 * Run the one-file bundle of `score --jsonl` (CommonJS, given `require`), with its code cache when the bundle is
 * the file the cache was made from (same size and time); false when there is no bundle.
 */
function runJsonlBundle(info) {
  const file = join(out, 'score-jsonl.cjs');
  const cacheFile = join(out, 'score-jsonl.cache');
  const st = statSync(file, { throwIfNoEntry: false });
  if (!st) return false;
  const source = readFileSync(file, 'utf8');
  const writing = env.RIICHI_LENS_CODE_CACHE === 'write';
  const made = info?.codeCache;
  let cachedData;
  if (!writing && made && made.bundleBytes === st.size && made.bundleMtimeMs === st.mtimeMs) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // no cache: compiled as usual
    }
  }
  const script = new Script(`(function (require) {${source}\n})`, { filename: file, cachedData });
  if (env.RIICHI_LENS_CODE_CACHE === 'check') {
    process.stderr.write(`riichi-lens: code cache ${cachedData === undefined ? 'not used' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
  }
  script.runInThisContext()(createRequire(file));
  // after the run: the cache then holds every function the run compiled
  if (writing) writeFileSync(cacheFile, script.createCachedData());
  return true;
}

/**
 * Whether the command line is one the bundle answers: `score --jsonl`, or `score --jsonl --rules P` / `score --rules P
 * --jsonl` (or `--rules=P`) with P a preset the build listed (inputs.json `presets`). Anything else (an unknown preset, whose error
 * message main.js gives, `--option`, other flags) goes to main.js.
 */
function forJsonlBundle(args, info) {
  if (args[0] !== 'score') return false;
  const rest = args.slice(1).flatMap((a) => (a.startsWith('--rules=') ? ['--rules', a.slice(8)] : [a])); // --rules=P
  if (rest.length === 1) return rest[0] === '--jsonl';
  if (rest.length !== 3) return false;
  const preset = rest[0] === '--jsonl' && rest[1] === '--rules' ? rest[2] : rest[0] === '--rules' && rest[2] === '--jsonl' ? rest[1] : undefined;
  return preset !== undefined && Array.isArray(info?.presets) && info.presets.includes(preset);
}

/** `riichi-lens --help`: the text the build took from main.js (build/cli/esm/help.txt); false when there is none. */
function printHelp(args) {
  if (args.length !== 1 || !['--help', '-h', 'help'].includes(args[0])) return false;
  let text;
  try {
    text = readFileSync(join(out, 'help.txt'));
  } catch {
    return false;
  }
  process.stdout.write(text);
  return true;
}

/** `riichi-lens --version` (or -V): the package's version, for scripts that log what scored their hands. */
function printVersion(args) {
  if (args.length !== 1 || !['--version', '-V'].includes(args[0])) return false;
  process.stdout.write(`${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
  return true;
}

const info = env.RIICHI_LENS_TSX === '1' ? undefined : buildInfo();
const args = process.argv.slice(2);
if (printVersion(args)) process.exitCode = 0;
else if (env.RIICHI_LENS_TSX !== '1' && (env.RIICHI_LENS_PREBUILT === '1' || prebuiltIsFresh(info))) {
  if (printHelp(args)) process.exitCode = 0;
  else if (!forJsonlBundle(args, info) || !runJsonlBundle(info)) void import(pathToFileURL(join(out, 'main.js')).href);
} else {
  void import('tsx/esm/api').then(({ register }) => {
    register();
    return import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
  });
}
