// The Hand screen's hand sent to the ledger ("Record in the ledger"), kept in this tab's sessionStorage until the
// ledger's game view fills its form with it (GameView, which scores the hand itself in the game's situation). Its own
// module: the Hand screen imports it, and so does not load the ledger.
import type { Wind } from '../../engine/index.ts';
import { readStored, writeStored } from '../sessionStore.ts';
import { WINDS } from '../state/types.ts';

/** The Hand screen's hand sent to the ledger: who won (by seat wind) and how. The ledger scores it itself. */
export interface LedgerHandoff {
  tsumo: boolean;
  seatWind: Wind;
  /** When it was sent (ms): one not taken within HANDOFF_MAX_AGE_MS is dropped, not filled into a later game. */
  at: number;
}

const HANDOFF_KEY = 'riichi-lens.ledger-draft.from-hand-screen';
export const HANDOFF_MAX_AGE_MS = 30 * 60 * 1000;

export const sendToLedger = (handoff: Omit<LedgerHandoff, 'at'>, now = Date.now()) => writeStored(HANDOFF_KEY, { ...handoff, at: now });

/** The hand sent from the Hand screen and not taken yet (recent, well formed), without taking it. */
export function pendingHandoff(now = Date.now()): LedgerHandoff | null {
  const recent = (v: unknown): v is LedgerHandoff => {
    const h = v as Partial<LedgerHandoff> | null;
    return (
      typeof h === 'object' &&
      h !== null &&
      typeof h.tsumo === 'boolean' &&
      (WINDS as readonly unknown[]).includes(h.seatWind) &&
      typeof h.at === 'number' &&
      now - h.at >= 0 &&
      now - h.at < HANDOFF_MAX_AGE_MS
    );
  };
  return readStored(HANDOFF_KEY, recent);
}

/** Takes the pending hand (it fills one form only). */
export function takeHandoff(now = Date.now()): LedgerHandoff | null {
  const handoff = pendingHandoff(now);
  writeStored(HANDOFF_KEY, null);
  return handoff;
}
