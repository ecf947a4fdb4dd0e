// The Hand screen rendered for random valid hands (the engine's generator) under every rule preset, and under
// custom rules with every option flipped, in both languages: it never fails to render, and it shows the engine's
// total, or the engine's error for a hand without yaku. A triple yakuman under Mahjong Soul's rules once broke the
// screen on a missing limit name (hand-screen.test.tsx shows that hand); this sweeps the common shapes, melds,
// flags and indicators, and the same hands less their winning tile, whose waits panel must render too.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HandScreen from '../../src/app/hand/HandScreen.tsx';
import { setLang } from '../../src/app/i18n/index.ts';
import { shownText, unspaced } from './frenchText.ts';
import { actions, getState } from '../../src/app/state/store.ts';
import { EMA_OPTIONS, SITUATION_FLAGS, type CustomRules, type EditorMeld } from '../../src/app/state/types.ts';
import { parseNotation } from '../../src/app/tiles/codes.ts';
import { PRESET_NAMES, scoreHand, type HandInput, type RulesLike } from '../../src/engine/index.ts';
import { randomHands } from '../../src/engine/random-hands.ts';

const HANDS_PER_PRESET = 50;

/** Custom rules with every option of the Hand screen's "custom" set the other way from EMA 2016's. */
const FLIPPED: CustomRules = {
  ...(Object.fromEntries(Object.entries(EMA_OPTIONS).map(([k, v]) => [k, typeof v === 'boolean' ? !v : v])) as unknown as CustomRules),
  redFivesInSet: 4,
  renhou: 'none',
  doubleWindPairFu: 2,
};
const RULE_SETS: { name: string; app: (typeof PRESET_NAMES)[number] | 'custom'; engine: RulesLike }[] = [
  ...PRESET_NAMES.map((p) => ({ name: p, app: p, engine: p })),
  { name: 'custom, every option flipped', app: 'custom', engine: { preset: 'ema', ...FLIPPED } },
];

function showHand(h: HandInput, rules: (typeof PRESET_NAMES)[number] | 'custom'): string {
  actions.setHandFromRecognition({ closed: h.closed, winTile: h.win_tile, melds: (h.melds ?? []) as { type: EditorMeld['type']; tiles: string }[] });
  actions.setSituation({
    ...Object.fromEntries(SITUATION_FLAGS.map((f) => [f, Boolean(h[f])])),
    tsumo: Boolean(h.tsumo),
    seat_wind: h.seat_wind ?? 'E',
    round_wind: h.round_wind ?? 'E',
    dora_indicators: parseNotation(h.dora_indicators ?? '') ?? [],
    ura_indicators: parseNotation(h.ura_indicators ?? '') ?? [],
    honba: h.honba ?? 0,
    riichi_sticks: h.riichi_sticks ?? 0,
    rules,
    custom: FLIPPED,
  });
  return renderToStaticMarkup(createElement(HandScreen));
}

describe('the Hand screen on random hands', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`renders ${HANDS_PER_PRESET} random hands under each preset and custom rules with the engine's total or error, and their waits (${lang})`, () => {
      setLang(lang);
      RULE_SETS.forEach(({ name: preset, app, engine }, i) => {
        for (const h of randomHands(1000 + i, HANDS_PER_PRESET)) {
          const html = showHand(h, app);
          const result = scoreHand({ ...h, rules: engine });
          // a hand without yaku under these rules shows the engine's error and its fixes instead
          const shown = result.ok ? `data-total="${result.total_gain}"` : `data-code="${result.error.code}"`;
          expect(html, `${preset} ${JSON.stringify(h)}`).toContain(shown);
          if (lang === 'fr') expect(unspaced(shownText(html)), `${preset} ${JSON.stringify(h)}`).toEqual([]);
          // the same hand without its winning tile: 13 tiles, one tile from winning, with its waits
          actions.setHand({ ...getState().hand, winTile: null });
          const waits = renderToStaticMarkup(createElement(HandScreen));
          expect(waits, `${preset} ${JSON.stringify(h)} without ${h.win_tile}`).toContain('data-testid="waits-panel" data-shanten="0"');
          if (lang === 'fr') expect(unspaced(shownText(waits)), `${preset} ${JSON.stringify(h)} without ${h.win_tile}`).toEqual([]);
        }
      });
      setLang('en');
    });
  }
});
