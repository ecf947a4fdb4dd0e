import type { HandContext } from '../context.ts';

/**
 * One yaku as data: its id (also the i18n key), fan with a closed hand and with an open hand
 * (0 = closed only), whether it is a yakuman (then `closed`/`open` count yakuman, not fan), and the predicate.
 * Exclusions (double riichi over riichi, junchan over chanta, ...) live in the predicates.
 */
export interface YakuDef {
  id: string;
  closed: number;
  open: number;
  yakuman: boolean;
  /**
   * Cheap facts the yaku cannot hold without (NEED_* bits of context.ts): a necessary condition only, the
   * predicate decides. The scorer calls the predicate only when the hand or reading has all of them.
   */
  needs: number;
  /**
   * True when the predicate reads only hand-level facts (flags, suits, terminals, kongs: only melds are kongs),
   * not the reading: the scorer then evaluates it once per hand instead of once per reading.
   */
  handLevel?: boolean;
  check(ctx: HandContext): boolean;
  /**
   * A yakuman that is a double yakuman in this form where the rules say so (option doubleYakumanWaits):
   * kokushi on a 13-sided wait, suuankou on a single wait, junsei chuuren. Called only when `check` holds.
   */
  doubleForm?(ctx: HandContext): boolean;
  /** Parameters of the one-line reason (e.g. which suit, which tile). */
  params?(ctx: HandContext): Record<string, string | number>;
  /**
   * A small integer >= 0 that decides `params` (the tile, suit or number it names): the scorer then shares one
   * frozen explanation entry per value instead of building one per result. Required with `params`.
   */
  paramsKey?(ctx: HandContext): number;
}
