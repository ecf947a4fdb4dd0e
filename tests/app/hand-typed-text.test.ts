// Hand text typed in the Hand screen's box and not applied is kept in sessionStorage while the player is on another
// screen (src/app/hand/typedText.ts): it comes back only over the hand it was typed over.
import { describe, expect, it } from 'vitest';
import { keepTypedText, keptTypedText } from '../../src/app/hand/typedText.ts';
import { withSessionStorage } from './memoryStorage.ts';

const HAND = '234m567p345s5688s +7s';

describe('hand text typed and not applied', () => {
  it('comes back over the same hand', () => {
    withSessionStorage(() => {
      keepTypedText('234m567p34', HAND);
      expect(keptTypedText(HAND)).toBe('234m567p34');
    });
  });

  it('is not brought back over a hand changed since (a photo used, a tile tapped)', () => {
    withSessionStorage(() => {
      keepTypedText('234m567p34', HAND);
      expect(keptTypedText('234m567p345s5688s +8s')).toBeNull();
      expect(keptTypedText('')).toBeNull();
    });
  });

  it('keeps nothing once applied, or when the box holds the hand itself', () => {
    withSessionStorage((storage) => {
      keepTypedText('1m', '');
      keepTypedText(null, '');
      expect(keptTypedText('')).toBeNull();
      keepTypedText(HAND, HAND);
      expect(keptTypedText(HAND)).toBeNull();
      expect(storage.getItem('riichi-lens.hand-text.typed')).toBeNull();
    });
  });

  it('an emptied box is kept as empty, not as the hand', () => {
    withSessionStorage(() => {
      keepTypedText('', HAND);
      expect(keptTypedText(HAND)).toBe('');
    });
  });

  it('a damaged or foreign record, or no storage, gives nothing', () => {
    withSessionStorage((storage) => {
      storage.setItem('riichi-lens.hand-text.typed', '{"text": 3, "over": ""}');
      expect(keptTypedText('')).toBeNull();
      storage.setItem('riichi-lens.hand-text.typed', 'not json');
      expect(keptTypedText('')).toBeNull();
    });
    expect(keptTypedText(HAND)).toBeNull();
    expect(() => keepTypedText('1m', HAND)).not.toThrow();
  });
});
