// Waits of a 13-tile hand (issue 19): known wait sets, shapes, scores, impossible tiles, and a property test that
// agrees with trying each of the 34 tiles through scoreHand on random 13-tile hands.
import { describe, expect, it } from 'vitest';
import {
  decomposeHand, discardOptions, explainDiscards, explainWaits, findWaits, formatTiles, KIND_CODES, parseHand, parseTiles, scoreHand, scoreText, tileKind,
  type HandInput, type WaitsOk, type WaitsResult, type WaitsSituation,
} from '../../src/engine/index.ts';
import { randomHand, seededRandom } from '../../src/engine/random-hands.ts';

function waits(text: string, situation: WaitsSituation = { seat_wind: 'S' }): WaitsOk {
  const p = parseHand(text);
  const r = findWaits({ closed: p.closed, melds: p.melds }, situation);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}
const tiles = (r: WaitsOk) => r.waits.map((w) => w.tile);
const shapeIds = (r: WaitsOk, tile: string) => r.waits.find((w) => w.tile === tile)!.shapes.map((s) => s.id).sort();

describe('known wait sets', () => {
  it('pure nine gates 1112345678999m waits on every man tile, all nine gates yakuman', () => {
    const r = waits('1112345678999m');
    expect(r.shanten).toBe(0);
    expect(tiles(r)).toEqual(['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']);
    for (const w of r.waits) {
      expect(w.scoring).toBe('both');
      expect(w.ron.ok && w.ron.yaku.map((y) => y.id)).toEqual(['chuuren']);
    }
    expect(r.waits.find((w) => w.tile === '1m')!.unseen).toBe(1);
    expect(r.waits.find((w) => w.tile === '5m')!.unseen).toBe(3);
    expect(shapeIds(r, '1m')).toEqual(['ryanmen', 'shanpon']);
    expect(shapeIds(r, '4m')).toEqual(['ryanmen', 'ryanmen']);
    expect(r.impossible).toEqual([]);
  });
  it('2345m waits on 2m and 5m (single tile on two sides), no yaku on ron without riichi', () => {
    const r = waits('2345m123p456s789s');
    expect(tiles(r)).toEqual(['2m', '5m']);
    expect(shapeIds(r, '2m')).toEqual(['tanki']);
    expect(r.waits.every((w) => w.scoring === 'tsumo-only')).toBe(true);
    const t = r.waits[0]!.tsumo;
    expect(t.ok && t.yaku.map((y) => y.id)).toEqual(['menzen_tsumo']);
    expect(r.patterns).toEqual([{ id: 'nobetan', tiles: '2345m', waits: ['2m', '5m'] }]);
    expect(explainWaits(r, 'en').join('\n')).toContain('single tile on two sides: 2345m waits on 2m or 5m (nobetan 延べ単)');
    expect(explainWaits(r, 'en').join('\n')).toContain('no yaku on ron');
    expect(explainWaits(r, 'fr').join('\n')).toContain('pas de yaku sur ron');
    const riichi = waits('2345m123p456s789s', { seat_wind: 'S', riichi: true });
    expect(riichi.waits.every((w) => w.scoring === 'both')).toBe(true);
  });
  it('shapes: two-sided, edge, closed, pair, and their combinations', () => {
    expect(shapeIds(waits('23m456p789s123s55z'), '1m')).toEqual(['ryanmen']);
    expect(shapeIds(waits('12m456p789s123s55z'), '3m')).toEqual(['penchan']);
    expect(shapeIds(waits('13m456p789s123s55z'), '2m')).toEqual(['kanchan']);
    const sp = waits('11m456p789s123s55z');
    expect(tiles(sp)).toEqual(['1m', '5z']);
    expect(shapeIds(sp, '5z')).toEqual(['shanpon']);
    const r = waits('23456m456p789s55z');
    expect(tiles(r)).toEqual(['1m', '4m', '7m']);
    expect(r.patterns).toEqual([{ id: 'sanmenchan', tiles: '23456m', waits: ['1m', '4m', '7m'] }]);
    expect(shapeIds(r, '4m')).toEqual(['ryanmen', 'ryanmen']);
    expect(r.waits.find((w) => w.tile === '4m')!.shapes.map((s) => s.tiles).sort()).toEqual(['23m', '56m']);
  });
  it('a seven pairs single wait', () => {
    const r = waits('1122m3344p5566s7z');
    expect(tiles(r)).toEqual(['7z']);
    expect(shapeIds(r, '7z')).toEqual(['tanki']);
    const w = r.waits[0]!;
    expect(w.ron.ok && w.ron.yaku.map((y) => y.id)).toContain('chiitoitsu');
    expect(w.ron.ok && w.ron.fu).toBe(25);
  });
  it('thirteen orphans waits on all thirteen, and on the missing one otherwise', () => {
    const r = waits('19m19p19s1234567z');
    expect(tiles(r).sort()).toEqual(['1m', '9m', '1p', '9p', '1s', '9s', '1z', '2z', '3z', '4z', '5z', '6z', '7z'].sort());
    expect(r.waits.every((w) => w.shapes.length === 1 && w.shapes[0]!.id === 'kokushi13')).toBe(true);
    const one = waits('119m19p19s123456z');
    expect(tiles(one)).toEqual(['7z']);
    expect(shapeIds(one, '7z')).toEqual(['kokushi']);
  });
  it('a hand waiting only on a tile it holds four of has no wait: that tile is listed apart as impossible', () => {
    const r = waits('1111m234p567s789s');
    expect(r.shanten).toBe(0);
    expect(r.waits).toEqual([]);
    expect(r.impossible).toEqual(['1m']);
    const text = explainWaits(r, 'en').join('\n');
    expect(text).toContain('Ready in form only');
    expect(text).toContain('Impossible: 1m');
    // a tile of which the hand holds four beside real waits
    const two = waits('111123m23p789s11z');
    expect(tiles(two)).toEqual(['1p', '4p']);
    expect(two.impossible).toEqual([]);
  });
  it('says once, plainly, that furiten cannot be seen', () => {
    const lines = explainWaits(waits('23m456p789s123s55z'), 'en');
    expect(lines.filter((l) => /furiten/i.test(l))).toHaveLength(1);
    expect(explainWaits(waits('23m456p789s123s55z'), 'fr').filter((l) => /furiten/i.test(l))).toHaveLength(1);
  });
  it('open hands: melds count 3 each; no yaku where the open hand has none', () => {
    const r = waits('123m456p11s 66z [789s]');
    expect(tiles(r)).toEqual(['1s', '6z']);
    expect(r.closedHand).toBe(false);
    expect(r.waits[0]!.scoring).toBe('no-yaku');
    expect(r.waits[1]!.scoring).toBe('both');
    expect(explainWaits(r, 'en').join('\n')).not.toContain('riichi would');
  });
  it('dora indicators lower the unseen copies and count in the scores', () => {
    const r = waits('23m456p789s123s55z', { seat_wind: 'S', dora_indicators: '4m' });
    expect(r.waits.find((w) => w.tile === '4m')!.unseen).toBe(3);
    expect(r.waits.find((w) => w.tile === '1m')!.unseen).toBe(4);
    const w4 = r.waits.find((w) => w.tile === '4m')!;
    expect(w4.ron.ok && w4.ron.yaku.some((y) => y.id === 'dora')).toBe(false); // 5m is the dora, not in this hand
  });
  it('stacked yakuman read as their name alone, like a single one (no "65 fan")', () => {
    const p = parseHand('1112223334445z');
    const stacked = findWaits({ closed: p.closed }, { seat_wind: 'S' }, 'mahjongsoul');
    if (!stacked.ok) throw new Error(stacked.error.message);
    const w = stacked.waits[0]!;
    expect(w.ron.ok && w.ron.limit).toBe('quintuple_yakuman');
    expect(scoreText(w.ron, 'en')).toBe('160,000 (Quintuple yakuman: Suuankou, Tsuuiisou, Daisuushii)');
    expect(scoreText(w.ron, 'fr')).not.toMatch(/65/);
    expect(scoreText(waits('1112223334445z').waits[0]!.ron, 'en')).toBe('32,000 (Yakuman: Suuankou)');
  });
  it('scores as the tables give them, shares named; the counters and bets said once (the shares held the counters, the total the bets too)', () => {
    const r = waits('123m456p789s3455s', { seat_wind: 'S', honba: 2, riichi_sticks: 1 });
    const lines = explainWaits(r, 'en');
    expect(lines).toContain('      ron 1,000 (1 fan 30 fu: Pinfu); tsumo 1,500 (dealer 700, others 400) (2 fan 20 fu: Menzen tsumo, Pinfu)');
    expect(lines).toContain('Scores as the tables give them; on top: 2 counters (+600 on a ron, +200 from each payer by self-draw); riichi bet on the table (1,000) to the winner.');
    // the scores themselves keep every point (the JSON is unchanged)
    expect(r.waits[0]!.ron.ok && r.waits[0]!.ron.total_gain).toBe(1000 + 600 + 1000);
    const dealer = waits('123m456p789s3455s', { seat_wind: 'E', honba: 1 });
    expect(explainWaits(dealer, 'fr')).toContain('      ron 1\u202f500 (1 han 30 fu\u00a0: Pinfu); tsumo 2\u202f100 (700 chacun) (2 han 20 fu\u00a0: Menzen tsumo, Pinfu)');
    expect(explainWaits(dealer, 'fr')).toContain('Scores tels que les tables les donnent\u00a0; en plus\u00a0: 1\u00a0compteur (+300 sur ron, +100 de chaque payeur en tsumo).');
    expect(explainWaits(waits('123m456p789s3455s'), 'en').join('\n')).not.toContain('on top');
  });
  it('bad input gives an error value, never a throw', () => {
    expect(findWaits({ closed: '123m' }).ok).toBe(false);
    const bad = findWaits({ closed: '1234567890123x' });
    expect(!bad.ok && bad.error.code).toBe('UNKNOWN_TILE');
    const five = findWaits({ closed: '11111m23456789p' });
    expect(!five.ok && five.error.code).toBe('TOO_MANY_COPIES');
    const meld = findWaits({ closed: '1234567899m', melds: [{ type: 'chi', tiles: '135p' }] });
    expect(!meld.ok && meld.error.code).toBe('INVALID_MELD');
    const count = findWaits({ closed: '11112345678999m' });
    expect(!count.ok && count.error.code).toBe('WRONG_TILE_COUNT');
    expect(explainWaits(count, 'fr')[0]).toContain('13 tuiles');
    const rules = findWaits({ closed: '1112345678999m' }, {}, 'nope' as never);
    expect(!rules.ok && rules.error.code).toBe('UNKNOWN_RULES');
    const d = discardOptions({ closed: '11112345678999m' }, {}, 'nope' as never);
    expect(!d.ok && d.error.code).toBe('UNKNOWN_RULES');
  });
  it('not ready: shanten and improving tiles with unseen copies', () => {
    const r = waits('123m456p789s1p2z3z5z');
    expect(r.shanten).toBe(2);
    expect(r.waits).toEqual([]);
    expect(r.improving.map((t) => t.tile)).toEqual(['1p', '2p', '3p', '2z', '3z', '5z']);
    expect(r.improving.find((t) => t.tile === '2p')!.unseen).toBe(4);
    expect(r.improving.find((t) => t.tile === '1p')!.unseen).toBe(3);
  });
});

describe('discards of a 14-tile hand', () => {
  it('lists, best first, what each discard leaves', () => {
    const r = discardOptions({ closed: '123m456p789s1122z3z' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.options[0]!.discard).toBe('3z');
    expect(r.options[0]!.left.shanten).toBe(0);
    expect(r.options[0]!.left.waits.map((w) => w.tile)).toEqual(['1z', '2z']);
    expect(new Set(r.options.map((o) => o.discard)).size).toBe(r.options.length);
    expect(r.options).toHaveLength(12);
    expect(explainDiscards(r, 'en')[0]).toBe('Discard 3z: ready, waiting on 1z 2z (4 unseen)');
    expect(discardOptions({ closed: '123m' }).ok).toBe(false);
  });

  it('the tile discarded is seen; waiting on it is furiten (a complete hand, which is said first); a wait only on held tiles is said', () => {
    // a complete hand: discarding 1m of 123m leaves 23m waiting on 1m and 4m; the 1m thrown is one copy fewer unseen
    const r = discardOptions({ closed: '123m456p789s123s55z' });
    if (!r.ok) throw new Error(r.error.message);
    const d1m = r.options.find((o) => o.discard === '1m')!;
    expect(d1m.left.waits.map((w) => [w.tile, w.unseen])).toEqual([['1m', 3], ['4m', 4]]);
    expect(r.options.every((o) => o.furiten)).toBe(true);
    const text = explainDiscards(r, 'en');
    expect(text[0]).toBe('This hand is already complete (14 tiles): score it instead.');
    expect(text).toContain('Discard 1m: ready, waiting on 1m 4m (7 unseen); furiten: it waits on the tile discarded, so it wins by tsumo only');
    // a hand one tile from complete: no discard is furiten, nothing said of it
    const open = discardOptions({ closed: '123m456p789s2345s7z' });
    if (!open.ok) throw new Error(open.error.message);
    expect(open.options.some((o) => o.furiten)).toBe(false);
    expect(explainDiscards(open, 'en')[0]).toBe('Discard 7z: ready, waiting on 2s 5s (6 unseen)');
    // a discard that leaves a wait only on tiles the hand holds all four of: said, not "waiting on —"
    const held = discardOptions({ closed: '1111m234p567s789s9m' });
    if (!held.ok) throw new Error(held.error.message);
    expect(explainDiscards(held, 'en')).toContain('Discard 9m: ready in form only: it would wait on tiles it holds all four of (not tenpai)');
    expect(explainDiscards(held, 'fr').join('\n')).toContain('Défausser 9m\u00a0: prête en apparence seulement');
  });
});

// ---- property test: findWaits agrees with trying each of the 34 tiles through scoreHand ----

const RON_OFF = { tsumo: false, haitei: false, rinshan: false, tenhou: false, chiihou: false };
const TSUMO_OFF = { tsumo: true, houtei: false, chankan: false, renhou: false };

function completes(counts: number[], melds: number): boolean {
  if (decomposeHand(Uint8Array.from(counts)).length > 0 && melds === 0) return true;
  if (melds === 0 && counts.every((c) => c === 0 || c === 2)) return true;
  const orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
  if (melds === 0 && orphans.every((k) => counts[k]! > 0) && orphans.reduce((n, k) => n + counts[k]!, 0) === 14) return true;
  return false;
}

/** A random 13-tile hand: a random winning hand less one concealed tile, sometimes with one more tile swapped. */
function random13(seed: number): { hand: { closed: string; melds: HandInput['melds'] }; situation: WaitsSituation } {
  const r = seededRandom(seed);
  let h: HandInput | null = null;
  while (!h) h = randomHand(r);
  const closed = parseTiles(h.closed);
  closed.splice(Math.floor(r() * closed.length), 1);
  if (r() < 0.3) closed[Math.floor(r() * closed.length)] = KIND_CODES[Math.floor(r() * 34)]!;
  const { closed: _c, melds: _m, win_tile: _w, tsumo: _t, chankan: _ch, rinshan: _ri, haitei: _ha, houtei: _ho, tenhou: _te, chiihou: _ci, renhou: _re, ...situation } = h;
  return { hand: { closed: formatTiles(closed), melds: h.melds ?? [] }, situation };
}

describe('property: findWaits = each of the 34 tiles tried through scoreHand', () => {
  it('on 300 random 13-tile hands', () => {
    let ready = 0;
    let checked = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const { hand, situation } = random13(seed * 7919);
      // every third hand under ema2012, every fifth with a changed option
      const rules = seed % 3 === 0 ? 'ema2012' : seed % 5 === 0 ? { preset: 'ema' as const, openTanyao: false } : undefined;
      const got: WaitsResult = findWaits(hand, situation, rules);
      const seen = parseTiles(situation.dora_indicators ?? '').map(tileKind);
      const held = new Array<number>(34).fill(0);
      for (const t of parseTiles(hand.closed)) held[tileKind(t)]!++;
      for (const m of hand.melds ?? []) for (const t of parseTiles(m.tiles)) held[tileKind(t)]!++;
      if (held.some((n) => n > 4)) {
        expect(got.ok).toBe(false);
        continue;
      }
      expect(got.ok).toBe(true);
      if (!got.ok) continue;
      checked++;
      const expectWaits: string[] = [];
      const expectImpossible: string[] = [];
      for (let k = 0; k < 34; k++) {
        const tile = KIND_CODES[k]!;
        const base = { ...situation, closed: hand.closed + tile, melds: hand.melds, win_tile: tile };
        const ron = scoreHand({ ...base, ...RON_OFF }, rules);
        const tsumo = scoreHand({ ...base, ...TSUMO_OFF }, rules);
        const scored = (x: typeof ron) => x.ok || ['NO_YAKU', 'NOT_ENOUGH_FAN'].includes(x.error.code);
        if (scored(ron) || scored(tsumo)) {
          expectWaits.push(tile);
          const w = got.waits.find((e) => e.tile === tile);
          expect(w, `${hand.closed} waits on ${tile}`).toBeDefined();
          expect(JSON.stringify(w!.ron)).toBe(JSON.stringify(ron));
          expect(JSON.stringify(w!.tsumo)).toBe(JSON.stringify(tsumo));
          expect(w!.unseen).toBe(4 - held[k]! - seen.filter((s) => s === k).length);
        } else if (held[k]! + seen.filter((s) => s === k).length >= 4) {
          const concealed = new Array<number>(34).fill(0);
          for (const t of parseTiles(hand.closed)) concealed[tileKind(t)]!++;
          concealed[k]!++;
          const melds = hand.melds?.length ?? 0;
          const shapeWins = melds === 0 ? completes(concealed, 0) : decomposeHand(Uint8Array.from(concealed)).length > 0;
          if (shapeWins) expectImpossible.push(tile);
        }
      }
      expect(got.waits.map((w) => w.tile), hand.closed).toEqual(expectWaits);
      expect(got.impossible, hand.closed).toEqual(expectImpossible);
      if (expectWaits.length > 0 || expectImpossible.length > 0) {
        ready++;
        expect(got.shanten).toBe(0);
      } else expect(got.shanten).toBeGreaterThan(0);
    }
    expect(checked).toBeGreaterThan(260);
    expect(ready).toBeGreaterThan(100);
  });
});
