// `riichi-lens pay --han 3 --fu 40 [--dealer] [--tsumo] [--honba N] [--yakuman N] [--rules R] [--json]`:
// the payment-table lookup for players who count fan and fu themselves; `pay --table` prints the whole table.
import { EngineError, errorMessage, fillTemplate, limitName, MAX_COUNTERS, missingTableCell, payment, paymentTotal, pointsTable, type Payment, type ResolvedRules } from '../../engine/index.ts';
import { RECORD_BOUNDS } from '../../engine/ledger/types.ts';
import { intValue, langValue, lastValue, parseArgs, UsageError, type ParsedArgs, usageErrorText } from '../args.ts';
import { presetLines } from '../rules-help.ts';
import { rulesFrom } from '../rule-args.ts';

/** Highest fan accepted, the ledger's bound; past 13 every hand is the same limit. */
const MAX_HAN = RECORD_BOUNDS.han.max;
/** Highest fu accepted for a limit hand (fu do not count from 5 fan), the ledger's bound. */
const MAX_FU = RECORD_BOUNDS.fu.max;

const USAGE = `Usage: riichi-lens pay --han N --fu N | --yakuman N [--dealer] [--tsumo] [--honba N] [--rules PRESET] [--option key=value] [--json] [--lang en|fr]
       riichi-lens pay --table [--dealer] [--tsumo] [--rules PRESET] [--option key=value] [--json] [--lang en|fr]

  --han N       fan of the hand (1 to ${MAX_HAN}; 5+ are limit hands)
  --fu N        minipoints: a row of the scoring tables (20 and 25 only where the tables have them, 30 to 110 in tens);
                ignored for 5+ fan (then, if given, 20 to ${MAX_FU})
  --dealer      the winner is East (the dealer)
  --tsumo       won by self-draw (default: on a discard)
  --honba N     counters on the table, 0 to ${MAX_COUNTERS} (+300 on a discard, +100 from each payer on a self-draw)
  --yakuman N   a yakuman (1), double yakuman (2), or more where the rules add yakuman up; refused beyond what the
                rules allow (EMA 2016 and WRC 2015 have no double yakuman); then without --han and --fu
  --rules R     rule preset (default ema); it decides kazoe (13+ fan), kiriage mangan and double yakuman:
${presetLines('      ')}
  --option key=value  change one rule option (repeatable), e.g. --option kiriageMangan=true or kazoeYakuman=false
                (every option: riichi-lens score --help)
  --table       the whole points table under the rules, for the winner and the way of winning given: 1-4 fan by
                fu (a cell marked * is already a mangan; - where the tables have no such hand), then the limit hands
  --json        print the payment object plus "limit" as JSON (with --table: the table as JSON)
  --lang en|fr  language of the answer (default en)
Only the cells of the scoring tables (A-1, and A-2 for 110 fu) are paid: 20 fu is a pinfu tsumo (2+ fan, self-draw only), 25 fu seven pairs
(2+ fan; 3+ by self-draw). Anything else is refused with the reason.
Exit status: 0 paid, 2 usage or a value outside the tables (stderr: "riichi-lens pay: CODE: message").`;

/** A whole-number option within [min, max]; outside, INVALID_INPUT naming the option, the value given and the range. */
function ranged(args: ParsedArgs, key: string, min: number, max: number, expected = `a whole number from ${min} to ${max}`): number | undefined {
  const v = intValue(args, key);
  if (v === undefined) return undefined;
  if (v < min || v > max) throw new EngineError('INVALID_INPUT', { field: `--${key}`, value: lastValue(args, key) ?? String(v), expected });
  return v;
}

/** The words of the answer in each language of --lang (the limit names are the engine's own, limitName). */
const PAY_WORDS = {
  en: {
    line: '{what}, {who}{limit}{counters}: {payment}',
    limit: ' — {name}',
    fanFu: '{han} fan {fu} fu',
    fan: '{han} fan',
    who: { dealerTsumo: 'dealer self-draw (tsumo)', dealerRon: 'dealer win on a discard (ron)', nonDealerTsumo: 'non-dealer self-draw (tsumo)', nonDealerRon: 'non-dealer win on a discard (ron)' },
    counters: ', {count} counter{plural}',
    discarderPays: 'the discarder pays {amount}',
    eachPays: 'each player pays {amount} (total {total})',
    dealerAndOthersPay: 'the dealer pays {dealer}, each other player pays {other} (total {total})',
    rules: 'Rules: {rules}',
    table: 'Points table, {who}, without counters. Rules: {rules}',
    tableShares: { ron: 'each cell: what the discarder pays', tsumo: 'each cell: each other player / the dealer', dealerTsumo: 'each cell: what each other player pays' },
    fanHead: '{fan} fan',
    limits: 'Limit hands (fu no longer count)',
    fanUp: '{min}+ fan',
    fanRange: '{range} fan',
    yakumanHands: 'yakuman hands',
    mangan: '* already a mangan',
    legend: '({shares}; {mangan})',
    addUp: 'Yakuman add up under these rules: two in one hand pay as a double yakuman, three as a triple, and so on.',
  },
  fr: {
    line: '{what}, {who}{limit}{counters}\u00a0: {payment}',
    limit: ' — {name}',
    fanFu: '{han} han {fu} minipoints',
    fan: '{han} han',
    who: {
      dealerTsumo: 'victoire du donneur sur pioche (tsumo)',
      dealerRon: 'victoire du donneur sur un écart (ron)',
      nonDealerTsumo: 'victoire d’un non-donneur sur pioche (tsumo)',
      nonDealerRon: 'victoire d’un non-donneur sur un écart (ron)',
    },
    counters: ', {count} compteur{pluriel}',
    discarderPays: 'le jeteur paie {amount}',
    eachPays: 'chaque joueur paie {amount} (total {total})',
    dealerAndOthersPay: 'le donneur paie {dealer}, chacun des deux autres paie {other} (total {total})',
    rules: 'Règles\u00a0: {rules}',
    table: 'Table des points, {who}, sans compteurs. Règles\u00a0: {rules}',
    tableShares: { ron: 'chaque case\u00a0: ce que paie le jeteur', tsumo: 'chaque case\u00a0: chaque autre joueur / le donneur', dealerTsumo: 'chaque case\u00a0: ce que paie chaque autre joueur' },
    fanHead: '{fan} han',
    limits: 'Mains limites (les minipoints ne comptent plus)',
    fanUp: '{min} han et plus',
    fanRange: '{range} han',
    yakumanHands: 'mains yakuman',
    mangan: '* déjà un mangan',
    legend: '({shares}\u00a0; {mangan})',
    addUp: 'Selon ces règles, les yakuman s’additionnent\u00a0: deux dans une main paient un double yakuman, trois un triple, etc.',
  },
} as const;
type PayWords = (typeof PAY_WORDS)[keyof typeof PAY_WORDS];

function describe(p: Payment, w: PayWords): string {
  if ('from_discarder' in p) return fillTemplate(w.discarderPays, { amount: p.from_discarder });
  if (p.from_dealer === undefined) return fillTemplate(w.eachPays, { amount: p.from_each_non_dealer, total: paymentTotal(p) });
  return fillTemplate(w.dealerAndOthersPay, { dealer: p.from_dealer, other: p.from_each_non_dealer, total: paymentTotal(p) });
}

/** A cell as the table prints it: 7700 on a discard, 2000/3900 by a non-dealer's self-draw, 3900 by the dealer's. */
function shareText(share: Payment): string {
  if ('from_discarder' in share) return String(share.from_discarder);
  return share.from_dealer === undefined ? String(share.from_each_non_dealer) : `${share.from_each_non_dealer}/${share.from_dealer}`;
}

/** `pay --table`: the points table as text lines (columns padded), or as JSON. */
function tableLines(rules: ResolvedRules, dealer: boolean, tsumo: boolean, w: PayWords, lang: 'en' | 'fr'): string[] {
  const t = pointsTable(rules, dealer, tsumo);
  const who = w.who[`${dealer ? 'dealer' : 'nonDealer'}${tsumo ? 'Tsumo' : 'Ron'}`];
  const shares = tsumo ? (dealer ? w.tableShares.dealerTsumo : w.tableShares.tsumo) : w.tableShares.ron;
  const rows: string[][] = [['fu', ...t.fan.map((fan) => fillTemplate(w.fanHead, { fan }))]];
  t.fu.forEach((fu, i) => rows.push([String(fu), ...t.cells[i]!.map((c) => (c.share ? `${shareText(c.share)}${c.limit ? '*' : ''}` : '-'))]));
  const widths = rows[0]!.map((_, j) => Math.max(...rows.map((r) => r[j]!.length)));
  const grid = rows.map((r) => r.map((v, j) => (j === 0 ? v.padEnd(widths[j]!) : v.padStart(widths[j]! + 2))).join('').trimEnd());
  const limitRows = t.limits.map((l) => [
    limitName(l.limit, lang),
    l.minFan === null ? w.yakumanHands : l.maxFan === null ? fillTemplate(w.fanUp, { min: l.minFan }) : fillTemplate(w.fanRange, { range: l.minFan === l.maxFan ? String(l.minFan) : `${l.minFan}-${l.maxFan}` }),
    shareText(l.share),
  ]);
  const lw = [0, 1].map((j) => Math.max(...limitRows.map((r) => r[j]!.length)));
  return [
    fillTemplate(w.table, { who, rules: rules.label }),
    fillTemplate(w.legend, { shares, mangan: w.mangan }),
    ...grid,
    '',
    w.limits,
    ...limitRows.map((r) => `${r[0]!.padEnd(lw[0]! + 2)}${r[1]!.padEnd(lw[1]! + 2)}${r[2]}`),
    ...(t.yakumanAddUp ? [w.addUp] : []),
  ];
}

export async function run(argv: string[]): Promise<number> {
  // the language of the answer, and of an engine error once --lang has been read
  let lang: 'en' | 'fr' = 'en';
  try {
    const args = parseArgs(argv, ['han', 'fu', 'honba', 'yakuman', 'rules', 'option', 'lang'], ['dealer', 'tsumo', 'json', 'help', 'table']);
    if (args.flags.has('help')) {
      console.log(USAGE);
      return 0;
    }
    if (args.positionals.length) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    lang = langValue(args);
    const w = PAY_WORDS[lang];
    const dealer = args.flags.has('dealer');
    const tsumo = args.flags.has('tsumo');
    if (args.flags.has('table')) {
      const one = ['han', 'fu', 'honba', 'yakuman'].find((k) => lastValue(args, k) !== undefined);
      if (one) throw new UsageError(`--table prints every cell: --${one} has no place in it`);
      const rules = rulesFrom(args);
      console.log(args.flags.has('json') ? JSON.stringify(pointsTable(rules, dealer, tsumo)) : tableLines(rules, dealer, tsumo, w, lang).join('\n'));
      return 0;
    }
    const yakuman = ranged(args, 'yakuman', 1, 6, '1 to 6 (a yakuman, a double yakuman, or more where the rules add yakuman up)') ?? 0;
    // a yakuman is paid as its limit: fan and fu given beside it could only be ignored
    const beside = yakuman ? ['han', 'fu'].find((k) => lastValue(args, k) !== undefined) : undefined;
    if (beside) throw new UsageError(`--yakuman pays the limit whatever the fan and fu: --${beside} has no place beside it`);
    const han = ranged(args, 'han', 1, MAX_HAN);
    const fu = ranged(args, 'fu', 20, MAX_FU, han !== undefined && han < 5 ? 'a row of the scoring tables: 20, 25, or 30 to 110 fu in tens' : `20 to ${MAX_FU}`);
    if (!yakuman && han === undefined) throw new UsageError('--han is required');
    if (!yakuman && fu === undefined && (han ?? 0) < 5) throw new UsageError('--fu is required below 5 fan');
    if (!yakuman && han !== undefined && fu !== undefined) {
      const why = missingTableCell(han, fu, tsumo);
      if (why) throw new EngineError('INVALID_INPUT', { field: '--fu', value: `${fu} with ${han} fan${tsumo ? ' by self-draw' : ' on a discard'}`, expected: why });
      if (fu !== 25 && fu % 10 !== 0) throw new EngineError('INVALID_INPUT', { field: '--fu', value: String(fu), expected: `20, 25 or a multiple of 10 up to ${MAX_FU}` });
    }
    const rules = rulesFrom(args);
    const honba = ranged(args, 'honba', 0, MAX_COUNTERS, `a whole number from 0 to ${MAX_COUNTERS} (the most "score" accepts)`) ?? 0;
    const p = payment({ han: han ?? 13, fu: fu ?? 30, dealer, tsumo, honba, yakuman }, rules);
    const { limit, ...pay } = p;
    if (args.flags.has('json')) {
      console.log(JSON.stringify({ ...pay, limit }));
      return 0;
    }
    // the limit as the explained score names it ("triple yakuman", not the JSON's triple_yakuman); a yakuman asked
    // for by --yakuman is its own name, so it is not said twice
    const name = limit ? limitName(limit, lang).toLowerCase() : '';
    const what = yakuman ? name : fillTemplate((han ?? 0) < 5 ? w.fanFu : w.fan, { han: han ?? 13, fu: fu ?? 30 });
    const who = w.who[`${dealer ? 'dealer' : 'nonDealer'}${tsumo ? 'Tsumo' : 'Ron'}`];
    const counters = honba ? fillTemplate(w.counters, { count: honba }) : '';
    console.log(fillTemplate(w.line, { what, who, limit: limit && !yakuman ? fillTemplate(w.limit, { name }) : '', counters, payment: describe(pay, w) }));
    console.log(fillTemplate(w.rules, { rules: rules.label }));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(usageErrorText('riichi-lens pay', e.message, USAGE, 'riichi-lens pay --help'));
      return 2;
    }
    if (e instanceof EngineError) {
      console.error(`riichi-lens pay: ${e.code}: ${errorMessage(e.code, e.params, lang)}`);
      return 2;
    }
    throw e;
  }
}
