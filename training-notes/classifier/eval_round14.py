"""Round 14's rule (a2): top-1 on the character and honour crops (m and z classes, red 0m included) of the four held-out
styles, pooled, per checkpoint; and the same per style and for the suits, for the notes.

    /usr/bin/python3 training-notes/classifier/eval_round14.py runs/r10_64.pt runs/r14-ctl/last.pt runs/r14-fonts/last.pt
"""
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from crop_shards import load_checkpoint, shards  # noqa: E402
from model import MEAN, NC, STD  # noqa: E402

torch.set_num_threads(1)
GLYPH = np.array([c.endswith(("m", "z")) for c in render.CLASSES])  # 1m-9m, 1z-7z, 0m (not 'back')
sets = {st: shards("r9b_heldout_" + st.replace(":", "_")) for st in render.HELD_OUT}


@torch.no_grad()
def predict(model, x):
    return np.concatenate([model((torch.from_numpy(x[i:i + 256]).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD)[0][:, :NC]
                           .argmax(1).numpy() for i in range(0, len(x), 256)])


for path in sys.argv[1:]:
    model = load_checkpoint(path)
    right, glyph = [], []
    parts = []
    for st, (x, y) in sets.items():
        keep = y < NC
        x, y = x[keep], y[keep]
        ok = predict(model, x) == y
        g = GLYPH[y]
        right.append(ok)
        glyph.append(g)
        parts.append(f"{st} {ok[g].mean() * 100:.1f}% ({g.sum()})")
    ok, g = np.concatenate(right), np.concatenate(glyph)
    print(f"{path}: characters and honours {ok[g].mean() * 100:.2f}% of {g.sum()}; suits and backs {ok[~g].mean() * 100:.2f}% "
          f"of {(~g).sum()}; per style (characters and honours): {', '.join(parts)}")
