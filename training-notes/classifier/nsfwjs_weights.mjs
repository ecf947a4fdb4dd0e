// Round 13 (issue 13): the pretrained MobileNetV2 that the npm package nsfwjs (MIT, Infinite Red) ships inside its
// tarball, written out as plain float32 arrays for pretrained.py. Its blocks up to block_10 are Keras' ImageNet
// MobileNetV2 (alpha 1.0) as published (nsfwjs froze them, "trainable": false); block_11 on were fine-tuned by nsfwjs.
//
//   node training-notes/classifier/nsfwjs_weights.mjs            # npm pack nsfwjs@4.4.0 into a temp dir, ~10 s
//   -> training-notes/classifier/data/mobilenet_v2/{weights.json,weights.f32}
//
// The package is fetched from the npm registry by `npm pack` at data-build time only: it is not a dependency of the
// app, and nothing of it is loaded at run time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'nsfwjs@4.4.0';
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'data', 'mobilenet_v2');
const tmp = mkdtempSync(join(tmpdir(), 'nsfwjs-'));
execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('tar', ['xzf', 'nsfwjs-4.4.0.tgz'], { cwd: tmp });
const dir = join(tmp, 'package', 'dist', 'models', 'mobilenet_v2');
const require = createRequire(import.meta.url);
const model = require(join(dir, 'model.min.js'));
const shard = require(join(dir, 'group1-shard1of1.min.js'));
const bytes = Buffer.from(typeof shard === 'string' ? shard : shard.default, 'base64');

// The manifest lists every weight in shard order, each uint8-quantised: value = min + q * scale.
const entries = [];
const floats = [];
let offset = 0;
let total = 0;
for (const w of model.weightsManifest[0].weights) {
  const n = w.shape.reduce((a, b) => a * b, 1);
  const { min, scale, dtype } = w.quantization;
  if (dtype !== 'uint8') throw new Error(`${w.name}: quantisation ${dtype} not handled`);
  const f = new Float32Array(n);
  for (let i = 0; i < n; i++) f[i] = min + bytes[offset + i] * scale;
  offset += n;
  entries.push({ name: w.name, shape: w.shape, offset: total });
  total += n;
  floats.push(f);
}
if (offset !== bytes.length) throw new Error(`shard holds ${bytes.length} bytes, manifest ${offset}`);
mkdirSync(out, { recursive: true });
const all = new Float32Array(total);
let at = 0;
for (const f of floats) { all.set(f, at); at += f.length; }
writeFileSync(join(out, 'weights.f32'), Buffer.from(all.buffer));
writeFileSync(join(out, 'weights.json'), JSON.stringify({ package: PACKAGE, license: 'MIT', weights: entries }, null, 1));
console.log(`${entries.length} arrays, ${total} values -> ${out}`);
