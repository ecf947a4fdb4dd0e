// The engine's sentences name tiles in its notation ("indicators 1z, dora 2z", "the wait on 6s", "pair 44z"), which
// a beginner cannot read. Shown here, each tile group is drawn as small tiles in the line, named for screen readers
// ("East wind, South wind"); the notation stays in the text behind them (copy, search, tests).
import type { ReactNode } from 'react';
import { useT } from '../i18n/index.ts';
import { tileImageSrc, tileName } from './Tile.tsx';
import type { TileCode } from './codes.ts';

/**
 * Tiles in the engine's notation, alone as a word: groups of digits then m, p or s (0 a red five), or 1-7 then z,
 * one group or several written together ("123m", and indicators "1p5z", which read as plain text before).
 */
const TILE_GROUP = /(?<![\p{L}\p{N}_])(?:[0-9]{1,14}[mps]|[1-7]{1,14}z){1,8}(?![\p{L}\p{N}_])/gu;
/** One group of a run ("123m" of "123m5z"). */
const ONE_GROUP = /([0-9]+)([mpsz])/g;

/** The tiles of a run of groups ("123m5z" -> 1m 2m 3m 5z). */
function runTiles(run: string): TileCode[] {
  return [...run.matchAll(ONE_GROUP)].flatMap((g) => [...g[1]!].map((d) => `${d}${g[2]}` as TileCode));
}

/** `text` with every tile group drawn as tiles (see above); plain text where there is none. */
export function TileText({ text }: { text: string }) {
  const t = useT();
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TILE_GROUP)) {
    const at = m.index;
    if (at > last) parts.push(text.slice(last, at));
    const tiles = runTiles(m[0]);
    const names = tiles.map((code) => tileName(code, t)).join(', ');
    parts.push(
      <span key={at} className="tile-text" role="img" aria-label={names} title={names} data-tiles={m[0]}>
        {tiles.map((code, i) => (
          <img key={i} src={tileImageSrc(code)} alt="" draggable={false} />
        ))}
        <span className="visually-hidden">{m[0]}</span>
      </span>,
    );
    last = at + m[0].length;
  }
  if (parts.length === 0) return <>{text}</>;
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
