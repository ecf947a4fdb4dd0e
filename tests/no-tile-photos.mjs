// A photo for the "no tiles" checks, drawn the same way by the unit, CLI and end-to-end tests: a grid of blank
// cards on a dark cloth, where the localiser finds boxes but is unsure of them (src/vision/notTiles.ts judges them
// no row of tiles; asked anyway, the reader shows them).
export function blankCardsSvg(width = 1200, height = 900) {
  let cards = '';
  for (let y = 0; y < height; y += 60) for (let x = 0; x < width; x += 60) cards += `<rect x="${x + 3}" y="${y + 3}" width="54" height="70" rx="5" fill="#f4f1e8" stroke="#2a6" stroke-width="2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#235"/>${cards}</svg>`;
}

/**
 * Three real tiles (2m 7p 7m of test-images/hand01) cut from the photo and laid apart on its blurred table: a photo
 * of dora indicators, which is no hand (a hand shows at least 14 tiles). Returns JPEG bytes.
 */
export async function threeTilesPhoto(sharp, root) {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const src = join(root, 'test-images/hand01_tanyao_red5.jpg');
  const labels = JSON.parse(readFileSync(join(root, 'test-images/labels.json'), 'utf8'))['hand01_tanyao_red5.jpg'];
  const table = await sharp(src).extract({ left: 0, top: 0, width: 300, height: 200 }).resize(1200, 800).blur(2).toBuffer();
  const layers = await Promise.all(
    [0, 5, 10].map(async (i, k) => {
      const [x0, y0, x1, y1] = labels.tiles[i].box.map(Math.round);
      const input = await sharp(src).extract({ left: x0 - 3, top: y0 - 3, width: x1 - x0 + 6, height: y1 - y0 + 6 }).toBuffer();
      return { input, left: 300 + k * 220, top: 340 };
    }),
  );
  return sharp(table).composite(layers).jpeg().toBuffer();
}
export const THREE_TILES = ['2m', '7p', '7m'];
