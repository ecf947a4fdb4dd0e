// Practice mode: public API (pure; no DOM, no I/O).
export { createRng, type Rng } from './rng.ts';
export { TOPICS, isTopic, topicsOf, emptyTally, parseTally, recordResults, topicWeight, pickTopic, type Topic, type Tally } from './topics.ts';
export {
  generateQuestion,
  askedTopics,
  randomHand,
  paymentShapeOf,
  TOPICS_BY_LEVEL,
  type AskLevel,
  type MeldLevel,
  type PracticeLevel,
  type PracticeQuestion,
  type PaymentShape,
} from './generator.ts';
export { checkAnswer, type AnswerCheck, type PartCheck, type PracticeAnswer, type PaymentAnswer } from './answer.ts';
export { generateWaitsQuestion, checkWaitsAnswer, type WaitsQuestion, type WaitsCheck } from './waits-question.ts';
