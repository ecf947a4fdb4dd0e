"""Round 9d: one ONNX file from two, so that the committed classifier's graph is kept node for node (its tile logits
and embedding bit for bit what they were) and a second, 39-class classifier (round 9b) adds only P(none):

    /usr/bin/python3 training-notes/classifier/compose_none_onnx.py models/classifier.onnx /tmp/r9b/classifier.onnx \
        models/classifier.onnx --temperature 0.777

Output `logits` [N, 39] = the first graph's 38 logits, then z_none = T * (logit(P2(none)) + logsumexp(z / T)), where
P2(none) is the second graph's softmax(logits2 / T)[38]: softmax(logits / T) then gives the second network's P(none)
and leaves the first network's tile probabilities as they were. `embedding` is the first graph's. Then write
model.json's classifier.not_tile_class (export.py does it for a .pt; `--model-json FILE` here does it too).
"""
import argparse
import json

import numpy as np
import onnx
from onnx import compose, helper, numpy_helper

ap = argparse.ArgumentParser()
ap.add_argument("tiles_onnx")
ap.add_argument("none_onnx")
ap.add_argument("out")
ap.add_argument("--temperature", type=float, default=0.777)
ap.add_argument("--model-json", default="", help="also mark the extra logit in this model.json")
args = ap.parse_args()

a = onnx.load(args.tiles_onnx)
b = compose.add_prefix(onnx.load(args.none_onnx), "none_")
g = a.graph
nt = len(json.load(open(args.model_json))["classes"]) if args.model_json else 38

# the first graph's logits become an inner tensor; the second graph reads the same input
for n in g.node:
    n.output[:] = ["tile_logits" if o == "logits" else o for o in n.output]
for n in b.graph.node:
    n.input[:] = ["crops" if i == "none_crops" else i for i in n.input]
g.node.extend(b.graph.node)
g.initializer.extend(b.graph.initializer)


def const(name, value):
    g.initializer.append(numpy_helper.from_array(np.asarray(value), name))
    return name


T = const("none_T", np.float32(args.temperature))
const("none_s0", np.array([0], np.int64))
const("none_s38", np.array([nt], np.int64))
const("none_s39", np.array([nt + 1], np.int64))
const("none_ax1", np.array([1], np.int64))
g.node.extend([
    helper.make_node("Div", ["none_logits", T], ["none_z"]),
    helper.make_node("Slice", ["none_z", "none_s0", "none_s38", "none_ax1"], ["none_z_tiles"]),
    helper.make_node("Slice", ["none_z", "none_s38", "none_s39", "none_ax1"], ["none_z_none"]),
    helper.make_node("ReduceLogSumExp", ["none_z_tiles"], ["none_lse2"], axes=[1], keepdims=1),
    helper.make_node("Sub", ["none_z_none", "none_lse2"], ["none_s"]),
    helper.make_node("Div", ["tile_logits", T], ["none_z1"]),
    helper.make_node("ReduceLogSumExp", ["none_z1"], ["none_lse1"], axes=[1], keepdims=1),
    helper.make_node("Add", ["none_s", "none_lse1"], ["none_u"]),
    helper.make_node("Mul", ["none_u", T], ["none_logit"]),
    helper.make_node("Concat", ["tile_logits", "none_logit"], ["logits"], axis=1),
])
# outputs: logits (now 39 wide) and the first graph's embedding; the second graph's outputs are inner tensors
for o in g.output:
    if o.name == "logits":
        o.type.tensor_type.shape.dim[1].dim_value = nt + 1
onnx.checker.check_model(a)
onnx.save(a, args.out)
print(f"wrote {args.out}")
if args.model_json:
    mj = json.load(open(args.model_json))
    c = mj["classifier"]
    c["outputs"]["logits"]["shape"] = ["N", nt + 1]
    c["not_tile_class"] = {
        "index": nt, "name": "none",
        "note": ("round 9d: the logit after the tile classes is 'not a tile', from a second network (round 9b) in the "
                 "same file; softmax(logits / temperature) gives its probability, and the tile classes' "
                 "probabilities renormalised over the tile classes are the committed network's")}
    json.dump(mj, open(args.model_json, "w"), indent=2)
    open(args.model_json, "a").write("\n")
    print(f"wrote {args.model_json}")
