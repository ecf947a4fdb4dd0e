// The command line as scripts use it: output piped into a reader that stops early, and help asked as git and npm ask.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the command line in a pipe', () => {
  it('recognize of several photos | head -1: the first line, then a quiet stop with status 0 (no EPIPE stack trace)', () => {
    for (const json of ['', ' --json']) {
      const r = spawnSync('bash', ['-c', `"${process.execPath}" bin/riichi-lens.mjs recognize test-images/hand01_tanyao_red5.jpg test-images/hand02_chiitoitsu.jpg test-images/hand03_kokushi.jpg${json} | head -1; echo "status \${PIPESTATUS[0]}" >&2`], {
        cwd: ROOT, encoding: 'utf8', timeout: 120_000,
      });
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toContain('hand01_tanyao_red5.jpg');
      expect(r.stderr).not.toContain('EPIPE');
      expect(r.stderr.trim().split('\n').at(-1)).toBe('status 0');
    }
  }, 240_000);
});

describe('help', () => {
  it('"riichi-lens help score" prints the help of score, as "score --help" does', () => {
    const help = (args: string[]) => spawnSync(process.execPath, ['bin/riichi-lens.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const a = help(['help', 'score']);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(help(['score', '--help']).stdout);
    expect(a.stdout).toMatch(/^Usage: riichi-lens score "<hand>"/);
    // the version, for scripts that log what scored their hands
    const version = help(['--version']);
    expect([version.status, version.stdout]).toEqual([0, `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`]);
    expect(help(['-V']).stdout).toBe(version.stdout);
    // a name that is no command still gets the general help
    expect(help(['help', 'toString']).stdout).toMatch(/^riichi-lens: score riichi mahjong hands/);
  }, 60_000);
});

describe('usage errors', () => {
  it('say what was wrong, the usage lines and where the whole help is, not the 60 lines of the help that push the error off the screen', () => {
    for (const [command, args] of [['score', ['--bogus', '234m']], ['pay', ['--han', 'x']], ['waits', []], ['recognize', []], ['learn', []], ['score-photo', ['--seat', 'Q', 'x.jpg']]] as const) {
      const r = spawnSync(process.execPath, ['bin/riichi-lens.mjs', command, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      const lines = r.stderr.trimEnd().split('\n');
      expect(r.status, command).toBe(2);
      expect(lines[0], command).toMatch(new RegExp(`^riichi-lens ${command}: \\S`));
      expect(lines[2], command).toMatch(new RegExp(`^Usage: riichi-lens ${command} `));
      expect(lines.at(-1), command).toBe(`All options: riichi-lens ${command} --help`);
      expect(lines.length, command).toBeLessThan(8);
    }
  }, 120_000);
});
