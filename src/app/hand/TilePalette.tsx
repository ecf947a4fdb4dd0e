import { useRef, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { PALETTE_ROWS, type TileCode } from '../tiles/codes.ts';
import { Tile, tileName } from '../tiles/Tile.tsx';
import { nextPaletteIndex, rowStarts } from './paletteKeys.ts';

export interface TilePaletteProps {
  onPick: (code: TileCode) => void;
  /** Accessible name of the palette, e.g. "Add to hand". */
  label: string;
  /** Tiles drawn dimmed (e.g. all four copies used); still clickable so the problem can be shown. */
  dimmed?: ReadonlySet<TileCode>;
  /** Tiles outlined, with `markedLabel` added to their accessible name (e.g. the kinds that make the hand win). */
  marked?: ReadonlySet<TileCode>;
  markedLabel?: string;
}

const ROW_LENGTHS = PALETTE_ROWS.map((row) => row.length);
/** Where each row starts in the count over all rows (the index the arrow keys move). */
const ROW_STARTS = rowStarts(ROW_LENGTHS);

/**
 * The 34 kinds and the three red fives, one button per tile. One tab stop: the last tile used (the first at the
 * start) takes the focus, and the arrow keys, Home and End move it (./paletteKeys.ts), so Tab passes the palette in
 * one step instead of 37.
 */
export function TilePalette({ onPick, label, dimmed, marked, markedLabel }: TilePaletteProps) {
  const t = useT();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div
      className="palette"
      role="toolbar"
      aria-label={label}
      data-testid="palette"
      onKeyDown={(e) => {
        const from = buttons.current.indexOf(e.target as HTMLButtonElement);
        const to = from < 0 ? undefined : nextPaletteIndex(ROW_LENGTHS, from, e.key);
        if (to === undefined) return;
        e.preventDefault();
        buttons.current[to]?.focus(); // its onFocus makes it the tab stop
      }}
    >
      {PALETTE_ROWS.map((row, i) => (
        <div className="palette-row" key={i}>
          {row.map((code, j) => {
            const at = (ROW_STARTS[i] ?? 0) + j;
            return (
              <button
                key={code}
                ref={(el) => {
                  buttons.current[at] = el;
                }}
                type="button"
                tabIndex={at === active ? 0 : -1}
                className={`palette-tile${dimmed?.has(code) ? ' dimmed' : ''}${marked?.has(code) ? ' marked' : ''}`}
                onClick={() => {
                  setActive(at);
                  onPick(code);
                }}
                onFocus={() => setActive(at)}
                aria-label={marked?.has(code) && markedLabel ? `${tileName(code, t)}, ${markedLabel}` : tileName(code, t)}
                data-marked={marked?.has(code) || undefined}
              >
                <Tile code={code} size="md" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
