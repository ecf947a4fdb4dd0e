#!/bin/sh
# Round 15 (README "Round 15"): annotation boxes drawn over the training photos. Resumable: rerun.
# Data first: nt3 etc. as round 9b, and data/an1 (gen_data.py --annotate 1.0; the command in the README).
#   round15.sh ann   round 10 fine-tuned on nt3 + an1, features[:5] frozen (runs/r15-ann), as round 14's recipe
#   the control is round 14's: round14.sh ctl (nt3 alone, the same recipe; runs/r14-ctl)
set -e
C=$(dirname "$0")
P=/usr/bin/python3
[ -f "$C/runs/r10_64.pt" ] || { git show 97f4388:models/classifier.onnx > /tmp/r10_classifier.onnx;
  $P $C/onnx_to_torch.py /tmp/r10_classifier.onnx $C/runs/r10_64.pt $C/data/r9b_artval; }
case "$1" in
  ann) dirs=nt3,an1 ;;
  *) echo "usage: $0 ann   (the control: round14.sh ctl)" >&2; exit 2 ;;
esac
out=$C/runs/r15-$1
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec $P $C/train.py --steps 2000 --init $C/runs/r10_64.pt --train-dirs $dirs --val-dir r9b_artval --freeze 5 \
  --lr 3e-4 --set-loss 0.5 --set-tau 0.1 --real-frac 0.2 --haitaks-share 0.25 --out "$out" --threads "${THREADS:-1}" $resume \
  --heldout r9b_heldout_km_traditional,r9b_heldout_xm_real,r9b_heldout_gn_postmodern,r9b_heldout_font_kouzan-mouhitsu
