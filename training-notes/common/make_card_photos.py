"""Photos of playing cards and of bare table textures, for the "no tiles where there are none" checks (issue 20).

Playing cards laid in a row are the picture without mahjong tiles that looks most like a hand: white rectangles of
about a tile's shape, with coloured marks, side by side on a table. Two folders, kept apart:
  data/no-tiles-cards        56 scenes (16 decks of kdegames-card-data-kf5, 4 scenes each, 5-13 cards side by side
                             or overlapping, on plain felt or a GIMP pattern, a mild perspective; seed 2026120701) and
                             57 bare textures (gimp-data's Stone, Wood and Legacy patterns tiled to 1600x1200):
                             session 48's no-tiles line (notTiles.ts, UNLIKE_ANY_TILE) was chosen on these;
  data/no-tiles-cards-check  56 more scenes from seed 77, measured only after that line was written (same generator,
                             so a weak check).
Run (about 40 s and 20 s on one core; installs the two packages when missing):
  /usr/bin/python3 training-notes/common/make_card_photos.py
  npm run eval -- --only hand     # photos giving tiles, per folder
"""
import glob, io, os, random, shutil, subprocess, sys
import cv2
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = ['kdegames-card-data-kf5', 'gimp-data', 'librsvg2-bin']
RANKS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king']
SUITS = ['club', 'diamond', 'heart', 'spade']


def install_missing():
    missing = [p for p in PACKAGES if subprocess.run(['dpkg', '-s', p], capture_output=True).returncode]
    if missing:
        print('installing', ' '.join(missing))
        sudo = [] if os.geteuid() == 0 else ['sudo']
        subprocess.run(sudo + ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends'] + missing, check=True)


def load_pattern(path):
    """A GIMP .pat file: a big-endian header (header size, version, width, height, bytes per pixel, ...), then pixels."""
    b = open(path, 'rb').read()
    header, _, w, h, bpp = [int.from_bytes(b[i * 4:i * 4 + 4], 'big') for i in range(5)]
    px = np.frombuffer(b[header:header + w * h * bpp], np.uint8).reshape(h, w, bpp)
    if bpp in (1, 2):
        px = np.repeat(px[:, :, :1], 3, 2)
    return px[:, :, :3][:, :, ::-1].copy()  # BGR


def tiled(px, W=1600, H=1200, scale=1.0):
    if scale != 1.0:
        px = cv2.resize(px, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    return np.tile(px, (H // px.shape[0] + 1, W // px.shape[1] + 1, 1))[:H, :W].copy()


def render_card(deck, card_id, width):
    """One card of a deck's SVG sheet (its element id, e.g. queen_heart), as BGRA; None when the deck lacks it."""
    try:
        r = subprocess.run(['rsvg-convert', '-i', card_id, '-w', str(width), deck], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode:
        return None
    return cv2.cvtColor(np.array(Image.open(io.BytesIO(r.stdout)).convert('RGBA')), cv2.COLOR_RGBA2BGRA)


def make(out, seed, with_textures):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    rng = random.Random(seed)
    textures = [(os.path.basename(p)[:-4], load_pattern(p)) for p in sorted(glob.glob('/usr/share/gimp/2.0/patterns/*/*.pat'))]
    n = 0
    for name, px in textures:
        if px.shape[0] < 24 or not with_textures:
            continue
        cv2.imwrite(f'{out}/tex_{name}.jpg', tiled(px, scale=rng.choice([1.0, 2.0, 3.0])), [cv2.IMWRITE_JPEG_QUALITY, 88])
        n += 1
    felts = [t for t in textures if t[1].shape[0] >= 48]
    for deck in sorted(glob.glob('/usr/share/carddecks/svg-*/*.svgz')):
        deck_name = deck.split('/')[-2][4:]
        for k in range(4):
            W, H = 1600, 1200
            if k % 2 == 0:  # plain felt or cloth, a little noise
                bg = np.zeros((H, W, 3), np.uint8)
                bg[:] = rng.choice([(40, 110, 30), (60, 90, 20), (30, 70, 120), (90, 60, 40)])
                bg = np.clip(bg.astype(int) + np.random.default_rng(k).normal(0, 8, bg.shape), 0, 255).astype(np.uint8)
            else:
                bg = tiled(rng.choice(felts)[1], scale=2.0)
            count, card_width = rng.randint(5, 13), rng.randint(70, 180)
            cards = [c for c in (render_card(deck, f'{rng.choice(RANKS)}_{rng.choice(SUITS)}', card_width) for _ in range(count)) if c is not None]
            if len(cards) < 3:
                continue
            step = rng.choice([1.02, 1.0, 0.6, 0.35])  # side by side, touching, or overlapping as in a hand of cards
            x, y = rng.randint(20, 200), rng.randint(200, 700)
            for c in cards:
                h, w = c.shape[:2]
                if x + w >= W or y + h >= H:
                    break
                a = c[:, :, 3:4] / 255.0
                bg[y:y + h, x:x + w] = (bg[y:y + h, x:x + w] * (1 - a) + c[:, :, :3] * a).astype(np.uint8)
                x += int(w * step)
            s = rng.uniform(0, 0.12)  # a mild perspective, as from a seat at the table
            src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
            dst = np.float32([[W * s, 0], [W * (1 - s), 0], [W, H], [0, H]])
            bg = cv2.warpPerspective(bg, cv2.getPerspectiveTransform(src, dst), (W, H), borderMode=cv2.BORDER_REFLECT)
            cv2.imwrite(f'{out}/cards_{deck_name}_{k}.jpg', bg, [cv2.IMWRITE_JPEG_QUALITY, 88])
            n += 1
    print(f'wrote {n} photos to {out}')


if __name__ == '__main__':
    install_missing()
    data = os.path.join(HERE, 'data')
    make(os.path.join(data, 'no-tiles-cards'), 2026120701, with_textures=True)
    make(os.path.join(data, 'no-tiles-cards-check'), 77, with_textures=False)
