/**
 * Stable error codes. Nothing in the engine API throws these past `scoreHand`: it returns
 * `{ ok: false, error: { code, message } }`. The message is English; `errorMessage(code, params, lang)`
 * in ./explain.ts gives it in another language from the same i18n tables.
 */
import { ERROR_MESSAGES_EN } from './i18n/en.ts';

export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNKNOWN_TILE',
  'WRONG_TILE_COUNT',
  'TOO_MANY_COPIES',
  'TOO_MANY_RED_FIVES',
  'WIN_TILE_NOT_IN_HAND',
  'INVALID_MELD',
  'NOT_A_WINNING_HAND',
  'NO_YAKU',
  'NOT_ENOUGH_FAN',
  'CONTRADICTORY_FLAGS',
  'UNKNOWN_RULES',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorParams = Record<string, string | number>;

/** Fill `{name}` placeholders of a message template. */
export function fillTemplate(template: string, params: ErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (params[k] !== undefined ? String(params[k]) : `{${k}}`));
}

export class EngineError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  constructor(code: ErrorCode, params: ErrorParams = {}) {
    super(fillTemplate(ERROR_MESSAGES_EN[code], params));
    this.name = 'EngineError';
    this.code = code;
    this.params = params;
  }
}
