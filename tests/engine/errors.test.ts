// Every error code, with a hand-checked input that triggers it; bad input never throws past the API.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, explainScore, parseHand, scoreHand, type HandInput } from '../../src/engine/index.ts';
import { score } from './helpers.ts';

const GOOD: HandInput = { ...parseHand('123m 456p 789s 24s 99m +3s'), seat_wind: 'S', riichi: true };

function code(input: unknown, rules?: string): string {
  const r = scoreHand(input as HandInput, rules);
  return r.ok ? 'OK' : r.error.code;
}

describe('error codes', () => {
  it('the good hand scores', () => expect(code(GOOD)).toBe('OK'));
  it('INVALID_INPUT: not an object, bad flag, bad wind, negative counter, bad win tile', () => {
    expect(code(null)).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, tsumo: 'yes' })).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, seat_wind: 'X' })).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, honba: -1 })).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, riichi_sticks: 1.5 })).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, win_tile: '3s4s' })).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, closed: 42 })).toBe('INVALID_INPUT');
    expect(code({ ...GOOD, melds: 'chi' })).toBe('INVALID_INPUT');
  });
  it('UNKNOWN_TILE: letters, 8z, digits without suit, in any field', () => {
    expect(code({ ...GOOD, closed: '123x456p789s24s99m3s' })).toBe('UNKNOWN_TILE');
    expect(code({ ...GOOD, closed: '123m456p789s24s99m3s8z' })).toBe('UNKNOWN_TILE');
    expect(code({ ...GOOD, closed: '123m456p789s24s99m3' })).toBe('UNKNOWN_TILE');
    expect(code({ ...GOOD, dora_indicators: '0z' })).toBe('UNKNOWN_TILE');
    expect(code({ ...GOOD, win_tile: 'E' })).toBe('UNKNOWN_TILE');
  });
  it('WRONG_TILE_COUNT: 13 or 15 tiles (kans count 3)', () => {
    expect(code({ ...GOOD, closed: '123m456p789s24s9m3s' })).toBe('WRONG_TILE_COUNT');
    expect(code({ ...GOOD, closed: '123m456p789s24s999m3s' })).toBe('WRONG_TILE_COUNT');
    expect(code({ ...parseHand('[1111m] 456p 789s 24s 99m +3s'), closed: '456p789s24s99m3s5s' })).toBe('WRONG_TILE_COUNT');
  });
  it('TOO_MANY_COPIES: a fifth tile, also through the dora indicators', () => {
    expect(code({ ...GOOD, closed: '11111m456p789s999s', win_tile: '1m' })).toBe('TOO_MANY_COPIES');
    expect(code({ ...GOOD, closed: '999m456p789s24s99m3s'.replace('999m', '123m'), dora_indicators: '9m9m9m' })).toBe('TOO_MANY_COPIES');
    expect(code({ ...GOOD, ura_indicators: '3s3s3s3s' })).toBe('TOO_MANY_COPIES');
  });
  it('TOO_MANY_RED_FIVES: two red fives of one suit', () => {
    expect(code({ ...GOOD, closed: '123m406p789s24s00m3s'.replace('00m', '99m').replace('406p', '400p') })).toBe('TOO_MANY_RED_FIVES');
  });
  it('WIN_TILE_NOT_IN_HAND', () => {
    expect(code({ ...GOOD, win_tile: '7z' })).toBe('WIN_TILE_NOT_IN_HAND');
  });
  it('INVALID_MELD: chi not in sequence, pon not identical, kan of 3, unknown type', () => {
    const base = { ...GOOD, riichi: false, closed: '456p789s24s99m3s' };
    expect(code({ ...base, melds: [{ type: 'chi', tiles: '135m' }] })).toBe('INVALID_MELD');
    expect(code({ ...base, melds: [{ type: 'chi', tiles: '111z' }] })).toBe('INVALID_MELD');
    expect(code({ ...base, melds: [{ type: 'chi', tiles: '891m' }] })).toBe('INVALID_MELD');
    expect(code({ ...base, melds: [{ type: 'pon', tiles: '123m' }] })).toBe('INVALID_MELD');
    expect(code({ ...base, melds: [{ type: 'kan-open', tiles: '111m' }] })).toBe('INVALID_MELD');
    expect(code({ ...base, melds: [{ type: 'steal', tiles: '111m' }] })).toBe('INVALID_MELD');
  });
  it('NOT_A_WINNING_HAND', () => {
    expect(code({ ...GOOD, closed: '135m456p789s24s99m3s'.replace('135m', '136m') })).toBe('NOT_A_WINNING_HAND');
  });
  it('NO_YAKU: an open hand without yaku; dora alone are not a yaku', () => {
    expect(code({ ...parseHand('[123m] 456p 789s 24s 99m +3s'), seat_wind: 'S', dora_indicators: '8m' })).toBe('NO_YAKU');
  });
  it('NOT_ENOUGH_FAN: 1 fan with 5 counters under ema2012 (fine under ema)', () => {
    expect(code({ ...GOOD, honba: 5 }, 'ema2012')).toBe('NOT_ENOUGH_FAN');
    expect(code({ ...GOOD, honba: 5, dora_indicators: '8m' }, 'ema2012')).toBe('NOT_ENOUGH_FAN'); // dora don't help
    expect(code({ ...GOOD, honba: 5, ippatsu: true }, 'ema2012')).toBe('OK');
    expect(code({ ...GOOD, honba: 5 }, 'ema')).toBe('OK');
  });
  it('CONTRADICTORY_FLAGS: each contradiction', () => {
    const t = { ...GOOD, riichi: false };
    const open = { ...parseHand('[123m] 456p 789s 24s 99m +3s'), seat_wind: 'S' as const };
    const kan = { ...parseHand('(9999m) 456p 789s 24s 11p +3s'), seat_wind: 'S' as const };
    for (const bad of [
      { ...t, ippatsu: true },
      { ...open, riichi: true },
      { ...t, haitei: true },
      { ...t, houtei: true, tsumo: true },
      { ...t, rinshan: true },
      { ...t, chankan: true, tsumo: true },
      { ...kan, haitei: true, rinshan: true, tsumo: true },
      { ...t, houtei: true, chankan: true },
      { ...t, rinshan: true, tsumo: true },
      { ...t, closed: '123m456p789s234s33s', win_tile: '3s', chankan: true },
      { ...t, tenhou: true, tsumo: true },
      { ...t, seat_wind: 'E' as const, chiihou: true, tsumo: true },
      { ...t, renhou: true, tsumo: true },
      { ...t, seat_wind: 'E' as const, renhou: true },
      { ...t, tenhou: true, chiihou: true, tsumo: true, seat_wind: 'E' as const },
      { ...t, renhou: true, riichi: true },
      { ...open, renhou: true },
    ]) {
      expect(code(bad), JSON.stringify(bad)).toBe('CONTRADICTORY_FLAGS');
    }
  });
  it('UNKNOWN_RULES', () => {
    expect(code(GOOD, 'wrc')).toBe('UNKNOWN_RULES');
    expect(code({ ...GOOD, rules: { openTanyao: 'maybe' } })).toBe('UNKNOWN_RULES');
  });
  it('every code has an English and a French message, and errors explain in both', () => {
    for (const c of ERROR_CODES) {
      expect(errorMessage(c, {}, 'en').length).toBeGreaterThan(10);
      expect(errorMessage(c, {}, 'fr').length).toBeGreaterThan(10);
      expect(errorMessage(c, {}, 'fr')).not.toBe(errorMessage(c, {}, 'en'));
    }
    const r = score('123m 456p 789s 24s 99m +3s', { ippatsu: true });
    expect(r.ok).toBe(false);
    expect(explainScore(r, 'en')[0]).toBe('Error CONTRADICTORY_FLAGS: Contradictory situation: ippatsu without riichi.');
    expect(explainScore(r, 'fr')[0]).toBe('Erreur CONTRADICTORY_FLAGS\u00a0: Situation contradictoire\u00a0: ippatsu sans riichi.');
  });
});
