"""Synthetic scenes for the class-agnostic tile localiser.

Every scene is a table photo (at most 512 px on its longest side, i.e. already at the
localiser's input scale) holding a hand row of 13-18 touching tiles (melds set apart, called
tiles lying sideways, closed kans showing backs) plus optional discard rows and scattered tiles.
Each tile carries a box = the axis-aligned bounding box of its printed face (or its back),
which is the same convention as the real haitaks-yolo labels.

Run it once to build the pool the training script reads:

    /usr/bin/python3 training-notes/localizer/synth.py --n 3000 --out training-notes/localizer/data/synth
    /usr/bin/python3 training-notes/localizer/synth.py --n 300 --seed 999 --out training-notes/localizer/data/synth_val

It writes <out>/NNNNN.jpg and <out>/boxes.json ({"NNNNN.jpg": [[x0,y0,x1,y1], ...]}).
Tile art comes from ../shared/data/tiles (FluffyStuff CC0 and martinpersson.org).
"""
import argparse
import glob
import json
import math
import os
import sys
import time

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
TILES = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared', 'data', 'tiles'))
FACE_NAMES = ([f'Man{i}' for i in range(1, 10)] + [f'Pin{i}' for i in range(1, 10)] +
              [f'Sou{i}' for i in range(1, 10)] +
              ['Ton', 'Nan', 'Shaa', 'Pei', 'Haku', 'Hatsu', 'Chun', 'Man5-Dora', 'Pin5-Dora', 'Sou5-Dora'])


def _read_rgba(path, size=None):
    im = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if im is None:
        raise FileNotFoundError(path)
    if im.shape[2] == 3:
        im = np.dstack([im, np.full(im.shape[:2], 255, np.uint8)])
    if size is not None:
        im = cv2.resize(im, size, interpolation=cv2.INTER_AREA)
    return im.astype(np.float32) / 255.0  # BGRA in 0..1


class TileArt:
    """Tile faces (BGRA float, face + body, portrait) and back templates from two art styles."""

    def __init__(self, tiles_dir=TILES):
        fl = os.path.join(tiles_dir, 'fluffystuff', 'Export', 'Regular')
        mp = os.path.join(tiles_dir, 'martinpersson')
        # FluffyStuff: body (Front.png) + transparent face overlay, downscaled to 120x160.
        self.fluffy_front = _read_rgba(os.path.join(fl, 'Front.png'), (120, 160))
        self.fluffy_faces = [_read_rgba(os.path.join(fl, n + '.png'), (120, 160)) for n in FACE_NAMES]
        self.fluffy_back = _read_rgba(os.path.join(fl, 'Back.png'), (120, 160))
        # martinpersson: complete small tiles (82x128) with light shading.
        self.martin = [_read_rgba(os.path.join(mp, n + '.png')) for n in FACE_NAMES]
        self.martin_back = _read_rgba(os.path.join(mp, 'Back.png'))

    def face(self, rng, body_bgr):
        """A random face-up tile image (BGRA float) on a body tinted body_bgr."""
        if rng.random() < 0.6:
            body = self.fluffy_front.copy()
            body[..., :3] = body[..., :3] * np.array(body_bgr, np.float32)
            ov = self.fluffy_faces[rng.integers(len(self.fluffy_faces))]
            a = ov[..., 3:]
            body[..., :3] = body[..., :3] * (1 - a) + ov[..., :3] * a
            return body
        t = self.martin[rng.integers(len(self.martin))].copy()
        # martinpersson bodies are pale yellow; push towards the chosen body colour a little
        t[..., :3] = np.clip(t[..., :3] * (0.75 + 0.25 * np.array(body_bgr, np.float32)), 0, 1)
        return t

    def blank(self, rng, body_bgr):
        """A face-up tile with an empty face (the white dragon of most sets): the body alone."""
        body = self.fluffy_front.copy()
        body[..., :3] = body[..., :3] * np.array(body_bgr, np.float32)
        return body

    def back(self, rng, back_bgr):
        src = self.fluffy_back if rng.random() < 0.6 else self.martin_back
        t = src.copy()
        g = t[..., :3].mean(axis=2, keepdims=True)
        g = g / max(float(g[t[..., 3] > 0.5].mean()), 1e-3)
        t[..., :3] = np.clip(g * np.array(back_bgr, np.float32), 0, 1)
        return t


def rand_colour(rng, base, jitter):
    return np.clip(np.array(base, np.float32) + rng.uniform(-jitter, jitter, 3), 0, 1)


V2 = False  # --v2: blank-tile runs and non-tile distractors (see distractors, hand_items)

BACK_COLOURS = [(0.1, 0.5, 0.95), (0.1, 0.8, 0.95), (0.8, 0.45, 0.1), (0.3, 0.6, 0.2),
                (0.15, 0.15, 0.8), (0.7, 0.3, 0.5), (0.25, 0.25, 0.25), (0.85, 0.65, 0.6)]  # BGR
TABLE_COLOURS = [(0.25, 0.45, 0.15), (0.45, 0.35, 0.1), (0.5, 0.5, 0.5), (0.3, 0.4, 0.55), (0.15, 0.15, 0.15),
                 (0.8, 0.8, 0.8), (0.5, 0.65, 0.75), (0.2, 0.3, 0.45), (0.6, 0.55, 0.35), (0.9, 0.9, 0.92)]


def background(rng, h, w):
    """Table-like backgrounds: base colour + multi-scale noise, wood stripes, edges, clutter."""
    base = rand_colour(rng, TABLE_COLOURS[rng.integers(len(TABLE_COLOURS))], 0.15)
    img = np.ones((h, w, 3), np.float32) * base
    for s in (4, 16, 64):
        if rng.random() < 0.7:
            n = rng.normal(0, 1, (max(2, h // s), max(2, w // s), 1)).astype(np.float32)
            n = cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC)[..., None]
            img += n * rng.uniform(0.01, 0.08)
    if rng.random() < 0.25:  # wood grain
        y = np.arange(h, dtype=np.float32)[:, None]
        x = np.arange(w, dtype=np.float32)[None, :]
        ang = rng.uniform(0, math.pi)
        f = rng.uniform(0.05, 0.3)
        grain = np.sin((x * math.cos(ang) + y * math.sin(ang)) * f + 3 * np.sin(y * 0.02 + x * 0.01))
        img += grain[..., None] * rng.uniform(0.02, 0.06)
    for _ in range(rng.integers(0, 4)):  # table edges / rails / racks: big polygons of another colour
        c = rand_colour(rng, TABLE_COLOURS[rng.integers(len(TABLE_COLOURS))], 0.2)
        pts = rng.uniform([-0.2 * w, -0.2 * h], [1.2 * w, 1.2 * h], (4, 2)).astype(np.int32)
        if rng.random() < 0.6:  # a band across the image
            y0 = rng.uniform(0, h)
            hh = rng.uniform(0.05, 0.4) * h
            t = rng.uniform(-0.2, 0.2) * w
            pts = np.array([[-10, y0], [w + 10, y0 + t], [w + 10, y0 + t + hh], [-10, y0 + hh]], np.int32)
        cv2.fillPoly(img, [pts], c.tolist(), lineType=cv2.LINE_AA)
    for _ in range(rng.integers(0, 6)):  # sticks, coins, lines: clutter that is not a tile
        c = rng.uniform(0, 1, 3).tolist()
        if rng.random() < 0.5:
            p = rng.uniform(0, [w, h]).astype(int)
            q = p + rng.uniform(-0.3, 0.3, 2) * w
            cv2.line(img, tuple(p.tolist()), tuple(q.astype(int).tolist()), c, int(rng.integers(1, 8)), cv2.LINE_AA)
        else:
            cv2.circle(img, tuple(rng.uniform(0, [w, h]).astype(int).tolist()), int(rng.integers(3, 25)), c, -1,
                       cv2.LINE_AA)
    return np.clip(img, 0, 1)


def distractors(rng, img):
    """v2: things in table photos that are not tiles but look a little like them: the score display
    (red/green seven-segment digits), printed text, plain light rectangles (boxes, cards, the tray),
    skin-coloured hands. Honest note: the first model's false detections on score displays were noticed
    in the riichi-val photos, so this is a fix prompted by validation errors (not tuned on them: nothing
    here is fitted to those photos, and they stay out of training)."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(0, 4))):
        r = rng.random()
        size = float(np.exp(rng.uniform(np.log(0.02), np.log(0.12)))) * max(h, w)
        x, y = int(rng.uniform(-0.1, 0.9) * w), int(rng.uniform(0, 1.05) * h)
        if r < 0.35:  # digits or text, LED-red/green/white/black
            c = [(0.2, 0.15, 0.95), (0.3, 0.9, 0.3), (0.95, 0.95, 0.95), (0.05, 0.05, 0.05), (0.1, 0.6, 0.95)][int(rng.integers(5))]
            txt = ''.join(rng.choice(list('0123456789')) for _ in range(int(rng.integers(1, 6))))
            if rng.random() < 0.4:
                txt = ''.join(rng.choice(list('ABCDEFGHKLMNOPRSTXZ')) for _ in range(int(rng.integers(2, 8))))
            font = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_ITALIC][int(rng.integers(4))]
            scale = size / 30.0
            if rng.random() < 0.5:  # a dark display panel behind the digits
                tw = int(size * 0.6 * len(txt)) + 10
                cv2.rectangle(img, (x - 5, y - int(size) - 5), (x + tw, y + 8), (0.05, 0.05, 0.07), -1)
            cv2.putText(img, txt, (x, y), font, scale, c, max(1, int(size / 12)), cv2.LINE_AA)
        elif r < 0.7:  # a plain light rectangle, tile-sized or larger, maybe rotated
            c = rand_colour(rng, (0.9, 0.92, 0.94), 0.1).tolist()
            rw, rh = size * rng.uniform(0.6, 3.0), size * rng.uniform(0.6, 2.0)
            box = cv2.boxPoints(((x, y), (rw, rh), float(rng.uniform(-30, 30)))).astype(np.int32)
            cv2.fillPoly(img, [box], c, cv2.LINE_AA)
            if rng.random() < 0.5:
                cv2.polylines(img, [box], True, rng.uniform(0, 1, 3).tolist(), 1, cv2.LINE_AA)
        else:  # a hand: a skin-coloured blob with finger-like ellipses
            c = rand_colour(rng, (0.55, 0.65, 0.85), 0.1).tolist()
            cv2.ellipse(img, (x, y), (int(size), int(size * 0.7)), float(rng.uniform(0, 180)), 0, 360, c, -1, cv2.LINE_AA)
            for k in range(4):
                a = rng.uniform(0, 2 * math.pi)
                p = (int(x + math.cos(a) * size), int(y + math.sin(a) * size * 0.7))
                cv2.ellipse(img, p, (int(size * 0.5), int(size * 0.15)), math.degrees(a), 0, 360, c, -1, cv2.LINE_AA)
    return img


def rounded_alpha(h, w, r):
    a = np.zeros((h, w), np.float32)
    r = int(max(1, min(r, h // 2 - 1, w // 2 - 1)))
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 1, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 1, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 1, -1, cv2.LINE_AA)
    return a


def build_group(rng, art, items, fw, fh, style):
    """Lay tiles out left to right on a flat RGBA canvas ("row frame").

    items: list of ('face'|'blank'|'back'|'gap', sideways: bool). fw, fh: face width/height of an upright tile.
    style: dict(thick=strip height in px, where='above'|'below'|'none', body=bgr, back=bgr, cream_frac).
    Returns canvas (H, W, 4) float and the face quads (list of 4x2 arrays, row-frame pixels).
    """
    thick = style['thick']
    xs, quads, pieces = 0.0, [], []
    for kind, sideways in items:
        if kind == 'gap':
            xs += fw * rng.uniform(0.2, 1.2)
            continue
        w, h = (fh, fw) if sideways else (fw, fh)
        if kind == 'back':
            img = art.back(rng, style['back'])
        elif kind == 'blank':
            img = art.blank(rng, style['body'])
        else:
            img = art.face(rng, style['body'])
        if sideways:
            img = np.rot90(img, 1 if rng.random() < 0.5 else 3)
        elif rng.random() < 0.2:
            img = np.rot90(img, 2)  # upside-down tile
        img = cv2.resize(np.ascontiguousarray(img), (int(round(w)), int(round(h))), interpolation=cv2.INTER_AREA)
        pieces.append((xs, w, h, img))
        xs += w + rng.uniform(-0.5, 1.5)
    W = int(math.ceil(xs)) + 4
    H = int(math.ceil(max(fh, fw) + thick)) + 4
    can = np.zeros((H, W, 4), np.float32)
    for x0, w, h, img in pieces:
        ih, iw = img.shape[:2]
        x0 = int(round(x0)) + 2
        # all tiles sit on the same bottom line (called tiles too)
        if style['where'] == 'below':
            fy0 = H - 2 - int(thick) - ih
        else:
            fy0 = H - 2 - ih
        # thickness strip: cream part next to the face, coloured back layer beyond it
        if style['where'] != 'none' and thick >= 1:
            t = int(round(thick))
            cream = max(0, int(round(t * style['cream_frac'])))
            body = np.array(style['body'], np.float32) * rng.uniform(0.8, 0.95)
            backc = np.array(style['back'], np.float32) * rng.uniform(0.75, 1.0)
            if style['where'] == 'above':
                sy0 = fy0 - t
                can[sy0:sy0 + t - cream, x0:x0 + iw, :3] = backc
                can[sy0 + t - cream:fy0, x0:x0 + iw, :3] = body
                can[sy0:fy0, x0:x0 + iw, 3] = 1
            else:
                sy0 = fy0 + ih
                can[sy0:sy0 + cream, x0:x0 + iw, :3] = body
                can[sy0 + cream:sy0 + t, x0:x0 + iw, :3] = backc
                can[sy0:sy0 + t, x0:x0 + iw, 3] = 1
        a = img[..., 3:] * rounded_alpha(ih, iw, 0.1 * min(iw, ih))[..., None]
        reg = can[fy0:fy0 + ih, x0:x0 + iw]
        reg[..., :3] = reg[..., :3] * (1 - a) + img[..., :3] * a
        reg[..., 3:] = np.maximum(reg[..., 3:], a)
        quads.append(np.array([[x0, fy0], [x0 + iw, fy0], [x0 + iw, fy0 + ih], [x0, fy0 + ih]], np.float32))
        if rng.random() < 0.6:  # faint dark outline where tiles touch (not on every set)
            g = float(rng.uniform(0.2, 0.7))
            ol = reg.copy()
            cv2.rectangle(ol, (0, 0), (iw - 1, ih - 1), (g, g, g, 1), 1)
            reg[..., :3] = ol[..., :3] * a + reg[..., :3] * (1 - a)
    return can, quads


def hand_items(rng):
    """A hand row: 13-14 concealed tiles, optional drawn tile set apart, 0-4 melds."""
    n_melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
    items = []
    concealed = 13 - 3 * n_melds + (1 if rng.random() < 0.6 else 0)
    drawn_apart = concealed % 3 == 2 and rng.random() < 0.4
    for i in range(concealed):
        if drawn_apart and i == concealed - 1:
            items.append(('gap', False))
        items.append(('face', False))
    for _ in range(n_melds):
        items.append(('gap', False))
        r = rng.random()
        if r < 0.15:  # closed kan: back, face, face, back
            items += [('back', False), ('face', False), ('face', False), ('back', False)]
        elif r < 0.3:  # open kan: one sideways
            k = rng.integers(4)
            items += [('face', i == k) for i in range(4)]
        else:
            k = rng.integers(3)
            items += [('face', i == k) for i in range(3)]
    if V2 and rng.random() < 0.3:
        # v2: a run of 1-4 blank white dragons (a pair, a pon, a kan of haku): touching tiles with
        # nothing printed, whose only boundaries are the faint edges between them
        faces = [i for i, it in enumerate(items) if it[0] == 'face']
        run = int(rng.integers(1, 5))
        start = faces[int(rng.integers(len(faces)))]
        for i in range(start, min(len(items), start + run)):
            if items[i][0] == 'face':
                items[i] = ('blank', items[i][1])
    if rng.random() < 0.5:
        items = items[::-1]  # melds on the left sometimes
    return items


def warp_group(rng, scene, boxes, can, quads, tile_w, centre, angle, persp, squash, shadow, reflect=0.0,
               min_visible=0.6):
    """Project a row-frame canvas onto the scene with a random perspective; append face boxes.

    reflect > 0 (v3, shiny tables): a faint mirror image of the row, fading away from its bottom line, is drawn
    below it (same perspective, extrapolated). min_visible: tiles cut by the photo edge get the box of their
    visible part when at least this fraction of the face is inside the photo, else no box."""
    H, W = can.shape[:2]
    if reflect > 0:
        ref = can[::-1].copy()
        fade = np.linspace(1.0, 0.0, H, dtype=np.float32) ** 1.5
        ref[..., 3] *= reflect * fade[:, None]
        ref = cv2.GaussianBlur(ref, (0, 0), max(0.5, 0.02 * H))
        can = np.concatenate([can, ref], 0)
    s = tile_w / max(1.0, np.median([q[1, 0] - q[0, 0] for q in quads]))
    w, h = W * s, H * s
    # trapezoid: far (top) edge shorter by persp, height squashed by squash
    dst = np.array([[-w / 2 * persp, -h / 2 * squash], [w / 2 * persp, -h / 2 * squash],
                    [w / 2, h / 2 * squash], [-w / 2, h / 2 * squash]], np.float32)
    dst[:, 0] += rng.uniform(-0.03, 0.03, 4) * w
    c, si = math.cos(angle), math.sin(angle)
    R = np.array([[c, -si], [si, c]], np.float32)
    dst = dst @ R.T + np.array(centre, np.float32)
    src = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    if reflect > 0:  # the region to draw includes the reflection under the row
        dst = cv2.perspectiveTransform(np.array([[[0, 0], [W, 0], [W, 2 * H], [0, 2 * H]]], np.float32), M)[0]
        H = 2 * H
    sh, sw = scene.shape[:2]
    x0, y0 = np.floor(dst.min(0)).astype(int) - 2
    x1, y1 = np.ceil(dst.max(0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, sw), min(y1, sh)
    if x1 <= x0 + 2 or y1 <= y0 + 2:
        return
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ M
    warped = cv2.warpPerspective(can, T, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA if s < 0.6 else cv2.INTER_LINEAR)
    a = warped[..., 3:]
    reg = scene[y0:y1, x0:x1]
    if shadow > 0 and reflect > 0:  # the shadow is cast by the tiles only, not by their reflection
        a_t = cv2.warpPerspective(np.ascontiguousarray(can[:H // 2, :, 3]), T, (x1 - x0, y1 - y0))[..., None]
        k = int(max(3, tile_w * 0.3)) | 1
        sa = cv2.GaussianBlur(a_t, (k, k), 0).reshape(a.shape)
        reg *= 1 - shadow * np.roll(sa, (int(tile_w * 0.08), int(tile_w * 0.05)), (0, 1))
    elif shadow > 0:
        k = int(max(3, tile_w * 0.3)) | 1
        sa = cv2.GaussianBlur(a, (k, k), 0)
        sa = np.roll(sa, (int(tile_w * 0.08), int(tile_w * 0.05)), (0, 1))
        sa = sa.reshape(a.shape)
        reg *= 1 - shadow * sa
    reg[:] = reg * (1 - a) + warped[..., :3] * a
    for q in quads:
        p = cv2.perspectiveTransform(q[None], M)[0]
        bx0, by0 = p.min(0)
        bx1, by1 = p.max(0)
        cx0, cy0, cx1, cy1 = max(bx0, 0), max(by0, 0), min(bx1, sw), min(by1, sh)
        # keep tiles at least 60% visible; mark the others as "ignore" with a negative flag
        vis = max(0, cx1 - cx0) * max(0, cy1 - cy0) / max(1e-6, (bx1 - bx0) * (by1 - by0))
        if vis >= min_visible:
            boxes.append([float(cx0), float(cy0), float(cx1), float(cy1)])


def degrade(rng, img):
    """Lighting gradient, shadow blob, colour cast, blur, noise (JPEG is applied when saving)."""
    h, w = img.shape[:2]
    if rng.random() < 0.7:
        gx, gy = rng.uniform(-0.5, 0.5, 2)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        g = 1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
        img = img * g[..., None]
    if rng.random() < 0.4:  # a soft cast shadow (hand, phone)
        m = np.zeros((h, w), np.float32)
        pts = rng.uniform([-0.3 * w, -0.3 * h], [1.3 * w, 1.3 * h], (5, 2)).astype(np.int32)
        cv2.fillPoly(m, [cv2.convexHull(pts)], 1)
        k = int(rng.uniform(0.02, 0.15) * w) | 1
        m = cv2.GaussianBlur(m, (k, k), 0)
        img = img * (1 - rng.uniform(0.2, 0.6) * m[..., None])
    img = img * rng.uniform(0.6, 1.3) + rng.uniform(-0.1, 0.1)
    img = img * rand_colour(rng, (1, 1, 1), 0.12)
    if rng.random() < 0.15:  # specular glare
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        r = rng.uniform(0.05, 0.3) * w
        img = img + rng.uniform(0.2, 0.6) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))[..., None]
    r = rng.random()
    if r < 0.3:
        k = rng.uniform(0.5, 1.8)
        img = cv2.GaussianBlur(img, (0, 0), k)
    elif r < 0.4:  # motion blur
        k = int(rng.integers(3, 8))
        ker = np.zeros((k, k), np.float32)
        ker[k // 2] = 1 / k
        M = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        ker = cv2.warpAffine(ker, M, (k, k))
        img = cv2.filter2D(img, -1, ker / max(ker.sum(), 1e-6))
    img = img + rng.normal(0, rng.uniform(0, 0.04), img.shape).astype(np.float32)
    return np.clip(img, 0, 1)


def make_scene(rng, art, max_side=512):
    aspect = rng.choice([4 / 3, 3 / 4, 1.0, 16 / 9, 3 / 2], p=[0.5, 0.15, 0.1, 0.15, 0.1])
    if aspect >= 1:
        w, h = max_side, int(round(max_side / aspect))
    else:
        w, h = int(round(max_side * aspect)), max_side
    scene = background(rng, h, w)
    if V2:
        scene = distractors(rng, scene)
    boxes = []
    body = rand_colour(rng, (0.9, 0.95, 0.97), 0.07)  # cream/white body
    backc = rand_colour(rng, BACK_COLOURS[rng.integers(len(BACK_COLOURS))], 0.12)
    # hand tile width (px at the 512 scale): log-normal around 28 px (riichi photos: 20-35 px), 10..90
    tile_w = float(np.clip(np.exp(rng.normal(np.log(28), 0.45)), 10, 90))
    persp = rng.uniform(0.8, 1.0)
    squash = rng.uniform(0.55, 1.0)
    base_angle = rng.normal(0, 0.08) if rng.random() < 0.85 else rng.uniform(-math.pi, math.pi)
    shadow = rng.uniform(0, 0.5)
    aspect_face = rng.uniform(1.2, 1.45)
    fw = float(np.clip(tile_w * 2, 24, 90))
    fh = fw * aspect_face

    def style(where=None):
        return dict(thick=fh * rng.uniform(0.05, 0.4), where=where or rng.choice(['above', 'below', 'none'],
                    p=[0.5, 0.3, 0.2]), body=body, back=backc, cream_frac=rng.uniform(0.3, 0.8))

    # other groups first (further away = higher up, smaller), then the hand row in front
    n_other = rng.choice([0, 1, 2, 3, 4, 6], p=[0.25, 0.2, 0.2, 0.15, 0.1, 0.1])
    for _ in range(n_other):
        r = rng.random()
        tw = tile_w * rng.uniform(0.5, 1.0)
        if r < 0.6:  # discard row (flat, thickness below)
            items = [('face', rng.random() < 0.08) for _ in range(rng.integers(1, 7))]
            st = style('below')
        elif r < 0.8:  # a meld or a short row standing
            items = [('face', rng.random() < 0.2) for _ in range(rng.integers(2, 5))]
            st = style()
        else:  # a lone tile, any angle
            items = [('back' if rng.random() < 0.2 else 'face', False)]
            st = style()
        can, quads = build_group(rng, art, items, fw, fh, st)
        ang = base_angle + rng.normal(0, 0.1) if rng.random() < 0.7 else rng.uniform(-math.pi, math.pi)
        centre = (rng.uniform(0, w), rng.uniform(0, h * 0.8))
        warp_group(rng, scene, boxes, can, quads, tw, centre, ang, persp, squash, shadow)
    can, quads = build_group(rng, art, hand_items(rng), fw, fh, style())
    row_len = tile_w * 16
    cx = w / 2 + rng.uniform(-0.35, 0.35) * max(0, w - row_len * 0.8) if row_len < w else w / 2 + rng.uniform(-0.2, 0.2) * w
    centre = (cx, rng.uniform(0.3, 0.9) * h)
    warp_group(rng, scene, boxes, can, quads, tile_w, centre, base_angle, persp, squash, shadow)
    img = degrade(rng, scene)
    return (img * 255).astype(np.uint8), boxes


# ---------------------------------------------------------------------------------------------
# v3 (issue 13, the localiser on real scenes): the 12 Debian art styles, new face/back colours, several rows
# in view (an opponent's row across the table, discard rows lying flat close to the hand row), the hand row
# anywhere, whole scenes upside down or at other angles, far shots, shiny tables (glare, a mirror image of the
# tiles under them), tiles cut by the photo edge. v1/v2 scenes do not go through any of this (same seeds, same
# scenes as before).

ART_DIR = os.path.join(HERE, '..', 'common', 'data', 'art')  # written by ../common/extract_art.py
ART_CLASSES = [f'{i}{s}' for s in 'mps' for i in range(1, 10)] + [f'{i}z' for i in range(1, 8)]
FACE_TINTS_V3 = [(0.96, 0.97, 0.97), (0.86, 0.95, 0.98), (0.82, 0.95, 0.84), (0.9, 0.88, 0.98),
                 (0.7, 0.92, 0.97), (0.97, 0.9, 0.84), (0.9, 0.95, 0.97)]  # BGR: white ivory mint pink yellow blue cream
BACK_COLOURS_V3 = BACK_COLOURS + [(0.75, 0.4, 0.1), (0.3, 0.6, 0.15), (0.1, 0.8, 0.95), (0.1, 0.5, 0.95),
                                  (0.7, 0.55, 0.95), (0.9, 0.9, 0.9)]


class ArtV3:
    """TileArt plus the extracted Debian styles. Each scene picks one tile set (`pick`), so every tile of a
    scene shares its art, as on a real table. 'overlay' styles are face drawings pasted on the tinted
    FluffyStuff body; 'full' styles are the face region of a complete tile, stretched over the face."""

    def __init__(self, base, art_dir=ART_DIR):
        self.base = base
        self.styles = {}
        for kind_file in sorted(glob.glob(os.path.join(art_dir, '*', 'kind.txt'))):
            d = os.path.dirname(kind_file)
            kind = open(kind_file).read().strip()
            faces = []
            for c in ART_CLASSES:
                pth = os.path.join(d, c + '.png')
                if not os.path.exists(pth):
                    continue
                im = _read_rgba(pth)
                if kind == 'full':
                    im = cv2.resize(im, (120, 160), interpolation=cv2.INTER_AREA)
                else:
                    im = self._fit(im, 0.86)
                    if os.path.basename(d) == 'km_jade':  # white ink drawn for a green body
                        im[..., :3] = 1.0 - im[..., :3] * 0.85
                faces.append(im)
            if len(faces) >= 30:
                self.styles[os.path.basename(d)] = (kind, faces)
        if not self.styles:
            raise SystemExit(f'--v3 needs the extracted art in {art_dir}: run training-notes/common/extract_art.py')
        self.names = sorted(self.styles)
        self.style = None

    @staticmethod
    def _fit(im, fill):
        h, w = im.shape[:2]
        k = min(120 * fill / w, 160 * fill / h)
        nw, nh = max(1, int(round(w * k))), max(1, int(round(h * k)))
        im = cv2.resize(im, (nw, nh), interpolation=cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR)
        out = np.zeros((160, 120, 4), np.float32)
        y0, x0 = (160 - nh) // 2, (120 - nw) // 2
        out[y0:y0 + nh, x0:x0 + nw] = im
        return out

    def pick(self, rng):
        self.style = self.names[int(rng.integers(len(self.names)))] if rng.random() < 0.75 else None

    def face(self, rng, body_bgr):
        if self.style is None:
            return self.base.face(rng, body_bgr)
        kind, faces = self.styles[self.style]
        f = faces[int(rng.integers(len(faces)))]
        if kind == 'full':
            t = f.copy()
            t[..., :3] = np.clip(t[..., :3] * (0.8 + 0.2 * np.array(body_bgr, np.float32)), 0, 1)
            t[..., 3] = 1.0
            return t
        body = self.base.blank(rng, body_bgr)
        a = f[..., 3:]
        body[..., :3] = body[..., :3] * (1 - a) + f[..., :3] * a
        return body

    def blank(self, rng, body_bgr):
        return self.base.blank(rng, body_bgr)

    def back(self, rng, back_bgr):
        return self.base.back(rng, back_bgr)


def rotate_group(can, quads):
    """Turn a row frame by 180 degrees (a row seen from across the table), quads with it."""
    H, W = can.shape[:2]
    return can[::-1, ::-1].copy(), [np.array([[W - x, H - y] for x, y in q[[2, 3, 0, 1]]], np.float32) for q in quads]


def shine(rng, img):
    """Shiny table / lacquered tiles: one to three sharp elongated highlights (window or lamp reflections)."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for _ in range(int(rng.integers(1, 4))):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, math.pi)
        u = (xx - cx) * math.cos(a) + (yy - cy) * math.sin(a)
        v = -(xx - cx) * math.sin(a) + (yy - cy) * math.cos(a)
        ru, rv = rng.uniform(0.05, 0.4) * w, rng.uniform(0.005, 0.05) * w
        g = np.exp(-(u / ru) ** 2 - (v / rv) ** 2)
        img = img + rng.uniform(0.3, 0.9) * np.minimum(1.0, 1.5 * g)[..., None]
    return np.clip(img, 0, 1)


def make_scene_v3(rng, art, max_side=512):
    aspect = rng.choice([4 / 3, 3 / 4, 1.0, 16 / 9, 3 / 2], p=[0.5, 0.15, 0.1, 0.15, 0.1])
    if aspect >= 1:
        w, h = max_side, int(round(max_side / aspect))
    else:
        w, h = int(round(max_side * aspect)), max_side
    scene = background(rng, h, w)
    if rng.random() < 0.7:
        scene = distractors(rng, scene)
    boxes = []
    art.pick(rng)
    body = rand_colour(rng, FACE_TINTS_V3[rng.integers(len(FACE_TINTS_V3))], 0.05)
    backc = rand_colour(rng, BACK_COLOURS_V3[rng.integers(len(BACK_COLOURS_V3))], 0.1)
    if rng.random() < 0.35:  # far shot: hand tiles 12-30 px wide at the 512 scale
        tile_w = float(np.exp(rng.uniform(np.log(12), np.log(30))))
    else:
        tile_w = float(np.clip(np.exp(rng.normal(np.log(28), 0.45)), 10, 90))
    persp = rng.uniform(0.75, 1.0)
    squash = rng.uniform(0.5, 1.0)
    r = rng.random()
    base_angle = rng.normal(0, 0.08) if r < 0.6 else rng.normal(0, 0.35) if r < 0.85 else rng.uniform(-math.pi, math.pi)
    shadow = rng.uniform(0, 0.5)
    shiny = rng.random() < 0.3
    aspect_face = rng.uniform(1.2, 1.45)
    fw = float(np.clip(tile_w * 2, 24, 90))
    fh = fw * aspect_face
    cut = rng.random() < 0.3  # the hand row runs off the left or right photo edge
    min_vis = 0.5  # a cut tile gets the box of its visible part when half of it or more is in the photo

    def style(where=None):
        return dict(thick=fh * rng.uniform(0.05, 0.4), where=where or rng.choice(['above', 'below', 'none'],
                    p=[0.5, 0.3, 0.2]), body=body, back=backc, cream_frac=rng.uniform(0.3, 0.8))

    # where the hand row goes (not always at the bottom); the other rows are laid out relative to it
    c, si = math.cos(base_angle), math.sin(base_angle)
    up = np.array([si, -c])  # "away from the player" in the image, for a row turned by base_angle
    hand_y = rng.uniform(0.25, 0.9) * h if rng.random() < 0.7 else rng.uniform(0.1, 0.9) * h
    row_len = tile_w * 16
    if cut:
        side = 1 if rng.random() < 0.5 else -1
        hx = w / 2 + side * (w / 2 + rng.uniform(-0.3, 0.4) * row_len - row_len / 2 + rng.uniform(0.3, 2.0) * tile_w)
    elif row_len < w:
        hx = w / 2 + rng.uniform(-0.35, 0.35) * max(0, w - row_len * 0.8)
    else:
        hx = w / 2 + rng.uniform(-0.2, 0.2) * w
    hand_c = np.array([hx, hand_y])
    hand_h = tile_w * aspect_face * squash  # the hand row's height in the image, roughly

    # the opponent's row across the table: backs of standing tiles, or an open row face-on, upside down
    if rng.random() < 0.45:
        tw = tile_w * rng.uniform(0.45, 0.85)
        n = int(rng.integers(8, 15))
        backs = rng.random() < 0.6
        can, quads = build_group(rng, art, [('back' if backs else 'face', False)] * n, fw, fh,
                                 style('above' if backs else 'below'))
        if not backs:
            can, quads = rotate_group(can, quads)
        centre = hand_c + up * hand_h * rng.uniform(3.0, 8.0) + rng.uniform(-0.3, 0.3) * w * np.array([c, si])
        warp_group(rng, scene, boxes, can, quads, tw, centre, base_angle + rng.normal(0, 0.05), persp,
                   squash, shadow, min_visible=min_vis)
    # discard rows lying flat between the players, close to the hand row
    if rng.random() < 0.6:
        tw = tile_w * rng.uniform(0.65, 0.95)
        dx = rng.uniform(-0.25, 0.25) * w
        gap = rng.uniform(1.1, 2.5)
        for k in range(int(rng.integers(1, 4))):
            items = [('face', rng.random() < 0.06) for _ in range(int(rng.integers(3, 7)))]
            can, quads = build_group(rng, art, items, fw, fh, style('below'))
            if rng.random() < 0.3:  # another player's discards, seen upside down
                can, quads = rotate_group(can, quads)
            centre = hand_c + up * hand_h * (gap + k * 1.15 * tw / tile_w) + dx * np.array([c, si])
            warp_group(rng, scene, boxes, can, quads, tw, centre, base_angle + rng.normal(0, 0.03), persp,
                       squash * rng.uniform(0.7, 1.0), shadow, min_visible=min_vis)
    # some of the v1 scenes' other groups (melds, lone tiles) anywhere
    for _ in range(int(rng.choice([0, 1, 2, 3], p=[0.4, 0.3, 0.2, 0.1]))):
        tw = tile_w * rng.uniform(0.5, 1.0)
        if rng.random() < 0.6:
            items = [('face', rng.random() < 0.2) for _ in range(int(rng.integers(2, 5)))]
        else:
            items = [('back' if rng.random() < 0.2 else 'face', False)]
        can, quads = build_group(rng, art, items, fw, fh, style())
        ang = base_angle + rng.normal(0, 0.1) if rng.random() < 0.7 else rng.uniform(-math.pi, math.pi)
        warp_group(rng, scene, boxes, can, quads, tw, (rng.uniform(0, w), rng.uniform(0, h)), ang, persp, squash,
                   shadow, min_visible=min_vis)
    can, quads = build_group(rng, art, hand_items(rng), fw, fh, style())
    warp_group(rng, scene, boxes, can, quads, tile_w, tuple(hand_c), base_angle, persp, squash, shadow,
               reflect=rng.uniform(0.15, 0.45) if shiny else 0.0, min_visible=min_vis)
    img = degrade(rng, scene)
    if shiny or rng.random() < 0.1:
        img = shine(rng, img)
    # the whole photo turned: upside down (taken from across the table), or a quarter turn
    r = rng.random()
    boxes = np.array(boxes, np.float32).reshape(-1, 4)
    H, W = img.shape[:2]
    if r < 0.25:
        img = img[::-1, ::-1]
        boxes = np.stack([W - boxes[:, 2], H - boxes[:, 3], W - boxes[:, 0], H - boxes[:, 1]], 1)
    elif r < 0.33:
        img = np.rot90(img)  # counter-clockwise: (x, y) -> (y, W - x)
        boxes = np.stack([boxes[:, 1], W - boxes[:, 2], boxes[:, 3], W - boxes[:, 0]], 1)
    return (np.ascontiguousarray(img) * 255).astype(np.uint8), boxes.tolist()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=3000)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--out', default=os.path.join(HERE, 'data', 'synth'))
    ap.add_argument('--v2', action='store_true', help='blank white-dragon runs and non-tile distractors')
    ap.add_argument('--v3', action='store_true', help='v2 plus Debian art styles, several rows, turned photos, '
                    'far shots, shiny tables, tiles cut by the edge (make_scene_v3)')
    ap.add_argument('--sheet', default='', help='also write a contact sheet of the first 24 scenes, boxes drawn')
    args = ap.parse_args()
    global V2
    V2 = args.v2 or args.v3
    cv2.setNumThreads(1)
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    art = TileArt()
    art3 = ArtV3(art) if args.v3 else None
    labels = {}
    sheet = []
    t0 = time.time()
    for i in range(args.n):
        img, boxes = make_scene_v3(rng, art3) if args.v3 else make_scene(rng, art)
        if args.sheet and len(sheet) < 24:
            vis = np.full((512, 512, 3), 114, np.uint8)
            vis[:img.shape[0], :img.shape[1]] = img
            for b in boxes:
                cv2.rectangle(vis, (int(b[0]), int(b[1])), (int(b[2]), int(b[3])), (0, 0, 255), 1)
            sheet.append(vis)
        name = f'{i:05d}.jpg'
        cv2.imwrite(os.path.join(args.out, name), img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 96))])
        labels[name] = [[round(v, 1) for v in b] for b in boxes]
        if (i + 1) % 200 == 0:
            print(f'{i + 1}/{args.n} scenes, {time.time() - t0:.0f}s', flush=True)
    if sheet:
        sheet += [np.zeros_like(sheet[0])] * (-len(sheet) % 6)
        cv2.imwrite(args.sheet, np.vstack([np.hstack(sheet[r:r + 6]) for r in range(0, len(sheet), 6)]))
    with open(os.path.join(args.out, 'boxes.json'), 'w') as f:
        json.dump(labels, f)
    print(f'wrote {args.n} scenes to {args.out} in {time.time() - t0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
