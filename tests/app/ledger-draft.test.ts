// A hand half entered in the ledger's form is kept in sessionStorage while the player is away from it
// (src/app/ledger/formDraft.ts): it comes back only for the entries it was made against.
import { describe, expect, it } from 'vitest';
import { dropDraft, formFromDraft, keepDraft, makeDraft, readDraft } from '../../src/app/ledger/formDraft.ts';
import { HANDOFF_MAX_AGE_MS, pendingHandoff, sendToLedger, takeHandoff } from '../../src/app/ledger/handoff.ts';
import { formFromEvent, type FormState } from '../../src/app/ledger/HandForm.tsx';
import { createGame, replay, type LedgerEvent } from '../../src/engine/ledger/index.ts';
import { withSessionStorage } from './memoryStorage.ts';

const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: 'ema' });
const played: LedgerEvent[] = [
  { type: 'win', discarder: 1, winners: [{ player: 0, han: 2, fu: 30 }] },
  { type: 'draw', tenpai: [0, 2] },
];
/** A ron of Chloé's on Bruno's discard, 3 han typed so far. */
function halfEntered(events: readonly LedgerEvent[]): FormState {
  const form = formFromEvent(null, replay(setup, events).state);
  return { ...form, discarder: 1, ronWinners: [2], fields: { ...form.fields, 2: { ...form.fields[2], han: '3' } } };
}

describe('the ledger form kept while the player is away', () => {
  it('comes back for the same entries', () => {
    const form = halfEntered(played);
    expect(formFromDraft(makeDraft(played, null, form), played, null)).toEqual(form);
  });

  it('a riichi declared after the form was started adds that player to the tenpai list, and keeps the rest', () => {
    const form = { ...halfEntered(played), tenpai: [1] as FormState['tenpai'] };
    const draft = makeDraft(played, null, form);
    const later = [...played, { type: 'riichi', player: 3 } as const];
    expect(formFromDraft(draft, later, null)).toEqual({ ...form, tenpai: [1, 3] });
    // a riichi pressed by mistake and taken back leaves the form as it was
    expect(formFromDraft(makeDraft(later, null, form), played, null)).toEqual(form);
  });

  it('is stale once a hand was recorded since (here or in another tab), or an earlier entry was corrected', () => {
    const draft = makeDraft(played, null, halfEntered(played));
    expect(formFromDraft(draft, [...played, { type: 'chombo', player: 1 }], null)).toBeNull();
    expect(formFromDraft(draft, [played[0]!, { type: 'draw', tenpai: [0] }], null)).toBeNull();
    expect(formFromDraft(draft, played.slice(0, 1), null)).toBeNull();
  });

  it('a correction comes back only for the same entry of the same list', () => {
    const form = { ...formFromEvent(played[0]!, replay(setup, []).state), fields: { ...halfEntered(played).fields } };
    const draft = makeDraft(played, 0, form);
    expect(formFromDraft(draft, played, 0)).toEqual(form);
    expect(formFromDraft(draft, played, 1)).toBeNull();
    expect(formFromDraft(draft, played, null)).toBeNull();
    expect(formFromDraft(draft, [...played, { type: 'riichi', player: 0 }], 0)).toBeNull();
  });

  it('is kept per game, one for the next hand and one for a correction, and a damaged one is ignored', () => {
    withSessionStorage((storage) => {
      const form = halfEntered(played);
      keepDraft('g1', makeDraft(played, null, form));
      keepDraft('g1', makeDraft(played, 1, formFromEvent(played[1]!, replay(setup, played.slice(0, 1)).state)));
      expect(readDraft('g1', false)?.form).toEqual(form);
      expect(readDraft('g1', true)?.editing).toBe(1);
      expect(readDraft('g2', false)).toBeNull();
      dropDraft('g1', true);
      expect(readDraft('g1', true)).toBeNull();
      expect(readDraft('g1', false)?.form).toEqual(form);
      for (const damaged of ['{', 'null', '"text"', JSON.stringify({ ...makeDraft(played, null, form), form: { ...form, kind: 'toString' } }), JSON.stringify({ ...makeDraft(played, null, form), form: { ...form, discarder: 4 } }), JSON.stringify({ ...makeDraft(played, null, form), form: { ...form, fields: { ...form.fields, 2: { han: '3', fu: '30', limit: 'constructor' } } } })]) {
        storage.setItem('riichi-lens.ledger-draft.g1.new', damaged);
        expect(readDraft('g1', false), damaged).toBeNull();
      }
    });
  });

  it('works without sessionStorage: nothing is kept, nothing throws', () => {
    expect(() => keepDraft('g1', makeDraft(played, null, halfEntered(played)))).not.toThrow();
    expect(readDraft('g1', false)).toBeNull();
  });

  it('a ron sent from the Hand screen, its discarder not chosen yet, is kept like any form', () => {
    withSessionStorage(() => {
      const form = { ...halfEntered(played), discarder: null };
      keepDraft('g1', makeDraft(played, null, form));
      expect(readDraft('g1', false)?.form.discarder).toBeNull();
    });
  });

  it('a hand sent from the Hand screen is taken once, and only while recent', () => {
    withSessionStorage((storage) => {
      sendToLedger({ tsumo: true, seatWind: 'W' }, 1_000);
      expect(pendingHandoff(2_000)).toEqual({ tsumo: true, seatWind: 'W', at: 1_000 });
      expect(pendingHandoff(1_000 + HANDOFF_MAX_AGE_MS)).toBeNull();
      expect(takeHandoff(2_000)?.seatWind).toBe('W');
      expect(takeHandoff(2_000)).toBeNull();
      storage.setItem('riichi-lens.ledger-draft.from-hand-screen', JSON.stringify({ tsumo: false, seatWind: 'constructor', at: 1_000 }));
      expect(pendingHandoff(2_000)).toBeNull();
    });
  });
});
