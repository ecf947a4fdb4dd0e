"""The map that puts a new localiser's peaks on the scale of the localiser src/vision's lines were chosen with.

    /usr/bin/python3 training-notes/localizer/score_map.py NEW.pt REFERENCE.pt [--scenes synth3_val] [--n 100]

The lines of src/vision after the localiser (row evidence, the no-tiles lines, the extra-tile rule) compare peak
values with numbers chosen on the committed localiser's peaks. A retrained localiser peaks higher or lower on the
same tiles, so those numbers would mean something else. This fits a monotone map by quantile matching: both
networks run on the same development scenes (the v3 validation scenes by default, first 100), each peak is matched
one-to-one to a true box at IoU 0.5 (strongest first), and the q-th quantile (q = 0, 5, ..., 100%) of the new
network's peaks on true tiles is sent to the q-th quantile of the reference's. Knots (0, 0) and (1, 1) close the
map at both ends. Prints the knots as model.json's `localizer.decode.score_map` wants them (JSON) and writes
them to NEW's folder as score_map.json.
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from evaluate import detect, load_synth, matched  # noqa: E402
from model import TileLocalizer  # noqa: E402

LOWEST_PEAK = 0.05  # peaks below this are no detection at any threshold the app uses


def load(path):
    net = TileLocalizer()
    net.load_state_dict(torch.load(path, map_location='cpu')['model'])
    return net.eval()


def true_tile_peaks(net, scenes):
    """Peak values of the detections matched one-to-one to a true box at IoU 0.5, strongest first."""
    out = []
    for im, gt in scenes:
        boxes, scores = detect(net, im, LOWEST_PEAK)  # strongest first
        out.extend(scores[matched(boxes, gt)].tolist())
    return np.array(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('new')
    ap.add_argument('reference')
    ap.add_argument('--scenes', default='synth3_val')
    ap.add_argument('--n', type=int, default=100)
    a = ap.parse_args()
    torch.set_num_threads(1)
    scenes = load_synth(os.path.join(HERE, 'data', a.scenes))[:a.n]
    new, ref = true_tile_peaks(load(a.new), scenes), true_tile_peaks(load(a.reference), scenes)
    qs = np.arange(0, 101, 5)
    xs, ys = np.percentile(new, qs), np.percentile(ref, qs)
    knots = [[0.0, 0.0]]
    for x, y in zip(xs, ys):
        x, y = round(float(x), 4), round(float(y), 4)
        if 0 < x < 1 and x > knots[-1][0]:
            knots.append([x, max(y, knots[-1][1])])
    knots.append([1.0, max(1.0, knots[-1][1])])
    print(f'true-tile peaks: new {len(new)} (median {np.median(new):.3f}), reference {len(ref)} (median {np.median(ref):.3f})')
    print(json.dumps(knots))
    with open(os.path.join(os.path.dirname(os.path.abspath(a.new)), 'score_map.json'), 'w') as f:
        json.dump({'scenes': a.scenes, 'n': a.n, 'new': a.new, 'reference': a.reference, 'knots': knots}, f)


if __name__ == '__main__':
    main()
