// The words of the game on the Practice screen: every word a newcomer found unexplained, in English and French,
// the same entries in both, French typography kept.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/app/i18n/index.ts';
import { Glossary } from '../../src/app/practice/Glossary.tsx';
import { GLOSSARY } from '../../src/app/practice/glossary.ts';
import { practiceStrings } from '../../src/app/practice/strings.ts';
import { breakable, shownText, unspaced } from './frenchText.ts';

describe('words of the game', () => {
  it('explains fan (han), fu, base points, the limits, dora, chi / pon / kan as chow / pung / kong, tenpai and shanten, furiten, counters', () => {
    setLang('en');
    const html = renderToStaticMarkup(createElement(Glossary, { s: practiceStrings.en }));
    const text = shownText(html);
    for (const word of ['Fan (han)', 'Fu (minipoints)', 'fu × 2^(fan + 2)', 'Mangan', 'Dora', 'Chi, pon, kan (chow, pung, kong)', 'Tenpai, shanten', 'Furiten', 'Counters (honba)', 'Closed hand (menzen)']) {
      expect(text).toContain(word);
    }
    expect(html).toContain('data-testid="glossary"');
  });
  it('has the same entries in French, with French typography', () => {
    expect(GLOSSARY.fr.map((e) => e.id)).toEqual(GLOSSARY.en.map((e) => e.id));
    setLang('fr');
    const text = shownText(renderToStaticMarkup(createElement(Glossary, { s: practiceStrings.fr })));
    setLang('en');
    expect(text).toContain('Han');
    expect(text).not.toMatch(/\bfan\b/i); // French says han
    expect(unspaced(text)).toEqual([]);
    expect(breakable(text)).toEqual([]);
    expect(text).not.toMatch(/'/); // the typographic apostrophe
  });
});
