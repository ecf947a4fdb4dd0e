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

/** The situation's flags and winds are copied in flat, so yaku predicates read one object. */
export interface HandContext extends Omit<Situation, 'honba' | 'riichiSticks'> {
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
  kongs: number;
  concealedPungs: number;
  /** Number of pairs of identical concealed runs (1 iipeikou, 2 ryanpeikou). */
  peikou: number;
  /** Bit (kind - 27) set for each honour with a pung or kong in the reading. */
  honourPungs: number;
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
    pinfu: false,
  };
}

/** Has the reading a pung or kong of `kind`? */
export function hasPung(ctx: HandContext, kind: number): boolean {
  if (kind >= 27) return (ctx.honourPungs & (1 << (kind - 27))) !== 0;
  for (let i = 0; i < ctx.n; i++) if (ctx.setKind[i] !== RUN && ctx.setTile[i] === kind) return true;
  return false;
}

/** Has the reading a run starting at `kind`? */
export function hasRun(ctx: HandContext, kind: number): boolean {
  for (let i = 0; i < ctx.n; i++) if (ctx.setKind[i] === RUN && ctx.setTile[i] === kind) return true;
  return false;
}
