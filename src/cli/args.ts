// Tiny argument reader shared by the engine commands: --flag, --key value, --key=value, positionals.
export interface ParsedArgs {
  flags: Set<string>;
  values: Map<string, string[]>;
  positionals: string[];
}

export class UsageError extends Error {}

/**
 * What a command prints for a usage error: the error, the usage lines (the help's first paragraph) and where the
 * whole help is. The whole help (60 lines for score) pushed the one line that says what was wrong off the screen.
 */
export function usageErrorText(program: string, message: string, usage: string, helpCommand: string): string {
  const blank = usage.indexOf('\n\n');
  const synopsis = blank < 0 ? usage : usage.slice(0, blank);
  return `${program}: ${message}\n\n${synopsis}\nAll options: ${helpCommand}`;
}

export function parseArgs(argv: string[], valueKeys: readonly string[], flagKeys: readonly string[]): ParsedArgs {
  const flags = new Set<string>();
  const values = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--') || a === '--') {
      positionals.push(a);
      continue;
    }
    let key = a.slice(2);
    let value: string | undefined;
    const eq = key.indexOf('=');
    if (eq >= 0) {
      value = key.slice(eq + 1);
      key = key.slice(0, eq);
    }
    if (valueKeys.includes(key)) {
      if (value === undefined) {
        value = argv[++i];
        if (value === undefined) throw new UsageError(`--${key} needs a value`);
      }
      values.set(key, [...(values.get(key) ?? []), value]);
    } else if (flagKeys.includes(key)) {
      if (value !== undefined) throw new UsageError(`--${key} takes no value`);
      flags.add(key);
    } else {
      throw new UsageError(`unknown option --${key}`);
    }
  }
  return { flags, values, positionals };
}

export function lastValue(args: ParsedArgs, key: string): string | undefined {
  const v = args.values.get(key);
  return v ? v[v.length - 1] : undefined;
}

export function intValue(args: ParsedArgs, key: string): number | undefined {
  const v = lastValue(args, key);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${key} needs a whole number, got "${v}"`);
  return Number(v);
}

/** The language of --lang (en by default): what every command answers in (its --json output is the same). */
export function langValue(args: ParsedArgs): 'en' | 'fr' {
  const lang = lastValue(args, 'lang') ?? 'en';
  if (lang !== 'en' && lang !== 'fr') throw new UsageError(`--lang must be en or fr, got "${lang}"`);
  return lang;
}
