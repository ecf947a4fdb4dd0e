// Run models/localizer.onnx with onnxruntime-web (wasm, one thread) the way the app does, compare with the
// torch outputs written by export.py, and time it.
//   node training-notes/localizer/check_onnx.mjs models/localizer.onnx <dir with input.bin, heatmap.bin, size.bin, offset.bin>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const ort = require('onnxruntime-web');
ort.env.wasm.numThreads = 1;

const [model, dir] = process.argv.slice(2);
const f32 = (p) => { const b = readFileSync(p); return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4); };
const input = f32(join(dir, 'input.bin'));
const S = Math.round(Math.sqrt(input.length / 3));
const sess = await ort.InferenceSession.create(readFileSync(model), { executionProviders: ['wasm'] });
const feeds = { image: new ort.Tensor('float32', input, [1, 3, S, S]) };
const out = await sess.run(feeds);
let worst = 0;
for (const name of ['heatmap', 'size', 'offset']) {
  const ref = f32(join(dir, `${name}.bin`));
  const got = out[name].data;
  let d = 0;
  for (let i = 0; i < ref.length; i++) d = Math.max(d, Math.abs(ref[i] - got[i]) / (name === 'size' ? Math.max(1, Math.abs(ref[i])) : 1));
  console.log(`${name} dims ${out[name].dims.join('x')} max diff vs torch ${d.toExponential(2)}`);
  worst = Math.max(worst, d);
}
const times = [];
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  await sess.run(feeds);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`onnxruntime-web wasm 1 thread, ${S}x${S}: median ${times[3].toFixed(1)} ms (min ${times[0].toFixed(1)})`);
process.exit(worst < 1e-3 ? 0 : 1);
