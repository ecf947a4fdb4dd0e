"""Train the tile crop classifier (38 classes + L2-normalised embedding) on synthetic crops, on a CPU.

    nice -n 10 /usr/bin/python3 training-notes/classifier/train.py --minutes 60 --out training-notes/classifier/runs/v2

Reads the shards written by gen_data.py (training-notes/classifier/data/{train,val}), evaluates every epoch on the
synthetic validation shard AND on real riichi crops (real_eval.py, evaluation only), logs to <out>/log.txt and keeps
<out>/last.pt (the last epoch) and <out>/best_synth.pt. Then export.py writes models/classifier.onnx.
Readable top to bottom: config, data, augmentation, model, loop.
"""
import argparse
import glob
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import render  # noqa: E402
from model import EMB, H, MEAN, NC, STD, W, network_for  # noqa: E402
from real_eval import real_crops  # noqa: E402

# ---------------------------------------------------------------------------------------------------------- config
HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--data", default=os.path.join(HERE, "data"))
ap.add_argument("--train-dirs", default="train", help="comma-separated shard folders under --data")
ap.add_argument("--val-dir", default="val")
ap.add_argument("--out", default=os.path.join(HERE, "runs", "main"))
ap.add_argument("--minutes", type=float, default=60.0, help="wall-clock budget; the cosine schedule spans it")
ap.add_argument("--steps", type=int, default=0,
                help="step budget instead of --minutes (the cosine schedule spans the steps): runs that share the CPU "
                     "then get the same training whatever the load")
ap.add_argument("--batch", type=int, default=128)
ap.add_argument("--lr", type=float, default=3e-3)
ap.add_argument("--wd", type=float, default=0.05)
ap.add_argument("--smooth", type=float, default=0.1, help="label smoothing")
ap.add_argument("--threads", type=int, default=1)
ap.add_argument("--width", type=float, default=1.0, help="channel multiplier")
ap.add_argument("--init", default="", help="start from this checkpoint")
ap.add_argument("--resume", action="store_true", help="continue <out>/last.pt (model, optimiser, step, elapsed)")
ap.add_argument("--real-frac", type=float, default=0.0,
                help="issue 13: fraction of each batch taken from the real training crops (real_crops.py), "
                     "heavily augmented")
ap.add_argument("--set-loss", type=float, default=0.0,
                help="round 6: weight of a within-set contrastive loss on the embedding; batches are then built from "
                     "whole photos (each photo is one tile set), and tiles of one kind in a set are pulled together, "
                     "tiles of different kinds in that set pushed apart (what set learning needs)")
ap.add_argument("--set-tau", type=float, default=0.1, help="temperature of the within-set contrastive loss")
ap.add_argument("--heldout", default="", help="comma-separated data folders (held-out styles) logged every epoch")
ap.add_argument("--aug", default="base", choices=["base", "geo", "geocol"],
                help="round 8: crop-level augmentation beyond the renders' own: base (rounds 1-7); geo adds small "
                     "rotation / shear / zoom, occlusion and blur or sharpening; geocol also turns ink hues a little "
                     "and varies gamma and saturation more")
ap.add_argument("--mixstyle", type=float, default=0.0,
                help="round 8b: probability of MixStyle after each of two early layers (model.py), 0 = off")
ap.add_argument("--notile", action="store_true",
                help="round 9: a 39th class, 'none' (not a tile: flowers, seasons, table, a box across two tiles), "
                     "label 38 in shards of gen_data.py --notile; warm starts from 38 classes get a new class weight")
ap.add_argument("--haitaks-share", type=float, default=0.0,
                help="round 10: share of the real crops (--real-frac) drawn from the honour tiles of haitaks-yolo's "
                     "train split (real_crops.load_haitaks_honours; real phone photos of many sets), the rest from "
                     "camerash / justinchan114 as before")
ap.add_argument("--haitaks-id47", action="store_true",
                help="round 11: the haitaks share also draws haitaks-yolo's train id-47 suited tiles labelled by eye "
                     "(real_crops.load_haitaks_id47), pooled with its honours")
ap.add_argument("--backbone-lr", type=float, default=1.0,
                help="round 13: the learning rate of every layer before the embedding, as a multiple of --lr (the "
                     "pretrained backbone learns slower than its new head)")
ap.add_argument("--freeze", type=int, default=0,
                help="round 14: keep TileNet's features[:N] as they are (weights and BN statistics), so that the "
                     "orientation head, which reads features[:5], stays valid on the fine-tuned network")
ap.add_argument("--randconv", type=float, default=0.0,
                help="round 22: share of the crops passed through a random convolution (augment_randconv; Xu et al., "
                     "ICLR 2021), one random 3x3 / 5x5 / 7x7 kernel per crop, the same for its three channels so that "
                     "hues stay (red fives), mixed with the crop at a random weight; 0 = off (rounds 1-21)")
ap.add_argument("--sam", type=float, default=0.0,
                help="round 23: sharpness-aware minimisation (Foret et al., ICLR 2021) with this radius rho: each step "
                     "takes the gradient at the weights pushed rho along the normalised gradient, so the training "
                     "seeks flat minima, which held up better on unseen domains in the domain-generalisation "
                     "literature; twice the compute per step; 0 = off (rounds 1-22)")
ap.add_argument("--ckpt-minutes", type=float, default=10.0, help="also save last.pt this often within an epoch")
args = ap.parse_args()
torch.set_num_threads(args.threads)
torch.manual_seed(0)
os.makedirs(args.out, exist_ok=True)
assert NC == len(render.CLASSES)
NCLS = NC + 1 if args.notile else NC  # classes of the head: the 38 tiles, then 'none' with --notile
LOG = open(os.path.join(args.out, "log.txt"), "a")


def log(*a):
    s = " ".join(str(x) for x in a)
    print(s, flush=True)
    LOG.write(s + "\n")
    LOG.flush()


# ------------------------------------------------------------------------------------------------------------ data
def load_shards(pattern, groups=False):
    xs, ys, gs = [], [], []
    for p in sorted(glob.glob(pattern)):
        d = np.load(p)
        xs.append(d["x"])
        ys.append(d["y"])
        # the source photo of each crop (shards before round 6 have none: every crop its own group)
        gs.append(d["g"] if "g" in d.files else -1 - np.arange(len(d["y"])) - sum(len(v) for v in gs))
        if not args.notile:  # shards of gen_data.py --notile hold 'none' crops (label 38): tiles only without --notile
            keep = ys[-1] < NC
            xs[-1], ys[-1], gs[-1] = xs[-1][keep], ys[-1][keep], gs[-1][keep]
    if not xs:
        empty = np.zeros((0, H, W, 3), np.uint8), np.zeros((0,), np.int64)
        return empty + (np.zeros((0,), np.int64),) if groups else empty
    if groups:
        return np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)
    return np.concatenate(xs), np.concatenate(ys)


def load_train():
    parts = [load_shards(os.path.join(args.data, d, "*.npz"), groups=True) for d in args.train_dirs.split(",")]
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))


def photo_batches(groups, n_per_batch):
    """Batches of whole photos (all crops of a photo together), photos in random order."""
    order = np.argsort(groups, kind="stable")
    bounds = np.flatnonzero(np.diff(groups[order])) + 1
    photos = np.split(order, bounds)
    batches, cur = [], []
    for k in torch.randperm(len(photos)).tolist():
        cur.extend(photos[k].tolist())
        if len(cur) >= n_per_batch:
            batches.append(torch.tensor(cur[:n_per_batch]))
            cur = []
    return batches


def set_contrastive(e, y, g, tau):
    """Supervised contrastive loss within each photo (= one tile set): for every crop with another crop of its kind
    in the same photo, -log of the softmax share of those same-kind crops among all other crops of the photo."""
    sim = e @ e.t() / tau
    same_set = (g[:, None] == g[None, :]) & (g[:, None] >= 0)
    eye = torch.eye(len(y), dtype=torch.bool)
    cand = same_set & ~eye
    cand = cand & (y[:, None] < NC) & (y[None, :] < NC)  # 'none' crops are no kind of the set: left out
    pos = cand & (y[:, None] == y[None, :])
    ok = pos.any(1) & (cand & ~pos).any(1)
    if not ok.any():
        return sim.sum() * 0.0
    sim = sim.masked_fill(~cand, float("-inf"))
    logp = sim - torch.logsumexp(sim, dim=1, keepdim=True)
    per = -(logp.masked_fill(~pos, 0.0).sum(1) / pos.sum(1).clamp(min=1))
    return per[ok].mean()


train_x, train_y, train_g = load_train()
val_x, val_y = load_shards(os.path.join(args.data, args.val_dir, "*.npz"))
val_x, val_y = val_x[:1500], val_y[:1500]  # evaluation costs CPU too: 1500 synthetic crops are enough
real_x, real_y, real_info = real_crops(H, W)
from real_crops import augment_real, eval_arrays, load_haitaks_honours, load_haitaks_id47, load_real  # noqa: E402
real_train = load_real("train") if args.real_frac > 0 else []
real_p = None  # sampling weights of the real crops: uniform, or --haitaks-share of them from haitaks-yolo's honours
if real_train and args.haitaks_share > 0:
    hy_train = load_haitaks_honours("train") + (load_haitaks_id47("train") if args.haitaks_id47 else [])
    real_p = np.r_[np.full(len(real_train), (1 - args.haitaks_share) / len(real_train)),
                   np.full(len(hy_train), args.haitaks_share / len(hy_train))]
    real_train = real_train + hy_train
    log(f"haitaks-yolo train honour crops {len(hy_train)}, share of the real crops {args.haitaks_share}")
cam_x, cam_y, _ = eval_arrays("val", H, W)
heldout = {}


def load_heldout():  # folders may still be being written when training starts: (re)try every epoch
    global val_x, val_y
    for d in [d for d in args.heldout.split(",") if d and d not in heldout]:
        hx, hy = load_shards(os.path.join(args.data, d, "*.npz"))
        if len(hy):
            heldout[d] = (hx[:600], hy[:600])  # logged only: the checkpoint kept is the last one
    if len(val_y) == 0:
        val_x, val_y = load_shards(os.path.join(args.data, args.val_dir, "*.npz"))
        val_x, val_y = val_x[:1500], val_y[:1500]


load_heldout()
log(f"real train crops {len(real_train)}, camerash val {len(cam_y)}, held-out {[(k, len(v[1])) for k, v in heldout.items()]}")
arng = np.random.default_rng(12345)
log(f"train {len(train_y)} crops from {len(np.unique(train_g))} photos, val {len(val_y)} real {len(real_y)} class counts {np.bincount(train_y, minlength=NCLS).tolist()}")
train_x = torch.from_numpy(train_x).permute(0, 3, 1, 2).contiguous()  # uint8 N,3,H,W
train_y = torch.from_numpy(train_y)
train_g = torch.from_numpy(train_g)


def to_input(x_uint8):
    return (x_uint8.float() / 255.0 - MEAN) / STD


# ---------------------------------------------------------------------------------------------------- augmentation
def augment(x):
    """Cheap per-batch augmentation on uint8 N,3,H,W on top of the photo-level effects baked into the shards."""
    n = x.shape[0]
    x = x.float() / 255.0
    # brightness, contrast, per-channel gain (white balance), saturation
    b = 1 + 0.25 * (torch.rand(n, 1, 1, 1) - 0.5)
    c = 1 + 0.4 * (torch.rand(n, 1, 1, 1) - 0.5)
    g = 1 + 0.12 * (torch.rand(n, 3, 1, 1) - 0.5)
    m = x.mean(dim=(1, 2, 3), keepdim=True)
    x = (x - m) * c + m
    x = x * b * g
    gray = x.mean(1, keepdim=True)
    s = 1 + 0.5 * (torch.rand(n, 1, 1, 1) - 0.5)
    x = gray + (x - gray) * s
    # 180 degree rotation (tiles placed upside down / called tiles rotated the other way)
    r = torch.rand(n) < 0.1
    x[r] = torch.flip(x[r], dims=(2, 3))
    # small translation (another localiser error), by rolling with edge padding
    if torch.rand(1).item() < 0.5:
        dx, dy = int(torch.randint(-3, 4, (1,))), int(torch.randint(-4, 5, (1,)))
        x = F.pad(x, (3, 3, 4, 4), mode="replicate")[:, :, 4 + dy:4 + dy + H, 3 + dx:3 + dx + W]
    if args.aug in ("geo", "geocol"):
        x = augment_geo(x)
    if args.aug == "geocol":
        x = augment_colour(x)
    if args.randconv > 0:
        x = augment_randconv(x)
    # gaussian noise
    x = x + torch.randn_like(x) * (0.03 * torch.rand(n, 1, 1, 1))
    x = x.clamp(0, 1)
    return (x - MEAN) / STD


def augment_geo(x):
    """Round 8: what differs between tile sets and between localiser boxes beyond the renders' own variety: a face
    turned a few degrees or sheared (photo perspective), a box 12% too large or too small, part of the face hidden
    (a finger, a neighbour's edge, glare), ink softer or crisper than any render. Float N,3,H,W in [0, 1]."""
    n = x.shape[0]
    a = torch.rand(n) < 0.7  # affine on 70% of crops
    if a.any():
        k = int(a.sum())
        ang = (torch.rand(k) - 0.5) * 2 * math.radians(6)
        sc = 1 + (torch.rand(k) - 0.5) * 0.24
        sh = (torch.rand(k) - 0.5) * 0.2
        cos, sin = torch.cos(ang) / sc, torch.sin(ang) / sc
        theta = torch.zeros(k, 2, 3)
        theta[:, 0, 0], theta[:, 0, 1] = cos, -sin + sh
        theta[:, 1, 0], theta[:, 1, 1] = sin, cos
        theta[:, :, 2] = (torch.rand(k, 2) - 0.5) * 0.12
        grid = F.affine_grid(theta, (k, 3, H, W), align_corners=False)
        x[a] = F.grid_sample(x[a], grid, mode="bilinear", padding_mode="border", align_corners=False)
    c = (torch.rand(n) < 0.3).nonzero().flatten().tolist()  # occlusion: a rectangle of flat colour
    for i in c:
        h, w = int(torch.randint(H // 6, H // 2, (1,))), int(torch.randint(W // 6, W // 2, (1,)))
        y0, x0 = int(torch.randint(0, H - h + 1, (1,))), int(torch.randint(0, W - w + 1, (1,)))
        x[i, :, y0:y0 + h, x0:x0 + w] = torch.rand(3, 1, 1)
    b = torch.rand(n)
    soft = b < 0.15
    if soft.any():
        x[soft] = F.avg_pool2d(F.pad(x[soft], (1, 1, 1, 1), mode="replicate"), 3, 1)
    crisp = (b >= 0.15) & (b < 0.3)
    if crisp.any():
        blur = F.avg_pool2d(F.pad(x[crisp], (1, 1, 1, 1), mode="replicate"), 3, 1)
        x[crisp] = (x[crisp] + 0.8 * (x[crisp] - blur)).clamp(0, 1)
    return x


def augment_colour(x):
    """Round 8: sets paint their ink in other hues and photos differ in tone curve: turn hues up to 20 degrees
    about the grey axis (red stays red, green stays green: red fives and dragons keep their cue), gamma 0.7-1.4,
    saturation 0.5-1.5."""
    n = x.shape[0]
    ang = (torch.rand(n) - 0.5) * 2 * math.radians(20) * (torch.rand(n) < 0.5)
    cos, sin = torch.cos(ang), torch.sin(ang)
    # rotation about the (1,1,1) axis (Rodrigues), one 3x3 matrix per crop
    k = 1 / math.sqrt(3)
    kx = torch.tensor([[0, -k, k], [k, 0, -k], [-k, k, 0]])
    kk = torch.full((3, 3), 1 / 3)
    eye = torch.eye(3)
    rot = cos[:, None, None] * eye + sin[:, None, None] * kx + (1 - cos)[:, None, None] * kk
    x = torch.einsum("nij,njhw->nihw", rot, x).clamp(0, 1)
    gam = torch.exp((torch.rand(n, 1, 1, 1) - 0.5) * 2 * math.log(1.4))
    x = x.clamp_min(1e-4) ** gam
    gray = x.mean(1, keepdim=True)
    s = 0.5 + torch.rand(n, 1, 1, 1)
    return (gray + (x - gray) * s).clamp(0, 1)


def augment_randconv(x):
    """Round 22: the stroke and texture of an unseen set's drawing, randomised. A share --randconv of the crops is
    convolved with a random kernel (3x3, 5x5 or 7x7, one size per batch; weights normal, signed so that they sum to
    a positive number: ink stays darker than the face), the same kernel for the three channels so that hues stay
    (red fives and green dragons keep their cue); each channel of the result is brought back to the crop's own mean
    and spread, then mixed with the crop at a weight drawn from U(0, 1) (RandConv's "mix" variant; Xu et al., ICLR
    2021, "Robust and generalizable visual representation learning via random convolutions"). What changes is how
    thick, soft, doubled or embossed the strokes look, not what is drawn. Float N,3,H,W in [0, 1]."""
    pick = (torch.rand(x.shape[0]) < args.randconv).nonzero().flatten()
    if len(pick) == 0:
        return x
    xs = x[pick]
    k = len(pick)
    size = (3, 5, 7)[int(torch.randint(0, 3, (1,)))]
    w = torch.randn(k, 1, size, size)
    w = w * torch.sign(w.sum(dim=(1, 2, 3), keepdim=True) + 1e-6)
    w = w.repeat_interleave(3, dim=0)  # the same kernel for the three channels of one crop
    y = F.conv2d(F.pad(xs.reshape(1, 3 * k, H, W), (size // 2,) * 4, mode="reflect"), w, groups=3 * k).reshape(k, 3, H, W)
    mu, sd = xs.mean(dim=(2, 3), keepdim=True), xs.std(dim=(2, 3), keepdim=True)
    y = (y - y.mean(dim=(2, 3), keepdim=True)) / (y.std(dim=(2, 3), keepdim=True) + 1e-6) * sd + mu
    a = torch.rand(k, 1, 1, 1)
    x = x.clone()
    x[pick] = (a * xs + (1 - a) * y).clamp(0, 1)
    return x


# ----------------------------------------------------------------------------------------------------------- model (model.py)
init_ck = torch.load(args.init, map_location="cpu") if args.init else {}
init_args = init_ck.get("args") if isinstance(init_ck.get("args"), dict) else {}
# the warm start's network (round 13: its arch and upsample), saved with every checkpoint for load_checkpoint
args.arch, args.upsample = init_args.get("arch", "tilenet"), init_args.get("upsample", 1.0)
model = network_for(vars(args), nc=NCLS)
if args.init:
    sd = init_ck["model"]
    fresh = sd["weight"].shape[0] < NCLS
    if fresh:  # round 9: warm start of a 38-class head; 'none' gets a new class weight, set just below
        sd["weight"] = torch.cat([sd["weight"], model.weight.data[sd["weight"].shape[0]:]])
    model.load_state_dict(sd)
    if fresh:  # the new class weight starts at the mean embedding of the 'none' crops (else it starts anywhere)
        model.eval()
        with torch.no_grad():
            pick = torch.nonzero(train_y == NC).flatten()[:2000]
            e = torch.cat([model(to_input(train_x[pick[i:i + 256]]))[1] for i in range(0, len(pick), 256)])
            model.weight.data[NC] = F.normalize(e.mean(0), dim=0) * model.weight.data[:NC].norm(dim=1).mean()
        model.train()
        log(f"'none' class weight from the mean embedding of {len(pick)} none crops")
model.mixstyle_p = args.mixstyle
if args.freeze and not hasattr(model, "features"):
    ap.error("--freeze keeps TileNet's features[:N]; this warm start is another network")
frozen = model.features[:args.freeze] if args.freeze else None
if frozen is not None:
    for p in frozen.parameters():
        p.requires_grad_(False)
nparams = sum(p.numel() for p in model.parameters())
log(f"params {nparams / 1e6:.2f}M args {vars(args)}")
HEAD = ("fc.", "weight")  # the embedding layer and the class weights; everything else is the backbone


def param_group(decayed, head):
    ps = [p for n, p in model.named_parameters()
          if p.requires_grad and (p.ndim > 1 and n != "weight") == decayed and n.startswith(HEAD) == head]
    return {"params": ps, "weight_decay": args.wd if decayed else 0.0, "lr_mult": 1.0 if head else args.backbone_lr}


opt = torch.optim.AdamW([g for g in (param_group(d, h) for d in (True, False) for h in (True, False)) if g["params"]],
                        lr=args.lr)


@torch.no_grad()
def evaluate(x_np, y_np, bs=256):
    model.eval()
    preds, top3 = [], []
    for i in range(0, len(y_np), bs):
        xb = to_input(torch.from_numpy(x_np[i:i + bs]).permute(0, 3, 1, 2))
        logits, _ = model(xb)
        preds.append(logits.argmax(1))
        top3.append(logits.topk(3, dim=1).indices)
    model.train()
    p, t3 = torch.cat(preds).numpy(), torch.cat(top3).numpy()
    acc = float((p == y_np).mean())
    acc3 = float((t3 == y_np[:, None]).any(1).mean())
    return acc, acc3, p


# ------------------------------------------------------------------------------------------------------------ loop
budget = args.minutes * 60
t0 = time.time()
step, epoch = 0, 0
best = -1.0
if args.resume and os.path.exists(os.path.join(args.out, "last.pt")):
    ck = torch.load(os.path.join(args.out, "last.pt"), map_location="cpu")
    model.load_state_dict(ck["model"])
    if "opt" in ck:
        opt.load_state_dict(ck["opt"])
    step, epoch = ck["step"], ck["epoch"]
    t0 = time.time() - ck.get("elapsed", 0.0)
    log(f"resumed from {args.out}/last.pt: epoch {epoch} step {step} elapsed {ck.get('elapsed', 0) / 60:.1f} min")
last_save = time.time()


def save_last(extra=None):
    ck = dict(model=model.state_dict(), opt=opt.state_dict(), args=vars(args), epoch=epoch, step=step,
              elapsed=time.time() - t0)
    ck.update(extra or {})
    torch.save(ck, os.path.join(args.out, "last.pt.tmp"))
    os.replace(os.path.join(args.out, "last.pt.tmp"), os.path.join(args.out, "last.pt"))
    return ck

def sam_second_pass(xb, yb, gb):
    """Round 23: replace the gradients by those at w + rho * g / |g| (the worst nearby weights to first order), then
    step from w. BatchNorm running statistics are left as the first pass set them."""
    params = [p for p in model.parameters() if p.grad is not None]
    norm = torch.norm(torch.stack([p.grad.norm() for p in params])) + 1e-12
    shifts = []
    with torch.no_grad():
        for p in params:
            e = p.grad * (args.sam / norm)
            p.add_(e)
            shifts.append(e)
    bns = [m for m in model.modules() if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
    momenta = [m.momentum for m in bns]
    for m in bns:
        m.momentum = 0.0
    logits2, emb2 = model(xb)
    loss2 = F.cross_entropy(logits2, yb, label_smoothing=args.smooth)
    if args.set_loss > 0:
        loss2 = loss2 + args.set_loss * set_contrastive(emb2, yb, gb, args.set_tau)
    opt.zero_grad(set_to_none=True)
    loss2.backward()
    for m, mo in zip(bns, momenta):
        m.momentum = mo
    with torch.no_grad():
        for p, e in zip(params, shifts):
            p.sub_(e)


warmup = 200
done = False
while not done:
    if epoch > 0:  # gen_data.py may still be writing shards: pick up the new ones
        nx, ny, ng = load_train()
        if len(ny) > len(train_y):
            train_x, train_y = torch.from_numpy(nx).permute(0, 3, 1, 2).contiguous(), torch.from_numpy(ny)
            train_g = torch.from_numpy(ng)
            log(f"train set now {len(train_y)} crops")
    n_real = int(round(args.real_frac * args.batch)) if real_train else 0
    if args.set_loss > 0:  # whole photos per batch, real crops appended after them
        batches = photo_batches(train_g.numpy(), args.batch - n_real)
    else:
        perm = torch.randperm(len(train_y))
        batches = [perm[i:i + args.batch] for i in range(0, len(perm) - args.batch + 1, args.batch)]
    tl, tn, tc, ts = 0.0, 0, 0, 0.0
    for idx in batches:
        frac = step / args.steps if args.steps else (time.time() - t0) / budget
        if frac >= 1.0:
            done = True
            break
        lr = args.lr * min(1.0, (step + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * frac))
        for gr in opt.param_groups:
            gr["lr"] = lr * gr.get("lr_mult", 1.0)
        xu, yb, gb = train_x[idx], train_y[idx], train_g[idx]
        nr = n_real
        if nr and args.set_loss > 0:  # append nr augmented real crops (no set: left out of the set loss)
            pick = arng.choice(len(real_train), size=nr, p=real_p)
            xr = np.stack([augment_real(real_train[k][0], arng, H, W) for k in pick])
            xu = torch.cat([xu, torch.from_numpy(xr).permute(0, 3, 1, 2)])
            yb = torch.cat([yb, torch.tensor([real_train[k][1] for k in pick])])
            gb = torch.cat([gb, torch.full((nr,), -1, dtype=gb.dtype)])
        elif nr:  # replace the first nr crops of the batch by augmented real crops
            pick = arng.choice(len(real_train), size=nr, p=real_p)
            xr = np.stack([augment_real(real_train[k][0], arng, H, W) for k in pick])
            xu = xu.clone()
            yb = yb.clone()
            xu[:nr] = torch.from_numpy(xr).permute(0, 3, 1, 2)
            yb[:nr] = torch.tensor([real_train[k][1] for k in pick])
        xb = augment(xu)
        if frozen is not None:
            frozen.eval()  # its BN statistics stay the warm start's (evaluate() puts the model back in train mode)
        logits, emb = model(xb)
        loss = F.cross_entropy(logits, yb, label_smoothing=args.smooth)
        if args.set_loss > 0:
            sl = set_contrastive(emb, yb, gb, args.set_tau)
            loss = loss + args.set_loss * sl
            ts += sl.item() * len(yb)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        if args.sam > 0:
            sam_second_pass(xb, yb, gb)
        opt.step()
        tl += loss.item() * len(yb)
        tn += len(yb)
        tc += (logits.argmax(1) == yb).sum().item()
        step += 1
        if step % 100 == 0:
            log(f"step {step} ep {epoch} loss {tl / tn:.4f} set_loss {ts / tn:.4f} train_acc {tc / tn:.4f} lr {lr:.2e} "
                f"{(time.time() - t0) / 60:.1f} min")
        if time.time() - last_save > args.ckpt_minutes * 60:
            save_last()
            last_save = time.time()
    epoch += 1
    load_heldout()
    va, va3, _ = evaluate(val_x, val_y) if len(val_y) else (float("nan"), float("nan"), None)
    ra, ra3, rp = evaluate(real_x, real_y)
    ca, ca3, _ = evaluate(cam_x, cam_y)
    hs = " ".join(f"{k} {evaluate(*v)[0]:.4f}" for k, v in heldout.items())
    log(f"== epoch {epoch} step {step} synth_val top1 {va:.4f} top3 {va3:.4f} | riichi-val top1 {ra:.4f} top3 {ra3:.4f} "
        f"| camerash-val top1 {ca:.4f} top3 {ca3:.4f} | held-out {hs} | {(time.time() - t0) / 60:.1f} min")
    ck = save_last(dict(synth_val=va, real=ra, real3=ra3, cam_val=ca))
    last_save = time.time()
    torch.save(ck, os.path.join(args.out, f"ep{epoch}.pt"))  # for averaging the last epochs (average.py)
    if va > best:  # selected on SYNTHETIC validation only (never on the real photos)
        best = va
        torch.save(ck, os.path.join(args.out, "best_synth.pt"))

# per-class report on the real crops for the notes
_, _, rp = evaluate(real_x, real_y)
name = (render.CLASSES + [render.NOT_A_TILE]).__getitem__
wrong = [(real_info[i], name(real_y[i]), name(rp[i])) for i in range(len(rp)) if rp[i] != real_y[i]]
log("real errors (photo, slot, true, predicted):")
for w in wrong:
    log("  ", w)
log(f"done in {(time.time() - t0) / 60:.1f} min")
