// Ctrl+Z (Cmd+Z on a Mac) for the screens that have an Undo button (the photo review, the Hand screen), and
// Ctrl+Shift+Z or Ctrl+Y for Redo where there is one.
import { useEffect, useRef } from 'react';

/**
 * Which shortcut a key press is: Undo (Ctrl/Cmd+Z), Redo (Ctrl/Cmd+Shift+Z, Ctrl+Y) or neither. Never in a field that
 * has its own undo (text, numbers).
 */
export function undoShortcutOf(e: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  const which = key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : key === 'y' && !e.shiftKey ? 'redo' : null;
  if (!which) return null;
  const el = e.target instanceof Element ? e.target : null;
  return el?.closest('input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=true]') ? null : which;
}

/** Calls `undo` (and `redo`, where a screen has one) on their shortcuts while the component is shown and `enabled`. */
export function useUndoShortcut(actions: { undo: () => void; redo?: () => void }, enabled = true): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const which = undoShortcutOf(e);
      const action = which && latest.current[which];
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
