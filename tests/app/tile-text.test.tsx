// The engine's sentences with their tiles drawn (TileText.tsx): "indicators 1z, dora 2z" shows an East and a South
// wind named for screen readers, the notation kept behind them; words that only look like tiles are left alone.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/app/i18n/index.ts';
import { TileText } from '../../src/app/tiles/TileText.tsx';
import { withTileCodes } from './tileText.ts';

const html = (text: string) => renderToStaticMarkup(createElement(TileText, { text })).replace(/<link [^>]*\/>/g, '');
const groups = (text: string) => [...html(text).matchAll(/<span class="tile-text" role="img" aria-label="([^"]*)"[^>]*data-tiles="([^"]*)">((?:<img[^>]*\/>)+)/g)].map((m) => [m[2], m[1], (m[3]!.match(/<img/g) ?? []).length]);

describe('TileText', () => {
  it('draws each tile group of a sentence, named, with its notation behind it', () => {
    setLang('en');
    expect(groups('3 dora in the hand (indicators 1z, dora 2z)')).toEqual([['1z', 'East wind', 1], ['2z', 'South wind', 1]]);
    expect(groups('the wait on 6s is not two-sided; pair 44z; 123m; red 0p')).toEqual([
      ['6s', '6 Bamboo', 1], ['44z', 'North wind, North wind', 2], ['123m', '1 Characters, 2 Characters, 3 Characters', 3], ['0p', 'Red 5 Circles', 1],
    ]);
    // groups of several suits written together, as indicators are ("1p5z"): drawn too (they read as plain text)
    expect(groups('1 dora in the hand (indicators 1p5z, dora 2p6z)')).toEqual([['1p5z', '1 Circles, White dragon', 2], ['2p6z', '2 Circles, Green dragon', 2]]);
    // the sentence reads as before once the drawn groups are put back as notation
    const sentence = 'Pinfu: the wait on 6s is not two-sided (closed wait)';
    expect(withTileCodes(html(sentence))).toBe(sentence);
    setLang('fr');
    expect(groups('indicateurs 1z')).toEqual([['1z', 'Vent d’Est', 1]]);
    setLang('en');
  });
  it('leaves alone what is not a tile group: numbers, fan and fu, words, an 8z, tiles inside a word', () => {
    for (const text of ['4 fan 30 fu, 7,700 points', '1st and 2nd', 'honba x3', '8z is not a tile', 'see x1z or 5sx', 'no tiles here', '1p8z', '2^(3 + 2)']) {
      expect(html(text), text).toBe(text.replace(/&/g, '&amp;'));
    }
  });
});
