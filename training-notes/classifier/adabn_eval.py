"""Round 8 (tried, not kept): per-photo BatchNorm statistics (AdaBN) on the held-out style crops; each held-out photo
is one rendered set, so its own crops (about 14) give the set's statistics, no labels needed. Layer by layer, the
statistics of each BatchNorm input (earlier layers already adapted) are mixed with the training ones by ALPHA.

    /usr/bin/python3 training-notes/classifier/adabn_eval.py runs/r6/last.pt 0,0.3,0.6,1.0 [LAYERS]
"""
import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from crop_shards import load_checkpoint, shards  # noqa: E402
from model import MEAN, STD  # noqa: E402

torch.set_num_threads(1)
STYLES = ["heldout_km_traditional", "heldout_xm_real", "heldout_gn_postmodern", "heldout_font_kouzan-mouhitsu"]
model = load_checkpoint(sys.argv[1])
alphas = [float(a) for a in sys.argv[2].split(",")]
nlayers = int(sys.argv[3]) if len(sys.argv) > 3 else 99
bns = [m for m in model.modules() if isinstance(m, nn.BatchNorm2d)]
trained = [(b.running_mean.clone(), b.running_var.clone()) for b in bns]


def prep(x):
    return (torch.from_numpy(x).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD


@torch.no_grad()
def adapt(xb, alpha):
    """Layer by layer: the batch statistics of a BatchNorm's input, given the layers before it already adapted,
    mixed with the training statistics."""
    for b, (m0, v0) in zip(bns, trained):
        b.running_mean.copy_(m0)
        b.running_var.copy_(v0)
    if alpha == 0:
        return
    for b, (m0, v0) in list(zip(bns, trained))[:nlayers]:
        got = {}
        hook = b.register_forward_hook(lambda mod, inp, out: got.setdefault("x", inp[0]))
        model(xb)
        hook.remove()
        x = got["x"]
        b.running_mean.copy_((1 - alpha) * m0 + alpha * x.mean((0, 2, 3)))
        b.running_var.copy_((1 - alpha) * v0 + alpha * x.var((0, 2, 3), unbiased=False))


for style in STYLES:
    x, y, g = shards(style, groups=True)
    res = []
    for a in alphas:
        right = 0
        for photo in np.unique(g):
            idx = np.flatnonzero(g == photo)
            xb = prep(x[idx])
            adapt(xb, a)
            with torch.no_grad():
                right += int((model(xb)[0].argmax(1).numpy() == y[idx]).sum())
        res.append(f"a={a}: {100 * right / len(y):.1f}")
    print(style, len(y), " | ".join(res), flush=True)
