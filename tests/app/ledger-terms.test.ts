// The terms a new game is counted by, shown before it starts (the start, the return and oka, the uma).
import { describe, expect, it } from 'vitest';
import { termsText } from '../../src/app/ledger/LedgerScreen.tsx';
import { ledgerStrings } from '../../src/app/ledger/strings.ts';
import { gameRulesLabelIn } from '../../src/app/i18n/ruleWords.ts';
import { createGame } from '../../src/engine/ledger/index.ts';

describe('a new game\'s terms', () => {
  it('say the start, the return (and oka) and the uma of the rule book, as the game will count them', () => {
    const en = ledgerStrings.en;
    expect(termsText(en, 'tenhou', '25000', 'en')).toBe('Counted from 25,000 points each, 30,000 returned at the end (oka: 20,000 to first place), uma +20/+10/−10/−20.');
    expect(termsText(en, 'mahjongsoul', '25000', 'en')).toBe('Counted from 25,000 points each, 25,000 returned at the end, uma +15/+5/−5/−15.');
    expect(termsText(en, 'ema', '30000', 'en')).toBe('Counted from 30,000 points each, 30,000 returned at the end, uma +15/+5/−5/−15.');
    expect(termsText(ledgerStrings.fr, 'mleague', '25000', 'fr')).toBe('Chacun part de 25\u202f000\u00a0points, 30\u202f000 rendus à la fin (oka\u00a0: 20\u202f000 à la première place), uma +30/+10/−10/−30.');
    // a start typed under rules without oka moves the return with it, as the game created does
    expect(termsText(en, 'ema', '25000', 'en')).toContain('25,000 returned');
    expect(createGame({ players: ['A', 'B', 'C', 'D'], rules: 'ema', startingPoints: 25000 }).rules.returnPoints).toBe(25000);
    expect(termsText(en, 'tenhou', '30000', 'en')).toBe('Counted from 30,000 points each, 30,000 returned at the end, uma +20/+10/−10/−20.');
    expect(createGame({ players: ['A', 'B', 'C', 'D'], rules: 'tenhou', startingPoints: 30000 }).rules.returnPoints).toBe(30000);
  });
  it('the rules of a game write their points as the app does (30,000, not 30000)', () => {
    const setup = createGame({ players: ['A', 'B', 'C', 'D'], rules: 'mahjongsoul', startingPoints: 30000 });
    expect(gameRulesLabelIn(setup, 'en')).toBe('Mahjong Soul (starting points: 30,000, return points: 30,000)');
    expect(gameRulesLabelIn(setup, 'fr')).toContain('30\u202f000');
  });
});
