// The photo path of issue 19, without a browser: a 13-tile hand handed over by the photo review (which marks its
// last concealed tile as the winning one) shows the waits view; a 14-tile hand offers what each discard leaves.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HandScreen from '../../src/app/hand/HandScreen.tsx';
import { actions } from '../../src/app/state/store.ts';
import { setLang } from '../../src/app/i18n/index.ts';

const render = () => renderToStaticMarkup(createElement(HandScreen));

describe('waits on the Hand screen after a photo', () => {
  it('13 tiles from a photo: the waits with their ron and tsumo scores', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '23m456p789s123s55z', winTile: '5z', melds: [] });
    actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: true, dora_indicators: [] });
    const html = render();
    expect(html).toContain('data-testid="waits-panel"');
    expect([...html.matchAll(/data-testid="wait" data-tile="(\w+)"/g)].map((m) => m[1])).toEqual(['1m', '4m']);
    expect(html).toContain('data-scoring="both"');
    expect(html).toContain('two-sided on 23m (ryanmen 両面)');
    expect(html).not.toContain('data-testid="discards-panel"');
    // the scores say which rules counted them, as the result does
    expect(html).toMatch(/data-testid="waits-rules">Rules: EMA 2016/);
    actions.setSituation({ rules: 'mleague' });
    expect(render()).toMatch(/data-testid="waits-rules">Rules: M-League/);
    actions.setSituation({ rules: 'ema' });
    // counters and bets: said once under the list, not folded into every score
    expect(html).not.toContain('data-testid="waits-extras"');
    actions.setSituation({ honba: 2, riichi_sticks: 1 });
    expect(render()).toMatch(/data-testid="waits-extras">Scores as the tables give them; on top: 2 counters \(\+600 on a ron, \+200 from each payer by self-draw\); riichi bet on the table \(1,000\) to the winner\./);
    actions.setSituation({ honba: 0, riichi_sticks: 0 });
    setLang('fr');
    expect(render()).toContain('des deux côtés sur 23m');
  });
  it('14 tiles from a photo: the score, and what each discard would leave (folded)', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '123m456p789s1122z3z', winTile: '3z', melds: [] });
    const html = render();
    expect(html).not.toContain('data-testid="waits-panel"');
    expect(html).toContain('data-testid="discards-panel"');
    expect(html).toContain('What each discard leaves');
  });
});

describe('the engine\'s refusals in the screen\'s language', () => {
  it('a 13-tile hand with a fifth copy: the waits panel says why in French', () => {
    setLang('fr');
    actions.setHandFromRecognition({ closed: '11111m2345678p9p', winTile: '9p', melds: [] });
    const html = render();
    const problem = /data-testid="waits-error" data-code="(\w+)">(.*?)<\/p>/.exec(html);
    expect(problem?.[1]).toBe('TOO_MANY_COPIES');
    expect(problem?.[2]).toContain('La tuile 1m est utilisée 5 fois');
    expect(problem?.[2]).not.toContain('is used');
    setLang('en');
  });
});
