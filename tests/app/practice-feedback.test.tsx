// The Practice screen's question and its feedback for random questions under every preset and level, with right,
// wrong and missing answers, in both languages: each renders, the verdict of each part is the engine's check, and
// the engine's explanation is set beside the right part: yaku (and the note on red fives scored plain) by the fan,
// every minipoint and their total by the fu, the total and who pays what by the payment. The lines were once cut by
// counting, which put an EMA hand's red-five note under fu and its fu total under payment.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../src/app/i18n/index.ts';
import { Feedback, HandView, withLocalNumbers, YakuTable } from '../../src/app/practice/PracticeScreen.tsx';
import { PointsTable } from '../../src/app/practice/PointsTable.tsx';
import { practiceStrings } from '../../src/app/practice/strings.ts';
import { explainNotCounted, explainScore, explainScoreParts, PRESET_NAMES, readingNotes, readingNoteText, scoreHand, yakuNotCounted } from '../../src/engine/index.ts';
import { shownText, unspaced } from './frenchText.ts';
import { withTileCodes } from './tileText.ts';
import { checkAnswer, generateQuestion, TOPICS_BY_LEVEL, type AskLevel, type PaymentAnswer } from '../../src/engine/practice/index.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** The markup of one part's row of the feedback table. */
const row = (html: string, part: string) => new RegExp(`<tr data-testid="check-${part}"[^>]*>(.*?)</tr>`).exec(html)?.[1] ?? '';

describe('practice feedback', () => {
  it('writes the points as the rest of the app does (12 300 in French, 12,300 in English), tiles and powers of 2 as they are', () => {
    const lines = ['Base points: 30 fu × 2^(3 + 2) = 3840, more than a mangan: 2000', 'The discarder: 4 × 3000 = 12000, + 300', 'Reading: (1111p) 234m 22z', '1.5 and 2,5'];
    expect(withLocalNumbers(lines, 'en')).toEqual(['Base points: 30 fu × 2^(3 + 2) = 3,840, more than a mangan: 2,000', 'The discarder: 4 × 3,000 = 12,000, + 300', 'Reading: (1111p) 234m 22z', '1.5 and 2,5']);
    expect(withLocalNumbers(['le jeteur paie 12300 (dont 1 compteur)'], 'fr')).toEqual(['le jeteur paie 12\u202f300 (dont 1 compteur)']);
    // a rule book's year is no sum of points
    expect(withLocalNumbers(['Rules: EMA 2016', 'Règles\u00a0: WRC 2015', 'The discarder pays 12000'], 'en')).toEqual(['Rules: EMA 2016', 'Règles\u00a0: WRC 2015', 'The discarder pays 12,000']);
    // a question's payment row, in French: no bare 4-digit points
    for (let seed = 1; seed < 40; seed++) {
      const q = generateQuestion(seed, { ask: 'full', melds: 'closed' }, 'fu-of-sets', 'ema');
      if (!q.result.ok) continue;
      const html = renderToStaticMarkup(createElement(Feedback, { s: practiceStrings.fr, q, check: checkAnswer(q, {}) }));
      const payment = row(html, 'payment').replace(/<[^>]+>/g, ' ');
      expect(payment).not.toMatch(/(?<![\w^]|\b[A-Z]{2,} )\d{4,}(?![\da-z])/);
      expect(payment).toMatch(/EMA 2016/);
    }
  });

  it('explains each part beside it: the red-five note by the fan, the fu total by the fu (EMA, a red five)', () => {
    // Practice draws no red fives under EMA 2016 (its set has none), but a question may still hold one, as a
    // question carried over from other rules: an EMA 2012 hand with a red five, scored under EMA 2016.
    let found = 0;
    for (let seed = 1; seed < 400 && found < 3; seed++) {
      const q2012 = generateQuestion(seed, { ask: 'full', melds: 'closed' }, 'fu-of-sets', 'ema2012');
      const result = scoreHand(q2012.input, 'ema');
      if (!result.ok || result.explanation.red_fives_plain === 0) continue;
      const q = { ...q2012, rules: 'ema', result };
      found++;
      const parts = explainScoreParts(q.result, 'en');
      const html = renderToStaticMarkup(createElement(Feedback, { s: practiceStrings.en, q, check: checkAnswer(q, {}) }));
      expect(row(html, 'fan')).toContain(escape(parts.fan.at(-1)!)); // the red-five note
      expect(parts.fan.at(-1)).toMatch(/red fives? scored as plain/);
      expect(row(html, 'fu')).toContain(escape(parts.fu.at(-1)!)); // "= 40 minipoints"
      expect(row(html, 'fu')).not.toMatch(/scored as plain/);
      expect(row(html, 'payment')).not.toContain(escape(parts.fu.at(-1)!));
    }
    expect(found).toBe(3);
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`renders random questions under every preset and level with right, wrong and missing answers (${lang})`, () => {
      setLang(lang);
      const s = practiceStrings[lang];
      let rendered = 0;
      let withNearMisses = 0;
      let withNotes = 0;
      for (const rules of PRESET_NAMES) {
        for (const ask of ['fan', 'fu', 'full'] as AskLevel[]) {
          for (let seed = 1; seed <= 8; seed++) {
            const topics = TOPICS_BY_LEVEL[ask];
            const q = generateQuestion(seed * 7919 + rules.length, { ask, melds: seed % 2 ? 'open' : 'closed' }, topics[seed % topics.length]!, rules);
            if (!q.result.ok) continue;
            const pay = q.result.payment as PaymentAnswer;
            const answers = [{ fan: q.result.han, fu: q.result.fu, payment: pay }, { fan: q.result.han + 1, fu: q.result.fu + 10, payment: { from_discarder: 1 } }, {}];
            for (const answer of answers) {
              const check = checkAnswer(q, answer);
              const html = withTileCodes(renderToStaticMarkup(createElement(Feedback, { s, q, check })));
              const where = `${rules} ${ask} seed ${seed}`;
              expect(html.replace(/<[^>]+>/g, ' '), where).not.toMatch(/undefined|NaN|\[object/);
              if (lang === 'fr') expect(unspaced(shownText(html)), where).toEqual([]);
              for (const [part, c] of [['fan', check.fan], ['fu', check.fu], ['payment', check.payment]] as const) {
                expect(html, `${where} ${part}`).toContain(`data-testid="check-${part}" data-correct="${c === null ? 'not-asked' : String(c.correct)}"`);
              }
              // every line of the engine's explanation is shown, once, the yaku the hand came close to, and a note on
              // the reading's wait
              const shown = (html.match(/<li>/g) ?? []).length;
              const notCounted = explainNotCounted(yakuNotCounted(q.input, q.result, q.rules), lang);
              const notes = readingNotes(q.input, q.result).map((n) => readingNoteText(n, lang));
              expect(shown, where).toBe(explainScore(q.result, lang).length + notCounted.length + notes.length);
              for (const line of [...notCounted, ...notes]) expect(html, where).toContain(`<li>${escape(line)}</li>`);
              withNearMisses += notCounted.length > 0 ? 1 : 0;
              withNotes += notes.length > 0 ? 1 : 0;
              rendered++;
            }
            const hand = renderToStaticMarkup(createElement(HandView, { s, q }));
            expect(hand.replace(/<[^>]+>/g, ' ')).not.toMatch(/undefined|NaN/);
            if (lang === 'fr') expect(unspaced(shownText(hand))).toEqual([]);
          }
        }
      }
      expect(rendered).toBeGreaterThan(300);
      expect(withNearMisses).toBeGreaterThan(30);
      expect(withNotes).toBeGreaterThan(0);
    });
  }

  it('says when the payment given is what the fan and fu given pay', () => {
    setLang('en');
    const q = generateQuestion(3, { ask: 'full', melds: 'closed' }, 'fu-of-sets', 'ema');
    const base = checkAnswer(q, {});
    const follows = { ...base, payment: { ...base.payment!, followsFromYours: true } };
    expect(renderToStaticMarkup(createElement(Feedback, { s: practiceStrings.en, q, check: follows }))).toContain('data-testid="payment-follows">Your payment is what your fan and fu pay: you read the table right, only the count is off.<');
    expect(renderToStaticMarkup(createElement(Feedback, { s: practiceStrings.en, q, check: base }))).not.toContain('payment-follows');
  });

  it('names each meld under its tiles (a closed kan differs from an open one only by a sideways tile, 16 fu against 8)', () => {
    setLang('en');
    const named = new Set<string>();
    for (let seed = 1; seed < 400 && !named.has('kan-closed'); seed++) {
      const q = generateQuestion(seed, { ask: 'full', melds: 'open' }, 'fu-of-sets', 'ema');
      const hand = renderToStaticMarkup(createElement(HandView, { s: practiceStrings.en, q }));
      for (const m of q.input.melds ?? []) {
        expect(hand).toMatch(new RegExp(`data-meld="${m.type}">.*?<span class="practice-meld-label">${{ chi: 'Chi \\(called\\)', pon: 'Pon \\(called\\)', 'kan-open': 'Open kan', 'kan-closed': 'Closed kan', 'kan-added': 'Added kan' }[m.type]}</span>`));
        named.add(m.type);
      }
    }
    expect(named).toContain('kan-closed');
  });

  it('lists every yaku and its worth under the rules chosen, in English and French', () => {
    setLang('en');
    const en = renderToStaticMarkup(createElement(YakuTable, { s: practiceStrings.en, rules: 'ema2012' }));
    expect(en).toContain('<summary>Every yaku under these rules</summary>');
    expect(en).toMatch(/data-yaku="tanyao">.*?<span class="yaku-table-worth">1 fan, closed hand only<\/span>/);
    expect(en).toMatch(/data-yaku="ittsu">.*?2 fan closed, 1 open<\/span><span class="yaku-table-reason">chows 123, 456 and 789 in one suit</);
    expect(en).toMatch(/data-yaku="daisuushii">.*?Double yakuman, closed or open/);
    expect(renderToStaticMarkup(createElement(YakuTable, { s: practiceStrings.en, rules: 'ema' }))).toMatch(/data-yaku="tanyao">.*?1 fan, closed or open/);
    setLang('fr');
    const fr = renderToStaticMarkup(createElement(YakuTable, { s: practiceStrings.fr, rules: 'ema' }));
    expect(fr).toMatch(/data-yaku="ittsu">.*?2 han fermé, 1 ouvert/);
    expect(unspaced(shownText(fr))).toEqual([]);
    setLang('en');
  });
});

describe('practice: the points table under the chosen rules', () => {
  /** The text of the grid's cell at `fu` and `fan` (null: no such cell). */
  const cell = (html: string, fu: number, fan: number) => {
    const m = new RegExp(`<td(?: class="([^"]*)")? data-fu="${fu}" data-fan="${fan}">(.*?)</td>`).exec(html);
    return m ? { tinted: m[1] === 'points-table-limit', text: m[2]!.replace(/<[^>]+>/g, '') } : null;
  };
  it('opens on a non-dealer ron: the A-1 values, the gaps, mangan cells tinted; kiriage under M-League', () => {
    const en = renderToStaticMarkup(createElement(PointsTable, { s: practiceStrings.en, rules: 'ema' }));
    expect(en).toContain('<summary>Points table under these rules</summary>');
    expect(en).toMatch(/<caption id="[^"]+">Not the dealer, Ron \(on a discard\): EMA 2016<\/caption>/);
    expect(cell(en, 30, 1)).toEqual({ tinted: false, text: '1,000' });
    expect(cell(en, 30, 4)).toEqual({ tinted: false, text: '7,700' }); // no rounding to mangan under EMA
    expect(cell(en, 40, 4)).toEqual({ tinted: true, text: '8,000' });
    expect(cell(en, 20, 2)?.text).toBe('—'); // 20 fu: a pinfu won by self-draw only
    expect(cell(en, 25, 1)?.text).toBe('—');
    expect(cell(en, 25, 2)?.text).toBe('1,600');
    expect(en).toMatch(/data-limit="sanbaiman"><th scope="row">Sanbaiman<\/th><td>11 or more<\/td><td>24,000<\/td>/);
    expect(en).toMatch(/data-limit="yakuman"><th scope="row">Yakuman<\/th><td>yakuman hands<\/td><td>32,000<\/td>/);
    expect(en).not.toContain('double_yakuman');
    const mleague = renderToStaticMarkup(createElement(PointsTable, { s: practiceStrings.en, rules: 'mleague' }));
    expect(cell(mleague, 30, 4)).toEqual({ tinted: true, text: '8,000' }); // kiriage mangan
    expect(cell(mleague, 60, 3)).toEqual({ tinted: true, text: '8,000' });
    expect(mleague).toContain('data-limit="double_yakuman"');
    const ema2012 = renderToStaticMarkup(createElement(PointsTable, { s: practiceStrings.en, rules: 'ema2012' }));
    expect(ema2012).toMatch(/data-limit="yakuman"><th scope="row">Yakuman<\/th><td>13 or more<\/td>/); // kazoe
    expect(renderToStaticMarkup(createElement(PointsTable, { s: practiceStrings.en, rules: 'mahjongsoul' }))).toContain('yakuman add up');
    setLang('fr');
    const fr = renderToStaticMarkup(createElement(PointsTable, { s: practiceStrings.fr, rules: 'ema' }));
    expect(cell(fr, 30, 4)?.text).toBe('7\u202f700');
    expect(fr).toContain('<summary>Table des points selon ces règles</summary>');
    expect(unspaced(shownText(fr))).toEqual([]);
    setLang('en');
  });
});
