/**
 * Rule options and presets (../../../shared/rules/RULES.md "Presets"; sources of each value in docs/rules.md).
 * A preset is only a named set of options, one per rule book; every option can be set on its own.
 * Everything here is data: the option table says what each option is and which values it takes, the preset
 * table gives every option's value per rule book. Look-ups of user-given names go through `Object.hasOwn`, so
 * `constructor`, `__proto__` or `toString` are unknown names, not inherited properties.
 */
import { EngineError } from './errors.ts';

export interface RuleOptions {
  /** Red fives (0m 0p 0s) each count one dora; otherwise a red five is scored as a plain five. */
  redFivesAreDora: boolean;
  /**
   * Red fives in the set: 3 (one 5m, one 5p, one 5s) or 4 (one 5m, two 5p, one 5s, as some sets have). A hand
   * (with its dora indicators) holding more red fives of a suit than the set has is refused, and the photo reading
   * never reads more.
   */
  redFivesInSet: 3 | 4;
  /** Tanyao counts with an open hand (1 fan). */
  openTanyao: boolean;
  /** 13+ fan from yaku and dora score a yakuman (kazoe); otherwise sanbaiman. */
  kazoeYakuman: boolean;
  /** Renhou: a non-cumulative mangan, a yakuman, or not a yaku at all. */
  renhou: 'mangan' | 'yakuman' | 'none';
  /** Daisuushii scores a double yakuman. */
  daisuushiiDouble: boolean;
  /** Kokushi on a 13-sided wait, suuankou on a single wait and junsei chuuren (9-sided wait) are double yakuman. */
  doubleYakumanWaits: boolean;
  /** Several yakuman in one hand add up (e.g. tsuuiisou + daisangen = double yakuman); otherwise the best one counts. */
  yakumanStacking: boolean;
  /** Kiriage mangan: 4 fan 30 fu and 3 fan 60 fu are paid as a mangan. */
  kiriageMangan: boolean;
  /** Minipoints of a pair of a wind that is both the seat and the round wind: 4 (2 + 2) or 2. */
  doubleWindPairFu: 4 | 2;
  /**
   * Several winners on one discard: `head-bump` pays only the winner nearest the discarder in turn order;
   * `each-winner` pays every winner (two or three); `double-ron` pays two winners, and three winners make an
   * abortive draw (sanchahou).
   */
  multipleRon: 'head-bump' | 'each-winner' | 'double-ron';
  /**
   * With several winners paid: `each-winner`: each gets the counters and its own riichi bet back, the other bets go
   * to the winner nearest the discarder's right; `nearest-winner`: counters and every bet go to the nearest winner.
   */
  multipleRonExtras: 'each-winner' | 'nearest-winner';
  /** Riichi bets still on the table at the end of the game: they stay there, or go to the player in first place. */
  riichiBetsAtEnd: 'stay' | 'first-place';
  /** At least 2 fan from yaku (dora excluded) when 5 or more counters are on the table. */
  minTwoFanWithFiveCounters: boolean;
  /** Nagashi mangan at an exhaustive draw (paid as a mangan tsumo). */
  nagashiMangan: boolean;
  /**
   * Chombo: `deduction` takes the setup's chombo penalty (20,000 points) from the offender's final score after
   * uma, nothing is paid at the table; `reverse-mangan` is a mangan paid at the table (4,000 to East and 2,000 to
   * each other player; an East offender pays 4,000 to each).
   */
  chombo: 'deduction' | 'reverse-mangan';
  /** Liability (pao) for Daisangen and Daisuushii: the player who fed the third dragon / fourth wind set pays. */
  pao: boolean;
  /** Under pao, on a ron by another player: who pays the counters (the discarder, or the liable player). */
  paoCounters: 'discarder' | 'liable';
  /** Pao also for Suukantsu: the player whose discard was called for the fourth kong (an open kong) is liable. */
  paoSuukantsu: boolean;
  /**
   * Pao in a hand of several yakuman (yakumanStacking, or a double pao yakuman with another one): `whole-hand`: the
   * liable player pays (or shares) the whole hand; `pao-yakuman`: only the pao yakuman's part, the rest of the hand is
   * paid as usual (by the discarder, or by all three on a self-draw).
   */
  paoStackedYakuman: 'whole-hand' | 'pao-yakuman';
  /** Abortive draws (nine terminals, four winds, four riichi, four kongs, three ron) end a hand: counter +1, East stays. */
  abortiveDraws: boolean;
  /** Agari-yame: the game ends when East, first in the last hand, wins it or is tenpai at its exhaustive draw. */
  agariYame: boolean;
  /** A player below zero points ends the game (bust). */
  bust: boolean;
  /**
   * Sudden death: when nobody has the target points at the end of the South round, the game goes on into the West
   * round, and ends after the first hand at whose end a player has them (or when the West round ends).
   */
  westRound: boolean;
  /** The points a player needs for the game to end after South 4 or a hand of the West round (rules.westRound). */
  targetPoints: number;
  /** Uma for 1st..4th place, in thousands of points. */
  uma: [number, number, number, number];
  /** Starting points of each player. */
  startingPoints: number;
  /** Points every score is counted from ("return"); the difference to the start, four times, is first place's oka. */
  returnPoints: number;
  /** Players with equal points: share their places' uma (and oka), or are ranked by seat (first East first). */
  tiedPlaces: 'split' | 'seat-order';
  /** Total paid by noten players to tenpai players at an exhaustive draw. */
  notenPaymentTotal: number;
}

export type PresetName = 'ema' | 'ema2012' | 'wrc2015' | 'mahjongsoul' | 'tenhou' | 'mleague';

type OptionKey = keyof RuleOptions;

/** What one option is: its values, and the words a player reads (label; a value's wording in rule names). */
type OptionSpec =
  | { kind: 'boolean'; label: string; scope: 'hand' | 'game' }
  | { kind: 'choice'; values: readonly string[]; label: string; scope: 'hand' | 'game' }
  | { kind: 'number'; values?: readonly number[]; label: string; scope: 'hand' | 'game' }
  | { kind: 'uma'; label: string; scope: 'game' };

/** Every option: `hand` options change a hand's score, `game` options the ledger. */
export const RULE_OPTIONS: Readonly<Record<OptionKey, OptionSpec>> = Object.freeze({
  redFivesAreDora: { kind: 'boolean', label: 'red fives count as dora', scope: 'hand' },
  redFivesInSet: { kind: 'number', values: [3, 4], label: 'red fives in the set', scope: 'hand' },
  openTanyao: { kind: 'boolean', label: 'open tanyao', scope: 'hand' },
  kazoeYakuman: { kind: 'boolean', label: '13+ fan is a yakuman (kazoe)', scope: 'hand' },
  renhou: { kind: 'choice', values: ['mangan', 'yakuman', 'none'], label: 'renhou', scope: 'hand' },
  daisuushiiDouble: { kind: 'boolean', label: 'daisuushii is a double yakuman', scope: 'hand' },
  doubleYakumanWaits: { kind: 'boolean', label: 'double yakuman for kokushi 13-wait, suuankou tanki, junsei chuuren', scope: 'hand' },
  yakumanStacking: { kind: 'boolean', label: 'several yakuman add up', scope: 'hand' },
  kiriageMangan: { kind: 'boolean', label: 'kiriage mangan (4-30, 3-60)', scope: 'hand' },
  doubleWindPairFu: { kind: 'number', values: [4, 2], label: 'double-wind pair fu', scope: 'hand' },
  multipleRon: { kind: 'choice', values: ['head-bump', 'each-winner', 'double-ron'], label: 'several winners on one discard', scope: 'game' },
  multipleRonExtras: { kind: 'choice', values: ['each-winner', 'nearest-winner'], label: 'counters and bets with several winners', scope: 'game' },
  riichiBetsAtEnd: { kind: 'choice', values: ['stay', 'first-place'], label: 'riichi bets left at the end', scope: 'game' },
  minTwoFanWithFiveCounters: { kind: 'boolean', label: '2 fan minimum with 5+ counters', scope: 'hand' },
  nagashiMangan: { kind: 'boolean', label: 'nagashi mangan', scope: 'game' },
  chombo: { kind: 'choice', values: ['deduction', 'reverse-mangan'], label: 'chombo', scope: 'game' },
  pao: { kind: 'boolean', label: 'pao (liability) for daisangen / daisuushii', scope: 'game' },
  paoCounters: { kind: 'choice', values: ['discarder', 'liable'], label: 'counters under pao paid by', scope: 'game' },
  paoSuukantsu: { kind: 'boolean', label: 'pao for suukantsu', scope: 'game' },
  paoStackedYakuman: { kind: 'choice', values: ['whole-hand', 'pao-yakuman'], label: 'pao with several yakuman covers', scope: 'game' },
  abortiveDraws: { kind: 'boolean', label: 'abortive draws', scope: 'game' },
  agariYame: { kind: 'boolean', label: 'agari-yame', scope: 'game' },
  bust: { kind: 'boolean', label: 'bust (below zero) ends the game', scope: 'game' },
  westRound: { kind: 'boolean', label: 'West round (sudden death) when nobody has the target points', scope: 'game' },
  targetPoints: { kind: 'number', label: 'target points (West round)', scope: 'game' },
  uma: { kind: 'uma', label: 'uma', scope: 'game' },
  startingPoints: { kind: 'number', label: 'starting points', scope: 'game' },
  returnPoints: { kind: 'number', label: 'return points', scope: 'game' },
  tiedPlaces: { kind: 'choice', values: ['split', 'seat-order'], label: 'tied places', scope: 'game' },
  notenPaymentTotal: { kind: 'number', label: 'noten payments (total)', scope: 'game' },
} satisfies Record<OptionKey, OptionSpec>);

/** The name of a rule book in player words, one line about it, and the book it follows. */
export interface PresetInfo {
  /** Short name a player knows: "EMA 2016". */
  label: string;
  /** One line for `--help` and the rules picker. */
  summary: string;
}

export const PRESET_INFO: Readonly<Record<PresetName, PresetInfo>> = Object.freeze({
  ema: { label: 'EMA 2016', summary: 'EMA Riichi Competition Rules 2016, the default: red fives count as plain fives, open tanyao, each of several winners paid, leftover bets to first place' },
  ema2012: { label: 'EMA 2012', summary: 'EMA Riichi Competition Rules 2012: red fives, closed tanyao only, kazoe yakuman, nagashi mangan, chombo a reverse mangan' },
  wrc2015: { label: 'WRC 2015', summary: 'World Riichi Championship rules 2015: head bump, leftover bets stay on the table' },
  mahjongsoul: { label: 'Mahjong Soul', summary: 'ranked games online: 3 red fives, double yakuman, triple ron, 25,000 start (no oka), West round below 30,000, bust' },
  tenhou: { label: 'Tenhou', summary: 'ranked games online: 3 red fives, double ron (triple ron aborts), 25,000 / 30,000, uma 20/10, West round below 30,000, bust, agari-yame' },
  mleague: { label: 'M-League', summary: 'Japanese professional league: 3 red fives, kiriage mangan, head bump, 25,000 / 30,000, uma 30/10, no bust' },
});

/** Every option of every preset (sources: docs/rules.md). */
export const PRESETS: Readonly<Record<PresetName, Readonly<RuleOptions>>> = Object.freeze({
  ema: {
    redFivesAreDora: false,
    redFivesInSet: 3,
    openTanyao: true,
    kazoeYakuman: false,
    renhou: 'mangan',
    daisuushiiDouble: false,
    doubleYakumanWaits: false,
    yakumanStacking: false,
    kiriageMangan: false,
    doubleWindPairFu: 4,
    multipleRon: 'each-winner',
    multipleRonExtras: 'each-winner',
    riichiBetsAtEnd: 'first-place',
    minTwoFanWithFiveCounters: false,
    nagashiMangan: false,
    chombo: 'deduction',
    pao: true,
    paoCounters: 'discarder',
    paoSuukantsu: false,
    paoStackedYakuman: 'whole-hand',
    abortiveDraws: false,
    agariYame: false,
    bust: false,
    westRound: false,
    targetPoints: 30000,
    uma: [15, 5, -5, -15],
    startingPoints: 30000,
    returnPoints: 30000,
    tiedPlaces: 'split',
    notenPaymentTotal: 3000,
  },
  ema2012: {
    redFivesAreDora: true,
    redFivesInSet: 3,
    openTanyao: false,
    kazoeYakuman: true,
    renhou: 'yakuman',
    daisuushiiDouble: true,
    doubleYakumanWaits: false,
    yakumanStacking: false,
    kiriageMangan: false,
    doubleWindPairFu: 4,
    multipleRon: 'each-winner',
    multipleRonExtras: 'each-winner',
    riichiBetsAtEnd: 'stay',
    minTwoFanWithFiveCounters: true,
    nagashiMangan: true,
    chombo: 'reverse-mangan',
    pao: true,
    paoCounters: 'discarder',
    paoSuukantsu: false,
    paoStackedYakuman: 'whole-hand',
    abortiveDraws: true,
    agariYame: false,
    bust: false,
    westRound: false,
    targetPoints: 30000,
    uma: [15, 5, -5, -15],
    startingPoints: 30000,
    returnPoints: 30000,
    tiedPlaces: 'split',
    notenPaymentTotal: 3000,
  },
  wrc2015: {
    redFivesAreDora: false,
    redFivesInSet: 3,
    openTanyao: true,
    kazoeYakuman: false,
    renhou: 'mangan',
    daisuushiiDouble: false,
    doubleYakumanWaits: false,
    yakumanStacking: false,
    kiriageMangan: false,
    doubleWindPairFu: 4,
    multipleRon: 'head-bump',
    multipleRonExtras: 'nearest-winner',
    riichiBetsAtEnd: 'stay',
    minTwoFanWithFiveCounters: false,
    nagashiMangan: false,
    chombo: 'deduction',
    pao: true,
    paoCounters: 'discarder',
    paoSuukantsu: false,
    paoStackedYakuman: 'whole-hand',
    abortiveDraws: false,
    agariYame: false,
    bust: false,
    westRound: false,
    targetPoints: 30000,
    uma: [15, 5, -5, -15],
    startingPoints: 30000,
    returnPoints: 30000,
    tiedPlaces: 'split',
    notenPaymentTotal: 3000,
  },
  mahjongsoul: {
    redFivesAreDora: true,
    redFivesInSet: 3,
    openTanyao: true,
    kazoeYakuman: true,
    renhou: 'none',
    daisuushiiDouble: true,
    doubleYakumanWaits: true,
    yakumanStacking: true,
    kiriageMangan: false,
    doubleWindPairFu: 4,
    multipleRon: 'each-winner',
    multipleRonExtras: 'nearest-winner',
    riichiBetsAtEnd: 'first-place',
    minTwoFanWithFiveCounters: false,
    nagashiMangan: true,
    chombo: 'reverse-mangan',
    pao: true,
    paoCounters: 'liable',
    paoSuukantsu: false,
    paoStackedYakuman: 'pao-yakuman',
    abortiveDraws: true,
    agariYame: true,
    bust: true,
    westRound: true,
    targetPoints: 30000,
    uma: [15, 5, -5, -15],
    startingPoints: 25000,
    returnPoints: 25000,
    tiedPlaces: 'seat-order',
    notenPaymentTotal: 3000,
  },
  tenhou: {
    redFivesAreDora: true,
    redFivesInSet: 3,
    openTanyao: true,
    kazoeYakuman: true,
    renhou: 'none',
    daisuushiiDouble: false,
    doubleYakumanWaits: false,
    yakumanStacking: true,
    kiriageMangan: false,
    doubleWindPairFu: 4,
    multipleRon: 'double-ron',
    multipleRonExtras: 'nearest-winner',
    riichiBetsAtEnd: 'first-place',
    minTwoFanWithFiveCounters: false,
    nagashiMangan: true,
    chombo: 'reverse-mangan',
    pao: true,
    paoCounters: 'liable',
    paoSuukantsu: false,
    paoStackedYakuman: 'whole-hand',
    abortiveDraws: true,
    agariYame: true,
    bust: true,
    westRound: true,
    targetPoints: 30000,
    uma: [20, 10, -10, -20],
    startingPoints: 25000,
    returnPoints: 30000,
    tiedPlaces: 'seat-order',
    notenPaymentTotal: 3000,
  },
  mleague: {
    redFivesAreDora: true,
    redFivesInSet: 3,
    openTanyao: true,
    kazoeYakuman: false,
    renhou: 'none',
    daisuushiiDouble: false,
    doubleYakumanWaits: false,
    yakumanStacking: true,
    kiriageMangan: true,
    doubleWindPairFu: 2,
    multipleRon: 'head-bump',
    multipleRonExtras: 'nearest-winner',
    riichiBetsAtEnd: 'first-place',
    minTwoFanWithFiveCounters: false,
    nagashiMangan: true,
    chombo: 'deduction',
    pao: true,
    paoCounters: 'liable',
    paoSuukantsu: false,
    paoStackedYakuman: 'pao-yakuman',
    abortiveDraws: false,
    agariYame: false,
    bust: false,
    westRound: false,
    targetPoints: 30000,
    uma: [30, 10, -10, -30],
    startingPoints: 25000,
    returnPoints: 30000,
    tiedPlaces: 'split',
    notenPaymentTotal: 3000,
  },
} satisfies Record<PresetName, RuleOptions>);

export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];
export const OPTION_KEYS = Object.keys(RULE_OPTIONS) as OptionKey[];

/** True for a preset's own name (not `constructor`, `__proto__`, ...). */
export function isPresetName(name: unknown): name is PresetName {
  return typeof name === 'string' && Object.hasOwn(PRESETS, name);
}

/** True for an option's own name. */
export function isOptionKey(key: unknown): key is OptionKey {
  return typeof key === 'string' && Object.hasOwn(RULE_OPTIONS, key);
}

/** Rules as used by a computation: every option plus names that say which rules they are. */
export interface ResolvedRules extends RuleOptions {
  /** Id: `ema`, `ema2012`, or a preset with its changed options, e.g. `ema (openTanyao=false)`. */
  name: string;
  /** The preset the options start from. */
  preset: PresetName;
  /** In player words: `EMA 2016`, `EMA 2016 (open tanyao: off)`. */
  label: string;
}

/** What callers may pass: a preset name, options (optionally with `preset` to start from), or resolved rules. */
export type RulesLike = PresetName | string | (Partial<RuleOptions> & { preset?: PresetName; name?: string; label?: string }) | ResolvedRules | undefined;

/** The largest number a point option (starting and return points) takes; a game's points stay exact far below 2^53. */
export const MAX_OPTION_POINTS = 1_000_000;

/** Whether `value` is one the option takes. */
export function validOption(key: OptionKey, value: unknown): boolean {
  const spec = RULE_OPTIONS[key];
  switch (spec.kind) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'choice':
      return typeof value === 'string' && spec.values.includes(value);
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value)) return false;
      return spec.values ? spec.values.includes(value) : value >= 0 && value <= MAX_OPTION_POINTS;
    case 'uma':
      return Array.isArray(value) && value.length === 4 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
  }
}

/** The values an option takes, in words for a usage line: `true|false`, `mangan|yakuman|none`, `4|2`, `four numbers, e.g. 15/5/-5/-15`. */
export function optionValuesText(key: OptionKey): string {
  const spec = RULE_OPTIONS[key];
  if (spec.kind === 'boolean') return 'true|false';
  if (spec.kind === 'choice') return spec.values.join('|');
  if (spec.kind === 'uma') return 'four numbers, e.g. 15/5/-5/-15';
  return spec.values ? spec.values.join('|') : 'points';
}

function valueText(value: unknown): string {
  return Array.isArray(value) ? value.join('/') : String(value);
}

/** One changed option in player words: `open tanyao: off`, `uma: 20/10/-10/-20`. */
export function optionPhrase(key: OptionKey, value: unknown): string {
  const spec = RULE_OPTIONS[key];
  const v = typeof value === 'boolean' ? (value ? 'on' : 'off') : valueText(value);
  return `${spec.label}: ${v}`;
}

/** The player-words name of a preset id (the id itself when unknown). */
export function presetLabel(name: string): string {
  return isPresetName(name) ? PRESET_INFO[name].label : name;
}

const cache = new Map<string, ResolvedRules>();
/** Rules this function resolved (frozen): given back to it, as the command line does for every line, they are used as they are. */
const resolved = new WeakSet<object>();

function unknownRules(name: string): EngineError {
  return new EngineError('UNKNOWN_RULES', { name, known: PRESET_NAMES.join(', ') });
}

/**
 * Resolve a preset name or partial options into complete rules. Unknown preset names or option values
 * throw an `EngineError` with code `UNKNOWN_RULES` (scoreHand turns it into an error result). Keys of an options
 * object that are not options (`name`, `label`, ...) are ignored.
 */
export function resolveRules(rules?: RulesLike): ResolvedRules {
  if (rules === undefined || rules === null) rules = 'ema';
  if (typeof rules === 'string') {
    const hit = cache.get(rules);
    if (hit) return hit;
    if (!isPresetName(rules)) throw unknownRules(rules);
    const p = PRESETS[rules];
    const r: ResolvedRules = Object.freeze({ ...p, uma: [...p.uma] as RuleOptions['uma'], name: rules, preset: rules, label: PRESET_INFO[rules].label });
    cache.set(rules, r);
    resolved.add(r);
    return r;
  }
  // an array ("rules":[]) or null is no rule set, not the default one
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) throw unknownRules(Array.isArray(rules) ? JSON.stringify(rules) : String(rules));
  if (resolved.has(rules)) return rules as ResolvedRules;
  const presetName = Object.hasOwn(rules, 'preset') && rules.preset !== undefined ? rules.preset : 'ema';
  if (!isPresetName(presetName)) throw unknownRules(String(presetName));
  const base = PRESETS[presetName];
  const out: ResolvedRules = { ...base, uma: [...base.uma], name: presetName, preset: presetName, label: PRESET_INFO[presetName].label };
  const changed: string[] = [];
  const phrases: string[] = [];
  for (const key of OPTION_KEYS) {
    if (!Object.hasOwn(rules, key)) continue;
    const v = (rules as Partial<RuleOptions>)[key];
    if (v === undefined) continue;
    if (!validOption(key, v)) throw unknownRules(`${key}=${JSON.stringify(v)}`);
    (out as unknown as Record<string, unknown>)[key] = Array.isArray(v) ? [...v] : v;
    if (JSON.stringify(v) !== JSON.stringify(base[key])) {
      changed.push(`${key}=${valueText(v)}`);
      phrases.push(optionPhrase(key, v));
    }
  }
  out.name = changed.length ? `${presetName} (${changed.join(', ')})` : presetName;
  out.label = phrases.length ? `${PRESET_INFO[presetName].label} (${phrases.join(', ')})` : PRESET_INFO[presetName].label;
  Object.freeze(out);
  resolved.add(out);
  return out;
}

/** The options whose value differs from their preset's, in the option table's order (what a rules label names). */
export function changedOptions(rules: ResolvedRules): OptionKey[] {
  const base = PRESETS[rules.preset];
  return OPTION_KEYS.filter((k) => JSON.stringify(rules[k]) !== JSON.stringify(base[k]));
}

/** The player-words name of rules given any way resolveRules takes them. */
export function rulesLabel(rules: RulesLike): string {
  return resolveRules(rules).label;
}

/** Most yakuman one hand can be worth under these rules (for the payment lookup): 1, 2, or 6 with stacking. */
export function maxYakuman(rules: RuleOptions): number {
  if (rules.yakumanStacking) return 6;
  return rules.daisuushiiDouble || rules.doubleYakumanWaits ? 2 : 1;
}

/** The options that reproduce a game stored before an option existed: each new option off (the old behaviour). */
export const OPTIONS_BEFORE_PRESETS_BY_BOOK: Readonly<Partial<RuleOptions>> = Object.freeze({
  doubleYakumanWaits: false,
  yakumanStacking: false,
  kiriageMangan: false,
  doubleWindPairFu: 4,
  multipleRonExtras: 'each-winner',
  riichiBetsAtEnd: 'stay',
  chombo: 'deduction',
  pao: false,
  paoCounters: 'discarder',
  paoSuukantsu: false,
  paoStackedYakuman: 'whole-hand',
  abortiveDraws: false,
  agariYame: false,
  bust: false,
  westRound: false,
  targetPoints: 30000,
  tiedPlaces: 'split',
  redFivesInSet: 3,
} satisfies Partial<RuleOptions>);
