// Hand text typed in the Hand screen's text box and not yet applied, kept in this tab's sessionStorage: a player who
// types half a hand, checks a rule in the Practice screen and comes back, or whose phone reloads the tab, finds the
// text as they left it. It stands only over the hand it was typed over: once the hand has changed (a photo used, a
// tile tapped elsewhere), the box shows the hand again.
import { readStored, writeStored } from '../sessionStore.ts';

const KEY = 'riichi-lens.hand-text.typed';

interface TypedText {
  /** What is in the box. */
  text: string;
  /** The hand's own text when it was typed. */
  over: string;
}

const isTypedText = (v: unknown): v is TypedText => typeof v === 'object' && v !== null && typeof (v as TypedText).text === 'string' && typeof (v as TypedText).over === 'string';

/** The text kept for the box while the hand reads `handText`, or null. */
export function keptTypedText(handText: string): string | null {
  const kept = readStored(KEY, isTypedText);
  return kept && kept.over === handText ? kept.text : null;
}

/** Keeps `text` typed over the hand `handText`; null, or the hand's own text, keeps nothing. */
export function keepTypedText(text: string | null, handText: string): void {
  writeStored(KEY, text === null || text === handText ? null : { text, over: handText });
}
