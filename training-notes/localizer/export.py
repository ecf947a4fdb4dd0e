"""Export a localiser checkpoint to models/localizer.onnx, check ONNX == torch, and write the
`localizer` section of models/model.json (only that key; the rest of the file belongs to the classifier).

    /usr/bin/python3 training-notes/localizer/export.py training-notes/localizer/runs/run1/last.pt

Needs `onnx` for the structural check; the numerical check runs the ONNX file with onnxruntime if it is
installed, else with OpenCV's DNN importer (cv2.dnn.readNetFromONNX).
"""
import json
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from model import STRIDE, ExportWrapper, TileLocalizer  # noqa: E402

REPO = os.path.normpath(os.path.join(HERE, '..', '..'))
S, PAD = 512, 114


def main():
    ck_path = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, 'models', 'localizer.onnx')
    extra = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else {}
    ck = torch.load(ck_path, map_location='cpu')
    net = TileLocalizer()
    net.load_state_dict(ck['model'])
    wrapper = ExportWrapper(net).eval()
    os.makedirs(os.path.dirname(out), exist_ok=True)
    x = torch.rand(1, 3, S, S)
    x = (x * 255).round() / 255  # a plausible image
    torch.onnx.export(wrapper, x, out, input_names=['image'], output_names=['heatmap', 'size', 'offset'],
                      opset_version=13, do_constant_folding=True)
    import onnx
    m = onnx.load(out)
    onnx.checker.check_model(m)
    with torch.no_grad():
        ref = [t.numpy() for t in wrapper(x)]
    try:
        import onnxruntime as ort
        sess = ort.InferenceSession(out, providers=['CPUExecutionProvider'])
        got = sess.run(None, {'image': x.numpy()})
        engine = 'onnxruntime'
    except ImportError:
        import cv2
        dn = cv2.dnn.readNetFromONNX(out)
        dn.setInput(x.numpy())
        got = dn.forward(['heatmap', 'size', 'offset'])
        engine = 'opencv-dnn'
    diffs = [float(np.abs(a - b).max()) for a, b in zip(ref, got)]
    print(f'exported {out} ({os.path.getsize(out) / 1e6:.2f} MB); max |onnx - torch| via {engine}: '
          f'heatmap {diffs[0]:.2e} size {diffs[1]:.2e} offset {diffs[2]:.2e}')
    assert max(diffs[0], diffs[2]) < 1e-3 and diffs[1] < 1e-2, 'ONNX output does not match torch'
    # the same check in onnxruntime-web (what the app and the CLI run), if node and node_modules are there
    import subprocess
    import tempfile
    tmp = tempfile.mkdtemp()
    x.numpy().astype('<f4').tofile(os.path.join(tmp, 'input.bin'))
    for name, arr in zip(['heatmap', 'size', 'offset'], ref):
        arr.astype('<f4').tofile(os.path.join(tmp, name + '.bin'))
    if os.path.exists(os.path.join(REPO, 'node_modules', 'onnxruntime-web')):
        r = subprocess.run(['node', os.path.join(HERE, 'check_onnx.mjs'), out, tmp], capture_output=True, text=True)
        print(r.stdout.strip() or r.stderr.strip())
        assert r.returncode == 0, 'onnxruntime-web output does not match torch'

    section = {
        'file': 'localizer.onnx',
        'task': 'class-agnostic tile localiser (every tile, face-up or back, hand row, melds and discards)',
        'input': {
            'name': 'image', 'shape': [1, 3, S, S], 'dtype': 'float32', 'layout': 'NCHW', 'channels': 'RGB',
            'size': S,
            'normalize': {'scale': 1 / 255, 'mean': [0.0, 0.0, 0.0], 'std': [1.0, 1.0, 1.0],
                          'formula': 'value = pixel / 255'},
            'letterbox': {'resize': 'scale the longest side to size, keep the aspect ratio',
                          'scale': 'size / max(width, height)',
                          'anchor': 'top-left (image at x=0,y=0), pad right and bottom',
                          'pad_value': PAD, 'pad_value_normalized': PAD / 255},
        },
        'outputs': {
            'heatmap': {'shape': [1, 1, S // STRIDE, S // STRIDE],
                        'meaning': 'tile-centre probability per cell, sigmoid already applied'},
            'size': {'shape': [1, 2, S // STRIDE, S // STRIDE],
                     'meaning': 'box width (channel 0) and height (channel 1) in letterboxed input pixels'},
            'offset': {'shape': [1, 2, S // STRIDE, S // STRIDE],
                       'meaning': 'sub-cell centre offset x (channel 0), y (channel 1), in cells'},
        },
        'stride': STRIDE,
        'decode': {
            'peaks': 'cells whose heatmap value is the maximum of its 3x3 neighbourhood and >= score_threshold',
            'score_threshold': 0.3,
            'max_detections': 300,
            'centre': 'cx = (col + offset[0][row][col]) * stride, cy = (row + offset[1][row][col]) * stride',
            'box': 'x0 = cx - w/2, y0 = cy - h/2, x1 = cx + w/2, y1 = cy + h/2 with w,h = size[.][row][col]; '
                   'divide by the letterbox scale for original-image pixels',
            'nms': 'optional: greedy IoU 0.6 on the decoded boxes removes rare double peaks',
        },
        'box_convention': 'axis-aligned box around the tile face (printed face or back), not the thickness',
        'parameters': sum(p.numel() for p in net.parameters()),
        'checkpoint_step': ck.get('step'),
    }
    section.update(extra)
    mj = os.path.join(os.path.dirname(out), 'model.json')  # beside the .onnx (models/ by default)
    data = json.load(open(mj)) if os.path.exists(mj) else {}  # re-read right before writing
    data['localizer'] = section
    with open(mj, 'w') as f:
        json.dump(data, f, indent=2)
        f.write('\n')
    print(f'wrote the localizer section of {mj}')


if __name__ == '__main__':
    main()
