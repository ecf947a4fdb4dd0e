#!/usr/bin/env node
// The command line is written in TypeScript. `npm ci` / `npm install` (the `prepare` script) and `npm run build`
// bundle it into plain ESM under build/cli/esm/ (scripts/build-cli.mjs), which this runs: no compiler at start.
// When that output is missing, or any source file it was built from has changed since (a development checkout
// after an edit), the sources run through tsx instead, so a stale build is never used.
// RIICHI_LENS_TSX=1 forces tsx; RIICHI_LENS_PREBUILT=1 requires the prebuilt output (an error if unusable).
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const out = new URL('build/cli/esm/', root);

function prebuiltIsFresh() {
  let info;
  try {
    info = JSON.parse(readFileSync(new URL('inputs.json', out), 'utf8'));
  } catch {
    return false;
  }
  if (!info || typeof info.builtAt !== 'number' || !Array.isArray(info.inputs)) return false;
  for (const file of info.inputs) {
    const st = statSync(new URL(file, root), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > info.builtAt) return false;
  }
  return true;
}

const env = process.env;
if (env.RIICHI_LENS_TSX !== '1' && (env.RIICHI_LENS_PREBUILT === '1' || prebuiltIsFresh())) {
  await import(new URL('main.js', out).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
