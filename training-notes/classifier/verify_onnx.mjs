// Runs models/classifier.onnx with onnxruntime-web (wasm, like the app) on the crops export.py saved and compares
// the outputs with PyTorch's.   node training-notes/classifier/verify_onnx.mjs [MODELS_DIR]
// (add_orient_output.py writes the same check with the `turned` output too; it is compared when present.)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
ort.env.wasm.numThreads = 1;
const ref = JSON.parse(readFileSync(join(here, 'data', 'onnx_check.json'), 'utf8'));
const buf = readFileSync(join(here, 'data', 'onnx_check.bin'));
const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
const session = await ort.InferenceSession.create(readFileSync(join(process.argv[2] ?? join(repo, 'models'), 'classifier.onnx')));
const out = await session.run({ crops: new ort.Tensor('float32', data, ref.shape) });
let maxLogit = 0;
let maxEmb = 0;
let argmaxAgree = 0;
const [n, nc] = out.logits.dims;
const d = out.embedding.dims[1];
for (let i = 0; i < n; i++) {
  let best = 0;
  let bestRef = 0;
  for (let c = 0; c < nc; c++) {
    const v = out.logits.data[i * nc + c];
    maxLogit = Math.max(maxLogit, Math.abs(v - ref.logits[i][c]));
    if (v > out.logits.data[i * nc + best]) best = c;
    if (ref.logits[i][c] > ref.logits[i][bestRef]) bestRef = c;
  }
  if (best === bestRef) argmaxAgree++;
  for (let k = 0; k < d; k++) maxEmb = Math.max(maxEmb, Math.abs(out.embedding.data[i * d + k] - ref.embedding[i][k]));
}
let maxTurned = 0;
if (ref.turned) {
  if (!out.turned) throw new Error('the check data has turned logits but the model has no `turned` output');
  for (let i = 0; i < n; i++) maxTurned = Math.max(maxTurned, Math.abs(out.turned.data[i] - ref.turned[i]));
}
console.log(`onnxruntime-web vs torch on ${n} crops: max |logit diff| ${maxLogit.toExponential(2)}, ` +
  `max |embedding diff| ${maxEmb.toExponential(2)}, argmax agree ${argmaxAgree}/${n}` +
  (ref.turned ? `, max |turned diff| ${maxTurned.toExponential(2)}` : ''));
if (maxLogit > 1e-3 || argmaxAgree !== n || maxTurned > 1e-3) process.exit(1);
