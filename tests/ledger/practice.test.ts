import { describe, expect, it } from 'vitest';
import { formatTiles, parseTiles, payment, PRESET_NAMES, scoreHand, sortTiles } from '../../src/engine/index.ts';
import {
  checkAnswer,
  createRng,
  emptyTally,
  generateQuestion,
  parseTally,
  pickTopic,
  recordResults,
  TOPICS,
  TOPICS_BY_LEVEL,
  type PracticeLevel,
  type Topic,
} from '../../src/engine/practice/index.ts';

const LEVELS: PracticeLevel[] = [
  { ask: 'fu', melds: 'closed' },
  { ask: 'fu', melds: 'open' },
  { ask: 'fan', melds: 'closed' },
  { ask: 'fan', melds: 'open' },
  { ask: 'full', melds: 'closed' },
  { ask: 'full', melds: 'open' },
];

describe('practice generator', () => {
  it('always produces valid hands whose expected answers are exactly what scoreHand says', () => {
    let onTarget = 0;
    let total = 0;
    for (const level of LEVELS) {
      for (let seed = 1; seed <= 40; seed++) {
        const topics = TOPICS_BY_LEVEL[level.ask];
        const target = topics[seed % topics.length] as Topic;
        const q = generateQuestion(seed, level, target, seed % 2 ? 'ema' : 'ema2012');
        const again = scoreHand(q.input, seed % 2 ? 'ema' : 'ema2012');
        expect(again.ok, JSON.stringify(q.input)).toBe(true);
        expect(again).toEqual(q.result);
        const opened = (q.input.melds ?? []).some((m) => m.type !== 'kan-closed');
        expect(opened).toBe(level.melds === 'open');
        if (level.ask === 'fu') expect(q.result.han).toBeLessThan(5);
        // The engine's own numbers are a right answer; they are what the player must find.
        const r = q.result;
        const check = checkAnswer(q, { fan: r.han, fu: r.fu, payment: r.payment });
        expect(check.allCorrect).toBe(true);
        total++;
        if (q.topics.includes(target)) onTarget++;
      }
    }
    // The wanted topic is found for nearly every question (a fallback hand is allowed, rarely).
    expect(onTarget / total).toBeGreaterThan(0.9);
  });

  it('is reproducible from its seed', () => {
    const level: PracticeLevel = { ask: 'full', melds: 'open' };
    expect(generateQuestion(1234, level, 'yaku')).toEqual(generateQuestion(1234, level, 'yaku'));
    expect(generateQuestion(1234, level, 'yaku').input).not.toEqual(generateQuestion(1235, level, 'yaku').input);
  });

  it('asks fu only while they matter, and the right payment shape', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const q = generateQuestion(seed, { ask: 'full', melds: 'closed' }, 'limits');
      expect(q.asks.fu).toBe(q.result.han < 5);
      expect(q.asks.payment).toBe(true);
      if (q.paymentShape === 'ron') expect(q.result.payment).toHaveProperty('from_discarder');
      if (q.paymentShape === 'tsumo-non-dealer') expect(q.result.payment).toHaveProperty('from_dealer');
    }
  });
});

describe('a payment read right from a wrong count', () => {
  it('is said to follow from the fan and fu given (the table was read right), and only then', () => {
    let seen = 0;
    for (let seed = 1; seed <= 60 && seen < 5; seed++) {
      const q = generateQuestion(seed, { ask: 'full', melds: 'closed' }, 'fu-of-sets', 'ema');
      const r = q.result;
      if (!r.ok || r.han >= 4 || !q.asks.fu || !q.asks.fan) continue;
      seen++;
      const ex = r.explanation;
      const theirs = payment({ han: r.han + 1, fu: r.fu, dealer: ex.dealer, tsumo: ex.tsumo, honba: ex.honba }, 'ema');
      const given = 'from_discarder' in theirs ? { from_discarder: theirs.from_discarder } : { from_dealer: theirs.from_dealer, from_each_non_dealer: theirs.from_each_non_dealer };
      const check = checkAnswer(q, { fan: r.han + 1, fu: r.fu, payment: given });
      expect([check.fan?.correct, check.payment?.correct, check.payment?.followsFromYours]).toEqual([false, false, true]);
      // a payment that follows from nothing given, or a right count: not said
      expect(checkAnswer(q, { fan: r.han + 1, fu: r.fu, payment: { from_discarder: 100, from_dealer: 100, from_each_non_dealer: 100 } }).payment?.followsFromYours).toBe(false);
      expect(checkAnswer(q, { fan: r.han, fu: r.fu, payment: given }).payment?.followsFromYours).toBe(false);
    }
    expect(seen).toBe(5);
  });
});

describe('answers and the per-topic tally', () => {
  it('marks a wrong fan as wrong for the yaku topic and a wrong fu for the fu topics', () => {
    const q = generateQuestion(7, { ask: 'full', melds: 'closed' }, 'fu-of-sets');
    const r = q.result;
    const wrongFan = checkAnswer(q, { fan: r.han + 1, fu: r.fu, payment: r.payment });
    expect(wrongFan.allCorrect).toBe(false);
    expect(wrongFan.fan).toEqual({ expected: r.han, given: r.han + 1, correct: false });
    expect(wrongFan.topics.yaku).toBe(false);
    if (q.asks.fu) {
      const wrongFu = checkAnswer(q, { fan: r.han, fu: r.fu + 10, payment: r.payment });
      expect(wrongFu.fu?.correct).toBe(false);
      expect(wrongFu.topics['fu-of-sets']).toBe(false);
    }
    const noPayment = checkAnswer(q, { fan: r.han, fu: r.fu });
    expect(noPayment.payment?.correct).toBe(false);
  });

  it('favours the topics answered wrong', () => {
    let tally = emptyTally();
    for (let i = 0; i < 10; i++) tally = recordResults(tally, { yaku: true, waits: true, limits: true, 'fu-of-sets': false });
    const rng = createRng(42);
    const counts = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;
    for (let i = 0; i < 2000; i++) counts[pickTopic(tally, rng)]++;
    // Weights: fu-of-sets 11/12, each other 1/12.
    expect(counts['fu-of-sets']).toBeGreaterThan(1500);
    expect(counts.yaku).toBeGreaterThan(0);
  });

  it('reads a saved tally and survives a damaged one', () => {
    const tally = recordResults(emptyTally(), { waits: false });
    expect(parseTally(JSON.stringify(tally))).toEqual(tally);
    expect(parseTally('{not json')).toEqual(emptyTally());
    expect(parseTally('{"waits": {"right": -3, "wrong": "x"}}')).toEqual(emptyTally());
  });
});

describe('practice follows the chosen preset', () => {
  it('every preset: the question is scored, and answers checked, by that preset', () => {
    for (const preset of PRESET_NAMES) {
      for (let seed = 1; seed <= 6; seed++) {
        const q = generateQuestion(seed, { ask: 'full', melds: 'open' }, 'limits', preset);
        expect(q.rules).toBe(preset);
        const again = scoreHand(q.input, preset);
        expect(again.ok && [again.han, again.fu, again.total_gain]).toEqual([q.result.han, q.result.fu, q.result.total_gain]);
      }
    }
  });
  it('red fives are drawn and count as dora under ema2012; under ema the same seed gives the hand with plain fives', () => {
    let seen = 0;
    for (let seed = 1; seed <= 200 && seen < 3; seed++) {
      const q = generateQuestion(seed, { ask: 'fan', melds: 'closed' }, 'yaku', 'ema2012');
      if (!q.input.closed.includes('0')) continue;
      seen++;
      expect(q.result.yaku.some((y) => y.id === 'aka_dora')).toBe(true);
      // the EMA 2016 set has no red fives: the same draw, with plain fives
      const plain = generateQuestion(seed, { ask: 'fan', melds: 'closed' }, 'yaku', 'ema');
      expect(plain.input.closed).toBe(formatTiles(sortTiles(parseTiles(q.input.closed.replace(/0/g, '5')))));
      expect(plain.result.red_fives_plain ?? 0).toBe(0);
      // and a red five in an EMA 2016 hand, however it came there, is scored plain
      const asEma = scoreHand(q.input, 'ema');
      if (asEma.ok) expect([asEma.yaku.some((y) => y.id === 'aka_dora'), (asEma.red_fives_plain ?? 0) > 0]).toEqual([false, true]);
    }
    expect(seen).toBeGreaterThan(0);
  });
});
