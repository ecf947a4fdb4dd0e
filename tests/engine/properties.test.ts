// Property tests (fast-check) over random valid winning hands from the seeded generator, and over arbitrary text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainScore, formatHand, formatTiles, parseHand, parseTiles, paymentTotal, scoreHand, tryParseHand, tryParseTiles, RIICHI_BET,
  type HandInput,
} from '../../src/engine/index.ts';
import { randomHand, seededRandom } from '../../src/engine/random-hands.ts';

/** A fast-check arbitrary of valid random hands (the generator's seed is the shrinkable value). */
const validHand = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => {
  const r = seededRandom(seed);
  let h: HandInput | null = null;
  while (!h) h = randomHand(r);
  return h;
});

const TILE = fc.constantFrom(...'123456789'.split('').flatMap((d) => ['m', 'p', 's'].map((s) => d + s)), '0m', '0p', '0s', '1z', '2z', '3z', '4z', '5z', '6z', '7z');

describe('properties over random valid hands', () => {
  it('scoreHand never throws and a valid hand either scores or has no yaku', () => {
    fc.assert(
      fc.property(validHand, (h) => {
        const r = scoreHand(h);
        if (!r.ok) expect(['NO_YAKU', 'NOT_ENOUGH_FAN']).toContain(r.error.code);
      }),
      { numRuns: 1500 },
    );
  });
  it('the fan of the listed yaku adds up to han', () => {
    fc.assert(
      fc.property(validHand, (h) => {
        const r = scoreHand(h);
        if (r.ok) expect(r.yaku.reduce((a, y) => a + y.han, 0)).toBe(r.han);
      }),
      { numRuns: 1500 },
    );
  });
  it('payments add up to total_gain (riichi bets included)', () => {
    fc.assert(
      fc.property(validHand, (h) => {
        const r = scoreHand(h);
        if (!r.ok) return;
        expect(paymentTotal(r.payment) + RIICHI_BET * (h.riichi_sticks ?? 0)).toBe(r.total_gain);
        for (const v of Object.values(r.payment)) expect(v % 100).toBe(0);
        expect(r.fu === 25 || r.fu % 10 === 0).toBe(true);
        expect(explainScore(r, 'en').length).toBeGreaterThan(3);
        expect(explainScore(r, 'fr').length).toBeGreaterThan(3);
      }),
      { numRuns: 1000 },
    );
  });
  it('the fu items add up to the fu', () => {
    fc.assert(
      fc.property(validHand, (h) => {
        const r = scoreHand(h);
        if (r.ok) expect(r.explanation.fu.reduce((a, f) => a + f.fu, 0)).toBe(r.fu);
      }),
      { numRuns: 1000 },
    );
  });
  it('the score does not depend on the order the concealed tiles are written in', () => {
    fc.assert(
      fc.property(validHand, fc.integer(), (h, seed) => {
        const tiles = parseTiles(h.closed);
        const r = seededRandom(seed);
        for (let i = tiles.length - 1; i > 0; i--) {
          const j = Math.floor(r() * (i + 1));
          [tiles[i], tiles[j]] = [tiles[j] as string, tiles[i] as string];
        }
        const a = scoreHand(h);
        const b = scoreHand({ ...h, closed: formatTiles(tiles) });
        expect(JSON.stringify(b.ok && { ...b, explanation: null })).toBe(JSON.stringify(a.ok && { ...a, explanation: null }));
      }),
      { numRuns: 500 },
    );
  });
  it('hand notation round-trips: parseHand(formatHand(h)) == h', () => {
    fc.assert(
      fc.property(validHand, (h) => {
        const printed = formatHand(h);
        const back = parseHand(printed);
        expect(parseHand(formatHand(back))).toEqual(back);
        expect(parseTiles(back.closed).sort()).toEqual(parseTiles(h.closed).sort());
        expect(back.melds).toEqual((h.melds ?? []).map((m) => ({ type: m.type, tiles: formatTiles(parseTiles(m.tiles)) })));
        expect(back.win_tile).toBe(h.win_tile);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('properties over arbitrary input', () => {
  it('tile notation round-trips: parse -> print -> parse', () => {
    fc.assert(
      fc.property(fc.array(TILE, { maxLength: 20 }), (tiles) => {
        const text = formatTiles(tiles);
        expect(parseTiles(text)).toEqual(tiles);
        expect(formatTiles(parseTiles(text))).toBe(text);
      }),
    );
  });
  it('no text crashes the parsers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9mpsz +[\](){}]{0,30}$/)), (text) => {
        const a = tryParseTiles(text);
        if (!a.ok) expect(a.error.code).toBe('UNKNOWN_TILE');
        const b = tryParseHand(text);
        if (!b.ok) expect(['UNKNOWN_TILE', 'INVALID_INPUT']).toContain(b.error.code);
      }),
      { numRuns: 2000 },
    );
  });
  it('no input object crashes scoreHand', () => {
    const field = fc.oneof(fc.string(), fc.stringMatching(/^[0-9mpsz]{0,16}$/), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.record({
          closed: field, win_tile: fc.oneof(field, TILE), tsumo: fc.oneof(fc.boolean(), field), riichi: fc.boolean(), seat_wind: fc.oneof(fc.constantFrom('E', 'S', 'W', 'N'), field),
          melds: fc.oneof(fc.constant(undefined), fc.array(fc.record({ type: fc.oneof(fc.constantFrom('chi', 'pon', 'kan-open', 'kan-added', 'kan-closed'), fc.string()), tiles: field }), { maxLength: 5 })),
          dora_indicators: field, honba: fc.oneof(fc.integer(), field), rules: fc.oneof(fc.constant(undefined), fc.constantFrom('ema', 'ema2012', 'x')),
        }),
        (input) => {
          const r = scoreHand(input as unknown as HandInput);
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) expect(r.error.message.length).toBeGreaterThan(5);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('scoreHandBrief', () => {
  it('gives the same score as scoreHand, without the explanation', async () => {
    const { scoreHandBrief } = await import('../../src/engine/index.ts');
    fc.assert(
      fc.property(validHand, (h) => {
        const full = scoreHand(h);
        const brief = scoreHandBrief(h);
        if (full.ok) {
          const { explanation: _e, ...rest } = full;
          expect(brief).toEqual(rest);
        } else expect(brief).toEqual(full);
      }),
      { numRuns: 500 },
    );
  });
});
