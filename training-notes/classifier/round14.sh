#!/bin/sh
# Round 14 (README "Round 14"): more fonts for the characters, winds and dragons. Resumable: rerun.
# Data first: nt3 etc. as round 9b, and data/mf1 (gen_data.py --only fonts:more; the command in the README).
#   round14.sh fonts   round 10 fine-tuned on nt3 + mf1, features[:5] frozen (runs/r14-fonts)
#   round14.sh ctl     the same on nt3 alone: the control (runs/r14-ctl; round 15's control too)
#   round14.sh ann     round 15 (README "Round 15"): the same on nt3 + data/an1, annotation boxes drawn over its photos
#                      (gen_data.py --annotate 1.0; runs/r15-ann)
#   round14.sh bird    round 16 (README "Round 16"): the same on nt3 + data/bs1, the 1-sou of other sets
#                      (gen_data.py --bird-swap 0.7; runs/r16-bird)
#   round14.sh warp    round 17 (README "Round 17"): the same on nt3 + data/wp1, faces bent into new drawings
#                      (gen_data.py --warp 0.7; runs/r17-warp)
#   round14.sh glyphs  round 18 (README "Round 18"): the same on nt3 + data/gl1, two glyph fonts' drawings
#                      (extract_art.py glyphs, gen_data.py --only glyphs; runs/r18-glyphs)
#   round14.sh glyphs-half  round 18b: the same on nt3 + data/gl1h, the first 15 shards of gl1 (runs/r18b-glyphs-half)
#   round14.sh drawings  round 19: the same on nt3 + data/dw1, procedural pins and bamboo in several drawings
#                      (gen_data.py --drawings 1.0; runs/r19-drawings)
#   round14.sh unfrozen  round 20 (exploratory): the control's data (nt3) with no layer frozen, 3,000 steps
#                      (runs/r20-unfrozen; the `turned` head no longer fits it: not a candidate as it stands)
#   round14.sh glyph-birds  round 18c: the same on nt3 + data/gb1, round 16's bird swap with the glyph fonts' birds too
#                      (gen_data.py --bird-swap 0.7 --bird-glyphs; runs/r18c-glyph-birds)
#   round14.sh randconv  round 22 (README "Round 22"): the control's data (nt3) with a random convolution on half of
#                      the crops (train.py --randconv 0.5; runs/r22-randconv)
#   round14.sh sam     round 23 (README "Round 23"): the control's data (nt3) trained with sharpness-aware
#                      minimisation (train.py --sam 0.05; runs/r23-sam)
set -e
C=$(dirname "$0")
P=/usr/bin/python3
[ -f "$C/runs/r10_64.pt" ] || { git show 97f4388:models/classifier.onnx > /tmp/r10_classifier.onnx;
  $P $C/onnx_to_torch.py /tmp/r10_classifier.onnx $C/runs/r10_64.pt $C/data/r9b_artval; }
case "$1" in
  fonts) dirs=nt3,mf1 ;;
  ctl) dirs=nt3 ;;
  ann) dirs=nt3,an1 ;;
  bird) dirs=nt3,bs1 ;;
  warp) dirs=nt3,wp1 ;;
  glyphs) dirs=nt3,gl1 ;;
  glyphs-half) dirs=nt3,gl1h
    mkdir -p $C/data/gl1h; for i in $(seq -w 0 14); do ln -sf ../gl1/shard_95_00$i.npz $C/data/gl1h/; done ;;
  glyph-birds) dirs=nt3,gb1 ;;
  drawings) dirs=nt3,dw1 ;;
  unfrozen) dirs=nt3 ;;
  randconv) dirs=nt3 ;;
  sam) dirs=nt3 ;;
  *) echo "usage: $0 fonts|ctl|ann|bird|warp|glyphs|glyphs-half|glyph-birds|drawings|unfrozen|randconv|sam" >&2; exit 2 ;;
esac
out=$C/runs/r14-$1
[ "$1" = ann ] && out=$C/runs/r15-ann
[ "$1" = bird ] && out=$C/runs/r16-bird
[ "$1" = warp ] && out=$C/runs/r17-warp
[ "$1" = glyphs ] && out=$C/runs/r18-glyphs
[ "$1" = glyphs-half ] && out=$C/runs/r18b-glyphs-half
[ "$1" = glyph-birds ] && out=$C/runs/r18c-glyph-birds
[ "$1" = drawings ] && out=$C/runs/r19-drawings
freeze=5; steps=2000; extra=""
[ "$1" = randconv ] && { out=$C/runs/r22-randconv; extra="--randconv 0.5"; }
[ "$1" = sam ] && { out=$C/runs/r23-sam; extra="--sam 0.05"; }
[ "$1" = unfrozen ] && { out=$C/runs/r20-unfrozen; freeze=0; steps=3000; }
resume=""; [ -f "$out/last.pt" ] && resume="--resume"
mkdir -p "$out"
exec $P $C/train.py --steps $steps --init $C/runs/r10_64.pt --train-dirs $dirs --val-dir r9b_artval --freeze $freeze \
  --lr 3e-4 --set-loss 0.5 --set-tau 0.1 --real-frac 0.2 --haitaks-share 0.25 --out "$out" --threads "${THREADS:-1}" $resume $extra \
  --heldout r9b_heldout_km_traditional,r9b_heldout_xm_real,r9b_heldout_gn_postmodern,r9b_heldout_font_kouzan-mouhitsu
