"""Is a tile crop upside down? A small head on the committed classifier's frozen middle features (session 18).

Why: a hand photographed from across the table is upside down, and its tiles read left to right come in the reverse
of the player's order. src/vision/orientation.ts tells that from where the other tiles on the table lie, which fails
when nothing else is in view. The classifier itself cannot tell (it was trained with turned tiles, and its
embedding and pooled features hold no orientation: a linear probe on them is at chance), but its middle feature
maps (after `features[:5]`, 128 x 8 x 6 for a 64 x 48 crop) are not pooled yet, so they keep where things are.

The head reads those maps F and answers a logit "this crop is turned 180 degrees":
    turned(F) = g(F) - g(rot180(F))
antisymmetric by construction (turning the map over changes its sign), so a row's vote needs no threshold
learnt per set. g (defaults: session 18's best) is a 1x1 convolution to 64 channels, ReLU, a hidden layer of 128 and
the logit. Needs runs/r10_64.pt (onnx_to_torch.py models/classifier.onnx, as in round 12) and data/nt3_96 (round 12).
Training data: round 9b's renders (`data/nt3_96`, cut at 96x72, shrunk to 64x48 as the app would cut them), each
crop as it is (label 0) and turned over (label 1); about 15% of the rendered tiles were already placed upside
down in their rows (render.compose_row), so about 15% of labels are wrong either way: the row vote averages it out.
Evaluated on the held-out art styles (`data/r9b_heldout_*`, 64x48; never trained on): per crop, and per photo
(the sum of its tiles' logits, the photo as rendered and turned over).

    /usr/bin/python3 training-notes/classifier/orient_head.py [--split 5] [--channels 64] [--hidden 128] [--out runs/orient_head.pt]   # 4 min on 2 cores
"""
import argparse
import os
import sys

import cv2
import numpy as np
import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import real_crops  # noqa: E402
import render  # noqa: E402
from crop_shards import load_checkpoint, shards  # noqa: E402
from model import MEAN, STD, OrientHead, middle_features  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--ckpt", default=os.path.join(HERE, "runs", "r10_64.pt"), help="the committed classifier as .pt (onnx_to_torch.py)")
ap.add_argument("--train-dir", default="nt3_96")
ap.add_argument("--n", type=int, default=60000, help="training crops (each also turned over)")
ap.add_argument("--steps", type=int, default=6000)
ap.add_argument("--out", default=os.path.join(HERE, "runs", "orient_head.pt"))
ap.add_argument("--threads", type=int, default=2)
ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--split", type=int, default=5, help="the head reads features[:SPLIT] (5: 128 x 8 x 6)")
ap.add_argument("--channels", type=int, default=64)
ap.add_argument("--hidden", type=int, default=128, help="a hidden layer of this width before the logit (0: none)")
ap.add_argument("--real", type=int, default=0, help="also train on the real crops' training split (camerash + justinchan114 "
                "train, haitaks-yolo train honours and id 47), each repeated this many times, as it is and turned over (session 19)")
ap.add_argument("--face-pairs", default="", help="UP,DOWN: data folders of the same renders with faces upright and "
                "painted turned on unturned bodies (gen_data.py --no-turned-tiles / --faces-turned, same seed): crops of "
                "UP labelled upright, of DOWN turned, as a photo from across the table looks (session 19, third try)")
ap.add_argument("--eval", default=None, help="no training: evaluate this head checkpoint (its own split and sizes) and "
                "write the report back into it")
args = ap.parse_args()
if args.eval:
    saved = torch.load(args.eval, map_location="cpu")
    args.split, args.channels, args.hidden = saved["split"], saved["channels"], saved["hidden"]
torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)
rng = np.random.default_rng(args.seed)
SPLIT = args.split
BACK = 37  # class index of a tile back (and 38, round 9b's "not a tile"): no orientation to read


net = load_checkpoint(args.ckpt)
backbone = middle_features(net, SPLIT)  # TileNet: features[:SPLIT]; round 13's MobileTileNet: its first SPLIT blocks


@torch.no_grad()
def features(x_uint8, turn=False):
    out = []
    for i in range(0, len(x_uint8), 512):
        t = torch.from_numpy(x_uint8[i:i + 512]).permute(0, 3, 1, 2).float() / 255.0
        if turn:
            t = torch.flip(t, dims=(2, 3))
        out.append(backbone((t - MEAN) / STD).half())
    return torch.cat(out)


def tiles_only(x, y, g):
    k = y < BACK
    return x[k], y[k], g[k]


real_arrays = real_crops.crop_arrays  # real crops cut at the tile's edge, as the app cuts them (64 x 48, RGB)


def train():
    # ---- training data: nt3_96 crops shrunk to the app's 64 x 48
    x, y, g = tiles_only(*shards(args.train_dir, groups=True))
    pick = rng.choice(len(x), size=min(args.n, len(x)), replace=False)
    x = np.stack([cv2.resize(c, (48, 64), interpolation=cv2.INTER_AREA) for c in x[pick]])
    if args.real:
        # Real crops are photographed upright (as labelled); the turned copy is a software turn, so the tile's side (its
        # band) turns with it, as in the renders.
        items = real_crops.load_real("train") + real_crops.load_haitaks_honours("train") + real_crops.load_haitaks_id47("train")
        xr = real_arrays(items)
        x = np.concatenate([x] + [xr] * args.real)
        print(f"real training crops {len(xr)} x {args.real}", flush=True)
    print(f"training crops {len(x)} (of {args.train_dir}), features ...", flush=True)
    F = torch.cat([features(x), features(x, turn=True)])
    T = torch.cat([torch.zeros(len(x)), torch.ones(len(x))])
    if args.face_pairs:
        up_dir, down_dir = args.face_pairs.split(",")
        xu, _, _ = tiles_only(*shards(up_dir, groups=True))
        xd, _, _ = tiles_only(*shards(down_dir, groups=True))
        xu, xd = (np.stack([cv2.resize(c, (48, 64), interpolation=cv2.INTER_AREA) for c in a]) for a in (xu, xd))
        F = torch.cat([F, features(xu), features(xd)])
        T = torch.cat([T, torch.zeros(len(xu)), torch.ones(len(xd))])
        print(f"face pairs: {len(xu)} upright, {len(xd)} faces turned", flush=True)
    print("features", tuple(F.shape), flush=True)

    head = OrientHead(F.shape[1], args.channels, F.shape[2], F.shape[3], args.hidden)
    opt = torch.optim.AdamW(head.parameters(), lr=2e-3, weight_decay=1e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, args.steps)
    lossf = nn.BCEWithLogitsLoss()
    for step in range(args.steps):
        idx = torch.randint(0, len(F), (256,))
        loss = lossf(head(F[idx].float()), T[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 500 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.4f}", flush=True)
    head.eval()
    return head, tuple(int(v) for v in F.shape[1:])


if args.eval:
    head = OrientHead(*saved["shape"][:1], args.channels, *saved["shape"][1:], args.hidden)
    head.load_state_dict(saved["head"])
    head.eval()
    SHAPE = tuple(saved["shape"])
else:
    head, SHAPE = train()


@torch.no_grad()
def logits(x_uint8, turn=False):
    f = features(x_uint8, turn)
    return torch.cat([head(f[i:i + 1024].float()) for i in range(0, len(f), 1024)]).numpy()


# ---- held-out styles: per crop and per photo
report = {}
for st in render.HELD_OUT:
    name = "r9b_heldout_" + st.replace(":", "_")
    xh, yh, gh = shards(name, groups=True)
    if xh is None:
        continue
    xh, yh, gh = tiles_only(xh, yh, gh)
    a, b = logits(xh), logits(xh, turn=True)
    per_crop = ((a < 0).mean() + (b > 0).mean()) / 2
    photos = np.unique(gh)
    up = np.array([a[gh == p].sum() for p in photos])
    down = np.array([b[gh == p].sum() for p in photos])
    right = int((up < 0).sum() + (down > 0).sum())
    margin = np.concatenate([-up, down])
    report[st] = dict(per_crop=float(per_crop), photos_right=right, photos=2 * len(photos), upright_max=float(up.max()),
                      margin_p5=float(np.percentile(margin, 5)), margin_min=float(margin.min()))
    print(f"held-out {st:24s} per crop {per_crop:.3f}  photos read the right way {right} of {2 * len(photos)}"
          f"  row sum: 5th percentile {np.percentile(margin, 5):.1f}, min {margin.min():.1f}; largest sum of an upright photo "
          f"{up.max():.2f}", flush=True)
# ---- real crops never trained on: camerash's validation photos (whole sets), haitaks-yolo valid + test photos,
# riichi-val's slots (validation only, never tuned on); each crop as photographed (upright) and turned in software
from real_eval import real_crops as riichi_val_crops  # noqa: E402
xv, _, info = riichi_val_crops()
real_sets = {"riichi-val": (xv, [i[0] for i in info])}
items = real_crops.load_real("val")
real_sets["camerash-val"] = (real_arrays(items), [n for _, _, n in items])  # per crop: its source photo is not kept
items = sum((real_crops.load_haitaks_honours(sp) + real_crops.load_haitaks_id47(sp) for sp in ("valid", "test")), [])
real_sets["haitaks-valid+test"] = (real_arrays(items), [n.split("#")[0] for _, _, n in items])
for name, (xr, gr) in real_sets.items():
    a, b = logits(xr), logits(xr, turn=True)
    gr = np.array(gr)
    photos = np.unique(gr)
    up = np.array([a[gr == p].sum() for p in photos])
    down = np.array([b[gr == p].sum() for p in photos])
    report["real:" + name] = dict(upright_right=float((a < 0).mean()), turned_right=float((b > 0).mean()), photos=len(photos),
                                  photos_upright_right=int((up < 0).sum()), photos_turned_right=int((down > 0).sum()))
    print(f"real {name:22s} per crop: upright read upright {(a < 0).mean():.3f}, turned read turned {(b > 0).mean():.3f}; "
          f"photos {len(photos)}: upright {(up < 0).sum()}, turned {(down > 0).sum()}", flush=True)
if args.eval:  # the head as it was, its report measured again (and written back)
    saved["report"] = report
    torch.save(saved, args.eval)
    print("updated the report in", args.eval)
    sys.exit(0)
torch.save({"head": head.state_dict(), "split": SPLIT, "shape": list(SHAPE), "channels": args.channels, "hidden": args.hidden, "report": report, "args": vars(args)}, args.out)
print("wrote", args.out)
