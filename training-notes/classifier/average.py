"""Average the weights of the last epochs' checkpoints (stochastic weight averaging) and re-estimate BatchNorm
statistics on training crops.

    /usr/bin/python3 training-notes/classifier/average.py out.pt runs/final/snap_ep11.pt runs/final/snap_ep12.pt ...

Rule fixed before looking at any real-photo figure: the averaged model replaces the last checkpoint only if its
SYNTHETIC validation top-1 is not lower than the last checkpoint's by more than 0.5 points.
"""
import glob
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from crop_shards import shards  # noqa: E402
from model import MEAN, STD, TileNet  # noqa: E402

torch.set_num_threads(1)
# --train-dir / --val-dir: shard folders under data/ (rounds 1-4: train2 / val2; round 8's soup: art1 / artval)
argv = sys.argv[1:]
TRAIN_DIR, VAL_DIR = "train2", "val2"
if "--train-dir" in argv:
    i = argv.index("--train-dir"); TRAIN_DIR = argv[i + 1]; del argv[i:i + 2]
if "--val-dir" in argv:
    i = argv.index("--val-dir"); VAL_DIR = argv[i + 1]; del argv[i:i + 2]
out, paths = argv[0], argv[1:]
cks = [torch.load(p, map_location="cpu") for p in paths]
avg = {}
for k, v in cks[0]["model"].items():
    if v.dtype.is_floating_point:
        avg[k] = sum(c["model"][k] for c in cks) / len(cks)
    else:
        avg[k] = v
model = TileNet(cks[0]["args"].get("width", 1.0))
model.load_state_dict(avg)

# BatchNorm statistics of the averaged weights: cumulative average over 4096 training crops (no augmentation)
files = sorted(glob.glob(os.path.join(HERE, "data", TRAIN_DIR, "*.npz")))[:4]
x = np.concatenate([np.load(f)["x"] for f in files])[:4096]
for m in model.modules():
    if isinstance(m, torch.nn.BatchNorm2d):
        m.reset_running_stats()
        m.momentum = None
model.train()
with torch.no_grad():
    for i in range(0, len(x), 256):
        model((torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD)
model.eval()


@torch.no_grad()
def synth_top1(m):
    vx, vy = shards(VAL_DIR)
    p = []
    for i in range(0, len(vx), 256):
        p.append(m((torch.from_numpy(vx[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD)[0].argmax(1))
    return float((torch.cat(p).numpy() == vy).mean())


last = TileNet(cks[-1]["args"].get("width", 1.0))
last.load_state_dict(cks[-1]["model"])
last.eval()
a, b = synth_top1(model), synth_top1(last)
print(f"synthetic {VAL_DIR} top-1: averaged {a:.4f}  last {b:.4f}")
ck = dict(cks[-1])
ck["model"] = model.state_dict()
ck["averaged_from"] = paths
ck["synth_val2_averaged"], ck["synth_val2_last"] = a, b
torch.save(ck, out)
print("use the averaged model" if a >= b - 0.005 else "keep the last checkpoint", "->", out)
