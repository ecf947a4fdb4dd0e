"""Test-time augmentation, measured: does averaging the classifier over a few views of each crop read unseen art
styles better? Views: the crop itself, the crop turned 180 degrees (the model was trained with such flips), and
small shifts (a localiser box is never exact). Reports top-1 per held-out style, synthetic val, camerash val and
riichi-val (report only) for each view set; mean of the calibrated probabilities (temperature T) over the views.

    /usr/bin/python3 training-notes/classifier/tta_eval.py CKPT [--T 0.777]
"""
import argparse
import collections
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from crop_shards import load_checkpoint, shards  # noqa: E402
from model import H, MEAN, STD, W  # noqa: E402
from real_crops import eval_arrays  # noqa: E402
from real_eval import real_crops  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("ckpt")
ap.add_argument("--T", type=float, default=0.777)
args = ap.parse_args()
torch.set_num_threads(1)

model = load_checkpoint(args.ckpt)


sets = collections.OrderedDict()
for st in render.HELD_OUT:
    x, y = shards("heldout_" + st.replace(":", "_"))
    if x is not None:
        sets[f"held-out {st}"] = (x, y)
x, y = shards("artval")
sets["synthetic val"] = (x, y)
cx, cy, _ = eval_arrays("val", H, W)
sets["REAL camerash val"] = (cx, cy)
rx, ry, _ = real_crops(H, W)
sets["REAL riichi-val (report only)"] = (rx, ry)


def shift(x, dx, dy):  # N,3,H,W; edge-replicate, like the training augmentation
    p = 4
    x = F.pad(x, (p, p, p, p), mode="replicate")
    return x[:, :, p + dy:p + dy + H, p + dx:p + dx + W]


def zoom(x, s):  # s > 1: a tighter crop (centre), s < 1: a looser one (edge-replicated border)
    if s >= 1:
        h, w = int(round(H / s)), int(round(W / s))
        y0, x0 = (H - h) // 2, (W - w) // 2
        return F.interpolate(x[:, :, y0:y0 + h, x0:x0 + w], size=(H, W), mode="bilinear", align_corners=False)
    ph, pw = int(round(H * (1 / s - 1) / 2)), int(round(W * (1 / s - 1) / 2))
    return F.interpolate(F.pad(x, (pw, pw, ph, ph), mode="replicate"), size=(H, W), mode="bilinear", align_corners=False)


VIEWS = {
    "plain": [lambda x: x],
    "+flip180": [lambda x: x, lambda x: torch.flip(x, dims=(2, 3))],
    "+shifts4": [lambda x: x] + [lambda x, a=a, b=b: shift(x, a, b) for a, b in [(-2, 0), (2, 0), (0, -3), (0, 3)]],
    "+zoom": [lambda x: x, lambda x: zoom(x, 1.06), lambda x: zoom(x, 0.94)],
    "app today: +looser 1.15": [lambda x: x, lambda x: zoom(x, 1 / 1.15)],
    "+looser 1.15 +shifts4": [lambda x: x, lambda x: zoom(x, 1 / 1.15)]
    + [lambda x, a=a, b=b: shift(x, a, b) for a, b in [(-2, 0), (2, 0), (0, -3), (0, 3)]],
    "+looser 1.15 +shifts2x": [lambda x: x, lambda x: zoom(x, 1 / 1.15)]
    + [lambda x, a=a, b=b: shift(x, a, b) for a, b in [(-2, 0), (2, 0)]],
    "+looser 1.15 +shifts2y": [lambda x: x, lambda x: zoom(x, 1 / 1.15)]
    + [lambda x, a=a, b=b: shift(x, a, b) for a, b in [(0, -3), (0, 3)]],
    "+flip+shifts4": [lambda x: x, lambda x: torch.flip(x, dims=(2, 3))]
    + [lambda x, a=a, b=b: shift(x, a, b) for a, b in [(-2, 0), (2, 0), (0, -3), (0, 3)]],
}


@torch.no_grad()
def probs(x, views):
    out = []
    for i in range(0, len(x), 256):
        xb = torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0
        p = sum(F.softmax(model((v(xb) - MEAN) / STD)[0] / args.T, 1) for v in views) / len(views)
        out.append(p)
    return torch.cat(out).numpy()


print(f"| views | " + " | ".join(sets) + " | held-out mean |")
print("|---|" + "---|" * (len(sets) + 1))
for name, views in VIEWS.items():
    cells, held = [], []
    for k, (x, y) in sets.items():
        a = float((probs(x, views).argmax(1) == y).mean())
        cells.append(f"{100 * a:.1f}%")
        if k.startswith("held-out"):
            held.append(a)
    print(f"| {name} ({len(views)}) | " + " | ".join(cells) + f" | {100 * np.mean(held):.2f}% |", flush=True)
