/** A grid of blank cards on a dark cloth, as SVG (see no-tile-photos.mjs). */
export function blankCardsSvg(width?: number, height?: number): string;
/** Playing cards side by side on green felt, drawn without fonts, as SVG (see no-tile-photos.mjs). */
export function playingCardsSvg(options?: { width?: number; height?: number; cards?: number; cardWidth?: number; step?: number; x0?: number; y0?: number }): string;
/** Three real tiles of test-images/hand01 laid apart on its table, as JPEG bytes (see no-tile-photos.mjs). */
export function threeTilesPhoto(sharp: typeof import('sharp').default, root: string): Promise<Buffer>;
export const THREE_TILES: string[];
