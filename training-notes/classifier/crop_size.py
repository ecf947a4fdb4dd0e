"""The classifier's input size, H x W (portrait crops), shared by the data writer, the network and the exporter.

64 x 48 through round 11. Round 12 (README) asks whether the detail lost at that size costs unseen sets: set
TILENET_INPUT=96x72 in the environment of every script of a run (gen_data.py cuts its crops at it, train.py and
the evaluation scripts read them, export.py writes it into models/model.json, which the TypeScript reads).
Kept out of model.py so that gen_data.py's workers need not import torch."""
import os

_size = os.environ.get("TILENET_INPUT", "64x48").lower().split("x")
H, W = int(_size[0]), int(_size[1])
