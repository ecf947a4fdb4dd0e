// The Ledger screen rendered for random games under every preset (tests/ledger/randomGames.ts: wins of any size,
// several winners, pao, draws, nagashi, chombo, abortive draws), in both languages: the game view renders with
// every player's points and, once the game is over, the final table; the form that corrects an entry renders for
// every entry of the game, filled in from it. A screen that fails here shows a player "This screen failed to load"
// in the middle of a game.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/app/i18n/index.ts';
import { gameOverText, GameView } from '../../src/app/ledger/GameView.tsx';
import { formFromEvent, HandForm } from '../../src/app/ledger/HandForm.tsx';
import { ledgerStrings } from '../../src/app/ledger/strings.ts';
import { createGame, finalTable, newDocument, replay, type LedgerEvent } from '../../src/engine/ledger/index.ts';
import { PRESET_NAMES } from '../../src/engine/index.ts';
import { playRandomGame, rng } from '../ledger/randomGames.ts';

const GAMES_PER_PRESET = 6;
const numbers = (lang: 'en' | 'fr', n: number) => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-US');
/** The text of rendered markup: tags dropped, the two escapes React writes in text put back. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe('the Ledger screen on random games', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`renders ${GAMES_PER_PRESET} random games under each preset, and the correction form of each entry (${lang})`, () => {
      setLang(lang);
      const s = ledgerStrings[lang];
      const next = rng(1205 + (lang === 'fr' ? 1 : 0));
      let finished = 0;
      let forms = 0;
      const endings = new Set<string>();
      for (const preset of PRESET_NAMES) {
        for (let g = 0; g < GAMES_PER_PRESET; g++) {
          const { setup, events, state } = playRandomGame(preset, next, 60);
          const doc = { ...newDocument(`${preset}-${g}`, setup, new Date(Date.UTC(2026, 11, 5))), events };
          const html = renderToStaticMarkup(createElement(GameView, { s, doc, onEvents: async () => true }));
          const shown = text(html);
          expect(shown, `${preset} game ${g}`).not.toMatch(/undefined|NaN|\[object/);
          // the standings: the points, and once the game is over the final table's (riichi bets left to first place in)
          const standing = (p: 0 | 1 | 2 | 3) => (state.finished ? finalTable(state).rows.find((r) => r.player === p)!.points : state.points[p]);
          for (const p of [0, 1, 2, 3] as const) expect(html).toContain(`data-testid="points-${p}" data-value="${standing(p)}"`);
          expect(shown).toContain(numbers(lang, standing(0)));
          if (state.finished) {
            // the end said with its reason and the hand it came after (it once said "South 4 ended" for every end)
            const over = gameOverText(s, state);
            expect(shown).toContain(over.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
            const last = state.hands.at(-1)!;
            expect(over).toContain(`${s[`wind.${last.round}`]} ${last.handNumber}`);
            if (state.endReason === 'bust') expect(over).toContain(setup.players[state.points.findIndex((p) => p < 0)]!);
            if (state.endReason === 'target-reached') expect(over).toContain(setup.players[state.points.indexOf(Math.max(...state.points))]!);
            if (state.endReason === 'agari-yame') expect(over).toContain(setup.players[last.dealer]);
            if (state.endReason === 'last-hand') expect(`${last.round} ${last.handNumber}`).toMatch(/^(S|W) 4$/);
            endings.add(state.endReason!);
            finished++;
          }
          // the form that corrects entry i starts from the state before it, filled in from the entry
          events.forEach((event, i) => {
            if (event.type === 'riichi') return;
            const before = replay(setup, events.slice(0, i)).state;
            const form = renderToStaticMarkup(
              createElement(HandForm, { s, state: before, initial: formFromEvent(event, before), editing: i, onSubmit: () => null, onCancel: () => undefined }),
            );
            expect(text(form), `${preset} game ${g}, entry ${i + 1}`).not.toMatch(/undefined|NaN|\[object/);
            if (event.type === 'win') for (const w of event.winners) expect(form).toContain(`value="${w.han}"`);
            forms++;
          });
        }
      }
      expect(finished).toBeGreaterThan(5);
      expect(endings).toContain('bust');
      expect(endings).toContain('last-hand');
      expect(forms).toBeGreaterThan(100);
    });
  }
});

describe('a chombo paid at the end', () => {
  const view = (preset: string) => {
    setLang('en');
    const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
    const events: LedgerEvent[] = [{ type: 'chombo', player: 3 }];
    return renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: { ...newDocument(preset, setup, new Date(Date.UTC(2026, 11, 7))), events }, onEvents: async () => true }));
  };
  it('says its penalty in the entry (not four zeros) and beside the player while the game goes on (EMA 2016)', () => {
    const html = view('ema');
    const entry = /<li data-testid="entry-0">(.*?)<\/li>/.exec(html)![1]!;
    expect(text(entry)).toContain('Chombo by Dmitri: 20,000 points off the final score, nothing paid at the table');
    expect(entry).not.toContain('ledger-deltas');
    expect(text(/data-testid="chombo-due-3">(.*?)<\/span>/.exec(html)![1]!).trim()).toBe('(chombo: −20,000 at the end)');
    expect(html).not.toContain('chombo-due-0');
  });
  it('a reverse mangan (EMA 2012) is paid at the table: its payments shown, nothing due at the end', () => {
    const html = view('ema2012');
    const entry = /<li data-testid="entry-0">(.*?)<\/li>/.exec(html)![1]!;
    expect(text(entry).replace(/\s+/g, ' ')).toContain('Chombo by Dmitri (Aiko +4,000, Bruno +2,000, Chloé +2,000, Dmitri -8,000)');
    expect(html).not.toContain('chombo-due-');
  });
});

describe('the final table and the riichi bets left on the table', () => {
  // East 1 to South 4 drawn with nobody tenpai (the deal passes each time), Bruno's riichi in the last hand and tenpai
  const events: LedgerEvent[] = [...Array.from({ length: 7 }, () => ({ type: 'draw' as const, tenpai: [] })), { type: 'riichi', player: 1 }, { type: 'draw', tenpai: [1] }];
  const finalTableText = (preset: string, lang: 'en' | 'fr') => {
    setLang(lang);
    const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
    const doc = { ...newDocument(preset, setup, new Date(Date.UTC(2026, 11, 7))), events };
    const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings[lang], doc, onEvents: async () => true }));
    setLang('en');
    return text(/data-testid="final-bets-left">([^<]*)</.exec(html)?.[1] ?? '');
  };
  it('says where they went: to first place under EMA 2016 (counted in its points), to nobody under WRC 2015', () => {
    // Bruno: 30,000 - 1,000 bet + 3,000 from the noten players = 32,000, and the bet back as first place
    expect(finalTableText('ema', 'en')).toBe('Riichi bets left on the table: 1; they go to first place, Bruno (1,000 points, counted in the points above).');
    expect(finalTableText('ema', 'fr')).toBe('Mises de riichi restées sur la table\u00a0: 1\u00a0; elles vont à la première place, Bruno (1\u202f000\u00a0points, comptés dans les points ci-dessus).');
    expect(finalTableText('wrc2015', 'en')).toBe('Riichi bets left on the table: 1; nobody collects them.');
    // the status line above says so too
    const status = (preset: string) => {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: { ...newDocument(preset, setup, new Date(Date.UTC(2026, 11, 7))), events }, onEvents: async () => true }));
      return text(/data-testid="riichi-bets"[^>]*>(.*?)<\/span>/.exec(html)![1]!).replace(/\s+/g, ' ').trim();
    };
    expect(status('ema')).toBe('1, gone to first place');
    expect(status('wrc2015')).toBe('1');
    // and the standings show the points the final table shows, the bet counted (they said 32,000 above 33,000)
    const standing = (preset: string) => {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: { ...newDocument(preset, setup, new Date(Date.UTC(2026, 11, 7))), events }, onEvents: async () => true }));
      return /data-testid="points-1" data-value="(\d+)"/.exec(html)?.[1];
    };
    expect(standing('ema')).toBe('33000');
    expect(standing('wrc2015')).toBe('32000');
  });
  it('says "each" only when players level in first place share the bets', () => {
    setLang('en');
    // East 1: Chloé and Dmitri riichi and tenpai, nobody else; then seven hands nobody is tenpai in
    const shared: LedgerEvent[] = [{ type: 'riichi', player: 2 }, { type: 'riichi', player: 3 }, { type: 'draw', tenpai: [2, 3] }, ...Array.from({ length: 7 }, () => ({ type: 'draw' as const, tenpai: [] }))];
    const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: 'ema' });
    const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: { ...newDocument('ema', setup, new Date(Date.UTC(2026, 11, 7))), events: shared }, onEvents: async () => true }));
    expect(text(/data-testid="final-bets-left">([^<]*)</.exec(html)![1]!)).toBe('Riichi bets left on the table: 2; they go to first place, shared by Chloé, Dmitri (1,000 points each, counted in the points above).');
    // the game over, the standings give the places, not the seat winds of the last hand
    expect([0, 1, 2, 3].map((p) => new RegExp(`data-testid="seat-${p}">([^<]*)<`).exec(html)?.[1])).toEqual(['3=', '3=', '1=', '1=']);
    // no chombo in the game: no empty Chombo column (it widened the table past a phone)
    expect(/data-testid="final-table".*?<\/thead>/.exec(html)![0]).not.toContain('>Chombo<');
  });
  it('says why players level on points get different places where the rules rank ties by seat (Tenhou)', () => {
    // Aiko (dealer) and Bruno tenpai in East 1, then twelve draws nobody is tenpai in: the game ends after West 4
    const draws: LedgerEvent[] = [{ type: 'draw', tenpai: [0, 1] }, ...Array.from({ length: 12 }, () => ({ type: 'draw' as const, tenpai: [] }))];
    const html = (preset: string) => {
      setLang('en');
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const doc = { ...newDocument(preset, setup, new Date(Date.UTC(2026, 11, 7))), events: draws };
      return renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc, onEvents: async () => true }));
    };
    const tenhou = html('tenhou');
    expect(tenhou).toContain('data-testid="final-table"');
    expect([...tenhou.matchAll(/data-testid="final-seat-tie">([^<]*)</g)].map((m) => text(m[1]!))).toEqual([
      "Aiko, Bruno are level on 26,500 points: these rules place them by seat, the first hand's East first.",
      "Chloé, Dmitri are level on 23,500 points: these rules place them by seat, the first hand's East first.",
    ]);
    // EMA 2016 splits tied places: nothing to say (the table marks them "=")
    expect(html('ema')).not.toContain('final-seat-tie');
  });
  it('shows the riichi bets inside each player\'s change in an entry', () => {
    setLang('en');
    const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: 'ema' });
    const events: LedgerEvent[] = [{ type: 'riichi', player: 1 }, { type: 'win', discarder: 1, winners: [{ player: 0, han: 3, fu: 30 }] }];
    const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: { ...newDocument('bets', setup, new Date(Date.UTC(2026, 11, 7))), events }, onEvents: async () => true }));
    // the dealer's 3 fan 30 fu is 5,800 from Bruno, whose riichi bet the winner collects
    expect(text(/data-testid="entry-1">(.*?)<\/li>/.exec(html)![1]!)).toContain('(Aiko +6,800 incl. riichi bets +1,000, Bruno -6,800 incl. riichi bets -1,000, Chloé 0, Dmitri 0)');
  });
  it('names each Riichi button with its player for a screen reader', () => {
    setLang('en');
    const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: 'ema' });
    const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: newDocument('names', setup, new Date(Date.UTC(2026, 11, 7))), onEvents: async () => true }));
    expect([...html.matchAll(/data-testid="riichi-\d">(.*?)<\/button>/g)].map((m) => text(m[1]!).replace(/\s+/g, ' ').trim())).toEqual(['Riichi : Aiko', 'Riichi : Bruno', 'Riichi : Chloé', 'Riichi : Dmitri']);
  });
  it('offers in the limit list only the yakuman the rules can pay', () => {
    setLang('en');
    const limits = (preset: string) => {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const state = replay(setup, []).state;
      const html = renderToStaticMarkup(createElement(HandForm, { s: ledgerStrings.en, state, initial: { ...formFromEvent(null, state), kind: 'tsumo', tsumoWinner: 0 }, editing: null, onSubmit: () => null, onCancel: () => undefined }));
      const select = /data-testid="limit-0">(.*?)<\/select>/.exec(html)![1]!;
      return [...select.matchAll(/value="([^"]*)"/g)].map((m) => m[1]).filter((v) => v!.includes('yakuman'));
    };
    expect(limits('ema')).toEqual(['yakuman']);
    expect(limits('ema2012')).toEqual(['yakuman', 'double_yakuman']);
    expect(limits('tenhou')).toEqual(['yakuman', 'double_yakuman', 'triple_yakuman', 'quadruple_yakuman', 'quintuple_yakuman', 'sextuple_yakuman']);
  });
  it('says how several winners on one discard are paid as the rules pay them (Mahjong Soul gives a winner\'s own bet to the nearest)', () => {
    setLang('en');
    const note = (preset: string) => {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const state = replay(setup, []).state;
      const html = renderToStaticMarkup(createElement(HandForm, { s: ledgerStrings.en, state, initial: { ...formFromEvent(null, state), kind: 'ron' }, editing: null, onSubmit: () => null, onCancel: () => undefined }));
      return /data-testid="multiple-note">([^<]*)</.exec(html)?.[1];
    };
    expect(note('ema')).toBe('Several winners on one discard: each winner is paid; each takes the counters and their own riichi bet back, and the other bets go to the first winner in turn after the discarder (on the discarder’s right).');
    expect(note('mahjongsoul')).toBe('Several winners on one discard: each winner is paid; the counters and every riichi bet, a winner’s own included, go to the first winner in turn after the discarder (on the discarder’s right).');
    expect(note('tenhou')).toBe('Several winners on one discard: two winners are paid; three winners make an abortive draw; the counters and every riichi bet, a winner’s own included, go to the first winner in turn after the discarder (on the discarder’s right).');
    expect(note('wrc2015')).toBe('Several winners on one discard: only the first winner in turn after the discarder (on the discarder’s right) is paid (head bump).');
  });
  it('says, under WRC 2015, that its pao follows EMA 2016 3.3.9 (the WRC clause could not be checked)', () => {
    setLang('en');
    const source = (preset: string) => {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const state = replay(setup, []).state;
      const event: LedgerEvent = { type: 'win', discarder: 1, winners: [{ player: 0, han: 13, fu: 30, limit: 'yakuman', liable: 2 }] };
      const html = renderToStaticMarkup(createElement(HandForm, { s: ledgerStrings.en, state, initial: formFromEvent(event, state), editing: 0, onSubmit: () => null, onCancel: () => undefined }));
      expect(html).toContain('data-testid="liable-0"');
      return /data-testid="pao-source-0">([^<]*)</.exec(html)?.[1] ?? null;
    };
    expect(source('wrc2015')).toBe('Pao is counted here as EMA 2016 (3.3.9) counts it; the WRC 2015 clause (6.2, liability payment) could not be checked.');
    expect(source('ema')).toBeNull();
  });
  it('says when fan and fu typed reach a limit under the rules (kiriage under M-League)', () => {
    setLang('en');
    const entry = (preset: string, han: number) => {
      const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: preset });
      const events: LedgerEvent[] = [{ type: 'win', discarder: 1, winners: [{ player: 2, han, fu: 30 }] }];
      const html = renderToStaticMarkup(createElement(GameView, { s: ledgerStrings.en, doc: { ...newDocument(preset, setup, new Date(Date.UTC(2026, 11, 7))), events }, onEvents: async () => true }));
      return text(/data-testid="entry-0">(.*?)<\/li>/.exec(html)![1]!);
    };
    expect(entry('mleague', 4)).toContain('Chloé (4 fan 30 fu, mangan)');
    expect(entry('ema', 4)).toContain('Chloé (4 fan 30 fu)');
    expect(entry('ema', 6)).toContain('Chloé (6 fan 30 fu, haneman)');
  });
});
