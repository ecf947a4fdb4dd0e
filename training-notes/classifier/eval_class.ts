// One kind's reading on the held-out art (round 16, training-notes/classifier/README.md): the classifier alone on the
// true boxes of the held-out renders, through the app's own crop code (as `npm run eval -- --only crops`), per style:
// every tile's top-1 and the given kind's (its crops, and other kinds' crops read as it).
//
//   npx tsx training-notes/classifier/eval_class.ts MODELS_DIR KIND [PHOTO_ROOT ...]
//
// PHOTO_ROOT: folders of renders, one sub-folder per style with its labels.json (default: classifier/data/heldout_photos
// and classifier/data/heldout_npm, make_heldout_photos.py without and with --npm-art).
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { cropRequest, cropsTensor } from '../../src/vision/classify.ts';
import { heldOutSets, type CropItem } from '../../src/cli/evalCrops.ts';
import { openImage } from '../../src/cli/vision/nodeImage.ts';
import { createNodeRecognizer } from '../../src/cli/vision/nodeRecognizer.ts';

const [modelsDir, kind, ...roots] = process.argv.slice(2);
if (!modelsDir || !kind) throw new Error('usage: eval_class.ts MODELS_DIR KIND [PHOTO_ROOT ...]');
const here = path.dirname(new URL(import.meta.url).pathname);
const recognizer = await createNodeRecognizer(modelsDir);
const C = recognizer.spec.classifier;
const K = C.classes.length;
const total = { tiles: 0, right: 0, kind: 0, kindRight: 0, intoKind: 0 };
for (const root of roots.length ? roots : ['heldout_photos', 'heldout_npm'].map((d) => path.join(here, 'data', d))) {
  for (const [style, items] of await heldOutSets(root)) {
    const byFile = new Map<string, CropItem[]>();
    for (const it of items) byFile.set(it.file, [...(byFile.get(it.file) ?? []), it]);
    const f = { tiles: 0, right: 0, kind: 0, kindRight: 0, intoKind: 0 };
    for (const [file, group] of byFile) {
      const image = await openImage(new Uint8Array(await readFile(file)));
      const crops = await image.crop(group.map((it) => cropRequest(it.box, C, image.width, image.height)));
      const out = await recognizer.classify(cropsTensor(crops, C), crops.length);
      group.forEach((it, n) => {
        const logits = out.logits.subarray(n * K, (n + 1) * K);
        let k = 0;
        for (let j = 1; j < K; j++) if (logits[j]! > logits[k]!) k = j;
        const read = C.classes[k]!;
        f.tiles++;
        if (read === it.truth) f.right++;
        if (it.truth === kind) {
          f.kind++;
          if (read === kind) f.kindRight++;
        } else if (read === kind) f.intoKind++;
      });
    }
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += f[key];
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
    console.log(`${style.padEnd(24)} tiles ${pct(f.right, f.tiles).padStart(6)} of ${f.tiles}   ${kind} ${f.kindRight}/${f.kind} (${pct(f.kindRight, f.kind)})   other kinds read as ${kind}: ${f.intoKind}`);
  }
}
console.log(`all                      tiles ${((100 * total.right) / total.tiles).toFixed(2)}% of ${total.tiles}   ${kind} ${total.kindRight}/${total.kind}   other kinds read as ${kind}: ${total.intoKind}`);
