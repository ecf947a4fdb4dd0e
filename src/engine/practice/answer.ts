// Comparing a player's answer with the engine's score, part by part, and mapping it to topics.
import type { Payment } from '../index.ts';
import { payment as tablePayment } from '../payment.ts';
import type { PracticeQuestion } from './generator.ts';
import type { Topic } from './topics.ts';

export interface PaymentAnswer {
  from_discarder?: number;
  from_dealer?: number;
  from_each_non_dealer?: number;
}

export interface PracticeAnswer {
  fan?: number;
  fu?: number;
  payment?: PaymentAnswer;
}

export interface PartCheck<T> {
  expected: T;
  given: T | undefined;
  correct: boolean;
}

export interface AnswerCheck {
  fan: PartCheck<number> | null;
  fu: PartCheck<number> | null;
  /**
   * `followsFromYours`: the payment given is wrong, but it is what the fan and fu given pay (the player read the table
   * right from a wrong count): said, so that they look at the fan or fu, not at the table.
   */
  payment: (PartCheck<PaymentAnswer> & { followsFromYours: boolean }) | null;
  allCorrect: boolean;
  /** Right (true) or wrong (false) for each topic the answer says something about. */
  topics: Partial<Record<Topic, boolean>>;
}

function expectedPayment(p: Payment): PaymentAnswer {
  if ('from_discarder' in p) return { from_discarder: p.from_discarder };
  return p.from_dealer === undefined ? { from_each_non_dealer: p.from_each_non_dealer } : { from_dealer: p.from_dealer, from_each_non_dealer: p.from_each_non_dealer };
}

function samePayment(expected: PaymentAnswer, given: PaymentAnswer | undefined): boolean {
  if (!given) return false;
  return (['from_discarder', 'from_dealer', 'from_each_non_dealer'] as const).every((k) => expected[k] === undefined || expected[k] === given[k]);
}

export function checkAnswer(question: PracticeQuestion, answer: PracticeAnswer): AnswerCheck {
  const r = question.result;
  const fan = question.asks.fan ? { expected: r.han, given: answer.fan, correct: answer.fan === r.han } : null;
  const fu = question.asks.fu ? { expected: r.fu, given: answer.fu, correct: answer.fu === r.fu } : null;
  const exp = expectedPayment(r.payment);
  const paymentRight = samePayment(exp, answer.payment);
  const payment = question.asks.payment ? { expected: exp, given: answer.payment, correct: paymentRight, followsFromYours: !paymentRight && followsFromGiven(question, answer, fan, fu) } : null;
  const topics: Partial<Record<Topic, boolean>> = {};
  const has = (t: Topic) => question.topics.includes(t);
  if (fan) topics.yaku = fan.correct;
  if (fu) {
    if (has('fu-of-sets')) topics['fu-of-sets'] = fu.correct;
    if (has('waits')) topics.waits = fu.correct;
  }
  if (has('limits')) {
    if (payment) topics.limits = payment.correct;
    else if (fan) topics.limits = fan.correct;
  }
  const parts = [fan, fu, payment].filter((p) => p !== null);
  return { fan, fu, payment, allCorrect: parts.every((p) => p.correct), topics };
}

/** Whether the payment given is what the fan and fu given (the right ones where not asked or not wrong) would pay. */
function followsFromGiven(question: PracticeQuestion, answer: PracticeAnswer, fan: PartCheck<number> | null, fu: PartCheck<number> | null): boolean {
  const r = question.result;
  if (!answer.payment || !((fan && !fan.correct) || (fu && !fu.correct))) return false;
  if (r.limit?.endsWith('yakuman')) return false; // a yakuman is no count of fan
  const han = fan ? answer.fan : r.han;
  const minipoints = fu ? answer.fu : r.fu;
  if (han === undefined || minipoints === undefined) return false;
  try {
    const ex = r.explanation;
    const p = tablePayment({ han, fu: minipoints, dealer: ex.dealer, tsumo: ex.tsumo, honba: ex.honba }, question.rules);
    return samePayment(expectedPayment(p), answer.payment);
  } catch {
    return false; // fan or fu no table has
  }
}
