"""Store an ONNX model's float32 weights as float16, each read back through a Cast to float32 (issue 13's
"fp16 where onnxruntime-web runs it and accuracy holds"). onnxruntime folds the Casts when it creates the session,
so the network computes in float32 exactly as before, from weights rounded to float16: the file is half the size
(the classifier 4.1 -> 2.0 MB), the download a quarter smaller. Small tensors (under --min elements: biases, the
normalisation constants) stay float32, where the saving is nil.

    /usr/bin/python3 training-notes/common/fp16_weights.py models/classifier.onnx OUT.onnx [--min 256] \
        [--model-json models/model.json]

With --model-json, the classifier's `profile_id` there is set to the float32 file's id (the app's fingerprint,
src/worker/recognizer.ts): tile-set profiles taught with the float32 classifier stay valid for its float16 copy,
whose embeddings differ only by the weights' rounding. export.py writes model.json afresh, so a retrained
classifier drops the field and gets an id of its own.
"""
import argparse

import numpy as np
import onnx
from onnx import helper, numpy_helper
from profile_id import keep_profile_id

ap = argparse.ArgumentParser()
ap.add_argument("src")
ap.add_argument("dst")
ap.add_argument("--min", type=int, default=256, help="tensors with fewer elements stay float32")
ap.add_argument("--model-json", default="", help="set classifier.profile_id there to the source file's id")
args = ap.parse_args()


model = onnx.load(args.src)
graph = model.graph
casts, kept, halved = [], [], 0
for init in graph.initializer:
    if init.data_type != onnx.TensorProto.FLOAT or int(np.prod(init.dims)) < args.min:
        kept.append(init)
        continue
    w = numpy_helper.to_array(init)
    assert np.abs(w).max() < 65000, f"{init.name} overflows float16"
    half = numpy_helper.from_array(w.astype(np.float16), init.name + "__fp16")
    kept.append(half)
    casts.append(helper.make_node("Cast", [half.name], [init.name], to=onnx.TensorProto.FLOAT, name=init.name + "__to_fp32"))
    halved += 1
del graph.initializer[:]
graph.initializer.extend(kept)
nodes = list(graph.node)
del graph.node[:]
graph.node.extend(casts + nodes)
onnx.checker.check_model(model)
onnx.save(model, args.dst)
print(f"{args.src}: {halved} weight tensors stored as float16 -> {args.dst}")
if args.model_json:
    pid = keep_profile_id(args.model_json, args.src, (
        "weights stored as float16 (training-notes/common/fp16_weights.py); tile-set profiles are tied to this id, the "
        "float32 classifier's, whose embeddings these match up to the weights' rounding"))
    print(f"{args.model_json}: classifier.profile_id {pid}")
