"""Round 9 report ("not a tile"): per held-out style, the tile crops read as the app reads them (argmax over the 38
tile classes) and the 'none' crops of gen_data.py --notile (the style's flowers / seasons, boxes across two tiles,
table patches) judged not a tile; camerash validation, riichi-val equal slots and test-images (true boxes).

    /usr/bin/python3 training-notes/classifier/eval_round9.py CKPT [CKPT2 ...] [--T 0.777] [--json OUT]

A checkpoint with 38 classes has no 'none' logit: for it, "not a tile" is read as what the app could do without one,
the top tile probability below the doubt line (0.8), reported beside. CKPT may be `committed`-style .pt files
(onnx_to_torch.py) or train.py checkpoints.
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from crop_shards import load_checkpoint, shards, test_image_crops  # noqa: E402
from model import H, MEAN, NC, STD, W  # noqa: E402
from real_crops import eval_arrays  # noqa: E402
from real_eval import real_crops  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("ckpts", nargs="+")
ap.add_argument("--T", type=float, default=0.777, help="softmax temperature (the committed model's)")
ap.add_argument("--none-at", type=float, default=0.5, help="a crop is 'not a tile' when P(none) is at least this")
ap.add_argument("--doubt", type=float, default=0.8, help="38-class models: 'not a tile' proxy, top probability below")
ap.add_argument("--prefix", default="r9_", help="data folders <prefix>heldout_<style> and <prefix>artval (r9b_: --notile-clean)")
ap.add_argument("--suffix", default="", help="data folder suffix (round 12: _96, with TILENET_INPUT=96x72)")
ap.add_argument("--json", default="")
args = ap.parse_args()
torch.set_num_threads(1)


@torch.no_grad()
def logits_of(model, x):
    out = [model((torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD)[0]
           for i in range(0, len(x), 256)]
    return torch.cat(out).numpy()


def softmax(z):
    z = z / args.T
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def p_none(z):
    """P(not a tile) from the 39-class softmax; for a 38-class model, NaN."""
    return softmax(z)[:, NC] if z.shape[1] > NC else np.full(len(z), np.nan)


def top_tile(z):
    """The tile reading and its probability, renormalised over the 38 tile classes (as src/vision reads it)."""
    p = softmax(z[:, :NC])
    return p.argmax(1), p.max(1)


sets = {}
for st in render.HELD_OUT:
    x, y = shards(args.prefix + "heldout_" + st.replace(":", "_") + args.suffix)
    if x is not None:
        sets[f"held-out {st}"] = (x, y)
x, y = shards(args.prefix + "artval" + args.suffix)
if x is not None:
    sets["synthetic val (training styles)"] = (x, y)
cx, cy, _ = eval_arrays("val", H, W)
sets["REAL camerash val"] = (cx, cy)
rx, ry, _ = real_crops(H, W)
sets["REAL riichi-val equal slots"] = (rx, ry)
tx, ty, _ = test_image_crops(H, W)
sets["test-images (true boxes)"] = (tx, ty)

report = {}
print("| set | tile crops | none crops | " + " | ".join(
    f"{os.path.basename(os.path.dirname(c)) or c}/{os.path.basename(c)}: tile top-1 / top-3 / tiles judged none / none judged none"
    for c in args.ckpts) + " |")
print("|---|---|---|" + "---|" * len(args.ckpts))
logits = {c: {k: logits_of(load_checkpoint(c), x) for k, (x, _) in sets.items()} for c in args.ckpts}
for k, (x, y) in sets.items():
    tile, none = y < NC, y >= NC
    cells = []
    for c in args.ckpts:
        z = logits[c][k]
        pred, conf = top_tile(z)
        t1 = float((pred[tile] == y[tile]).mean())
        t3 = float((np.argsort(-z[tile, :NC], 1)[:, :3] == y[tile, None]).any(1).mean())
        pn = p_none(z)
        if z.shape[1] > NC:
            tiles_none = float((pn[tile] >= args.none_at).mean())
            none_none = float((pn[none] >= args.none_at).mean()) if none.any() else float("nan")
        else:  # no 'none' logit: the doubt line as the only way to tell
            tiles_none = float((conf[tile] < args.doubt).mean())
            none_none = float((conf[none] < args.doubt).mean()) if none.any() else float("nan")
        report.setdefault(c, {})[k] = dict(tiles=int(tile.sum()), none=int(none.sum()), top1=t1, top3=t3,
                                           tiles_judged_none=tiles_none, none_judged_none=none_none)
        cells.append(f"{100 * t1:.1f}% / {100 * t3:.1f}% / {100 * tiles_none:.1f}% / "
                     + ("-" if np.isnan(none_none) else f"{100 * none_none:.1f}%"))
    print(f"| {k} | {int(tile.sum())} | {int(none.sum())} | " + " | ".join(cells) + " |")
for c in args.ckpts:
    held = [v for k, v in report[c].items() if k.startswith("held-out")]
    m = float(np.mean([v["top1"] for v in held])) if held else float("nan")
    tn = sum(v["tiles_judged_none"] * v["tiles"] for v in held) / max(1, sum(v["tiles"] for v in held))
    nn = sum(v["none_judged_none"] * v["none"] for v in held if v["none"]) / max(1, sum(v["none"] for v in held))
    report[c]["held-out"] = dict(mean_top1=m, tiles_judged_none=tn, none_judged_none=nn)
    print(f"{c}: held-out mean tile top-1 {100 * m:.2f}%; held-out tiles judged none {100 * tn:.2f}%, "
          f"none crops judged none {100 * nn:.1f}% ({'P(none) >= %.2f' % args.none_at if logits[c][next(iter(sets))].shape[1] > NC else 'top tile probability < %.2f (no none class)' % args.doubt})")
GLYPH = np.array([k.endswith(("m", "z")) for k in render.CLASSES])  # characters, winds, dragons, red 0m (not 'back')
for c in args.ckpts:  # round 14: the held-out styles' character and honour crops pooled (what glyph fonts could change)
    right = []
    for k, (_, y) in sets.items():
        if k.startswith("held-out"):
            glyph = np.zeros(len(y), bool)
            glyph[y < NC] = GLYPH[y[y < NC]]
            right.append(top_tile(logits[c][k])[0][glyph] == y[glyph])
    right = np.concatenate(right)
    report[c]["held-out"]["glyph_top1"] = float(right.mean())
    print(f"{c}: held-out characters and honours (m and z classes, pooled) top-1 {100 * right.mean():.2f}% of {len(right)}")
for c in args.ckpts:  # which tile kinds a 'none' class takes (blank White dragons and backs look most like a table)
    z0 = logits[c][next(iter(sets))]
    if z0.shape[1] <= NC:
        continue
    taken = {}
    for k, (x, y) in sets.items():
        pn = p_none(logits[c][k])
        for t in y[(y < NC) & (pn >= args.none_at)]:
            taken[render.CLASSES[t]] = taken.get(render.CLASSES[t], 0) + 1
    print(f"{c}: tile crops judged none, by kind (all sets): " + (", ".join(f"{k} {v}" for k, v in sorted(taken.items(), key=lambda kv: -kv[1])) or "none"))
if args.json:
    json.dump(report, open(args.json, "w"), indent=1)
