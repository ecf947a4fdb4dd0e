#!/bin/sh
# Round 13 (README "Round 13"): round 10's recipe on a pretrained MobileNetV2 (the npm package nsfwjs). Resumable: rerun.
# Data first (nt3, r9b_artval, r9b_heldout_*: commands in the README, round 9b). THREADS=2 uses both cores.
#   round13.sh            the pretrained MobileNetV2 (runs/r13)
#   round13.sh scratch    control: TileNet from random weights, the same data, loss and steps, train.py's default lr
#                         (runs/r13-scratch): does the pretrained start generalise better at an equal budget?
set -e
C=$(dirname "$0")
P=/usr/bin/python3
[ -f "$C/data/mobilenet_v2/weights.f32" ] || node $C/nsfwjs_weights.mjs
[ -f "$C/runs/mnv2_init.pt" ] || $P $C/pretrained.py --out $C/runs/mnv2_init.pt
out=$C/runs/r13
init="--init $C/runs/mnv2_init.pt --lr 1e-3 --backbone-lr 0.3"
[ "$1" = scratch ] && { out=$C/runs/r13-scratch; init=""; }
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec $P $C/train.py --steps 2400 $init --train-dirs nt3 --val-dir r9b_artval \
  --set-loss 0.5 --set-tau 0.1 --real-frac 0.2 --haitaks-share 0.25 --out "$out" \
  --threads "${THREADS:-1}" $resume \
  --heldout r9b_heldout_km_traditional,r9b_heldout_xm_real,r9b_heldout_gn_postmodern,r9b_heldout_font_kouzan-mouhitsu
