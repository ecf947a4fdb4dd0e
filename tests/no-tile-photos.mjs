// A photo for the "no tiles" checks, drawn the same way by the unit, CLI and end-to-end tests: a grid of blank
// cards on a dark cloth, where the localiser finds boxes but is unsure of them (src/vision/notTiles.ts judges them
// no row of tiles; asked anyway, the reader shows them).
export function blankCardsSvg(width = 1200, height = 900) {
  let cards = '';
  for (let y = 0; y < height; y += 60) for (let x = 0; x < width; x += 60) cards += `<rect x="${x + 3}" y="${y + 3}" width="54" height="70" rx="5" fill="#f4f1e8" stroke="#2a6" stroke-width="2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#235"/>${cards}</svg>`;
}

const SUITS = {
  diamond: ['#c22', (s) => `<path d="M0 ${-s}L${0.7 * s} 0L0 ${s}L${-0.7 * s} 0Z"/>`],
  heart: ['#c22', (s) => `<path d="M0 ${s}C${-1.2 * s} ${0.1 * s} ${-0.9 * s} ${-1.1 * s} 0 ${-0.45 * s}C${0.9 * s} ${-1.1 * s} ${1.2 * s} ${0.1 * s} 0 ${s}Z"/>`],
  spade: ['#151515', (s) => `<path d="M0 ${-s}C${-1.2 * s} ${-0.1 * s} ${-0.9 * s} ${0.9 * s} 0 ${0.35 * s}C${0.9 * s} ${0.9 * s} ${1.2 * s} ${-0.1 * s} 0 ${-s}Z"/><path d="M0 ${0.2 * s}L${0.3 * s} ${s}L${-0.3 * s} ${s}Z"/>`],
  club: ['#151515', (s) => `<circle cx="0" cy="${-0.45 * s}" r="${0.38 * s}"/><circle cx="${-0.42 * s}" cy="${0.15 * s}" r="${0.38 * s}"/><circle cx="${0.42 * s}" cy="${0.15 * s}" r="${0.38 * s}"/><path d="M0 0L${0.25 * s} ${s}L${-0.25 * s} ${s}Z"/>`],
};
/**
 * Playing cards laid side by side on green felt, drawn here without any font (suits as shapes, number cards as
 * columns of pips), as a player at a card table might photograph them: the localiser is fairly sure of the cards
 * (0.73) and the classifier reads each as some tile, doubting most (src/vision/notTiles.ts judges the row no tiles
 * by how little the cards look like any tile).
 */
export function playingCardsSvg({ width = 1600, height = 1200, cards = 7, cardWidth = 110, step = 1.02, x0 = 160, y0 = 520 } = {}) {
  const names = Object.keys(SUITS);
  const h = Math.round(cardWidth * 1.4);
  let body = '';
  for (let i = 0; i < cards; i++) {
    const [ink, shape] = SUITS[names[i % 4]];
    const pips = 2 + ((i * 3) % 8);
    const s = cardWidth * 0.09;
    let marks = `<g transform="translate(${s * 1.6},${s * 1.8})">${shape(s * 0.8)}</g><g transform="translate(${cardWidth - s * 1.6},${h - s * 1.8}) rotate(180)">${shape(s * 0.8)}</g>`;
    for (let p = 0; p < pips; p++) {
      const col = pips > 3 ? (p % 2 ? 0.68 : 0.32) : 0.5;
      const rows = pips > 3 ? Math.ceil(pips / 2) : pips;
      const r = pips > 3 ? Math.floor(p / 2) : p;
      marks += `<g transform="translate(${cardWidth * col},${h * (0.2 + (0.6 * (r + 0.5)) / rows)})">${shape(s)}</g>`;
    }
    body += `<g transform="translate(${x0 + Math.round(i * cardWidth * step)},${y0})"><rect width="${cardWidth}" height="${h}" rx="${Math.round(cardWidth * 0.07)}" fill="#fbfaf6" stroke="#999" stroke-width="1.5"/><g fill="${ink}">${marks}</g></g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#2d6a3a"/>${body}</svg>`;
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
