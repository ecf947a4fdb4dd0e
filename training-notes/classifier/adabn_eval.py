"""Round 8 (tried, not kept): per-photo BatchNorm statistics (AdaBN) on the held-out style crops; each held-out photo
is one rendered set, so its own crops (about 14) give the set's statistics, no labels needed. Layer by layer, the
statistics of each BatchNorm input (earlier layers already adapted) are mixed with the training ones by ALPHA.

    /usr/bin/python3 training-notes/classifier/adabn_eval.py runs/r6/last.pt 0,0.3,0.6,1.0 [LAYERS]
"""
import glob, os, sys, copy
import numpy as np, torch, torch.nn as nn
C = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, C); sys.path.insert(0, C + '/../common')
from model import MEAN, STD, TileNet
torch.set_num_threads(1)
STYLES = ["heldout_km_traditional", "heldout_xm_real", "heldout_gn_postmodern", "heldout_font_kouzan-mouhitsu"]
ck = torch.load(sys.argv[1], map_location='cpu'); base = TileNet(); base.load_state_dict(ck['model']); base.eval()
alphas = [float(a) for a in sys.argv[2].split(',')]
def prep(x): return (torch.from_numpy(x).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
bns = [m for m in base.modules() if isinstance(m, nn.BatchNorm2d)]
run0 = [(b.running_mean.clone(), b.running_var.clone()) for b in bns]
def adapt(xb, alpha, nlayers):
    """layer by layer: batch stats of layer l's input given layers < l already adapted; mix with training stats"""
    for (b, (m0, v0)) in zip(bns, run0):
        b.running_mean.copy_(m0); b.running_var.copy_(v0)
    if alpha == 0: return
    for li, b in enumerate(bns[:nlayers]):
        got = {}
        h = b.register_forward_hook(lambda mod, inp, out: got.setdefault('x', inp[0]))
        with torch.no_grad(): base(xb)
        h.remove()
        x = got['x']
        mu = x.mean((0, 2, 3)); var = x.var((0, 2, 3), unbiased=False)
        b.running_mean.copy_((1 - alpha) * run0[li][0] + alpha * mu)
        b.running_var.copy_((1 - alpha) * run0[li][1] + alpha * var)
nl = int(sys.argv[3]) if len(sys.argv) > 3 else 99
for st in STYLES:
    xs, ys, gs = [], [], []
    for f in sorted(glob.glob(f'{C}/data/{st}/*.npz')):
        z = np.load(f); xs.append(z['x']); ys.append(z['y']); gs.append(z['g'])
    x, y, g = np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)
    res = []
    for a in alphas:
        right = 0
        for v in np.unique(g):
            idx = np.flatnonzero(g == v); xb = prep(x[idx])
            adapt(xb, a, nl)
            with torch.no_grad(): lo, _ = base(xb)
            right += (lo.argmax(1).numpy() == y[idx]).sum()
        res.append(f'a={a}: {100 * right / len(y):.1f}')
    print(st, len(y), ' | '.join(res), flush=True)
