// What score and waits read alike from their options: the rules (--rules PRESET plus any --option key=value,
// checked against the engine's option table; own keys only: "__proto__" or "constructor" are unknown options)
// and the situation (flags, winds, indicators, counters).
import {
  EngineError, errorMessage, isOptionKey, MAX_COUNTERS, normalizeHandText, OPTION_KEYS, optionValuesText, parseHand, resolveRules, validOption,
  type PresetName, type ResolvedRules, type RuleOptions, type WaitsSituation, type Wind,
} from '../engine/index.ts';
import { intValue, lastValue, UsageError, type ParsedArgs } from './args.ts';

function parseOptionValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw.includes('/') || raw.includes(',')) return raw.split(/[/,]/).map(Number);
  return raw;
}

export function rulesFrom(args: ParsedArgs): ResolvedRules {
  const preset = lastValue(args, 'rules') ?? 'ema';
  const options = args.values.get('option') ?? [];
  if (!options.length) return resolveRules(preset);
  // no prototype: a key such as "__proto__" or "constructor" is only ever an unknown option
  const partial: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, { preset });
  for (const o of options) {
    const eq = o.indexOf('=');
    if (eq < 0) throw new UsageError(`--option needs key=value, got "${o}"`);
    const key = o.slice(0, eq);
    const raw = o.slice(eq + 1);
    const value = parseOptionValue(raw);
    // the preset is --rules's: two ways to say it could only disagree
    if (key === 'preset') throw new UsageError(`the preset is chosen with --rules ${raw || 'PRESET'}, not --option preset=`);
    if (!isOptionKey(key)) throw new UsageError(`unknown rule option "${key}" (known: ${OPTION_KEYS.join(', ')})`);
    // the option, the value given and the values allowed
    if (!validOption(key, value)) throw new EngineError('INVALID_INPUT', { field: `--option ${key}`, value: JSON.stringify(raw), expected: optionValuesText(key) });
    partial[key] = value;
  }
  return resolveRules(partial as Partial<RuleOptions> & { preset: PresetName });
}

/** --seat / --round: a wind letter, any case. */
function windOption(args: ParsedArgs, key: string): Wind | undefined {
  const v = lastValue(args, key);
  if (v === undefined) return undefined;
  const w = v.toUpperCase();
  if (!['E', 'S', 'W', 'N'].includes(w)) throw new UsageError(`--${key} must be E, S, W or N, got "${v}"`);
  return w as Wind;
}

/** --honba / --sticks: a count the engine takes (0 to MAX_COUNTERS), checked here so the error names the option. */
function countOption(args: ParsedArgs, key: string): number | undefined {
  const n = intValue(args, key);
  if (n !== undefined && (n < 0 || n > MAX_COUNTERS)) throw new UsageError(`--${key} must be from 0 to ${MAX_COUNTERS}, got ${n}`);
  return n;
}

/**
 * --dora / --ura / --win: tiles in the hand notation (kanji and full-width characters too), checked here so that a
 * slip of the keyboard is a usage error naming the option, not the engine's field. `one`: exactly one tile.
 * Too many copies or indicators is the situation's, not the notation's: the engine says so.
 */
export function tilesOption(args: ParsedArgs, key: string, one = false): string | undefined {
  const v = lastValue(args, key);
  if (v === undefined) return undefined;
  const text = normalizeHandText(v);
  if (!text.trim()) return text;
  // melds and a winning tile are the hand's notation, not an indicator's
  if (/[[\](){}+]/.test(text)) throw new UsageError(`--${key} takes tiles only, e.g. --${key} 3m7z, got "${v}"`);
  let count: number;
  try {
    const parsed = parseHand(text);
    count = parsed.closed.replace(/[^0-9]/g, '').length; // "234m067p": a digit a tile
  } catch (e) {
    if (e instanceof EngineError) throw new UsageError(`--${key}: ${errorMessage(e.code, e.params)}`);
    throw e;
  }
  if (one && count !== 1) throw new UsageError(`--${key} takes one tile, got "${v}"`);
  return text;
}

/** The situation options `score` and `waits` share (flags, winds, indicators, counters), as HandInput fields. */
export function situationFrom(args: ParsedArgs): WaitsSituation {
  const f = (k: string) => args.flags.has(k);
  return {
    riichi: f('riichi'),
    double_riichi: f('double-riichi'),
    ippatsu: f('ippatsu'),
    haitei: f('haitei'),
    houtei: f('houtei'),
    rinshan: f('rinshan'),
    chankan: f('chankan'),
    seat_wind: windOption(args, 'seat') ?? 'E',
    round_wind: windOption(args, 'round') ?? 'E',
    dora_indicators: tilesOption(args, 'dora') ?? '',
    ura_indicators: tilesOption(args, 'ura') ?? '',
    honba: countOption(args, 'honba') ?? 0,
    riichi_sticks: countOption(args, 'sticks') ?? countOption(args, 'riichi-sticks') ?? 0,
  };
}
