// `npx riichi-lens <command> ...`: each command lives in its own module under ./commands,
// loaded on demand so `pay` never pays for loading the vision stack.
import { presetLines } from './rules-help.ts';
const COMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  score: () => import('./commands/score.ts'),
  pay: () => import('./commands/pay.ts'),
  recognize: () => import('./commands/recognize.ts'),
  'score-photo': () => import('./commands/score-photo.ts'),
  learn: () => import('./commands/learn.ts'),
  waits: () => import('./commands/waits.ts'),
};

const USAGE = `riichi-lens: score riichi mahjong hands by the chosen rules (EMA 2016 by default) and read them from photos.

Usage:
  riichi-lens score "<hand>" [options]        explained score of one hand
  riichi-lens score --jsonl                   JSON lines in, one JSON result per line out
  riichi-lens pay --han N --fu N | --yakuman N [--dealer] [--tsumo] [--honba N] [--json]
  riichi-lens pay --table [--dealer] [--tsumo] [--rules PRESET]   the whole points table
  riichi-lens recognize photo.jpg [--json] [--profile DIR]
  riichi-lens score-photo photo.jpg [situation options]
  riichi-lens learn --profile DIR photo.jpg "<true hand>"
  riichi-lens waits "<13-tile hand>" [options] [--json]   waits and their scores, or shanten

Rule presets (--rules PRESET with score, pay, waits and score-photo), named after their rule books:
${presetLines()}

Run a command with --help (or "riichi-lens help <command>") for its options; riichi-lens --version prints the version.
With --lang fr the explanations, results and remarks are in French (usage messages and --help stay in English;
--json and --jsonl output is the same).
Exit status: 0 ok; 1 the input was read but refused (a hand that cannot be scored, an unreadable photo);
2 usage (unknown option, a value out of range, --profile not a folder); 3 model or runtime problem.
Errors go to stderr as "riichi-lens <command>: CODE: message" (score: "Error CODE: message").`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  // "help score" as git and npm read it: that command's help
  if (name === 'help' && rest.length === 1 && Object.hasOwn(COMMANDS, rest[0]!)) return (await COMMANDS[rest[0]!]!()).run(['--help']);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    console.error(`riichi-lens: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  const command = await load();
  return command.run(rest);
}

// A reader that stops early (`recognize photos/*.jpg | head -1`) closes the pipe: the rest of the output has nowhere
// to go, which is no error of ours. Stop quietly, as `score --jsonl` does, instead of Node's stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  // a bug, not the user's input: one line, not a stack trace (RIICHI_LENS_DEBUG=1 shows it)
  if (process.env.RIICHI_LENS_DEBUG) console.error(e);
  else console.error(`riichi-lens: INTERNAL_ERROR: ${e instanceof Error ? e.message : String(e)} (RIICHI_LENS_DEBUG=1 shows where)`);
  process.exitCode = 3;
}
