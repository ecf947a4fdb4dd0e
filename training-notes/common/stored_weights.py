"""What fp16_weights.py and int8_weights.py share: the command line, the rewrite of an ONNX model's large float32
weights into a smaller type read back to float32 by a node before the graph, and the classifier's id that tile-set
profiles are tied to. That id is written into model.json as the float32 file's fingerprint, so that profiles
taught with it stay valid for the rounded copy, whose embeddings differ only by the weights' rounding. export.py
writes model.json afresh, so a retrained classifier drops the field and gets an id of its own."""
import argparse
import json

import numpy as np
import onnx
from onnx import numpy_helper


def parse_args(description: str) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--min", type=int, default=256, help="tensors with fewer elements stay float32")
    ap.add_argument("--model-json", default="", help="set classifier.profile_id there to the source file's id")
    return ap.parse_args()


def rewrite_weights(src: str, dst: str, min_elements: int, store) -> int:
    """Every float32 initializer of at least min_elements goes through store(name, array), which returns the
    initializers that replace it and the node that reads them back under the old name; those nodes go first in the
    graph. Returns how many tensors were rewritten."""
    model = onnx.load(src)
    graph = model.graph
    readers, kept = [], []
    for init in graph.initializer:
        if init.data_type != onnx.TensorProto.FLOAT or int(np.prod(init.dims)) < min_elements:
            kept.append(init)
            continue
        stored, reader = store(init.name, numpy_helper.to_array(init))
        kept += stored
        readers.append(reader)
    del graph.initializer[:]
    graph.initializer.extend(kept)
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(readers + nodes)
    onnx.checker.check_model(model)
    onnx.save(model, dst)
    return len(readers)


def fingerprint(data: bytes) -> str:
    """src/worker/recognizer.ts fingerprint(): FNV-1a over at most ~1M evenly sampled bytes, plus the length."""
    h = 0x811C9DC5
    for b in data[::max(1, len(data) // 1_000_000)]:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}-{len(data)}"


def keep_profile_id(model_json: str, float32_file: str, note: str) -> str:
    """Sets classifier.profile_id in model_json to the float32 file's id, unless it names one already."""
    mj = json.load(open(model_json))
    mj["classifier"]["profile_id"] = mj["classifier"].get("profile_id") or fingerprint(open(float32_file, "rb").read())
    mj["classifier"]["profile_id_note"] = note
    with open(model_json, "w") as f:
        json.dump(mj, f, indent=2)
        f.write("\n")
    return mj["classifier"]["profile_id"]
