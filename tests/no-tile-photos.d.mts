/** A grid of blank cards on a dark cloth, as SVG (see no-tile-photos.mjs). */
export function blankCardsSvg(width?: number, height?: number): string;
/** Three real tiles of test-images/hand01 laid apart on its table, as JPEG bytes (see no-tile-photos.mjs). */
export function threeTilesPhoto(sharp: typeof import('sharp').default, root: string): Promise<Buffer>;
export const THREE_TILES: string[];
