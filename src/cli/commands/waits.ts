// `riichi-lens waits "<13-tile hand>" [situation options] [--json]`: the waits of a hand with what each winning tile
// scores by ron and by tsumo, or its shanten and the tiles that bring it closer. A 14-tile hand: what each discard leaves.
import {
  discardOptions, EngineError, errorMessage, explainDiscards, explainWaits, findWaits, normalizeHandText, parseHand, patternText, shapesText,
  type WaitsResult,
} from '../../engine/index.ts';
import { langValue, parseArgs, UsageError, usageErrorText } from '../args.ts';
import { presetLines } from '../rules-help.ts';
import { rulesFrom, situationFrom } from '../rule-args.ts';

const USAGE = `Usage: riichi-lens waits "<13-tile hand>" [options]

Hand: the concealed tiles and melds in the usual notation (0 = red five), 13 tiles (each meld counts 3), e.g.
  "1112345678999m"      "23m456p789s123s55z"      "123m456p11s66z [789s]"
  With 14 tiles, shows what each discard would leave (ready or not, and the waits).

Prints every winning tile with its wait shape and its score by ron and by tsumo ("no yaku on ron" where only a
self-draw or riichi would score); tiles the hand already holds all four of are listed apart as impossible.
Not ready: how many tiles from ready (shanten) and the tiles that bring it closer, with their unseen copies.

Situation (as for score; both ron and tsumo are scored):
  --riichi   --double-riichi   --ippatsu   --haitei   --houtei   --rinshan   --chankan
  --seat E|S|W|N     seat wind (default E, the dealer)     --round E|S|W|N   round wind (default E)
  --dora TILES       dora indicators (also counted as seen)  --ura TILES      ura dora indicators
  --honba N          --sticks N
Rules and output:
  --rules PRESET        rule preset (default ema):
${presetLines('      ')}
  --option key=value    change one rule option (as for score)   --lang en|fr
  --json                print {shanten, waits: [{tile, shape, ron, tsumo, ...}], impossible, improving, ...}`;

const VALUE_KEYS = ['seat', 'round', 'dora', 'ura', 'honba', 'sticks', 'riichi-sticks', 'rules', 'option', 'lang'] as const;
const FLAG_KEYS = ['riichi', 'double-riichi', 'ippatsu', 'haitei', 'houtei', 'rinshan', 'chankan', 'json', 'help'] as const;


/** The JSON object of issue 19: shanten, waits (ron/tsumo as `score --json` gives a result), impossible, improving. */
export function waitsJson(r: WaitsResult): unknown {
  if (!r.ok) return r;
  return {
    ok: true,
    shanten: r.shanten,
    forms: r.forms,
    waits: r.waits.map((w) => ({ tile: w.tile, shape: shapesText(w.shapes, 'en'), shapes: w.shapes, unseen: w.unseen, scoring: w.scoring, ron: w.ron, tsumo: w.tsumo })),
    patterns: r.patterns.map((p) => ({ ...p, text: patternText(p, 'en') })),
    impossible: r.impossible,
    improving: r.improving,
    closed_hand: r.closedHand,
    note: 'Furiten cannot be seen from a hand: a tile you discarded yourself cannot be won by ron.',
  };
}

export async function run(argv: string[]): Promise<number> {
  // the language of the answer, and of an engine error once --lang has been read
  let lang: 'en' | 'fr' = 'en';
  try {
    const args = parseArgs(argv, VALUE_KEYS, FLAG_KEYS);
    if (args.flags.has('help')) {
      console.log(USAGE);
      return 0;
    }
    if (args.positionals.length !== 1) throw new UsageError(args.positionals.length ? 'give the hand as one quoted argument' : 'missing the hand');
    lang = langValue(args);
    const rules = rulesFrom(args);
    const tiles = parseHand(normalizeHandText(args.positionals[0] as string));
    const f = (k: string) => args.flags.has(k);
    const situation = situationFrom(args);
    const hand = { closed: tiles.closed, melds: tiles.melds };
    const first = findWaits(hand, situation, rules);
    if (!first.ok && first.error.code === 'WRONG_TILE_COUNT' && first.error.params?.count === 14) {
      const d = discardOptions(hand, situation, rules);
      if (f('json')) {
        console.log(JSON.stringify(d.ok ? { ok: true, discards: d.options.map((o) => ({ discard: o.discard, furiten: o.furiten, ...(waitsJson(o.left) as object) })) } : d, null, 2));
      } else if (d.ok) console.log(explainDiscards(d, lang).join('\n'));
      else console.error(`riichi-lens waits: ${d.error.code}: ${explainDiscards(d, lang).join('\n')}`);
      return d.ok ? 0 : 1;
    }
    if (f('json')) console.log(JSON.stringify(waitsJson(first), null, 2));
    else if (first.ok) console.log(explainWaits(first, lang).join('\n'));
    // a hand refused, named like every command's errors: "riichi-lens waits: CODE: message"
    else console.error(`riichi-lens waits: ${first.error.code}: ${explainWaits(first, lang).join('\n')}`);
    return first.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(usageErrorText('riichi-lens waits', e.message, USAGE, 'riichi-lens waits --help'));
      return 2;
    }
    if (e instanceof EngineError) {
      console.error(`riichi-lens waits: ${e.code}: ${errorMessage(e.code, e.params, lang)}`);
      return 2;
    }
    throw e;
  }
}
