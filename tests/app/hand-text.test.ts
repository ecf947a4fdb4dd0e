import { describe, expect, it } from 'vitest';
import { handToText, suitlessGroups, textToHand } from '../../src/app/hand/HandTextInput.tsx';

describe('hand as text', () => {
  it('reads the command-line notation into the editor', () => {
    const r = textToHand('234m067p 345s 88s [789s] +8s'.replace('345s 88s', '345s 8s'));
    expect(r).toEqual({
      ok: true,
      hand: {
        closed: ['2m', '3m', '4m', '0p', '6p', '7p', '3s', '4s', '5s', '8s'],
        melds: [{ type: 'chi', tiles: ['7s', '8s', '9s'], calledIndex: 0 }],
        winTile: '8s',
      },
    });
  });

  it('round-trips a hand with every kind of meld', () => {
    const r = textToHand('11p (1111z) {5555s} [777z] +1p');
    if (!r.ok) throw new Error(r.message);
    expect(r.hand.melds.map((m) => m.type)).toEqual(['kan-closed', 'kan-added', 'pon']);
    const again = textToHand(handToText(r.hand));
    expect(again).toEqual(r);
  });

  it('says what is wrong with unreadable text, in the screen\'s language', () => {
    const r = textToHand('123x');
    expect(r.ok).toBe(false);
    // a syntax error says what was expected, without repeating the text the player has in front of them
    expect(textToHand('123m [456p', 'fr')).toEqual({ ok: false, message: 'il faut un «\u00a0]\u00a0» qui ferme le «\u00a0[\u00a0».' });
    expect(textToHand('123m [456p')).toEqual({ ok: false, message: 'expected a closing "]" after "[".' });
    expect(textToHand('123m 456p]', 'fr')).toEqual({ ok: false, message: 'il faut un crochet ouvrant avant «\u00a0]\u00a0».' });
    expect(textToHand('123m +', 'fr')).toEqual({ ok: false, message: 'il faut une tuile après «\u00a0+\u00a0», par exemple +5p.' });
    expect(textToHand('123x', 'fr')).toMatchObject({ ok: false, message: expect.stringMatching(/^Tuile inconnue «\u00a0x\u00a0» à la position 3/) });
  });

  it('takes the hand typed on a Japanese keyboard, in capitals, or pasted as Unicode mahjong tiles', () => {
    const plain = textToHand('123m456p789s11z23s +4s');
    expect(textToHand('１２３ｍ４５６ｐ７８９ｓ１１ｚ２３ｓ ＋４ｓ')).toEqual(plain);
    expect(textToHand('123M456P789S11Z23S +4S')).toEqual(plain);
    expect(textToHand('🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀑🀒 +🀓')).toEqual(plain);
  });

  it('writes an unfinished hand as its tiles', () => {
    expect(handToText({ closed: ['1m', '2m', '0p'], melds: [], winTile: null })).toBe('12m0p');
  });
});

describe('digits typed without their suit letter', () => {
  it('are found, with the suit the notation reads them with (the next letter), and only those', () => {
    expect(suitlessGroups('234 567p 345s 678m 22p')).toEqual([{ digits: '234', suit: 'p' }]);
    expect(suitlessGroups('234m 567 345s 678m 22p')).toEqual([{ digits: '567', suit: 's' }]);
    expect(suitlessGroups('11 22 33m 44p 55s 66z 77z')).toEqual([{ digits: '11', suit: 'm' }, { digits: '22', suit: 'm' }]);
    for (const fine of ['234m567p345s5688s +7s', '234m 567p 345s 5688s +7s', '(1111z) 234m567p5688s +7s', '[345s] 234m067p11z55s +5s', '１２３ｍ 456p']) expect(suitlessGroups(fine), fine).toEqual([]);
  });
});
