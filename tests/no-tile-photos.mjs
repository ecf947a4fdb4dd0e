// A photo for the "no tiles" checks, drawn the same way by the unit, CLI and end-to-end tests: a grid of blank
// cards on a dark cloth, where the localiser finds boxes but is unsure of them (src/vision/notTiles.ts judges them
// no row of tiles; asked anyway, the reader shows them).
export function blankCardsSvg(width = 1200, height = 900) {
  let cards = '';
  for (let y = 0; y < height; y += 60) for (let x = 0; x < width; x += 60) cards += `<rect x="${x + 3}" y="${y + 3}" width="54" height="70" rx="5" fill="#f4f1e8" stroke="#2a6" stroke-width="2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#235"/>${cards}</svg>`;
}
