// Issue 13: a Japanese riichi tile design from the npm registry, as a NEW HELD-OUT art style (never trained on).
// Every held-out style since round 5 is Chinese-looking (kmahjongg, xmahjongg, gnome-mahjongg, a brush font); this one
// is drawn as Japanese riichi sets are painted: black-and-red circles, green bamboo with a red centre, the 1-sou
// peacock, red fives painted all red, a blank White dragon.
//
//   node training-notes/common/npm_art.mjs      # npm pack mj-tiles@0.2.0 into a temp dir, ~5 s
//   -> training-notes/common/data/npm-art/mj_tiles/full_<class>.png (66x90 RGBA, the complete tile fronts, gitignored)
//   then: /usr/bin/python3 training-notes/common/extract_art.py npm    # faces for the renderer (data/art-npm/)
//
// mj-tiles 0.2.0 (MIT, Kenta Kobayashi) ships the images as base64 WebP in dist/assets/generated.js; its README credits
// them to 麻雀豆腐 (majandofu.com), whose free tile image material they are. They are read at data-build time only, as
// evaluation (and possibly training) input on this machine: never committed, never shipped with the app, and the
// package is no dependency of it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const PACKAGE = 'mj-tiles@0.2.0';
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'data', 'npm-art', 'mj_tiles');
const tmp = mkdtempSync(join(tmpdir(), 'mj-tiles-'));
execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('tar', ['xzf', 'mj-tiles-0.2.0.tgz'], { cwd: tmp });
const { tiles } = await import(pathToFileURL(join(tmp, 'package', 'dist', 'assets', 'generated.js')).href);
mkdirSync(out, { recursive: true });
// The package's keys do not all name the tile drawn under them (its own parser maps 白 to 5z, but the image under
// '5z' is 發): checked by eye on the contact sheet (extract_art.py npm), these keys hold these tiles.
const BY_EYE = { '5z': '6z', '6z': '5z', '0m': '0p', '0p': '0s', '0s': '0m' };
const keys = Object.keys(tiles).filter((c) => /^([0-9][mps]|[1-7]z|back)$/.test(c)).sort();
for (const key of keys) {
  const webp = Buffer.from(tiles[key].split(',')[1], 'base64');
  await sharp(webp).ensureAlpha().png().toFile(join(out, `full_${BY_EYE[key] ?? key}.png`));
}
writeFileSync(join(out, 'SOURCE.txt'), `${PACKAGE} (MIT, Kenta Kobayashi), dist/assets/generated.js; images credited by the package to 麻雀豆腐 (majandofu.com)\n`);
console.log(`${keys.length} tiles -> ${out}`);
