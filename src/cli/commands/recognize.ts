// `riichi-lens recognize photo.jpg [--json] [--profile DIR] [--models DIR] [--anyway] [--indicators]`: the tiles of the hand row, left to right.
import { langValue, parseArgs, UsageError, lastValue } from '../args.ts';
import { fillTemplate } from '../../engine/errors.ts';
import { hasNote, noteText, type NoteLang } from '../../vision/notes.ts';
import { PHOTO_WORDS } from '../vision/words.ts';
import { readProfile } from '../vision/profileStore.ts';
import { EXIT_USAGE, mendsNote, recognizeFile, reportError, resultJson, resultText } from '../vision/runPhoto.ts';

const USAGE = `Usage: riichi-lens recognize photo.jpg [--json] [--profile DIR] [--anyway] [--indicators] [--lang en|fr]

Reads the hand row of a photo of riichi tiles and prints the hand string, then one line per tile
(in the player's order: left to right, or right to left for a row read upside down): tile, box [x0, y0, x1, y1]
in the photo's pixels, confidence, next best guesses.
  --json          print {"tiles": [{tile, box, score, alternatives, doubtful, rotated}], "hand"}, plus
                  "upsideDown": true when the row was read as photographed from across the table (listed right to left)
  --profile DIR   use the tile set learnt with "riichi-lens learn --profile DIR"
  --models DIR    models folder (default: the repository's models/)
  --anyway        print what the reader found even where it judged it no row of tiles (a hard photo)
  --indicators    the photo shows dora indicators, not a hand (one to three tiles are then a reading,
                  where for a hand they are none: a hand shows at least 14 tiles)
  --lang en|fr    language of the remarks and of the words of the text output (default en); --json is the same
Remarks on the reading (a tile cut off by the edge and left out, boxes left out of a row with too many tiles,
a row read upside down, a row of 13-15 tiles that is not a winning hand with the one-tile changes that would
make it one) are printed on stderr as "note:" lines ("remarque :" with --lang fr).
Exit status: 0 ok (also when no tile is found), 1 unreadable photo, 2 usage, 3 model problem.`;

export async function run(argv: string[]): Promise<number> {
  let args;
  let lang: NoteLang;
  try {
    args = parseArgs(argv, ['profile', 'models', 'lang'], ['json', 'help', 'anyway', 'indicators']);
    lang = langValue(args);
    if (args.flags.has('help')) {
      console.log(USAGE);
      return 0;
    }
    if (args.positionals.length !== 1) throw new UsageError(args.positionals.length ? 'give exactly one photo' : 'missing the photo');
  } catch (e) {
    console.error(`riichi-lens recognize: ${(e as Error).message}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    const dir = lastValue(args, 'profile');
    const profile = dir ? await readProfile(dir) : null;
    const w = PHOTO_WORDS[lang];
    if (dir && !profile) console.error(`riichi-lens recognize: ${fillTemplate(w.noProfileYet, { dir })}`);
    const { result } = await recognizeFile(args.positionals[0]!, { profile, modelsDir: lastValue(args, 'models'), ...(args.flags.has('anyway') ? { noTileCheck: false } : {}), photoOf: args.flags.has('indicators') ? 'indicators' : 'hand' });
    if (profile && hasNote(result.notes, 'PROFILE_OTHER_MODEL')) console.error(`riichi-lens recognize: ${fillTemplate(w.profileOtherModel, { dir: dir! })}`);
    if (result.tiles.length === 0) {
      const why = result.notTiles ? fillTemplate(w.noTilesWhy, { why: noteText(result.notTiles, lang) }) : '';
      console.error(`riichi-lens recognize: ${fillTemplate(w.noTilesIn, { photo: args.positionals[0]! })}${why}. ${w.takeAgain}`);
    }
    // The pipeline's other remarks (a tile cut off by the edge and left out, boxes left out of a row with too many
    // tiles, a row read upside down, a tile-sized gap...) on stderr, so that stdout keeps its documented shape.
    for (const note of result.notes) {
      if (note.code === 'PROFILE_OTHER_MODEL' || note.code === 'NO_TILES') continue;
      console.error(`riichi-lens recognize: ${fillTemplate(w.note, { text: noteText(note, lang) })}`);
    }
    const mends = args.flags.has('indicators') ? null : mendsNote(result, undefined, undefined, lang);
    if (mends) console.error(`riichi-lens recognize: ${fillTemplate(w.note, { text: mends })}`);
    if (args.flags.has('json')) console.log(JSON.stringify(resultJson(result)));
    else console.log(resultText(result, lang).join('\n'));
    return 0;
  } catch (e) {
    return reportError('recognize', e);
  }
}
