"""Evaluate a localiser checkpoint.

    /usr/bin/python3 training-notes/localizer/evaluate.py training-notes/localizer/runs/run1/last.pt

Prints and writes <checkpoint dir>/metrics.json:
  - recall / precision on haitaks-yolo valid+test (real; unlabelled tiles count as false positives, so
    precision there is a lower bound), at several score thresholds, matching one-to-one either at IoU 0.5
    or by "predicted centre inside the true box"; for all 60 photos, for the 44 "clean" ones (16 are
    Roboflow augmentations stretched beyond recognition), and for the clean ones downscaled so the median
    tile is 30 px wide at the 512 input (the scale of a riichi hand tile in a 1920x1440 photo);
  - the same on the first SYNTH_VAL_N (default 100) synthetic validation scenes (data/synth_val, seed 999)
    and, where it exists, on the first SYNTH_VAL_N v3 scenes (data/synth3_val: synth.py --v3 --seed 998);
  - riichi-val (validation only, never trained on): tiles detected with their centre inside the true
    hand_box versus n_tiles, per photo. Drawings go to <checkpoint dir>/riichi_val/.
"""
import json
import os
import sys
import time

import cv2
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from model import SIZE_BASE, TileLocalizer, decode  # noqa: E402

DATA = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared', 'data'))
S, PAD = 512, 114
THRESHOLDS = (0.2, 0.3, 0.4, 0.5)


def letterbox(im):
    h, w = im.shape[:2]
    s = S / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    out = np.full((S, S, 3), PAD, np.uint8)
    out[:nh, :nw] = cv2.resize(im, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    return out, s


@torch.no_grad()
def detect(model, im_rgb, threshold):
    x, s = letterbox(im_rgb)
    o = model(torch.from_numpy(x).permute(2, 0, 1)[None].float() / 255.0)[0]
    boxes, scores = decode(torch.sigmoid(o[0:1]), torch.exp(o[1:3]) * SIZE_BASE, o[3:5], threshold)
    return boxes.numpy() / s, scores.numpy()


def box_iou(a, b):
    ix0, iy0 = np.maximum(a[:, None, 0], b[None, :, 0]), np.maximum(a[:, None, 1], b[None, :, 1])
    ix1, iy1 = np.minimum(a[:, None, 2], b[None, :, 2]), np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(ix1 - ix0, 0, None) * np.clip(iy1 - iy0, 0, None)
    aa = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    ab = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / (aa[:, None] + ab[None, :] - inter + 1e-9)


def centre_hits(pred, gt):
    """1 where the predicted centre lies inside the true box (a looser match than IoU 0.5)."""
    cx, cy = (pred[:, 0] + pred[:, 2]) / 2, (pred[:, 1] + pred[:, 3]) / 2
    return ((cx[:, None] >= gt[None, :, 0]) & (cx[:, None] <= gt[None, :, 2]) &
            (cy[:, None] >= gt[None, :, 1]) & (cy[:, None] <= gt[None, :, 3])).astype(np.float32)


def matched(pred, gt, iou_thr=0.5, centre=False):
    """Which predictions (in the order given: strongest first) are matched one-to-one to a true box."""
    hit = np.zeros(len(pred), bool)
    if len(pred) == 0 or len(gt) == 0:
        return hit
    iou = centre_hits(pred, gt) if centre else box_iou(pred, gt)
    used = np.zeros(len(gt), bool)
    for i in range(len(pred)):
        cand = np.where(used, -1, iou[i])
        j = int(np.argmax(cand))
        if cand[j] >= iou_thr:
            used[j] = True
            hit[i] = True
    return hit


def pr_counts(pred, scores, gt, thr, iou_thr=0.5, centre=False):
    pred = pred[scores >= thr]
    return int(matched(pred, gt, iou_thr, centre).sum()), len(pred), len(gt)


def load_yolo(split):
    root = os.path.join(DATA, 'real', 'haitaks-yolo', split)
    out = []
    for name in sorted(os.listdir(os.path.join(root, 'images'))):
        im = cv2.cvtColor(cv2.imread(os.path.join(root, 'images', name)), cv2.COLOR_BGR2RGB)
        h, w = im.shape[:2]
        gt = []
        lab = os.path.join(root, 'labels', os.path.splitext(name)[0] + '.txt')
        for line in open(lab) if os.path.exists(lab) else []:
            v = line.split()
            if len(v) >= 5:
                cx, cy, bw, bh = (float(t) for t in v[1:5])
                gt.append([(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h])
        out.append((im, np.array(gt, np.float32).reshape(-1, 4)))
    return out


def load_synth(folder):
    labels = json.load(open(os.path.join(folder, 'boxes.json')))
    return [(cv2.cvtColor(cv2.imread(os.path.join(folder, n)), cv2.COLOR_BGR2RGB), np.array(b, np.float32).reshape(-1, 4))
            for n, b in sorted(labels.items())]


def degenerate(im, gt):
    """haitaks photos that Roboflow augmentation stretched beyond recognition (a box over half the image
    wide or tall: 16 of the 60 valid+test photos, 9-20 tiles stretched across the whole frame)."""
    h, w = im.shape[:2]
    bw, bh = gt[:, 2] - gt[:, 0], gt[:, 3] - gt[:, 1]
    return bool(len(gt) and ((bw > 0.5 * w).any() or (bh > 0.5 * h).any()))


def at_tile_width(im, gt, tile_px=30):
    """Downscale a photo so its median tile is tile_px wide at the 512 input (the size of a riichi hand
    tile in a 1920x1440 photo), padded to 512x512 with the letterbox grey."""
    med = float(np.median(gt[:, 2] - gt[:, 0]))
    f = min(tile_px / max(med, 1) * max(im.shape[:2]) / S, 1.0) * S / max(im.shape[:2])
    nw, nh = max(1, round(im.shape[1] * f)), max(1, round(im.shape[0] * f))
    out = np.full((S, S, 3), PAD, np.uint8)
    out[:nh, :nw] = cv2.resize(im, (nw, nh), interpolation=cv2.INTER_AREA)
    return out, gt * f


def pr_table(model, items):
    dets = [detect(model, im, min(THRESHOLDS)) for im, _ in items]
    res = {}
    for thr in THRESHOLDS:
        row = {}
        for mode in ('iou0.5', 'centre'):
            tp = npred = ngt = 0
            for (b, s), (_, gt) in zip(dets, items):
                t, p, g = pr_counts(b, s, gt, thr, centre=mode == 'centre')
                tp, npred, ngt = tp + t, npred + p, ngt + g
            row[mode] = {'recall': round(tp / max(ngt, 1), 4), 'precision': round(tp / max(npred, 1), 4),
                         'tp': tp, 'n_pred': npred, 'n_gt': ngt}
        res[str(thr)] = row
    return res


def main():
    ck_path = sys.argv[1]
    thr = float(sys.argv[2]) if len(sys.argv) > 2 else 0.3
    torch.set_num_threads(2)
    model = TileLocalizer()
    model.load_state_dict(torch.load(ck_path, map_location='cpu')['model'])
    model.eval()
    out_dir = os.path.dirname(os.path.abspath(ck_path))
    metrics = {}
    real = load_yolo('valid') + load_yolo('test')
    clean = [(im, gt) for im, gt in real if len(gt) and not degenerate(im, gt)]
    metrics['haitaks_valid_test_all'] = pr_table(model, real)
    metrics['haitaks_valid_test_all']['n_photos'] = len(real)
    metrics['haitaks_valid_test_clean'] = pr_table(model, clean)
    metrics['haitaks_valid_test_clean']['n_photos'] = len(clean)
    small = [at_tile_width(im, gt) for im, gt in clean]
    metrics['haitaks_valid_test_clean_tiles30px'] = pr_table(model, small)
    metrics['haitaks_valid_test_clean_tiles30px']['n_photos'] = len(small)
    synth_dir = os.path.join(HERE, 'data', 'synth_val')
    if os.path.exists(synth_dir):
        syn = load_synth(synth_dir)[:int(os.environ.get('SYNTH_VAL_N', 100))]
        metrics['synth_val'] = pr_table(model, syn)
        metrics['synth_val']['n_scenes'] = len(syn)
    v3_dir = os.path.join(HERE, 'data', 'synth3_val')  # synth.py --v3 --seed 998 (several rows, turned, far, ...)
    if os.path.exists(v3_dir):
        syn = load_synth(v3_dir)[:int(os.environ.get('SYNTH_VAL_N', 100))]
        metrics['synth_v3_val'] = pr_table(model, syn)
        metrics['synth_v3_val']['n_scenes'] = len(syn)
    # riichi-val: count tiles in the hand row
    rv_dir = os.path.join(DATA, 'real', 'riichi-val')
    labels = json.load(open(os.path.join(rv_dir, 'labels.json')))
    os.makedirs(os.path.join(out_dir, 'riichi_val'), exist_ok=True)
    rows, times = [], []
    for name, lab in sorted(labels.items()):
        bgr = cv2.imread(os.path.join(rv_dir, name))
        t0 = time.time()
        boxes, scores = detect(model, cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB), thr)
        times.append(time.time() - t0)
        hx0, hy0, hx1, hy1 = lab['hand_box']
        cx, cy = (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2
        inside = (cx >= hx0) & (cx <= hx1) & (cy >= hy0) & (cy <= hy1)
        rows.append({'photo': name, 'n_tiles': lab['n_tiles'], 'found_in_hand_box': int(inside.sum()),
                     'detections_in_photo': int(len(boxes))})
        vis = bgr.copy()
        cv2.rectangle(vis, (hx0, hy0), (hx1, hy1), (255, 0, 0), 3)
        for b, s, ins in zip(boxes.astype(int), scores, inside):
            cv2.rectangle(vis, (b[0], b[1]), (b[2], b[3]), (0, 0, 255) if ins else (0, 200, 255), 2)
        cv2.imwrite(os.path.join(out_dir, 'riichi_val', os.path.splitext(name)[0] + '.jpg'), vis)
    metrics['riichi_val_hand_rows'] = {
        'threshold': thr, 'photos': rows,
        'exact_count_photos': sum(r['found_in_hand_box'] == r['n_tiles'] for r in rows),
        'total_found': sum(r['found_in_hand_box'] for r in rows), 'total_tiles': sum(r['n_tiles'] for r in rows)}
    metrics['torch_cpu_ms_per_photo_512'] = round(1000 * float(np.median(times)), 1)
    print(json.dumps(metrics, indent=1))
    with open(os.path.join(out_dir, 'metrics.json'), 'w') as f:
        json.dump(metrics, f, indent=1)


if __name__ == '__main__':
    main()
