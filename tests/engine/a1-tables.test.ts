// Every cell of the A-1 scoring tables (four fan/fu tables and the limit table) in the rule text
// ../shared/rules/001_ff08539e5693b575.txt, parsed from the text at test time and checked against payment().
// The text lost the cell separators ("2070013002600" = 20 fu | 700 | 1300 | 2600), so each row is split into
// values that are multiples of 100 without a leading zero, non-decreasing with the fan, and the split must be unique.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { payment, paymentTotal, pointsTable, PRESET_NAMES, PRESETS, type Payment, type PresetName } from '../../src/engine/index.ts';

const RULE_TEXT = new URL('../../../shared/rules/001_ff08539e5693b575.txt', import.meta.url);
if (!existsSync(RULE_TEXT)) {
  throw new Error(
    `The EMA rule text is read from ${fileURLToPath(RULE_TEXT)}: the tests expect this checkout beside the project's shared/ folder (rules, data, bench), as CI places it.`,
  );
}
const TEXT = readFileSync(RULE_TEXT, 'utf8');
const A1 = TEXT.slice(TEXT.indexOf('A-1Scoring tables'));
const lines = A1.split('\n').map((l) => l.trim());

/** All ways to split a digit string into k values (multiples of 100, no leading zero, non-decreasing). */
function splits(s: string, k: number, min = 0, ordered = true): number[][] {
  if (k === 0) return s.length === 0 ? [[]] : [];
  const out: number[][] = [];
  for (let len = 3; len <= 5 && len <= s.length; len++) {
    const head = s.slice(0, len);
    if (head[0] === '0' || !head.endsWith('00')) continue;
    const v = Number(head);
    if (ordered && v < min) continue;
    for (const rest of splits(s.slice(len), k - 1, v, ordered)) out.push([v, ...rest]);
  }
  return out;
}

function uniqueSplit(s: string, k: number, ordered = true): number[] {
  const all = splits(s, k, 0, ordered);
  expect(all, `row "${s}" into ${k} values`).toHaveLength(1);
  return all[0] as number[];
}

/** Fan columns present in a row: 20 fu has no 1-fan column; 25 fu tsumo starts at 3 fan, 25 fu ron at 2 fan. */
function fansFor(fu: number, tsumo: boolean): number[] {
  if (fu === 20) return [2, 3, 4];
  if (fu === 25) return tsumo ? [3, 4] : [2, 3, 4];
  return [1, 2, 3, 4];
}

function tableRows(title: string): string[] {
  const start = lines.indexOf(title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const rows: string[] = [];
  for (let i = start + 1; i < lines.length && lines[i] !== ''; i++) rows.push(lines[i] as string);
  return rows;
}

function readFu(row: string): { fu: number; rest: string } {
  const m = /^(20|25|30|40|50|60|70|80|90|100)(\d+)$/.exec(row);
  expect(m, row).not.toBeNull();
  return { fu: Number(m![1]), rest: m![2] as string };
}

interface Cell {
  table: string;
  fu: number;
  fan: number;
  expected: number;
  /** The cell's payment if the hand were a mangan (what kiriage mangan pays at 4-30 and 3-60). */
  mangan: number;
  actual: (rules: PresetName) => number;
}

/** Kiriage mangan rounds the cells whose base is 1,920 (4 fan 30 fu, 3 fan 60 fu) up to a mangan. */
const kiriageCell = (c: Cell) => c.fu * 2 ** (c.fan + 2) === 1920;
const cells: Cell[] = [];

for (const [title, dealer] of [['EAST RON1 fan2 fan3 fan4 fan', true], ['OTHER RON1 fan2 fan3 fan4 fan', false]] as const) {
  for (const row of tableRows(title)) {
    const { fu, rest } = readFu(row);
    const fans = fansFor(fu, false);
    uniqueSplit(rest, fans.length).forEach((v, i) => {
      const fan = fans[i] as number;
      cells.push({
        table: title.split('1 fan')[0] as string, fu, fan, expected: v, mangan: dealer ? 12000 : 8000,
        actual: (rules) => (payment({ han: fan, fu, dealer, tsumo: false }, rules) as { from_discarder: number }).from_discarder,
      });
    });
  }
}
for (const row of tableRows('EAST TSUMO1 fan2 fan3 fan4 fan')) {
  const { fu, rest } = readFu(row);
  const fans = fansFor(fu, true);
  uniqueSplit(rest, fans.length).forEach((v, i) => {
    const fan = fans[i] as number;
    cells.push({
      table: 'EAST TSUMO', fu, fan, expected: v, mangan: 4000,
      actual: (rules) => (payment({ han: fan, fu, dealer: true, tsumo: true }, rules) as { from_each_non_dealer: number }).from_each_non_dealer,
    });
  });
}
{
  const rows = tableRows('OTHER TSUMO1 fan2 fan3 fan4 fan');
  for (let r = 0; r < rows.length; r += 2) {
    const { fu, rest } = readFu(rows[r] as string);
    const fans = fansFor(fu, true);
    const nonDealer = uniqueSplit(rest, fans.length);
    const fromDealer = uniqueSplit(rows[r + 1] as string, fans.length);
    fans.forEach((fan, i) => {
      const p = (rules: PresetName) => payment({ han: fan, fu, dealer: false, tsumo: true }, rules) as { from_dealer: number; from_each_non_dealer: number };
      cells.push({ table: 'OTHER TSUMO (non-dealers pay)', fu, fan, expected: nonDealer[i] as number, mangan: 2000, actual: (rules) => p(rules).from_each_non_dealer });
      cells.push({ table: 'OTHER TSUMO (dealer pays)', fu, fan, expected: fromDealer[i] as number, mangan: 4000, actual: (rules) => p(rules).from_dealer });
    });
  }
}

// The 110 fu row, which A-1 leaves out, is in the same text's A-2 table (one line a way of winning, the dealer's
// columns right to left, 11+ fan first): "12000all11+3600all1800alltsumo110tsumo900/18001800/360011+6000/12000" and
// "36000106005300ronron3600710024000". 3 and 4 fan at 110 fu are past the mangan (A-2 leaves them to its limit
// column): a mangan, as in A-1's rows from 70 fu.
const row110: Cell[] = [];
{
  const a2 = TEXT.slice(TEXT.indexOf('A-2Scoring table'), TEXT.indexOf('A-1Scoring tables')).split('\n').map((l) => l.trim());
  const tsumoAt = a2.findIndex((l) => l.includes('tsumo110tsumo'));
  const tsumo = /^12000all11\+(\d+)all(\d+)alltsumo110tsumo(\d{3})\/(\d{4})(\d{4})\/(\d{4})11\+6000\/12000$/.exec(a2[tsumoAt] ?? '');
  const ron = /^36000(\d{5})(\d{4})ronron(\d{4})(\d{4})24000$/.exec(a2[tsumoAt + 1] ?? '');
  if (!tsumo || !ron) throw new Error(`A-2's 110 fu lines not found: ${a2[tsumoAt]} / ${a2[tsumoAt + 1]}`);
  const [eastTsumo2, eastTsumo1, other1Each, other1Dealer, other2Each, other2Dealer] = tsumo.slice(1).map(Number) as [number, number, number, number, number, number];
  const [eastRon2, eastRon1, otherRon1, otherRon2] = ron.slice(1).map(Number) as [number, number, number, number];
  const pay = (fan: number, dealer: boolean, tsumo: boolean, rules: PresetName) => payment({ han: fan, fu: 110, dealer, tsumo }, rules) as unknown as { from_discarder: number; from_dealer: number; from_each_non_dealer: number };
  const add = (table: string, fan: number, expected: number, mangan: number, actual: Cell['actual']) => row110.push({ table, fu: 110, fan, expected, mangan, actual });
  for (const [fan, east, other] of [[1, eastRon1, otherRon1], [2, eastRon2, otherRon2], [3, 12000, 8000], [4, 12000, 8000]] as const) {
    add('EAST RON', fan, east, 12000, (rules) => pay(fan, true, false, rules).from_discarder);
    add('OTHER RON', fan, other, 8000, (rules) => pay(fan, false, false, rules).from_discarder);
  }
  for (const [fan, east, each, fromDealer] of [[1, eastTsumo1, other1Each, other1Dealer], [2, eastTsumo2, other2Each, other2Dealer], [3, 4000, 2000, 4000], [4, 4000, 2000, 4000]] as const) {
    add('EAST TSUMO', fan, east, 4000, (rules) => pay(fan, true, true, rules).from_each_non_dealer);
    add('OTHER TSUMO (non-dealers pay)', fan, each, 2000, (rules) => pay(fan, false, true, rules).from_each_non_dealer);
    add('OTHER TSUMO (dealer pays)', fan, fromDealer, 4000, (rules) => pay(fan, false, true, rules).from_dealer);
  }
}

describe('the 110 fu row (A-2)', () => {
  it('reads as the rule text prints it', () => {
    expect(row110.filter((c) => c.fan <= 2).map((c) => c.expected)).toEqual([5300, 3600, 10600, 7100, 1800, 900, 1800, 3600, 1800, 3600]);
  });
  it.each(row110.map((c) => [`${c.table} 110 fu ${c.fan} fan = ${c.expected}`, c] as const))('%s', (_name, c) => {
    for (const preset of PRESET_NAMES) expect(c.actual(preset), preset).toBe(c.expected);
  });
});

describe('A-1 fan/fu tables, cell by cell', () => {
  it('found every table', () => {
    // 9 ron rows x 4 minus gaps, etc.: EAST RON 35, OTHER RON 35, EAST TSUMO 37, OTHER TSUMO 2 x 37
    expect(cells.filter((c) => c.table === 'EAST RON').length).toBe(35);
    expect(cells.filter((c) => c.table === 'OTHER RON').length).toBe(35);
    expect(cells.filter((c) => c.table === 'EAST TSUMO').length).toBe(37);
    expect(cells.filter((c) => c.table.startsWith('OTHER TSUMO')).length).toBe(74);
  });
  it.each(cells.map((c) => [`${c.table} ${c.fu} fu ${c.fan} fan = ${c.expected}`, c] as const))('%s', (_name, c) => {
    expect(c.actual('ema')).toBe(c.expected);
  });
});

describe('A-1 fan/fu tables under each preset', () => {
  // every cell applies under every preset, except 4-30 and 3-60 under kiriage mangan (mleague), which pay a mangan
  for (const preset of PRESET_NAMES) {
    it(`${preset}: every cell (kiriage: ${PRESETS[preset].kiriageMangan})`, () => {
      for (const c of cells) {
        const want = PRESETS[preset].kiriageMangan && kiriageCell(c) ? c.mangan : c.expected;
        expect(c.actual(preset), `${preset} ${c.table} ${c.fu} fu ${c.fan} fan`).toBe(want);
      }
    });
  }
  it('kiriage changes only 4-30 and 3-60 cells: those not already rounded to the mangan value (7,700 -> 8,000, ...)', () => {
    expect(cells.filter(kiriageCell).every((c) => (c.fu === 30 && c.fan === 4) || (c.fu === 60 && c.fan === 3))).toBe(true);
    const changed = cells.filter((c) => c.actual('mleague') !== c.actual('ema'));
    expect(changed).toEqual(cells.filter((c) => kiriageCell(c) && c.expected !== c.mangan));
    const at = (table: string, fu: number, fan: number) => changed.find((c) => c.table === table && c.fu === fu && c.fan === fan);
    expect(at('OTHER RON', 30, 4)?.actual('mleague')).toBe(8000); // 7,700 in A-1
    expect(at('EAST RON', 60, 3)?.actual('mleague')).toBe(12000); // 11,600
    expect(at('EAST TSUMO', 30, 4)?.actual('mleague')).toBe(4000); // 3,900 all
  });
});

describe('the points table the app shows (pointsTable) is the A-1 tables, with A-2\'s 110 fu row', () => {
  // Each A-1 cell read from the rule text, and the table's cell for the same winner, way of winning, fu and fan.
  const tableOf = (c: Cell) =>
    c.table.startsWith('EAST') ? { dealer: true, tsumo: c.table.includes('TSUMO') } : { dealer: false, tsumo: c.table.includes('TSUMO') };
  const valueIn = (c: Cell, share: Payment) => {
    if ('from_discarder' in share) return share.from_discarder;
    return c.table === 'OTHER TSUMO (dealer pays)' ? share.from_dealer : share.from_each_non_dealer;
  };
  for (const preset of PRESET_NAMES) {
    it(`${preset}: every A-1 cell, and a gap exactly where A-1 has none`, () => {
      let filled = 0;
      for (const dealer of [false, true]) {
        for (const tsumo of [false, true]) {
          const t = pointsTable(preset, dealer, tsumo);
          const title = `${dealer ? 'EAST' : 'OTHER'} ${tsumo ? 'TSUMO' : 'RON'}`;
          t.fu.forEach((fu, i) =>
            t.fan.forEach((fan, j) => {
              const cell = t.cells[i]![j]!;
              const a1 = [...cells, ...row110].filter((c) => c.fu === fu && c.fan === fan && c.table.startsWith(title));
              expect(cell.share === null, `${preset} ${title} ${fu} fu ${fan} fan: a gap in A-1`).toBe(a1.length === 0);
              for (const c of a1) {
                expect(tableOf(c)).toEqual({ dealer, tsumo });
                const want = PRESETS[preset].kiriageMangan && kiriageCell(c) ? c.mangan : c.expected;
                expect(valueIn(c, cell.share!), `${preset} ${c.table} ${fu} fu ${fan} fan`).toBe(want);
                filled++;
              }
              if (cell.share) expect(cell.limit === 'mangan').toBe(paymentTotal(cell.share) === paymentTotal(pointsTable(preset, dealer, tsumo).limits[0]!.share));
            }),
          );
        }
      }
      expect(filled).toBe(cells.length + row110.length);
    });
  }
  it('limits: by fan as A-1 lists them; 13+ a yakuman only with kazoe; double yakuman where the rules have one', () => {
    const rows = (preset: PresetName) => pointsTable(preset, false, false).limits.map((l) => [l.limit, l.minFan, l.maxFan, paymentTotal(l.share)]);
    expect(rows('ema2012')).toEqual([
      ['mangan', 5, 5, 8000], ['haneman', 6, 7, 12000], ['baiman', 8, 10, 16000], ['sanbaiman', 11, 12, 24000], ['yakuman', 13, null, 32000], ['double_yakuman', null, null, 64000],
    ]);
    // EMA 2016: 13 fan and more stay a sanbaiman ("11+"), a yakuman only from yakuman hands, no double yakuman
    expect(rows('ema')).toEqual([['mangan', 5, 5, 8000], ['haneman', 6, 7, 12000], ['baiman', 8, 10, 16000], ['sanbaiman', 11, null, 24000], ['yakuman', null, null, 32000]]);
    expect(pointsTable('tenhou', true, true).limits.map((l) => [l.limit, paymentTotal(l.share)])).toEqual([
      ['mangan', 12000], ['haneman', 18000], ['baiman', 24000], ['sanbaiman', 36000], ['yakuman', 48000], ['double_yakuman', 96000],
    ]);
    expect(pointsTable('mahjongsoul', false, true).yakumanAddUp).toBe(true);
    expect(pointsTable('ema', false, true).yakumanAddUp).toBe(false);
    expect(pointsTable('ema', false, true).limits[0]!.share).toEqual({ from_dealer: 4000, from_each_non_dealer: 2000 });
  });
});

describe('A-1 limit table', () => {
  const start = lines.indexOf('Limit handFanEastOthers');
  const limitRows: { name: string; fans: number[]; east: number; other: number; otherFromDealer: number }[] = [];
  for (let i = start + 1; i < lines.length && lines[i] !== ''; i += 2) {
    const m = /^(Mangan|Haneman|Baiman|Sanbaiman|Yakuman)(5|6-7|8-10|11-12|13\+)(\d+)$/.exec(lines[i] as string);
    expect(m, lines[i]).not.toBeNull();
    const [east, other] = uniqueSplit(m![3] as string, 2, false) as [number, number];
    const fanText = m![2] as string;
    const fans = fanText === '13+' ? [13, 14, 20] : fanText.includes('-') ? fanText.split('-').map(Number) : [Number(fanText)];
    limitRows.push({ name: m![1] as string, fans, east, other, otherFromDealer: Number(lines[i + 1]) });
  }
  it('has the five limits', () => {
    expect(limitRows.map((r) => r.name)).toEqual(['Mangan', 'Haneman', 'Baiman', 'Sanbaiman', 'Yakuman']);
  });
  for (const row of [0, 1, 2, 3, 4]) {
    it(`row ${row + 1}: each fan of the range pays the table values (tsumo each, ron = discarder pays for all)`, () => {
      const r = limitRows[row]!;
      const limit = r.name.toLowerCase();
      for (const fan of r.fans) {
        // 13+ fan is a yakuman only with kazoe (ema2012); a real yakuman under any rules
        const opts = r.name === 'Yakuman' ? { han: fan, fu: 30, yakuman: 1 } : { han: fan, fu: 30 };
        for (const rules of PRESET_NAMES) {
          expect(payment({ ...opts, dealer: true, tsumo: true }, rules)).toEqual({ limit, from_each_non_dealer: r.east });
          expect(payment({ ...opts, dealer: false, tsumo: true }, rules)).toEqual({ limit, from_dealer: r.otherFromDealer, from_each_non_dealer: r.other });
          expect(payment({ ...opts, dealer: true, tsumo: false }, rules)).toEqual({ limit, from_discarder: 3 * r.east });
          expect(payment({ ...opts, dealer: false, tsumo: false }, rules)).toEqual({ limit, from_discarder: 4 * r.other });
          if (r.name === 'Yakuman') {
            // 13+ fan without a yakuman: the A-1 "13+" row only with kazoe (ema2012, mahjongsoul, tenhou), else sanbaiman (001 "11+")
            const kazoe = PRESETS[rules].kazoeYakuman;
            expect(payment({ han: fan, fu: 30, dealer: false, tsumo: false }, rules)).toEqual(kazoe ? { limit: 'yakuman', from_discarder: 4 * r.other } : { limit: 'sanbaiman', from_discarder: 24000 });
          }
        }
      }
    });
  }
  it('text examples: haneman on a discard is 18 000 to East, 12 000 otherwise', () => {
    expect(payment({ han: 6, fu: 30, dealer: true })).toMatchObject({ from_discarder: 18000 });
    expect(payment({ han: 6, fu: 30, dealer: false })).toMatchObject({ from_discarder: 12000 });
  });
});

describe('payment rules of 4.1 / 4.1.2 and RULES.md', () => {
  it('no rounding of 4 fan 30 fu / 3 fan 60 fu to mangan', () => {
    expect(payment({ han: 4, fu: 30 })).toEqual({ limit: null, from_discarder: 7700 });
    expect(payment({ han: 3, fu: 60 })).toEqual({ limit: null, from_discarder: 7700 });
    expect(payment({ han: 4, fu: 30, dealer: true })).toEqual({ limit: null, from_discarder: 11600 });
  });
  it('a base over 2000 is a mangan', () => {
    expect(payment({ han: 4, fu: 40 })).toEqual({ limit: 'mangan', from_discarder: 8000 });
    expect(payment({ han: 3, fu: 70 })).toEqual({ limit: 'mangan', from_discarder: 8000 });
    expect(payment({ han: 2, fu: 130 })).toEqual({ limit: 'mangan', from_discarder: 8000 });
  });
  it('counters: +300 on a ron, +100 from each payer on a tsumo', () => {
    expect(payment({ han: 1, fu: 30, honba: 2 })).toEqual({ limit: null, from_discarder: 1000 + 600 });
    expect(payment({ han: 1, fu: 30, tsumo: true, honba: 2 })).toEqual({ limit: null, from_dealer: 500 + 200, from_each_non_dealer: 300 + 200 });
    expect(payment({ han: 1, fu: 30, tsumo: true, dealer: true, honba: 3 })).toEqual({ limit: null, from_each_non_dealer: 500 + 300 });
  });
  it('double yakuman and invalid input', () => {
    expect(payment({ han: 26, fu: 0, yakuman: 2 }, 'ema2012')).toEqual({ limit: 'double_yakuman', from_discarder: 64000 });
    // EMA 2016 has no double yakuman and yakuman do not add up: the lookup refuses, saying why
    expect(() => payment({ han: 26, fu: 0, yakuman: 2 })).toThrow(/EMA 2016 has no double yakuman/);
    expect(() => payment({ han: 26, fu: 0, yakuman: 2 }, 'wrc2015')).toThrow(/WRC 2015 has no double yakuman/);
    expect(payment({ han: 26, fu: 0, yakuman: 2 }, 'tenhou')).toEqual({ limit: 'double_yakuman', from_discarder: 64000 }); // stacked yakuman
    expect(payment({ han: 39, fu: 0, yakuman: 3, dealer: true }, 'mahjongsoul')).toEqual({ limit: 'triple_yakuman', from_discarder: 144000 });
    expect(() => payment({ han: 39, fu: 0, yakuman: 3 }, 'ema2012')).toThrow(/at most 2 under EMA 2012/);
    expect(() => payment({ han: 0, fu: 30 })).toThrow(/han/);
    expect(() => payment({ han: 1, fu: 35 })).toThrow(/fu/);
    expect(() => payment({ han: 1, fu: 30, honba: -1 })).toThrow(/honba/);
  });
});
