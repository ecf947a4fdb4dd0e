// The margin of the tiles' orientation vote, measured through the app itself (session 19, the second try in
// training-notes/classifier/README.md, "Orientation head"): the app's recogniser reads upright renders never measured
// before, and the largest vote sum of a row photographed upright sets the margin.
//
//   npx tsx training-notes/classifier/orient_margin.ts MODELS_DIR PHOTOS_DIR [--write]
//
// MODELS_DIR: a models folder whose classifier has the `turned` output (add_orient_output.py). PHOTOS_DIR: upright
// renders, one folder per style (make_heldout_photos.py 30 --seed 51 --out ...). Every photo whose tiles voted
// (orientation.ts: nothing else on the table said which way up) counts. margin = ceil(1.5 x the largest sum), and at
// least 4. --write puts it in MODELS_DIR/model.json as classifier.outputs.turned.row_margin.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { createNodeRecognizer } from '../../src/cli/vision/nodeRecognizer.ts';

const [modelsDir, photosDir] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!modelsDir || !photosDir) throw new Error('usage: orient_margin.ts MODELS_DIR PHOTOS_DIR [--write]');
const recognizer = await createNodeRecognizer(modelsDir);
if (!recognizer.spec.classifier.turnedName) throw new Error(`${modelsDir}/model.json names no \`turned\` output`);
let photos = 0;
const sums: number[] = [];
for (const style of (await readdir(photosDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
  const files = (await readdir(path.join(photosDir, style))).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  const styleSums: number[] = [];
  for (const f of files) {
    const image = await openImage(new Uint8Array(await readFile(path.join(photosDir, style, f))), { name: f });
    const r = await recognizer.recognize(image);
    photos++;
    if (r.orientation?.by === 'tiles') styleSums.push(r.orientation.tileVote!);
  }
  styleSums.sort((a, b) => a - b);
  console.log(`${style}: ${files.length} photos, the tiles voted on ${styleSums.length}; sums ${styleSums.map((v) => v.toFixed(1)).join(' ')}`);
  sums.push(...styleSums);
}
await recognizer.dispose();
const largest = Math.max(...sums);
const margin = Math.max(4, Math.ceil(1.5 * largest));
console.log(`${photos} photos, ${sums.length} voted; largest upright sum ${largest.toFixed(2)}; margin ${margin}`);
if (process.argv.includes('--write')) {
  const file = path.join(modelsDir, 'model.json');
  const mj = JSON.parse(await readFile(file, 'utf8')) as { classifier: { outputs: { turned: { row_margin?: number; row_margin_note?: string } } } };
  mj.classifier.outputs.turned.row_margin = margin;
  mj.classifier.outputs.turned.row_margin_note = `1.5 x the largest vote sum of an upright row (${largest.toFixed(2)}) over ${sums.length} voting renders of the held-out styles (make_heldout_photos.py --seed 51), read by the app; training-notes/classifier/orient_margin.ts`;
  await writeFile(file, `${JSON.stringify(mj, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
