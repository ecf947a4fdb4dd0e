"""Real single-tile crops (../shared/data/real/camerash-tiles, justinchan114-tiles), split by source photo.

camerash crops are numbered in the order they were cut from 25 product photos; from file 265 on, each contiguous
block is one photo of a whole set. Validation = files 470-507 and 550-594 (two whole-set photos); training = every
other camerash file and all of justinchan114-tiles (one set photographed tile by tile; the same design occurs in
camerash, so it never validates). No red fives, no backs in either folder; the white dragon is framed.

    from real_crops import load_real, eval_arrays, augment_real

Round 10 (issue 13) adds the honour tiles of ../shared/data/real/haitaks-yolo's TRAIN split (load_haitaks_honours):
real phone photos of many, mostly Chinese / Hong Kong / American sets. Only its seven honour class ids each hold one
kind (src/cli/evalCrops.ts, HAITAKS_HONOURS, checked by eye); its suit ids are unusable. Its valid and test splits
(other photos) stay measurement only (`npm run eval -- --only crops`).
"""
import csv
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import render  # noqa: E402

REAL = os.path.join(render.DATA_DIR, "real")
VAL_BLOCKS = [(470, 507), (550, 594)]


def _num(source_file):
    return int(os.path.splitext(source_file)[0])


def load_real(split):
    """split: 'train' | 'val' -> list of (BGR image, class index, 'set/file')"""
    out = []
    for folder, prefix in [("camerash-tiles", "cam"), ("justinchan114-tiles", "jc")]:
        path = os.path.join(REAL, folder, "labels.csv")
        if not os.path.exists(path):
            continue
        for r in csv.DictReader(open(path)):
            code = r["code"]
            if code not in render.CLASS_INDEX:
                continue  # DROPPED
            if prefix == "cam":
                is_val = any(a <= _num(r["source_file"]) <= b for a, b in VAL_BLOCKS)
            else:
                is_val = False
            if (split == "val") != is_val:
                continue
            im = cv2.imread(os.path.join(REAL, folder, r["file"]))
            if im is None:
                continue
            out.append((im, render.CLASS_INDEX[code], f"{prefix}/{r['file']}"))
    return out


# haitaks-yolo class id -> our code, the honour ids only (the same table as HAITAKS_HONOURS in src/cli/evalCrops.ts)
HAITAKS_HONOURS = {34: "1z", 35: "6z", 36: "4z", 37: "7z", 38: "2z", 39: "3z", 40: "5z"}


def yolo_crop(im, row):
    """The image cut at one YOLO label row (id, centre x, centre y, width, height in 0..1), or None under 4 px."""
    ih, iw = im.shape[:2]
    cx, cy, w, h = (float(v) for v in row[1:5])
    x0, y0 = max(0, int(round((cx - w / 2) * iw))), max(0, int(round((cy - h / 2) * ih)))
    x1, y1 = min(iw, int(round((cx + w / 2) * iw))), min(ih, int(round((cy + h / 2) * ih)))
    return im[y0:y1, x0:x1].copy() if x1 - x0 >= 4 and y1 - y0 >= 4 else None


def load_haitaks_honours(split="train"):
    """-> list of (BGR crop cut at the labelled box, class index, 'hy/<split>/<stem>#k'), one per honour label"""
    root = os.path.join(REAL, "haitaks-yolo", split)
    out = []
    if not os.path.isdir(os.path.join(root, "labels")):
        return out
    images = {os.path.splitext(f)[0]: f for f in os.listdir(os.path.join(root, "images"))}
    for name in sorted(os.listdir(os.path.join(root, "labels"))):
        stem = os.path.splitext(name)[0]
        rows = [line.split() for line in open(os.path.join(root, "labels", name)) if line.strip()]
        rows = [r for r in rows if int(r[0]) in HAITAKS_HONOURS]
        if not rows or stem not in images:
            continue
        im = cv2.imread(os.path.join(root, "images", images[stem]))
        if im is None:
            continue
        for k, r in enumerate(rows):
            crop = yolo_crop(im, r)
            if crop is not None:
                out.append((crop, render.CLASS_INDEX[HAITAKS_HONOURS[int(r[0])]], f"hy/{split}/{stem}#{k}"))
    return out


ID47_LABELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common", "id47_tiles_by_eye.json")


def load_haitaks_id47(split="train"):
    """Round 11: haitaks-yolo's id 47 (suited tiles of every kind under one id) labelled by eye
    (../common/id47_tiles_by_eye.json: photo 'split/stem', 0-based label line, tile) -> list of
    (BGR crop cut at the labelled box, class index, 'hy47/<split>/<stem>#line')"""
    import json
    root = os.path.join(REAL, "haitaks-yolo", split)
    if not os.path.isdir(os.path.join(root, "labels")) or not os.path.exists(ID47_LABELS):
        return []
    by_photo = {}
    for lab in json.load(open(ID47_LABELS))["labels"]:
        sp, stem = lab["photo"].split("/", 1)
        if sp == split:
            by_photo.setdefault(stem, []).append(lab)
    images = {os.path.splitext(f)[0]: f for f in os.listdir(os.path.join(root, "images"))}
    out = []
    for stem, labs in sorted(by_photo.items()):
        rows = [line.split() for line in open(os.path.join(root, "labels", stem + ".txt")) if line.strip()]
        im = cv2.imread(os.path.join(root, "images", images[stem]))
        for lab in labs:
            r = rows[lab["line"]]
            assert int(r[0]) == 47, (stem, lab)
            crop = yolo_crop(im, r)
            if crop is not None:
                out.append((crop, render.CLASS_INDEX[lab["tile"]], f"hy47/{split}/{stem}#{lab['line']}"))
    return out


def pad_crop(im, margin=render.CROP_MARGIN, color=(100, 100, 100)):
    """the app's crop adds `margin` of the box on each side: real crops are cut at the tile edge, so pad"""
    h, w = im.shape[:2]
    py, px = int(round(margin * h)), int(round(margin * w))
    return cv2.copyMakeBorder(im, py, py, px, px, cv2.BORDER_CONSTANT, value=color)


def crop_arrays(items, H=64, W=48):
    """(image, class, name) items -> RGB uint8 [N, H, W, 3] as the app cuts them: padded by its crop margin, shrunk"""
    xs = [cv2.cvtColor(cv2.resize(pad_crop(im), (W, H), interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2RGB)
          for im, _, _ in items]
    return np.stack(xs) if xs else np.zeros((0, H, W, 3), np.uint8)


def eval_arrays(split="val", H=64, W=48):
    items = load_real(split)
    return crop_arrays(items, H, W), np.array([c for _, c, _ in items], np.int64), [n for _, _, n in items]


def augment_real(im, rng, H=64, W=48):
    """heavy augmentation of one real crop -> RGB uint8 HxW: random table border, perspective, small rotation,
    180 degrees, blur, colour / white balance, noise, JPEG, box jitter"""
    h, w = im.shape[:2]
    m = rng.uniform(0.0, 0.16)
    col = tuple(int(c) for c in rng.integers(20, 200, 3))
    im = cv2.copyMakeBorder(im, int(m * h) + 2, int(m * h) + 2, int(m * w) + 2, int(m * w) + 2,
                            cv2.BORDER_CONSTANT, value=col)
    h, w = im.shape[:2]
    j = 0.07
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.uniform(-j, j, (4, 2)).astype(np.float32) * np.float32([w, h])
    ang = rng.normal(0, 4)
    M = cv2.getPerspectiveTransform(src, dst)
    R = np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), ang, 1.0), [0, 0, 1]])
    im = cv2.warpPerspective(im, (R @ M).astype(np.float64), (w, h), borderMode=cv2.BORDER_CONSTANT, borderValue=col)
    if rng.random() < 0.3:  # far shot: down then up
        s = rng.uniform(0.25, 0.6)
        im = cv2.resize(im, (max(8, int(w * s)), max(8, int(h * s))), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.4:
        im = cv2.GaussianBlur(im, (0, 0), rng.uniform(0.5, 2.0))
    x = cv2.resize(im, (W, H), interpolation=[cv2.INTER_AREA, cv2.INTER_LINEAR][rng.integers(2)]).astype(np.float32)
    x = x * rng.uniform(0.85, 1.15, 3) * rng.uniform(0.6, 1.25) + rng.uniform(-25, 25)
    g = x.mean(2, keepdims=True)
    x = g + (x - g) * rng.uniform(0.5, 1.4)
    x = x + rng.normal(0, rng.uniform(0, 8), x.shape)
    x = np.clip(x, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, enc = cv2.imencode(".jpg", x, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(20, 90))])
        x = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    if rng.random() < 0.5:
        x = x[::-1, ::-1]
    return cv2.cvtColor(np.ascontiguousarray(x), cv2.COLOR_BGR2RGB)


if __name__ == "__main__":
    for s in ("train", "val"):
        it = load_real(s)
        print(s, len(it), np.bincount([c for _, c, _ in it], minlength=38).tolist())
    hy = load_haitaks_honours("train")
    print("haitaks-yolo train honours", len(hy), np.bincount([c for _, c, _ in hy], minlength=38).tolist())
    h47 = load_haitaks_id47("train")
    print("haitaks-yolo train id 47 by eye", len(h47), np.bincount([c for _, c, _ in h47], minlength=38).tolist())
