import type { ErrorCode } from '../errors.ts';
import type { NotCountedReason } from '../notCounted.ts';
import type { ReadingNote } from '../readingNote.ts';

/** Shape of one language's texts. Templates use {name} placeholders filled from the structured explanation. */
export interface Messages {
  errors: Record<ErrorCode, string>;
  /** Reasons for CONTRADICTORY_FLAGS and INVALID_MELD, by reason key. */
  reasons: Record<string, string>;
  /**
   * Yaku name and one-line reason, by yaku id (also dora entries); `asYakuman`, where the rules can make the yaku a
   * yakuman or not (renhou), is the reason when it counts as one.
   */
  yaku: Record<string, { name: string; reason: string; asYakuman?: string }>;
  /** Fu item texts by fu id; {tiles} is the set concerned. */
  fu: Record<string, string>;
  limits: Record<string, string>;
  waits: Record<string, string>;
  /** Why a yaku the hand came close to is not counted (notCounted.ts), by reason; {tiles}, {wait} filled in. */
  notCounted: Record<NotCountedReason, string>;
  /** A yaku's reason without the tiles of a hand, for the reference table, where its reason names them (by id). */
  yakuGeneric: Record<string, string>;
  /** How the points are counted (pointsSteps.ts): the base points, then each payer's share. */
  steps: {
    baseFormula: string;
    baseCapped: string;
    baseKiriage: string;
    baseLimit: string;
    baseKazoe: string;
    baseNoKazoe: string;
    pay: string;
    rounded: string;
    counters: string;
    who: Record<'discarder' | 'dealer' | 'each' | 'each_other', string>;
  };
  /** Notes on the reading a score shows (readingNote.ts), by reason; {win}, {tiles}, {wait} filled in. */
  readingNotes: Record<ReadingNote['reason'], string>;
  suits: Record<string, string>;
  lines: {
    yakuLine: string;
    /** A yakuman yaku's line: its worth in words ("yakuman", "double yakuman") instead of 13 or 26 fan. */
    yakumanYakuLine: string;
    fanSingular: string;
    fanPlural: string;
    /** After an open hand's yaku worth one fan less: what it counts closed ("(2 in a closed hand)"). */
    closedFan: string;
    fuHeader: string;
    fuLine: string;
    fuTotal: string;
    fuChiitoitsu: string;
    reading: string;
    readingChiitoitsu: string;
    readingKokushi: string;
    total: string;
    totalLimit: string;
    totalYakuman: string;
    basePoints: string;
    payRon: string;
    payTsumoDealer: string;
    payTsumoNonDealer: string;
    counters: string;
    riichiSticks: string;
    totalGain: string;
    rules: string;
    redFivesPlain: string;
    /** A yaku the hand came close to: its name, and why it is not counted. */
    notCountedLine: string;
    dealer: string;
    nonDealer: string;
    error: string;
  };
}
