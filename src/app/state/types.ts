import { PRESETS, type PresetName, type RuleOptions } from '../../engine/index.ts';
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

export type Wind = 'E' | 'S' | 'W' | 'N';
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

export interface Situation {
  tsumo: boolean;
  riichi: boolean;
  double_riichi: boolean;
  ippatsu: boolean;
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  tenhou: boolean;
  chiihou: boolean;
  renhou: boolean;
  seat_wind: Wind;
  round_wind: Wind;
  dora_indicators: TileCode[];
  ura_indicators: TileCode[];
  honba: number;
  riichi_sticks: number;
  rules: PresetName | 'custom';
  custom: CustomRules;
}

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

export interface AppState {
  screen: Screen;
  hand: HandDraft;
  situation: Situation;
}

/** The options of the `ema` preset (RCR 2016, RULES.md); the starting point of "custom". */
export const EMA_OPTIONS: CustomRules = {
  redFivesAreDora: PRESETS.ema.redFivesAreDora,
  redFivesInSet: PRESETS.ema.redFivesInSet,
  openTanyao: PRESETS.ema.openTanyao,
  kazoeYakuman: PRESETS.ema.kazoeYakuman,
  renhou: PRESETS.ema.renhou,
  daisuushiiDouble: PRESETS.ema.daisuushiiDouble,
  multipleRon: PRESETS.ema.multipleRon,
  minTwoFanWithFiveCounters: PRESETS.ema.minTwoFanWithFiveCounters,
  nagashiMangan: PRESETS.ema.nagashiMangan,
  kiriageMangan: PRESETS.ema.kiriageMangan,
  doubleYakumanWaits: PRESETS.ema.doubleYakumanWaits,
  yakumanStacking: PRESETS.ema.yakumanStacking,
  doubleWindPairFu: PRESETS.ema.doubleWindPairFu,
};

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
  custom: EMA_OPTIONS,
};
