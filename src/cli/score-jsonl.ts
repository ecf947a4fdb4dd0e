// `riichi-lens score --jsonl` with no other argument, the batch path on its own: the engine and ../jsonl only,
// no option parser, no help texts, no other command. scripts/build-cli.mjs bundles it into one script that
// bin/riichi-lens.cjs compiles with a V8 code cache (no module graph to load, no function compiled twice);
// with any other argument the command runs through main.ts and commands/score.ts, to the same output.
import { runJsonlFast } from './jsonl/run.ts';
import { scoreJsonLine } from './jsonl/line.ts';

try {
  process.exitCode = runJsonlFast(undefined, scoreJsonLine);
} catch (e) {
  // as main.ts answers a bug: one line, not a stack trace (RIICHI_LENS_DEBUG=1 shows it)
  if (process.env.RIICHI_LENS_DEBUG) console.error(e);
  else console.error(`riichi-lens: INTERNAL_ERROR: ${e instanceof Error ? e.message : String(e)} (RIICHI_LENS_DEBUG=1 shows where)`);
  process.exitCode = 3;
}
