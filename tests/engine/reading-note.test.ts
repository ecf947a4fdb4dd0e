// Why the reading shown has its wait where the winning tile also finishes a two-sided wait (src/engine/readingNote.ts).
import { describe, expect, it } from 'vitest';
import { parseHand, readingNotes, readingNoteText, scoreHand, type HandInput } from '../../src/engine/index.ts';
import { randomHands } from '../../src/engine/random-hands.ts';

const notesOf = (hand: string, extra: Partial<HandInput> = {}) => {
  const input: HandInput = { ...parseHand(hand), seat_wind: 'S', round_wind: 'E', ...extra };
  return readingNotes(input, scoreHand(input));
};

describe('a note on the reading\'s wait', () => {
  it('a closed wait shown where the winning tile also finishes a two-sided wait says so, in English and French', () => {
    // 345s 56s won on 4s: 35s waiting on 4s (shown: 2 fu, the pair of dragons keeps pinfu out) or 56s on 4s and 7s
    const input: HandInput = { ...parseHand('234m 567p 345s 56s 77z +4s'), seat_wind: 'S', riichi: true };
    const result = scoreHand(input);
    expect(result.ok && result.explanation.reading.wait).toBe('kanchan');
    const notes = readingNotes(input, result);
    expect(notes).toEqual([{ reason: 'wait_also_two_sided', params: { win: '4s', tiles: '56s', wait: 'kanchan' } }]);
    expect(readingNoteText(notes[0]!)).toBe('4s also finishes 56s as a two-sided wait, but no reading of the hand is worth more than this one, with its closed wait');
    expect(readingNoteText(notes[0]!, 'fr')).toBe('4s complète aussi 56s en attente des deux côtés, mais aucune lecture de la main ne vaut plus que celle-ci, avec son attente fermée');
  });

  it('a double pair wait shown where the tile also finishes a chow two-sided', () => {
    expect(notesOf('234m 567p 222s 34s 99s +2s', { riichi: true })).toMatchObject([{ params: { win: '2s', tiles: '34s', wait: 'shanpon' } }]);
  });

  it('nothing when the wait shown is two-sided, or no reading has one, or there is no reading to speak of', () => {
    // 3s: an edge wait on 12s or a two-sided one on 45s; pinfu makes the two-sided one worth more, and it is shown
    expect(notesOf('123m 567p 345s 12s 99s +3s', { riichi: true })).toEqual([]);
    expect(notesOf('234m 567p 345s 79s 88p +8s', { riichi: true })).toEqual([]); // closed wait only
    expect(notesOf('12m 567p 345s 678s 99s +3m', { riichi: true })).toEqual([]); // edge wait only
    expect(notesOf('234m 567p 345s 678s 8p +8p', { riichi: true })).toEqual([]); // single wait only
    // 89s won on 7s is an edge wait, not two-sided, even beside 6s
    expect(notesOf('234m 567p 89s 66s 678s +7s', { riichi: true }).filter((n) => n.params.tiles === '89s')).toEqual([]);
    expect(notesOf('1133m 5577p 2244s 6z +6z', { riichi: true })).toEqual([]); // seven pairs
    expect(notesOf('234m 567p 345s 56s 77z 9s +4s')).toEqual([]); // 15 tiles: an error
  });

  it('over random hands: a note only beside a wait other than two-sided, naming the winning tile and two others of a chow', () => {
    let named = 0;
    for (const hand of randomHands(20261208, 3000)) {
      const result = scoreHand(hand);
      for (const n of readingNotes(hand, result)) {
        named++;
        expect(result.ok && result.explanation.reading.wait).not.toBe('ryanmen');
        expect(n.params.win).toBe(hand.win_tile.replace(/^0/, '5'));
        expect(n.params.tiles).toMatch(/^\d\d[mps]$/);
        expect(readingNoteText(n)).not.toMatch(/\{|undefined/);
      }
    }
    expect(named).toBeGreaterThan(10);
  });
});
