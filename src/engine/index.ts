/**
 * Riichi Lens scoring engine: EMA riichi rules, pure TypeScript (no DOM, no I/O).
 * Public API; see README.md beside this file.
 */
export type { Tile, TileValue, ParseTilesResult } from './tiles.ts';
export { parseTiles, tryParseTiles, formatTiles, sortTiles, tileKind, tileCode, isRedCode, doraFromIndicator, KIND_CODES } from './tiles.ts';
export type { RuleOptions, PresetName, PresetInfo, ResolvedRules, RulesLike } from './rules.ts';
export {
  PRESETS, PRESET_NAMES, PRESET_INFO, RULE_OPTIONS, OPTION_KEYS, OPTIONS_BEFORE_PRESETS_BY_BOOK, resolveRules, rulesLabel, presetLabel, isPresetName,
  isOptionKey, validOption, optionValuesText, optionPhrase, maxYakuman, changedOptions,
} from './rules.ts';
export type { Limit, Payment, PaymentInput, PaymentWithLimit } from './payment.ts';
export {
  payment, paymentTotal, tableValue, limitOf, basePoints, roundUp100, yakumanLimit, yakumanOfYaku, missingTableCell, TABLE_FU, LIMIT_BASE, YAKUMAN_LIMITS, KIRIAGE_BASE, RIICHI_BET, COUNTER_RON, COUNTER_TSUMO_EACH,
} from './payment.ts';
export type { ErrorCode } from './errors.ts';
export { EngineError, ERROR_CODES, fillTemplate } from './errors.ts';
export type { HandInput, MeldInput, MeldType, Wind, ScoreResult, ScoreOk, ScoreError, YakuEntry, YakuExplanation, FuItem, Explanation } from './types.ts';
export { MELD_TYPES } from './types.ts';
export { scoreHand, scoreHandBrief } from './score.ts';
export { MAX_COUNTERS, MAX_DORA_INDICATORS } from './hand.ts';
export type { ScoreBrief } from './score.ts';
export type { Lang } from './explain.ts';
export { closedFanText, explainFanLines, explainScore, explainScoreParts, explainPointsSteps, fuNotes, fuItemsExplained, yakuGenericReason, yakuReasonTemplate, errorMessage, limitName, yakuName, notCountedText, explainNotCounted, readingNoteText, MESSAGES, YAKU_JAPANESE } from './explain.ts';
export { yakuNotCounted } from './notCounted.ts';
export type { NotCounted, NotCountedReason } from './notCounted.ts';
export { readingNotes } from './readingNote.ts';
export { pointsSteps } from './pointsSteps.ts';
export { pointsTable } from './pointsTable.ts';
export type { PointsTable, PointsTableCell, PointsTableLimitRow } from './pointsTable.ts';
export { yakuTable } from './yakuTable.ts';
export type { YakuTableRow } from './yakuTable.ts';
export type { BaseStep, PayStep, PointsSteps } from './pointsSteps.ts';
export type { ReadingNote } from './readingNote.ts';
export { decomposeHand } from './decompose.ts';
export type { Decomposition, DecomposedSet } from './decompose.ts';
export { closedFanOf, YAKU, YAKUMAN } from './yaku/index.ts';
export type { YakuDef } from './yaku/index.ts';
export { FU_TABLE } from './fu.ts';
export { parseHand, tryParseHand, formatHand, normalizeHandText } from './notation.ts';
export type { HandTiles, ParseHandResult } from './notation.ts';
export { countShanten, shantenDetail, standardShanten, sevenPairsShanten, orphansShanten, improvingTiles } from './shanten.ts';
export type { ShantenDetail, ImprovingTile } from './shanten.ts';
export {
  findWaits, discardOptions, shantenOfHand, waitShapes, waitPatterns, explainWaits, explainDiscards, shapeText, shapesText, patternText, scoreText, waitScoresText, waitsExtrasText,
} from './waits/index.ts';
export type { WaitsResult, WaitsOk, WaitEntry, WaitScoring, WaitsSituation, ImprovingEntry, DiscardOption, DiscardsResult, WaitShape, WaitShapeId, WaitPattern, WaitingHandInput } from './waits/index.ts';
export { WAITS_TEXTS, WAIT_JAPANESE } from './i18n/waits.ts';
export type { WaitsTexts } from './i18n/waits.ts';
