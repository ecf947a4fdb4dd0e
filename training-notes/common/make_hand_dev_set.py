"""Render a development set of winning (or one-away) hands, for choosing the joint reading of the row and the set
learning in src/vision without touching the real validation photos.

    /usr/bin/python3 training-notes/common/make_hand_dev_set.py [--sets 10] [--per-set 6] [--out training-notes/common/data/handdev]
    npm run eval -- --only dev --dev training-notes/common/data/handdev
    # the classifier's held-out art styles (render.HELD_OUT, one per set in turn; run extract_art.py first):
    /usr/bin/python3 training-notes/common/make_hand_dev_set.py --sets 12 --per-set 5 --seed 900000 --heldout-art \
        --out training-notes/common/data/handdev-heldout-art
    # Japanese riichi art from an npm package, which neither model saw (render.NPM_HELD_OUT; npm_art.mjs first):
    /usr/bin/python3 training-notes/common/make_hand_dev_set.py --sets 12 --per-set 5 --seed 940000 --heldout-art --npm-art \
        --out training-notes/common/data/handdev-heldout-npm
    # the two glyph fonts' drawings (extract_art.py glyphs; session 25), which neither committed model saw:
    /usr/bin/python3 training-notes/common/make_hand_dev_set.py --sets 12 --per-set 5 --seed 960000 --heldout-art --glyph-art \
        --out training-notes/common/data/handdev-heldout-glyphs
    # held-out styles (fonts the committed classifier never saw):
    /usr/bin/python3 training-notes/common/make_hand_dev_set.py --sets 4 --per-set 6 --seed 800000 \
        --fonts /usr/share/fonts/truetype/kouzan-mouhitsu/KouzanBrushFontSousyo.ttf,/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc \
        --out training-notes/common/data/handdev-heldout

Unlike make_dev_set.py (random multisets of tiles), every hand here is a legal closed hand: 4 sets and a pair, seven
pairs (8%) or thirteen orphans (5%), at most 4 of a kind and one red five per suit; in 30% of photos one tile is left
out (13 tiles, one from complete). Tiles are sorted as a player sorts them. K photos in a row share one tile set
(one style, labelled set<N>), so that learning a set from one photo can be measured on the others. Seeds 700,000 + i
(the dev set uses 500,000 + i, test images 101-108, training >= 10,000,000). The folder is gitignored; this command
rebuilds it exactly.
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

SUIT_ORDER = {"m": 0, "p": 1, "s": 2, "z": 3}
ORPHANS = [f"{n}{s}" for s in "mps" for n in (1, 9)] + [f"{n}z" for n in range(1, 8)]


def kind(t):
    return ("5" + t[1]) if t[0] == "0" else t


def complete_hand(rng):
    r = rng.random()
    if r < 0.05:
        hand = ORPHANS + [ORPHANS[int(rng.integers(len(ORPHANS)))]]
    elif r < 0.13:
        kinds = rng.choice([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)], 7, replace=False)
        hand = [k for k in kinds for _ in range(2)]
    else:
        while True:
            counts, hand = {}, []
            for _ in range(4):
                if rng.random() < 0.65:
                    s, a = "mps"[int(rng.integers(3))], int(rng.integers(1, 8))
                    tiles = [f"{a + d}{s}" for d in range(3)]
                else:
                    s = "mpsz"[int(rng.integers(4))]
                    tiles = [f"{int(rng.integers(1, 8 if s == 'z' else 10))}{s}"] * 3
                hand += tiles
            s = "mpsz"[int(rng.integers(4))]
            hand += [f"{int(rng.integers(1, 8 if s == 'z' else 10))}{s}"] * 2
            for t in hand:
                counts[t] = counts.get(t, 0) + 1
            if max(counts.values()) <= 4:
                break
    for s in "mps":  # one red five per suit, in half the hands holding a five of that suit
        fives = [i for i, t in enumerate(hand) if t == f"5{s}"]
        if fives and rng.random() < 0.5:
            hand[fives[int(rng.integers(len(fives)))]] = f"0{s}"
    if rng.random() < 0.3:
        hand.pop(int(rng.integers(len(hand))))
    return sorted(hand, key=lambda t: (SUIT_ORDER[t[1]], int(kind(t)[0]), t[0] == "0"))


def arrange_as_players_do(hand, rng):
    """--arrange mixed: a row as players leave it, not always m-p-s-z. A random suit order (honours last in 80% of
    rows, first in the rest), honours in wind-dragon order in 70% (else their kinds in a random order, alike tiles
    together), a red five before or after its plain fives; in 40% of 14-tile rows one tile moved to the end (the
    winning tile, drawn last), and 15% of rows not sorted at all."""
    if rng.random() < 0.15:
        return [hand[j] for j in rng.permutation(len(hand))]
    suits = list(rng.permutation(list("mps")))
    suits = suits + ["z"] if rng.random() < 0.8 else ["z"] + suits
    z_rank = {f"{n}z": n for n in range(1, 8)}
    if rng.random() >= 0.7:
        z_rank = {f"{n}z": int(r) for n, r in zip(range(1, 8), rng.permutation(7))}
    red_first = {s: bool(rng.random() < 0.5) for s in "mps"}
    def key(t):
        if t[1] == "z":
            return (suits.index("z"), z_rank[t], 0)
        return (suits.index(t[1]), int(kind(t)[0]), (t[0] == "0") != red_first[t[1]])
    row = sorted(hand, key=key)
    if len(row) == 14 and rng.random() < 0.4:
        row.append(row.pop(int(rng.integers(len(row)))))
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", type=int, default=10)
    ap.add_argument("--per-set", type=int, default=6)
    ap.add_argument("--out", default=os.path.join(HERE, "data", "handdev"))
    ap.add_argument("--fonts", default="",
                    help="comma-separated font files: each set draws its characters, winds and dragons with one of them "
                         "(in turn) and its pins and sou procedurally; with fonts the classifier never saw (e.g. the "
                         "brush font of fonts-kouzan-mouhitsu) these are held-out styles")
    ap.add_argument("--seed", type=int, default=700_000)
    ap.add_argument("--heldout-art", action="store_true",
                    help="draw each set in one of the classifier's held-out art styles (render.HELD_OUT, in turn; needs "
                         "extract_art.py's data/art): winning hands of art the classifier never saw")
    ap.add_argument("--npm-art", action="store_true",
                    help="with --heldout-art: the held-out styles from npm packages instead (render.NPM_HELD_OUT; needs "
                         "npm_art.mjs and extract_art.py npm): winning hands of Japanese riichi art neither model saw")
    ap.add_argument("--glyph-art", action="store_true",
                    help="with --heldout-art: the two glyph fonts' drawings instead (render.GLYPH_STYLES; needs extract_art.py "
                         "glyphs): winning hands of art neither committed model saw (session 25)")
    ap.add_argument("--arrange", choices=["sorted", "mixed"], default="sorted",
                    help="sorted: every row m-p-s-z, as before (the default: the same files as without this option); mixed: "
                         "rows as players leave them (arrange_as_players_do), for the row-order prior of src/vision")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    assets = render.load_assets()
    held_out = render.HELD_OUT
    if args.heldout_art:
        render.load_art(assets)
        if args.npm_art:
            held_out = render.load_npm_art(assets)
        if args.glyph_art:
            held_out = render.load_glyph_art(assets)
    labels = {}
    for i in range(args.sets * args.per_set):
        rng = np.random.default_rng(args.seed + i)
        hand = complete_hand(rng)
        if args.arrange == "mixed":  # its own generator, so the photo's other draws stay as in the sorted folders
            hand = arrange_as_players_do(hand, np.random.default_rng(args.seed + 333_000 + i))
        out_w = int(rng.choice([1024, 1280, 1600, 2000]))
        if args.heldout_art:
            assets.only = held_out[(i // args.per_set) % len(held_out)]
        style = render.random_style(np.random.default_rng(args.seed + 250_000 + i // args.per_set), assets)
        fonts = [f for f in args.fonts.split(",") if f]
        if fonts:
            style.update(src="font", font=fonts[(i // args.per_set) % len(fonts)], procedural=False)
        tile_px = out_w * rng.uniform(0.3, 0.85) / len(hand)
        p = render.render_hand_photo(rng, assets, classes=hand, tile_px=int(tile_px), style=style, melds=False,
                                     aspect=0.75, effects_strength=1.0, pad=float(rng.uniform(0.4, 1.5)))
        img = cv2.resize(p["image"], (out_w, int(round(out_w * 0.75))), interpolation=cv2.INTER_AREA)
        sx, sy = img.shape[1] / p["image"].shape[1], img.shape[0] / p["image"].shape[0]
        name = f"hand{i:03d}.jpg"
        cv2.imwrite(os.path.join(args.out, name), img, [cv2.IMWRITE_JPEG_QUALITY, 85])
        labels[name] = {
            "hand": hand_string([t["cls"] for t in p["tiles"]]),
            "tiles": [{"tile": t["cls"], "box": [round(v * s, 1) for v, s in zip(t["box"], (sx, sy, sx, sy))],
                       "sideways": t["sideways"]} for t in p["tiles"]],
            "size": [img.shape[1], img.shape[0]],
            "style": f"set{i // args.per_set} " + (assets.only if args.heldout_art else os.path.basename(style["font"]) if style["src"] == "font" and style.get("font") else style["src"]) + ("+procedural" if style.get("procedural") else ""),
        }
    with open(os.path.join(args.out, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1)
        f.write("\n")
    print(f"wrote {len(labels)} photos to {args.out}")


if __name__ == "__main__":
    main()
