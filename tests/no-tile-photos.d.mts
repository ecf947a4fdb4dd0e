/** A grid of blank cards on a dark cloth, as SVG (see no-tile-photos.mjs). */
export function blankCardsSvg(width?: number, height?: number): string;
