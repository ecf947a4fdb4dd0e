"""Train the class-agnostic tile localiser on synthetic scenes + real haitaks-yolo photos (train split).

Read top to bottom. Run from the repository root:

    nice -n 10 /usr/bin/python3 training-notes/localizer/train.py --minutes 40

Writes training-notes/localizer/runs/<run>/{log.txt, last.pt, best.pt}. The validation printed here is
quick (haitaks valid+test at 512 and the synthetic validation pool); evaluate.py does the full report.
"""
import argparse
import glob
import json
import math
import os
import sys
import time

import cv2
import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from model import STRIDE, SIZE_BASE, TileLocalizer, decode  # noqa: E402
from synth import background  # noqa: E402

DATA = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared', 'data'))
HAITAKS = os.path.join(DATA, 'real', 'haitaks-yolo')
S = 512           # localiser input size (letterboxed square)
PAD = 114         # letterbox pad value (0..255, all channels)
CROP = 192        # training crop (the net is fully convolutional)

ap = argparse.ArgumentParser()
ap.add_argument('--minutes', type=float, default=40)
ap.add_argument('--batch', type=int, default=12)
ap.add_argument('--lr', type=float, default=3e-3)
ap.add_argument('--real_frac', type=float, default=0.4, help='fraction of samples from real haitaks train photos')
ap.add_argument('--real_neg_weight', type=float, default=0.3,
                help='weight of the background loss on real photos away from labelled tiles (some tiles lack a box)')
ap.add_argument('--threads', type=int, default=1, help='1 is best on a busy 2-core machine (2 threads spin-wait)')
ap.add_argument('--run', default='run1')
ap.add_argument('--init', default='', help='checkpoint to start from')
ap.add_argument('--eval_every', type=int, default=300)
ap.add_argument('--seed', type=int, default=0)
ap.add_argument('--synth_dirs', default='synth', help='comma-separated scene folders under data/ (synth2 = synth.py --v2)')
ap.add_argument('--synth_val_dirs', default='synth_val',
                help='comma-separated validation scene folders under data/ (first 100 of each in the quick evaluation)')
ap.add_argument('--dump_batch', default='', help='write one training batch with its heatmap targets to this PNG and exit')
args = ap.parse_args()
torch.set_num_threads(args.threads)
torch.set_flush_denormal(True)
cv2.setNumThreads(1)
torch.manual_seed(args.seed)
rng = np.random.default_rng(args.seed)
out_dir = os.path.join(HERE, 'runs', args.run)
os.makedirs(out_dir, exist_ok=True)
log_f = open(os.path.join(out_dir, 'log.txt'), 'a')


def log(msg):
    print(msg, flush=True)
    log_f.write(msg + '\n')
    log_f.flush()


log(f'args: {vars(args)}')

# ---------------------------------------------------------------------------------------------
# Data. Boxes are [x0, y0, x1, y1] in pixels of the image they belong to.


def load_yolo_split(split):
    items = []
    for p in sorted(glob.glob(os.path.join(HAITAKS, split, 'images', '*'))):
        im = cv2.imread(p)
        h, w = im.shape[:2]
        lab = os.path.join(HAITAKS, split, 'labels', os.path.splitext(os.path.basename(p))[0] + '.txt')
        boxes = []
        if os.path.exists(lab):
            for line in open(lab):
                v = line.split()
                if len(v) < 5:
                    continue
                cx, cy, bw, bh = (float(t) for t in v[1:5])
                boxes.append([(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h])
        items.append((cv2.cvtColor(im, cv2.COLOR_BGR2RGB), np.array(boxes, np.float32).reshape(-1, 4)))
    return items


def load_synth(folder):
    labels = json.load(open(os.path.join(folder, 'boxes.json')))
    items = []
    for name, boxes in sorted(labels.items()):
        im = cv2.cvtColor(cv2.imread(os.path.join(folder, name)), cv2.COLOR_BGR2RGB)
        items.append((im, np.array(boxes, np.float32).reshape(-1, 4)))
    return items


real_train = load_yolo_split('train')
real_val = load_yolo_split('valid') + load_yolo_split('test')
synth_train = [it for d in args.synth_dirs.split(',') for it in load_synth(os.path.join(HERE, 'data', d))]
synth_vals = {d: load_synth(os.path.join(HERE, 'data', d))[:100] for d in args.synth_val_dirs.split(',')}
synth_val = synth_vals[args.synth_val_dirs.split(',')[0]]
log(f'real train {len(real_train)} photos, real val {len(real_val)}, synth train {len(synth_train)}, '
    f'synth val {", ".join(f"{d} {len(v)}" for d, v in synth_vals.items())}')


def letterbox(im, boxes, size=S):
    """Scale the longest side to `size`, pad right/bottom with PAD. Returns image, boxes, scale."""
    h, w = im.shape[:2]
    s = size / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    out = np.full((size, size, 3), PAD, np.uint8)
    out[:nh, :nw] = cv2.resize(im, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    return out, boxes * s, s


def sample_synth():
    im, boxes = synth_train[rng.integers(len(synth_train))]
    # scenes are already at the 512 scale; rescale a little more for scale variety
    s = float(np.exp(rng.uniform(np.log(0.7), np.log(1.5))))
    h, w = im.shape[:2]
    im = cv2.resize(im, (max(1, int(w * s)), max(1, int(h * s))), interpolation=cv2.INTER_AREA)
    canvas = np.full((max(S, im.shape[0]), max(S, im.shape[1]), 3), PAD, np.uint8)
    canvas[:im.shape[0], :im.shape[1]] = im
    weight_map = None  # synthetic labels are complete: full background loss everywhere
    return canvas, boxes * s, weight_map


def sample_real():
    """A haitaks train photo: un-stretch by a random aspect, rescale so tiles are 12-70 px, put it on a
    random table background (or letterbox pad) at a random place."""
    im, boxes = real_train[rng.integers(len(real_train))]
    h, w = im.shape[:2]
    med_w = float(np.median(boxes[:, 2] - boxes[:, 0])) if len(boxes) else 40.0
    target = float(np.clip(np.exp(rng.normal(np.log(30), 0.45)), 12, 80))
    s = target / max(med_w, 4)
    a = float(np.exp(rng.uniform(-0.3, 0.3)))  # x/y stretch
    sx, sy = s * a, s / a
    nw, nh = max(8, int(w * sx)), max(8, int(h * sy))
    if max(nw, nh) > 2 * S:
        f = 2 * S / max(nw, nh)
        sx, sy, nw, nh = sx * f, sy * f, int(nw * f), int(nh * f)
    im = cv2.resize(im, (nw, nh), interpolation=cv2.INTER_AREA if sx < 1 else cv2.INTER_LINEAR)
    boxes = boxes * np.array([sx, sy, sx, sy], np.float32)
    H, W = max(S, nh), max(S, nw)
    if rng.random() < 0.5:  # a synthetic table around the photo (drawn at half size: cheaper)
        bg = background(rng, (H + 1) // 2, (W + 1) // 2)[..., ::-1]
        canvas = cv2.resize((bg * 255).astype(np.uint8), (W, H), interpolation=cv2.INTER_LINEAR)
    else:
        canvas = np.full((H, W, 3), PAD, np.uint8)
    ox, oy = int(rng.integers(0, W - nw + 1)), int(rng.integers(0, H - nh + 1))
    canvas[oy:oy + nh, ox:ox + nw] = im
    boxes = boxes + np.array([ox, oy, ox, oy], np.float32)
    # background-loss weight: 1 near labelled tiles, real_neg_weight elsewhere in the photo (possible
    # unlabelled tiles: the dataset says some rows miss a box), 1 outside the photo (our own background)
    wm = np.ones((H, W), np.float32)
    wm[oy:oy + nh, ox:ox + nw] = args.real_neg_weight
    for b in boxes:
        bw, bh = b[2] - b[0], b[3] - b[1]
        x0, y0 = int(max(0, b[0] - 0.25 * bw)), int(max(0, b[1] - 0.25 * bh))
        x1, y1 = int(b[2] + 0.25 * bw), int(b[3] + 0.25 * bh)
        wm[y0:y1, x0:x1] = 1
    return canvas, boxes, wm


def photometric(im):
    im = im.astype(np.float32)
    if rng.random() < 0.8:
        im = im * rng.uniform(0.6, 1.4) + rng.uniform(-30, 30)
        im = im * rng.uniform(0.85, 1.15, 3)
    if rng.random() < 0.1:
        im = im.mean(2, keepdims=True).repeat(3, 2)
    if rng.random() < 0.2:
        im = cv2.GaussianBlur(im, (0, 0), rng.uniform(0.4, 1.2))
    if rng.random() < 0.3:
        im = im + rng.normal(0, rng.uniform(2, 10), im.shape)
    return np.clip(im, 0, 255).astype(np.uint8)


def make_targets(boxes, wm, size):
    """CenterNet targets on the stride-4 grid of a crop of `size` px."""
    g = size // STRIDE
    hm = np.zeros((g, g), np.float32)
    reg = np.zeros((4, g, g), np.float32)  # log_w, log_h, off_x, off_y (at centre cells only)
    regmask = np.zeros((g, g), np.float32)
    ys, xs = np.mgrid[0:g, 0:g].astype(np.float32)
    for b in boxes:
        bw, bh = b[2] - b[0], b[3] - b[1]
        cx, cy = (b[0] + b[2]) / 2 / STRIDE, (b[1] + b[3]) / 2 / STRIDE
        ix, iy = int(cx), int(cy)
        if not (0 <= ix < g and 0 <= iy < g):
            continue
        # elliptical Gaussian, sized to the box (narrow tiles that touch keep separate peaks)
        sx = max(0.5, 0.54 * bw / 6 / STRIDE * 1.5)
        sy = max(0.5, 0.54 * bh / 6 / STRIDE * 1.5)
        r = 3
        x0, x1 = max(0, int(ix - r * sx)), min(g, int(ix + r * sx) + 1)
        y0, y1 = max(0, int(iy - r * sy)), min(g, int(iy + r * sy) + 1)
        gauss = np.exp(-((xs[y0:y1, x0:x1] - ix) ** 2 / (2 * sx * sx) + (ys[y0:y1, x0:x1] - iy) ** 2 / (2 * sy * sy)))
        hm[y0:y1, x0:x1] = np.maximum(hm[y0:y1, x0:x1], gauss)
        hm[iy, ix] = 1.0
        reg[:, iy, ix] = [math.log(max(bw, 1) / SIZE_BASE), math.log(max(bh, 1) / SIZE_BASE), cx - ix, cy - iy]
        regmask[iy, ix] = 1.0
    if wm is None:
        wg = np.ones((g, g), np.float32)
    else:
        wg = cv2.resize(wm, (g, g), interpolation=cv2.INTER_AREA)
    return hm, reg, regmask, wg


def get_batch(n):
    ims, hms, regs, rms, wgs = [], [], [], [], []
    for _ in range(n):
        canvas, boxes, wm = sample_real() if rng.random() < args.real_frac else sample_synth()
        H, W = canvas.shape[:2]
        # random crop, usually centred near a tile
        if len(boxes) and rng.random() < 0.85:
            b = boxes[rng.integers(len(boxes))]
            cx, cy = (b[0] + b[2]) / 2 + rng.uniform(-100, 100), (b[1] + b[3]) / 2 + rng.uniform(-100, 100)
            x0, y0 = int(np.clip(cx - CROP / 2, 0, W - CROP)), int(np.clip(cy - CROP / 2, 0, H - CROP))
        else:
            x0, y0 = int(rng.integers(0, W - CROP + 1)), int(rng.integers(0, H - CROP + 1))
        im = canvas[y0:y0 + CROP, x0:x0 + CROP]
        bx = boxes - np.array([x0, y0, x0, y0], np.float32)
        if wm is not None:
            wm = wm[y0:y0 + CROP, x0:x0 + CROP]
        # keep boxes whose centre is inside; clip is not needed for CenterNet targets
        if rng.random() < 0.5:  # horizontal flip
            im = im[:, ::-1]
            bx = np.stack([CROP - bx[:, 2], bx[:, 1], CROP - bx[:, 0], bx[:, 3]], 1) if len(bx) else bx
            if wm is not None:
                wm = wm[:, ::-1]
        if rng.random() < 0.1:  # 90-degree rotation (tiles photographed sideways / portrait phones)
            im = np.rot90(im)
            bx = np.stack([bx[:, 1], CROP - bx[:, 2], bx[:, 3], CROP - bx[:, 0]], 1) if len(bx) else bx
            if wm is not None:
                wm = np.rot90(wm)
        im = photometric(np.ascontiguousarray(im))
        hm, reg, rm, wg = make_targets(bx, None if wm is None else np.ascontiguousarray(wm), CROP)
        ims.append(im)
        hms.append(hm)
        regs.append(reg)
        rms.append(rm)
        wgs.append(wg)
    x = torch.from_numpy(np.stack(ims)).permute(0, 3, 1, 2).float() / 255.0
    return (x, torch.from_numpy(np.stack(hms))[:, None], torch.from_numpy(np.stack(regs)),
            torch.from_numpy(np.stack(rms))[:, None], torch.from_numpy(np.stack(wgs))[:, None])


if args.dump_batch:  # look at what the network is fed before spending CPU on training
    x, hm, reg, rm, wg = get_batch(16)
    tiles = []
    for i in range(16):
        im = (x[i].permute(1, 2, 0).numpy() * 255).astype(np.uint8)
        heat = cv2.resize(hm[i, 0].numpy(), (CROP, CROP), interpolation=cv2.INTER_NEAREST)
        wgt = cv2.resize(wg[i, 0].numpy(), (CROP, CROP), interpolation=cv2.INTER_NEAREST)
        vis = im.astype(np.float32) * (0.5 + 0.5 * wgt[..., None])
        vis[..., 0] = np.maximum(vis[..., 0], heat * 255)
        tiles.append(vis.astype(np.uint8))
        print(f'sample {i}: {int(hm[i].eq(1).sum())} tile centres, heatmap max {float(hm[i].max()):.2f}, '
              f'mean background weight {float(wg[i].mean()):.2f}')
    grid = np.vstack([np.hstack(tiles[r * 4:r * 4 + 4]) for r in range(4)])
    cv2.imwrite(args.dump_batch, cv2.cvtColor(grid, cv2.COLOR_RGB2BGR))
    sys.exit(0)

# ---------------------------------------------------------------------------------------------
# Loss: CenterNet focal loss on the heatmap (background term weighted per cell), L1 on log-size and offset.


def loss_fn(out, hm, reg, rm, wg):
    logit = out[:, 0:1]
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = hm.eq(1).float()
    pos_loss = -torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = -torch.log(1 - p) * p ** 2 * (1 - hm) ** 4 * (1 - pos) * wg
    npos = pos.sum().clamp(min=1)
    l_hm = (pos_loss.sum() + neg_loss.sum()) / npos
    l_size = (F.l1_loss(out[:, 1:3], reg[:, 0:2], reduction='none') * rm).sum() / npos
    l_off = (F.l1_loss(out[:, 3:5], reg[:, 2:4], reduction='none') * rm).sum() / npos
    return l_hm + 1.0 * l_size + 1.0 * l_off, (l_hm.item(), l_size.item(), l_off.item())


# ---------------------------------------------------------------------------------------------
# Evaluation: recall / precision at IoU 0.5 (greedy matching by score) on whole 512 letterboxed images.


def box_iou(a, b):
    ix0, iy0 = np.maximum(a[:, None, 0], b[None, :, 0]), np.maximum(a[:, None, 1], b[None, :, 1])
    ix1, iy1 = np.minimum(a[:, None, 2], b[None, :, 2]), np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(ix1 - ix0, 0, None) * np.clip(iy1 - iy0, 0, None)
    aa = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    ab = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / (aa[:, None] + ab[None, :] - inter + 1e-9)


def match_counts(pred, gt, iou_thr=0.5):
    if len(pred) == 0 or len(gt) == 0:
        return 0, len(pred), len(gt)
    iou = box_iou(pred, gt)
    used = np.zeros(len(gt), bool)
    tp = 0
    for i in range(len(pred)):  # pred sorted by score
        j = int(np.argmax(np.where(used, -1, iou[i])))
        if iou[i, j] >= iou_thr and not used[j]:
            used[j] = True
            tp += 1
    return tp, len(pred), len(gt)


@torch.no_grad()
def evaluate(model, items, threshold=0.3):
    model.eval()
    tp = npred = ngt = 0
    for im, boxes in items:
        x, bx, _ = letterbox(im, boxes)
        o = model(torch.from_numpy(x).permute(2, 0, 1)[None].float() / 255.0)[0]
        pb, sc = decode(torch.sigmoid(o[0:1]), torch.exp(o[1:3]) * SIZE_BASE, o[3:5], threshold)
        t, p_, g_ = match_counts(pb.numpy(), bx)
        tp, npred, ngt = tp + t, npred + p_, ngt + g_
    model.train()
    return tp / max(ngt, 1), tp / max(npred, 1)


# ---------------------------------------------------------------------------------------------
# Training loop: AdamW, linear warm-up then cosine decay over a fixed time budget.

model = TileLocalizer()
if args.init:
    model.load_state_dict(torch.load(args.init, map_location='cpu')['model'])
model = model.to(memory_format=torch.channels_last)  # ~1.7x faster depthwise convs on CPU
log(f'parameters: {sum(p.numel() for p in model.parameters())}')
opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
budget = args.minutes * 60
t_start = time.time()
step, best = 0, -1.0
ema = None
while True:
    elapsed = time.time() - t_start
    if elapsed > budget:
        break
    frac = elapsed / budget
    lr = args.lr * min(1.0, (step + 1) / 100) * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * frac)))
    for g in opt.param_groups:
        g['lr'] = lr
    c0 = time.process_time()
    x, hm, reg, rm, wg = get_batch(args.batch)
    c1 = time.process_time()
    out = model(x.contiguous(memory_format=torch.channels_last))
    loss, parts = loss_fn(out, hm, reg, rm, wg)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    opt.step()
    c2 = time.process_time()
    ema = loss.item() if ema is None else 0.98 * ema + 0.02 * loss.item()
    step += 1
    if step % 25 == 0:
        log(f'step {step} t={elapsed / 60:.1f}min lr={lr:.2e} loss={ema:.3f} '
            f'(hm {parts[0]:.3f} size {parts[1]:.3f} off {parts[2]:.3f}) '
            f'cpu s/step: data {c1 - c0:.2f} net {c2 - c1:.2f}')
    if step % args.eval_every == 0:
        r_rec, r_prec = evaluate(model, real_val)
        s_rec, s_prec = evaluate(model, synth_val[:100])
        score = 2 * r_rec * r_prec / max(r_rec + r_prec, 1e-9) + 2 * s_rec * s_prec / max(s_rec + s_prec, 1e-9)
        more = ''.join(' | %s recall %.3f precision %.3f' % ((d,) + evaluate(model, v))
                       for d, v in list(synth_vals.items())[1:])
        log(f'eval step {step}: real valid+test recall {r_rec:.3f} precision {r_prec:.3f} | '
            f'synth val recall {s_rec:.3f} precision {s_prec:.3f}{more}')
        ck = {'model': model.state_dict(), 'step': step, 'args': vars(args)}
        torch.save(ck, os.path.join(out_dir, 'last.pt'))
        if score > best:
            best = score
            torch.save(ck, os.path.join(out_dir, 'best.pt'))
            log(f'saved best (score {score:.3f})')
torch.save({'model': model.state_dict(), 'step': step, 'args': vars(args)}, os.path.join(out_dir, 'last.pt'))
r_rec, r_prec = evaluate(model, real_val)
s_rec, s_prec = evaluate(model, synth_val[:100])
more = ''.join(' | %s recall %.3f precision %.3f' % ((d,) + evaluate(model, v)) for d, v in list(synth_vals.items())[1:])
log(f'final step {step} ({(time.time() - t_start) / 60:.1f} min): real valid+test recall {r_rec:.3f} '
    f'precision {r_prec:.3f} | synth val recall {s_rec:.3f} precision {s_prec:.3f}{more}')
