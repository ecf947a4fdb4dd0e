#!/bin/sh
# Round 12 (README "Round 12"): round 10's recipe with 96x72 crops. Resumable: rerun.
# Data first (gen_data.py with TILENET_INPUT=96x72; commands in the README), then: round12.sh
# THREADS=2 round12.sh uses both cores (the session-17 run: one thread to step 2,066, then resumed with two).
set -e
C=$(dirname "$0")
P=/usr/bin/python3
export TILENET_INPUT=96x72
out=$C/runs/r12
[ -f "$C/runs/r10_96.pt" ] || $P $C/onnx_to_torch.py models/classifier.onnx $C/runs/r10_96.pt $C/data/r9b_artval_96
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec $P $C/train.py --steps 5000 --init $C/runs/r10_96.pt --train-dirs nt3_96 --val-dir r9b_artval_96 \
  --lr 6e-4 --set-loss 0.5 --set-tau 0.1 --real-frac 0.2 --haitaks-share 0.25 --out "$out" --threads "${THREADS:-1}" $resume \
  --heldout r9b_heldout_km_traditional_96,r9b_heldout_xm_real_96,r9b_heldout_gn_postmodern_96,r9b_heldout_font_kouzan-mouhitsu_96
