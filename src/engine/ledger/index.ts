// Hanchan ledger: public API (pure; no DOM, no I/O).
export * from './types.ts';
export {
  createGame,
  westRoundTarget,
  initialState,
  applyEvent,
  replay,
  replayOrThrow,
  undoLast,
  correctEvent,
  pointDifferences,
  seatWindsFor,
  isPlayerIndex,
  turnOrderAfter,
  LedgerError,
  RIICHI_BET,
  REVERSE_MANGAN_DEALER,
  REVERSE_MANGAN_OTHER,
  DEFAULT_CHOMBO_PENALTY,
  ROTATIONS_PER_GAME,
  ROTATIONS_PER_GAME_WITH_WEST,
  type NewGameOptions,
  type ReplayResult,
} from './game.ts';
export { finalTable } from './final.ts';
export { IMPORT_MESSAGES, importRefusalText, LEDGER_MESSAGES, LEDGER_ERROR_CODES, type ImportRefusal, type LedgerErrorCode, type LedgerLang } from './messages.ts';
export { handPayment, winningHandFromScore, yakumanCount, type PaymentLine } from './payments.ts';
export {
  newDocument,
  exportJson,
  importJson,
  MAX_DOCUMENT_BYTES,
  validateDocument,
  exportCsv,
  setupRulesLabel,
  EMA_BEFORE_PRESETS_BY_BOOK,
  LEGACY_RULES_NOTE,
  READABLE_VERSIONS,
  describeHand,
  roundLabel,
  SHEET_WORDS,
  type SheetLang,
  DOCUMENT_FORMAT,
  DOCUMENT_VERSION,
  type GameDocument,
  type ImportResult,
} from './document.ts';
