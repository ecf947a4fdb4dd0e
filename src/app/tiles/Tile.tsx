import type { TileCode } from './codes.ts';
import { useT } from '../i18n/index.ts';

export interface TileProps {
  code: TileCode;
  /** Drawn turned 90° (a called tile in an open meld). */
  sideways?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** One tile drawn with the FluffyStuff art from public/tiles/. Carries data-tile for tests and tools. */
export function Tile({ code, sideways = false, size = 'md', className = '' }: TileProps) {
  const t = useT();
  const label = tileName(code, t);
  return (
    <span
      className={`tile tile-${size}${sideways ? ' tile-sideways' : ''} ${className}`}
      data-tile={code}
      role="img"
      aria-label={label}
      title={label}
    >
      <img src={tileImageSrc(code)} alt="" draggable={false} />
    </span>
  );
}

/** The tile's picture (public/tiles/), for <Tile> and for tiles drawn in a sentence (TileText.tsx). */
export const tileImageSrc = (code: TileCode): string => `${import.meta.env.BASE_URL}tiles/${code}.svg`;

export function tileName(code: TileCode, t: ReturnType<typeof useT>): string {
  const n = code[0] ?? '';
  const s = code[1];
  if (s === 'z') return t(`tile.z${n}` as 'tile.z1');
  const suit = t(`tile.suit.${s}` as 'tile.suit.m');
  if (n === '0') return t('tile.red', { suit });
  return `${n} ${suit}`;
}
