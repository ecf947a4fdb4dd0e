"""Crop shards (`gen_data.py` output, data/<folder>/*.npz) and checkpoints, as the evaluation reports read them."""
import glob
import json
import os
import sys

import cv2
import numpy as np
import torch

from model import CompositeNoneHead, NoneHead, TileNet, TileNetEnsemble, TileNetWithNoneHead, network_for

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
    m = network_for(ck.get("args"), nc=ck["model"]["weight"].shape[0])  # 38 tile classes, 39 with round 9's 'none'

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


def test_image_crops(H=64, W=48):
    """The crops of test-images/ on their true boxes (the render's crop rule): RGB uint8 [N,H,W,3], class indices,
    and the image each crop comes from."""
    sys.path.insert(0, os.path.join(HERE, "..", "common"))
    import render
    ti = os.path.normpath(os.path.join(HERE, "..", "..", "test-images"))
    labels = json.load(open(os.path.join(ti, "labels.json")))
    xs, ys, names = [], [], []
    for name, lab in sorted(labels.items()):
        img = cv2.imread(os.path.join(ti, name))
        for t in lab["tiles"]:
            xs.append(cv2.cvtColor(render.crop_tile(img, t["box"], H, W), cv2.COLOR_BGR2RGB))
            ys.append(render.CLASS_INDEX[t["tile"]])
            names.append(name)
    return np.stack(xs), np.array(ys), names
