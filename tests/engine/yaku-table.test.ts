// Every yaku and its worth under a rule set, for the reference table (src/engine/yakuTable.ts).
import { describe, expect, it } from 'vitest';
import { MESSAGES, parseHand, PRESET_NAMES, scoreHand, YAKU, YAKUMAN, yakuGenericReason, yakuTable } from '../../src/engine/index.ts';

const row = (rules: string, id: string) => yakuTable(rules).find((r) => r.id === id);

describe('the yaku table', () => {
  it('lists every yaku and yakuman once, with names and a reason naming no tile, in English and French', () => {
    for (const preset of PRESET_NAMES) {
      const ids = yakuTable(preset).map((r) => r.id);
      expect(new Set(ids).size, preset).toBe(ids.length);
      for (const y of [...YAKU, ...YAKUMAN]) if (y.id !== 'renhou') expect(ids, `${preset} ${y.id}`).toContain(y.id);
      for (const id of ids) {
        for (const lang of ['en', 'fr'] as const) {
          expect(MESSAGES[lang].yaku[id]?.name, `${lang} ${id}`).toBeTruthy();
          expect(yakuGenericReason(id, lang), `${lang} ${id}`).not.toMatch(/\{|\}/);
        }
      }
    }
    expect(yakuGenericReason('ittsu')).toBe('chows 123, 456 and 789 in one suit');
    expect(yakuGenericReason('riichi', 'fr')).toBe('riichi déclaré avec une main cachée');
  });

  it('follows the rules: open tanyao, renhou, a double daisuushii', () => {
    expect(row('ema', 'tanyao')).toEqual({ id: 'tanyao', kind: 'fan', closed: 1, open: 1 });
    expect(row('ema2012', 'tanyao')).toEqual({ id: 'tanyao', kind: 'fan', closed: 1, open: null });
    expect(row('ema', 'renhou')).toEqual({ id: 'renhou', kind: 'limit', limit: 'mangan', closedOnly: true });
    expect(row('ema2012', 'renhou')).toEqual({ id: 'renhou', kind: 'limit', limit: 'yakuman', closedOnly: true });
    expect(row('mahjongsoul', 'renhou')).toBeUndefined();
    expect(row('ema', 'daisuushii')).toMatchObject({ limit: 'yakuman', closedOnly: false });
    expect(row('ema2012', 'daisuushii')).toMatchObject({ limit: 'double_yakuman' });
    expect(row('ema', 'pinfu')).toEqual({ id: 'pinfu', kind: 'fan', closed: 1, open: null });
    expect(row('ema', 'chinitsu')).toEqual({ id: 'chinitsu', kind: 'fan', closed: 6, open: 5 });
  });

  it('marks the yakuman a double in their pure form where the rules pay it (Mahjong Soul), and as the scorer pays it', () => {
    for (const id of ['kokushi', 'suuankou', 'chuuren']) {
      expect(row('mahjongsoul', id)).toMatchObject({ limit: 'yakuman', doubleForm: true });
      expect(row('tenhou', id)).not.toHaveProperty('doubleForm');
    }
    expect(row('mahjongsoul', 'daisangen')).not.toHaveProperty('doubleForm');
    // suuankou on a single wait, non-dealer ron: 64,000 under Mahjong Soul, 32,000 under Tenhou
    const tanki = { ...parseHand('111m 222p 333s 444s 5z +5z'), seat_wind: 'S' as const };
    expect([scoreHand(tanki, 'mahjongsoul'), scoreHand(tanki, 'tenhou')].map((r) => r.ok && r.total_gain)).toEqual([64000, 32000]);
  });

  it('says what the scorer counts: open ittsu 1 fan, closed 2; open tanyao only where the table has it', () => {
    const open = scoreHand({ ...parseHand('123s 456s 11z 22z [789s] +2z'), seat_wind: 'S' });
    expect(open.ok && open.yaku.find((y) => y.id === 'ittsu')?.han).toBe((row('ema', 'ittsu') as { open: number }).open);
    const kuitan = '567p 345s 678s 8s [234m] +8s';
    for (const preset of ['ema', 'ema2012']) {
      const r = scoreHand({ ...parseHand(kuitan), seat_wind: 'S' }, preset);
      expect(r.ok && r.yaku.some((y) => y.id === 'tanyao'), preset).toBe((row(preset, 'tanyao') as { open: number | null }).open !== null);
    }
  });
});
