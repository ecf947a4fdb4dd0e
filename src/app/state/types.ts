import { PRESETS, type HandInput, type PresetName, type RuleOptions, type Wind as EngineWind } from '../../engine/index.ts';
import type { TileCode } from '../tiles/codes.ts';

export type Screen = 'photo' | 'hand' | 'ledger' | 'practice';
export const SCREENS: readonly Screen[] = ['photo', 'hand', 'ledger', 'practice'];

export type MeldType = 'chi' | 'pon' | 'kan-open' | 'kan-added' | 'kan-closed';
export const MELD_TYPES: readonly MeldType[] = ['chi', 'pon', 'kan-open', 'kan-added', 'kan-closed'];

export interface EditorMeld {
  type: MeldType;
  tiles: TileCode[];
  /** Index in `tiles` of the called tile, drawn sideways (null for a closed kan). */
  calledIndex: number | null;
}

/** The hand as the editor holds it. `closed` excludes the winning tile; the engine input adds it back. */
export interface HandDraft {
  closed: TileCode[];
  melds: EditorMeld[];
  winTile: TileCode | null;
}

export type Wind = EngineWind;
export const WINDS: readonly Wind[] = ['E', 'S', 'W', 'N'];

export type { PresetName };

/** The per-hand rule options the Hand screen lets a player set under "custom" (the engine's own names and types). */
export type CustomRules = Pick<
  RuleOptions,
  | 'redFivesAreDora'
  | 'redFivesInSet'
  | 'openTanyao'
  | 'kazoeYakuman'
  | 'renhou'
  | 'daisuushiiDouble'
  | 'multipleRon'
  | 'minTwoFanWithFiveCounters'
  | 'nagashiMangan'
  | 'kiriageMangan'
  | 'doubleYakumanWaits'
  | 'yakumanStacking'
  | 'doubleWindPairFu'
>;

/**
 * The situation of the hand as the Hand screen holds it. Its flags, winds and counters are the engine's HandInput
 * fields of the same names and types (so a field renamed in the engine fails here), made required; the indicators
 * are tiles instead of a string, and the rules a preset or "custom" with its options.
 */
export interface Situation extends Required<Pick<HandInput, 'tsumo' | SituationFlag | 'seat_wind' | 'round_wind' | 'honba' | 'riichi_sticks'>> {
  dora_indicators: TileCode[];
  ura_indicators: TileCode[];
  rules: PresetName | 'custom';
  /** The rule book custom rules start from and are named after ("Mahjong Soul (kiriage mangan: on)"). */
  customBase: PresetName;
  custom: CustomRules;
}

/** The situation's yes/no flags besides tsumo: HandInput field names (Situation picks them, so a typo fails). */
export type SituationFlag =
  | 'riichi'
  | 'double_riichi'
  | 'ippatsu'
  | 'haitei'
  | 'houtei'
  | 'rinshan'
  | 'chankan'
  | 'tenhou'
  | 'chiihou'
  | 'renhou';
export const SITUATION_FLAGS: readonly SituationFlag[] = [
  'riichi',
  'double_riichi',
  'ippatsu',
  'haitei',
  'houtei',
  'rinshan',
  'chankan',
  'tenhou',
  'chiihou',
  'renhou',
];

/**
 * The parts of the situation that belong to one win: how it was won, the special wins, the ura dora riichi turned
 * over. A hand from a new photo is another win, so the Hand screen offers to clear those set before it.
 */
export type WinPart = 'tsumo' | SituationFlag | 'ura';
export const WIN_PARTS: readonly WinPart[] = ['tsumo', ...SITUATION_FLAGS, 'ura'];

/** The win parts `situation` has set (tsumo, a flag on, ura indicators given), in WIN_PARTS order. */
export function winPartsSet(situation: Situation): WinPart[] {
  return WIN_PARTS.filter((part) => (part === 'ura' ? situation.ura_indicators.length > 0 : situation[part]));
}

/** `situation` with those win parts set back to a new hand's (ron, flags off, no ura indicators). */
export function withoutWinParts(situation: Situation, parts: readonly WinPart[]): Situation {
  const next = { ...situation };
  for (const part of parts) {
    if (part === 'ura') next.ura_indicators = [];
    else next[part] = false;
  }
  return next;
}

/** The red fives of the set under the situation's rules: 3, or 4 (two red 5p). */
export function redFivesInSetOf(situation: Situation): 3 | 4 {
  return situation.rules === 'custom' ? situation.custom.redFivesInSet : PRESETS[situation.rules].redFivesInSet;
}

export interface AppState {
  screen: Screen;
  hand: HandDraft;
  situation: Situation;
}

/** A preset's options that custom rules set: the starting point of "custom" from that rule book. */
export function customOptionsOf(preset: PresetName): CustomRules {
  const o = PRESETS[preset];
  return {
    redFivesAreDora: o.redFivesAreDora,
    redFivesInSet: o.redFivesInSet,
    openTanyao: o.openTanyao,
    kazoeYakuman: o.kazoeYakuman,
    renhou: o.renhou,
    daisuushiiDouble: o.daisuushiiDouble,
    multipleRon: o.multipleRon,
    minTwoFanWithFiveCounters: o.minTwoFanWithFiveCounters,
    nagashiMangan: o.nagashiMangan,
    kiriageMangan: o.kiriageMangan,
    doubleYakumanWaits: o.doubleYakumanWaits,
    yakumanStacking: o.yakumanStacking,
    doubleWindPairFu: o.doubleWindPairFu,
  };
}

/** The options of the `ema` preset (RCR 2016, RULES.md); the starting point of "custom" by default. */
export const EMA_OPTIONS: CustomRules = customOptionsOf('ema');

export const EMPTY_HAND: HandDraft = { closed: [], melds: [], winTile: null };

export const DEFAULT_SITUATION: Situation = {
  tsumo: false,
  riichi: false,
  double_riichi: false,
  ippatsu: false,
  haitei: false,
  houtei: false,
  rinshan: false,
  chankan: false,
  tenhou: false,
  chiihou: false,
  renhou: false,
  seat_wind: 'S',
  round_wind: 'E',
  dora_indicators: [],
  ura_indicators: [],
  honba: 0,
  riichi_sticks: 0,
  rules: 'ema',
  customBase: 'ema',
  custom: EMA_OPTIONS,
};
