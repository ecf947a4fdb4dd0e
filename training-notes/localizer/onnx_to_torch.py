"""Warm start from the committed ONNX localiser (the run8 checkpoints are gone; no .pt file is committed).

    /usr/bin/python3 training-notes/localizer/onnx_to_torch.py models/localizer.onnx \
        training-notes/localizer/runs/committed/last.pt training-notes/localizer/data/synth_val

The exported graph (export.py, constant folding in eval mode) has every BatchNorm folded into the conv before it
(weights W, bias b); the depthwise convs and the output conv keep their own bias. The ONNX Conv nodes come in the
order the convs run in TileLocalizer.forward, which a forward hook records, so node i belongs to the i-th conv
called. A conv followed by a BatchNorm in TileLocalizer is rebuilt so that, in eval mode, BN(Wx) == Wx + b
exactly, and in train mode (batch statistics) nearly so: its running mean m and variance v are measured on real
inputs (letterboxed scenes from a data folder: boxes.json + JPEGs), one layer at a time in call order, then
gamma = sqrt(v + eps), beta = b + m. The script then compares the rebuilt network (through ExportWrapper, as
exported) with the ONNX file run by OpenCV DNN (onnxruntime where installed) and prints the max differences.
"""
import copy
import glob
import os
import sys

import cv2
import numpy as np
import onnx
import torch
import torch.nn as nn
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import ExportWrapper, TileLocalizer  # noqa: E402

S, PAD = 512, 114


def letterbox(bgr):
    h, w = bgr.shape[:2]
    s = S / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    out = np.full((S, S, 3), PAD, np.uint8)
    out[:nh, :nw] = cv2.resize(bgr, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    return cv2.cvtColor(out, cv2.COLOR_BGR2RGB)


def main():
    src, dst, data = sys.argv[1], sys.argv[2], sys.argv[3]
    n_images = int(sys.argv[4]) if len(sys.argv) > 4 else 16
    torch.set_num_threads(1)
    m = onnx.load(src)
    inits = {i.name: numpy_helper.to_array(i) for i in m.graph.initializer}
    convs = [n for n in m.graph.node if n.op_type == 'Conv']

    net = TileLocalizer().eval()
    # the convs in call order, and the BatchNorm that follows each (None for depthwise and output convs)
    order = []
    hooks = [mod.register_forward_hook(lambda mod, i, o: order.append(mod))
             for mod in net.modules() if isinstance(mod, nn.Conv2d)]
    with torch.no_grad():
        net(torch.zeros(1, 3, 64, 64))
    for hk in hooks:
        hk.remove()
    bn_after = {}
    for mod in net.modules():  # conv_bn (Sequential conv, bn, relu) and DS (pw -> bn2)
        if isinstance(mod, nn.Sequential) and len(mod) >= 2 and isinstance(mod[0], nn.Conv2d) \
                and isinstance(mod[1], nn.BatchNorm2d):
            bn_after[mod[0]] = mod[1]
        if hasattr(mod, 'pw') and hasattr(mod, 'bn2'):
            bn_after[mod.pw] = mod.bn2
    assert len(order) == len(convs), (len(order), len(convs))

    paths = sorted(glob.glob(os.path.join(data, '*.jpg')))[:n_images]
    x = torch.from_numpy(np.stack([letterbox(cv2.imread(p)) for p in paths])).permute(0, 3, 1, 2).float() / 255.0

    with torch.no_grad():
        for k, (conv, node) in enumerate(zip(order, convs)):
            W = torch.from_numpy(inits[node.input[1]].copy())
            b = torch.from_numpy(inits[node.input[2]].copy()) if len(node.input) > 2 else None
            assert conv.weight.shape == W.shape, (k, conv.weight.shape, W.shape)
            conv.weight.copy_(W)
            bn = bn_after.get(conv)
            if bn is None:  # depthwise / output conv: its own bias
                assert conv.bias is not None and b is not None
                conv.bias.copy_(b)
                continue
            # measure the conv's output statistics on real inputs (earlier layers are already rebuilt)
            got = []
            hk = conv.register_forward_hook(lambda mod, i, o: got.append(o))
            for i in range(0, len(x), 8):
                net(x[i:i + 8])
            hk.remove()
            z = torch.cat(got)
            mu, var = z.mean(dim=(0, 2, 3)), z.var(dim=(0, 2, 3), unbiased=False)
            bn.running_mean.copy_(mu)
            bn.running_var.copy_(var)
            bn.weight.copy_(torch.sqrt(var + bn.eps))
            bn.bias.copy_(b + mu)

        wrapper = ExportWrapper(net).eval()
        probe = x[:4]
        ref = [t.numpy() for t in wrapper(probe)]
        try:
            import onnxruntime as ort
            sess = ort.InferenceSession(src, providers=['CPUExecutionProvider'])
            onnx_out = [np.concatenate(o) for o in zip(*[sess.run(None, {'image': probe[i:i + 1].numpy()})
                                                         for i in range(len(probe))])]
            engine = 'onnxruntime'
        except ImportError:
            dn = cv2.dnn.readNetFromONNX(src)
            outs = []
            for i in range(len(probe)):
                dn.setInput(probe[i:i + 1].numpy())
                outs.append(dn.forward(['heatmap', 'size', 'offset']))
            onnx_out = [np.concatenate(o) for o in zip(*outs)]
            engine = 'opencv-dnn'
        diffs = [float(np.abs(a - b).max()) for a, b in zip(ref, onnx_out)]
        print(f'max |torch (rebuilt, eval) - onnx ({engine})| on {len(probe)} scenes: heatmap {diffs[0]:.2e} '
              f'size {diffs[1]:.2e} offset {diffs[2]:.2e}')
        state = copy.deepcopy(net.state_dict())  # a train-mode forward updates the running statistics
        net.train()
        got_t = [t.numpy() for t in wrapper(x[:8])]
        net.eval()
        ref8 = [t.numpy() for t in wrapper(x[:8])]
        print('max |train mode (batch statistics of 8 scenes) - eval mode|: heatmap '
              f'{np.abs(got_t[0] - ref8[0]).max():.2e} size {np.abs(got_t[1] - ref8[1]).max():.2e} '
              f'offset {np.abs(got_t[2] - ref8[2]).max():.2e}')
        assert max(diffs[0], diffs[2]) < 1e-3 and diffs[1] < 1e-2, 'rebuilt torch model does not match the ONNX file'
    os.makedirs(os.path.dirname(dst) or '.', exist_ok=True)
    torch.save({'model': state, 'step': 0, 'args': {'init': src}}, dst)
    print('wrote', dst)


if __name__ == '__main__':
    main()
