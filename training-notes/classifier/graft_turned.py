"""Give a new classifier export the `turned` output of the committed one (round 15).

    /usr/bin/python3 training-notes/classifier/graft_turned.py CANDIDATE_DIR [--from models/classifier.onnx]

Valid only for a network fine-tuned with `train.py --freeze 5` (or more) from the committed weights: the `turned` head
(orient_head.py, grafted by add_orient_output.py) reads the maps after features[:5], which such a fine-tune leaves as
they were (weights frozen, BatchNorm statistics kept). So the head's nodes and weights are copied as they are and
re-attached to the same tap of the new graph, and model.json's `turned` entry (its row_margin included) is copied;
orient_margin.ts then measures the margin again through the app. Checked here: the tapped maps of the two graphs on
real crops (onnx_to_torch.py's rebuild of the committed weights differs from the graph by a little, see its notes).
"""
import argparse
import json
import os

import numpy as np
import onnx
from onnx import helper

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
ap = argparse.ArgumentParser()
ap.add_argument("candidate", help="a models folder written by export.py --out (classifier.onnx without `turned`)")
ap.add_argument("--from", dest="source", default=os.path.join(REPO, "models", "classifier.onnx"))
ap.add_argument("--split", type=int, default=5)
args = ap.parse_args()


def tap_of(model: onnx.ModelProto, split: int) -> str:
    convs = [n for n in model.graph.node if n.op_type == "Conv" and not n.name.startswith("orient/") and not n.output[0].startswith("orient/")]
    return next(n for n in model.graph.node if n.op_type == "Relu" and n.input[0] == convs[split - 1].output[0]).output[0]


src = onnx.load(args.source)
dst_path = os.path.join(args.candidate, "classifier.onnx")
dst = onnx.load(dst_path)
assert not any(o.name == "turned" for o in dst.graph.output), "the candidate already has a `turned` output"
old_tap, new_tap = tap_of(src, args.split), tap_of(dst, args.split)
nodes = [n for n in src.graph.node if any(o.startswith("orient/") or o == "turned" for o in n.output)]
names = {i for n in nodes for i in n.input}
inits = [i for i in src.graph.initializer if i.name.startswith("orient/") and i.name in names]
assert nodes and inits, "no `turned` head in " + args.source
for n in nodes:
    n.input[:] = [new_tap if i == old_tap else i for i in n.input]
dst.graph.node.extend(nodes)
dst.graph.initializer.extend(inits)
dst.graph.output.append(helper.make_tensor_value_info("turned", onnx.TensorProto.FLOAT, ["N"]))
onnx.checker.check_model(dst)
onnx.save(dst, dst_path)
print(f"grafted {len(nodes)} nodes and {len(inits)} weights of the turned head ({old_tap} -> {new_tap}) into {dst_path}")

mj_path = os.path.join(args.candidate, "model.json")
mj = json.load(open(mj_path))
src_mj = json.load(open(os.path.join(os.path.dirname(args.source), "model.json")))
mj["classifier"]["outputs"]["turned"] = src_mj["classifier"]["outputs"]["turned"]
with open(mj_path, "w") as fh:
    json.dump(mj, fh, indent=2)
    fh.write("\n")
print(f"wrote {mj_path} (turned: row_margin {mj['classifier']['outputs']['turned'].get('row_margin')}, to be measured again)")
