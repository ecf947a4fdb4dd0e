"""Round 5 (issue 13) report: held-out styles (per style), real crops (camerash validation, split by photo),
riichi-val equal slots, test-images with true boxes; then a temperature fitted on the held-out-style crops +
camerash validation crops (never riichi-val), with expected calibration error (15 bins) before / after.

    /usr/bin/python3 training-notes/classifier/eval_round5.py CKPT [CKPT2 ...] [--fit-temperature] [--json OUT]

CKPT may be a .pt (train.py) or `committed` (runs/committed.pt made by onnx_to_torch.py from models/classifier.onnx).
"""
import argparse
import collections
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from crop_shards import load_checkpoint as load, shards, test_image_crops  # noqa: E402
from model import H, MEAN, STD, W  # noqa: E402
from real_crops import eval_arrays  # noqa: E402
from real_eval import real_crops  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("ckpts", nargs="+")
ap.add_argument("--fit-temperature", action="store_true")
ap.add_argument("--json", default="")
args = ap.parse_args()
torch.set_num_threads(1)
C = render.CLASSES


@torch.no_grad()
def logits_of(model, x):
    out = []
    for i in range(0, len(x), 256):
        xb = (torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
        out.append(model(xb)[0])
    return torch.cat(out).numpy() if out else np.zeros((0, len(C)), np.float32)


def softmax(z, T=1.0):
    z = z / T
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def ece(p, y, bins=15):
    conf, pred = p.max(1), p.argmax(1)
    acc = (pred == y).astype(np.float64)
    edges = np.linspace(0, 1, bins + 1)
    e = 0.0
    for a, b in zip(edges[:-1], edges[1:]):
        m = (conf > a) & (conf <= b)
        if m.any():
            e += m.mean() * abs(acc[m].mean() - conf[m].mean())
    return float(e)


def nll(z, y, T):
    p = softmax(z, T)
    return float(-np.log(np.maximum(p[np.arange(len(y)), y], 1e-12)).mean())


# ---------------------------------------------------------------------------------------------- the sets
sets = collections.OrderedDict()
for st in render.HELD_OUT:
    d = "heldout_" + st.replace(":", "_")
    x, y = shards(d)
    if x is not None:
        sets[f"held-out {st}"] = (x, y)
x, y = shards("artval")
if x is not None:
    sets["synthetic val (training styles, unseen seeds)"] = (x, y)
cx, cy, cinfo = eval_arrays("val", H, W)
sets["REAL camerash val (2 whole-set photos)"] = (cx, cy)
rx, ry, rinfo = real_crops(H, W)
sets["REAL riichi-val equal slots (5 photos)"] = (rx, ry)
tx, ty, tinfo = test_image_crops(H, W)
sets["test-images (true boxes)"] = (tx, ty)
labels = sorted(set(tinfo))

report = {}
names = list(args.ckpts)
def short(n):  # runs/r6/last.pt -> r6/last.pt; an ensemble a+b -> each member shortened
    return "+".join(os.path.basename(os.path.dirname(p)) + "/" + os.path.basename(p) for p in n.split("+"))


cols = " | ".join(f"{short(n)} top-1 / top-3" for n in names)
print(f"| set | crops | {cols} |")
print("|---|---|" + "---|" * len(names))
all_logits = {}
for n in names:
    model = load(n)
    all_logits[n] = {k: logits_of(model, x) for k, (x, y) in sets.items()}
for k, (x, y) in sets.items():
    cells = []
    for n in names:
        z = all_logits[n][k]
        t1 = float((z.argmax(1) == y).mean())
        t3 = float((np.argsort(-z, 1)[:, :3] == y[:, None]).any(1).mean())
        report.setdefault(n, {})[k] = dict(n=int(len(y)), top1=t1, top3=t3)
        cells.append(f"{100 * t1:.1f}% / {100 * t3:.1f}%")
    print(f"| {k} | {len(y)} | " + " | ".join(cells) + " |")
for n in names:
    held = [v["top1"] for k, v in report[n].items() if k.startswith("held-out")]
    report[n]["held-out mean top-1"] = float(np.mean(held)) if held else None
    print(f"{n}: held-out mean top-1 {100 * np.mean(held):.2f}%" if held else f"{n}: no held-out sets")
    z, y = all_logits[n]["test-images (true boxes)"], sets["test-images (true boxes)"][1]
    wrong = collections.Counter(nm for nm, p, t in zip(tinfo, z.argmax(1), y) if p != t)
    print(f"  test-images hands with every tile right (true boxes): {len(labels) - len(wrong)}/{len(labels)}")
    zc = all_logits[n]["REAL camerash val (2 whole-set photos)"]
    errs = [f"{cinfo[i]} {C[cy[i]]}->{C[zc[i].argmax()]}" for i in range(len(cy)) if zc[i].argmax() != cy[i]]
    print("  camerash val errors:", ", ".join(errs) or "none")
    zr = all_logits[n]["REAL riichi-val equal slots (5 photos)"]
    errs = [f"{rinfo[i][0]}#{rinfo[i][1] + 1} {C[ry[i]]}->{C[zr[i].argmax()]}" for i in range(len(ry)) if zr[i].argmax() != ry[i]]
    print("  riichi-val errors:", ", ".join(errs) or "none")
    # confusions on held-out styles
    conf = collections.Counter()
    for k in sets:
        if k.startswith("held-out"):
            z, y = all_logits[n][k], sets[k][1]
            for p, t in zip(z.argmax(1), y):
                if p != t:
                    conf[f"{C[t]}->{C[p]}"] += 1
    print("  most frequent held-out confusions:", ", ".join(f"{a} {b}" for a, b in conf.most_common(12)))

if args.fit_temperature:
    for n in names:
        keys = [k for k in sets if k.startswith("held-out") or k.startswith("REAL camerash")]
        z = np.concatenate([all_logits[n][k] for k in keys])
        y = np.concatenate([sets[k][1] for k in keys])
        Ts = np.exp(np.linspace(np.log(0.3), np.log(5), 400))
        T = float(Ts[np.argmin([nll(z, y, t) for t in Ts])])
        e0, e1 = ece(softmax(z, 1.0), y), ece(softmax(z, T), y)
        zr, yr = all_logits[n]["REAL riichi-val equal slots (5 photos)"], ry
        report[n]["temperature"] = dict(T=T, fit_on=keys, crops=int(len(y)), ece_before=e0, ece_after=e1,
                                        nll_before=nll(z, y, 1.0), nll_after=nll(z, y, T),
                                        riichi_val_ece_before=ece(softmax(zr, 1.0), yr),
                                        riichi_val_ece_after=ece(softmax(zr, T), yr))
        print(f"{n}: temperature T = {T:.3f} fitted (NLL) on {len(y)} crops ({', '.join(keys)}); "
              f"ECE(15 bins) {e0:.4f} -> {e1:.4f}; NLL {nll(z, y, 1.0):.4f} -> {nll(z, y, T):.4f}; "
              f"riichi-val ECE (report only) {report[n]['temperature']['riichi_val_ece_before']:.4f} -> "
              f"{report[n]['temperature']['riichi_val_ece_after']:.4f}")
if args.json:
    json.dump(report, open(args.json, "w"), indent=1)
