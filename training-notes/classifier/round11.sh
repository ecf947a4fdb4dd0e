#!/bin/sh
# Round 11 (README "Round 11"): haitaks-yolo's train id-47 suited tiles labelled by eye as classifier training data.
# Usage: round11.sh ctl|h47   (2,000-step fine-tunes of runs/r10-hy/last.pt, round 10's committed weights; resumable)
#   ctl: exactly round 10's recipe again (camerash 15% + haitaks honours 5%)
#   h47: camerash 15% + 10% haitaks train honours and id-47 suited tiles pooled (--real-frac 0.25 --haitaks-share 0.4)
set -e
C=$(dirname "$0")
case "$1" in
  ctl) extra="--real-frac 0.2 --haitaks-share 0.25" ;;
  h47) extra="--real-frac 0.25 --haitaks-share 0.4 --haitaks-id47" ;;
  *) echo "usage: $0 ctl|h47" >&2; exit 2 ;;
esac
out=$C/runs/r11-$1
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec /usr/bin/python3 $C/train.py --steps 2000 --init $C/runs/r10-hy/last.pt --train-dirs nt3 --val-dir r9b_artval \
  --lr 3e-4 --set-loss 0.5 --set-tau 0.1 $extra --out "$out" $resume \
  --heldout r9b_heldout_km_traditional,r9b_heldout_xm_real,r9b_heldout_gn_postmodern,r9b_heldout_font_kouzan-mouhitsu
