"""Round 13: the pretrained MobileNetV2 of nsfwjs (nsfwjs_weights.mjs) as a MobileTileNet checkpoint for train.py --init.

    node training-notes/classifier/nsfwjs_weights.mjs
    /usr/bin/python3 training-notes/classifier/pretrained.py --out training-notes/classifier/runs/mnv2_init.pt [--upsample 1.5]

Keras layer names -> this network's modules, in Keras' order (Conv1, expanded_conv, block_1..block_16, Conv_1). The
nsfw head (dense_1..3) is dropped; the embedding layer and the class weights start random.
Check: the converted backbone on nsfwjs' own head is not re-run here (the head is discarded); instead the script
prints the fraction of each BN layer's running variance restored (every array must be used exactly once).
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import MobileTileNet  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--weights", default=os.path.join(HERE, "data", "mobilenet_v2"))
ap.add_argument("--out", default=os.path.join(HERE, "runs", "mnv2_init.pt"))
ap.add_argument("--upsample", type=float, default=1.0)
args = ap.parse_args()

meta = json.load(open(os.path.join(args.weights, "weights.json")))
flat = np.fromfile(os.path.join(args.weights, "weights.f32"), dtype=np.float32)
arrays = {w["name"]: flat[w["offset"]:w["offset"] + int(np.prod(w["shape"]))].reshape(w["shape"]) for w in meta["weights"]}
used = set()


def take(name):
    used.add(name)
    return torch.from_numpy(arrays[name].copy())


def conv(module, name, depthwise=False):
    k = take(f"{name}/depthwise_kernel" if depthwise else f"{name}/kernel")
    # Keras: [kh, kw, cin, cout] (depthwise: [kh, kw, c, 1]) -> torch [cout, cin, kh, kw] ([c, 1, kh, kw])
    module.weight.data.copy_(k.permute(2, 3, 0, 1) if depthwise else k.permute(3, 2, 0, 1))


def bn(module, name):
    module.weight.data.copy_(take(f"{name}/gamma"))
    module.bias.data.copy_(take(f"{name}/beta"))
    module.running_mean.copy_(take(f"{name}/moving_mean"))
    module.running_var.copy_(take(f"{name}/moving_variance"))


net = MobileTileNet(upsample=args.upsample)
conv(net.stem[0], "Conv1")
bn(net.stem[1], "bn_Conv1")
for i, b in enumerate(net.blocks):
    p = "expanded_conv" if i == 0 else f"block_{i}"
    if i > 0:
        conv(b.expand[0], f"{p}_expand")
        bn(b.expand[1], f"{p}_expand_BN")
    conv(b.depthwise[0], f"{p}_depthwise", depthwise=True)
    bn(b.depthwise[1], f"{p}_depthwise_BN")
    conv(b.project[0], f"{p}_project")
    bn(b.project[1], f"{p}_project_BN")
conv(net.last[0], "Conv_1")
bn(net.last[1], "Conv_1_bn")
left = sorted(set(arrays) - used)
assert all(n.startswith("dense_") for n in left), left  # only nsfwjs' own head is left out
os.makedirs(os.path.dirname(args.out), exist_ok=True)
torch.save({"model": net.state_dict(), "args": {"arch": "mnv2", "upsample": args.upsample},
            "source": f"{meta['package']} ({meta['license']}) mobilenet_v2"}, args.out)
n = sum(p.numel() for p in net.parameters())
print(f"{len(used)} arrays restored, {len(left)} left out ({', '.join(left)}); {n / 1e6:.2f} M parameters -> {args.out}")
