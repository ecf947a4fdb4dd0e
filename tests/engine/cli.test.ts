// The command line, spawned as users run it: node bin/riichi-lens.mjs pay / score / score --jsonl.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['bin/riichi-lens.mjs', ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('riichi-lens pay', () => {
  it('--json prints the payment object plus limit', () => {
    expect(JSON.parse(cli(['pay', '--han', '3', '--fu', '40', '--json']).out)).toEqual({ from_discarder: 5200, limit: null });
    expect(JSON.parse(cli(['pay', '--han', '4', '--fu', '40', '--dealer', '--tsumo', '--honba', '2', '--json']).out)).toEqual({ from_each_non_dealer: 4200, limit: 'mangan' });
  }, 60_000);
  it('text output and usage errors', () => {
    const a = cli(['pay', '--han', '1', '--fu', '30', '--tsumo']);
    expect(a.code).toBe(0);
    expect(a.out).toContain('the dealer pays 500, each other player pays 300');
    const b = cli(['pay', '--han', 'x']);
    expect(b.code).toBe(2);
    expect(b.err).toContain('--han needs a whole number');
  }, 60_000);
  it('--lang fr answers in French, the limit named as the French score names it', () => {
    expect(cli(['pay', '--han', '3', '--fu', '40', '--dealer', '--tsumo', '--honba', '1', '--lang', 'fr']).out).toBe(
      '3 han 40 minipoints, victoire du donneur sur pioche (tsumo), 1 compteur\u00a0: chaque joueur paie 2700 (total 8100)\nRègles\u00a0: EMA 2016\n',
    );
    expect(cli(['pay', '--han', '6', '--fu', '30', '--lang', 'fr']).out).toMatch(/^6 han, victoire d’un non-donneur sur un écart \(ron\) — haneman\u00a0: le jeteur paie 12000\n/);
    expect(cli(['pay', '--yakuman', '2', '--tsumo', '--rules', 'mahjongsoul', '--lang', 'fr']).out).toMatch(/^double yakuman, .*\u00a0: le donneur paie 32000, chacun des deux autres paie 16000 \(total 64000\)\n/);
    const wrong = cli(['pay', '--han', '3', '--fu', '40', '--lang', 'de']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--lang must be en or fr, got "de"');
  }, 60_000);
  it('--table prints the whole points table under the rules: each cell the single lookup gives, mangan cells marked', () => {
    const t = cli(['pay', '--table', '--tsumo']);
    expect(t.code).toBe(0);
    const lines = t.out.split('\n');
    expect(lines[0]).toBe('Points table, non-dealer self-draw (tsumo), without counters. Rules: EMA 2016');
    const row = (fu: number) => lines.find((l) => l.startsWith(`${fu} `))!.trim().split(/\s+/).slice(1);
    expect(row(20)).toEqual(['-', '400/700', '700/1300', '1300/2600']);
    expect(row(30)).toEqual(['300/500', '500/1000', '1000/2000', '2000/3900']);
    expect(row(40)[3]).toBe('2000/4000*');
    expect(t.out).toMatch(/\nSanbaiman +11\+ fan +6000\/12000\nYakuman +yakuman hands +8000\/16000\n$/);
    // kiriage mangan under M-League; the dealer's ron; French
    const m = cli(['pay', '--table', '--dealer', '--rules', 'mleague', '--lang', 'fr']).out.split('\n');
    expect(m[1]).toBe('(chaque case\u00a0: ce que paie le jeteur\u00a0; * déjà un mangan)');
    expect(m.find((l) => l.startsWith('30 '))!.trim().split(/\s+/)).toEqual(['30', '1500', '2900', '5800', '12000*']);
    expect(m.some((l) => /^Double yakuman +mains yakuman +96000$/.test(l))).toBe(true);
    const json = JSON.parse(cli(['pay', '--table', '--json', '--rules', 'ema2012']).out);
    expect(json.cells[2][3]).toEqual({ share: { from_discarder: 7700 }, limit: null }); // 30 fu 4 fan, no kiriage
    expect(json.limits.at(-2)).toMatchObject({ limit: 'yakuman', minFan: 13, maxFan: null }); // kazoe
    const both = cli(['pay', '--table', '--han', '3']);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--table prints every cell: --han has no place in it');
  }, 60_000);
});

describe('riichi-lens score', () => {
  it('prints the explained score in English, or French with --lang fr; errors exit 1', () => {
    const en = cli(['score', '123m 456p 789s 23s 99m +4s', '--tsumo', '--riichi', '--seat', 'S']);
    expect(en.code).toBe(0);
    expect(en.out).toContain('Pinfu (平和): 1 fan');
    expect(en.out).toContain('the dealer pays 1300, each other player pays 700');
    const fr = cli(['score', '123m 456p 789s 23s 99m +4s', '--seat', 'S', '--lang', 'fr', '--rules', 'ema2012']);
    expect(fr.out).toContain('Règles\u00a0: EMA 2012');
    // the yaku the hand came close to, after the yaku: a closed wait keeps out pinfu; in French; a no-yaku hand too
    const kanchan = cli(['score', '234m 567p 345s 57s 88s +6s', '--riichi', '--seat', 'S']);
    expect(kanchan.out).toContain('Tanyao (断么九): 1 fan, only simples (2 to 8), no terminal or honour\nPinfu not counted: the wait on 6s is not two-sided (closed wait), and pinfu takes a two-sided wait\nMinipoints (fu):');
    expect(cli(['score', '234m 567p 345s 57s 88s +6s', '--riichi', '--lang', 'fr']).out).toContain('Pinfu non compté\u00a0: l’attente sur 6s n’est pas des deux côtés (attente fermée)');
    const noYaku = cli(['score', '567p 345s 678s 8s [234m] +8s', '--tsumo', '--rules', 'ema2012']);
    expect([noYaku.code, noYaku.err.split('\n').slice(1, 3)]).toEqual([1, ['Tanyao not counted: these rules count tanyao only in a closed hand, and this one has called tiles', 'Menzen tsumo not counted: self-draw is a yaku only for a closed hand, and this one has called tiles']]);
    expect(en.out).not.toContain('not counted');
    const bad = cli(['score', '123m 456p 789s 23s 99m +4s', '--ippatsu']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('CONTRADICTORY_FLAGS');
    // with --lang fr the hand's own errors and the one-tile note are French too; English without it, as before
    const unclosed = cli(['score', '123m [456p', '--lang', 'fr']);
    expect(unclosed.err.trim()).toBe('riichi-lens score: INVALID_INPUT: Entrée invalide\u00a0: hand vaut "123m [456p", attendu un «\u00a0]\u00a0» qui ferme le «\u00a0[\u00a0».');
    expect(cli(['score', '123m [456p']).err.trim()).toBe('riichi-lens score: INVALID_INPUT: Invalid input: hand is "123m [456p", expected a closing "]" after "[".');
    expect(cli(['waits', '12x3m', '--lang', 'fr']).err).toContain('riichi-lens waits: UNKNOWN_TILE: Tuile inconnue «\u00a0x\u00a0»');
    const oneOff = cli(['score', '123m456p789s2355z +5z', '--lang', 'fr']);
    expect(oneOff.err).toContain('riichi-lens score: note: une tuile changée en fait une main gagnante\u00a0: 2z -> 3z, 3z -> 2z');
    // the hand pasted as Unicode mahjong tiles, or typed full-width, scores the same
    for (const typed of ['🀇🀈🀉 🀜🀝🀞 🀖🀗🀘 🀑🀒 🀏🀏 +🀓', '１２３ｍ ４５６ｐ ７８９ｓ ２３ｓ ９９ｍ ＋４ｓ']) {
      const same = cli(['score', typed, '--tsumo', '--riichi', '--seat', 'S']);
      expect(same.code, typed).toBe(0);
      expect(same.out).toBe(en.out);
    }
  }, 60_000);
  it('--jsonl: one result per line, in order, unknown keys ignored, bad lines give ok:false', () => {
    const lines = [
      JSON.stringify({ closed: '234m067p11z555s', melds: [{ type: 'chi', tiles: '345s' }], win_tile: '5s', seat_wind: 'S', future_key: 1 }),
      'not json',
      JSON.stringify({ closed: '123m456p789s23s99m4s', win_tile: '4s', seat_wind: 'S', riichi: true, riichi_sticks: 1 }),
      JSON.stringify([1, 2]),
      JSON.stringify({ closed: '123m456p789s23s99m4s', win_tile: '4s', seat_wind: 'S', rules: 'wrc' }),
    ];
    const r = cli(['score', '--jsonl'], lines.join('\n') + '\n');
    expect(r.code).toBe(0);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(5);
    expect(out[0]).toMatchObject({ ok: false, error: { code: 'NO_YAKU' } });
    expect(out[1]).toMatchObject({ ok: false, error: { code: 'INVALID_JSON' } });
    expect(out[2]).toEqual({
      ok: true, han: 2, fu: 30, yaku: [{ id: 'riichi', han: 1 }, { id: 'pinfu', han: 1 }], limit: null,
      payment: { from_discarder: 2000 }, total_gain: 3000, rules: 'ema',
    });
    expect(out[3]).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(out[4]).toMatchObject({ ok: false, error: { code: 'UNKNOWN_RULES' } });
  }, 60_000);
});

describe('rule presets on the command line', () => {
  it('--help lists every preset, one line each, by the name of its rule book', () => {
    const help = cli(['--help']).out;
    for (const [id, label] of [['ema', 'EMA 2016'], ['ema2012', 'EMA 2012'], ['wrc2015', 'WRC 2015'], ['mahjongsoul', 'Mahjong Soul'], ['tenhou', 'Tenhou'], ['mleague', 'M-League']]) {
      expect(help).toMatch(new RegExp(`^ +${id} +${label} — `, 'm'));
    }
    expect(cli(['score', '--help']).out).toContain('kiriageMangan=true|false');
  }, 60_000);
  it('pay follows the preset: kiriage under mleague; a double yakuman refused under ema, with the reason', () => {
    expect(JSON.parse(cli(['pay', '--han', '4', '--fu', '30', '--rules', 'mleague', '--json']).out)).toEqual({ from_discarder: 8000, limit: 'mangan' });
    const refused = cli(['pay', '--yakuman', '2']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('EMA 2016 has no double yakuman');
    const soul = cli(['pay', '--yakuman', '2', '--rules', 'mahjongsoul']);
    expect(soul.out).toContain('the discarder pays 64000');
    expect(soul.out).toContain('Rules: Mahjong Soul');
    // limits named in words, as the explained score names them, never by their JSON codes
    expect(soul.out).toMatch(/^double yakuman, non-dealer win on a discard \(ron\): /);
    const triple = cli(['pay', '--yakuman', '3', '--rules', 'mahjongsoul']);
    expect(triple.out).toMatch(/^triple yakuman, .*: the discarder pays 96000/);
    expect(triple.out).not.toContain('_yakuman');
    expect(cli(['pay', '--han', '6', '--fu', '30']).out).toMatch(/^6 fan, non-dealer win on a discard \(ron\) — haneman: /);
  }, 60_000);
  it('score says its rules in player words; unknown or inherited preset names are refused', () => {
    const r = cli(['score', '123m 406p 789s 23s 99m +4s', '--seat', 'S']);
    expect(r.out).toContain('Rules: EMA 2016');
    expect(r.out).toContain('1 red five scored as plain five');
    const line = JSON.parse(cli(['score', '--jsonl'], JSON.stringify({ closed: '123m406p789s23s99m4s', win_tile: '4s', seat_wind: 'S' }) + '\n').out.trim());
    expect(line).toMatchObject({ ok: true, rules: 'ema', red_fives_plain: 1 });
    for (const name of ['constructor', '__proto__', 'toString']) {
      const bad = cli(['score', '123m 456p 789s 23s 99m +4s', '--rules', name]);
      expect(bad.code, name).not.toBe(0);
      expect(bad.out + bad.err, name).toMatch(/Unknown rules|UNKNOWN_RULES/);
    }
  }, 60_000);
});
