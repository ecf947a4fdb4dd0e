// The practice question on screen, kept in sessionStorage (this tab only) so that a look at another screen (the Hand
// screen, to try the hand there) or a reload of the tab brings back the same question with what the player typed, and
// its answer if it was checked. A question is kept as its seed: the generators draw the same hand from it. The tally
// is not touched when an answered question comes back (it was counted when answered).
import { isPresetName, type PresetName } from '../../engine/index.ts';
import { isTopic, type MeldLevel, type PracticeLevel, type Topic } from '../../engine/practice/index.ts';
import { readStored, writeStored } from '../sessionStore.ts';

const SCORE_KEY = 'riichi-lens.practice.question';
const WAITS_KEY = 'riichi-lens.practice.waits-question';

export interface AnswerFields {
  fan: string;
  fu: string;
  a: string;
  b: string;
}

/** A hand to score (fan / fu / payment). */
export interface KeptScoreQuestion {
  seed: number;
  target: Topic;
  level: PracticeLevel;
  rules: PresetName;
  /** Its number in this tab's series ("Question 3"). */
  number: number;
  fields: AnswerFields;
  /** The fields were checked (the feedback shows). */
  answered: boolean;
  /** "Try again" was pressed: a second answer does not count. */
  retry: boolean;
}

/** A ready hand whose winning tiles the player picks. */
export interface KeptWaitsQuestion {
  seed: number;
  melds: MeldLevel;
  rules: PresetName;
  /** Its number in this tab's series ("Question 3"); absent in what an older version kept (then 1). */
  number?: number;
  picked: string[];
  answered: boolean;
}

const isSeed = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 32;
const isMelds = (v: unknown): v is MeldLevel => v === 'closed' || v === 'open';
const TILE = /^[1-9][mps]$|^[1-7]z$/;

function isScoreQuestion(v: unknown): v is KeptScoreQuestion {
  if (typeof v !== 'object' || v === null) return false;
  const q = v as Partial<KeptScoreQuestion>;
  const f = q.fields as Partial<AnswerFields> | undefined;
  return (
    isSeed(q.seed) &&
    isTopic(q.target) &&
    typeof q.level === 'object' &&
    q.level !== null &&
    (q.level.ask === 'fu' || q.level.ask === 'fan' || q.level.ask === 'full') &&
    isMelds(q.level.melds) &&
    isPresetName(q.rules) &&
    Number.isInteger(q.number) &&
    (q.number as number) >= 1 &&
    typeof f === 'object' &&
    f !== null &&
    (['fan', 'fu', 'a', 'b'] as const).every((k) => typeof f[k] === 'string' && f[k].length <= 12) &&
    typeof q.answered === 'boolean' &&
    typeof q.retry === 'boolean'
  );
}

function isWaitsQuestion(v: unknown): v is KeptWaitsQuestion {
  if (typeof v !== 'object' || v === null) return false;
  const q = v as Partial<KeptWaitsQuestion>;
  return (
    isSeed(q.seed) &&
    isMelds(q.melds) &&
    isPresetName(q.rules) &&
    Array.isArray(q.picked) &&
    q.picked.length <= 34 &&
    q.picked.every((t) => typeof t === 'string' && TILE.test(t)) &&
    (q.number === undefined || (Number.isInteger(q.number) && q.number >= 1)) &&
    typeof q.answered === 'boolean'
  );
}

export const readKeptScoreQuestion = () => readStored(SCORE_KEY, isScoreQuestion);
export const keepScoreQuestion = (q: KeptScoreQuestion) => writeStored(SCORE_KEY, q);
export const readKeptWaitsQuestion = () => readStored(WAITS_KEY, isWaitsQuestion);
export const keepWaitsQuestion = (q: KeptWaitsQuestion) => writeStored(WAITS_KEY, q);
