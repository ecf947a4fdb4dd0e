"""Per-tile crops from the REAL riichi validation photos (../shared/data/real/riichi-val), for evaluation only.

Never train on these, never tune augmentation or hyper-parameters to them. Tile boxes are approximated by
splitting each photo's `hand_box` into `n_tiles` equal slots (no localiser needed), then applying the same crop rule
as everywhere else (render.crop_tile). lietxia_70008812 is left out: its row holds an added kan with stacked
sideways tiles, so equal slots do not line up with tiles.
"""
import json
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import render  # noqa: E402

REAL_DIR = os.path.join(render.DATA_DIR, "real", "riichi-val")
SKIP = {"lietxia_70008812.jpg"}


def real_crops(H=64, W=48):
    """Returns (x uint8 [N,H,W,3] RGB, y int64 [N], info list of (photo, slot))."""
    labels = json.load(open(os.path.join(REAL_DIR, "labels.json")))
    xs, ys, info = [], [], []
    for name, lab in sorted(labels.items()):
        if name in SKIP:
            continue
        img = cv2.imread(os.path.join(REAL_DIR, name))
        if img is None:
            continue
        x0, y0, x1, y1 = lab["hand_box"]
        n = len(lab["hand"])
        for i, t in enumerate(lab["hand"]):
            box = [x0 + (x1 - x0) * i / n, y0, x0 + (x1 - x0) * (i + 1) / n, y1]
            c = render.crop_tile(img, box, H, W)
            xs.append(cv2.cvtColor(c, cv2.COLOR_BGR2RGB))
            ys.append(render.CLASS_INDEX[t])
            info.append((name, i))
    return np.stack(xs), np.array(ys, np.int64), info


if __name__ == "__main__":
    x, y, info = real_crops()
    print(x.shape, len(y))
    x = np.concatenate([x, np.zeros(((-len(x)) % 16,) + x.shape[1:], np.uint8)])
    g = np.vstack([np.hstack(list(x[i:i + 16])) for i in range(0, len(x), 16)])
    cv2.imwrite(sys.argv[1] if len(sys.argv) > 1 else "/tmp/real_crops.png", cv2.cvtColor(g, cv2.COLOR_RGB2BGR))
