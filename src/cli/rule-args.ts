// The rules a command was asked for: --rules PRESET plus any --option key=value, checked against the engine's
// option table (own keys only: "__proto__" or "constructor" are unknown options). Shared by score and waits.
import { EngineError, isOptionKey, optionValuesText, resolveRules, type PresetName, type ResolvedRules, type RuleOptions } from '../engine/index.ts';
import { lastValue, UsageError, type ParsedArgs } from './args.ts';

function parseOptionValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw.includes('/') || raw.includes(',')) return raw.split(/[/,]/).map(Number);
  return raw;
}

/** INVALID_INPUT naming the option, the value given and the values allowed, for a value the rules refuse. */
function checkOptionValue(key: string, raw: string, value: unknown): void {
  try {
    resolveRules({ [key]: value });
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    const expected = isOptionKey(key) ? optionValuesText(key) : 'a known value';
    throw new EngineError('INVALID_INPUT', { field: `--option ${key}`, value: JSON.stringify(raw), expected });
  }
}

export function rulesFrom(args: ParsedArgs): ResolvedRules {
  const preset = lastValue(args, 'rules') ?? 'ema';
  const options = args.values.get('option') ?? [];
  if (!options.length) return resolveRules(preset);
  // no prototype: a key such as "__proto__" or "constructor" is only ever an unknown option
  const partial: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, { preset });
  const known = Object.keys(resolveRules('ema')).filter((k) => k !== 'name');
  for (const o of options) {
    const eq = o.indexOf('=');
    if (eq < 0) throw new UsageError(`--option needs key=value, got "${o}"`);
    const key = o.slice(0, eq);
    if (!known.includes(key)) throw new UsageError(`unknown rule option "${key}" (known: ${known.join(', ')})`);
    const value = parseOptionValue(o.slice(eq + 1));
    if (key !== 'preset') checkOptionValue(key, o.slice(eq + 1), value);
    partial[key] = value;
  }
  for (const k of Object.keys(partial)) if (k !== 'preset' && !isOptionKey(k)) throw new UsageError(`unknown rule option "${k}"`);
  return resolveRules(partial as Partial<RuleOptions> & { preset: PresetName });
}
