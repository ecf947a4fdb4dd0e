"""Render whole hand photos of the held-out styles (render.HELD_OUT) with their true tile boxes, for `npm run eval`
(src/cli/evalCrops.ts reads them and classifies the true boxes through the app's own crop code and the ONNX model).

    nice -n 10 /usr/bin/python3 training-notes/classifier/make_heldout_photos.py   # ~2 min on a quiet 2-core CPU

Writes training-notes/classifier/data/heldout_photos/<style>/NNN.png + labels.json ({file: {tiles: [{tile, box}]}})
(gitignored). Seeds 41.. (one per style), 30 photos per style.
"""
import json
import os
import sys

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "common"))
import render  # noqa: E402
from gen_data import boosted_hand  # noqa: E402

# [N] [--seed BASE] [--out DIR]: N photos per style (30), seeds (BASE + k) * 1,000,000 + i (BASE 41: the committed
# development set), written under DIR (data/heldout_photos); another BASE gives fresh renders never measured before
argv = sys.argv[1:]
opt = lambda name, default: argv[argv.index(name) + 1] if name in argv else default  # noqa: E731
N = int(argv[0]) if argv and not argv[0].startswith("--") else 30
BASE = int(opt("--seed", 41))
# --npm-art: the held-out styles from npm packages (render.NPM_HELD_OUT: common/npm_art.mjs, then extract_art.py npm)
# instead of render.HELD_OUT, seeds numbered on after them (BASE + 4 + k), into data/heldout_npm by default: a folder
# of its own, so that every figure over the four round-5 styles (means, development halves) stays as it was
NPM_ART = "--npm-art" in argv
# --glyph-art (session 25): the two glyph fonts' drawings (render.GLYPH_STYLES: extract_art.py glyphs), which neither
# committed model trained on, seeds numbered on after the npm style (BASE + 5 + k), into data/heldout_glyphs
GLYPH_ART = "--glyph-art" in argv
OUT = opt("--out", os.path.join(HERE, "data", "heldout_npm" if NPM_ART else "heldout_glyphs" if GLYPH_ART else "heldout_photos"))
# --faces-turned: every face painted upside down on its unturned body, no tile turned whole (a row photographed from
# across the table as a real one looks: the band still at the bottom); the labels list the tiles in the photo's order
FACES_TURNED = "--faces-turned" in argv
assets = render.load_assets()
render.load_art(assets)
render.FACES_TURNED = FACES_TURNED
styles, first = render.HELD_OUT, 0
if NPM_ART:
    styles, first = render.load_npm_art(assets), len(render.HELD_OUT)
if GLYPH_ART:
    styles, first = render.load_glyph_art(assets), len(render.HELD_OUT) + len(render.NPM_HELD_OUT)
for k, st in enumerate(styles, start=first):
    assets.only = st
    d = os.path.join(OUT, st.replace(":", "_"))
    os.makedirs(d, exist_ok=True)
    labels = {}
    for i in range(N):
        rng = np.random.default_rng((BASE + k) * 1_000_000 + i)
        hand = boosted_hand(rng)
        p = render.render_hand_photo(rng, assets, classes=hand, tile_px=int(rng.uniform(40, 120)), pad=0.4,
                                     photo_bg=True, upside_down_prob=0.0 if FACES_TURNED else 0.15)
        name = f"{i:03d}.png"
        cv2.imwrite(os.path.join(d, name), p["image"])
        labels[name] = {"tiles": [{"tile": t["cls"], "box": [round(float(v), 1) for v in t["box"]]} for t in p["tiles"]]}
    json.dump(labels, open(os.path.join(d, "labels.json"), "w"))
    print(d, N, "photos", sum(len(v["tiles"]) for v in labels.values()), "tiles", flush=True)
