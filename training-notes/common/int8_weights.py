"""Store an ONNX model's float32 weights as int8, one scale per output channel (the first axis), each read back
through a DequantizeLinear to float32: weights-only quantisation, the network still computes in float32. A try at a
smaller classifier download beside fp16_weights.py (issue 13: "int8 where onnxruntime-web runs it and accuracy
holds"); whether it was adopted, and the figures, are in models/README.md. Small tensors (under --min elements:
biases, the normalisation constants) stay float32.

    /usr/bin/python3 training-notes/common/int8_weights.py FLOAT32.onnx OUT.onnx [--min 256] \
        [--model-json models/model.json]

With --model-json, the classifier's `profile_id` there is set to the float32 file's id (stored_weights.py), as
fp16_weights.py does.

Symmetric: scale = max |w| of the channel / 127, zero point 0, values rounded to the nearest step.
"""
import numpy as np
from onnx import helper, numpy_helper
from stored_weights import keep_profile_id, parse_args, rewrite_weights

args = parse_args("store float32 weights as int8 with a scale per output channel")


def as_int8(name, w):
    w = w.astype(np.float32)
    per_channel = np.abs(w.reshape(w.shape[0], -1)).max(axis=1)
    scale = np.where(per_channel > 0, per_channel / 127.0, 1.0).astype(np.float32)
    q = np.clip(np.rint(w / scale.reshape((-1,) + (1,) * (w.ndim - 1))), -127, 127).astype(np.int8)
    stored = [numpy_helper.from_array(q, name + "__int8"), numpy_helper.from_array(scale, name + "__scale"),
              numpy_helper.from_array(np.zeros_like(q, shape=scale.shape), name + "__zero")]
    return stored, helper.make_node("DequantizeLinear", [s.name for s in stored], [name], axis=0, name=name + "__to_fp32")


quantised = rewrite_weights(args.src, args.dst, args.min, as_int8)
print(f"{args.src}: {quantised} weight tensors stored as int8 with a scale per output channel -> {args.dst}")
if args.model_json:
    pid = keep_profile_id(args.model_json, args.src, (
        "weights stored as int8 with a scale per output channel (training-notes/common/int8_weights.py, session 35; "
        "float16 before, fp16_weights.py); tile-set profiles are tied to this id, the float32 classifier's, whose "
        "embeddings these match up to the weights' rounding"))
    print(f"{args.model_json}: classifier.profile_id {pid}")
