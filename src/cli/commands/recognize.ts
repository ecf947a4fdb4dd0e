// `riichi-lens recognize photo.jpg... [--json] [--profile DIR] [--models DIR] [--anyway] [--indicators]`: the tiles of
// the hand row, left to right; several photos one after the other, the models loaded once.
import { langValue, parseArgs, UsageError, lastValue, usageErrorText } from '../args.ts';
import { fillTemplate } from '../../engine/errors.ts';
import { isRecognitionError } from '../../vision/errors.ts';
import { hasNote, noteText, type NoteLang } from '../../vision/notes.ts';
import type { TileProfile } from '../../vision/prototypes.ts';
import { PHOTO_WORDS } from '../vision/words.ts';
import { readProfile } from '../vision/profileStore.ts';
import { EXIT_BAD_INPUT, EXIT_MODEL, EXIT_USAGE, mendsNote, recognizeFile, reportError, resultJson, resultText } from '../vision/runPhoto.ts';

const USAGE = `Usage: riichi-lens recognize photo.jpg [more photos...] [--json] [--profile DIR] [--anyway] [--indicators] [--lang en|fr]

Reads the hand row of a photo of riichi tiles and prints the hand string, then one line per tile
(in the player's order: left to right, or right to left for a row read upside down): tile, box [x0, y0, x1, y1]
in the photo's pixels, confidence, next best guesses.
Several photos (photos/*.jpg) are read one after the other with the models loaded once: each photo's output
starts with a line "== photo", and with --json each photo is one line {"photo", "tiles", "hand"} (a photo that
cannot be read: {"photo", "error": {"code", "message"}}); a photo that cannot be read does not stop the others.
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
Exit status: 0 ok (also when no tile is found), 1 unreadable photo (any of them), 2 usage, 3 model problem.`;

interface ReadOptions {
  json: boolean;
  lang: NoteLang;
  profile: TileProfile | null;
  profileDir: string | undefined;
  modelsDir: string | undefined;
  anyway: boolean;
  indicators: boolean;
  /** Several photos: each one's output is headed by its name, and its remarks name it. */
  several: boolean;
}

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
    if (args.positionals.length === 0) throw new UsageError('missing the photo');
  } catch (e) {
    console.error(usageErrorText('riichi-lens recognize', (e as Error).message, USAGE, 'riichi-lens recognize --help'));
    return EXIT_USAGE;
  }
  const dir = lastValue(args, 'profile');
  let profile: TileProfile | null;
  try {
    profile = dir ? await readProfile(dir) : null;
  } catch (e) {
    return reportError('recognize', e);
  }
  if (dir && !profile) console.error(`riichi-lens recognize: ${fillTemplate(PHOTO_WORDS[lang].noProfileYet, { dir })}`);
  const options: ReadOptions = {
    json: args.flags.has('json'),
    lang,
    profile,
    profileDir: dir,
    modelsDir: lastValue(args, 'models'),
    anyway: args.flags.has('anyway'),
    indicators: args.flags.has('indicators'),
    several: args.positionals.length > 1,
  };
  let status = 0;
  for (const photo of args.positionals) {
    const code = await readOne(photo, options);
    // the models failing fails every photo alike: said once
    if (code === EXIT_MODEL) return code;
    if (code !== 0) status = EXIT_BAD_INPUT;
  }
  return status;
}

/** Reads one photo and prints what was read (or why not); returns its exit status. */
async function readOne(photo: string, o: ReadOptions): Promise<number> {
  const w = PHOTO_WORDS[o.lang];
  const about = o.several ? `${photo}: ` : '';
  const remark = (text: string) => console.error(`riichi-lens recognize: ${about}${text}`);
  if (o.several && !o.json) console.log(`== ${photo}`);
  try {
    const { result } = await recognizeFile(photo, { profile: o.profile, modelsDir: o.modelsDir, ...(o.anyway ? { noTileCheck: false } : {}), photoOf: o.indicators ? 'indicators' : 'hand' });
    if (o.profile && hasNote(result.notes, 'PROFILE_OTHER_MODEL')) remark(fillTemplate(w.profileOtherModel, { dir: o.profileDir! }));
    if (result.tiles.length === 0) {
      const why = result.notTiles ? fillTemplate(w.noTilesWhy, { why: noteText(result.notTiles, o.lang) }) : '';
      console.error(`riichi-lens recognize: ${fillTemplate(w.noTilesIn, { photo })}${why}. ${w.takeAgain}`);
    }
    // The pipeline's other remarks (a tile cut off by the edge and left out, boxes left out of a row with too many
    // tiles, a row read upside down, a tile-sized gap...) on stderr, so that stdout keeps its documented shape.
    for (const note of result.notes) {
      if (note.code === 'PROFILE_OTHER_MODEL' || note.code === 'NO_TILES') continue;
      remark(fillTemplate(w.note, { text: noteText(note, o.lang) }));
    }
    const mends = o.indicators ? null : mendsNote(result, undefined, undefined, o.lang);
    if (mends) remark(fillTemplate(w.note, { text: mends }));
    if (o.json) console.log(JSON.stringify(o.several ? { photo, ...resultJson(result) } : resultJson(result)));
    else console.log(resultText(result, o.lang).join('\n'));
    return 0;
  } catch (e) {
    // with several photos and --json, a photo that cannot be read is a line of its own too (stdout stays one line a photo)
    if (o.several && o.json) {
      const error = isRecognitionError(e) ? { code: e.code, message: e.message } : { code: 'INFERENCE_FAILED', message: e instanceof Error ? e.message : String(e) };
      console.log(JSON.stringify({ photo, error }));
    }
    return reportError('recognize', e);
  }
}
