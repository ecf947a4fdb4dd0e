#!/bin/sh
# Every development set `npm run eval` reads (all gitignored, all rebuilt exactly from fixed seeds), in one go.
# Needs the art packages of common/README.md and ../shared/data beside the repository.
# About 5 minutes on the 2-core machine beside a data job on the other core (session 17; the steps as measured before:
# art 7 s, held-out photos 16 s, hand sets 1.5 min, row scenes 3.2 + 2.5 min, devset 25 s, set photos 10 s, no tiles 45 s; playing cards 60 s since session 48).
set -e
cd "$(dirname "$0")/../.."
P="nice -n 5 /usr/bin/python3"
$P training-notes/common/extract_art.py                       # common/data/art: the Debian tile sets and fonts
$P training-notes/classifier/make_heldout_photos.py           # classifier/data/heldout_photos (120, held-out styles)
$P training-notes/common/make_hand_dev_set.py                 # common/data/handdev (60 winning hands, training styles)
$P training-notes/common/make_hand_dev_set.py --sets 12 --per-set 5 --seed 900000 --heldout-art \
   --out training-notes/common/data/handdev-heldout-art        # 60 winning hands of held-out art
$P training-notes/common/make_rows_dev_set.py                  # common/data/rowsdev (96 scenes with several rows)
$P training-notes/common/make_rows_dev_set.py --far --n 24     # common/data/rowsdev-far (24 far shots)
$P training-notes/common/make_dev_set.py                       # common/data/devset (80)
$P training-notes/classifier/make_set_photos.py                # classifier/data/set_photos (set learning)
nice -n 5 node training-notes/common/make_no_tiles_photos.mjs  # common/data/no-tiles-* (photos without tiles)
$P training-notes/common/make_card_photos.py                   # common/data/no-tiles-cards(-check) (playing cards)
# round 15: the same photos with annotation boxes drawn over them (seconds each)
A=training-notes/common/annotate_photos.py; D=training-notes/common/data
$P $A $D/handdev-heldout-art $D/handdev-heldout-art-annotated --seed 5
$P $A $D/handdev $D/handdev-annotated --seed 6
for s in km_traditional xm_real gn_postmodern font_kouzan-mouhitsu; do
  $P $A training-notes/classifier/data/heldout_photos/$s $D/heldout-annotated/$s --seed 7; done
# session 25: two fonts' Mahjong Tiles drawings (apt-get install -y fonts-freefont-ttf fonts-hanazono), held out from
# both models (seconds each)
if [ -f /usr/share/fonts/truetype/freefont/FreeSerif.ttf ] && [ -f /usr/share/fonts/truetype/hanazono/HanaMinA.ttf ]; then
  $P training-notes/common/extract_art.py glyphs                # common/data/art-glyphs
  $P training-notes/classifier/make_heldout_photos.py --glyph-art  # classifier/data/heldout_glyphs (60)
  $P training-notes/classifier/make_set_photos.py --glyph-art    # classifier/data/set_photos_glyphs (2 fonts x 3 sets x 10)
  $P training-notes/common/make_hand_dev_set.py --sets 12 --per-set 5 --seed 960000 --heldout-art --glyph-art \
     --out training-notes/common/data/handdev-heldout-glyphs    # 60 winning hands of it
else
  echo "glyph-font renders skipped: apt-get install -y fonts-freefont-ttf fonts-hanazono" >&2
fi
# session 23: Japanese riichi art from the npm package mj-tiles, held out from both models (npm pack, a few seconds
# each); last, since it needs the npm registry: everything above is made without it
node training-notes/common/npm_art.mjs                         # common/data/npm-art: the package's tile images
$P training-notes/common/extract_art.py npm                    # common/data/art-npm: faces for the renderer
$P training-notes/classifier/make_heldout_photos.py --npm-art  # classifier/data/heldout_npm (30)
$P training-notes/classifier/make_set_photos.py --npm-art      # classifier/data/set_photos_npm (3 sets x 10)
$P training-notes/common/make_hand_dev_set.py --sets 12 --per-set 5 --seed 940000 --heldout-art --npm-art \
   --out training-notes/common/data/handdev-heldout-npm        # 60 winning hands of it
