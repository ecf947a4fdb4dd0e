// The Hand screen's Undo and Redo: the store remembers each change of tiles and indicators and takes them back in order.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HandScreen from '../../src/app/hand/HandScreen.tsx';
import { actions, getState, HAND_UNDO_DEPTH } from '../../src/app/state/store.ts';
import { parseNotation, type TileCode } from '../../src/app/tiles/codes.ts';
import { addTile } from '../../src/app/hand/editing.ts';
import { setLang } from '../../src/app/i18n/index.ts';

const tiles = (text: string) => parseNotation(text) as TileCode[];
const closed = () => getState().hand.closed.join(' ');
const button = (testid: string) => () => {
  const html = renderToStaticMarkup(createElement(HandScreen));
  return new RegExp(`<button[^>]*data-testid="${testid}"[^>]*>`).exec(html)?.[0] ?? '';
};
const undoButton = button('hand-undo');
const redoButton = button('hand-redo');

describe('Hand screen Undo', () => {
  it('takes back tile and indicator changes one by one, and leaves the rest of the situation alone', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '123m', melds: [] });
    expect(actions.undoHand()).toBe(false); // a hand from a photo starts a fresh history
    expect(undoButton()).toContain('disabled');

    actions.setHand(addTile(getState().hand, '9p'));
    actions.setSituation({ dora_indicators: tiles('5z') });
    actions.setSituation({ riichi: true }); // not a change of tiles: not recorded, not undone
    actions.setHand({ ...getState().hand, melds: [{ type: 'pon', tiles: tiles('777z'), calledIndex: 0 }] });
    expect(undoButton()).not.toContain('disabled');

    expect(actions.undoHand()).toBe(true);
    expect(getState().hand.melds).toEqual([]);
    expect(getState().situation.riichi).toBe(true);
    expect(getState().situation.dora_indicators).toEqual(['5z']);

    expect(actions.undoHand()).toBe(true);
    expect(getState().situation.dora_indicators).toEqual([]);
    expect(closed()).toBe('1m 2m 3m 9p');

    expect(actions.undoHand()).toBe(true);
    expect(closed()).toBe('1m 2m 3m');
    expect(actions.undoHand()).toBe(false);
    expect(closed()).toBe('1m 2m 3m');
    expect(undoButton()).toContain('disabled');
    actions.setSituation({ riichi: false });
  });

  it('Redo brings back what Undo took back, until the next change', () => {
    actions.setHandFromRecognition({ closed: '123m' });
    expect(actions.redoHand()).toBe(false);
    actions.setHand(addTile(getState().hand, '4m'));
    actions.setHand(addTile(getState().hand, '5m'));
    expect(redoButton()).toBe('');
    actions.undoHand();
    actions.undoHand();
    expect(closed()).toBe('1m 2m 3m');
    expect(redoButton()).toContain('data-testid="hand-redo"');
    expect(actions.redoHand()).toBe(true);
    expect(closed()).toBe('1m 2m 3m 4m');
    expect(actions.undoHand()).toBe(true); // and Undo again
    expect(closed()).toBe('1m 2m 3m');
    actions.setHand(addTile(getState().hand, '9p')); // a new change: what was undone cannot come back
    expect(actions.redoHand()).toBe(false);
    expect(redoButton()).toBe('');
    expect(actions.undoHand()).toBe(true);
    expect(closed()).toBe('1m 2m 3m');
  });

  it('records nothing for a change that changes no tile', () => {
    actions.setHandFromRecognition({ closed: '123m' });
    actions.setHand({ ...getState().hand }); // same tiles, new object
    expect(actions.undoHand()).toBe(false);
  });

  it(`keeps the last ${HAND_UNDO_DEPTH} changes`, () => {
    actions.setHandFromRecognition({ closed: '' });
    for (let i = 0; i < HAND_UNDO_DEPTH + 10; i++) actions.setHand(addTile(getState().hand, '1s'));
    let undone = 0;
    while (actions.undoHand()) undone++;
    expect(undone).toBe(HAND_UNDO_DEPTH);
    expect(getState().hand.closed.length).toBe(10);
  });
});
