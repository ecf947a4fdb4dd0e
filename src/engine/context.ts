/**
 * The reading context: one reading of one hand (which sets, which pair, which set the winning tile
 * completed) plus the hand-level facts yaku and fu need. Integer kinds and small typed arrays only:
 * the scorer reuses one context for every reading, so evaluating a reading allocates nothing.
 */
import type { Situation } from './hand.ts';
import type { ResolvedRules } from './rules.ts';

export const RUN = 0;
export const PUNG = 1;
export const KONG = 2;

export const FORM_STANDARD = 0;
export const FORM_CHIITOITSU = 1;
export const FORM_KOKUSHI = 2;

export const WAIT_RYANMEN = 0;
export const WAIT_KANCHAN = 1;
export const WAIT_PENCHAN = 2;
export const WAIT_TANKI = 3;
export const WAIT_SHANPON = 4;
export const WAIT_KOKUSHI = 5;
export const WAIT_NAMES = ['ryanmen', 'kanchan', 'penchan', 'tanki', 'shanpon', 'kokushi'] as const;

/**
 * The situation's flags and winds are in it flat, so yaku predicates read one object (the scorer parses the
 * situation straight into its context).
 */
export interface HandContext extends Situation {
  // ---- hand level (same for every reading) ----
  /** Count of every kind in the whole hand, melds included (a kong counts 4). */
  all: Uint8Array;
  /** No called meld (closed kongs allowed). */
  closedHand: boolean;
  /** Number of melds of any kind, closed kongs included. */
  meldCount: number;
  rules: ResolvedRules;
  /** Bit i set when suit i (0 m, 1 p, 2 s, 3 honours) is present. */
  suitMask: number;
  hasTerminalOrHonour: boolean;
  allTerminalOrHonour: boolean;
  /** Kongs (only melds are kongs, so the same for every reading). */
  kongs: number;
  // ---- reading level ----
  form: number;
  /** Number of sets in the reading (4 for a standard hand). */
  n: number;
  setKind: Uint8Array;
  /** Lowest kind of the set. */
  setTile: Uint8Array;
  /** 1 when the set is a called meld (chi, pon, open or added kong). */
  setCalled: Uint8Array;
  /** 1 when the set counts as concealed (for fu and sanankou): not called, and a pung not completed by a discard. */
  setConcealed: Uint8Array;
  pair: number;
  winKind: number;
  /** Index of the set the winning tile completed, or -1 for the pair (or chiitoitsu / kokushi). */
  winSet: number;
  wait: number;
  // ---- derived for the reading ----
  runs: number;
  pungs: number;
  concealedPungs: number;
  /** Number of pairs of identical concealed runs (1 iipeikou, 2 ryanpeikou). */
  peikou: number;
  /** Bit (kind - 27) set for each honour with a pung or kong in the reading. */
  honourPungs: number;
  /** Bit k set for each suited kind k (0..26) that starts a run of the reading (sets as bits: one AND tests a yaku). */
  runStarts: number;
  /** Bit k set for each suited kind k (0..26) with a pung or kong in the reading. */
  suitedPungs: number;
  pinfu: boolean;
}

export function newContext(rules: ResolvedRules): HandContext {
  return {
    all: new Uint8Array(34),
    closedHand: true,
    meldCount: 0,
    tsumo: false,
    riichi: false,
    doubleRiichi: false,
    ippatsu: false,
    haitei: false,
    houtei: false,
    rinshan: false,
    chankan: false,
    tenhou: false,
    chiihou: false,
    renhou: false,
    seatWind: 27,
    roundWind: 27,
    honba: 0,
    riichiSticks: 0,
    rules,
    suitMask: 0,
    hasTerminalOrHonour: false,
    allTerminalOrHonour: false,
    form: FORM_STANDARD,
    n: 0,
    setKind: new Uint8Array(4),
    setTile: new Uint8Array(4),
    setCalled: new Uint8Array(4),
    setConcealed: new Uint8Array(4),
    pair: -1,
    winKind: -1,
    winSet: -1,
    wait: WAIT_RYANMEN,
    runs: 0,
    pungs: 0,
    kongs: 0,
    concealedPungs: 0,
    peikou: 0,
    honourPungs: 0,
    runStarts: 0,
    suitedPungs: 0,
    pinfu: false,
  };
}

/** Has the reading a pung or kong of `kind`? */
export function hasPung(ctx: HandContext, kind: number): boolean {
  if (kind >= 27) return (ctx.honourPungs & (1 << (kind - 27))) !== 0;
  return (ctx.suitedPungs & (1 << kind)) !== 0;
}

// ---- cheap facts as bits: a yaku's `needs` (yaku/def.ts) lists the facts it cannot hold without, so the scorer
// skips the predicate call when one is missing (most readings satisfy the needs of only a few yaku) ----
export const NEED_CLOSED = 1 << 0;
export const NEED_TSUMO = 1 << 1;
export const NEED_RIICHI = 1 << 2;
export const NEED_DOUBLE_RIICHI = 1 << 3;
export const NEED_IPPATSU = 1 << 4;
export const NEED_HAITEI = 1 << 5;
export const NEED_HOUTEI = 1 << 6;
export const NEED_RINSHAN = 1 << 7;
export const NEED_CHANKAN = 1 << 8;
export const NEED_TENHOU = 1 << 9;
export const NEED_CHIIHOU = 1 << 10;
export const NEED_RENHOU = 1 << 11;
/** No terminal or honour in the hand. */
export const NEED_SIMPLES = 1 << 12;
/** Only terminals and honours in the hand. */
export const NEED_OUTSIDE_TILES = 1 << 13;
/** At most one of the three suits in the hand. */
export const NEED_ONE_SUIT = 1 << 14;
export const NEED_THREE_KONGS = 1 << 15;
// reading level
export const NEED_CHIITOITSU = 1 << 16;
export const NEED_KOKUSHI = 1 << 17;
export const NEED_RUN = 1 << 18;
export const NEED_THREE_RUNS = 1 << 19;
export const NEED_THREE_PUNGS = 1 << 20;
export const NEED_FOUR_PUNGS = 1 << 21;
export const NEED_HONOUR_PUNG = 1 << 22;
/** Two identical concealed runs. */
export const NEED_PEIKOU = 1 << 23;
export const NEED_THREE_CONCEALED_PUNGS = 1 << 24;
export const NEED_PINFU = 1 << 25;

/** The hand-level facts (the same for every reading of the hand). */
export function handFacts(c: HandContext): number {
  let f = 0;
  if (c.closedHand) f |= NEED_CLOSED;
  if (c.tsumo) f |= NEED_TSUMO;
  if (c.riichi) f |= NEED_RIICHI;
  if (c.doubleRiichi) f |= NEED_DOUBLE_RIICHI;
  if (c.ippatsu) f |= NEED_IPPATSU;
  if (c.haitei) f |= NEED_HAITEI;
  if (c.houtei) f |= NEED_HOUTEI;
  if (c.rinshan) f |= NEED_RINSHAN;
  if (c.chankan) f |= NEED_CHANKAN;
  if (c.tenhou) f |= NEED_TENHOU;
  if (c.chiihou) f |= NEED_CHIIHOU;
  if (c.renhou) f |= NEED_RENHOU;
  if (!c.hasTerminalOrHonour) f |= NEED_SIMPLES;
  if (c.allTerminalOrHonour) f |= NEED_OUTSIDE_TILES;
  const suits = c.suitMask & 7;
  if ((suits & (suits - 1)) === 0) f |= NEED_ONE_SUIT;
  if (c.kongs >= 3) f |= NEED_THREE_KONGS;
  return f;
}

/** The hand-level facts plus those of the reading now in ctx (after computeFu, which decides pinfu). */
export function readingFacts(c: HandContext, hand: number): number {
  let f = hand;
  if (c.form === FORM_CHIITOITSU) f |= NEED_CHIITOITSU;
  else if (c.form === FORM_KOKUSHI) f |= NEED_KOKUSHI;
  if (c.runs > 0) f |= NEED_RUN;
  if (c.runs >= 3) f |= NEED_THREE_RUNS;
  if (c.pungs >= 3) f |= NEED_THREE_PUNGS;
  if (c.pungs >= 4) f |= NEED_FOUR_PUNGS;
  if (c.honourPungs !== 0) f |= NEED_HONOUR_PUNG;
  if (c.peikou > 0) f |= NEED_PEIKOU;
  if (c.concealedPungs >= 3) f |= NEED_THREE_CONCEALED_PUNGS;
  if (c.pinfu) f |= NEED_PINFU;
  return f;
}
