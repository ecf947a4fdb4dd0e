"""Export a checkpoint to models/classifier.onnx and write models/model.json (all but the `localizer` section).

    /usr/bin/python3 training-notes/classifier/export.py training-notes/classifier/runs/main/last.pt [--temperature T]

--temperature writes classifier.temperature (softmax(logits / T); fitted by eval_round5.py --fit-temperature).

Also writes training-notes/classifier/data/onnx_check.{bin,json}: a few real crops with the torch outputs, which
verify_onnx.mjs runs through onnxruntime-web (the runtime the app uses) to check the export.
"""
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from crop_shards import load_checkpoint  # noqa: E402
from model import EMB, H, MEAN, STD, W  # noqa: E402
from real_eval import real_crops  # noqa: E402

REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
OPSET = 13

ckpt_path = sys.argv[1]
TEMPERATURE = float(sys.argv[sys.argv.index("--temperature") + 1]) if "--temperature" in sys.argv else None
# --out DIR: a models folder to write instead of models/ (a candidate to measure with `npm run eval -- --models DIR`;
# model.json and localizer.onnx are copied there from models/ first when missing)
OUT = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else os.path.join(REPO, "models")
ck = torch.load(ckpt_path, map_location="cpu")
# 38 tile classes; 39 with round 9's 'none' (not a tile) last, as a class of the head or (9c) a head of its own
NCLS = ck["model"]["weight"].shape[0] + (1 if "none_head" in ck or "none_net" in ck else 0)
model = load_checkpoint(ckpt_path)
OUTPUTS = ["logits", "embedding"]  # the `turned` output is grafted on afterwards by add_orient_output.py

if OUT != os.path.join(REPO, "models"):
    import shutil
    os.makedirs(OUT, exist_ok=True)
    for f in ("model.json", "localizer.onnx"):
        if not os.path.exists(os.path.join(OUT, f)):
            shutil.copy(os.path.join(REPO, "models", f), os.path.join(OUT, f))
onnx_path = os.path.join(OUT, "classifier.onnx")
os.makedirs(os.path.dirname(onnx_path), exist_ok=True)
dummy = torch.zeros(2, 3, H, W)
torch.onnx.export(model, dummy, onnx_path, input_names=["crops"], output_names=OUTPUTS,
                  dynamic_axes={k: {0: "N"} for k in ["crops"] + OUTPUTS}, opset_version=OPSET,
                  do_constant_folding=True)
print(f"wrote {onnx_path} ({os.path.getsize(onnx_path) / 1e6:.2f} MB)")

# reference outputs for verify_onnx.mjs
x, y, _ = real_crops(H, W)
x = x[:8]
inp = ((torch.from_numpy(x).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD).contiguous()
with torch.no_grad():
    outs = model(inp)
os.makedirs(os.path.join(HERE, "data"), exist_ok=True)
inp.numpy().astype("<f4").tofile(os.path.join(HERE, "data", "onnx_check.bin"))
json.dump({"shape": list(inp.shape), **{k: v.numpy().tolist() for k, v in zip(OUTPUTS, outs)}},
          open(os.path.join(HERE, "data", "onnx_check.json"), "w"))

# models/model.json: keep whatever the localizer agent wrote in its section
mj_path = os.path.join(OUT, "model.json")
mj = json.load(open(mj_path)) if os.path.exists(mj_path) else {}
mj["version"] = 1
mj["classes"] = render.CLASSES
mj["class_names"] = {
    "m": "characters (man)", "p": "circles (pin)", "s": "bamboo (sou)",
    "1z": "East", "2z": "South", "3z": "West", "4z": "North", "5z": "White dragon", "6z": "Green dragon",
    "7z": "Red dragon", "0m": "red 5 characters", "0p": "red 5 circles", "0s": "red 5 bamboo", "back": "tile back"}
mj["classifier"] = {
    "file": "classifier.onnx",
    "opset": OPSET,
    "input": {"name": "crops", "shape": ["N", 3, H, W], "dtype": "float32", "layout": "NCHW", "channels": "RGB",
              "height": H, "width": W},
    "normalization": {"scale": 1 / 255, "mean": [MEAN] * 3, "std": [STD] * 3,
                      "formula": "x = (pixel / 255 - mean) / std, per RGB channel"},
    "crop": {
        "margin": render.CROP_MARGIN,
        "rule": ("Expand the tile box [x0,y0,x1,y1] (original image pixels) by margin*box_width on the left and right "
                 "and margin*box_height on the top and bottom; clamp the expanded box to the image; crop; if the "
                 "expanded box is wider than tall (a sideways tile) rotate the crop 90 degrees clockwise; resize to "
                 "width x height (stretching, no letterbox; bilinear or area interpolation)."),
        "rotate_landscape": "clockwise",
    },
    "outputs": {
        "logits": {"name": "logits", "shape": ["N", NCLS],
                   "note": "softmax gives class probabilities; logits = scale * cosine(embedding, class_weight)"},
        "embedding": {"name": "embedding", "shape": ["N", EMB], "l2_normalized": True,
                      "note": "cosine similarity between embeddings compares tiles; class prototypes of a player's "
                              "tile set can be mixed with the logits as scale * cosine(embedding, prototype)"},
    },
    "embedding_size": EMB,
    "cosine_scale": model.scale,
}
if NCLS > len(render.CLASSES):
    mj["classifier"]["not_tile_class"] = {
        "index": len(render.CLASSES), "name": render.NOT_A_TILE,
        "note": ("round 9: the logit after the tile classes is 'not a tile' (flowers, seasons, table, a box across two "
                 "tiles); softmax over all logits gives its probability, the tile classes' probabilities are "
                 "renormalised over the tile classes")}
else:
    mj["classifier"].pop("not_tile_class", None)
if TEMPERATURE is not None:
    mj["classifier"]["temperature"] = round(TEMPERATURE, 4)
    mj["classifier"]["temperature_note"] = (
        "probabilities = softmax(logits / temperature); fitted (negative log-likelihood) on held-out-style crops and "
        "real camerash validation crops, never on riichi-val; see training-notes/classifier/README.md round 5")
with open(mj_path, "w") as f:
    json.dump(mj, f, indent=2)
    f.write("\n")
print(f"wrote {mj_path}")
