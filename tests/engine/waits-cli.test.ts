// `riichi-lens waits`, spawned as users run it (issue 19).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/riichi-lens.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('riichi-lens waits', () => {
  it('--json: shanten, waits with ron/tsumo as score --json gives them, impossible, improving', () => {
    const r = cli(['waits', '2345m123p456s789s', '--seat', 'S', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.shanten).toBe(0);
    expect(j.waits.map((w: { tile: string }) => w.tile)).toEqual(['2m', '5m']);
    expect(j.waits[0].shape).toContain('single');
    expect(j.waits[0].ron.ok).toBe(false);
    expect(j.waits[0].ron.error.code).toBe('NO_YAKU');
    expect(j.waits[0].tsumo.ok).toBe(true);
    const score = JSON.parse(cli(['score', '2345m123p456s789s +2m', '--seat', 'S', '--tsumo', '--json']).out);
    expect(j.waits[0].tsumo).toEqual(score);
    expect(j.impossible).toEqual([]);
    expect(j.improving).toEqual([]);
  }, 60_000);
  it('text in English and French; not ready; impossible; 14 tiles give the discards; errors', () => {
    const en = cli(['waits', '23m456p789s123s55z', '--riichi']);
    expect(en.code).toBe(0);
    expect(en.out).toContain('1m: two-sided on 23m (ryanmen 両面)');
    expect(en.out).toMatch(/Furiten cannot be seen/);
    expect(cli(['waits', '23m456p789s123s55z', '--lang', 'fr']).out).toContain('des deux côtés');
    const far = JSON.parse(cli(['waits', '123m456p789s1p2z3z5z', '--json']).out);
    expect(far.shanten).toBe(2);
    expect(far.waits).toEqual([]);
    expect(far.improving[0]).toEqual({ tile: '1p', unseen: 3 });
    expect(cli(['waits', '1111m234p567s789s']).out).toContain('Impossible: 1m');
    const d = cli(['waits', '123m456p789s1122z3z']);
    expect(d.out.split('\n')[0]).toBe('Discard 3z: ready, waiting on 1z 2z (4 unseen)');
    const bad = cli(['waits', '123m']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('13 tiles');
    expect(cli(['waits']).code).toBe(2);
    expect(cli(['waits', '123m', '--tsumo']).code).toBe(2);
  }, 60_000);
});
