"""Render the project's own test photos: test-images/*.jpg + test-images/labels.json.

    /usr/bin/python3 training-notes/common/make_test_images.py

Each entry: {file: {"hand": "<tiles left to right, e.g. 234m067p...>", "tiles": [{"tile", "box": [x0,y0,x1,y1],
"sideways"}], "size": [w, h], "style": "..."}}. Boxes are in image pixels, around the whole visible tile (face and
thickness band). Seeds are fixed: the same command rebuilds the same images. These renders use seeds and hands that
the training data generator (gen_data.py, seeds >= 10,000,000) never uses.
"""
import json
import os
import sys

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import render  # noqa: E402

OUT = os.path.normpath(os.path.join(HERE, "..", "..", "test-images"))


def hand_string(tiles):
    """Left-to-right hand in the engine's compact notation, keeping the order: consecutive tiles of one suit share
    the suit letter ('2m3m4m0p6p' -> '234m06p')."""
    out, run, suit = [], "", None
    for t in tiles:
        if t == "back":
            raise ValueError("backs have no tile code")
        if t[1] != suit and run:
            out.append(run + suit)
            run = ""
        suit = t[1]
        run += t[0]
    if run:
        out.append(run + suit)
    return "".join(out)


def T(s):
    """'234m067p' -> ['2m','3m','4m','0p','6p','7p']"""
    tiles, digits = [], ""
    for ch in s:
        if ch.isdigit():
            digits += ch
        else:
            tiles += [d + ch for d in digits]
            digits = ""
    return tiles


# (file, hand, output width, seed, melds) — winning hands (14) and waiting hands (13)
CASES = [
    ("hand01_tanyao_red5.jpg", T("234m067p345s678m22p"), 1600, 101, False),
    ("hand02_chiitoitsu.jpg", T("11m44p77s22z55z66z99s"), 1280, 102, False),
    ("hand03_kokushi.jpg", T("19m19p19s12345677z"), 1280, 103, False),
    ("hand04_honitsu.jpg", T("111z234m555m678m99m"), 1600, 104, False),
    ("hand05_tenpai13.jpg", T("123456789m11p46s"), 1024, 105, False),
    ("hand06_pinfu.jpg", T("234p456p789s0s67s33m"), 1280, 106, False),
    ("hand07_meld.jpg", T("345m678p22s456s777z"), 1600, 107, True),
    ("hand08_sanshoku.jpg", T("123m123p123s567s55z"), 1280, 108, False),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    assets = render.load_assets()
    labels = {}
    for name, hand, out_w, seed, melds in CASES:
        rng = np.random.default_rng(seed)
        style = render.random_style(rng, assets)
        style["band_frac"] = max(style["band_frac"], 0.12)
        tile_px = out_w * rng.uniform(0.75, 0.9) / len(hand)
        p = render.render_hand_photo(rng, assets, classes=hand, tile_px=int(tile_px), style=style, melds=melds,
                                     aspect=0.75, effects_strength=0.6, meld_prob=1.0,
                                     upside_down_prob=0.0, pad=0.4)
        img = cv2.resize(p["image"], (out_w, int(round(out_w * 0.75))), interpolation=cv2.INTER_AREA)
        sx, sy = img.shape[1] / p["image"].shape[1], img.shape[0] / p["image"].shape[0]
        cv2.imwrite(os.path.join(OUT, name), img, [cv2.IMWRITE_JPEG_QUALITY, 85])
        labels[name] = {
            "hand": hand_string(hand),
            "tiles": [{"tile": t["cls"], "box": [round(t["box"][0] * sx, 1), round(t["box"][1] * sy, 1),
                                                 round(t["box"][2] * sx, 1), round(t["box"][3] * sy, 1)],
                       "sideways": t["sideways"]} for t in p["tiles"]],
            "size": [img.shape[1], img.shape[0]],
            "style": style["src"] + ("+procedural" if style["procedural"] else ""),
        }
        print(name, labels[name]["hand"], img.shape)
    with open(os.path.join(OUT, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
