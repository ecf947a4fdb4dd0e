"""Add the orientation head (orient_head.py) to the committed classifier as a third output, `turned` (session 19).

    /usr/bin/python3 training-notes/classifier/add_orient_output.py training-notes/classifier/runs/orient_s5.pt \
        [--model models/classifier.onnx] [--out models]
    node training-notes/classifier/verify_onnx.mjs     # checks all three outputs with onnxruntime-web
    npx tsx training-notes/classifier/orient_margin.ts models training-notes/classifier/data/heldout_photos_51 --write
                                                       # the row vote's margin, measured through the app

Why a graph edit and not a new export: the classifier's own outputs (logits, embedding) stay the very same graph and
weights, so nothing the app reads changes except that one more output appears. The head's nodes read the tensor
after the classifier's `features[:SPLIT]` (the ReLU after its SPLIT-th convolution), in the same run: no second pass.

The head is antisymmetric, turned(F) = g(F) - g(rot180 F); the turn of the map is a Slice with negative steps, which
onnxruntime-web runs (checked by verify_onnx.mjs). g's weights are stored once.

Also rewrites training-notes/classifier/data/onnx_check.{bin,json}: 8 riichi-val crops (as photographed and turned
over) with the outputs computed straight from the ONNX file's weights in torch (not from a rebuilt .pt: onnx_to_torch.py's
rebuild differs from the graph by up to 0.05 logits), which verify_onnx.mjs compares with onnxruntime-web's. And it
adds the output to model.json, with no `row_margin` (the tiles' vote is then counted but never turns a row) until
orient_margin.ts measures one.
"""
import argparse
import json
import os
import sys
import tempfile

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import compose, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from model import MEAN, STD, OrientHead  # noqa: E402
from real_eval import real_crops  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("head", help="an orient_head.py checkpoint")
ap.add_argument("--model", default=os.path.join(REPO, "models", "classifier.onnx"))
ap.add_argument("--out", default=os.path.join(REPO, "models"), help="folder for classifier.onnx and model.json")
args = ap.parse_args()
torch.set_num_threads(2)

ck = torch.load(args.head, map_location="cpu")
SPLIT, (C, FH, FW), K, HID = ck["split"], ck["shape"], ck["channels"], ck["hidden"]
assert HID > 0, "a head with a hidden layer (orient_head.py --hidden > 0)"
sd = ck["head"]


ref = OrientHead(C, K, FH, FW, HID)  # as trained (orient_head.py)
ref.load_state_dict(sd)
ref.eval()
# ---- the head alone as ONNX, then grafted onto the classifier's graph
tmp = os.path.join(tempfile.mkdtemp(), "turned.onnx")
torch.onnx.export(ref, torch.zeros(2, C, FH, FW), tmp, input_names=["features"], output_names=["turned"],
                  dynamic_axes={"features": {0: "N"}, "turned": {0: "N"}}, opset_version=13, do_constant_folding=True)
main = onnx.load(args.model)
part = compose.add_prefix(onnx.load(tmp), "orient/")
convs = [n for n in main.graph.node if n.op_type == "Conv"]
relu = next(n for n in main.graph.node if n.op_type == "Relu" and n.input[0] == convs[SPLIT - 1].output[0])
tap = relu.output[0]
assert not any(o.name == "turned" for o in main.graph.output), "the classifier already has a `turned` output"
for n in part.graph.node:
    n.input[:] = [tap if i == "orient/features" else i for i in n.input]
    n.output[:] = ["turned" if o == "orient/turned" else o for o in n.output]
main.graph.node.extend(part.graph.node)
main.graph.initializer.extend(part.graph.initializer)
main.graph.output.append(helper.make_tensor_value_info("turned", onnx.TensorProto.FLOAT, ["N"]))
onnx.checker.check_model(main)
os.makedirs(args.out, exist_ok=True)
onnx_path = os.path.join(args.out, "classifier.onnx")
onnx.save(main, onnx_path)
print(f"wrote {onnx_path} ({os.path.getsize(onnx_path) / 1e6:.2f} MB), the head reading {tap}")

mj_path = os.path.join(args.out, "model.json")
mj = json.load(open(mj_path if os.path.exists(mj_path) else os.path.join(REPO, "models", "model.json")))

# ---- reference outputs for verify_onnx.mjs: the classifier evaluated straight from its ONNX weights (each Conv
# with its folded BatchNorm, then ReLU; mean; fc; cosine head), plus the head as trained, on the crops it taps
inits = {i.name: numpy_helper.to_array(i).copy() for i in main.graph.initializer}
x, _, _ = real_crops(64, 48)
x = x[:8]
inp = ((torch.from_numpy(x).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD).contiguous()
inp = torch.cat([inp, torch.flip(inp, dims=(2, 3))])  # the crops as photographed and turned over
with torch.no_grad():
    h, tapped = inp, None
    for k, conv in enumerate(convs):
        stride = dict((a.name, list(a.ints)) for a in conv.attribute)["strides"][0]
        h = torch.relu(F.conv2d(h, torch.from_numpy(inits[conv.input[1]]), torch.from_numpy(inits[conv.input[2]]), stride, 1))
        if k == SPLIT - 1:
            tapped = h
    emb = F.normalize(h.mean(dim=(2, 3)) @ torch.from_numpy(inits["fc.weight"]).t() + torch.from_numpy(inits["fc.bias"]), dim=1)
    logits = mj["classifier"]["cosine_scale"] * emb @ F.normalize(torch.from_numpy(inits["weight"]), dim=1).t()
    turned = ref(tapped)
print("turned logits, 8 real crops as photographed:", np.round(turned[:8].numpy(), 2), "turned over:", np.round(turned[8:].numpy(), 2))
os.makedirs(os.path.join(HERE, "data"), exist_ok=True)
inp.numpy().astype("<f4").tofile(os.path.join(HERE, "data", "onnx_check.bin"))
json.dump({"shape": list(inp.shape), "logits": logits.numpy().tolist(), "embedding": emb.numpy().tolist(),
           "turned": turned.numpy().tolist()}, open(os.path.join(HERE, "data", "onnx_check.json"), "w"))

# ---- models/model.json: the output, and where the head came from
mj["classifier"]["outputs"]["turned"] = {
    "name": "turned", "shape": ["N"],
    "note": ("a logit 'this crop is turned 180 degrees' (session 19, orient_head.py on features[:%d]); antisymmetric "
             "in the feature map (that map turned over gives exactly its negative; a crop turned over only roughly). A row's sum over its tiles says whether the row is "
             "upside down in the photo (src/vision/orientation.ts) when it exceeds row_margin (orient_margin.ts; without it the tiles never turn a row)" % SPLIT),
}
with open(mj_path, "w") as fh:
    json.dump(mj, fh, indent=2)
    fh.write("\n")
print(f"wrote {mj_path}")
