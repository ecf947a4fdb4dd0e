// The rules in player words, in the app's language: the preset's name (a proper name, "EMA 2016", the same in every
// language) and, for custom rules, each option changed from it ("EMA 2016 (tanyao ouvert : non)"). The words are
// data, one table per language; every option of the engine's table must have its words (typed, and tested).
import { changedOptions, isPresetName, OPTION_KEYS, PRESET_INFO, resolveRules, type PresetName, type RuleOptions, type RulesLike } from '../../engine/index.ts';
import { points, type Lang } from './index.ts';

type OptionKey = keyof RuleOptions;

export interface RuleWords {
  /** What each option is, as it reads in a rules label. */
  options: Readonly<Record<OptionKey, string>>;
  /** A boolean option switched on / off. */
  on: string;
  off: string;
  /** A choice option's value, keyed `option.value` (numbers and uma are written as they are). */
  values: Readonly<Record<string, string>>;
  /** Between an option and its value; around the list of changed options. */
  colon: string;
  /** Each rule book in one line (the rules picker's tooltip); the English lines are the engine's PRESET_INFO. */
  summaries: Readonly<Record<PresetName, string>>;
}

const ENGLISH_SUMMARIES = Object.fromEntries(Object.entries(PRESET_INFO).map(([name, info]) => [name, info.summary])) as Record<PresetName, string>;

export const RULE_WORDS: Readonly<Record<Lang, RuleWords>> = {
  en: {
    options: {
      redFivesAreDora: 'red fives count as dora',
      redFivesInSet: 'red fives in the set',
      openTanyao: 'open tanyao',
      kazoeYakuman: '13+ fan is a yakuman (kazoe)',
      renhou: 'renhou',
      daisuushiiDouble: 'daisuushii is a double yakuman',
      doubleYakumanWaits: 'double yakuman for kokushi 13-wait, suuankou tanki, junsei chuuren',
      yakumanStacking: 'several yakuman add up',
      kiriageMangan: 'kiriage mangan (4-30, 3-60)',
      doubleWindPairFu: 'double-wind pair fu',
      multipleRon: 'several winners on one discard',
      multipleRonExtras: 'counters and bets with several winners',
      riichiBetsAtEnd: 'riichi bets left at the end',
      minTwoFanWithFiveCounters: '2 fan minimum with 5+ counters',
      nagashiMangan: 'nagashi mangan',
      chombo: 'chombo',
      pao: 'pao (liability) for daisangen / daisuushii',
      paoCounters: 'counters under pao paid by',
      paoSuukantsu: 'pao for suukantsu',
      paoStackedYakuman: 'pao with several yakuman covers',
      abortiveDraws: 'abortive draws',
      agariYame: 'agari-yame',
      bust: 'bust (below zero) ends the game',
      westRound: 'West round (sudden death) when nobody has the target points',
      targetPoints: 'target points (West round)',
      uma: 'uma',
      startingPoints: 'starting points',
      returnPoints: 'return points',
      tiedPlaces: 'tied places',
      notenPaymentTotal: 'noten payments (total)',
    },
    on: 'on',
    off: 'off',
    values: {
      'renhou.mangan': 'mangan',
      'renhou.yakuman': 'yakuman',
      'renhou.none': 'not a yaku',
      'multipleRon.head-bump': 'head bump',
      'multipleRon.each-winner': 'each winner paid',
      'multipleRon.double-ron': 'double ron (three abort)',
      'multipleRonExtras.each-winner': 'to each winner',
      'multipleRonExtras.nearest-winner': 'to the nearest winner',
      'riichiBetsAtEnd.stay': 'stay on the table',
      'riichiBetsAtEnd.first-place': 'to first place',
      'chombo.deduction': '20,000 after uma',
      'chombo.reverse-mangan': 'reverse mangan',
      'paoCounters.discarder': 'the discarder',
      'paoCounters.liable': 'the liable player',
      'paoStackedYakuman.whole-hand': 'the whole hand',
      'paoStackedYakuman.pao-yakuman': 'the pao yakuman only',
      'tiedPlaces.split': 'share',
      'tiedPlaces.seat-order': 'by seat',
    },
    colon: ': ',
    summaries: ENGLISH_SUMMARIES,
  },
  fr: {
    options: {
      redFivesAreDora: '5 rouges comptés comme dora',
      redFivesInSet: '5 rouges dans le jeu',
      openTanyao: 'tanyao ouvert',
      kazoeYakuman: '13 han et plus font un yakuman (kazoe)',
      renhou: 'renhou',
      daisuushiiDouble: 'daisuushii double yakuman',
      doubleYakumanWaits: 'double yakuman\u00a0: kokushi 13 attentes, suuankou tanki, junsei chuuren',
      yakumanStacking: 'plusieurs yakuman s’additionnent',
      kiriageMangan: 'kiriage mangan (4-30, 3-60)',
      doubleWindPairFu: 'minipoints d’une paire de vent double',
      multipleRon: 'plusieurs gagnants sur un écart',
      multipleRonExtras: 'compteurs et mises avec plusieurs gagnants',
      riichiBetsAtEnd: 'mises de riichi restant à la fin',
      minTwoFanWithFiveCounters: '2 han minimum avec 5 compteurs ou plus',
      nagashiMangan: 'nagashi mangan',
      chombo: 'chombo',
      pao: 'pao (responsabilité) pour daisangen / daisuushii',
      paoCounters: 'compteurs sous pao payés par',
      paoSuukantsu: 'pao pour le suukantsu',
      paoStackedYakuman: 'pao avec plusieurs yakuman',
      abortiveDraws: 'parties avortées',
      agariYame: 'agari-yame',
      bust: 'un joueur sous zéro termine la partie',
      westRound: 'tour Ouest (mort subite) si personne n’a les points visés',
      targetPoints: 'points visés (tour Ouest)',
      uma: 'uma',
      startingPoints: 'points de départ',
      returnPoints: 'points de retour',
      tiedPlaces: 'places à égalité',
      notenPaymentTotal: 'paiements noten (total)',
    },
    on: 'oui',
    off: 'non',
    values: {
      'renhou.mangan': 'mangan',
      'renhou.yakuman': 'yakuman',
      'renhou.none': 'pas un yaku',
      'multipleRon.head-bump': 'le plus proche seul (atamahane)',
      'multipleRon.each-winner': 'chaque gagnant payé',
      'multipleRon.double-ron': 'double ron (trois\u00a0: donne annulée)',
      'multipleRonExtras.each-winner': 'à chaque gagnant',
      'multipleRonExtras.nearest-winner': 'au gagnant le plus proche',
      'riichiBetsAtEnd.stay': 'restent sur la table',
      'riichiBetsAtEnd.first-place': 'au premier',
      'chombo.deduction': '20 000 après l’uma',
      'chombo.reverse-mangan': 'mangan inversé',
      'paoCounters.discarder': 'le joueur qui a écarté',
      'paoCounters.liable': 'le joueur responsable',
      'paoStackedYakuman.whole-hand': 'toute la main',
      'paoStackedYakuman.pao-yakuman': 'le seul yakuman du pao',
      'tiedPlaces.split': 'partagées',
      'tiedPlaces.seat-order': 'par place à la table',
    },
    colon: '\u00a0: ',
    summaries: {
      ema: 'Règles de compétition riichi de l’EMA 2016, par défaut\u00a0: pas de cinq rouges, tanyao ouvert, chacun de plusieurs gagnants payé, mises restantes au premier',
      ema2012: 'Règles de compétition riichi de l’EMA 2012\u00a0: cinq rouges, tanyao fermé seulement, kazoe yakuman, nagashi mangan, chombo en mangan inversé',
      wrc2015: 'Règles du championnat du monde de riichi (WRC) 2015\u00a0: le plus proche gagnant seul (atamahane), les mises restantes restent sur la table',
      mahjongsoul: 'parties classées en ligne\u00a0: 3 cinq rouges, double yakuman, triple ron, départ à 25\u202f000 (sans oka), tour Ouest sous 30\u202f000, fin de partie sous zéro',
      tenhou: 'parties classées en ligne\u00a0: 3 cinq rouges, double ron (le triple ron annule la donne), 25\u202f000 / 30\u202f000, uma 20/10, tour Ouest sous 30\u202f000, fin de partie sous zéro, agari-yame',
      mleague: 'ligue professionnelle japonaise\u00a0: 3 cinq rouges, kiriage mangan, le plus proche gagnant seul (atamahane), 25\u202f000 / 30\u202f000, uma 30/10, pas de fin de partie sous zéro',
    },
  },
};

/** A rule book in one line in `lang`, for the rules picker. */
export function presetSummaryIn(name: PresetName, lang: Lang): string {
  return RULE_WORDS[lang].summaries[name];
}

function valueWords(key: OptionKey, value: unknown, w: RuleWords, lang: Lang): string {
  if (typeof value === 'boolean') return value ? w.on : w.off;
  if (Array.isArray(value)) return value.join('/');
  // points as the app writes them everywhere else: 30,000 / 30 000, not 30000
  if (typeof value === 'number' && Math.abs(value) >= 1000) return points(value, lang);
  return w.values[`${key}.${String(value)}`] ?? String(value);
}

/** Rules (a preset name, options, resolved rules) in player words in `lang`: "Tenhou (uma : 15/5/-5/-15)". */
export function rulesLabelIn(rules: RulesLike, lang: Lang): string {
  const r = resolveRules(rules);
  const w = RULE_WORDS[lang];
  const phrases = changedOptions(r).map((k) => `${w.options[k]}${w.colon}${valueWords(k, r[k], w, lang)}`);
  const name = PRESET_INFO[r.preset].label;
  return phrases.length ? `${name} (${phrases.join(', ')})` : name;
}

/** The rules of a saved game (its preset's name and its frozen options) in player words in `lang`. */
export function gameRulesLabelIn(setup: { preset: string; rules: RuleOptions }, lang: Lang): string {
  return rulesLabelIn({ ...setup.rules, preset: isPresetName(setup.preset) ? setup.preset : 'ema' }, lang);
}

/** Every option of a rule book in player words, one line each ("open tanyao: on"), in the engine's table order. */
export function ruleLinesIn(preset: PresetName, lang: Lang): string[] {
  const r = resolveRules(preset);
  const w = RULE_WORDS[lang];
  return OPTION_KEYS.map((k) => `${w.options[k]}${w.colon}${valueWords(k, r[k], w, lang)}`);
}
