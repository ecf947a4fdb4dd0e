// `riichi-lens score --jsonl` with no other argument, or with `--rules PRESET` only, the batch path on its own:
// the engine and ../jsonl only, no option parser, no help texts, no other command. scripts/build-cli.mjs bundles
// it into one script that bin/riichi-lens.cjs compiles with a V8 code cache (no module graph to load, no function
// compiled twice). The bin sends a `--rules` here only with a preset name the build listed (build/cli/esm/
// inputs.json); any other command line (an unknown preset, --option, ...) runs through main.ts and
// commands/score.ts, which answer the same lines with the same bytes.
import { resolveRules } from '../engine/index.ts';
import { runJsonlFast } from './jsonl/run.ts';
import { scoreJsonLine } from './jsonl/line.ts';

try {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--rules');
  const preset = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--rules='))?.slice(8);
  // as commands/score.ts: named rules resolved once and used as they are for every line
  process.exitCode = runJsonlFast(preset !== undefined ? resolveRules(preset) : undefined, scoreJsonLine);
} catch (e) {
  // as main.ts answers a bug: one line, not a stack trace (RIICHI_LENS_DEBUG=1 shows it)
  if (process.env.RIICHI_LENS_DEBUG) console.error(e);
  else console.error(`riichi-lens: INTERNAL_ERROR: ${e instanceof Error ? e.message : String(e)} (RIICHI_LENS_DEBUG=1 shows where)`);
  process.exitCode = 3;
}
