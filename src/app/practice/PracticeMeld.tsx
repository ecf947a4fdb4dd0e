// A called meld or a closed kan in a practice hand, named under its tiles: a closed kan differs from an open one
// only by a tile drawn sideways, a convention a learner may not know, and the two are worth 16 and 8 fu.
import type { MeldInput } from '../../engine/index.ts';
import { parseTiles } from '../../engine/index.ts';
import { useStrings } from '../i18n/index.ts';
import { Tile } from '../tiles/Tile.tsx';
import { waitsPracticeStrings } from './waitsStrings.ts';

export function PracticeMeld({ meld }: { meld: MeldInput }) {
  const s = useStrings(waitsPracticeStrings);
  const name = s[`meld.${meld.type}`];
  return (
    <span className="practice-meld" data-meld={meld.type}>
      <span className="practice-meld-tiles">
        {parseTiles(meld.tiles).map((tile, j) => (
          <Tile key={j} code={tile} sideways={j === 0 && meld.type !== 'kan-closed'} size="sm" />
        ))}
      </span>
      <span className="practice-meld-label">{name}</span>
    </span>
  );
}
