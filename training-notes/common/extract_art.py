"""Extract per-tile face art for the 38 classes from Debian packages into a gitignored cache.

    apt-get install -y kdegames-mahjongg-data-kf5 gnome-mahjongg xmahjongg librsvg2-bin fonts-symbola \
        python3-opencv python3-pil
    nice -n 10 /usr/bin/python3 training-notes/common/extract_art.py      # ~1 min, writes training-notes/common/data/art/

Output: data/art/<style>/<cls>.png (RGBA; either a transparent face overlay ("overlay" styles) or a complete tile
with its body ("full" styles)), plus data/art/<style>/kind.txt ("overlay" or "full") and data/art/sheet_<style>.png
contact sheets for checking the class map by eye. Only riichi classes are written: flowers and seasons are skipped
(written to <style>/notile_*.png as "not a tile" examples). Red fives do not exist in these sets (render.py paints
them). A style that lacks a class (e.g. no back) simply has no file for it.
"""
import glob
import gzip
import os
import subprocess
import sys
import tempfile

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "data", "art")

# ---------------------------------------------------------------------------------------------------- kmahjongg
# element ids (see each .desktop and the SVG): CHARACTER_n = man, ROD_n = pin (circles), BAMBOO_n = sou,
# WIND_1..4 = N S E W, DRAGON_1..3 = White Green Red (checked by eye on the contact sheets), TILE_1 = tile body
KM_SETS = ["default", "classic", "traditional", "jade"]  # egypt and alphabet are not mahjong art (left out)


def km_ids():
    m = {}
    for i in range(1, 10):
        m[f"{i}m"] = f"CHARACTER_{i}"
        m[f"{i}p"] = f"ROD_{i}"
        m[f"{i}s"] = f"BAMBOO_{i}"
    m.update({"1z": "WIND_3", "2z": "WIND_2", "3z": "WIND_4", "4z": "WIND_1"})  # WIND_1 = North (by eye)
    m.update(KM_DRAGON)
    return m


KM_DRAGON = {"5z": "DRAGON_1", "6z": "DRAGON_2", "7z": "DRAGON_3"}  # verified on the contact sheets


def rsvg(svg_path, elem_id, height):
    with tempfile.NamedTemporaryFile(suffix=".png") as f:
        r = subprocess.run(["rsvg-convert", "-i", elem_id, "-h", str(height), svg_path, "-o", f.name],
                           capture_output=True)
        if r.returncode != 0:
            return None
        return alpha_crop(cv2.imread(f.name, cv2.IMREAD_UNCHANGED))


def alpha_crop(im, thr=8):
    """crop an RGBA image to the bounding box of its visible pixels"""
    if im is None or im.ndim < 3 or im.shape[2] < 4:
        return im
    ys, xs = np.nonzero(im[..., 3] > thr)
    if len(ys) == 0:
        return im
    return im[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def extract_kmahjongg():
    for name in KM_SETS:
        src = f"/usr/share/kmahjongglib/tilesets/{name}.svgz"
        if not os.path.exists(src):
            continue
        with tempfile.TemporaryDirectory() as td:
            svg = os.path.join(td, name + ".svg")
            with gzip.open(src) as fi, open(svg, "wb") as fo:
                fo.write(fi.read())
            d = os.path.join(OUT, "km_" + name)
            os.makedirs(d, exist_ok=True)
            open(os.path.join(d, "kind.txt"), "w").write("overlay\n")
            for cls, eid in km_ids().items():
                im = rsvg(svg, eid, 256)
                if im is None:
                    print("missing", name, eid)
                    continue
                cv2.imwrite(os.path.join(d, cls + ".png"), im)
            for k in range(1, 5):
                for kind in ("FLOWER", "SEASON"):
                    im = rsvg(svg, f"{kind}_{k}", 256)
                    if im is not None:
                        cv2.imwrite(os.path.join(d, f"notile_{kind.lower()}{k}.png"), im)
            body = rsvg(svg, "TILE_1", 256)
            if body is not None:
                cv2.imwrite(os.path.join(d, "body.png"), body)


# ---------------------------------------------------------------------------------------------- full-tile sheets
# xmahjongg (dorothys, dorwhite, gnome, gnome2: 21 x 4 cells, the lower two rows are the "selected" colours) and
# gnome-mahjongg (smooth, edu_kang_xi, postmodern: 43 x 2 cells) share one tile order:
SHEET_ORDER = ([f"{i}p" for i in range(1, 10)] + ["4z", "3z", "2z", "1z", "7z", "6z"] + [f"{i}m" for i in range(1, 10)]
               + [f"{i}s" for i in range(1, 10)] + ["notile_season1", "notile_season2", "notile_season3",
                                                  "notile_season4", "5z", "notile_flower1", "notile_flower2",
                                                  "notile_flower3", "notile_flower4", "notile_blank"])  # 43rd: a blank front, not a back
# xmahjongg real.gif: 9 x 5 cells of a photographed set (Mark Sanctuary 1999)
REAL_ORDER = ([f"{i}p" for i in range(1, 10)] + [f"{i}s" for i in range(1, 10)] + [f"{i}m" for i in range(1, 10)]
              + ["notile_season1", "notile_season2", "notile_season3", "notile_season4", "4z", "2z", "1z", "3z", None]
              + ["notile_flower1", "notile_flower2", "notile_flower3", "notile_flower4", "6z", "5z", "7z", None, None])
# (sheet file, cols, rows used, face rect inside a cell as fractions x0,y0,x1,y1: the front without the 3D sides)
XM_SHEETS = {"dorothys": (21, 2, (0.05, 0.04, 0.77, 0.78)), "dorwhite": (21, 2, (0.05, 0.04, 0.77, 0.78)),
             "gnome": (21, 2, (0.14, 0.05, 0.88, 0.88)), "gnome2": (21, 2, (0.14, 0.05, 0.88, 0.88))}
GN_SHEETS = {"smooth": (43, 1, (0.06, 0.04, 0.92, 0.85)),  # edu_kang_xi is Kangxi radicals, not mahjong art
             "postmodern": (43, 1, (0.05, 0.04, 0.93, 0.86))}


def face_from_full(bgr, border=0.06):
    """complete tile front (body + ink) -> transparent ink overlay: body colour = median of the outer ring,
    alpha = colour distance from the body, ink colour un-mixed from the body."""
    h, w = bgr.shape[:2]
    f = bgr.astype(np.float32)
    bw, bh = max(1, int(w * border)), max(1, int(h * border))
    ring = np.concatenate([f[:bh].reshape(-1, 3), f[-bh:].reshape(-1, 3), f[:, :bw].reshape(-1, 3),
                           f[:, -bw:].reshape(-1, 3)])
    body = np.median(ring, 0)
    dist = np.abs(f - body).max(2)
    a = np.clip((dist - 28) / 70.0, 0, 1)
    a[:bh // 2 + 1] = 0
    a[-(bh // 2 + 1):] = 0
    a[:, :bw // 2 + 1] = 0
    a[:, -(bw // 2 + 1):] = 0
    am = np.maximum(a, 1e-3)[..., None]
    ink = np.clip((f - (1 - am) * body) / am, 0, 255)
    return np.concatenate([ink, a[..., None] * 255], 2).astype(np.uint8)


def cut_sheet(img, cols, rows, order, rect, name, scale=4):
    H0, W0 = img.shape[:2]
    ch, cw = H0 / (len(order) // cols if rows is None else rows), W0 / cols
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "kind.txt"), "w").write("full\n")
    for k, cls in enumerate(order):
        if cls is None:
            continue
        r, c = divmod(k, cols)
        x0, y0 = c * cw, r * ch
        fx0, fy0, fx1, fy1 = rect
        cell = img[int(round(y0 + fy0 * ch)):int(round(y0 + fy1 * ch)), int(round(x0 + fx0 * cw)):int(round(x0 + fx1 * cw))]
        if cell.shape[2] == 4:
            cell = cell[..., :3]
        cell = cv2.resize(cell, (cell.shape[1] * scale, cell.shape[0] * scale), interpolation=cv2.INTER_CUBIC)
        cv2.imwrite(os.path.join(d, cls + ".png"), face_from_full(cell) if cls != "back" else
                    cv2.cvtColor(cell, cv2.COLOR_BGR2BGRA))
        cv2.imwrite(os.path.join(d, "full_" + cls + ".png"), cell)


def _read_any(path):
    from PIL import Image
    im = Image.open(path).convert("RGB")
    return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)


def extract_xmahjongg():
    base = "/usr/share/games/xmahjongg/tiles/"
    for name, (cols, rows, rect) in XM_SHEETS.items():
        if os.path.exists(base + name + ".gif"):
            img = _read_any(base + name + ".gif")
            order = SHEET_ORDER[:42]
            if name == "gnome2":  # gnome2 puts the bamboo first and the circles in the bamboo's place (by eye)
                order = [c.replace("p", "S").replace("s", "p").replace("S", "s") if c and c[-1] in "ps" and
                         len(c) == 2 else c for c in order]
            cut_sheet(img[: img.shape[0] // 2], cols, 2, order, rect, "xm_" + name, scale=3)
    if os.path.exists(base + "real.gif"):
        img = _read_any(base + "real.gif")
        cut_sheet(img, 9, 5, REAL_ORDER, (0.04, 0.04, 0.96, 0.96), "xm_real", scale=3)


def extract_gnome():
    base = "/usr/share/gnome-mahjongg/themes/"
    for name, (cols, rows, rect) in GN_SHEETS.items():
        p = base + name + (".svg" if name == "postmodern" else ".png")
        if not os.path.exists(p):
            continue
        if p.endswith(".svg"):
            with tempfile.NamedTemporaryFile(suffix=".png") as f:
                subprocess.run(["rsvg-convert", "-w", str(43 * 128), p, "-o", f.name], check=True)
                img = cv2.imread(f.name, cv2.IMREAD_UNCHANGED)
        else:
            img = cv2.imread(p, cv2.IMREAD_UNCHANGED)
        if img.shape[2] == 4:  # transparent outside the tile: composite on grey
            a = img[..., 3:4].astype(np.float32) / 255
            img = (img[..., :3] * a + 128 * (1 - a)).astype(np.uint8)
        img = img[: img.shape[0] // 2]
        cut_sheet(img, cols, 1, SHEET_ORDER, rect, "gn_" + name, scale=1 if name == "postmodern" else 2)


# ---------------------------------------------------------------------------------------------------- Symbola
# The Unicode Mahjong Tiles block, U+1F000 onwards, in our class names: riichi tiles up to U+1F021, then flowers,
# seasons and a joker (written as "not a tile" examples), and a back (U+1F02B, a striped glyph; load_art skips it).
MAHJONG_BLOCK = (["1z", "2z", "3z", "4z", "7z", "6z", "5z"] + [f"{i}m" for i in range(1, 10)]
                 + [f"{i}s" for i in range(1, 10)] + [f"{i}p" for i in range(1, 10)]
                 + [f"notile_flower{i}" for i in range(1, 5)] + [f"notile_season{i}" for i in range(1, 5)]
                 + ["notile_joker", "notile_back"])
SYM_FONT = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"


def extract_symbola():
    from PIL import Image, ImageDraw, ImageFont
    if not os.path.exists(SYM_FONT):
        return
    font = ImageFont.truetype(SYM_FONT, 300)
    d = os.path.join(OUT, "sym_symbola")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "kind.txt"), "w").write("overlay\n")
    for k, cls in enumerate(MAHJONG_BLOCK):
        img = Image.new("L", (420, 420), 0)
        ImageDraw.Draw(img).text((40, 20), chr(0x1F000 + k), fill=255, font=font)
        a = np.asarray(img)
        ys, xs = np.nonzero(a > 8)
        if len(ys) == 0:
            continue
        a = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        # Symbola draws the tile outline too: drop the outer 7% (the outline) so the face is an overlay
        h, w = a.shape
        a = a[int(h * 0.07):int(h * 0.93), int(w * 0.08):int(w * 0.92)]
        rgba = np.zeros(a.shape + (4,), np.uint8)
        rgba[..., 3] = a
        cv2.imwrite(os.path.join(d, cls + ".png"), rgba)


# ---------------------------------------------------------------------------------------------- more glyph fonts
# Round 18 (session 25): two more fonts installed here draw the Unicode Mahjong Tiles block, each its own drawing of
# the pins, the bamboo and the 1-sou bird (FreeSerif: flower circles, plain bars, a perched bird; HanaMinA: rings,
# I-beam sticks, a peacock). Written to data/art-glyphs, apart from data/art, so that every earlier pool renders as
# before; gen_data.py --only glyphs draws them (render.GLYPH_ART_DIR).
GLYPH_OUT = os.path.join(HERE, "data", "art-glyphs")
GLYPH_FONTS = {"sym_freeserif": "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",      # fonts-freefont-ttf
               "sym_hanamin": "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf"}         # fonts-hanazono
# ink as riichi sets paint it (BGR): bamboo green, circles blue, characters' numeral dark over a red 萬, red and green
# dragons; render.py's recolouring still maps all but red to one dark ink for a share of sets
GLYPH_INK = {"dark": (0.12, 0.1, 0.1), "red": (0.15, 0.12, 0.75), "green": (0.25, 0.5, 0.1), "blue": (0.55, 0.25, 0.1)}


def _glyph_outline(a):
    """The tile outline a font draws around every tile glyph: the ink of its White dragon glyph (U+1F006, `a`) that
    touches that glyph's box (FreeSerif's frame inside is the dragon itself), and its width at mid-height."""
    ink = (a > 8).astype(np.uint8)
    n, lab = cv2.connectedComponents(ink)
    ys, xs = np.nonzero(ink)
    y0, y1, x0, x1 = ys.min(), ys.max(), xs.min(), xs.max()
    edge = set(lab[y0, x0:x1 + 1]) | set(lab[y1, x0:x1 + 1]) | set(lab[y0:y1 + 1, x0]) | set(lab[y0:y1 + 1, x1])
    outline = np.isin(lab, [k for k in edge if k != 0])
    row = outline[(y0 + y1) // 2, x0:x1 + 1]
    return outline, (y0, y1, x0, x1), int(np.argmin(row))


def _glyph_face(a, outline, box, t, cls):
    """The face overlay of one tile glyph (alpha `a`, drawn where the White dragon glyph was): the font's outline
    (slightly widened) taken away, the inside of the outline kept whole so pips keep their places, ink coloured by kind."""
    a = a.copy()
    a[cv2.dilate(outline.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0] = 0
    y0, y1, x0, x1 = box
    a = a[y0 + t + 2:y1 - t - 1, x0 + t + 2:x1 - t - 1]
    ys, xs = np.nonzero(a > 8)
    ink = np.zeros(a.shape + (3,), np.float32)
    ink[:] = GLYPH_INK["dark"]
    if cls[-1] == "s":
        ink[:] = GLYPH_INK["green"]
    elif cls[-1] == "p":
        ink[:] = GLYPH_INK["blue"]
    elif cls == "6z":
        ink[:] = GLYPH_INK["green"]
    elif cls == "7z":
        ink[:] = GLYPH_INK["red"]
    elif cls[-1] == "m" and len(ys):
        # the numeral above, 萬 below: split at the emptiest row of the middle third of the ink
        y0, y1 = ys.min(), ys.max()
        lo, hi = y0 + (y1 - y0) // 3, y0 + 2 * (y1 - y0) // 3
        split = lo + int(np.argmin((a[lo:hi + 1] > 8).sum(1)))
        ink[split:] = GLYPH_INK["red"]
    rgba = np.zeros(a.shape + (4,), np.uint8)
    rgba[..., :3] = np.clip(ink * 255, 0, 255).astype(np.uint8)
    rgba[..., 3] = a
    return rgba


def extract_glyph_fonts():
    from PIL import Image, ImageDraw, ImageFont
    for name, path in GLYPH_FONTS.items():
        if not os.path.exists(path):
            print(f"{path} missing: apt-get install -y fonts-freefont-ttf fonts-hanazono", file=sys.stderr)
            continue
        font = ImageFont.truetype(path, 300)
        d = os.path.join(GLYPH_OUT, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kind.txt"), "w").write("overlay\n")
        def draw(k):
            img = Image.new("L", (460, 460), 0)
            ImageDraw.Draw(img).text((40, 20), chr(0x1F000 + k), fill=255, font=font)
            return np.asarray(img)
        outline, box, t = _glyph_outline(draw(MAHJONG_BLOCK.index("5z")))
        for k, cls in enumerate(MAHJONG_BLOCK):
            a = draw(k)
            if not (a > 8).any():
                continue
            face = _glyph_face(a, outline, box, t, cls)
            if cls == "5z" and (face[..., 3] > 8).sum() < 0.01 * face[..., 3].size:
                continue  # a blank White dragon: render.load_art draws it blank
            cv2.imwrite(os.path.join(d, cls + ".png"), face)
        sheet(d, CLASSES)


def sheet(style_dir, classes):
    cells = []
    for c in classes:
        p = os.path.join(style_dir, c + ".png")
        cell = np.full((136, 100, 3), 128, np.uint8)
        if os.path.exists(p):
            im = cv2.imread(p, cv2.IMREAD_UNCHANGED)
            if im.ndim == 2:
                im = cv2.cvtColor(im, cv2.COLOR_GRAY2BGRA)
            if im.shape[2] == 3:
                im = cv2.cvtColor(im, cv2.COLOR_BGR2BGRA)
            h, w = im.shape[:2]
            s = min(96 / w, 112 / h)
            im = cv2.resize(im, (max(1, int(w * s)), max(1, int(h * s))), interpolation=cv2.INTER_AREA)
            a = im[..., 3:4].astype(np.float32) / 255
            bg = np.full(im.shape[:2] + (3,), 235, np.float32)
            comp = (im[..., :3] * a + bg * (1 - a)).astype(np.uint8)
            cell[2:2 + comp.shape[0], 2:2 + comp.shape[1]] = comp
        cv2.putText(cell, c, (4, 131), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 255), 1)
        cells.append(cell)
    while len(cells) % 9:
        cells.append(np.full((136, 100, 3), 128, np.uint8))
    rows = [np.concatenate(cells[i:i + 9], 1) for i in range(0, len(cells), 9)]
    cv2.imwrite(style_dir.rstrip("/") + "_sheet.png", np.concatenate(rows, 0))


# ---------------------------------------------------------------------------------------------------- npm art
# Art from npm packages (common/npm_art.mjs writes the complete tile fronts first). Written to data/art-npm/, NOT to
# data/art/: render.load_art reads every style under data/art, so a style there would join every training pool and
# change the renders of the pools' seeds. data/art-npm is loaded only on request (make_heldout_photos.py --npm-art).
NPM_OUT = os.path.join(HERE, "data", "art-npm")
NPM_STYLES = {"mj_tiles": (0.045, 0.035, 0.955, 0.965)}  # face rect inside the 66x90 image: the grey rim left out


def extract_npm():
    for name, (fx0, fy0, fx1, fy1) in NPM_STYLES.items():
        src = os.path.join(HERE, "data", "npm-art", name)
        if not os.path.isdir(src):
            print(f"{src} missing: run node training-notes/common/npm_art.mjs first", file=sys.stderr)
            continue
        d = os.path.join(NPM_OUT, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kind.txt"), "w").write("full\n")
        for pth in sorted(glob.glob(os.path.join(src, "full_*.png"))):
            cls = os.path.basename(pth)[5:-4]
            im = cv2.imread(pth, cv2.IMREAD_UNCHANGED).astype(np.float32)
            a = im[..., 3:4] / 255  # rounded corners are transparent: on white, as the rest of the front
            bgr = im[..., :3] * a + 255 * (1 - a)
            h, w = bgr.shape[:2]
            cell = bgr[int(round(fy0 * h)):int(round(fy1 * h)), int(round(fx0 * w)):int(round(fx1 * w))].astype(np.uint8)
            cell = cv2.resize(cell, (cell.shape[1] * 4, cell.shape[0] * 4), interpolation=cv2.INTER_CUBIC)
            cv2.imwrite(os.path.join(d, cls + ".png"), face_from_full(cell) if cls != "back" else
                        cv2.cvtColor(cell, cv2.COLOR_BGR2BGRA))
            cv2.imwrite(os.path.join(d, "full_" + cls + ".png"), cell)
        sheet(d, CLASSES)


CLASSES = ([f"{i}m" for i in range(1, 10)] + [f"{i}p" for i in range(1, 10)] + [f"{i}s" for i in range(1, 10)]
           + [f"{i}z" for i in range(1, 8)] + ["0m", "0p", "0s", "back"])

if __name__ == "__main__":
    which = sys.argv[1:] or ["km", "xm", "gn", "sym"]
    if which == ["npm"]:  # the npm styles only, into data/art-npm (see extract_npm)
        extract_npm()
        sys.exit(0)
    if which == ["glyphs"]:  # round 18's two glyph fonts only, into data/art-glyphs (see extract_glyph_fonts)
        extract_glyph_fonts()
        sys.exit(0)
    os.makedirs(OUT, exist_ok=True)
    if "km" in which:
        extract_kmahjongg()
    if "xm" in which and "extract_xmahjongg" in globals():
        extract_xmahjongg()
    if "gn" in which and "extract_gnome" in globals():
        extract_gnome()
    if "sym" in which and "extract_symbola" in globals():
        extract_symbola()
    for d in sorted(glob.glob(os.path.join(OUT, "*/"))):
        sheet(d, CLASSES)
