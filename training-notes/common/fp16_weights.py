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
import numpy as np
import onnx
from onnx import helper, numpy_helper
from stored_weights import keep_profile_id, parse_args, rewrite_weights

args = parse_args("store float32 weights as float16")


def as_float16(name, w):
    assert np.abs(w).max() < 65000, f"{name} overflows float16"
    half = numpy_helper.from_array(w.astype(np.float16), name + "__fp16")
    return [half], helper.make_node("Cast", [half.name], [name], to=onnx.TensorProto.FLOAT, name=name + "__to_fp32")


halved = rewrite_weights(args.src, args.dst, args.min, as_float16)
print(f"{args.src}: {halved} weight tensors stored as float16 -> {args.dst}")
if args.model_json:
    pid = keep_profile_id(args.model_json, args.src, (
        "weights stored as float16 (training-notes/common/fp16_weights.py); tile-set profiles are tied to this id, the "
        "float32 classifier's, whose embeddings these match up to the weights' rounding"))
    print(f"{args.model_json}: classifier.profile_id {pid}")
