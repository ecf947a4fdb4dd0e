#!/bin/sh
# Round 15's measures (README "Round 15") for one models folder, end to end through the app: the annotated copies,
# the same folders without overlays, held-out renders and winning hands, row scenes, test images, real crops.
# Usage: eval_round15.sh MODELS_DIR LOG   (about 8 min on the 2-core machine)
# Needs: training-notes/common/make_eval_data.sh's folders, and the annotated copies:
#   A=training-notes/common/annotate_photos.py; D=training-notes/common/data
#   /usr/bin/python3 $A $D/handdev-heldout-art $D/handdev-heldout-art-annotated --seed 5
#   /usr/bin/python3 $A $D/handdev $D/handdev-annotated --seed 6
#   for s in km_traditional xm_real gn_postmodern font_kouzan-mouhitsu; do
#     /usr/bin/python3 $A training-notes/classifier/data/heldout_photos/$s $D/heldout-annotated/$s --seed 7; done
set -e
M=$1; LOG=$2
D=training-notes/common/data
: > "$LOG"
# every line but the per-photo ones (a photo's name, or the true row under it)
ev() { echo "### $*" >> "$LOG"; npm run -s eval -- --models "$M" "$@" 2>&1 | grep -vE "^ {4,}(ok  )?[^ ]+\.(jpe?g|png) |^ {20,}true " >> "$LOG" || true; }
for d in handdev-heldout-art-annotated handdev-annotated heldout-annotated/km_traditional heldout-annotated/xm_real \
         heldout-annotated/gn_postmodern heldout-annotated/font_kouzan-mouhitsu handdev-heldout-art handdev; do
  ev --only dev --dev $D/$d
done
ev --only heldout
ev --only rows
ev --only test-images
ev --only crops
