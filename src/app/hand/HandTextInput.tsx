// Type or paste the hand in the notation the command line uses (`234m067p345s5688s +7s`, melds in brackets):
// fast on a keyboard, and a way to copy a hand out as text.
import { useState } from 'react';
import { fillTemplate, formatHand, MESSAGES, normalizeHandText, tryParseHand } from '../../engine/index.ts';
import { translate, useLang, useT, type Lang } from '../i18n/index.ts';
import { actions, useAppState } from '../state/store.ts';
import { engineTexts } from './engineText.ts';
import { keepTypedText, keptTypedText } from './typedText.ts';
import type { EditorMeld, HandDraft, MeldType } from '../state/types.ts';
import { formatNotation, parseNotation } from '../tiles/codes.ts';

/** The hand as text, or '' when it cannot be written (e.g. no winning tile yet: then the tiles only). */
export function handToText(hand: HandDraft): string {
  if (!hand.winTile) return formatNotation(hand.closed);
  try {
    return formatHand({
      closed: formatNotation([...hand.closed, hand.winTile]),
      win_tile: hand.winTile,
      melds: hand.melds.map((m) => ({ type: m.type, tiles: formatNotation(m.tiles) })),
    });
  } catch {
    return formatNotation(hand.closed);
  }
}

/**
 * Digit groups written without a suit letter and ended by a space ("234 567p"): the notation reads them with the
 * next suit letter (234p), which a player who forgot the letter does not expect. Each with the suit it took.
 */
export function suitlessGroups(text: string): { digits: string; suit: string }[] {
  const out: { digits: string; suit: string }[] = [];
  const normal = normalizeHandText(text);
  for (const m of normal.matchAll(/(?<![\d])(\d+)(?=\s+[^\s])/g)) {
    const after = normal.slice((m.index ?? 0) + m[1]!.length);
    // only a group followed by more digits before any letter or bracket takes the next group's suit
    const next = /^[\s\d]*([mpsz])/.exec(after);
    if (next) out.push({ digits: m[1]!, suit: next[1]! });
  }
  return out;
}

/** Parse hand text as typed or pasted (normalizeHandText) into the editor's draft, or an error message in the
 * screen's language. */
export function textToHand(text: string, lang: Lang = 'en'): { ok: true; hand: HandDraft } | { ok: false; message: string } {
  const parsed = tryParseHand(normalizeHandText(text));
  if (!parsed.ok) {
    // a syntax error of the notation is said as what was expected ("expected a closing ] after ["), without the
    // engine's "Invalid input: hand is ..." that repeats the text the player has in front of them
    const params = parsed.error.params ?? {};
    const reasons = MESSAGES[lang].reasons;
    if (parsed.error.code === 'INVALID_INPUT' && typeof params.reason === 'string' && params.reason.startsWith('notation_') && Object.hasOwn(reasons, params.reason)) {
      return { ok: false, message: translate(lang, 'editor.text.expected', { what: fillTemplate(reasons[params.reason] as string, params) }) };
    }
    return { ok: false, message: engineTexts(lang).errorMessage(parsed.error.code, parsed.error.message, parsed.error.params) };
  }
  const closed = parseNotation(parsed.hand.closed) ?? [];
  const win = parsed.hand.win_tile;
  const at = closed.lastIndexOf(win);
  if (at >= 0) closed.splice(at, 1);
  const melds: EditorMeld[] = parsed.hand.melds.map((m) => ({
    type: m.type as MeldType,
    tiles: parseNotation(m.tiles) ?? [],
    calledIndex: m.type === 'kan-closed' ? null : 0,
  }));
  return { ok: true, hand: { closed, melds, winTile: at >= 0 ? win : null } };
}

export function HandTextInput() {
  const t = useT();
  const lang = useLang();
  const hand = useAppState((s) => s.hand);
  const current = handToText(hand);
  // what was typed and not applied, shown only over the hand it was typed over: a tile tapped or a photo used since
  // puts the hand's own text back in the box (kept across screens and reloads, see typedText.ts)
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(() => {
    const text = keptTypedText(current);
    return text === null ? null : { text, over: current };
  });
  const draft = typed && typed.over === current ? typed.text : null;
  const shown = draft ?? current;
  // the error stands beside the text it is about, not beside a hand that has changed since, and is said again in
  // the language now chosen
  const [refused, setRefused] = useState<string | null>(null);
  // digits typed without their suit letter, said once the hand is used, while it is the hand on screen
  const [suitless, setSuitless] = useState<{ groups: { digits: string; suit: string }[]; over: string } | null>(null);
  const reading = refused !== null && refused === shown ? textToHand(shown, lang) : null;
  const error = reading && !reading.ok ? reading.message : null;
  return (
    <form
      className="hand-text"
      onSubmit={(e) => {
        e.preventDefault();
        const result = textToHand(shown, lang);
        if (result.ok) {
          const groups = suitlessGroups(shown);
          setSuitless(groups.length ? { groups, over: handToText(result.hand) } : null);
          actions.setHand(result.hand);
          setTyped(null);
          keepTypedText(null, current);
          setRefused(null);
        } else setRefused(shown);
      }}
    >
      <label htmlFor="hand-text-input">{t('editor.text.label')}</label>
      <div className="hand-text-row">
        <input
          id="hand-text-input"
          data-testid="hand-text"
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="234m067p345s5688s +7s"
          value={shown}
          onChange={(e) => {
            setTyped({ text: e.target.value, over: current });
            keepTypedText(e.target.value, current);
          }}
          aria-describedby="hand-text-help"
          aria-invalid={error ? true : undefined}
        />
        <button type="submit">{t('editor.text.apply')}</button>
      </div>
      <p id="hand-text-help" className="hint">
        {t('editor.text.help')}
      </p>
      {suitless && suitless.over === current && (
        <p className="hint" role="status" data-testid="hand-text-suitless">
          {suitless.groups.map((g) => t('editor.text.suitless', { digits: g.digits, read: `${g.digits}${g.suit}` })).join(' ')}
        </p>
      )}
      {error && (
        <p className="problem" role="alert" data-testid="hand-text-error">
          {t('editor.text.error', { message: error })}
        </p>
      )}
    </form>
  );
}
