// Rendered markup with each tile group that TileText.tsx draws (small tiles, the notation hidden behind them) put
// back as its notation, so that a test can look for the engine's own sentence ("the wait on 6s is not two-sided").
export const withTileCodes = (html: string): string =>
  html.replace(/<span class="tile-text"[^>]*>(?:<img[^>]*\/>)+<span class="visually-hidden">([^<]*)<\/span><\/span>/g, '$1');
