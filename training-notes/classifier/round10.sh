#!/bin/sh
# Round 10 (README "Round 10"): real honour tiles of haitaks-yolo's train photos as classifier training data.
# Usage: round10.sh ctl|hy   (2,000-step fine-tunes of runs/committed.pt on nt3's tile crops; resumable: rerun)
#   ctl: camerash / justinchan114 real crops at 15% of each batch, as rounds 7-8
#   hy:  the same 15% plus 5% haitaks-yolo train honour crops (--real-frac 0.2 --haitaks-share 0.25)
set -e
C=$(dirname "$0")
case "$1" in
  ctl) extra="--real-frac 0.15" ;;
  hy) extra="--real-frac 0.2 --haitaks-share 0.25" ;;
  *) echo "usage: $0 ctl|hy" >&2; exit 2 ;;
esac
out=$C/runs/r10-$1
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec /usr/bin/python3 $C/train.py --steps 2000 --init $C/runs/committed.pt --train-dirs nt3 --val-dir r9b_artval \
  --lr 3e-4 --set-loss 0.5 --set-tau 0.1 $extra --out "$out" $resume \
  --heldout r9b_heldout_km_traditional,r9b_heldout_xm_real,r9b_heldout_gn_postmodern,r9b_heldout_font_kouzan-mouhitsu
