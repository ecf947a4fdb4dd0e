"""Copy a labelled folder of photos with annotation boxes drawn over them, as photos shared online often are.

Issue 13's photos of unseen sets include "a few with annotation boxes drawn over them": pictures from labelling
tools or detector demos, each tile outlined by a coloured rectangle, often with a filled tag holding a class name
and a score above it. Nothing in the training data looks like that. This script draws such overlays over the TRUE
boxes of an existing development folder (labels.json as in test-images/, or the held-out photos' format) so that
`npm run eval -- --only dev --dev OUT` tells how much they cost, with the same photos unannotated as the control.

    /usr/bin/python3 training-notes/common/annotate_photos.py training-notes/common/data/handdev-heldout-art \
        training-notes/common/data/handdev-heldout-art-annotated --seed 5

Per photo (seeded by the photo's index): one drawing style, as one tool draws every box alike: a colour per kind
(a detector's palette) or one colour for all, line width 1.5-5% of the median tile width, the box as labelled or
grown/shrunk by up to 8% and shifted by up to 5% (tools' boxes are not exact), and in 70% of the photos a filled tag
above each box (inside it when there is no room) with white or black text: the kind in one of the naming schemes
seen online ("5m", "man5", "m5", "5-man"), and a score in half of them. The labels are copied unchanged.
"""
import argparse
import json
import os
import shutil

import cv2
import numpy as np

# a detector's palette (BGR): saturated colours, as YOLO / Roboflow demos draw them
PALETTE = [(56, 56, 255), (151, 157, 255), (31, 112, 255), (29, 178, 255), (49, 210, 207), (10, 249, 72), (23, 204, 146),
           (134, 219, 61), (52, 147, 26), (187, 212, 0), (168, 153, 44), (255, 194, 0), (147, 69, 52), (255, 115, 100),
           (236, 24, 0), (255, 56, 132), (133, 0, 82), (255, 56, 203), (200, 149, 255), (199, 55, 255)]
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + ["0m", "0p", "0s", "back"]
SUIT_WORD = {"m": "man", "p": "pin", "s": "sou", "z": "z"}


def tag_text(tile: str, scheme: int, rng: np.random.Generator, with_score: bool) -> str:
    n, s = tile[:-1], tile[-1]
    if tile == "back":
        name = "back"
    elif scheme == 0:
        name = tile
    elif scheme == 1:
        name = f"{SUIT_WORD[s]}{n}"
    elif scheme == 2:
        name = f"{s}{n}"
    else:
        name = f"{n}-{SUIT_WORD[s]}"
    return f"{name} {rng.uniform(0.5, 0.99):.2f}" if with_score else name


def annotate(img: np.ndarray, boxes: list, rng: np.random.Generator) -> np.ndarray:
    out = img.copy()
    widths = [b[2] - b[0] for _, b in boxes]
    tile_w = float(np.median(widths)) if widths else 50.0
    thick = max(1, int(round(tile_w * rng.uniform(0.015, 0.05))))
    per_kind = rng.random() < 0.6
    one_colour = PALETTE[rng.integers(len(PALETTE))]
    offset = rng.integers(len(PALETTE))
    tags = rng.random() < 0.7
    scheme = int(rng.integers(4))
    with_score = rng.random() < 0.5
    font_scale = tile_w * rng.uniform(0.006, 0.012)
    text_white = rng.random() < 0.6
    for tile, (x0, y0, x1, y1) in boxes:
        colour = PALETTE[(KINDS.index(tile) + offset) % len(PALETTE)] if per_kind and tile in KINDS else one_colour
        w, h = x1 - x0, y1 - y0
        g = rng.uniform(-0.04, 0.08)
        dx, dy = rng.uniform(-0.05, 0.05) * w, rng.uniform(-0.05, 0.05) * h
        p0 = (int(round(x0 - g * w + dx)), int(round(y0 - g * h + dy)))
        p1 = (int(round(x1 + g * w + dx)), int(round(y1 + g * h + dy)))
        cv2.rectangle(out, p0, p1, colour, thick, cv2.LINE_AA)
        if not tags:
            continue
        text = tag_text(tile, scheme, rng, with_score)
        (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, font_scale, max(1, thick // 2))
        top = p0[1] - th - base - 2 if p0[1] - th - base - 2 >= 0 else p0[1]
        cv2.rectangle(out, (p0[0], top), (p0[0] + tw + 2, top + th + base + 2), colour, -1)
        cv2.putText(out, text, (p0[0] + 1, top + th + 1), cv2.FONT_HERSHEY_SIMPLEX, font_scale,
                    (255, 255, 255) if text_white else (0, 0, 0), max(1, thick // 2), cv2.LINE_AA)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    label_file = next(n for n in sorted(os.listdir(args.src)) if n.endswith(".json"))
    labels = json.load(open(os.path.join(args.src, label_file)))
    os.makedirs(args.out, exist_ok=True)
    for i, (name, lab) in enumerate(sorted(labels.items())):
        rng = np.random.default_rng([args.seed, i])
        img = cv2.imread(os.path.join(args.src, name), cv2.IMREAD_COLOR)
        boxes = [(t["tile"], t["box"]) for t in lab.get("tiles", [])]
        out = annotate(img, boxes, rng)
        ext = os.path.splitext(name)[1].lower()
        params = [cv2.IMWRITE_JPEG_QUALITY, 90] if ext in (".jpg", ".jpeg") else []
        cv2.imwrite(os.path.join(args.out, name), out, params)
    shutil.copy(os.path.join(args.src, label_file), os.path.join(args.out, label_file))
    print(f"wrote {len(labels)} annotated photos to {args.out}")


if __name__ == "__main__":
    main()
