// The developers' commands `npm run eval` and `npm run bench`: --help, and a clear usage error (exit 2, no stack) for
// an unknown option or part, before any model is loaded.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli', script), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('npm run eval', () => {
  it('prints its usage on --help', () => {
    const r = run('eval.ts', ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm run eval/);
    expect(r.stdout).toContain('--only test-images | real | crops | heldout | learning | lookalikes | hand | rows | dev');
  });

  it('refuses an unknown option or part with the usage, not a stack trace', () => {
    for (const [args, message] of [
      [['--bogus'], 'npm run eval: unknown option --bogus'],
      [['--only', 'foo'], 'npm run eval: --only takes one of test-images, real, crops, heldout, learning, lookalikes, hand, rows, dev, browser; got "foo"'],
      [['--only', 'dev'], 'npm run eval: --only dev needs --dev DIR'],
    ] as const) {
      const r = run('eval.ts', [...args]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain('Usage: npm run eval');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('npm run bench', () => {
  it('prints its usage on --help, and refuses a benchmark it does not have', () => {
    const help = run('bench.ts', ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run bench \[-- NAME\.\.\.\].*engine/);
    const r = run('bench.ts', ['enigne']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('npm run bench: no benchmark named "enigne"');
  });
});
