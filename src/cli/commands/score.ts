// `riichi-lens score "<hand>" [options]`: the explained score of one hand.
// `riichi-lens score --jsonl`: JSON lines on stdin, one JSON result per line on stdout, same order.
import { EngineError, errorMessage, explainFanLines, explainScoreParts, fillTemplate, normalizeHandText, parseHand, resolveRules, scoreHand, type HandInput, type RulesLike } from '../../engine/index.ts';
import { redFivesPerSuit } from '../../vision/handRules.ts';
import { oneTileFixes, tileChangesOf, typedHandTiles, TYPED_CHANGES_SHOWN } from '../../vision/oneTileFixes.ts';
import { parseHandString } from '../../vision/tiles.ts';
import { langValue, lastValue, parseArgs, UsageError, type ParsedArgs, usageErrorText } from '../args.ts';
import { optionLines, presetLines } from '../rules-help.ts';
import { rulesFrom, situationFrom, tilesOption } from '../rule-args.ts';
import { runJsonlFast } from '../jsonl/run.ts';
import { scoreJsonLine } from '../jsonl/line.ts';

export { resultLine, scoreJsonLine } from '../jsonl/line.ts';

const USAGE = `Usage: riichi-lens score "<hand>" [options]
       riichi-lens score --jsonl [--rules R] [--option key=value] < hands.jsonl   (each line its own situation)

Hand: concealed tiles in the usual notation (0 = red five), melds in brackets, the winning tile after +
  "234m067p22s55s [345s] +5s"     [...] called chi / pon / open kan (4 tiles)
  "123m456p (1111z) {5555s} 9p +9p"  (....) closed kan, {....} added kan
  Without "+", the last concealed tile written is the winning tile. Full-width characters, capital suit
  letters, honours in kanji ("東", "中") and Unicode mahjong tiles ("🀇🀈🀉") are read too.

Situation:
  --tsumo            won by self-draw (default: on a discard, ron)
  --riichi           riichi declared          --double-riichi   double riichi
  --ippatsu          --haitei   --houtei   --rinshan   --chankan
  --tenhou           --chiihou  --renhou
  --seat E|S|W|N     seat wind (default E, the dealer)
  --round E|S|W|N    round wind (default E)
  --dora TILES       dora indicators, e.g. --dora 3m7z (kan dora indicators included)
  --ura TILES        ura dora indicators (counted with riichi only)
  --honba N          counters on the table
  --sticks N         riichi bets on the table (the winner's own included)
  --win TILE         winning tile (instead of "+" in the hand; not both)
Rules and output:
  --rules PRESET        rule preset, named after its rule book (default ema):
${presetLines('      ')}
  --option key=value    change one rule option, e.g. --option kiriageMangan=true (repeatable); the options that
                        change a hand's score:
${optionLines('hand', '      ')}
  --lang en|fr          language of the explanation (default en)
  --json                print the result object as JSON
  --jsonl               batch mode: read HandInput JSON objects, one a line, from stdin
Exit status: 0 scored, 1 the hand cannot be scored or an impossible situation (stderr: "Error CODE: message";
  for 14 tiles that do not win, a note names the changes of one tile that would make them win),
  2 usage: an unknown option, a bad value, hand notation that cannot be read ("riichi-lens score: ...").`;

export const VALUE_KEYS = ['seat', 'round', 'dora', 'ura', 'honba', 'sticks', 'riichi-sticks', 'win', 'rules', 'option', 'lang'] as const;
/** What `--jsonl` takes besides itself: the rules of every line (the rest is each line's own). */
const JSONL_KEYS = new Set(['jsonl', 'rules', 'option']);
export const FLAG_KEYS = [
  'tsumo', 'ron', 'riichi', 'double-riichi', 'ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan', 'tenhou', 'chiihou', 'renhou',
  'json', 'jsonl', 'help',
] as const;


/**
 * JSON lines: stdin in large chunks, read by a direct parser of the usual input (JSON.parse and scoreJsonLine
 * for anything else), results written as bytes with blocking writes (a slow reader holds the run back instead
 * of filling memory). Output line N answers input line N, blank lines included. See ../jsonl/.
 */
function runJsonl(rules: RulesLike): number {
  return runJsonlFast(rules, scoreJsonLine);
}

export async function run(argv: string[]): Promise<number> {
  let args: ParsedArgs;
  // the language of the explanation, and of an engine error once --lang has been read
  let lang: 'en' | 'fr' = 'en';
  try {
    args = parseArgs(argv, VALUE_KEYS, FLAG_KEYS);
    if (args.flags.has('help')) {
      console.log(USAGE);
      return 0;
    }
    const explicitRules = lastValue(args, 'rules') !== undefined || args.values.has('option');
    const rules = rulesFrom(args);
    if (args.flags.has('jsonl')) {
      if (args.positionals.length) throw new UsageError('--jsonl reads hands from stdin; give no hand argument');
      // each line carries its own situation: an option that looked like a default for every line would be dropped
      const other = [...args.flags, ...args.values.keys()].filter((k) => !JSONL_KEYS.has(k));
      if (other.length) throw new UsageError(`--jsonl takes each hand's situation from its line (only --rules and --option apply to all lines): --${other[0]} has no place here`);
      // the resolved rules are used as they are for every line (resolveRules knows its own results)
      return runJsonl(explicitRules ? rules : undefined);
    }
    if (args.positionals.length !== 1) throw new UsageError(args.positionals.length ? 'give the hand as one quoted argument' : 'missing the hand');
    lang = langValue(args);
    const handText = normalizeHandText(args.positionals[0] as string);
    const tiles = parseHand(handText);
    const win = tilesOption(args, 'win', true);
    if (win !== undefined) {
      // the hand string then lists 14 tiles with the winning tile among them; a "+" would name a second one
      if (handText.includes('+')) throw new UsageError(`the winning tile is given twice: after "+" in the hand and with --win; give one`);
      tiles.win_tile = win;
    }
    const f = (k: string) => args.flags.has(k);
    if (f('tsumo') && f('ron')) throw new UsageError('--tsumo and --ron together');
    const input: HandInput = {
      ...tiles,
      ...situationFrom(args),
      tsumo: f('tsumo'),
      tenhou: f('tenhou'),
      chiihou: f('chiihou'),
      renhou: f('renhou'),
    };
    if (input.ura_indicators && !input.riichi && !input.double_riichi) {
      // said ignored, so left out: the engine would weigh them against the dora indicators
      console.error('riichi-lens score: note: --ura is ignored without --riichi (ura dora count only for riichi).');
      input.ura_indicators = '';
    }
    const result = scoreHand(input, rules);
    if (f('json')) console.log(JSON.stringify(result, null, 2));
    else {
      // the reading (and a note on its wait), the yaku, those the hand came close to and what kept each out; fu, payment
      const { fu, payment } = explainScoreParts(result, lang);
      const lines = [...explainFanLines(input, result, rules, lang, '  '), ...fu, ...payment];
      if (result.ok) console.log(lines.join('\n'));
      else console.error(lines.join('\n'));
    }
    if (!result.ok && result.error.code === 'NOT_A_WINNING_HAND' && !f('json')) {
      const note = oneTileChangesNote(input, rules, lang);
      if (note) console.error(`riichi-lens score: note: ${note}`);
    }
    return result.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(usageErrorText('riichi-lens score', e.message, USAGE, 'riichi-lens score --help'));
      return 2;
    }
    if (e instanceof EngineError) {
      console.error(`riichi-lens score: ${e.code}: ${errorMessage(e.code, e.params, lang)}`);
      return 2;
    }
    throw e;
  }
}

/**
 * The options of `score` without a hand, checked as `score` checks them (unknown options, bad values, rules):
 * score-photo calls this before it spends a second reading its photo. Throws UsageError or EngineError.
 */
export function checkScoreOptions(argv: string[]): void {
  const args = parseArgs(argv, VALUE_KEYS, FLAG_KEYS);
  if (args.flags.has('jsonl')) throw new UsageError('--jsonl has no place here: it scores hands given as JSON lines');
  if (args.flags.has('tsumo') && args.flags.has('ron')) throw new UsageError('--tsumo and --ron together');
  rulesFrom(args);
  langValue(args);
  situationFrom(args);
  tilesOption(args, 'win', true);
}

/** The note's words in each language of --lang. */
const ONE_TILE_NOTE = {
  en: { note: 'one tile changed makes it a winning hand: {changes}', more: ', and {count} more' },
  fr: { note: 'une tuile changée en fait une main gagnante\u00a0: {changes}', more: ', et {count} de plus' },
} as const;

/**
 * For a 14-tile hand (a kan as 3) that does not win, the changes of one concealed tile that make it a winning hand
 * within the copy rules (melds and indicators counted), as the app's Hand screen lists them: a hand typed with one
 * tile wrong is usually one of a few. Null when there is none, or the hand is another size.
 */
export function oneTileChangesNote(input: HandInput, rules: RulesLike, lang: 'en' | 'fr' = 'en'): string | null {
  const codes = (notation: string | undefined) => (notation ? (parseHandString(notation) ?? []) : []);
  const tiles = typedHandTiles(codes(input.closed), (input.melds ?? []).map((m) => codes(m.tiles)));
  const other = [...codes(input.dora_indicators), ...codes(input.ura_indicators)];
  const changes = tileChangesOf(oneTileFixes(tiles, { otherTiles: other, redFivesPerSuit: redFivesPerSuit(resolveRules(rules).redFivesInSet) })).map((x) => `${x.from} -> ${x.to}`);
  if (!changes.length) return null;
  const words = ONE_TILE_NOTE[lang];
  const more = changes.length > TYPED_CHANGES_SHOWN ? fillTemplate(words.more, { count: changes.length - TYPED_CHANGES_SHOWN }) : '';
  return fillTemplate(words.note, { changes: changes.slice(0, TYPED_CHANGES_SHOWN).join(', ') + more });
}
