#!/usr/bin/env node
// Ordinary photos without mahjong tiles, for `npm run eval -- --only hand` (issue 20: a photo without tiles gives
// no tiles). Two sets, kept apart on purpose:
//   data/no-tiles-tune   Debian's gnome-backgrounds and plasma-workspace-wallpapers (one image per wallpaper) and
//                        scikit-image's sample photos (astronaut, cat, coffee, coins, camera, page, rocket, ...):
//                        the lines of src/vision/notTiles.ts were chosen on these;
//   data/no-tiles-check  mate-backgrounds, desktop-base, lomiri-wallpapers(-16.04, -20.04) and ukui-wallpapers (nature,
//                        cities, food, abstract art): only measured, never tuned on until session 15, whose line
//                        for a row of tile backs was chosen on one of its photos (src/vision/README.md);
//   data/no-tiles-fresh  opencv-doc's sample photos (people, animals, fruit, playing cards, text, a chessboard, a
//                        sudoku; one per name), sway-backgrounds and the debian-edu-artwork themes: built in session
//                        15 and measured only after that session's line was committed;
//   data/no-tiles-fresh2 visp-images-data's robotics photos (one per folder: calibration grids, AprilTags, cubes, a
//                        castle, faces, paintings), xfdesktop4-data's wallpapers, and tables strewn with tuxpaint's
//                        photographic stamps (animals, fruit, coins, tools, toys; 3 to 8 per photo, seeded): built in
//                        session 16 and measured only after that session's line (a row of 1-3 boxes) was committed;
//   data/no-tiles-screens tuxpaint-data's manual screenshots and pictures (its English, Galician and French manuals;
//                        a drawing program's tool panels, colour palettes, dialogs): session 47 saw such screenshots
//                        give tiles and chose no line on them; session 48's line was chosen on playing cards
//                        (make_card_photos.py) and measured here only after it was committed.
// All of them are gitignored and rebuilt exactly by this script (about 40 s; the packages are installed when missing):
//
//   node training-notes/common/make_no_tiles_photos.mjs
//   npm run eval -- --only hand          # figures for both folders
//
// Every image is written as a JPEG at most 2,000 px on its longer side (1,600 for the tuning wallpapers, as they
// were measured); images under 600 px are left out of the check set (icons and previews).
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const IMAGE = /\.(jpe?g|png|webp|svg)$/i;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, 'data');
const FRESH_WALLPAPERS = ['sway-backgrounds', 'debian-edu-artwork-emerald', 'debian-edu-artwork-homeworld', 'debian-edu-artwork-softwaves', 'debian-edu-artwork-spacefun', 'debian-edu-artwork-buster'];
const FRESH2 = ['visp-images-data', 'xfdesktop4-data', 'tuxpaint-stamps-default'];
const PACKAGES = [...FRESH2, 'tuxpaint-data', 'gnome-backgrounds', 'plasma-workspace-wallpapers', 'python3-skimage', 'mate-backgrounds', 'desktop-base', 'lomiri-wallpapers', 'lomiri-wallpapers-16.04', 'lomiri-wallpapers-20.04', 'ukui-wallpapers', 'opencv-doc', ...FRESH_WALLPAPERS];

function installMissing() {
  const missing = PACKAGES.filter((p) => {
    try {
      execSync(`dpkg -s ${p}`, { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (!missing.length) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log(`installing ${missing.join(' ')}`);
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}

/** The image files a Debian package installed. */
const filesOf = (pkg) => execSync(`dpkg -L ${pkg}`).toString().trim().split('\n').filter((p) => IMAGE.test(p) && existsSync(p) && statSync(p).isFile());
const walk = (d) => (existsSync(d) ? readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)])) : []);

async function write(src, dir, name, maxSide, minSide = 0) {
  const meta = await sharp(src, { density: 72 }).metadata();
  if (Math.max(meta.width ?? 0, meta.height ?? 0) < minSide) return false;
  await sharp(src, { density: 72 }).resize(maxSide, maxSide, { fit: 'inside' }).jpeg({ quality: 88 }).toFile(path.join(dir, name));
  return true;
}

async function tuneSet(dir) {
  // one image per wallpaper: every gnome file, the largest image of each plasma wallpaper folder
  const largest = new Map();
  for (const p of [...filesOf('gnome-backgrounds'), ...filesOf('plasma-workspace-wallpapers').filter((p) => p.includes('/contents/images/'))].sort()) {
    const key = p.includes('/wallpapers/') ? p.split('/wallpapers/')[1].split('/')[0] : p;
    const size = statSync(p).size;
    if (!largest.has(key) || largest.get(key).size < size) largest.set(key, { p, size });
  }
  let n = 0;
  for (const [key, { p }] of largest) {
    try {
      if (await write(p, dir, `${String(n).padStart(3, '0')}_${path.basename(key).replace(/\W+/g, '_')}.jpg`, 1600)) n++;
    } catch (e) {
      console.log(`  skipped ${p}: ${e.message}`);
    }
  }
  const ski = '/usr/lib/python3/dist-packages/skimage/data';
  for (const f of walk(ski).filter((p) => /\.(png|jpe?g)$/i.test(p)).sort()) {
    try {
      if (await write(f, dir, `ski_${path.basename(f).replace(/\.\w+$/, '')}.jpg`, 2000, 64)) n++;
    } catch (e) {
      console.log(`  skipped ${f}: ${e.message}`);
    }
  }
  return n;
}

/**
 * Writes one image per key: `pictures` is a list of [file, key, minSide]; the first file of each key that is at least
 * minSide px on its longer side is written as NNN_<key>.jpg (at most 2,000 px). Returns how many were written.
 */
async function onePerKey(dir, pictures) {
  const seen = new Set();
  let n = 0;
  for (const [p, key, minSide] of pictures) {
    if (seen.has(key)) continue;
    try {
      if (await write(p, dir, `${String(n).padStart(3, '0')}_${key.replace(/\W+/g, '_').slice(0, 40)}.jpg`, 2000, minSide)) {
        seen.add(key);
        n++;
      }
    } catch (e) {
      console.log(`  skipped ${p}: ${e.message}`);
    }
  }
  return n;
}

/** A wallpaper's name without its extension and size: the sizes of one picture share it ("-1920x1080", "_Portrait"). */
const pictureName = (p) => path.basename(p).replace(/\.\w+$/, '').replace(/[-_]?\d+x\d+(_Portrait)?$/, '');

function checkSet(dir) {
  const files = ['mate-backgrounds', 'desktop-base', 'lomiri-wallpapers', 'lomiri-wallpapers-16.04', 'lomiri-wallpapers-20.04', 'ukui-wallpapers'].flatMap(filesOf).filter((p) => /\.(jpe?g|png)$/i.test(p)).sort();
  return onePerKey(dir, files.map((p) => [p, pictureName(p), 600]));
}

function freshSet(dir) {
  // opencv-doc's sample photos, one per name (left01..left14 are one chessboard; a stereo pair's L and R one scene),
  // at least 300 px on the longer side; then each picture of the wallpaper packages, at least 600 px
  const samples = filesOf('opencv-doc').filter((p) => p.startsWith('/usr/share/doc/opencv-doc/examples/data/') && /\.(jpe?g|png)$/i.test(p)).sort();
  const wallpapers = FRESH_WALLPAPERS.flatMap(filesOf).filter((p) => /\.(jpe?g|png|svg)$/i.test(p)).sort();
  return onePerKey(dir, [
    ...samples.map((p) => [p, path.basename(p).replace(/\.\w+$/, '').replace(/[-_]?(\d+|[LR]|GT)$/i, ''), 300]),
    ...wallpapers.map((p) => [p, pictureName(p), 600]),
  ]);
}

/** A small seeded generator (mulberry32), so the strewn tables are the same on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Table colours a photo of things on a table shows: wood, felt, white, grey, dark. */
const TABLES = [[150, 105, 70], [90, 60, 40], [40, 110, 70], [230, 230, 225], [128, 128, 128], [35, 35, 40], [200, 180, 150]];

async function fresh2Set(dir) {
  // visp-images-data: the first image of each folder, and every 100th of its long sequences
  const visp = filesOf('visp-images-data').filter((p) => /\.(jpe?g|png|pgm|ppm)$/i.test(p)).sort();
  const byFolder = new Map();
  for (const p of visp) byFolder.set(path.dirname(p), [...(byFolder.get(path.dirname(p)) ?? []), p]);
  const pictures = [];
  for (const [folder, files] of byFolder) files.forEach((p, i) => i % 100 === 0 && pictures.push([p, `visp_${path.relative('/usr/share/visp-images-data/ViSP-images', folder)}_${i}`, 300]));
  for (const p of filesOf('xfdesktop4-data').filter((p) => p.startsWith('/usr/share/backgrounds/'))) pictures.push([p, `xfce_${pictureName(p)}`, 600]);
  let n = await onePerKey(dir, pictures);
  // tables strewn with photographic stamps (no cartoons, letters or symbols but coins and chess pieces)
  const stamps = filesOf('tuxpaint-stamps-default')
    .filter((p) => /\.png$/i.test(p) && !/cartoon|alphabets|\/symbols\/(?!money|chess)|roadsigns|flags|shapes|math|music/.test(p))
    .sort();
  const rand = random(160000);
  for (let k = 0; k < 40; k++) {
    const [r, g, b] = TABLES[k % TABLES.length];
    const W = 1600, H = 1200;
    const layers = [];
    for (let j = 0, m = 3 + Math.floor(rand() * 6); j < m; j++) {
      const p = stamps[Math.floor(rand() * stamps.length)];
      const meta = await sharp(p).metadata();
      const scale = (250 + rand() * 350) / Math.max(meta.width ?? 1, meta.height ?? 1);
      const input = await sharp(p).resize(Math.max(8, Math.round((meta.width ?? 1) * scale)), Math.max(8, Math.round((meta.height ?? 1) * scale))).rotate(Math.floor(rand() * 360), { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
      const m2 = await sharp(input).metadata();
      layers.push({ input, left: Math.floor(rand() * Math.max(1, W - (m2.width ?? 0))), top: Math.floor(rand() * Math.max(1, H - (m2.height ?? 0))) });
    }
    await sharp({ create: { width: W, height: H, channels: 3, background: { r, g, b } } }).composite(layers).jpeg({ quality: 88 }).toFile(path.join(dir, `${String(n).padStart(3, '0')}_table_${k}.jpg`));
    n++;
  }
  return n;
}

async function screensSet(dir) {
  // every picture of the manuals that the reader takes (at least 224 px along and 48 px across, MIN_PHOTO_*_SIDE)
  const pictures = filesOf('tuxpaint-data').filter((p) => p.includes('/doc/tuxpaint-data/') && /\.(png|jpe?g)$/i.test(p)).sort();
  let n = 0;
  for (const p of pictures) {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    if (Math.max(width, height) < 224 || Math.min(width, height) < 48) continue;
    if (await write(p, dir, `${String(n).padStart(3, '0')}_${path.relative('/usr/share/doc/tuxpaint-data', p).replace(/\.\w+$/, '').replace(/\W+/g, '_').slice(0, 50)}.jpg`, 2000)) n++;
  }
  return n;
}

installMissing();
for (const [name, make] of [['no-tiles-tune', tuneSet], ['no-tiles-check', checkSet], ['no-tiles-fresh', freshSet], ['no-tiles-fresh2', fresh2Set], ['no-tiles-screens', screensSet]]) {
  const dir = path.join(OUT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`${name}: ${await make(dir)} photos in ${path.relative(process.cwd(), dir)}`);
}
