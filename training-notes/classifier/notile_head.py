"""Round 9c: train a "not a tile" head on the frozen committed classifier (its tile readings stay exactly as they are).

    /usr/bin/python3 training-notes/classifier/notile_head.py --base training-notes/classifier/runs/committed.pt \
        --train-dirs nt3 --out training-notes/classifier/runs/r9c/head.pt

Reads top to bottom: features of the frozen network (pooled, 256 values per crop) for the training crops of
gen_data.py --notile --notile-clean (tiles and 'none' crops of the training styles) and for the real training crops
(camerash / justinchan114, 10 augmented views each, labelled tiles); a small head (model.NoneHead) trained with a
class-balanced logistic loss; the checkpoint written holds the base network unchanged plus the head, which
crop_shards.load_checkpoint reads as one 39-class model (model.TileNetWithNoneHead) for eval_round9.py,
real_tiles_none_eval.py and export.py.
"""
import argparse
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from crop_shards import load_checkpoint, shards  # noqa: E402
from model import MEAN, NC, STD, H, W, NoneHead  # noqa: E402
from real_crops import augment_real, load_real  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--base", required=True, help="the committed network as a .pt (onnx_to_torch.py)")
ap.add_argument("--train-dirs", default="nt3")
ap.add_argument("--max-tiles", type=int, default=60000, help="tile crops used (all 'none' crops are)")
ap.add_argument("--real-views", type=int, default=10)
ap.add_argument("--epochs", type=int, default=40)
ap.add_argument("--temperature", type=float, default=0.777, help="the committed model's softmax temperature")
ap.add_argument("--out", required=True)
args = ap.parse_args()
torch.set_num_threads(1)
torch.manual_seed(0)
rng = np.random.default_rng(0)
t0 = time.time()

# ------------------------------------------------------------------------------ features of the frozen network
base = load_checkpoint(args.base)


@torch.no_grad()
def features(x):
    out = []
    for i in range(0, len(x), 512):
        xb = (torch.from_numpy(x[i:i + 512]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
        out.append(base.features(xb).mean(dim=(2, 3)))
    return torch.cat(out)


xs, ys = [], []
for d in args.train_dirs.split(","):
    x, y = shards(d)
    xs.append(x)
    ys.append(y)
x, y = np.concatenate(xs), np.concatenate(ys)
tiles, none = np.flatnonzero(y < NC), np.flatnonzero(y >= NC)
tiles = rng.permutation(tiles)[:args.max_tiles]
real = load_real("train")
xr = np.stack([augment_real(im, rng, H, W) for im, _, _ in real for _ in range(args.real_views)])
f_syn = features(x[np.concatenate([tiles, none])])
f_real = features(xr)
feat = torch.cat([f_syn, f_real])
label = torch.cat([torch.zeros(len(tiles)), torch.ones(len(none)), torch.zeros(len(xr))])
print(f"features: {len(tiles)} tile crops, {len(none)} none crops, {len(xr)} real tile views; {time.time() - t0:.0f} s",
      flush=True)

# -------------------------------------------------------------------------------------------------- the head
head = NoneHead(feat.shape[1])
opt = torch.optim.AdamW(head.parameters(), lr=2e-3, weight_decay=1e-3)
pos_weight = torch.tensor((label == 0).sum().item() / max(1, (label == 1).sum().item()))
n = len(label)
for ep in range(args.epochs):
    perm = torch.randperm(n)
    tot = 0.0
    for i in range(0, n, 512):
        idx = perm[i:i + 512]
        s = head(feat[idx]).squeeze(1)
        loss = F.binary_cross_entropy_with_logits(s, label[idx], pos_weight=pos_weight)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        tot += loss.item() * len(idx)
    if ep % 10 == 9 or ep == args.epochs - 1:
        with torch.no_grad():
            p = torch.sigmoid(head(feat).squeeze(1))
        print(f"epoch {ep + 1} loss {tot / n:.4f}; training: tiles judged none {100 * (p[label == 0] >= 0.5).float().mean():.2f}%, "
              f"none judged none {100 * (p[label == 1] >= 0.5).float().mean():.1f}%", flush=True)

ck = torch.load(args.base, map_location="cpu")
ck["none_head"] = head.state_dict()
ck["temperature"] = args.temperature
ck["none_head_args"] = vars(args)
os.makedirs(os.path.dirname(args.out), exist_ok=True)
torch.save(ck, args.out)
print(f"wrote {args.out} in {time.time() - t0:.0f} s")
