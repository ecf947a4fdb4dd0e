"""Pre-generate classifier training crops from synthetic hand photos.

    nice -n 10 /usr/bin/python3 training-notes/classifier/gen_data.py --out training-notes/classifier/data/train \
        --photos 12000 --seed 1 --workers 2

Each shard is an .npz with x: uint8 [N, H, W, 3] (RGB) and y: int64 [N] (index into render.CLASSES).
Crops follow the crop rule of models/model.json (box + margin per side, landscape -> rotate 90 deg clockwise),
with the box jittered to imitate localiser errors.
"""
import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import render  # noqa: E402

H, W = 64, 48
_ASSETS = None
_ART = dict(extra=False, only="")  # set in main(): --extra-art / --only (copied to the workers by fork)


def boosted_hand(rng):
    """random_hand, then inject the rare classes: red fives, white dragons, backs (closed kan)."""
    hand = render.random_hand(rng)
    n = len(hand)
    r = rng.random()
    if r < 0.25:  # a closed kan shown as backs: 2 or 4 backs together
        k = 4 if rng.random() < 0.5 else 2
        i = int(rng.integers(0, n - k + 1))
        hand[i:i + k] = ["back"] * k
    for i in range(n):
        if hand[i] == "back":
            continue
        u = rng.random()
        if u < 0.04:
            hand[i] = ["0m", "0p", "0s"][rng.integers(3)]
        elif u < 0.06:
            hand[i] = "5z"
        elif u < 0.09:
            hand[i] = ["5m", "5p", "5s"][rng.integers(3)]  # plain fives as negatives for red fives
    return hand


def jitter_box(box, rng, strength=1.0):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2 + rng.normal(0, 0.05 * strength) * w, (y0 + y1) / 2 + rng.normal(0, 0.05 * strength) * h
    sw = w * math.exp(rng.normal(0, 0.08 * strength))
    sh = h * math.exp(rng.normal(0, 0.08 * strength))
    return [cx - sw / 2, cy - sh / 2, cx + sw / 2, cy + sh / 2]


def make_photo_crops(seed):
    global _ASSETS
    if _ASSETS is None:
        _ASSETS = render.load_assets()
        if _ART["extra"] or _ART["only"]:
            # training: every extracted style and font except the held-out ones; --only: one (held-out) style
            render.load_art(_ASSETS, exclude=() if _ART["only"] else render.HELD_OUT)
            _ASSETS.only = _ART["only"]
    rng = np.random.default_rng(seed)
    hand = boosted_hand(rng)
    p = render.render_hand_photo(rng, _ASSETS, classes=hand, tile_px=int(rng.uniform(28, 150)), pad=0.4,
                                 photo_bg=True)
    img = p["image"]
    xs, ys = [], []
    for t in p["tiles"]:
        # t["box"] is the front surface (the localiser's convention); sometimes take the whole tile (band included)
        # or a glyph-tight box, as a localiser might
        base = t["tile_box"] if rng.random() < 0.15 else t["box"]
        if rng.random() < 0.1:
            x0, y0, x1, y1 = base
            k = rng.uniform(0.06, 0.14)
            base = [x0 + k * (x1 - x0), y0 + k * (y1 - y0), x1 - k * (x1 - x0), y1 - k * (y1 - y0)]
        box = jitter_box(base, rng, strength=rng.choice([0.3, 1.0, 1.6]))
        interp = [cv2.INTER_AREA, cv2.INTER_LINEAR, cv2.INTER_CUBIC, cv2.INTER_NEAREST][
            rng.choice(4, p=[0.45, 0.35, 0.15, 0.05])]
        c = render.crop_tile(img, box, H, W, interp=interp)
        xs.append(cv2.cvtColor(c, cv2.COLOR_BGR2RGB))
        ys.append(render.CLASS_INDEX[t["cls"]])
    return xs, ys, seed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--photos", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--shard", type=int, default=1000, help="photos per shard")
    ap.add_argument("--extra-art", action="store_true",
                    help="issue 13: add the extracted Debian art styles and fonts (render.load_art), held-out ones left out")
    ap.add_argument("--only", default="", help="render only this style (e.g. km_traditional, font:kouzan-mouhitsu)")
    args = ap.parse_args()
    _ART.update(extra=args.extra_art, only=args.only)
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    with Pool(args.workers) as pool:
        for s0 in range(0, args.photos, args.shard):
            path = os.path.join(args.out, f"shard_{args.seed}_{s0 // args.shard:04d}.npz")
            if os.path.exists(path):
                continue
            seeds = [args.seed * 10_000_000 + i for i in range(s0, min(args.photos, s0 + args.shard))]
            xs, ys, gs = [], [], []
            for x, y, g in pool.imap_unordered(make_photo_crops, seeds, chunksize=8):
                xs += x
                ys += y
                gs += [g] * len(y)  # the photo each crop came from = one tile set (round 6's set-aware loss)
            np.savez(path, x=np.stack(xs), y=np.array(ys, np.int64), g=np.array(gs, np.int64))
            print(f"{path}: {len(ys)} crops, {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main()
