"""Render a development set: labelled hand photos for choosing post-processing in src/vision without touching the
real validation photos.

    /usr/bin/python3 training-notes/common/make_dev_set.py [--n 80] [--out training-notes/common/data/devset]
    npm run eval -- --dev training-notes/common/data/devset

Same renderer and label format as make_test_images.py (labels.json: {file: {"hand", "tiles", "size", "style"}}),
different seeds (500,000 + i; test images use 101-108, the training generators >= 10,000,000). Random hands of 13-14
tiles, at most one red five per suit; in 40% of them a pair or pung of white dragons (blank in most art styles: the hardest tile to find) is put in
a random place, since a choice that only works on inked faces would not be worth making. The folder is gitignored:
this command rebuilds it exactly. `--per-set 8 --n 64 --out .../devsets` renders 8 photos of each of 8 tile sets
(one style per set) instead, for measuring what learning a set from one photo does.
"""
import argparse
import json
import os
import sys

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import render  # noqa: E402
from make_test_images import hand_string  # noqa: E402


def dev_hand(rng):
    # a real set has one red five per suit (render.random_hand, made for classifier training, allows more)
    hand, reds = [], set()
    for t in render.random_hand(rng):
        if t[0] == "0" and t[1] in reds:
            t = "5" + t[1]
        if t[0] == "0":
            reds.add(t[1])
        hand.append(t)
    if rng.random() < 0.4:
        n = len(hand)
        run = ["5z"] * int(rng.integers(2, 4))
        hand = [t for t in hand if t != "5z"][: n - len(run)]
        at = int(rng.integers(0, len(hand) + 1))
        hand = hand[:at] + run + hand[at:]
    return hand


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--out", default=os.path.join(HERE, "data", "devset"))
    ap.add_argument("--per-set", type=int, default=1,
                    help="photos per tile set: with K > 1, K photos in a row share one style (one physical set, "
                         "labelled set<N>), for measuring what learning a set from one photo does")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    assets = render.load_assets()
    labels = {}
    for i in range(args.n):
        rng = np.random.default_rng(500_000 + i)
        hand = dev_hand(rng)
        out_w = int(rng.choice([1024, 1280, 1600, 2000]))
        style = render.random_style(rng, assets)
        if args.per_set > 1:
            style = render.random_style(np.random.default_rng(900_000 + i // args.per_set), assets)
        tile_px = out_w * rng.uniform(0.35, 0.85) / len(hand)
        p = render.render_hand_photo(rng, assets, classes=hand, tile_px=int(tile_px), style=style, melds=True,
                                     aspect=0.75, effects_strength=0.8, meld_prob=0.4, pad=float(rng.uniform(0.4, 1.5)))
        img = cv2.resize(p["image"], (out_w, int(round(out_w * 0.75))), interpolation=cv2.INTER_AREA)
        sx, sy = img.shape[1] / p["image"].shape[1], img.shape[0] / p["image"].shape[0]
        name = f"dev{i:03d}.jpg"
        cv2.imwrite(os.path.join(args.out, name), img, [cv2.IMWRITE_JPEG_QUALITY, 85])
        labels[name] = {
            "hand": hand_string([t["cls"] for t in p["tiles"]]),
            "tiles": [{"tile": t["cls"], "box": [round(v * s, 1) for v, s in zip(t["box"], (sx, sy, sx, sy))],
                       "sideways": t["sideways"]} for t in p["tiles"]],
            "size": [img.shape[1], img.shape[0]],
            "style": (f"set{i // args.per_set} " if args.per_set > 1 else "") + style["src"] + ("+procedural" if style["procedural"] else ""),
        }
    with open(os.path.join(args.out, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1)
        f.write("\n")
    print(f"wrote {args.n} photos to {args.out}")


if __name__ == "__main__":
    main()
