"""Render several photos of ONE physical tile set per held-out style (render.HELD_OUT), for measuring set learning
(issue 20) the way a player meets it: the same tiles (art, ink, face and back colours, red-five painting, stroke,
face placement) photographed again with other hands, tables, light and viewpoint. make_heldout_photos.py instead
draws a new set of the same art for every photo, which is harder than the real case.

    nice -n 10 /usr/bin/python3 training-notes/classifier/make_set_photos.py   # ~1 min on a quiet 2-core CPU

Writes training-notes/classifier/data/set_photos/<style>_set<k>/NNN.png + labels.json (the layout of
make_heldout_photos.py; gitignored). Seeds 51.. ; 3 sets per style, 10 photos per set.
With --npm-art: the held-out styles from npm packages (render.NPM_HELD_OUT) into data/set_photos_npm/, seeds numbered
on after the round-5 styles (51 + 4 + k), so that the set_photos figures stay as they were.
With --glyph-art: the two glyph fonts' drawings (render.GLYPH_STYLES) into data/set_photos_glyphs/, seeds 51 + 5 + k.
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

SETS, PHOTOS = 3, 10
VIEW_KEYS = ("band_pos", "band_frac", "back_frac", "squash")  # how the camera sees the set, not the set itself
NPM_ART = "--npm-art" in sys.argv[1:]
GLYPH_ART = "--glyph-art" in sys.argv[1:]  # session 25: the two glyph fonts (extract_art.py glyphs), data/set_photos_glyphs
assets = render.load_assets()
render.load_art(assets)
styles, first, folder = render.HELD_OUT, 0, "set_photos"
if NPM_ART:
    styles, first, folder = render.load_npm_art(assets), len(render.HELD_OUT), "set_photos_npm"
if GLYPH_ART:
    styles, first, folder = render.load_glyph_art(assets), len(render.HELD_OUT) + len(render.NPM_HELD_OUT), "set_photos_glyphs"
for k, st in enumerate(styles, start=first):
    assets.only = st
    for s in range(SETS):
        set_style = render.random_style(np.random.default_rng((51 + k) * 1_000_000 + s * 1000), assets)
        d = os.path.join(HERE, "data", folder, f"{st.replace(':', '_')}_set{s}")
        os.makedirs(d, exist_ok=True)
        labels = {}
        for i in range(PHOTOS):
            rng = np.random.default_rng((51 + k) * 1_000_000 + s * 1000 + 1 + i)
            view = render.random_style(np.random.default_rng(rng.integers(1 << 62)), assets)
            style = dict(set_style, **{key: view[key] for key in VIEW_KEYS})
            hand = boosted_hand(rng)
            p = render.render_hand_photo(rng, assets, classes=hand, tile_px=int(rng.uniform(40, 120)), pad=0.4,
                                         photo_bg=True, style=style)
            name = f"{i:03d}.png"
            cv2.imwrite(os.path.join(d, name), p["image"])
            labels[name] = {"tiles": [{"tile": t["cls"], "box": [round(float(v), 1) for v in t["box"]]}
                                      for t in p["tiles"]]}
        json.dump(labels, open(os.path.join(d, "labels.json"), "w"))
        print(d, PHOTOS, "photos", sum(len(v["tiles"]) for v in labels.values()), "tiles", flush=True)
