"""Synthetic riichi tile renderer shared by the classifier and the localizer.

Everything is plain numpy + OpenCV (BGR uint8 images, like cv2). Main API:

    assets = load_assets(DATA_DIR)            # tile art from ../shared/data/tiles (+ CJK fonts if installed)
    style  = random_style(rng, assets)        # one physical tile set: body/back colours, art source, ink...
    tile   = render_tile(cls, style, rng, assets)   # -> Tile(rgba, box) : RGBA sprite with thickness band
    row    = compose_row(classes, style, rng, assets)  # -> RGBA row image + per-tile boxes/labels
    photo  = render_hand_photo(rng, assets, classes=None, out_w=...)  # -> dict(image, tiles=[{cls, box, sideways}])
    crop   = crop_tile(image, box, H, W, margin)  # the classifier crop rule (see models/model.json)

Classes (output order of the classifier):
    1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N White Green Red), 0m, 0p, 0s, back
"""
from __future__ import annotations

import glob
import math
import os
import sys
from dataclasses import dataclass, field

import cv2
import numpy as np

CLASSES = ([f"{i}m" for i in range(1, 10)] + [f"{i}p" for i in range(1, 10)] + [f"{i}s" for i in range(1, 10)]
           + [f"{i}z" for i in range(1, 8)] + ["0m", "0p", "0s", "back"])
CLASS_INDEX = {c: i for i, c in enumerate(CLASSES)}
NOT_A_TILE = "none"  # round 9: the classifier's 39th class (flowers, seasons, table, a box across two tiles...)

HERE = os.path.dirname(os.path.abspath(__file__))
DATA_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "data"))

# canonical face frame (the tile front, body included) in pixels
FH, FW = 128, 96

_FILE_NAMES = {}
for _i in range(1, 10):
    _FILE_NAMES[f"{_i}m"] = f"Man{_i}"
    _FILE_NAMES[f"{_i}p"] = f"Pin{_i}"
    _FILE_NAMES[f"{_i}s"] = f"Sou{_i}"
_FILE_NAMES.update({"1z": "Ton", "2z": "Nan", "3z": "Shaa", "4z": "Pei", "5z": "Haku", "6z": "Hatsu", "7z": "Chun",
                    "0m": "Man5-Dora", "0p": "Pin5-Dora", "0s": "Sou5-Dora"})

FONT_FILES = ["/usr/share/fonts/truetype/arphic/ukai.ttc", "/usr/share/fonts/truetype/arphic/uming.ttc",
              "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"]
NUMERALS = "一二三四五六七八九"
HONOR_CHARS = {"1z": "東", "2z": "南", "3z": "西", "4z": "北", "6z": "發", "7z": "中"}


# --------------------------------------------------------------------------------------------------------------
# assets
# --------------------------------------------------------------------------------------------------------------
@dataclass
class Assets:
    faces: dict = field(default_factory=dict)      # source -> {cls: float32 RGBA (FH,FW,4) in [0,1]}
    fonts: list = field(default_factory=list)      # PIL fonts (may be empty)
    backgrounds: list = field(default_factory=list)  # BGR uint8 table photos (optional)
    art_styles: list = field(default_factory=list)  # extra art styles (extract_art.py) usable by random_style
    art_kind: dict = field(default_factory=dict)  # style -> "overlay" | "full"
    only: str = ""  # if set, random_style always uses this style (held-out evaluation renders)
    notile: dict = field(default_factory=dict)  # style -> [faces of its flowers, seasons, jokers]: not riichi tiles


def _premult_to_face(rgba: np.ndarray) -> np.ndarray:
    f = rgba.astype(np.float32) / 255.0
    return cv2.resize(f, (FW, FH), interpolation=cv2.INTER_AREA)


def _black_to_light_ink(face: np.ndarray) -> np.ndarray:
    """FluffyStuff 'Black' faces are drawn for a black body (white strokes, orange for red).
    Map them to a cream-body look: white -> dark ink, orange/yellow -> red. Keeps red fives red."""
    bgr = (face[..., :3] * 255).astype(np.uint8)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV).astype(np.float32)
    h, s, v = hsv[..., 0], hsv[..., 1] / 255, hsv[..., 2] / 255
    out = face.copy()
    white = (s < 0.25)
    out[..., :3][white] = (1.0 - face[..., :3][white]) * 0.35  # white -> near black
    warm = (s >= 0.25) & ((h < 30) | (h > 160))  # orange and red -> red
    col = np.array([0.15, 0.12, 0.75], np.float32)
    out[..., :3][warm] = col * v[warm][:, None] + 0.05
    return out


def _martin_face(rgba: np.ndarray) -> np.ndarray:
    """martinpersson tiles are complete (body + face). Cut the body region, estimate the face alpha as
    the deviation from the smooth body shading."""
    body = rgba[8:123, 4:78, :3].astype(np.float32)
    smooth = cv2.medianBlur(body.astype(np.uint8), 21).astype(np.float32)
    smooth = cv2.GaussianBlur(smooth, (0, 0), 6)
    hsv = cv2.cvtColor(body.astype(np.uint8), cv2.COLOR_BGR2HSV).astype(np.float32)
    sat = hsv[..., 1] / 255
    dark = np.clip((smooth.mean(2) - body.mean(2)) / 120.0, 0, 1)
    alpha = np.clip(np.maximum(dark, (sat - 0.12) * 2.0), 0, 1)
    alpha = np.where(alpha > 0.12, alpha, 0)
    # un-mix the colour against the body: c = a*ink + (1-a)*body
    a = np.maximum(alpha, 1e-3)[..., None]
    ink = np.clip((body - (1 - a) * smooth) / a, 0, 255)
    face = np.concatenate([ink / 255.0, alpha[..., None]], axis=2).astype(np.float32)
    return cv2.resize(face, (FW, FH), interpolation=cv2.INTER_LINEAR)


# --------------------------------------------------------------------------------------------------------------
# extra art styles (issue 13): Debian tile sets and fonts, extracted by extract_art.py into data/art/
# --------------------------------------------------------------------------------------------------------------
ART_DIR = os.path.join(HERE, "data", "art")
# brush / mincho fonts for characters, winds and dragons (fonts-aoyagi-kouzan-t, fonts-aoyagi-soseki,
# fonts-kouzan-mouhitsu, fonts-hanazono, fonts-ipaexfont-mincho, fonts-noto-cjk, fonts-takao)
EXTRA_FONT_FILES = {
    "aoyagi-kouzan": "/usr/share/fonts/truetype/aoyagi-kouzan-t/AoyagiKouzanT.ttf",
    "aoyagi-soseki": "/usr/share/fonts/truetype/aoyagi-soseki/aoyagi-soseki.ttf",
    "kouzan-mouhitsu": "/usr/share/fonts/truetype/kouzan-mouhitsu/kouzan-mouhitsu.ttf",
    "kouzan-gyosho": "/usr/share/fonts/truetype/kouzan-mouhitsu/kouzan-mouhitsu-gyosho.ttf",
    "hanazono": "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
    "ipaex-mincho": "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf",
    "noto-serif-cjk-bold": "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc",
    "takao-mincho": "/usr/share/fonts/truetype/takao-mincho/TakaoMincho.ttf",
}
# Round 14 (issue 13): more brush, kai, mincho, gothic and handwriting fonts for the characters, winds and dragons,
# used only by `gen_data.py --only fonts:more` (a new data pool), so that the earlier pools render as before.
#   apt-get install -y fonts-arphic-bkai00mp fonts-cwtex-kai fonts-cwtex-ming fonts-cwtex-heib fonts-cwtex-yen \
#       fonts-lxgw-wenkai fonts-cns11643-kai fonts-klee fonts-seto fonts-morisawa-bizud-mincho fonts-ipamj-mincho \
#       fonts-horai-umefont
# (fonts-arphic-gkai00mp was left out: a simplified-Chinese font without 萬, 東 and 發.)
MORE_FONT_FILES = {
    "bkai": "/usr/share/fonts/truetype/arphic-bkai00mp/bkai00mp.ttf",
    "cwtex-kai": "/usr/share/fonts/truetype/cwtex/cwkai.ttf",
    "cwtex-ming": "/usr/share/fonts/truetype/cwtex/cwming.ttf",
    "cwtex-heib": "/usr/share/fonts/truetype/cwtex/cwheib.ttf",
    "cwtex-yen": "/usr/share/fonts/truetype/cwtex/cwyen.ttf",
    "lxgw-wenkai-bold": "/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Bold.ttf",
    "tw-kai": "/usr/share/fonts/truetype/cns11643/TW-Kai-98_1.ttf",
    "klee-semibold": "/usr/share/fonts/truetype/klee/KleeOne-SemiBold.ttf",
    "seto": "/usr/share/fonts/truetype/seto/setofont.ttf",
    "bizud-mincho": "/usr/share/fonts/truetype/bizud-mincho/BIZUDMincho-Regular.ttf",
    "ipamj-mincho": "/usr/share/fonts/truetype/ipamj/ipamjm.ttf",
    "ume-gothic": "/usr/share/fonts/truetype/horai-umefont/ume-hgo4.ttf",
}
# Whole styles the committed model never trains on (training-notes/classifier/README.md, issue 13): a kmahjongg set,
# an xmahjongg sheet (photographed tiles), a gnome-mahjongg theme and a brush font (with procedural pins/bamboo)
HELD_OUT = ["km_traditional", "xm_real", "gn_postmodern", "font:kouzan-mouhitsu"]
# Art from npm packages (common/npm_art.mjs, then extract_art.py npm), in a folder load_art reads only when asked
# (load_art(assets, art_dir=NPM_ART_DIR)), so no training pool draws it: a Japanese riichi design, held out (session 23)
NPM_ART_DIR = os.path.join(HERE, "data", "art-npm")
# Round 18 (session 25): two fonts' Mahjong Tiles glyphs (extract_art.py glyphs), kept apart from ART_DIR so that every
# earlier pool renders as before; only gen_data.py --only glyphs draws them, one of the two per set
GLYPH_ART_DIR = os.path.join(HERE, "data", "art-glyphs")
GLYPH_STYLES = ["sym_freeserif", "sym_hanamin"]
NPM_HELD_OUT = ["mj_tiles"]


def load_npm_art(assets: "Assets") -> list:
    """Adds the npm styles (NPM_ART_DIR) to assets, as load_art does; returns NPM_HELD_OUT, or exits saying how to
    make the art when a style is missing."""
    load_art(assets, art_dir=NPM_ART_DIR)
    missing = [s for s in NPM_HELD_OUT if s not in assets.faces]
    if missing:
        sys.exit(f"{missing} not in {NPM_ART_DIR}: run node training-notes/common/npm_art.mjs, then extract_art.py npm")
    return NPM_HELD_OUT


def load_glyph_art(assets: "Assets") -> list:
    """Adds the glyph fonts' styles (GLYPH_ART_DIR) to assets, as load_art does; returns GLYPH_STYLES, or raises saying
    how to make the art when a style is missing (an exception, not an exit: gen_data.py calls it in pool workers)."""
    load_art(assets, art_dir=GLYPH_ART_DIR)
    missing = [s for s in GLYPH_STYLES if s not in assets.faces]
    if missing:
        raise FileNotFoundError(f"{missing} not in {GLYPH_ART_DIR}: apt-get install -y fonts-freefont-ttf fonts-hanazono, "
                                "then extract_art.py glyphs")
    return GLYPH_STYLES


def _fit_face(rgba_u8: np.ndarray, fill: float) -> np.ndarray:
    """RGBA uint8 art of any size -> float FH x FW face, aspect kept, centred, largest side = fill of the frame"""
    f = rgba_u8.astype(np.float32) / 255.0
    h, w = f.shape[:2]
    k = min(FW * fill / w, FH * fill / h)
    nw, nh = max(1, int(round(w * k))), max(1, int(round(h * k)))
    f = cv2.resize(f, (nw, nh), interpolation=cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR)
    out = np.zeros((FH, FW, 4), np.float32)
    y0, x0 = (FH - nh) // 2, (FW - nw) // 2
    out[y0:y0 + nh, x0:x0 + nw] = f
    return out


def load_art(assets: Assets, exclude=(), art_dir: str = ART_DIR):
    """Add the extracted art styles (except `exclude`) and the extra fonts to assets (in place)."""
    for d in sorted(glob.glob(os.path.join(art_dir, "*", "kind.txt"))):
        name = os.path.basename(os.path.dirname(d))
        if name in exclude:
            continue
        kind = open(d).read().strip()
        faces = {}
        for cls in CLASSES:
            pth = os.path.join(os.path.dirname(d), cls + ".png")
            if cls == "back" or not os.path.exists(pth):
                continue
            im = cv2.imread(pth, cv2.IMREAD_UNCHANGED)
            if kind == "full":  # the face region of a complete tile: stretch to the frame
                face = cv2.resize(im, (FW, FH), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
            else:
                face = _fit_face(im, 0.94 if cls[-1] in "mz" else 0.9)
            if name == "km_jade":  # white ink drawn for a green body: make it dark ink for a cream body
                face[..., :3] = 1.0 - face[..., :3] * 0.85
            faces[cls] = face
        # round 9: the sheet's flowers, seasons and jokers, drawn as the class "none" (not a riichi tile). Its spare
        # blank tile is left out (it is the blank White dragon) and so is Symbola's tile back (a riichi back).
        pre = "full_notile_" if kind == "full" else "notile_"
        nt = []
        for pth in sorted(glob.glob(os.path.join(os.path.dirname(d), pre + "*.png"))):
            if os.path.basename(pth)[len(pre):-4] in ("blank", "back"):
                continue
            im = cv2.imread(pth, cv2.IMREAD_UNCHANGED)
            if im.ndim == 2 or im.shape[2] == 3:  # some sheets' flowers come without alpha
                im = cv2.cvtColor(im, cv2.COLOR_GRAY2BGRA if im.ndim == 2 else cv2.COLOR_BGR2BGRA)
            nt.append(cv2.resize(im, (FW, FH), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
                      if kind == "full" else _fit_face(im, 0.9))
        if nt:
            assets.notile[name] = nt
        if "5z" not in faces:
            faces["5z"] = np.zeros((FH, FW, 4), np.float32)
        if len([c for c in faces if c != "5z"]) < 33:
            continue
        assets.faces[name] = faces
        assets.art_styles.append(name)
        assets.art_kind[name] = kind
    for name, f in EXTRA_FONT_FILES.items():
        if os.path.exists(f) and "font:" + name not in exclude:
            assets.fonts.append(f)
    return assets


def load_assets(data_dir: str = DATA_DIR, with_backgrounds: bool = True, max_backgrounds: int = 150) -> Assets:
    tiles = os.path.join(data_dir, "tiles")
    assets = Assets()
    for src, sub in [("fluffy", "fluffystuff/Export/Regular"), ("fluffy_black", "fluffystuff/Export/Black")]:
        d = {}
        for cls, name in _FILE_NAMES.items():
            im = cv2.imread(os.path.join(tiles, sub, name + ".png"), cv2.IMREAD_UNCHANGED)
            if im is None:
                raise FileNotFoundError(os.path.join(tiles, sub, name + ".png"))
            face = _premult_to_face(im)
            if src == "fluffy_black":
                face = _black_to_light_ink(face)
            d[cls] = face
        assets.faces[src] = d
    d = {}
    for cls, name in _FILE_NAMES.items():
        im = cv2.imread(os.path.join(tiles, "martinpersson", name + ".png"), cv2.IMREAD_UNCHANGED)
        if im is None:
            raise FileNotFoundError(os.path.join(tiles, "martinpersson", name + ".png"))
        d[cls] = _martin_face(im)
    d["5z"] = np.zeros((FH, FW, 4), np.float32)  # white dragon is blank in this set
    assets.faces["martin"] = d
    try:
        from PIL import ImageFont  # noqa: F401
        for f in FONT_FILES:
            if os.path.exists(f):
                assets.fonts.append(f)
    except ImportError:
        pass
    if with_backgrounds:
        files = sorted(glob.glob(os.path.join(data_dir, "real", "haitaks-yolo", "train", "images", "*.jpg")))
        for p in files[:max_backgrounds]:
            im = cv2.imread(p)
            if im is not None:
                assets.backgrounds.append(im)
    return assets


# --------------------------------------------------------------------------------------------------------------
# procedural faces (fonts for characters, drawn pins and bamboo) — extra art styles beyond the two sets
# --------------------------------------------------------------------------------------------------------------
_FONT_CACHE: dict = {}


def _font(path: str, size: int, index: int = 0):
    from PIL import ImageFont
    key = (path, size, index)
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = ImageFont.truetype(path, size, index=index)
    return _FONT_CACHE[key]


def _draw_char(canvas: np.ndarray, ch: str, font_path: str, cx: float, cy: float, size: float, color, stretch_x=1.0,
               stretch_y=1.0):
    """Draw one glyph (anti-aliased alpha) centred at (cx,cy) into RGBA float canvas."""
    from PIL import Image, ImageDraw
    s = int(size * 1.6)
    img = Image.new("L", (s, s), 0)
    dr = ImageDraw.Draw(img)
    font = _font(font_path, int(size))
    bb = dr.textbbox((0, 0), ch, font=font)
    dr.text(((s - (bb[2] - bb[0])) / 2 - bb[0], (s - (bb[3] - bb[1])) / 2 - bb[1]), ch, fill=255, font=font)
    a = np.asarray(img, np.float32) / 255.0
    a = cv2.resize(a, (max(1, int(s * stretch_x)), max(1, int(s * stretch_y))), interpolation=cv2.INTER_AREA)
    _paste_alpha(canvas, a, cx, cy, color)


def _paste_alpha(canvas, a, cx, cy, color):
    h, w = a.shape
    x0, y0 = int(round(cx - w / 2)), int(round(cy - h / 2))
    X0, Y0, X1, Y1 = max(0, x0), max(0, y0), min(canvas.shape[1], x0 + w), min(canvas.shape[0], y0 + h)
    if X1 <= X0 or Y1 <= Y0:
        return
    sub = a[Y0 - y0:Y1 - y0, X0 - x0:X1 - x0]
    region = canvas[Y0:Y1, X0:X1]
    col = np.array(color, np.float32)
    na = sub + region[..., 3] * (1 - sub)
    region[..., :3] = (col * sub[..., None] + region[..., :3] * region[..., 3:4] * (1 - sub[..., None])) / np.maximum(
        na[..., None], 1e-4)
    region[..., 3] = na


def _ink_colors(rng):
    dark = [(0.08, 0.08, 0.08), (0.35, 0.15, 0.05), (0.15, 0.35, 0.05), (0.25, 0.1, 0.1), (0.1, 0.3, 0.15)]
    red = [(0.12, 0.1, 0.75), (0.2, 0.15, 0.85), (0.15, 0.1, 0.6), (0.3, 0.2, 0.8)]
    return dark[rng.integers(len(dark))], red[rng.integers(len(red))]


def _font_face(cls: str, font_path: str, rng, dark, red) -> np.ndarray | None:
    S = 2  # supersample
    canvas = np.zeros((FH * S, FW * S, 4), np.float32)
    cx = FW * S / 2
    if cls.endswith("m"):
        n = int(cls[0])
        num_col = red if cls == "0m" else dark
        num = NUMERALS[4] if n == 0 else NUMERALS[n - 1]
        if n in (0, 5) and rng.random() < 0.5:
            num = "伍"
        _draw_char(canvas, num, font_path, cx, FH * S * rng.uniform(0.27, 0.33), FW * S * rng.uniform(0.55, 0.72),
                   num_col, stretch_y=rng.uniform(0.8, 1.1))
        _draw_char(canvas, "萬", font_path, cx, FH * S * rng.uniform(0.66, 0.72), FW * S * rng.uniform(0.6, 0.75),
                   red if rng.random() < 0.9 else dark, stretch_y=rng.uniform(0.9, 1.2))
    elif cls in HONOR_CHARS:
        col = red if cls == "7z" else dark
        if cls == "6z":
            col = (0.2, 0.45, 0.05) if rng.random() < 0.5 else dark
        _draw_char(canvas, HONOR_CHARS[cls], font_path, cx, FH * S * rng.uniform(0.47, 0.53),
                   FW * S * rng.uniform(0.7, 0.9), col, stretch_y=rng.uniform(1.0, 1.35))
    else:
        return None
    return cv2.resize(canvas, (FW, FH), interpolation=cv2.INTER_AREA)


_PIN_POS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.27), (0.5, 0.73)],
    3: [(0.24, 0.2), (0.5, 0.5), (0.76, 0.8)],
    4: [(0.28, 0.27), (0.72, 0.27), (0.28, 0.73), (0.72, 0.73)],
    5: [(0.26, 0.22), (0.74, 0.22), (0.5, 0.5), (0.26, 0.78), (0.74, 0.78)],
    6: [(0.3, 0.17), (0.7, 0.17), (0.3, 0.55), (0.7, 0.55), (0.3, 0.83), (0.7, 0.83)],
    7: [(0.22, 0.13), (0.5, 0.22), (0.78, 0.31), (0.3, 0.59), (0.7, 0.59), (0.3, 0.85), (0.7, 0.85)],
    8: [(x, y) for y in (0.14, 0.38, 0.62, 0.86) for x in (0.3, 0.7)],
    9: [(x, y) for y in (0.18, 0.5, 0.82) for x in (0.2, 0.5, 0.8)],
}
# which circles are red in a typical Japanese set
_PIN_RED = {1: [1], 2: [0, 0], 3: [0, 1, 0], 4: [0, 0, 0, 0], 5: [0, 0, 1, 0, 0], 6: [0, 0, 1, 1, 1, 1],
            7: [0, 0, 0, 1, 1, 1, 1], 8: [0] * 8, 9: [0, 0, 0, 1, 1, 1, 0, 0, 0]}

_SOU_POS = {  # (x, y, angle_deg)
    2: [(0.5, 0.27, 0), (0.5, 0.73, 0)],
    3: [(0.5, 0.27, 0), (0.3, 0.73, 0), (0.7, 0.73, 0)],
    4: [(0.3, 0.27, 0), (0.7, 0.27, 0), (0.3, 0.73, 0), (0.7, 0.73, 0)],
    5: [(0.22, 0.27, 0), (0.78, 0.27, 0), (0.5, 0.5, 0), (0.22, 0.73, 0), (0.78, 0.73, 0)],
    6: [(x, y, 0) for y in (0.27, 0.73) for x in (0.2, 0.5, 0.8)],
    7: [(0.5, 0.16, 0)] + [(x, y, 0) for y in (0.5, 0.82) for x in (0.2, 0.5, 0.8)],
    8: [(0.14, 0.27, 0), (0.36, 0.27, 0), (0.64, 0.27, 0), (0.86, 0.27, 0)]
       + [(0.14, 0.73, 0), (0.36, 0.73, 0), (0.64, 0.73, 0), (0.86, 0.73, 0)],
    9: [(x, y, 0) for y in (0.18, 0.5, 0.82) for x in (0.2, 0.5, 0.8)],
}
_SOU_RED = {2: [0, 0], 3: [0, 0, 0], 4: [0] * 4, 5: [0, 0, 1, 0, 0], 6: [0] * 6, 7: [1] + [0] * 6, 8: [0] * 8,
            9: [0, 1, 0, 0, 1, 0, 0, 1, 0]}


# Round 19 (issue 13: "pin circles and sou sticks in several drawings"): a share of sets draws its procedural pins and
# bamboo in one of several drawings (PIN_DRAWINGS / STICK_DRAWINGS, chosen once per set, as a set draws a kind one
# way) instead of the old per-tile choice among three circles and one stick. 0, the default, makes no draw, so every
# earlier pool renders as before; gen_data.py --drawings sets it.
PROCEDURAL_VARIETY = 0.0
PIN_DRAWINGS = 5   # 0-2 the old rings (plain, double, spoked), 3 a solid disc with a light centre, 4 a ring of dots
STICK_DRAWINGS = 5  # 0 the old outlined stick with nodes, 1 a solid bar parted at its nodes, 2 a thin stem with node
#                     ticks, 3 a hollow bar without nodes, 4 a stem swelling at its nodes (bamboo)


def _drawing(style: dict, rng):
    if "drawing" not in style:  # drawn at the set's first procedural tile, so styles without the share draw nothing
        style["drawing"] = ({"pin": int(rng.integers(PIN_DRAWINGS)), "stick": int(rng.integers(STICK_DRAWINGS)),
                             "stick_w": float(rng.uniform(0.75, 1.3))} if rng.random() < PROCEDURAL_VARIETY else None)
    return style["drawing"]


def _procedural_face(cls: str, rng, dark, red, drawing: dict | None = None) -> np.ndarray | None:
    kind = cls[1]
    n = int(cls[0])
    if kind not in "ps" or n == 1 and kind == "s":
        return None
    S = 2
    canvas = np.zeros((FH * S, FW * S, 3), np.float32)
    alpha = np.zeros((FH * S, FW * S), np.float32)
    x0, x1 = FW * S * rng.uniform(0.1, 0.16), FW * S * rng.uniform(0.84, 0.9)
    y0, y1 = FH * S * rng.uniform(0.07, 0.12), FH * S * rng.uniform(0.88, 0.93)
    dark2 = (dark[0] * rng.uniform(0.6, 1.4), dark[1] * rng.uniform(0.6, 1.4), dark[2] * rng.uniform(0.6, 1.4))
    dark2 = tuple(float(np.clip(c, 0, 0.6)) for c in dark2)

    def put(mask, color):
        ys, xs = np.nonzero(mask)
        if len(ys) == 0:
            return
        sl = (slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1))
        m = mask[sl].astype(np.float32) / 255.0
        canvas[sl] = canvas[sl] * (1 - m[..., None]) + np.array(color, np.float32) * m[..., None]
        alpha[sl] = np.maximum(alpha[sl], m)

    if kind == "p":
        nn = 5 if n == 0 else n
        pos = _PIN_POS[nn]
        reds = [1] * len(pos) if n == 0 else _PIN_RED[nn]
        spacing = min((x1 - x0), (y1 - y0)) / (1.2 if nn == 1 else (2.0 if nn in (2, 3, 4, 5) else 3.2))
        r = spacing * rng.uniform(0.36, 0.45) * (1.0 if nn > 1 else 1.1)
        if nn in (3,):
            r *= 0.8
        style = rng.integers(3) if drawing is None else drawing["pin"]
        for (px, py), isred in zip(pos, reds):
            cx, cy = int(x0 + px * (x1 - x0)), int(y0 + py * (y1 - y0))
            col = red if isred else (dark2 if rng.random() < 0.85 else dark)
            m = np.zeros(alpha.shape, np.uint8)
            th = max(2, int(r * rng.uniform(0.12, 0.22)))
            if style >= 3:  # round 19's drawings
                if style == 3:  # a solid disc, its centre left light
                    cv2.circle(m, (cx, cy), int(r), 255, -1, cv2.LINE_AA)
                    cv2.circle(m, (cx, cy), max(2, int(r * 0.3)), 0, -1, cv2.LINE_AA)
                else:  # a ring of dots round a centre dot
                    for k in range(10):
                        ang = k * math.pi / 5
                        cv2.circle(m, (int(cx + r * 0.8 * math.cos(ang)), int(cy + r * 0.8 * math.sin(ang))),
                                   max(2, int(r * 0.17)), 255, -1, cv2.LINE_AA)
                    cv2.circle(m, (cx, cy), max(2, int(r * 0.3)), 255, -1, cv2.LINE_AA)
                put(m, col)
                continue
            cv2.circle(m, (cx, cy), int(r), 255, th, cv2.LINE_AA)
            if style >= 1:
                cv2.circle(m, (cx, cy), int(r * 0.55), 255, max(2, th // 2 + 1), cv2.LINE_AA)
            if style == 2:
                for k in range(8):
                    ang = k * math.pi / 4
                    cv2.line(m, (int(cx + r * 0.6 * math.cos(ang)), int(cy + r * 0.6 * math.sin(ang))),
                             (int(cx + r * 0.9 * math.cos(ang)), int(cy + r * 0.9 * math.sin(ang))), 255,
                             max(1, th // 2), cv2.LINE_AA)
            cv2.circle(m, (cx, cy), max(2, int(r * 0.22)), 255, -1, cv2.LINE_AA)
            put(m, col)
            if nn == 5 and isred and n != 0 and rng.random() < 0.5:
                pass
            if nn == 1:
                m2 = np.zeros(alpha.shape, np.uint8)
                cv2.circle(m2, (cx, cy), int(r * 0.35), 255, -1, cv2.LINE_AA)
                put(m2, red)
    else:
        nn = 5 if n == 0 else n
        pos = _SOU_POS[nn]
        reds = [1] * len(pos) if n == 0 else _SOU_RED[nn]
        rows = 3 if nn in (7, 9) else 2
        cols = 4 if nn == 8 else (3 if nn in (6, 7, 9, 5) else 2)
        sh = (y1 - y0) / rows * rng.uniform(0.78, 0.9)
        sw = (x1 - x0) / max(cols, 2.5) * rng.uniform(0.4, 0.55)
        stick = 0 if drawing is None else drawing["stick"]
        if drawing is not None:
            sw *= drawing["stick_w"]
            if stick:  # a clear gap between sticks stacked in a column (else two stems read as one long one)
                sh *= 0.85
        for i, ((px, py, _), isred) in enumerate(zip(pos, reds)):
            cx, cy = x0 + px * (x1 - x0), y0 + py * (y1 - y0)
            col = red if isred else dark2
            ang = 0.0
            if nn == 8:  # the M / W shape
                ang = (18 if i % 2 == 0 else -18) * (1 if i < 4 else -1)
            m = np.zeros(alpha.shape, np.uint8)
            if stick:  # round 19's drawings, each in the stick's own frame (u across, v along), turned by ang
                ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))

                def poly(pts_uv):
                    return np.array([[cx + u * ca - v * sa, cy + u * sa + v * ca] for u, v in pts_uv], np.int32)

                def rect(u0, v0, u1, v1):
                    return poly([(u0, v0), (u1, v0), (u1, v1), (u0, v1)])

                hw, hh = sw / 2, sh / 2
                if stick == 1:  # a solid bar parted at its nodes
                    cv2.fillPoly(m, [rect(-hw * 0.8, -hh, hw * 0.8, hh)], 255, cv2.LINE_AA)
                    cv2.fillPoly(m, [rect(-hw, -sh * 0.03, hw, sh * 0.03)], 0, cv2.LINE_AA)
                elif stick == 2:  # a thin stem with node ticks
                    cv2.fillPoly(m, [rect(-hw * 0.22, -hh, hw * 0.22, hh)], 255, cv2.LINE_AA)
                    for t in (-1.0, 0.0, 1.0):
                        cv2.fillPoly(m, [rect(-hw * 0.6, t * hh * 0.95 - sh * 0.03, hw * 0.6, t * hh * 0.95 + sh * 0.03)], 255, cv2.LINE_AA)
                elif stick == 3:  # a hollow bar, no nodes
                    cv2.polylines(m, [rect(-hw * 0.7, -hh, hw * 0.7, hh)], True, 255, max(2, int(sw * 0.16)), cv2.LINE_AA)
                else:  # a stem swelling at its ends and middle node (bamboo)
                    cv2.fillPoly(m, [rect(-hw * 0.3, -hh, hw * 0.3, hh)], 255, cv2.LINE_AA)
                    for t in (-1.0, 0.0, 1.0):
                        cv2.fillPoly(m, [poly([(-hw * 0.3, t * hh * 0.9 - sh * 0.09), (-hw * 0.75, t * hh * 0.9),
                                               (-hw * 0.3, t * hh * 0.9 + sh * 0.09), (hw * 0.3, t * hh * 0.9 + sh * 0.09),
                                               (hw * 0.75, t * hh * 0.9), (hw * 0.3, t * hh * 0.9 - sh * 0.09)])], 255, cv2.LINE_AA)
                put(m, col)
                continue
            box = ((cx, cy), (sw, sh), ang)
            pts = cv2.boxPoints(box).astype(np.int32)
            cv2.polylines(m, [pts], True, 255, max(2, int(sw * 0.18)), cv2.LINE_AA)
            # nodes of the bamboo
            for t in (0.0, 0.5, 1.0) if rng.random() < 0.7 else (0.5,):
                yy = cy - sh / 2 + t * sh
                xx = cx + (yy - cy) * math.tan(math.radians(-ang))
                cv2.line(m, (int(xx - sw * 0.65), int(yy)), (int(xx + sw * 0.65), int(yy)), 255,
                         max(2, int(sh * 0.07)), cv2.LINE_AA)
            cv2.line(m, (int(cx), int(cy - sh * 0.4)), (int(cx), int(cy + sh * 0.4)), 255, max(1, int(sw * 0.12)),
                     cv2.LINE_AA)
            put(m, col)
    face = np.concatenate([canvas, alpha[..., None]], axis=2)
    return cv2.resize(face, (FW, FH), interpolation=cv2.INTER_AREA)


# --------------------------------------------------------------------------------------------------------------
# style = one physical tile set
# --------------------------------------------------------------------------------------------------------------
BACK_COLORS = [  # BGR 0..1
    (0.1, 0.45, 0.95), (0.1, 0.75, 0.95), (0.75, 0.45, 0.1), (0.25, 0.6, 0.2), (0.2, 0.2, 0.8), (0.55, 0.3, 0.6),
    (0.85, 0.6, 0.35), (0.15, 0.15, 0.15), (0.3, 0.55, 0.9), (0.4, 0.7, 0.3), (0.8, 0.5, 0.6), (0.55, 0.55, 0.2),
]


def random_style(rng, assets: Assets) -> dict:
    srcs = ["fluffy", "fluffy_black", "martin"]
    weights = [0.3, 0.15, 0.25]
    if assets.fonts:
        srcs.append("font")
        weights.append(0.3)
    w = np.array(weights) / sum(weights)
    body = np.array([rng.uniform(0.82, 0.97), rng.uniform(0.88, 0.99), rng.uniform(0.9, 1.0)])  # cream / ivory / white
    if rng.random() < 0.3:
        body = np.full(3, rng.uniform(0.9, 0.99))
    if rng.random() < 0.1:  # slightly pink / green / blue tinted bodies exist
        body = np.clip(body + rng.uniform(-0.08, 0.04, 3), 0, 1)
    back = np.clip(np.array(BACK_COLORS[rng.integers(len(BACK_COLORS))]) + rng.uniform(-0.1, 0.1, 3), 0, 1)
    dark, red = _ink_colors(rng)
    st = dict(
        src=srcs[rng.choice(len(srcs), p=w)],
        font=assets.fonts[rng.integers(len(assets.fonts))] if assets.fonts else None,
        procedural=rng.random() < 0.5,  # pins/bamboo drawn procedurally instead of the art
        body=body, back=back,
        back_is_full=rng.random() < 0.2,  # the back face shows only the back colour (else a cream border too)
        recolor=rng.random() < 0.6, dark=dark, red=red,
        stroke=int(rng.integers(-1, 3)),  # erode(-) / dilate(+) ink in px at 128 px face height
        face_scale=rng.uniform(0.72, 0.95), face_dx=rng.uniform(-0.03, 0.03), face_dy=rng.uniform(-0.03, 0.05),
        face_sy=rng.uniform(0.9, 1.1),
        haku_frame=rng.random() < 0.35,
        band_pos="top" if rng.random() < 0.55 else "bottom",  # standing tiles (top surface) / lying tiles (front side)
        band_frac=rng.uniform(0.0, 0.42), back_frac=rng.uniform(0.3, 0.65),
        squash=rng.uniform(0.6, 1.0),  # foreshortening of the face
        corner=rng.uniform(0.06, 0.16),
        ink_blur=rng.uniform(0, 1.0),
    )
    if assets.art_styles or assets.only:  # extra styles loaded (load_art): these draws come last, so old seeds keep
        _extra_style(st, rng, assets)     # their renders when no extra art is loaded
    return st


FACE_TINTS = {  # body colours beyond cream (BGR): white, ivory, mint, pink, pale yellow, light blue
    "white": (0.96, 0.97, 0.97), "ivory": (0.86, 0.95, 0.98), "mint": (0.82, 0.95, 0.84), "pink": (0.9, 0.88, 0.98),
    "yellow": (0.7, 0.92, 0.97), "blue": (0.97, 0.9, 0.84)}
BACK_EXTRA = {"blue": (0.75, 0.4, 0.1), "green": (0.3, 0.6, 0.15), "yellow": (0.1, 0.8, 0.95),
              "orange": (0.1, 0.5, 0.95), "pink": (0.7, 0.55, 0.95)}


def _extra_style(st, rng, assets):
    """issue 13: an extra art style for 60% of sets (or the forced one), face/back colours, red-five drawing."""
    only = assets.only
    if only:
        if only == "fonts:more":  # round 14: one of MORE_FONT_FILES per set
            names = [n for n, f in MORE_FONT_FILES.items() if os.path.exists(f)]
            if not names:
                raise FileNotFoundError("none of render.MORE_FONT_FILES is installed (apt-get line above it)")
            st["src"], st["font"] = "font", MORE_FONT_FILES[names[rng.integers(len(names))]]
        elif only == "glyphs":  # round 18: one of the two glyph fonts per set
            st["src"] = GLYPH_STYLES[rng.integers(len(GLYPH_STYLES))]
        elif only.startswith("font:"):
            st["src"], st["font"] = "font", {**EXTRA_FONT_FILES, **MORE_FONT_FILES}[only[5:]]
        else:
            st["src"] = only
    elif rng.random() < 0.6:
        st["src"] = assets.art_styles[rng.integers(len(assets.art_styles))]
    elif st["src"] == "font" and assets.fonts and rng.random() < 0.7:  # prefer the new brush / mincho fonts
        extra = [f for f in assets.fonts if f in EXTRA_FONT_FILES.values()]
        if extra:
            st["font"] = extra[rng.integers(len(extra))]
    if st["src"] in assets.art_kind:
        st["procedural"] = rng.random() < 0.1
        st["recolor"] = rng.random() < 0.25
        st["face_scale"] = rng.uniform(0.8, 0.97) if assets.art_kind[st["src"]] == "full" else st["face_scale"]
    if rng.random() < 0.35:
        t = list(FACE_TINTS.values())[rng.integers(len(FACE_TINTS))]
        st["body"] = np.clip(np.array(t) + rng.uniform(-0.04, 0.03, 3), 0, 1)
    if rng.random() < 0.5:
        b = list(BACK_EXTRA.values())[rng.integers(len(BACK_EXTRA))]
        st["back"] = np.clip(np.array(b) + rng.uniform(-0.1, 0.1, 3), 0, 1)
    st["red_five"] = int(rng.integers(4))  # how this set paints its red fives (see _red_five)


def _recolor(face: np.ndarray, style: dict, rng) -> np.ndarray:
    """Map non-red ink to the set's dark ink colour, keep red as (the set's) red."""
    out = face.copy()
    bgr = np.clip(face[..., :3] * 255, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV).astype(np.float32)
    h, s, v = hsv[..., 0], hsv[..., 1] / 255, hsv[..., 2] / 255
    is_red = (s > 0.35) & ((h < 12) | (h > 165)) & (v > 0.25)
    lum = face[..., :3].mean(2, keepdims=True)
    dark = np.array(style["dark"], np.float32)
    redc = np.array(style["red"], np.float32)
    shade = np.clip(0.5 + lum, 0.5, 1.5)
    out[..., :3] = np.where(is_red[..., None], redc * shade, dark * shade)
    # keep very light details (e.g. white highlights inside circles) light
    light = (v > 0.85) & (s < 0.2)
    out[..., :3][light] = face[..., :3][light]
    return out


def _red_five(face: np.ndarray, style: dict, rng) -> np.ndarray:
    """a red five from a set's plain five, painted one of several ways (sets differ): 0 and 1 all ink red, 2 the upper half red (the numeral of 5m / top circles), 3 plain five plus a red dot"""
    out = face.copy()
    red = np.array(style.get("red", (0.12, 0.1, 0.75)), np.float32)
    mode = style.get("red_five", 0)
    lum = out[..., :3].mean(2, keepdims=True)
    shade = np.clip(0.6 + lum, 0.6, 1.3)
    if mode in (0, 1):
        out[..., :3] = red * shade
    elif mode == 2:
        out[: FH // 2, :, :3] = red * shade[: FH // 2]
    else:
        m = np.zeros((FH, FW), np.uint8)
        cx, cy = int(FW * rng.uniform(0.15, 0.85)), int(FH * rng.choice([0.1, 0.9]))
        cv2.circle(m, (cx, cy), int(rng.uniform(4, 8)), 255, -1, cv2.LINE_AA)
        a = m.astype(np.float32)[..., None] / 255
        out[..., :3] = out[..., :3] * (1 - a) + red * a
        out[..., 3:] = np.maximum(out[..., 3:], a)
    return out


# Round 16 (issue 13): the 1-sou is the tile whose drawing differs most between sets (a sparrow, a peacock, a single
# stick; issue 13's real photos: "the 1-sou bird read as anything"; mj-tiles' green peacock, held out, is read as the
# green dragon). This share of 1-sou faces takes the 1-sou of another training set, in inks of its own. 0, the default,
# makes no draw, so every earlier pool renders as before; gen_data.py --bird-swap sets it.
BIRD_SWAP = 0.0
BIRD_INKS = [(0.15, 0.55, 0.1), (0.1, 0.35, 0.05), (0.3, 0.6, 0.2), (0.6, 0.35, 0.1), (0.08, 0.08, 0.08),
             (0.1, 0.25, 0.45), (0.45, 0.45, 0.1)]  # BGR: greens, blue, black, brown, teal


# Round 18c: more birds for the swap, the glyph fonts' 1-sou faces (load_glyph_birds); empty by default, so every
# earlier pool renders as before. When set, half the swapped birds come from here.
BIRD_EXTRA: list = []


def load_glyph_birds():
    """Round 18c: the 1-sou of each glyph font (extract_art.py glyphs) into BIRD_EXTRA, without adding the styles."""
    for name in GLYPH_STYLES:
        im = cv2.imread(os.path.join(GLYPH_ART_DIR, name, "1s.png"), cv2.IMREAD_UNCHANGED)
        if im is None:
            raise FileNotFoundError(f"{GLYPH_ART_DIR}/{name}/1s.png: run extract_art.py glyphs")
        BIRD_EXTRA.append(_fit_face(im, 0.9))


def _swapped_bird(style: dict, rng, assets: Assets) -> np.ndarray:
    """the 1-sou of a random training set: as drawn, in this set's inks, or all its ink in one colour; maybe mirrored"""
    names = sorted(n for n in assets.faces if "1s" in assets.faces[n])
    if BIRD_EXTRA and rng.random() < 0.5:
        name, face = "glyph", BIRD_EXTRA[rng.integers(len(BIRD_EXTRA))].copy()
    else:
        name = names[rng.integers(len(names))]
        face = assets.faces[name]["1s"].copy()
    mode = rng.random()
    if mode < 0.4:  # one ink: a green, blue, black or brown bird, shaded by the art's own lightness
        lum = face[..., :3].mean(2, keepdims=True)
        face[..., :3] = np.array(BIRD_INKS[rng.integers(len(BIRD_INKS))], np.float32) * np.clip(0.6 + lum, 0.6, 1.5)
    elif mode < 0.6 or name == "fluffy_black":  # the set's own inks (fluffy_black's white ink always needs it)
        face = _recolor(face, style, rng)
    if rng.random() < 0.5:
        face = face[:, ::-1].copy()
    return np.clip(face, 0, 1)


# Round 17 (issue 13): sets differ in how they draw a kind (the stroke's path, where the pips sit, how a glyph leans),
# and rounds 7, 14 and 16 showed that more of the training sets' own drawings do not teach a drawing none of them has.
# A share of sets gets new drawings: each kind's face bent by one smooth random field (a slight lean, shear and
# stretch, plus a coarse elastic displacement), the same field for every copy of that kind in the set, as a set draws
# a kind one way. 0, the default, makes no draw, so every earlier pool renders as before; gen_data.py --warp sets it.
DRAWING_WARP = 0.0
WARP_MAX_PX = 6.0  # largest elastic displacement at the 128 px face height (about 5%)


def _warp_field(seed: int, cls: str):
    """the set's (seed's) remap of one kind's face: maps (x, y) of the drawn face to the art's pixels"""
    r = np.random.default_rng([seed, CLASSES.index(cls) if cls in CLASSES else 99])
    ang = np.deg2rad(r.uniform(-5, 5))
    sh, sx, sy = r.uniform(-0.12, 0.12), r.uniform(0.88, 1.12), r.uniform(0.9, 1.1)
    A = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]]) @ np.array([[sx, sh], [0, sy]])
    Ai = np.linalg.inv(A)
    yy, xx = np.mgrid[0:FH, 0:FW].astype(np.float32)
    cx, cy = (FW - 1) / 2, (FH - 1) / 2
    u, v = xx - cx, yy - cy
    mx = Ai[0, 0] * u + Ai[0, 1] * v + cx
    my = Ai[1, 0] * u + Ai[1, 1] * v + cy
    amp = r.uniform(1.5, WARP_MAX_PX)
    gh, gw = int(r.integers(3, 6)), int(r.integers(3, 5))
    for m in (mx, my):
        g = r.normal(0, 1, (gh, gw)).astype(np.float32)
        m += cv2.resize(g, (FW, FH), interpolation=cv2.INTER_CUBIC) * (amp / 1.5)
    return mx.astype(np.float32), my.astype(np.float32)


def _warped(face: np.ndarray, cls: str, style: dict, rng) -> np.ndarray:
    if "warp_seed" not in style:  # drawn at the set's first tile, so styles without the warp draw nothing
        style["warp_seed"] = int(rng.integers(2**31)) if rng.random() < DRAWING_WARP else None
    if style["warp_seed"] is None or cls in ("back", NOT_A_TILE) or face.shape[:2] != (FH, FW):
        return face
    mx, my = _warp_field(style["warp_seed"], cls)
    return cv2.remap(face, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)


def _face_for(cls: str, style: dict, rng, assets: Assets) -> np.ndarray:
    src = style["src"]
    face = None
    if cls == "1s" and BIRD_SWAP and rng.random() < BIRD_SWAP:
        return _swapped_bird(style, rng, assets)
    if cls == NOT_A_TILE:  # round 9: a flower / season of this set's art, else of any set that has them
        pool = assets.notile.get(src) or assets.notile[list(assets.notile)[rng.integers(len(assets.notile))]]
        face = pool[rng.integers(len(pool))]
        return _recolor(face, style, rng) if style["recolor"] and rng.random() < 0.5 else face
    if style["procedural"] or src == "font":
        face = _procedural_face(cls, rng, style["dark"], style["red"],
                                _drawing(style, rng) if PROCEDURAL_VARIETY else None)
    if face is None and src == "font" and style["font"]:
        face = _font_face(cls, style["font"], rng, style["dark"], style["red"])
    if face is None:
        if src == "font":
            src = ["fluffy", "martin"][rng.integers(2)]
        if cls in ("0m", "0p", "0s") and cls not in assets.faces[src]:
            face = _red_five(assets.faces[src]["5" + cls[1]], style, rng)
        else:
            face = assets.faces[src][cls]
        if style["recolor"] or src == "fluffy_black":
            face = _recolor(face, style, rng)
    own_haku = style["src"] in assets.art_kind and style["src"] in assets.faces and rng.random() < 0.7
    if cls == "5z" and own_haku:  # an extra art style's own white dragon (blank or framed)
        face = assets.faces[style["src"]]["5z"]
    elif cls == "5z":
        face = np.zeros_like(face)
        if style["haku_frame"]:
            S = 4
            m = np.zeros((FH * S, FW * S), np.uint8)
            mx, my = int(FW * S * 0.2), int(FH * S * 0.22)
            th = int(rng.uniform(3, 7) * S)
            cv2.rectangle(m, (mx, my), (FW * S - mx, FH * S - my), 255, th)
            if rng.random() < 0.5:
                cv2.rectangle(m, (mx + 2 * th, my + 2 * th), (FW * S - mx - 2 * th, FH * S - my - 2 * th), 255,
                              max(2, th // 2))
            a = cv2.resize(m, (FW, FH), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
            col = np.array((0.7, 0.4, 0.1) if rng.random() < 0.6 else style["dark"], np.float32)
            face = np.concatenate([np.broadcast_to(col, (FH, FW, 3)), a[..., None]], axis=2).astype(np.float32)
    return face


# --------------------------------------------------------------------------------------------------------------
# one tile
# --------------------------------------------------------------------------------------------------------------
@dataclass
class Tile:
    rgba: np.ndarray  # uint8 BGRA sprite, the whole visible tile (face + thickness band)
    cls: str
    face: tuple = (0, 0, 0, 0)  # (x0, y0, x1, y1) of the tile's front surface (face or back) inside the sprite


def _rounded_mask(h, w, r):
    m = np.zeros((h, w), np.uint8)
    r = int(max(1, min(r, h // 2, w // 2)))
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in [(r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)]:
        cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return m.astype(np.float32) / 255


def _body(h, w, color, rng, corner):
    """Body with soft shading: slightly darker rim, random gradient."""
    img = np.ones((h, w, 3), np.float32) * np.array(color, np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = 1 + rng.uniform(-0.08, 0.08) * (yy / h - 0.5) + rng.uniform(-0.06, 0.06) * (xx / w - 0.5)
    edge = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]) / max(2.0, min(h, w) * 0.08)
    rim = 1 - rng.uniform(0.02, 0.15) * np.exp(-edge)
    img = img * (g * rim)[..., None]
    mask = _rounded_mask(h, w, corner * min(h, w))
    return np.clip(img, 0, 1), mask


# Every face painted turned 180 degrees on an unturned body: a row photographed from across the table, where the faces
# are upside down but the tile's side (the band) still shows nearest the camera, at the bottom. Off by default; set by
# make_heldout_photos.py --faces-turned (session 19). Draws no random numbers, so a seed gives the same photo.
FACES_TURNED = False


def render_tile(cls: str, style: dict, rng, assets: Assets, width: int = FW) -> Tile:
    """Render one tile as seen in a photo: a front (face on the body, or the back colour for 'back') squashed by
    the view angle, plus the thickness band (cream layer, then the coloured back layer) on top (standing tile) or
    below (lying tile). Returns a BGRA uint8 sprite, `width` pixels wide."""
    scale = width / FW
    fh = int(round(FH * scale * style["squash"] * rng.uniform(0.95, 1.05)))
    fw = width
    if cls == "back":
        front, mask = _body(fh, fw, style["back"], rng, style["corner"])
        if not style["back_is_full"] and rng.random() < 0.5:
            pass
    else:
        front, mask = _body(fh, fw, style["body"], rng, style["corner"])
        face = _face_for(cls, style, rng, assets)
        if DRAWING_WARP:
            face = _warped(face, cls, style, rng)
        if FACES_TURNED:
            face = cv2.rotate(face, cv2.ROTATE_180)
        if style["stroke"] != 0:
            k = np.ones((2, 2), np.uint8) if abs(style["stroke"]) == 1 else np.ones((3, 3), np.uint8)
            face = face.copy()
            face[..., 3] = cv2.dilate(face[..., 3], k) if style["stroke"] > 0 else cv2.erode(face[..., 3], k)
        s = style["face_scale"] * rng.uniform(0.97, 1.03)
        sw, sh = max(1, int(fw * s)), max(1, int(fh * s * style["face_sy"]))
        sh = min(sh, fh)
        f = cv2.resize(face, (sw, sh), interpolation=cv2.INTER_AREA if sw < FW else cv2.INTER_LINEAR)
        if style["ink_blur"] > 0.3:
            f = cv2.GaussianBlur(f, (0, 0), style["ink_blur"] * scale)
        sign = -1 if FACES_TURNED else 1  # the face's offset on the body turns with it
        x0 = int((fw - sw) / 2 + sign * style["face_dx"] * fw)
        y0 = int((fh - sh) / 2 + sign * style["face_dy"] * fh)
        x0, y0 = min(max(0, x0), fw - sw), min(max(0, y0), fh - sh)
        a = f[..., 3:4] * rng.uniform(0.85, 1.0)
        reg = front[y0:y0 + sh, x0:x0 + sw]
        front[y0:y0 + sh, x0:x0 + sw] = reg * (1 - a) + f[..., :3] * a
    # thickness band
    bh = int(round(FH * scale * style["band_frac"] * rng.uniform(0.85, 1.15)))
    if bh >= 2:
        band = np.ones((bh, fw, 3), np.float32)
        nb = int(round(bh * style["back_frac"]))
        near_col = np.array(style["body"] if cls != "back" else style["body"], np.float32)
        far_col = np.array(style["back"], np.float32)
        if cls == "back":  # a face-down tile: the near layer is the back colour, the far one cream
            near_col, far_col = far_col, np.array(style["body"], np.float32)
        shade = rng.uniform(0.72, 0.95) if style["band_pos"] == "bottom" else rng.uniform(0.85, 1.05)
        if style["band_pos"] == "top":  # far layer on top
            band[:nb] = far_col * shade
            band[nb:] = near_col * shade
        else:
            band[:bh - nb] = near_col * shade
            band[bh - nb:] = far_col * shade
        yy = np.linspace(0, 1, bh, dtype=np.float32)[:, None, None]
        band *= 1 + rng.uniform(-0.1, 0.1) * (yy - 0.5)
        if style["band_pos"] == "top":
            img = np.concatenate([band, front], 0)
            face_box = (0, bh, fw, bh + fh)
        else:
            img = np.concatenate([front, band], 0)
            face_box = (0, 0, fw, fh)
        h = img.shape[0]
        mask = _rounded_mask(h, fw, style["corner"] * min(h, fw))
        # a thin dark seam between the face and the band
        seam = bh if style["band_pos"] == "top" else fh
        img[max(0, seam - 1):seam + 1] *= rng.uniform(0.75, 0.95)
    else:
        img = front
        face_box = (0, 0, fw, fh)
    out = np.concatenate([np.clip(img, 0, 1), mask[..., None]], axis=2)
    return Tile((out * 255).astype(np.uint8), cls, face_box)


# --------------------------------------------------------------------------------------------------------------
# rows and photos
# --------------------------------------------------------------------------------------------------------------
def random_hand(rng, n=None) -> list:
    """A random multiset of tiles (<= 4 per kind, realistic-ish clustering, red fives and backs sometimes)."""
    n = n or int(rng.integers(13, 15))
    hand = []
    counts = {}
    while len(hand) < n:
        if hand and rng.random() < 0.35:
            c = hand[-1]
            if c[0].isdigit() and c[1] in "mps" and rng.random() < 0.6:
                k = int(c[0]) if c[0] != "0" else 5
                if k < 9:
                    c = f"{k + 1}{c[1]}"
        else:
            c = CLASSES[int(rng.integers(37))]
        if c == "back":
            continue
        if c[0] == "5" and c[1] in "mps" and rng.random() < 0.3:
            c = "0" + c[1]
        base = "5" + c[1] if c[0] == "0" else c
        if counts.get(base, 0) >= 4:
            continue
        counts[base] = counts.get(base, 0) + 1
        hand.append(c)
    return hand


def compose_row(classes: list, style: dict, rng, assets: Assets, tile_w: int = FW, sideways: list | None = None,
                gaps: list | None = None, upside_down_prob: float = 0.15):
    """Tiles side by side, touching (or set apart by gaps[i] px before tile i), sideways[i] -> called tile lying
    rotated 90 degrees. Returns (BGRA row image, list of dict(cls, box=[x0,y0,x1,y1], sideways))."""
    sideways = sideways or [False] * len(classes)
    gaps = gaps or [0] * len(classes)
    sprites, faces = [], []
    for c, sw in zip(classes, sideways):
        st = style
        if sw:
            st = dict(style)
            st["band_pos"] = "bottom"
            st["squash"] = style["squash"] * rng.uniform(0.85, 1.0)
        t = render_tile(c, st, rng, assets, width=tile_w)
        rgba, (fx0, fy0, fx1, fy1) = t.rgba, t.face
        h, w = rgba.shape[:2]
        if sw:  # called tile lying sideways
            if rng.random() < 0.5:
                rgba = cv2.rotate(rgba, cv2.ROTATE_90_CLOCKWISE)
                fx0, fy0, fx1, fy1 = h - fy1, fx0, h - fy0, fx1
            else:
                rgba = cv2.rotate(rgba, cv2.ROTATE_90_COUNTERCLOCKWISE)
                fx0, fy0, fx1, fy1 = fy0, w - fx1, fy1, w - fx0
            # lying flat: strongly foreshortened vertically
            nh = max(4, int(rgba.shape[0] * rng.uniform(0.55, 0.8)))
            sc = nh / rgba.shape[0]
            rgba = cv2.resize(rgba, (rgba.shape[1], nh), interpolation=cv2.INTER_AREA)
            fy0, fy1 = fy0 * sc, fy1 * sc
        elif rng.random() < upside_down_prob:  # some tiles are placed upside down
            rgba = cv2.rotate(rgba, cv2.ROTATE_180)
            fx0, fy0, fx1, fy1 = w - fx1, h - fy1, w - fx0, h - fy0
        sprites.append(rgba)
        faces.append((fx0, fy0, fx1, fy1))
    H = max(s.shape[0] for s in sprites) + 4
    W = sum(s.shape[1] for s in sprites) + sum(gaps) + 4
    row = np.zeros((H, W, 4), np.float32)
    x = 2
    tiles = []
    overlap = int(tile_w * rng.uniform(0.0, 0.04))  # touching, slight occlusion
    for s, c, sw, g, fb in zip(sprites, classes, sideways, gaps, faces):
        x += g
        h, w = s.shape[:2]
        y = H - 2 - h  # bottoms aligned
        y += int(rng.integers(-2, 3)) if y > 2 else 0
        y = max(0, min(H - h, y))
        a = s[..., 3:4].astype(np.float32) / 255
        reg = row[y:y + h, x:x + w]
        reg[..., :3] = reg[..., :3] * (1 - a) + s[..., :3] * a
        reg[..., 3:4] = np.maximum(reg[..., 3:4], a * 255)
        tiles.append(dict(cls=c, box=[x, y, x + w, y + h], sideways=bool(sw),
                          face_box=[x + fb[0], y + fb[1], x + fb[2], y + fb[3]]))
        x += w - overlap
    return row.astype(np.uint8), tiles


def random_table(rng, h, w, assets: Assets | None = None, info: dict | None = None) -> np.ndarray:
    """Table / background, BGR uint8. info["real"] says whether it is a crop of a real photo (which may show tiles)."""
    if assets is not None and assets.backgrounds and rng.random() < 0.35:
        if info is not None:
            info["real"] = True
        bg = assets.backgrounds[rng.integers(len(assets.backgrounds))]
        # random crop + resize
        bh, bw = bg.shape[:2]
        ch, cw = int(bh * rng.uniform(0.3, 1.0)), int(bw * rng.uniform(0.3, 1.0))
        y0, x0 = rng.integers(0, bh - ch + 1), rng.integers(0, bw - cw + 1)
        return cv2.resize(bg[y0:y0 + ch, x0:x0 + cw], (w, h), interpolation=cv2.INTER_LINEAR)
    palettes = [(0.2, 0.45, 0.15), (0.45, 0.3, 0.1), (0.35, 0.35, 0.35), (0.15, 0.25, 0.45), (0.12, 0.12, 0.12),
                (0.55, 0.55, 0.5), (0.3, 0.5, 0.3), (0.5, 0.35, 0.2), (0.75, 0.75, 0.72), (0.25, 0.2, 0.4)]
    col = np.array(palettes[rng.integers(len(palettes))]) * rng.uniform(0.6, 1.4) + rng.uniform(-0.08, 0.08, 3)
    img = np.ones((h, w, 3), np.float32) * np.clip(col, 0, 1).astype(np.float32)
    # low-frequency blotches + fine texture
    sm = rng.normal(0, 1, (max(2, h // 32), max(2, w // 32), 1)).astype(np.float32)
    sm = cv2.resize(sm, (w, h), interpolation=cv2.INTER_CUBIC)[..., None] if sm.ndim == 3 else sm
    img *= 1 + 0.06 * (sm if sm.ndim == 3 else sm[..., None])
    if rng.random() < 0.5:  # wood grain / cloth stripes
        yy = np.arange(h, dtype=np.float32)[:, None]
        xx = np.arange(w, dtype=np.float32)[None, :]
        f = rng.uniform(0.02, 0.3)
        ang = rng.uniform(0, math.pi)
        stripes = np.sin((xx * math.cos(ang) + yy * math.sin(ang)) * f + rng.uniform(0, 6)).astype(np.float32)
        img *= (1 + np.float32(rng.uniform(0.02, 0.08)) * stripes)[..., None]
    img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(rng.uniform(0.005, 0.04))
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


def _perspective(row_w, row_h, rng, strength=1.0):
    """Homography for a row seen from the player's seat: far edge narrower, slight roll and skew."""
    src = np.float32([[0, 0], [row_w, 0], [row_w, row_h], [0, row_h]])
    k = rng.uniform(0.0, 0.06) * strength  # top edge narrower (further away)
    sk = rng.uniform(-0.03, 0.03) * strength * row_w
    dst = np.float32([[row_w * k + sk, 0], [row_w * (1 - k) + sk, 0], [row_w, row_h], [0, row_h]])
    # horizontal keystone (one end of the row closer)
    e = rng.uniform(-0.12, 0.12) * strength
    dst[1, 1] += e * row_h
    dst[2, 1] -= e * row_h
    ang = math.radians(rng.uniform(-6, 6) * strength)
    c = dst.mean(0)
    R = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]], np.float32)
    dst = (dst - c) @ R.T + c
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def photo_effects(img: np.ndarray, rng, strength: float = 1.0) -> np.ndarray:
    """Lighting gradient, shadow, glare, white balance, blur, noise, low-res, JPEG. BGR uint8 in/out."""
    h, w = img.shape[:2]
    f = img.astype(np.float32) * np.float32(1 / 255)
    # smooth fields (gradient, shadow, glare) are computed at low resolution, then upscaled
    lh, lw = max(4, h // 8), max(4, w // 8)
    yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    grad = ((xx / lw - 0.5) * math.cos(ang) + (yy / lh - 0.5) * math.sin(ang))
    mul = 1 + rng.uniform(0, 0.5) * strength * grad
    add = np.zeros((lh, lw), np.float32)
    # soft shadow (a hand / phone): a dark blurred polygon
    if rng.random() < 0.35 * strength:
        m = np.zeros((lh, lw), np.float32)
        pts = np.stack([rng.uniform(-0.2, 1.2, 4) * lw, rng.uniform(-0.2, 1.2, 4) * lh], 1).astype(np.int32)
        cv2.fillConvexPoly(m, cv2.convexHull(pts), 1.0)
        m = cv2.GaussianBlur(m, (0, 0), max(0.5, rng.uniform(0.02, 0.1) * min(lh, lw) + 0.5))
        mul *= (1 - rng.uniform(0.15, 0.5) * m)
    # specular glare spots
    for _ in range(int(rng.integers(0, 3) * strength)):
        cx, cy = rng.uniform(0, lw), rng.uniform(0, lh)
        sx, sy = rng.uniform(0.01, 0.08) * lw + 0.5, rng.uniform(0.02, 0.2) * lh + 0.5
        add += rng.uniform(0.1, 0.6) * np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2))
    mul = cv2.resize(mul.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    add = cv2.resize(add, (w, h), interpolation=cv2.INTER_LINEAR)
    f = f * mul[..., None] + add[..., None]
    # white balance / exposure / contrast / saturation
    f *= rng.uniform(0.9, 1.1, 3).astype(np.float32) * np.float32(rng.uniform(0.75, 1.25))
    f = (f - 0.5) * np.float32(rng.uniform(0.75, 1.25)) + np.float32(0.5 + rng.uniform(-0.08, 0.08))
    gray = f.mean(2, keepdims=True)
    f = gray + (f - gray) * np.float32(rng.uniform(0.6, 1.25))
    f = np.clip(f, 0, 1)
    if rng.random() < 0.2:
        f = f ** rng.uniform(0.7, 1.4)
    out = (f * 255).astype(np.uint8)
    # blur
    r = rng.random()
    if r < 0.3 * strength:
        s = rng.uniform(0.3, 2.0)
        out = cv2.GaussianBlur(out, (0, 0), s)
    elif r < 0.45 * strength:
        k = int(rng.integers(3, 9))
        kern = np.zeros((k, k), np.float32)
        kern[k // 2, :] = 1
        M = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        kern = cv2.warpAffine(kern, M, (k, k))
        kern /= max(kern.sum(), 1e-6)
        out = cv2.filter2D(out, -1, kern)
    # noise
    if rng.random() < 0.6:
        n = rng.standard_normal(out.shape, dtype=np.float32) * np.float32(rng.uniform(1, 10) * strength)
        out = np.clip(out.astype(np.float32) + n, 0, 255).astype(np.uint8)
    # JPEG
    if rng.random() < 0.7:
        q = int(rng.integers(30, 95))
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def render_hand_photo(rng, assets: Assets, classes: list | None = None, tile_px: int | None = None,
                      out_w: int | None = None, style: dict | None = None, effects: bool = True,
                      melds: bool = True, pad: float = 1.0, aspect: float | None = None,
                      effects_strength: float = 1.0, meld_prob: float = 0.4, photo_bg: bool = False,
                      upside_down_prob: float = 0.15) -> dict:
    """A photo-like image of one hand row on a table. tile_px = final tile width in pixels. photo_bg: sometimes use
    a crop of a real table photo (haitaks-yolo train split) as the table; they show unlabelled tiles, so keep it off
    for detection training.
    Returns dict(image=BGR uint8, tiles=[dict(cls, box, tile_box, sideways)], hand=[...]) where box = [x0,y0,x1,y1]
    (image px) around the tile's front surface (face or back, without the thickness band: the localiser's and
    haitaks-yolo's convention, and what the classifier crop rule expects) and tile_box around the whole visible tile."""
    classes = classes or random_hand(rng)
    style = style or random_style(rng, assets)
    n = len(classes)
    tile_px = tile_px or int(rng.uniform(40, 150))
    tw = int(np.clip(tile_px * 1.25, 40, FW))  # render width of one tile: no more detail than the photo keeps
    sideways = [False] * n
    gaps = [0] * n
    if melds and n >= 8 and rng.random() < meld_prob:  # a meld set apart at the right end, with one called tile
        k = int(rng.integers(3, 5)) if rng.random() < 0.8 else 3
        start = n - k
        gaps[start] = int(tw * rng.uniform(0.3, 1.2))
        sideways[start + int(rng.integers(0, k))] = True
    if rng.random() < 0.15:  # the winning tile set apart
        gaps[n - 1] += int(tw * rng.uniform(0.2, 0.8))
    row, tiles = compose_row(classes, style, rng, assets, tw, sideways, gaps, upside_down_prob)
    rh, rw = row.shape[:2]
    # place the row on a table canvas, then warp with perspective
    pad_x, pad_top, pad_bot = int(rw * rng.uniform(0.03, 0.25) * pad), int(rh * rng.uniform(0.3, 2.5) * pad), int(
        rh * rng.uniform(0.2, 1.5) * pad)
    if aspect:  # grow the table so that H / W == aspect (e.g. 0.75 for a 4:3 phone photo)
        extra = int((rw + 2 * pad_x) * aspect) - (rh + pad_top + pad_bot)
        if extra > 0:
            t = int(extra * rng.uniform(0.3, 0.7))
            pad_top, pad_bot = pad_top + t, pad_bot + extra - t
    H, W = rh + pad_top + pad_bot, rw + 2 * pad_x
    table_info = {}
    table = random_table(rng, H, W, assets if photo_bg else None, table_info)
    # soft contact shadow under the row
    a = np.zeros((H, W), np.float32)
    a[pad_top:pad_top + rh, pad_x:pad_x + rw] = row[..., 3] / 255
    sh = cv2.GaussianBlur(np.roll(a, (int(rh * 0.05), int(rw * rng.uniform(-0.01, 0.01))), (0, 1)), (0, 0),
                          max(1.0, rh * 0.05))
    tab = table.astype(np.float32) * (1 - rng.uniform(0.2, 0.6) * sh[..., None])
    canvas = tab
    canvas[pad_top:pad_top + rh, pad_x:pad_x + rw] = (
            canvas[pad_top:pad_top + rh, pad_x:pad_x + rw] * (1 - row[..., 3:4] / 255) + row[..., :3] * (
                row[..., 3:4] / 255))
    img = canvas.astype(np.uint8)
    Hm = _perspective(W, H, rng)
    # Note (session 37): where the warp uncovers the canvas's edge, BORDER_REFLECT mirrors the scene, so with a small
    # pad (make_heldout_photos.py's 0.4) the photo's left or right edge can show a mirror image of the row's end tile,
    # which no true box covers and real photos never show (photo_bg's real tables add unlabelled tiles of their own).
    # The localiser finds some of them at the edge; src/vision leaves out
    # such an edge box when it is unsure of it (rows.ts CUT_MAX_PEAK). Kept as it is: changing it would change every
    # development and held-out render made with it.
    img = cv2.warpPerspective(img, Hm, (W, H), borderMode=cv2.BORDER_REFLECT)
    def warp_box(b):
        x0, y0, x1, y1 = b
        pts = np.float32([[x0 + pad_x, y0 + pad_top], [x1 + pad_x, y0 + pad_top], [x1 + pad_x, y1 + pad_top],
                          [x0 + pad_x, y1 + pad_top]])[None]
        q = cv2.perspectiveTransform(pts, Hm)[0]
        return [float(q[:, 0].min()), float(q[:, 1].min()), float(q[:, 0].max()), float(q[:, 1].max())]

    boxes = [(warp_box(t["face_box"]), warp_box(t["box"])) for t in tiles]
    # final size: tile width in pixels
    s = tile_px / tw
    if out_w:
        s = out_w / W
    nw, nh = max(8, int(W * s)), max(8, int(H * s))
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    img = cv2.resize(img, (nw, nh), interpolation=interp)
    if effects:
        if rng.random() < 0.2:  # low resolution, upscaled back (phone zoom / compression)
            f = rng.uniform(0.4, 0.8)
            small = cv2.resize(img, (max(8, int(nw * f)), max(8, int(nh * f))), interpolation=cv2.INTER_AREA)
            img = cv2.resize(small, (nw, nh), interpolation=cv2.INTER_LINEAR)
        img = photo_effects(img, rng, effects_strength)
    out_tiles = []
    for t, (fb, tb) in zip(tiles, boxes):
        out_tiles.append(dict(cls=t["cls"], sideways=t["sideways"],
                              box=[fb[0] * nw / W, fb[1] * nh / H, fb[2] * nw / W, fb[3] * nh / H],
                              tile_box=[tb[0] * nw / W, tb[1] * nh / H, tb[2] * nw / W, tb[3] * nh / H]))
    return dict(image=img, tiles=out_tiles, hand=list(classes), style=style, real_table=bool(table_info.get("real")))


# --------------------------------------------------------------------------------------------------------------
# the classifier crop rule (must match models/model.json and src/vision)
# --------------------------------------------------------------------------------------------------------------
CROP_MARGIN = 0.08  # fraction of the box width (left/right) and height (top/bottom) added per side


def crop_tile(img: np.ndarray, box, H: int = 64, W: int = 48, margin: float = CROP_MARGIN,
              interp=cv2.INTER_AREA) -> np.ndarray:
    """Expand the box by `margin` per side, clamp to the image, crop, rotate landscape crops 90 degrees
    clockwise to portrait, resize to W x H. Returns BGR uint8 (H, W, 3)."""
    x0, y0, x1, y1 = [float(v) for v in box]
    bw, bh = x1 - x0, y1 - y0
    x0, x1 = x0 - margin * bw, x1 + margin * bw
    y0, y1 = y0 - margin * bh, y1 + margin * bh
    ih, iw = img.shape[:2]
    X0, Y0 = int(max(0, math.floor(x0))), int(max(0, math.floor(y0)))
    X1, Y1 = int(min(iw, math.ceil(x1))), int(min(ih, math.ceil(y1)))
    if X1 - X0 < 2 or Y1 - Y0 < 2:
        return np.zeros((H, W, 3), np.uint8)
    c = img[Y0:Y1, X0:X1]
    if (x1 - x0) > (y1 - y0):
        c = cv2.rotate(c, cv2.ROTATE_90_CLOCKWISE)
    return cv2.resize(c, (W, H), interpolation=interp)


if __name__ == "__main__":  # quick visual check: python3 render.py out.jpg
    import sys
    rng = np.random.default_rng(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    assets = load_assets()
    ims = []
    for i in range(6):
        p = render_hand_photo(rng, assets, out_w=900)
        im = p["image"].copy()
        for t in p["tiles"]:
            x0, y0, x1, y1 = [int(v) for v in t["box"]]
            cv2.rectangle(im, (x0, y0), (x1, y1), (0, 0, 255), 1)
            cv2.putText(im, t["cls"], (x0 + 2, y0 + 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 255), 1)
        ims.append(cv2.resize(im, (900, int(im.shape[0] * 900 / im.shape[1]))))
    cv2.imwrite(sys.argv[1] if len(sys.argv) > 1 else "/tmp/render_check.png", np.vstack(ims))
