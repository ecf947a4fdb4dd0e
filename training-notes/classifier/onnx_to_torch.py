"""Warm start from the committed ONNX classifier (no .pt checkpoint is committed).

    /usr/bin/python3 training-notes/classifier/onnx_to_torch.py models/classifier.onnx \
        training-notes/classifier/runs/committed.pt training-notes/classifier/data/art1

The exported graph has each BatchNorm folded into its conv (weights W, bias b). TileNet's conv_bn blocks are
rebuilt so that, in eval mode, BN(Wx) == Wx + b exactly, and in train mode (batch statistics) nearly so: per
channel, running_mean m and running_var v are measured on real inputs (crops from a data folder), then
gamma = sqrt(v + eps), beta = b + m. fc, the class weights and the scale are copied. The script checks the rebuilt
network against a direct folded-conv evaluation of the ONNX initializers (max |logit difference| printed).
"""
import glob
import os
import sys

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import MEAN, STD, TileNet  # noqa: E402

torch.set_num_threads(1)
src, dst, data = sys.argv[1], sys.argv[2], sys.argv[3]
m = onnx.load(src)
inits = {i.name: numpy_helper.to_array(i) for i in m.graph.initializer}
# weights stored as float16 (common/fp16_weights.py) are read back under the names their Casts give them
inits.update({k[:-len("__fp16")]: v.astype(np.float32) for k, v in list(inits.items()) if k.endswith("__fp16")})
# ...and those stored as int8 (common/int8_weights.py), times their scale per output channel
inits.update({k[:-len("__int8")]: (v.astype(np.float32) * inits[k[:-len("__int8")] + "__scale"].reshape((-1,) + (1,) * (v.ndim - 1)))
              for k, v in list(inits.items()) if k.endswith("__int8")})
# the tile network's convolutions only (not those of the `turned` head grafted on in session 19, orient_head.py)
convs = [n for n in m.graph.node if n.op_type == "Conv" and not n.name.startswith("orient")]
Ws = [torch.from_numpy(inits[n.input[1]].copy()) for n in convs]
bs = [torch.from_numpy(inits[n.input[2]].copy()) for n in convs]
strides = [dict((a.name, list(a.ints)) for a in n.attribute)["strides"][0] for n in convs]

xs = []
for p in sorted(glob.glob(os.path.join(data, "*.npz")))[:2]:
    xs.append(np.load(p)["x"][:512])
x = torch.from_numpy(np.concatenate(xs)[:1024]).permute(0, 3, 1, 2).float()
x = (x / 255.0 - MEAN) / STD

net = TileNet()
net.eval()
blocks = list(net.features)
assert len(blocks) == len(convs)
h = x
with torch.no_grad():
    for blk, W, b, s in zip(blocks, Ws, bs, strides):
        conv, bn = blk[0], blk[1]
        assert conv.weight.shape == W.shape and conv.stride[0] == s
        conv.weight.copy_(W)
        z = F.conv2d(h, W, None, s, 1)
        mu, var = z.mean(dim=(0, 2, 3)), z.var(dim=(0, 2, 3), unbiased=False)
        bn.running_mean.copy_(mu)
        bn.running_var.copy_(var)
        bn.weight.copy_(torch.sqrt(var + bn.eps))
        bn.bias.copy_(b + mu)
        h = blk(h)
    net.fc.weight.copy_(torch.from_numpy(inits["fc.weight"]))
    net.fc.bias.copy_(torch.from_numpy(inits["fc.bias"]))
    net.weight.copy_(torch.from_numpy(inits["weight"]))

    # reference: the folded graph evaluated directly
    def folded(x):
        h = x
        for W, b, s in zip(Ws, bs, strides):
            h = F.relu(F.conv2d(h, W, b, s, 1))
        e = F.normalize(F.linear(h.mean(dim=(2, 3)), net.fc.weight, net.fc.bias), dim=1)
        return 16.0 * e @ F.normalize(net.weight, dim=1).t()

    ref = folded(x[:256])
    got, _ = net(x[:256])
    print("max |logit diff| eval mode:", float((ref - got).abs().max()), "argmax agree:",
          float((ref.argmax(1) == got.argmax(1)).float().mean()))
    net.train()
    got_t, _ = net(x[:256])
    net.eval()
    print("max |logit diff| train mode (batch stats):", float((ref - got_t).abs().max()))
os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
torch.save(dict(model=net.state_dict(), args={"init": src}, epoch=0, step=0), dst)
print("wrote", dst)
