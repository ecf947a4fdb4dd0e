"""Crop shards (`gen_data.py` output, data/<folder>/*.npz) and checkpoints, as the evaluation reports read them."""
import glob
import os

import numpy as np
import torch

from model import CompositeNoneHead, NoneHead, TileNet, TileNetEnsemble, TileNetWithNoneHead

HERE = os.path.dirname(os.path.abspath(__file__))


def shards(folder, groups=False):
    """All crops (N,H,W,3 uint8) and labels of data/<folder>/*.npz, or (None, None) when there are none; with
    `groups`, also each crop's source photo (shards of round 6 on: `g`), as a third value."""
    xs, ys, gs = [], [], []
    for f in sorted(glob.glob(os.path.join(HERE, "data", folder, "*.npz"))):
        z = np.load(f)
        xs.append(z["x"])
        ys.append(z["y"])
        if groups:
            gs.append(z["g"])
    if not xs:
        return (None, None, None) if groups else (None, None)
    out = (np.concatenate(xs), np.concatenate(ys))
    return out + (np.concatenate(gs),) if groups else out


def load_checkpoint(path):
    """A train.py checkpoint (or runs/committed.pt) as a TileNet in eval mode, at the width it was trained with;
    `a.pt+b.pt` is the ensemble of those checkpoints (round 8)."""
    if "+" in path:
        return TileNetEnsemble([load_checkpoint(p) for p in path.split("+")]).eval()
    ck = torch.load(path, map_location="cpu")
    m = TileNet(ck.get("args", {}).get("width", 1.0) if isinstance(ck.get("args"), dict) else 1.0,
                nc=ck["model"]["weight"].shape[0])  # 38 tile classes, 39 with round 9's 'none'

    m.load_state_dict(ck["model"])
    m.eval()
    if "none_net" in ck:  # round 9d: the network plus another's "not a tile" (compose_none.py)
        other = TileNet(nc=ck["none_net"]["weight"].shape[0])
        other.load_state_dict(ck["none_net"])
        return CompositeNoneHead(m, other.eval(), ck["temperature"]).eval()
    if "none_head" in ck:  # round 9c: the frozen network plus its "not a tile" head (notile_head.py)
        head = NoneHead()
        head.load_state_dict(ck["none_head"])
        return TileNetWithNoneHead(m, head, ck["temperature"]).eval()
    return m
