"""Render a development set of table scenes with several rows, for choosing the hand row in src/vision (issues 13 and
20: "take one row, nearest the camera, most complete, never tiles of two rows") without touching the real photos.

    nice -n 10 /usr/bin/python3 training-notes/common/extract_art.py      # once: the extra art styles
    nice -n 10 /usr/bin/python3 training-notes/common/make_rows_dev_set.py             # 96 scenes, ~8 min, data/rowsdev
    nice -n 10 /usr/bin/python3 training-notes/common/make_rows_dev_set.py --far --n 24   # far shots, data/rowsdev-far
    npm run eval -- --only rows            # both folders (--rows DIR for another)

Each scene is the player's hand row (13-14 tiles, melds set apart at its right end, some with a called tile lying
sideways) on a table seen from the player's seat, with other things the localiser finds: 1-3 rows of the player's
discards lying flat in front of it (smaller, foreshortened, touching each other), an opponent's discards upside
down and an opponent's standing row (backs, or laid open upside down) further away, sometimes a side player's
column of tiles lying sideways at the left or right, and a reflection of the hand row on a shiny table. Some scenes
are far shots (hand tiles 35-80 px wide, median 51, against 52-128 px in the others; `--far` renders a separate set
where the hand row spans a quarter to a sixth of the photo, tiles about 15-35 px wide), some rolled 4-12 degrees (the phone held at a slant), some have the row's end tile cut by the photo's edge (clearly partial: 15-40%
of it in the photo, not in the true hand; or nearly whole: 80-95%, in it), and some are the whole scene turned 180
degrees (a row photographed from across the table: the hand at the top, upside down; its true hand is then listed
in the photo's left-to-right order; src/cli/evalRows.ts reverses it into the player's order, which the recogniser
gives when it finds the row upside down, src/vision/orientation.ts).

labels.json: {file: {"hand", "tiles": [{tile, box, sideways}], "others": [{box, kind}], "size", "style", "scene"}},
`tiles` the hand row's tiles (boxes on the tile's front surface, photo pixels, left to right in the photo), `others`
every other tile in view (kind: discard, opponent, side, reflection, cut), `scene` the features of the scene.
Seeds 700,000 + i (make_dev_set.py uses 500,000 + i, test images 101-108, training >= 10,000,000). Art: the
classifier's training styles (render.load_art without render.HELD_OUT), so what this set measures is the row choice,
not unseen art. The folder is gitignored; this command rebuilds it exactly.
"""
import argparse
import json
import math
import os
import sys

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import render  # noqa: E402
from make_dev_set import dev_hand  # noqa: E402
from make_test_images import hand_string  # noqa: E402


def random_tiles(rng, n, backs=False):
    if backs:
        return ["back"] * n
    return [render.CLASSES[int(rng.integers(37))] for _ in range(n)]


def flat(row, rng, squash):
    """A row of tiles lying flat, seen from the seat: foreshortened vertically."""
    img, tiles = row
    nh = max(4, int(img.shape[0] * squash))
    s = nh / img.shape[0]
    img = cv2.resize(img, (img.shape[1], nh), interpolation=cv2.INTER_AREA)
    for t in tiles:
        t["face_box"] = [t["face_box"][0], t["face_box"][1] * s, t["face_box"][2], t["face_box"][3] * s]
    return img, tiles


def turn180(row):
    img, tiles = row
    h, w = img.shape[:2]
    img = cv2.rotate(img, cv2.ROTATE_180)
    for t in tiles:
        x0, y0, x1, y1 = t["face_box"]
        t["face_box"] = [w - x1, h - y1, w - x0, h - y0]
    tiles.reverse()
    return img, tiles


def turn90(row):
    img, tiles = row
    h, w = img.shape[:2]
    img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    for t in tiles:
        x0, y0, x1, y1 = t["face_box"]
        t["face_box"] = [h - y1, x0, h - y0, x1]
    return img, tiles


def paste(canvas, boxes_out, row, x, y, kind):
    """Alpha-paste a BGRA row at (x, y) (may fall partly outside), record its tiles' face boxes."""
    img, tiles = row
    h, w = img.shape[:2]
    H, W = canvas.shape[:2]
    x, y = int(x), int(y)
    X0, Y0, X1, Y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if X1 <= X0 or Y1 <= Y0:
        return
    src = img[Y0 - y:Y1 - y, X0 - x:X1 - x].astype(np.float32)
    a = src[..., 3:4] / 255
    canvas[Y0:Y1, X0:X1] = canvas[Y0:Y1, X0:X1] * (1 - a) + src[..., :3] * a
    for t in tiles:
        fb = t["face_box"]
        boxes_out.append(dict(kind=kind, cls=t["cls"], sideways=t.get("sideways", False),
                              box=[fb[0] + x, fb[1] + y, fb[2] + x, fb[3] + y]))


def in_photo(box, w, h, share=0.9):
    """At least `share` of the box's area lies inside a w x h photo."""
    x0, y0, x1, y1 = box
    area = max(1e-6, (x1 - x0) * (y1 - y0))
    inside = max(0.0, min(x1, w) - max(x0, 0.0)) * max(0.0, min(y1, h) - max(y0, 0.0))
    return inside >= share * area


def scene(rng, assets, very_far=False):
    style = render.random_style(rng, assets)
    hand = dev_hand(rng)
    n = len(hand)
    tw = int(rng.uniform(56, 96))
    feats = []
    sideways, gaps = [False] * n, [0] * n
    if rng.random() < 0.5:  # a meld set apart at the right end, often with a called tile lying sideways
        k = 3 if rng.random() < 0.8 else 4
        gaps[n - k] = int(tw * rng.uniform(0.3, 2.0))
        if rng.random() < 0.7:
            sideways[n - k + int(rng.integers(0, k))] = True
        feats.append("meld")
    hand_row = render.compose_row(hand, style, rng, assets, tw, sideways, gaps, upside_down_prob=0.0)
    rh, rw = hand_row[0].shape[:2]
    far = rng.random() < 0.25 or very_far
    W = int(rw * (rng.uniform(4.0, 6.0) if very_far else rng.uniform(2.0, 3.0) if far else rng.uniform(1.15, 1.7)))
    H = int(W * 0.75)
    if far:
        feats.append("far")
    table = render.random_table(rng, H, W).astype(np.float32)
    if rng.random() < 0.3:  # shiny table: a broad sheen
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        cx, cy = rng.uniform(0, W), rng.uniform(0, H * 0.7)
        table += 90 * np.exp(-(((xx - cx) / (0.25 * W)) ** 2 + ((yy - cy) / (0.15 * H)) ** 2))[..., None]
        table = np.clip(table, 0, 255)
        feats.append("shiny")
    boxes = []
    hx = int((W - rw) * rng.uniform(0.2, 0.8))
    hy = int(H - rh - rh * rng.uniform(0.15, 1.0))
    top = hy  # everything else goes above the hand row (further from the camera)
    # the player's discards: 1-3 rows of 6 lying flat, touching, in front of the hand
    nd = int(rng.integers(0, 4))
    if nd:
        feats.append(f"discards{nd}")
        s = rng.uniform(0.75, 1.0)
        squash = rng.uniform(0.55, 0.8)
        y = hy - int(rh * rng.uniform(0.05, 1.2))
        for r in range(nd):
            cnt = 6 if r < nd - 1 else int(rng.integers(1, 7))
            sw = [False] * cnt
            if rng.random() < 0.2:
                sw[int(rng.integers(cnt))] = True
            row = flat(render.compose_row(random_tiles(rng, cnt), style, rng, assets, int(tw * s), sw, None, 0.0), rng, squash)
            y -= row[0].shape[0] - int(row[0].shape[0] * 0.08)
            paste(table, boxes, row, hx + rw / 2 - 3 * tw * s + rng.uniform(-0.5, 0.5) * tw, y, "discard")
        top = y
    # an opponent's discards, upside down, further away
    if rng.random() < 0.5:
        feats.append("opp-discards")
        s = rng.uniform(0.45, 0.65)
        y = top - int(rh * rng.uniform(0.6, 2.0))
        for r in range(int(rng.integers(1, 3))):
            row = turn180(flat(render.compose_row(random_tiles(rng, 6), style, rng, assets, int(tw * s), None, None, 0.0), rng, rng.uniform(0.5, 0.7)))
            y -= row[0].shape[0]
            paste(table, boxes, row, hx + rw / 2 - 3 * tw * s, y, "opponent")
        top = y
    # an opponent's standing row: backs, or laid open upside down
    if rng.random() < 0.5 and top > 0.15 * H:
        feats.append("opp-row")
        s = rng.uniform(0.35, 0.55)
        row = render.compose_row(random_tiles(rng, 13, backs=rng.random() < 0.5), style, rng, assets, int(tw * s), None, None, 0.0)
        row = turn180(row)
        y = top - row[0].shape[0] - int(rh * rng.uniform(0.2, 1.0))
        paste(table, boxes, row, (W - row[0].shape[1]) * rng.uniform(0.2, 0.8), max(2, y), "opponent")
    # a side player's tiles: a column of tiles lying sideways at the left or right
    if rng.random() < 0.35:
        feats.append("side")
        s = rng.uniform(0.5, 0.75)
        row = render.compose_row(random_tiles(rng, int(rng.integers(4, 10))), style, rng, assets, int(tw * s), None, None, 0.0)
        # seen from the seat, each tile's long side across the view, foreshortened (landscape boxes), or less obliquely
        row = flat(turn90(row), rng, rng.uniform(0.5, 0.75)) if rng.random() < 0.5 else turn90(flat(row, rng, 0.7))
        x = rng.uniform(0.0, 0.08) * W if rng.random() < 0.5 else W - row[0].shape[1] - rng.uniform(0.0, 0.08) * W
        paste(table, boxes, row, x, max(0, hy - row[0].shape[0] * rng.uniform(0.7, 1.1)), "side")
    # a reflection of the hand row on a shiny table, right under it
    if rng.random() < 0.2 and H - (hy + rh) > 0.5 * rh:
        feats.append("reflection")
        img, tiles = hand_row
        refl = cv2.flip(img, 0).astype(np.float32)
        refl[..., 3] *= rng.uniform(0.25, 0.45)
        refl = cv2.GaussianBlur(refl, (0, 0), 1.5)
        rt = [dict(cls=t["cls"], face_box=[t["face_box"][0], rh - t["face_box"][3], t["face_box"][2], rh - t["face_box"][1]]) for t in tiles]
        paste(table, boxes, (refl.astype(np.uint8), rt), hx, hy + rh, "reflection")
    paste(table, boxes, hand_row, hx, hy, "hand")
    img = table.astype(np.uint8)
    Hm = render._perspective(W, H, rng, strength=0.7)
    if rng.random() < 0.3:  # the phone held at a slant: the whole scene rolled
        ang = float(rng.uniform(4, 12) * rng.choice([-1, 1]))
        R = np.vstack([cv2.getRotationMatrix2D((W / 2, H / 2), ang, 1.0), [0, 0, 1]])
        Hm = R @ Hm
        feats.append("rolled")
    # outside the warped table, more table (not a reflection of the scene: that would show unlabelled tiles)
    img = cv2.warpPerspective(img, Hm, (W, H), borderMode=cv2.BORDER_CONSTANT)
    inside = cv2.warpPerspective(np.ones((H, W), np.uint8), Hm, (W, H), borderMode=cv2.BORDER_CONSTANT)
    img[inside == 0] = render.random_table(rng, H, W)[inside == 0]

    def warp(b):
        pts = np.float32([[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]])[None]
        q = cv2.perspectiveTransform(pts, Hm)[0]
        return [float(q[:, 0].min()), float(q[:, 1].min()), float(q[:, 0].max()), float(q[:, 1].max())]

    for b in boxes:
        b["box"] = warp(b["box"])
    out_w = int(rng.choice([1280, 1600, 2000]))
    s = out_w / W
    img = cv2.resize(img, (out_w, int(round(H * s))), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    for b in boxes:
        b["box"] = [v * s for v in b["box"]]
    # The perspective and the roll can carry the hand row out of the photo (far shots put it near the bottom edge):
    # such a draw labelled tiles that are not in the photo (boxes clipped to a sliver), so it is no scene; the caller
    # draws again from the same stream (before session 37 these scenes were kept: 5 of rowsdev-far's 24 had no hand
    # tile in view at all).
    ph, pw = img.shape[:2]
    for b in boxes:
        if b["kind"] == "hand" and not in_photo(b["box"], pw, ph):
            return None
    # the row's end tile cut by the photo's edge
    hand_boxes = [b for b in boxes if b["kind"] == "hand"]
    if rng.random() < 0.2:
        left = rng.random() < 0.5
        end = hand_boxes[0] if left else hand_boxes[-1]
        wb = end["box"][2] - end["box"][0]
        keep = rng.uniform(0.15, 0.4) if rng.random() < 0.5 else rng.uniform(0.8, 0.95)
        if left:
            x0 = int(math.ceil(end["box"][2] - keep * wb))
            img = img[:, x0:]
        else:
            x1 = int(end["box"][0] + keep * wb)
            img = img[:, :x1]
            x0 = 0
        kept = []
        for b in boxes:
            b["box"] = [b["box"][0] - x0, b["box"][1], b["box"][2] - x0, b["box"][3]]
            bx0, bx1 = max(0.0, b["box"][0]), min(float(img.shape[1]), b["box"][2])
            if bx1 - bx0 < 0.05 * (b["box"][2] - b["box"][0]):
                continue  # out of the photo
            partial = bx1 - bx0 < 0.6 * (b["box"][2] - b["box"][0])
            b["box"] = [bx0, b["box"][1], bx1, b["box"][3]]
            if partial and b["kind"] == "hand":
                b["kind"] = "cut"
            kept.append(b)
        boxes = kept
        feats.append(f"edge-{'partial' if keep < 0.5 else 'whole'}")
    img = render.photo_effects(img, rng, 0.7)
    if rng.random() < 0.2:
        feats.append("upside-down")
        h, w = img.shape[:2]
        img = cv2.rotate(img, cv2.ROTATE_180)
        for b in boxes:
            b["box"] = [w - b["box"][2], h - b["box"][3], w - b["box"][0], h - b["box"][1]]
    # clip to the photo
    h, w = img.shape[:2]
    for b in boxes:
        b["box"] = [round(min(max(v, 0), lim), 1) for v, lim in zip(b["box"], (w, h, w, h))]
    return img, boxes, feats, style


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=96)
    ap.add_argument("--out", default=None)
    ap.add_argument("--far", action="store_true",
                    help="far shots only: the hand row a fifth to a quarter of the photo's width (tiles 15-35 px wide), "
                         "seeds 800,000 + i, default --out data/rowsdev-far")
    ap.add_argument("--seed", type=int, default=None,
                    help="first seed (default 700,000, or 800,000 with --far): another gives fresh scenes")
    args = ap.parse_args()
    args.out = args.out or os.path.join(HERE, "data", "rowsdev-far" if args.far else "rowsdev")
    os.makedirs(args.out, exist_ok=True)
    assets = render.load_assets(with_backgrounds=False)
    render.load_art(assets, exclude=render.HELD_OUT)
    labels = {}
    for i in range(args.n):
        rng = np.random.default_rng((args.seed if args.seed is not None else 800_000 if args.far else 700_000) + i)
        drawn = None
        while drawn is None:  # a draw with the hand row out of the photo is drawn again from the same stream
            drawn = scene(rng, assets, very_far=args.far)
        img, boxes, feats, style = drawn
        hand = sorted([b for b in boxes if b["kind"] == "hand"], key=lambda b: b["box"][0] + b["box"][2])
        name = f"rows{i:03d}.jpg"
        cv2.imwrite(os.path.join(args.out, name), img, [cv2.IMWRITE_JPEG_QUALITY, 88])
        labels[name] = {
            "hand": hand_string([b["cls"] for b in hand]),
            "tiles": [{"tile": b["cls"], "box": b["box"], "sideways": b["sideways"]} for b in hand],
            "others": [{"box": b["box"], "kind": b["kind"]} for b in boxes if b["kind"] != "hand"],
            "size": [img.shape[1], img.shape[0]],
            "style": style["src"],
            "scene": feats,
        }
        print(name, len(hand), " ".join(feats), flush=True)
    with open(os.path.join(args.out, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1)
        f.write("\n")
    print(f"wrote {args.n} scenes to {args.out}")


if __name__ == "__main__":
    main()
