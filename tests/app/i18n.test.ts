import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from '../../src/app/i18n/en.ts';
import { fr } from '../../src/app/i18n/fr.ts';
import { format } from '../../src/app/i18n/index.ts';
import { MELD_TYPES, SITUATION_FLAGS } from '../../src/app/state/types.ts';
import { EMA_OPTIONS } from '../../src/app/state/types.ts';
import { ERROR_CODES } from '../../src/engine/index.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('UI strings', () => {
  it('French has every English key, non-empty, with the same placeholders', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(fr[key], key).toBeTruthy();
      expect(placeholders(fr[key]), key).toEqual(placeholders(en[key]));
    }
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('has every key the screens build at run time', () => {
    const dynamic = [
      ...MELD_TYPES.map((m) => `meld.${m}`),
      ...SITUATION_FLAGS.flatMap((f) => [`flag.${f}`, `flag.${f}.help`]),
      ...Object.keys(EMA_OPTIONS).filter((k) => k !== 'renhou' && k !== 'multipleRon').map((k) => `option.${k}`),
      ...['mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman', 'double_yakuman'].map((l) => `limit.${l}`),
      ...['size', 'chi-suit', 'chi-run', 'same-kind', 'unknown-tile'].map((w) => `problem.meld.${w}`),
      ...['hand', 'chi', 'pon', 'kan', 'dora', 'ura'].map((h) => `editor.hint.${h}`),
      'notice.chi-honour',
      'notice.chi-high',
      ...['m', 'p', 's'].map((s) => `tile.suit.${s}`),
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `tile.z${n}`),
      ...['E', 'S', 'W', 'N'].map((w) => `wind.${w}`),
    ];
    for (const key of dynamic) expect(en, key).toHaveProperty([key]);
  });

  it('explains the engine errors a player can reach', () => {
    for (const code of ['NOT_A_WINNING_HAND', 'NO_YAKU', 'CONTRADICTORY_FLAGS', 'NOT_ENOUGH_FAN']) {
      expect(ERROR_CODES).toContain(code);
      expect(en, code).toHaveProperty([`error.${code}`]);
    }
  });

  it('fills placeholders', () => {
    expect(format('{a} and {b} and {c}', { a: 1, b: 'x' })).toBe('1 and x and {c}');
  });
});
