// Where each preset's options come from, in a few lines a player can look up (data only). The full table, option by
// option with its source, is docs/rules.md; these are its sources by preset, with what could not be checked.
import type { PresetName } from '../../engine/index.ts';
import type { Lang } from './index.ts';

export const RULE_SOURCES: Readonly<Record<Lang, Readonly<Record<PresetName, readonly string[]>>>> = {
  en: {
    ema: [
      'EMA Riichi Competition Rules, 2016 edition (RCR 2016): yaku and scoring tables (A-1, A-2), 3.3.9 liability (pao), 3.4.6 chombo.',
      'The EMA’s announcement of the 2016 revision (mahjong-europe.org): no red fives, chombo 20,000 after uma, leftover bets to the winner, several winners paid.',
      'RCR 2012 4.1 for what 2016 kept: minipoints, several winners each paid with the counters.',
    ],
    ema2012: ['EMA Riichi Competition Rules, 2012 edition (RCR 2012), compared with 2016 at ooyamaneko.net and riichi.wiki: red fives, closed tanyao only, kazoe yakuman, nagashi mangan, chombo a reverse mangan (3.4.6), 3.3.6 liability.'],
    wrc2015: [
      'World Riichi Championship Rules 2015 (WRC 2015): 5.7.6 head bump, 5.7.8 chombo, 5.9 leftover bets stay on the table, 5.9.1 no agari-yame; riichi.wiki “World Riichi Championship rules”.',
      'Its 6.2 “Liability payment” could not be checked: pao is counted as RCR 2016 3.3.9 counts it.',
    ],
    mahjongsoul: [
      'riichi.wiki, Mahjong Soul rules; RiichiEnv’s Mahjong Soul preset; arcturus wiki “Majsoul” (25,000 returned, no oka).',
      'Kiriage, kazoe, agari-yame, leftover bets and the West round are the client’s usual values, without a stored source.',
    ],
    tenhou: [
      '“Tenhou.net rules” (arcturus wiki, translated) and “Rules for 4-player Ranking Match” (mjstars.net): double ron, three ron an abortive draw, agari-yame, bust, West round.',
      'Kazoe, open tanyao and no renhou are the site’s usual values, without a stored source.',
    ],
    mleague: [
      'M-League rules as published (majannavi.com; k-bys.work): 25,000 / 30,000, uma +30/+10/−10/−30, kiriage mangan, no kazoe, head bump, no abortive draws.',
      'The 2-fu double-wind pair and pao details are the league’s usual values, without a stored source.',
    ],
  },
  fr: {
    ema: [
      'Règles de compétition riichi de l’EMA, édition 2016 (RCR 2016)\u00a0: yaku et tables de score (A-1, A-2), 3.3.9 responsabilité (pao), 3.4.6 chombo.',
      'L’annonce par l’EMA de la révision 2016 (mahjong-europe.org)\u00a0: pas de cinq rouges, chombo de 20\u202f000 après l’uma, mises restantes au gagnant, plusieurs gagnants payés.',
      'RCR 2012 4.1 pour ce que 2016 a gardé\u00a0: minipoints, plusieurs gagnants payés chacun avec les compteurs.',
    ],
    ema2012: ['Règles de compétition riichi de l’EMA, édition 2012 (RCR 2012), comparées à 2016 sur ooyamaneko.net et riichi.wiki\u00a0: cinq rouges, tanyao fermé seulement, kazoe yakuman, nagashi mangan, chombo en mangan inversé (3.4.6), 3.3.6 responsabilité.'],
    wrc2015: [
      'Règles du championnat du monde de riichi 2015 (WRC 2015)\u00a0: 5.7.6 atamahane, 5.7.8 chombo, 5.9 les mises restantes restent sur la table, 5.9.1 pas d’agari-yame\u00a0; riichi.wiki «\u00a0World Riichi Championship rules\u00a0».',
      'Son 6.2 «\u00a0Liability payment\u00a0» n’a pas pu être vérifié\u00a0: le pao est compté comme le compte RCR 2016 3.3.9.',
    ],
    mahjongsoul: [
      'riichi.wiki, règles de Mahjong Soul\u00a0; le préréglage Mahjong Soul de RiichiEnv\u00a0; wiki arcturus «\u00a0Majsoul\u00a0» (25\u202f000 rendus, pas d’oka).',
      'Kiriage, kazoe, agari-yame, mises restantes et tour de l’Ouest sont les valeurs habituelles du client, sans source enregistrée.',
    ],
    tenhou: [
      '«\u00a0Tenhou.net rules\u00a0» (wiki arcturus, traduction) et «\u00a0Rules for 4-player Ranking Match\u00a0» (mjstars.net)\u00a0: double ron, trois ron annulent la donne, agari-yame, fin sous zéro, tour de l’Ouest.',
      'Kazoe, tanyao ouvert et pas de renhou sont les valeurs habituelles du site, sans source enregistrée.',
    ],
    mleague: [
      'Règles publiées de la M-League (majannavi.com\u00a0; k-bys.work)\u00a0: 25\u202f000 / 30\u202f000, uma +30/+10/−10/−30, kiriage mangan, pas de kazoe, atamahane, pas de donne annulée.',
      'La paire de double vent à 2 fu et le détail du pao sont les valeurs habituelles de la ligue, sans source enregistrée.',
    ],
  },
};
