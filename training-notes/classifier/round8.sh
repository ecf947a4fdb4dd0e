#!/bin/sh
# Round 8: crop-level augmentation, 8b: MixStyle (README "Round 8", "Round 8b"). Usage: round8.sh geo|geocol|mix|mixcol
#   (a 2,000-step fine-tune of runs/r6/last.pt exactly as round 7's control r7-ctl, plus --aug; resumable: rerun)
set -e
C=$(dirname "$0")
case "$1" in
  geo|geocol) extra="--aug $1" ;;
  mix) extra="--mixstyle 0.5" ;;                    # round 8b
  mixcol) extra="--mixstyle 0.5 --aug geocol" ;;    # round 8b
  *) echo "usage: $0 geo|geocol|mix|mixcol" >&2; exit 2 ;;
esac
out=$C/runs/r8-$1
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec /usr/bin/python3 $C/train.py --steps 2000 --init $C/runs/r6/last.pt --train-dirs art1,art2 --val-dir artval \
  --real-frac 0.15 --lr 3e-4 --set-loss 0.5 --set-tau 0.1 $extra --out "$out" $resume \
  --heldout heldout_km_traditional,heldout_xm_real,heldout_gn_postmodern,heldout_font_kouzan-mouhitsu
