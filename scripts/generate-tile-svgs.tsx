// Renders the FluffyStuff tile art (CC0, via the npm package riichi-mahjong-tiles) to static SVG files
// in public/tiles/<code>.svg, so the app shows real tile art without shipping ~600 kB of SVG-in-JS.
// Run: npx tsx scripts/generate-tile-svgs.tsx   (outputs are committed; re-run only if the art changes)
import { writeFileSync, mkdirSync } from 'node:fs';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as Tiles from 'riichi-mahjong-tiles';

const components = Tiles as unknown as Record<string, ComponentType>;
const suitName = { m: 'Man', p: 'Pin', s: 'Sou' } as const;
const honourName = ['Ton', 'Nan', 'Shaa', 'Pei', 'Haku', 'Hatsu', 'Chun'];

function componentName(code: string): string {
  const n = Number(code[0]);
  const suit = code[1] as 'm' | 'p' | 's' | 'z';
  if (suit === 'z') return `SvgRegular${honourName[n - 1]}M`;
  if (n === 0) return `SvgRegular${suitName[suit]}5DoraM`;
  return `SvgRegular${suitName[suit]}${n}M`;
}

const codes: string[] = [];
for (const s of ['m', 'p', 's']) for (let n = 0; n <= 9; n++) codes.push(`${n}${s}`);
for (let n = 1; n <= 7; n++) codes.push(`${n}z`);

/**
 * The White dragon of this art is a blank face, which in a row of tiles reads as an empty slot or a rendering fault
 * (a newcomer asked what was missing): it gets the blue frame many physical sets print on it.
 */
const WHITE_FRAME = '<rect x="62" y="722" width="176" height="262" rx="10" style="fill:none;stroke:#2f6db5;stroke-width:12"></rect>';
const withFrame = (code: string, svg: string) => (code === '5z' ? svg.replace(/<\/g><\/svg>$/, `${WHITE_FRAME}</g></svg>`) : svg);

const outDir = new URL('../public/tiles/', import.meta.url);
mkdirSync(outDir, { recursive: true });
for (const code of codes) {
  const name = componentName(code);
  const Component = components[name] ?? components[name.replace(/^Svg/, '')];
  if (!Component) throw new Error(`tile art component ${name} not found for ${code}`);
  const svg = withFrame(code, renderToStaticMarkup(createElement(Component)));
  if (code === '5z' && !svg.includes(WHITE_FRAME)) throw new Error('the White dragon art changed: place its frame again');
  writeFileSync(new URL(`${code}.svg`, outDir), svg);
}
console.log(`wrote ${codes.length} tile SVGs`);
