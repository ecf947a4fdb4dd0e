// `riichi-lens pay --han 3 --fu 40 [--dealer] [--tsumo] [--honba N] [--yakuman N] [--rules R] [--json]`:
// the payment-table lookup for players who count fan and fu themselves.
import { EngineError, payment, paymentTotal, resolveRules, type Payment } from '../../engine/index.ts';
import { intValue, lastValue, parseArgs, UsageError } from '../args.ts';
import { presetLines } from '../rules-help.ts';

const USAGE = `Usage: riichi-lens pay --han N --fu N [--dealer] [--tsumo] [--honba N] [--yakuman N] [--rules PRESET] [--json]

  --han N       fan of the hand (1 or more; 5+ are limit hands)
  --fu N        minipoints (20, 25, 30, 40, ...; ignored for 5+ fan)
  --dealer      the winner is East (the dealer)
  --tsumo       won by self-draw (default: on a discard)
  --honba N     counters on the table (+300 on a discard, +100 from each payer on a self-draw)
  --yakuman N   a yakuman (1), double yakuman (2), or more where the rules add yakuman up; refused beyond what the
                rules allow (EMA 2016 and WRC 2015 have no double yakuman); --han and --fu are then not needed
  --rules R     rule preset (default ema); it decides kazoe (13+ fan), kiriage mangan and double yakuman:
${presetLines('      ')}
  --json        print the payment object plus "limit" as JSON`;

function describe(p: Payment): string {
  if ('from_discarder' in p) return `the discarder pays ${p.from_discarder}`;
  if (p.from_dealer === undefined) return `each player pays ${p.from_each_non_dealer} (total ${paymentTotal(p)})`;
  return `the dealer pays ${p.from_dealer}, each other player pays ${p.from_each_non_dealer} (total ${paymentTotal(p)})`;
}

export async function run(argv: string[]): Promise<number> {
  try {
    const args = parseArgs(argv, ['han', 'fu', 'honba', 'yakuman', 'rules'], ['dealer', 'tsumo', 'json', 'help']);
    if (args.flags.has('help')) {
      console.log(USAGE);
      return 0;
    }
    if (args.positionals.length) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    const yakuman = intValue(args, 'yakuman') ?? 0;
    const han = intValue(args, 'han');
    const fu = intValue(args, 'fu');
    if (!yakuman && han === undefined) throw new UsageError('--han is required');
    if (!yakuman && fu === undefined && (han ?? 0) < 5) throw new UsageError('--fu is required below 5 fan');
    const rules = resolveRules(lastValue(args, 'rules') ?? 'ema');
    const dealer = args.flags.has('dealer');
    const tsumo = args.flags.has('tsumo');
    const honba = intValue(args, 'honba') ?? 0;
    const p = payment({ han: han ?? 13, fu: fu ?? 30, dealer, tsumo, honba, yakuman }, rules);
    const { limit, ...pay } = p;
    if (args.flags.has('json')) {
      console.log(JSON.stringify({ ...pay, limit }));
      return 0;
    }
    const what = yakuman ? (yakuman === 1 ? 'yakuman' : yakuman === 2 ? 'double yakuman' : `${yakuman} yakuman`) : `${han} fan${(han ?? 0) < 5 ? ` ${fu} fu` : ''}`;
    const who = `${dealer ? 'dealer' : 'non-dealer'} ${tsumo ? 'self-draw (tsumo)' : 'win on a discard (ron)'}`;
    console.log(`${what}, ${who}${limit ? ` — ${limit}` : ''}${honba ? `, ${honba} counter(s)` : ''}: ${describe(pay)}`);
    console.log(`Rules: ${rules.label}`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`riichi-lens pay: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof EngineError) {
      console.error(`riichi-lens pay: ${e.code}: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
