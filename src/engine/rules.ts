/**
 * Rule options and presets, exactly as ../../../shared/rules/RULES.md lists them ("Where the texts disagree").
 * A preset is only a named set of options; every option can be set on its own.
 */
import { EngineError } from './errors.ts';

export interface RuleOptions {
  /** Red fives (0m 0p 0s) each count one dora. */
  redFivesAreDora: boolean;
  /** Tanyao counts with an open hand (1 fan). */
  openTanyao: boolean;
  /** 13+ fan from yaku and dora score a yakuman (kazoe); otherwise sanbaiman. */
  kazoeYakuman: boolean;
  /** Renhou: a non-cumulative mangan, or a yakuman. */
  renhou: 'mangan' | 'yakuman';
  /** Daisuushii scores a double yakuman. */
  daisuushiiDouble: boolean;
  /** Several winners on one discard: only the nearest winner is paid, or each winner is paid. */
  multipleRon: 'head-bump' | 'each-winner';
  /** Riichi bets still on the table at the end of the game. */
  riichiBetsAtEnd: 'stay';
  /** At least 2 fan from yaku (dora excluded) when 5 or more counters are on the table. */
  minTwoFanWithFiveCounters: boolean;
  /** Nagashi mangan at an exhaustive draw (paid as a mangan tsumo). */
  nagashiMangan: boolean;
  /** Uma for 1st..4th place, in thousands of points (ties split). */
  uma: [number, number, number, number];
  /** Starting points of each player. */
  startingPoints: number;
  /** Total paid by noten players to tenpai players at an exhaustive draw. */
  notenPaymentTotal: number;
}

export type PresetName = 'ema' | 'ema2012';

export const PRESETS: Readonly<Record<PresetName, Readonly<RuleOptions>>> = {
  ema: {
    redFivesAreDora: true,
    openTanyao: true,
    kazoeYakuman: false,
    renhou: 'mangan',
    daisuushiiDouble: false,
    multipleRon: 'head-bump',
    riichiBetsAtEnd: 'stay',
    minTwoFanWithFiveCounters: false,
    nagashiMangan: false,
    uma: [15, 5, -5, -15],
    startingPoints: 30000,
    notenPaymentTotal: 3000,
  },
  ema2012: {
    redFivesAreDora: true,
    openTanyao: false,
    kazoeYakuman: true,
    renhou: 'yakuman',
    daisuushiiDouble: true,
    multipleRon: 'each-winner',
    riichiBetsAtEnd: 'stay',
    minTwoFanWithFiveCounters: true,
    nagashiMangan: true,
    uma: [15, 5, -5, -15],
    startingPoints: 30000,
    notenPaymentTotal: 3000,
  },
};

export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/** Rules as used by a computation: every option plus a name that says which rules they are. */
export interface ResolvedRules extends RuleOptions {
  /** `ema`, `ema2012`, or a preset with its changed options, e.g. `ema (openTanyao=false)`. */
  name: string;
  /** The preset the options start from. */
  preset: PresetName;
}

/** What callers may pass: a preset name, options (optionally with `preset` to start from), or resolved rules. */
export type RulesLike = PresetName | string | (Partial<RuleOptions> & { preset?: PresetName; name?: string }) | ResolvedRules | undefined;

const OPTION_KEYS = Object.keys(PRESETS.ema) as (keyof RuleOptions)[];

function validOption(key: keyof RuleOptions, value: unknown): boolean {
  const ref = PRESETS.ema[key];
  if (key === 'renhou') return value === 'mangan' || value === 'yakuman';
  if (key === 'multipleRon') return value === 'head-bump' || value === 'each-winner';
  if (key === 'riichiBetsAtEnd') return value === 'stay';
  if (key === 'uma') return Array.isArray(value) && value.length === 4 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (typeof ref === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof ref;
}

const cache = new Map<string, ResolvedRules>();

/**
 * Resolve a preset name or partial options into complete rules. Unknown preset names or option values
 * throw an `EngineError` with code `UNKNOWN_RULES` (scoreHand turns it into an error result).
 */
export function resolveRules(rules?: RulesLike): ResolvedRules {
  if (rules === undefined || rules === null) rules = 'ema';
  if (typeof rules === 'string') {
    const hit = cache.get(rules);
    if (hit) return hit;
    // own keys only: "constructor", "__proto__", "toString" are not presets
    const p = Object.hasOwn(PRESETS, rules) ? PRESETS[rules as PresetName] : undefined;
    if (!p) throw new EngineError('UNKNOWN_RULES', { name: rules, known: PRESET_NAMES.join(', ') });
    const r: ResolvedRules = Object.freeze({ ...p, uma: [...p.uma] as RuleOptions['uma'], name: rules, preset: rules as PresetName });
    cache.set(rules, r);
    return r;
  }
  if (typeof rules !== 'object' || Array.isArray(rules)) {
    throw new EngineError('UNKNOWN_RULES', { name: Array.isArray(rules) ? JSON.stringify(rules) : String(rules), known: PRESET_NAMES.join(', ') });
  }
  const presetName = rules.preset ?? 'ema';
  const base = typeof presetName === 'string' && Object.hasOwn(PRESETS, presetName) ? PRESETS[presetName] : undefined;
  if (!base) throw new EngineError('UNKNOWN_RULES', { name: String(presetName), known: PRESET_NAMES.join(', ') });
  const out: ResolvedRules = { ...base, uma: [...base.uma], name: presetName, preset: presetName };
  const changed: string[] = [];
  for (const key of OPTION_KEYS) {
    const v = Object.hasOwn(rules, key) ? (rules as Partial<RuleOptions>)[key] : undefined;
    if (v === undefined) continue;
    if (!validOption(key, v)) throw new EngineError('UNKNOWN_RULES', { name: `${key}=${JSON.stringify(v)}`, known: PRESET_NAMES.join(', ') });
    (out as unknown as Record<string, unknown>)[key] = Array.isArray(v) ? [...v] : v;
    if (JSON.stringify(v) !== JSON.stringify(base[key])) changed.push(`${key}=${Array.isArray(v) ? v.join('/') : String(v)}`);
  }
  out.name = changed.length ? `${presetName} (${changed.join(', ')})` : presetName;
  return out;
}
