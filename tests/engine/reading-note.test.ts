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

  it('a two-sided wait shown where the tile also finishes the pair or an edge or closed wait says so (the learner asks why not that reading)', () => {
    // 2344m won on 4m: 23m waiting on 1m and 4m (pinfu, shown), or 44m the pair (a single wait)
    const pair = notesOf('234p 567p 678s 2344m +4m');
    expect(pair).toEqual([{ reason: 'wait_also_pair', params: { win: '4m', tiles: '4m', wait: 'tanki' } }]);
    expect(readingNoteText(pair[0]!)).toBe('4m also completes the hand as its pair (a single wait), but no reading of the hand is worth more than this one, with its two-sided wait');
    expect(readingNoteText(pair[0]!, 'fr')).toBe('4m complète aussi la main comme sa paire (attente sur une tuile), mais aucune lecture de la main ne vaut plus que celle-ci, avec son attente des deux côtés');
    // 3s: an edge wait on 12s or a two-sided one on 45s; pinfu makes the two-sided one worth more, and it is shown
    const edge = notesOf('123m 567p 345s 12s 99s +3s', { riichi: true });
    expect(edge).toEqual([{ reason: 'wait_also_other', params: { win: '3s', tiles: '12s', wait: 'penchan' } }]);
    expect(readingNoteText(edge[0]!)).toBe('3s also finishes 12s (edge wait), but no reading of the hand is worth more than this one, with its two-sided wait');
    expect(readingNoteText(edge[0]!, 'fr')).toBe('3s complète aussi 12s (attente au bord), mais aucune lecture de la main ne vaut plus que celle-ci, avec son attente des deux côtés');
    expect(notesOf('123m 456p 34556s 99s +4s')).toMatchObject([{ reason: 'wait_also_other', params: { tiles: '35s', wait: 'kanchan' } }]);
  });

  it('nothing where the tile finishes one wait only, or there is no reading to speak of', () => {
    expect(notesOf('123m 567p 789s 45s 99s +3s', { riichi: true })).toEqual([]); // two-sided only
    expect(notesOf('234m 567p 345s 79s 88p +8s', { riichi: true })).toEqual([]); // closed wait only
    expect(notesOf('12m 567p 345s 678s 99s +3m', { riichi: true })).toEqual([]); // edge wait only
    expect(notesOf('234m 567p 345s 678s 8p +8p', { riichi: true })).toEqual([]); // single wait only
    // 89s won on 7s is an edge wait, not two-sided, even beside 6s
    expect(notesOf('234m 567p 89s 66s 678s +7s', { riichi: true }).filter((n) => n.params.tiles === '89s')).toEqual([]);
    expect(notesOf('1133m 5577p 2244s 6z +6z', { riichi: true })).toEqual([]); // seven pairs
    expect(notesOf('234m 567p 345s 56s 77z 9s +4s')).toEqual([]); // 15 tiles: an error
  });

  it('over random hands: a two-sided wait named beside another wait, another wait beside a two-sided one, with the winning tile and the tiles of the wait', () => {
    const named = { wait_also_two_sided: 0, wait_also_pair: 0, wait_also_other: 0 };
    for (const hand of randomHands(20261208, 3000)) {
      const result = scoreHand(hand);
      for (const n of readingNotes(hand, result)) {
        named[n.reason]++;
        const shown = result.ok && result.explanation.reading.wait;
        if (n.reason === 'wait_also_two_sided') expect(shown).not.toBe('ryanmen');
        else expect([shown, n.params.wait === 'tanki']).toEqual(['ryanmen', n.reason === 'wait_also_pair']);
        expect(n.params.win).toBe(hand.win_tile.replace(/^0/, '5'));
        expect(n.params.tiles).toMatch(n.reason === 'wait_also_pair' ? /^\d[mps]$/ : /^\d\d[mpsz]$/);
        expect(readingNoteText(n)).not.toMatch(/\{|undefined/);
      }
    }
    expect(Object.values(named).every((n) => n > 10), JSON.stringify(named)).toBe(true);
  });
});
