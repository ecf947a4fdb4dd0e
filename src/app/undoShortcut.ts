// Ctrl+Z (Cmd+Z on a Mac) for the screens that have an Undo button: the photo review and the Hand screen.
import { useEffect, useRef } from 'react';

/** Ctrl+Z / Cmd+Z without Shift or Alt, typed outside a field that has its own undo (text, numbers). */
export function isUndoShortcut(e: KeyboardEvent): boolean {
  if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return false;
  const el = e.target instanceof Element ? e.target : null;
  return !el?.closest('input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=true]');
}

/** Calls `undo` on the shortcut while the component is shown (and `enabled`). */
export function useUndoShortcut(undo: () => void, enabled = true): void {
  const latest = useRef(undo);
  useEffect(() => {
    latest.current = undo;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isUndoShortcut(e)) return;
      e.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
