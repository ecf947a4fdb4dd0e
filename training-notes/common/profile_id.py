"""The classifier's id that tile-set profiles are tied to, written into model.json when its weights are stored in a
smaller type (fp16_weights.py, int8_weights.py): the float32 file's fingerprint, so that profiles taught with it stay
valid for the rounded copy, whose embeddings differ only by the weights' rounding. export.py writes model.json
afresh, so a retrained classifier drops the field and gets an id of its own."""
import json


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
