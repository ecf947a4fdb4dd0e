// The correction menu of one tile: the model's top-3 guesses first (one tap fixes most misreads), then the
// full palette, then delete / move / winning tile / meld actions.
import { useEffect, useRef } from 'react';
import { format, useStrings, useT } from '../i18n/index.ts';
import { TilePalette } from '../hand/TilePalette.tsx';
import { MELD_TYPES, type MeldType } from '../state/types.ts';
import { Tile, tileName } from '../tiles/Tile.tsx';
import { isTileCode, kindOf, type TileCode } from '../tiles/codes.ts';
import { BACK, guessPercent, meldOf, type ReviewState, type ReviewTile } from './review.ts';
import { tables } from './strings.ts';

export interface TileMenuProps {
  review: ReviewState;
  tile: ReviewTile;
  /** The kinds this tile could be for the hand to win, every other tile as it is (review.ts winningKindsFor). */
  winningKinds?: readonly string[];
  /** The hand is a winning hand without this tile (review.ts winsWithoutTile): Delete is marked so. */
  winsWithout?: boolean;
  onSet: (tile: string) => void;
  onDelete: () => void;
  onMove: (delta: number) => void;
  onWinner: () => void;
  onMeld: (type: MeldType) => void;
  onClose: () => void;
}

/** A tile code or the back, drawn. */
export function TileFace({ code, size = 'md', sideways }: { code: string; size?: 'sm' | 'md' | 'lg'; sideways?: boolean }) {
  const s = useStrings(tables);
  if (isTileCode(code)) return <Tile code={code} size={size} sideways={sideways} />;
  return (
    <span className={`tile tile-${size} tile-back${sideways ? ' tile-sideways' : ''}`} data-tile={code} role="img" aria-label={s.backTile} title={s.backTile} />
  );
}

export function TileMenu({ review, tile, winningKinds = [], winsWithout = false, onSet, onDelete, onMove, onWinner, onMeld, onClose }: TileMenuProps) {
  const s = useStrings(tables);
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const index = review.tiles.findIndex((x) => x.id === tile.id);
  const inMeld = meldOf(review, tile.id);
  const guesses = tile.guesses.slice(0, 3);
  // The photo is of a winning hand: kinds that make this row one are offered too (most misreads the guesses miss are
  // among them once the row's other tiles are right), and guesses that do so are marked.
  // A plain five wins wherever its red five does (the copies are counted by kind); a red five only as listed (the
  // set may have no red left).
  const winningKind = new Set(winningKinds.map((code) => kindOf(code as TileCode)));
  const wins = (code: string) => winningKinds.includes(code) || (isTileCode(code) && code[0] === '5' && winningKind.has(code));
  const moreWins = winningKinds.filter((code) => !guesses.some((g) => g.tile === code));

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tile.id, onClose]);

  return (
    <div className="tile-menu panel" role="dialog" aria-labelledby="tile-menu-title" data-testid="tile-menu" data-tile-id={tile.id} ref={ref}>
      <div className="tile-menu-head">
        <h3 id="tile-menu-title">{format(s.menuTitle, { index: index + 1, count: review.tiles.length })}</h3>
        <button type="button" onClick={onClose} aria-label={s.close}>
          ✕
        </button>
      </div>
      {guesses.length > 0 && (
        <div className="guesses" role="group" aria-label={s.topGuesses}>
          {guesses.map((g) => (
            <button
              key={g.tile}
              type="button"
              className={`guess${g.tile === tile.tile ? ' current' : ''}`}
              aria-pressed={g.tile === tile.tile}
              onClick={() => onSet(g.tile)}
              data-testid="guess"
              data-guess={g.tile}
              aria-label={`${isTileCode(g.tile) ? tileName(g.tile, t) : s.backTile} ${format(s.percent, { percent: guessPercent(g.score) })}${wins(g.tile) ? `, ${s.winsLabel}` : ''}`}
              data-wins={wins(g.tile) || undefined}
            >
              <TileFace code={g.tile} size="lg" />
              <span className="guess-score">{format(s.percent, { percent: guessPercent(g.score) })}</span>
              {wins(g.tile) && <span className="guess-wins">{s.winsMark}</span>}
            </button>
          ))}
        </div>
      )}
      {moreWins.length > 0 && (
        <div className="wins-with" role="group" aria-label={s.winsWith} data-testid="wins-with">
          <span className="muted small">{s.winsWith}</span>
          <div className="guesses">
            {moreWins.map((code) => (
              <button key={code} type="button" className="guess" onClick={() => onSet(code)} data-testid="win-guess" data-guess={code} aria-label={`${tileName(code as TileCode, t)}, ${s.winsLabel}`}>
                <TileFace code={code} size="lg" />
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="tile-actions">
        <button type="button" onClick={() => onMove(-1)} disabled={index <= 0}>
          ← {s.moveLeft}
        </button>
        <button type="button" onClick={() => onMove(1)} disabled={index >= review.tiles.length - 1}>
          {s.moveRight} →
        </button>
        <button type="button" onClick={onWinner} disabled={!!inMeld || !isTileCode(tile.tile)} aria-pressed={review.winId === tile.id} data-testid="set-winner">
          {s.setWinner}
        </button>
        <button type="button" className="danger" onClick={onDelete} data-testid="delete-tile" data-wins={winsWithout || undefined} aria-label={winsWithout ? `${s.deleteTile}, ${s.deleteWins}` : undefined}>
          {s.deleteTile}
          {winsWithout && <span className="guess-wins"> {s.winsMark}</span>}
        </button>
      </div>
      <div className="tile-actions" role="group" aria-label={s.makeMeld}>
        <span className="muted small">{s.makeMeld}</span>
        {MELD_TYPES.filter((m) => m !== 'kan-added').map((m) => (
          <button key={m} type="button" onClick={() => onMeld(m)} data-testid={`meld-${m}`}>
            {s.meldLabel[m]}
          </button>
        ))}
      </div>
      <details className="menu-palette" open>
        <summary>{s.palette}</summary>
        <TilePalette label={s.palette} onPick={(code) => onSet(code)} />
        <button type="button" className="palette-tile" onClick={() => onSet(BACK)} aria-label={s.backTile}>
          <TileFace code={BACK} />
        </button>
      </details>
    </div>
  );
}
