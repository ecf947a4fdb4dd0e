"""Round 6 (issue 20): does the embedding separate the kinds *of one set*? Measured on the held-out styles' crops
(never trained on), for each model given, with no TypeScript involved:

1. within a photo (one rendered tile set): for each crop whose kind occurs again in the photo, is its nearest other
   crop of that photo (cosine similarity of the 128-d embedding) of its kind? ("same-set 1-NN")
2. teach on one photo, read the next photos of the style (another set of the same art): a tile moves to the kind of
   its nearest teaching crop when the similarity is at least t. Counted: tiles fixed (top-1 wrong -> right) and
   broken (top-1 right -> wrong), for taught kinds and for kinds the teaching photo did not show.

    /usr/bin/python3 training-notes/classifier/set_embedding_eval.py runs/committed.pt runs/r6/last.pt [--json OUT]
"""
import argparse
import glob
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from model import MEAN, STD, TileNet  # noqa: E402

STYLES = ["heldout_km_traditional", "heldout_xm_real", "heldout_gn_postmodern", "heldout_font_kouzan-mouhitsu"]
THRESHOLDS = [0.8, 0.9, 0.95]
ap = argparse.ArgumentParser()
ap.add_argument("ckpts", nargs="+")
ap.add_argument("--next", type=int, default=3, help="photos read after each teaching photo")
ap.add_argument("--json", default="")
args = ap.parse_args()
torch.set_num_threads(1)


def load(path):
    ck = torch.load(path, map_location="cpu")
    m = TileNet()
    m.load_state_dict(ck["model"])
    return m.eval()


@torch.no_grad()
def run(model, x):
    lo, em = [], []
    for i in range(0, len(x), 256):
        xb = (torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
        a, b = model(xb)
        lo.append(a)
        em.append(b)
    return torch.cat(lo).numpy(), torch.cat(em).numpy()


def style_data(d):
    xs, ys, gs = [], [], []
    for f in sorted(glob.glob(os.path.join(HERE, "data", d, "*.npz"))):
        z = np.load(f)
        if "g" not in z.files:
            sys.exit(f"{f} has no photo groups: re-generate it with the round-6 gen_data.py")
        xs.append(z["x"])
        ys.append(z["y"])
        gs.append(z["g"])
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)


def measure(logits, emb, y, g):
    photos = [np.flatnonzero(g == v) for v in np.unique(g)]
    top1 = logits.argmax(1)
    # 1. same-set nearest neighbour
    hit = tot = 0
    for idx in photos:
        s = emb[idx] @ emb[idx].T
        np.fill_diagonal(s, -9)
        for a in range(len(idx)):
            if (y[idx] == y[idx[a]]).sum() < 2:
                continue
            tot += 1
            hit += y[idx[s[a].argmax()]] == y[idx[a]]
    out = {"same_set_1nn": hit / max(tot, 1), "same_set_n": tot}
    # 2. teach on photo k, read photos k+1..k+next
    for t in THRESHOLDS:
        c = dict(taught_fixed=0, taught_broken=0, untaught_fixed=0, untaught_broken=0, taught=0, untaught=0)
        for k, teach in enumerate(photos):
            kinds = set(y[teach].tolist())
            for test in photos[k + 1:k + 1 + args.next]:
                s = emb[test] @ emb[teach].T
                nn, sim = s.argmax(1), s.max(1)
                for a, i in enumerate(test):
                    new = y[teach[nn[a]]] if sim[a] >= t else top1[i]
                    kind = "taught" if y[i] in kinds else "untaught"
                    c[kind] += 1
                    c[f"{kind}_fixed"] += int(top1[i] != y[i] and new == y[i])
                    c[f"{kind}_broken"] += int(top1[i] == y[i] and new != y[i])
        out[f"t{t}"] = c
    out["top1"] = float((top1 == y).mean())
    return out


report = {}
for ck in args.ckpts:
    m = load(ck)
    report[ck] = {}
    for d in STYLES:
        x, y, g = style_data(d)
        lo, em = run(m, x)
        report[ck][d] = measure(lo, em, y, g)
print("| style | model | top-1 | same-set 1-NN | " + " | ".join(
    f"t={t} taught fixed/broken, untaught broken" for t in THRESHOLDS) + " |")
print("|---|---|---|---|" + "---|" * len(THRESHOLDS))
for d in STYLES:
    for ck in args.ckpts:
        r = report[ck][d]
        cells = [f"{r[f't{t}']['taught_fixed']}/{r[f't{t}']['taught_broken']}, {r[f't{t}']['untaught_broken']}"
                 for t in THRESHOLDS]
        print(f"| {d.replace('heldout_', '')} | {ck} | {r['top1']:.1%} | {r['same_set_1nn']:.1%} of "
              f"{r['same_set_n']} | " + " | ".join(cells) + " |")
if args.json:
    json.dump(report, open(args.json, "w"), indent=1)
