"""Copy the headline figures of a localiser evaluation (evaluate.py's metrics.json) into the `localizer`
section of models/model.json, as the model card's source of truth.

    /usr/bin/python3 training-notes/localizer/metrics_to_model_json.py training-notes/localizer/runs/run6/metrics.json "run6 ..."
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MJ = os.path.normpath(os.path.join(HERE, '..', '..', 'models', 'model.json'))
SETS = {'haitaks_valid_test_all': 'haitaks_valid_test_all_60_photos', 'haitaks_valid_test_clean': 'haitaks_valid_test_clean_44_photos',
        'haitaks_valid_test_clean_tiles30px': 'haitaks_valid_test_clean_tiles_30px', 'synth_val': 'synthetic_val_100_scenes'}

m = json.load(open(sys.argv[1]))
out = {'score_threshold': 0.3}
if 'synth_v3_val' in m:
    SETS['synth_v3_val'] = 'synthetic_v3_val_100_scenes'
for key, name in SETS.items():
    r = m[key]['0.3'] if '0.3' in m[key] else m[key]
    out[name] = {'true_boxes': r['iou0.5']['n_gt'], 'recall_iou0.5': r['iou0.5']['recall'], 'precision_iou0.5': r['iou0.5']['precision'],
                 'recall_centre_in_box': r['centre']['recall'], 'precision_centre_in_box': r['centre']['precision']}
rv = m['riichi_val_hand_rows']
out['riichi_val_hand_rows'] = {'tiles_found_in_hand_box': sum(p['found_in_hand_box'] for p in rv['photos']),
                               'true_tiles': sum(p['n_tiles'] for p in rv['photos']),
                               'photos_with_exact_count': f"{sum(p['found_in_hand_box'] == p['n_tiles'] for p in rv['photos'])} of {len(rv['photos'])}"}
out['note'] = 'haitaks precision is a lower bound (some real tiles have no box); see training-notes/localizer/README.md'
data = json.load(open(MJ))
data['localizer']['metrics'] = out
if len(sys.argv) > 2:
    data['localizer']['training'] = sys.argv[2]
with open(MJ, 'w') as f:
    json.dump(data, f, indent=2)
    f.write('\n')
print(json.dumps(out, indent=1))
