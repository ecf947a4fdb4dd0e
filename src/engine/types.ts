/** Public data shapes of the engine API (see ../../../shared/rules/RULES.md and issue 2). */
import type { Limit, Payment } from './payment.ts';
import type { RulesLike } from './rules.ts';

export type Wind = 'E' | 'S' | 'W' | 'N';
export type MeldType = 'chi' | 'pon' | 'kan-open' | 'kan-added' | 'kan-closed';
export const MELD_TYPES: readonly MeldType[] = ['chi', 'pon', 'kan-open', 'kan-added', 'kan-closed'];

export interface MeldInput {
  type: MeldType;
  /** Tiles of the meld in notation, e.g. `345s`, `0555m`. */
  tiles: string;
}

/**
 * One winning hand and its situation: exactly the JSON line object of issue 2 (snake_case keys).
 * `closed` holds the concealed tiles including the winning tile and excluding melds (closed kans are melds).
 * `riichi_sticks` counts every riichi bet on the table when the hand is won, the winner's own included.
 * Unknown keys are ignored.
 */
export interface HandInput {
  closed: string;
  melds?: MeldInput[];
  win_tile: string;
  tsumo?: boolean;
  riichi?: boolean;
  double_riichi?: boolean;
  ippatsu?: boolean;
  haitei?: boolean;
  houtei?: boolean;
  rinshan?: boolean;
  chankan?: boolean;
  tenhou?: boolean;
  chiihou?: boolean;
  renhou?: boolean;
  seat_wind?: Wind;
  round_wind?: Wind;
  dora_indicators?: string;
  ura_indicators?: string;
  honba?: number;
  riichi_sticks?: number;
  rules?: RulesLike;
}

export interface YakuEntry {
  id: string;
  han: number;
}

/** One yaku in the explanation: its fan and why it applies (reason = i18n key, params fill the template). */
export interface YakuExplanation extends YakuEntry {
  reason: string;
  params: Record<string, string | number>;
}

/** One fu item: id (i18n key), minipoints, the tiles concerned (notation), and optional params. */
export interface FuItem {
  id: string;
  fu: number;
  tiles?: string;
}

export interface Explanation {
  yaku: YakuExplanation[];
  fu: FuItem[];
  /** Sum of the fu items before rounding. */
  fu_raw: number;
  /** Which reading of the hand was chosen: sets as notation, e.g. ['123m', '555p', '[789s]'], pair, wait. */
  reading: { sets: string[]; pair: string; wait: string; kind: 'standard' | 'chiitoitsu' | 'kokushi' };
  base_points: number;
  limit: Limit | null;
  dealer: boolean;
  tsumo: boolean;
  honba: number;
  riichi_sticks: number;
  payment: Payment;
  total_gain: number;
  rules: string;
  /** The rules in player words, e.g. `EMA 2016`. */
  rules_label: string;
  /** Red fives in the hand scored as plain fives (rules without red fives); 0 otherwise. */
  red_fives_plain: number;
}

export interface ScoreOk {
  ok: true;
  han: number;
  fu: number;
  yaku: YakuEntry[];
  limit: Limit | null;
  payment: Payment;
  total_gain: number;
  /** Name of the rules used, e.g. `ema` or `ema (openTanyao=false)`; in player words: `explanation.rules_label`. */
  rules: string;
  /** Present (> 0) only when the hand holds red fives that these rules score as plain fives. */
  red_fives_plain?: number;
  explanation: Explanation;
}

export interface ScoreError {
  ok: false;
  error: { code: string; message: string; params?: Record<string, string | number> };
}

export type ScoreResult = ScoreOk | ScoreError;
