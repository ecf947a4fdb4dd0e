// The rule presets and options as the CLI's help lists them: one line per preset, one per option (from the
// engine's tables, so the help never disagrees with the rules).
// (from rules.ts itself, not the engine's index: `riichi-lens --help` then loads the rule tables, not the engine)
import { OPTION_KEYS, optionValuesText, PRESET_INFO, PRESET_NAMES, RULE_OPTIONS } from '../engine/rules.ts';

/** `  ema          EMA 2016 — EMA Riichi Competition Rules 2016, ...`, one line per preset, the default first. */
export function presetLines(indent = '  '): string {
  const width = Math.max(...PRESET_NAMES.map((n) => n.length));
  return PRESET_NAMES.map((n) => `${indent}${n.padEnd(width)}  ${PRESET_INFO[n].label} — ${PRESET_INFO[n].summary}`).join('\n');
}

/** `  kiriageMangan=true|false  kiriage mangan (4-30, 3-60)`, one line per option. */
export function optionLines(scope?: 'hand' | 'game', indent = '  '): string {
  const keys = OPTION_KEYS.filter((k) => !scope || RULE_OPTIONS[k].scope === scope);
  const rows = keys.map((k) => [`${k}=${optionValuesText(k)}`, RULE_OPTIONS[k].label] as const);
  const width = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([a, b]) => `${indent}${a.padEnd(width)}  ${b}`).join('\n');
}
