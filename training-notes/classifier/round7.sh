#!/bin/sh
# Round 7: leave-one-style-out in turns (README "Round 7"). Usage: round7.sh RUN   with RUN one of
#   ctl loo-km loo-xm loo-gn loo-kz      (each a 2,000-step fine-tune of runs/r6/last.pt; resumable: rerun = --resume)
set -e
C=$(dirname "$0")
case "$1" in
  ctl)    add="" ;;
  loo-km) add=",train_xm_real,train_gn_postmodern,train_font_kouzan-mouhitsu" ;;
  loo-xm) add=",train_km_traditional,train_gn_postmodern,train_font_kouzan-mouhitsu" ;;
  loo-gn) add=",train_km_traditional,train_xm_real,train_font_kouzan-mouhitsu" ;;
  loo-kz) add=",train_km_traditional,train_xm_real,train_gn_postmodern" ;;
  *) echo "usage: $0 ctl|loo-km|loo-xm|loo-gn|loo-kz" >&2; exit 2 ;;
esac
out=$C/runs/r7-$1
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec /usr/bin/python3 $C/train.py --steps 2000 --init $C/runs/r6/last.pt --train-dirs "art1,art2$add" --val-dir artval \
  --real-frac 0.15 --lr 3e-4 --set-loss 0.5 --set-tau 0.1 --out "$out" $resume \
  --heldout heldout_km_traditional,heldout_xm_real,heldout_gn_postmodern,heldout_font_kouzan-mouhitsu
