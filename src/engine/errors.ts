/**
 * Stable error codes. Nothing in the engine API throws these past `scoreHand`: it returns
 * `{ ok: false, error: { code, message } }`. The message is English; `errorMessage(code, params, lang)`
 * in ./explain.ts gives it in another language from the same i18n tables.
 */
import { ERROR_MESSAGES_EN, REASONS_EN } from './i18n/en.ts';

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

/**
 * Fill `{name}` placeholders of a message template, and the plural endings `{plural}` / `{pluriel}` (pluralEnding).
 * French "de" before a value that starts with a vowel is elided, as French writes it: "l’écart d’Amélie", "chombo
 * d’Yves" (a name is only known once filled in; "de Bruno" stays).
 */
export function fillTemplate(template: string, params: ErrorParams): string {
  return template.replace(/(\bde )?\{(\w+)\}/g, (_, de: string | undefined, k: string) => {
    const value = valueOf(k, params);
    return de === undefined ? value : `${ELIDED.test(value) ? 'd’' : 'de '}${value}`;
  });
}

/** A value that French "de" elides before ("d’Amélie"); not before h, which may be aspirated ("de Hugo"). */
const ELIDED = /^[aeiouyàâäéèêëîïôöûüœæ]/i;

function valueOf(k: string, params: ErrorParams): string {
  if (Object.hasOwn(params, k) && params[k] !== undefined) return String(params[k]);
  const ending = /^(plural|pluriel)(?:_(\w+))?$/.exec(k);
  if (ending) return pluralEnding(ending[1] as 'plural' | 'pluriel', params[ending[2] ?? 'count']);
  return `{${k}}`;
}

/**
 * The plural ending of a number of the template, so that texts say "1 tile", "2 tiles" rather than "tile(s)":
 * `{plural}` is 's' by the English rule (1 tile, 0 tiles), `{pluriel}` by the French one (0 tuile, 1 tuile, 2 tuiles);
 * of `count`, or of another number as `{plural_kinds}` / `{pluriel_kinds}`.
 */
function pluralEnding(rule: 'plural' | 'pluriel', count: string | number | undefined): string {
  if (typeof count !== 'number') return '';
  return (rule === 'plural' ? count !== 1 : Math.abs(count) >= 2) ? 's' : '';
}

/**
 * Message of an error in one language: the code's template, with `{why}` taken from the reasons table
 * when the params carry a `reason` key (CONTRADICTORY_FLAGS, INVALID_MELD; and `{expected}` for the hand
 * notation's INVALID_INPUT).
 */
export function formatError(code: ErrorCode, params: ErrorParams, errors: Record<ErrorCode, string>, reasons: Record<string, string>): string {
  const p: ErrorParams = { ...params };
  // own keys only: a code or reason such as "constructor" (from a stored document) is not in the tables
  if (typeof params.reason === 'string' && Object.hasOwn(reasons, params.reason)) {
    p.why = fillTemplate(reasons[params.reason] as string, params);
    // INVALID_INPUT of the hand notation names what it expected by a reason too, so that it reads in the language
    if (code === 'INVALID_INPUT') p.expected = p.why;
  }
  return fillTemplate(Object.hasOwn(errors, code) ? errors[code] : String(code), p);
}

export class EngineError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  constructor(code: ErrorCode, params: ErrorParams = {}) {
    super(formatError(code, params, ERROR_MESSAGES_EN, REASONS_EN));
    this.name = 'EngineError';
    this.code = code;
    this.params = params;
  }
}

/**
 * Internal: an engine error as a plain value, without the stack an `Error` captures (several microseconds).
 * The scoring path builds these for invalid hands (and returns, not throws, "no yaku" and the like);
 * `scoreHand` turns them into its `{ok: false, error}` result, with the same code, message and params an
 * `EngineError` would have. Never seen by callers of the public API.
 */
export class EngineFailure {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  constructor(code: ErrorCode, params: ErrorParams = {}) {
    this.code = code;
    this.params = params;
  }
  get message(): string {
    return formatError(this.code, this.params, ERROR_MESSAGES_EN, REASONS_EN);
  }
}
