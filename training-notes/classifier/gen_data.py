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
import annotate_photos  # noqa: E402  (round 15: annotation boxes drawn over the photo)
import render  # noqa: E402
from crop_size import H, W  # noqa: E402  (64x48, or TILENET_INPUT: round 12)
_ASSETS = None
_ART = dict(extra=False, only="", notile=False, clean=False, upside=0.15, annotate=0.0)  # set in main(): --extra-art / --only / --notile, --faces-turned / --no-turned-tiles (upside: the share of tiles turned whole), --annotate; copied by fork
NONE = len(render.CLASSES)  # round 9: label of the "not a tile" class (render.NOT_A_TILE), after the 38 tile classes


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
            if _ART["only"] == "glyphs":  # round 18: the glyph fonts' art (extract_art.py glyphs)
                render.load_glyph_art(_ASSETS)
            _ASSETS.only = _ART["only"]
    rng = np.random.default_rng(seed)
    hand = boosted_hand(rng)
    if _ART["notile"] and not _ART["clean"] and _ASSETS.notile and rng.random() < 0.35:  # 1-2 flowers / seasons
        for _ in range(int(rng.integers(1, 3))):
            i = int(rng.integers(len(hand)))
            if hand[i] != "back":
                hand[i] = render.NOT_A_TILE
    p = render.render_hand_photo(rng, _ASSETS, classes=hand, tile_px=int(rng.uniform(28, 150)), pad=0.4,
                                 photo_bg=True, upside_down_prob=_ART["upside"])
    img = p["image"]
    if _ART["annotate"] and rng.random() < _ART["annotate"]:
        # round 15: the photo with annotation boxes drawn over its tiles, as shared photos often are (annotate_photos.py);
        # around the front surface or the whole tile, as one tool or another draws them. Pools without --annotate
        # draw nothing more from rng, so they stay byte-identical.
        key = "box" if rng.random() < 0.5 else "tile_box"
        img = annotate_photos.annotate(img, [(t["cls"], t[key]) for t in p["tiles"]], rng)
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
        ys.append(NONE if t["cls"] == render.NOT_A_TILE else render.CLASS_INDEX[t["cls"]])
    if _ART["notile"]:
        # --notile-clean (round 9b): on a table cut from a real photo, which may show real tiles, only boxes across two
        # rendered tiles (a table patch there could be a real tile labelled "none")
        for box in not_tile_boxes(p["tiles"], img.shape, rng, seams_only=_ART["clean"] and p["real_table"]):
            c = render.crop_tile(img, box, H, W, interp=cv2.INTER_AREA)
            xs.append(cv2.cvtColor(c, cv2.COLOR_BGR2RGB))
            ys.append(NONE)
    return xs, ys, seed


def overlap(a, b):
    """Area of the intersection of boxes a and b."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def not_tile_boxes(tiles, shape, rng, seams_only=False):
    """Round 9: boxes a localiser might give that hold no whole tile, labelled "none": a box across the seam of two
    neighbouring tiles (a third to two thirds of the way over), the thickness band or the table just above or below a
    tile, and a tile-sized patch of table away from the row. Each is kept only if no tile face covers more than 62% of
    it, so none of them is a (badly boxed) tile (positive crops are jittered by about 5-8% of a width)."""
    ih, iw = shape[:2]
    faces = [t["box"] for t in tiles]
    out = []
    row = sorted((t for t in tiles if not t["sideways"]), key=lambda t: t["box"][0])
    if seams_only and len(row) < 2:
        return out
    for _ in range(int(rng.integers(2, 5))):
        kind = 0 if seams_only else rng.choice(3, p=[0.4, 0.25, 0.35])
        if kind == 0 and len(row) >= 2:  # across two neighbours
            i = int(rng.integers(len(row) - 1))
            a, b = row[i]["box"], row[i + 1]["box"]
            w = (a[2] - a[0] + b[2] - b[0]) / 2
            x0 = a[0] + w * rng.uniform(0.38, 0.62)
            y0, y1 = min(a[1], b[1]), max(a[3], b[3])
            box = [x0, y0, x0 + w, y1]
        elif kind == 1 and row:  # the band or the table above / below a tile
            a = row[int(rng.integers(len(row)))]["box"]
            h = a[3] - a[1]
            dy = h * rng.uniform(0.55, 1.0) * (1 if rng.random() < 0.5 else -1)
            box = [a[0], a[1] + dy, a[2], a[3] + dy]
        else:  # table patch of a tile's size anywhere
            a = faces[int(rng.integers(len(faces)))] if faces else [0, 0, 40, 54]
            w, h = (a[2] - a[0]) * rng.uniform(0.8, 1.2), (a[3] - a[1]) * rng.uniform(0.8, 1.2)
            if w >= iw or h >= ih:
                continue
            x0, y0 = rng.uniform(0, iw - w), rng.uniform(0, ih - h)
            box = [x0, y0, x0 + w, y0 + h]
        box = jitter_box(box, rng, strength=rng.choice([0.3, 1.0]))
        area = (box[2] - box[0]) * (box[3] - box[1])
        if area < 16 or box[0] < 0 or box[1] < 0 or box[2] > iw or box[3] > ih:
            continue
        if all(overlap(box, f) <= 0.62 * min(area, (f[2] - f[0]) * (f[3] - f[1])) for f in faces):
            out.append(box)
    return out



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--photos", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--shard", type=int, default=1000, help="photos per shard")
    ap.add_argument("--extra-art", action="store_true",
                    help="issue 13: add the extracted Debian art styles and fonts (render.load_art), held-out ones left out")
    ap.add_argument("--notile", action="store_true",
                    help="round 9: also flowers / seasons in the rows and boxes holding no whole tile, labelled "
                         "'none' (class 38)")
    ap.add_argument("--notile-clean", action="store_true",
                    help="round 9b, with --notile: no flowers / seasons (to the classifier an unseen set's tile looks like "
                         "one), and on tables cut from real photos only boxes across two tiles")
    ap.add_argument("--annotate", type=float, default=0.0,
                    help="round 15: share of photos with annotation boxes drawn over their tiles (annotate_photos.py)")
    ap.add_argument("--bird-swap", type=float, default=0.0,
                    help="round 16: this share of 1-sou faces drawn with another training set's 1-sou, in inks of its own "
                         "(render.BIRD_SWAP); 0 leaves the renders as before")
    ap.add_argument("--bird-glyphs", action="store_true",
                    help="round 18c, with --bird-swap: half the swapped 1-sou faces are the glyph fonts' (render.BIRD_EXTRA)")
    ap.add_argument("--drawings", type=float, default=0.0,
                    help="round 19: this share of sets draws its procedural pins and bamboo in one of several drawings "
                         "(render.PROCEDURAL_VARIETY); 0 leaves the renders as before")
    ap.add_argument("--warp", type=float, default=0.0,
                    help="round 17: this share of sets draws each kind's face bent by a smooth random field of its own "
                         "(render.DRAWING_WARP); 0 leaves the renders as before")
    ap.add_argument("--only", default="", help="render only this style (e.g. km_traditional, font:kouzan-mouhitsu; "
                                               "glyphs: round 18's two glyph fonts, one per set)")
    ap.add_argument("--faces-turned", action="store_true",
                    help="session 19: every face painted upside down on its unturned body (render.FACES_TURNED), no tile "
                         "turned whole; with --no-turned-tiles and the same seed, the same photos the right way up")
    ap.add_argument("--no-turned-tiles", action="store_true", help="no tile turned whole (render's upside_down_prob 0)")
    args = ap.parse_args()
    _ART.update(extra=args.extra_art, only=args.only, notile=args.notile, clean=args.notile_clean, annotate=args.annotate)
    render.FACES_TURNED = args.faces_turned  # set before the worker pool forks
    render.BIRD_SWAP = args.bird_swap
    if args.bird_glyphs:
        render.load_glyph_birds()
    render.DRAWING_WARP = args.warp
    render.PROCEDURAL_VARIETY = args.drawings
    if args.faces_turned or args.no_turned_tiles:
        _ART["upside"] = 0.0
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
