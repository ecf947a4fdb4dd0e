// `riichi-lens score-photo photo.jpg [situation options]`: recognise the hand row, then score it with
// the engine's `score` command (same situation options; see "riichi-lens score --help").
// Groups set apart holding a sideways tile become called melds, tile backs a closed kan; the last
// concealed tile is the winning tile unless --win says otherwise.
import { redFivesPerSuit } from '../../vision/handRules.ts';
import { guessHand } from '../../vision/melds.ts';
import { EngineError } from '../../engine/index.ts';
import { langValue, lastValue, parseArgs, UsageError, type ParsedArgs, usageErrorText } from '../args.ts';
import { checkScoreOptions, run as runScore, VALUE_KEYS as SCORE_VALUE_KEYS } from './score.ts';
import { readProfile } from '../vision/profileStore.ts';
import { rulesFrom } from '../rule-args.ts';
import { EXIT_BAD_INPUT, EXIT_USAGE, mendsNote, recognizeFile, reportError } from '../vision/runPhoto.ts';
import { PHOTO_WORDS } from '../vision/words.ts';
import { measureText, noteText, type NoteLang } from '../../vision/notes.ts';
import { fillTemplate } from '../../engine/errors.ts';

const OWN_VALUE_KEYS = ['profile', 'models'];

const USAGE = `Usage: riichi-lens score-photo photo.jpg [--profile DIR] [situation options of "riichi-lens score"]

Recognises the hand in the photo (see "riichi-lens recognize") and scores it. Sideways tiles mark called
melds, tile backs a closed kan; the last concealed tile is the winning tile unless --win TILE is given.
The recognised hand is printed first (on stderr with --json), with any doubtful tile flagged:
check it, and score the corrected hand with "riichi-lens score" if a tile was misread.`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  // Split our own options (--profile, --models) and the photo from the situation options passed to `score`,
  // knowing which options take a value (so "--seat S photo.jpg" reads the photo, not "S").
  const own: string[] = [];
  const rest: string[] = [];
  const photos: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const key = a.startsWith('--') && a !== '--' ? a.slice(2).split('=')[0]! : null;
    const to = key === 'profile' || key === 'models' ? own : key === null ? photos : rest;
    to.push(a);
    if (key !== null && !a.includes('=') && (OWN_VALUE_KEYS.includes(key) || (SCORE_VALUE_KEYS as readonly string[]).includes(key)) && i + 1 < argv.length) to.push(argv[++i]!);
  }
  let ownArgs: ParsedArgs;
  let lang: NoteLang;
  try {
    if (photos.length !== 1) throw new UsageError(photos.length ? `one photo at a time, got ${photos.length} (${photos.join(', ')})` : 'missing the photo');
    ownArgs = parseArgs(own, OWN_VALUE_KEYS, []);
    // every option of the score, checked before the photo is read (a second of the models for nothing otherwise)
    checkScoreOptions(rest);
    lang = langValue(optionsNamed(rest, ['lang']));
  } catch (e) {
    if (e instanceof EngineError) console.error(`riichi-lens score-photo: ${e.code}: ${e.message}`);
    else if (e instanceof UsageError) console.error(usageErrorText('riichi-lens score-photo', e.message, USAGE, 'riichi-lens score-photo --help'));
    else throw e;
    return EXIT_USAGE;
  }
  const photo = photos[0]!;
  const json = rest.includes('--json');
  const say = (line: string) => (json ? console.error(line) : console.log(line));
  const w = PHOTO_WORDS[lang];
  try {
    const dir = lastValue(ownArgs, 'profile');
    const profile = dir ? await readProfile(dir) : null;
    const redFivesInSet = redFivesInSetOf(rest);
    const { result } = await recognizeFile(photo, { profile, modelsDir: lastValue(ownArgs, 'models'), redFivesInSet });
    if (result.tiles.length === 0) {
      console.error(`riichi-lens score-photo: ${fillTemplate(w.noTilesIn, { photo })}.`);
      return EXIT_BAD_INPUT;
    }
    const guess = guessHand(result.tiles);
    say(fillTemplate(w.recognised, { hand: guess.notation }));
    const doubtful = result.tiles.flatMap((t, k) => (t.doubtful ? [fillTemplate(w.doubtfulTile, { n: k + 1, tile: t.tile, score: measureText(t.score, lang), next: t.alternatives.map((a) => a.tile).slice(0, 2).join(', ') })] : []));
    if (doubtful.length) say(fillTemplate(w.doubtfulTiles, { list: doubtful.join(w.doubtfulSeparator) }));
    for (const note of [...guess.problems, ...result.notes]) say(fillTemplate(w.note, { text: noteText(note, lang) }));
    const mends = mendsNote(result, redFivesPerSuit(redFivesInSet), guess.melds, lang);
    if (mends) say(fillTemplate(w.note, { text: mends }));
    return await runScore([guess.notation, ...rest]);
  } catch (e) {
    return reportError('score-photo', e);
  }
}

/** The options among `args` of these names (as "--name value" or "--name=value"), read before passing them on. */
function optionsNamed(args: readonly string[], names: readonly string[]): ParsedArgs {
  const picked: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (names.some((name) => a === `--${name}`)) picked.push(a, args[++i] ?? '');
    else if (names.some((name) => a.startsWith(`--${name}=`))) picked.push(a);
  }
  return parseArgs(picked, names, []);
}

/**
 * The red fives of the set under the rules passed on to `score` (--rules, --option redFivesInSet=4), for the joint
 * reading of the row; a bad rule option is left for `score` to report.
 */
function redFivesInSetOf(args: readonly string[]): 3 | 4 {
  try {
    return rulesFrom(optionsNamed(args, ['rules', 'option'])).redFivesInSet;
  } catch {
    return 3;
  }
}
