"""Evaluate a classifier checkpoint: synthetic validation crops, the project's test-images (true boxes), and real
riichi crops (../shared/data/real/riichi-val, equal slots of the hand box; evaluation only).

    /usr/bin/python3 training-notes/classifier/evaluate.py training-notes/classifier/runs/final/last.pt [--val-dir val2]

Prints a markdown report (also written to <checkpoint dir>/eval.md).
"""
import argparse
import collections
import glob
import json
import os
import sys

import cv2
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from model import H, MEAN, STD, W, TileNet  # noqa: E402
from real_eval import real_crops  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("ckpt")
ap.add_argument("--val-dir", default="val2")
args = ap.parse_args()
torch.set_num_threads(1)
ck = torch.load(args.ckpt, map_location="cpu")
model = TileNet(ck["args"].get("width", 1.0))
model.load_state_dict(ck["model"])
model.eval()
C = render.CLASSES


@torch.no_grad()
def predict(x):
    out = []
    for i in range(0, len(x), 256):
        xb = (torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
        out.append(torch.softmax(model(xb)[0], 1))
    return torch.cat(out).numpy()


def summary(name, p, y):
    top1 = (p.argmax(1) == y).mean()
    top3 = (np.argsort(-p, 1)[:, :3] == y[:, None]).any(1).mean()
    return f"| {name} | {len(y)} | {100 * top1:.1f}% | {100 * top3:.1f}% |", top1


lines = [f"checkpoint `{os.path.relpath(args.ckpt, os.path.join(HERE, '..', '..'))}` (epoch {ck.get('epoch')}, "
         f"step {ck.get('step')})", "", "| set | crops | top-1 | top-3 |", "|---|---|---|---|"]

# synthetic validation
xs, ys = [], []
for f in sorted(glob.glob(os.path.join(HERE, "data", args.val_dir, "*.npz"))):
    d = np.load(f)
    xs.append(d["x"])
    ys.append(d["y"])
if xs:
    vx, vy = np.concatenate(xs), np.concatenate(ys)
    lines.append(summary(f"synthetic validation ({args.val_dir}, unseen seeds)", predict(vx), vy)[0])

# test-images with their true boxes
ti = os.path.normpath(os.path.join(HERE, "..", "..", "test-images"))
labels = json.load(open(os.path.join(ti, "labels.json")))
tx, ty, tinfo = [], [], []
for name, lab in sorted(labels.items()):
    img = cv2.imread(os.path.join(ti, name))
    for i, t in enumerate(lab["tiles"]):
        tx.append(cv2.cvtColor(render.crop_tile(img, t["box"], H, W), cv2.COLOR_BGR2RGB))
        ty.append(render.CLASS_INDEX[t["tile"]])
        tinfo.append((name, i))
tx, ty = np.stack(tx), np.array(ty)
tp = predict(tx)
lines.append(summary("test-images/ (rendered, true boxes)", tp, ty)[0])
hands_ok = collections.Counter()
for (name, i), p, y in zip(tinfo, tp.argmax(1), ty):
    hands_ok[name] += int(p != y)
n_exact = sum(1 for v in hands_ok.values() if v == 0)

# real riichi crops
rx, ry, rinfo = real_crops(H, W)
rp = predict(rx)
lines.append(summary("REAL riichi-val hand crops (equal slots, 5 photos)", rp, ry)[0])
lines.append("")
lines.append(f"test-images: {n_exact}/{len(hands_ok)} hands with every tile right (true boxes)")
per_photo = collections.defaultdict(lambda: [0, 0])
for (name, i), p, y in zip(rinfo, rp.argmax(1), ry):
    per_photo[name][0] += int(p == y)
    per_photo[name][1] += 1
lines.append("")
lines.append("Real photos, per photo: " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(per_photo.items())))
lines.append("")
lines.append("Real errors (photo, slot: true -> predicted [top-3]):")
for (name, i), p, y in zip(rinfo, rp, ry):
    if p.argmax() != y:
        top = np.argsort(-p)[:3]
        lines.append(f"- {name} #{i + 1}: {C[y]} -> {C[top[0]]} "
                     f"[{', '.join(f'{C[k]} {p[k]:.2f}' for k in top)}]")
lines.append("")
lines.append("test-images errors: " + (", ".join(
    f"{n} #{i + 1} {C[y]}->{C[p]}" for (n, i), p, y in zip(tinfo, tp.argmax(1), ty) if p != y) or "none"))
report = "\n".join(lines)
print(report)
with open(os.path.join(os.path.dirname(args.ckpt), "eval.md"), "w") as f:
    f.write(report + "\n")
