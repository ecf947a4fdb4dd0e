#!/bin/sh
# Rounds 10 and 11 (README "Round 10", "Round 11"): real tiles of haitaks-yolo's train photos as classifier crops.
# Usage: round10.sh ctl|hy|11-ctl|11-h47   (2,000-step fine-tunes; resumable: rerun)
#   round 10, from runs/committed.pt (round 6):
#     ctl:    camerash / justinchan114 real crops at 15% of each batch, as rounds 7-8
#     hy:     the same 15% plus 5% haitaks-yolo train honour crops (--real-frac 0.2 --haitaks-share 0.25)
#   round 11, from runs/r10-hy/last.pt (round 10, committed):
#     11-ctl: round 10's recipe (hy) again
#     11-h47: 15% camerash + 10% haitaks train honours and id-47 suited tiles labelled by eye, pooled
set -e
C=$(dirname "$0")
init=$C/runs/committed.pt
case "$1" in
  ctl) extra="--real-frac 0.15" ;;
  hy) extra="--real-frac 0.2 --haitaks-share 0.25" ;;
  11-ctl) extra="--real-frac 0.2 --haitaks-share 0.25"; init=$C/runs/r10-hy/last.pt ;;
  11-h47) extra="--real-frac 0.25 --haitaks-share 0.4 --haitaks-id47"; init=$C/runs/r10-hy/last.pt ;;
  *) echo "usage: $0 ctl|hy|11-ctl|11-h47" >&2; exit 2 ;;
esac
case "$1" in 11-*) out=$C/runs/r${1} ;; *) out=$C/runs/r10-$1 ;; esac
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec /usr/bin/python3 $C/train.py --steps 2000 --init "$init" --train-dirs nt3 --val-dir r9b_artval \
  --lr 3e-4 --set-loss 0.5 --set-tau 0.1 $extra --out "$out" $resume \
  --heldout r9b_heldout_km_traditional,r9b_heldout_xm_real,r9b_heldout_gn_postmodern,r9b_heldout_font_kouzan-mouhitsu
