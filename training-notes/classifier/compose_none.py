"""Round 9d: one checkpoint of the committed network (tile logits, embedding) plus a 39-class network used only for
its P(none) (model.CompositeNoneHead), for eval_round9.py, real_tiles_none_eval.py and export.py.

    /usr/bin/python3 training-notes/classifier/compose_none.py training-notes/classifier/runs/committed.pt \
        training-notes/classifier/runs/r9b/last.pt training-notes/classifier/runs/r9d/composite.pt
"""
import os
import sys

import torch

base, none_net, out = sys.argv[1:4]
ck = torch.load(base, map_location="cpu")
other = torch.load(none_net, map_location="cpu")
assert other["model"]["weight"].shape[0] == ck["model"]["weight"].shape[0] + 1, "the second network needs the 'none' class"
ck["none_net"] = other["model"]
ck["temperature"] = 0.777  # the committed model's softmax temperature (model.json)
ck["none_net_from"] = none_net
os.makedirs(os.path.dirname(out), exist_ok=True)
torch.save(ck, out)
print(f"wrote {out}")
