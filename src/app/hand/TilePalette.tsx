import { useT } from '../i18n/index.ts';
import { PALETTE_ROWS, type TileCode } from '../tiles/codes.ts';
import { Tile, tileName } from '../tiles/Tile.tsx';

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

/** The 34 kinds and the three red fives, one button per tile. */
export function TilePalette({ onPick, label, dimmed, marked, markedLabel }: TilePaletteProps) {
  const t = useT();
  return (
    <div className="palette" role="group" aria-label={label} data-testid="palette">
      {PALETTE_ROWS.map((row, i) => (
        <div className="palette-row" key={i}>
          {row.map((code) => (
            <button
              key={code}
              type="button"
              className={`palette-tile${dimmed?.has(code) ? ' dimmed' : ''}${marked?.has(code) ? ' marked' : ''}`}
              onClick={() => onPick(code)}
              aria-label={marked?.has(code) && markedLabel ? `${tileName(code, t)}, ${markedLabel}` : tileName(code, t)}
              data-marked={marked?.has(code) || undefined}
            >
              <Tile code={code} size="md" />
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
