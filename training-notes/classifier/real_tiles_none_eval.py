"""Round 9b: the share of haitaks-yolo valid + test labelled tile boxes (real photos of real tiles, the localiser's data,
never the classifier's) that a checkpoint with a "none" class judges not a tile (P(none) at T = 0.777).

    /usr/bin/python3 training-notes/classifier/real_tiles_none_eval.py CKPT[,CKPT...] valid,test [--show]

--show writes the crops judged none (first checkpoint) side by side to /tmp/haitaks_none.png and says how many touch
the photo's edge.
"""
import glob, os, sys
import cv2, numpy as np, torch
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE); sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import render
from crop_shards import load_checkpoint
from model import H, W, MEAN, STD, NC
torch.set_num_threads(1)
R = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared', 'data', 'real', 'haitaks-yolo'))
xs, src, edge = [], [], []
for split in sys.argv[2].split(','):
    for lab in sorted(glob.glob(f'{R}/{split}/labels/*.txt')):
        stem = os.path.basename(lab)[:-4]
        ims = glob.glob(f'{R}/{split}/images/{stem}.*')
        if not ims: continue
        img = cv2.imread(ims[0]); ih, iw = img.shape[:2]
        for line in open(lab):
            p = line.split()
            if len(p) < 5: continue
            cx, cy, w, h = map(float, p[1:5])
            box = [(cx - w / 2) * iw, (cy - h / 2) * ih, (cx + w / 2) * iw, (cy + h / 2) * ih]
            xs.append(cv2.cvtColor(render.crop_tile(img, box, H, W), cv2.COLOR_BGR2RGB)); src.append(stem)
            edge.append(box[0] <= 2 or box[1] <= 2 or box[2] >= iw - 2 or box[3] >= ih - 2)
x = np.stack(xs)
for ck in sys.argv[1].split(','):
    m = load_checkpoint(ck)
    with torch.no_grad():
        z = torch.cat([m((torch.from_numpy(x[i:i+256]).permute(0,3,1,2).float()/255-MEAN)/STD)[0] for i in range(0, len(x), 256)]).numpy()
    z = z / 0.777; z = z - z.max(1, keepdims=True); p = np.exp(z); p /= p.sum(1, keepdims=True)
    if z.shape[1] > NC:
        pn = p[:, NC]
        if '--show' in sys.argv and ck == sys.argv[1].split(',')[0]:
            bad = np.flatnonzero(pn >= 0.5)
            print(f'  judged none: {len(bad)}, of them at the photo edge {sum(edge[i] for i in bad)}, photos {len(set(src[i] for i in bad))}')
            if len(bad):
                cv2.imwrite('/tmp/haitaks_none.png', cv2.cvtColor(np.hstack(list(x[bad[:40]])), cv2.COLOR_RGB2BGR))
        print(f'{ck}: {len(x)} real tile boxes of {len(set(src))} photos; P(none)>=0.5: {100*(pn>=0.5).mean():.1f}%, >=0.8: {100*(pn>=0.8).mean():.1f}%; top tile prob<0.8: {100*((p[:, :NC]/p[:, :NC].sum(1,keepdims=True)).max(1)<0.8).mean():.1f}%')
    else:
        print(f'{ck}: {len(x)} boxes; top prob < 0.8: {100*(p.max(1)<0.8).mean():.1f}%')
