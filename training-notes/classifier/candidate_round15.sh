#!/bin/sh
# Round 15: one checkpoint as a models folder with the committed `turned` head, its margin measured, then measured.
# Usage: candidate_round15.sh RUN_NAME OUT_DIR   (e.g. r15-ann /tmp/m-r15ann; RUN_NAME under runs/)
set -e
C=$(dirname "$0"); P=/usr/bin/python3
$P $C/export.py $C/runs/$1/last.pt --temperature 0.777 --out "$2"
$P $C/graft_turned.py "$2"
npx tsx $C/orient_margin.ts "$2" $C/data/heldout_photos_51 --write
sh $C/eval_round15.sh "$2" $C/logs/r15_$1.txt
