// Calibrated tile probabilities and how well they are calibrated. The classifier's logits are divided by the
// temperature of models/model.json (classifier.temperature, fitted by its trainer on held-out data; 1 when absent)
// before the softmax, so that a tile's score means what it says: of tiles scored 0.8, about 80% are right. The
// expected calibration error (ECE) measures it; the doubt threshold below is chosen from those figures (see
// src/vision/README.md, "Calibration").

import { softmax } from './classify.ts';
import type { ClassifierSpec } from './modelSpec.ts';
import { blendWithPrototypes, type PrototypeOptions, type TileProfile } from './prototypes.ts';

/**
 * A tile whose score is below this is shown as doubtful. Chosen on the development renders of
 * make_hand_dev_set.py (72 photos, committed models, T = 1): below 0.7 are 92.9% of the misreads and 1.0% of the
 * right tiles (0.6: 85.7% / 0.6%; 0.8: 92.9% / 2.6%). On real crops of sets the model never saw (camerash) the same
 * line marks 60.9% of misreads and 10.6% of right tiles: a third of those misreads are confident.
 */
export const DOUBT_PROBABILITY = 0.7;

/** Class probabilities of one crop: the calibrated softmax of the head, or the head mixed with the player's profile. */
export function classProbabilities(
  logits: ArrayLike<number>,
  embedding: ArrayLike<number>,
  profile: TileProfile | null,
  spec: Pick<ClassifierSpec, 'classes' | 'cosineScale' | 'temperature'>,
  prototypeOptions?: Partial<PrototypeOptions>,
): Float64Array {
  if (!profile) return softmax(logits, spec.temperature);
  return blendWithPrototypes(logits, embedding, profile, spec.classes, spec.cosineScale, { temperature: spec.temperature, ...prototypeOptions }).probs;
}

export interface CalibrationFigures {
  tiles: number;
  /** Expected calibration error over `bins` equal-width bins of the score: Σ (n_b / N) |accuracy_b − mean score_b|. */
  ece: number;
  /** Share of misread tiles whose score is below the doubt threshold (marked doubtful). */
  misreadsDoubtful: number;
  /** Share of right tiles whose score is below the doubt threshold (marked doubtful needlessly). */
  rightDoubtful: number;
  misreads: number;
  meanScore: number;
  accuracy: number;
}

export function calibrationFigures(scores: readonly number[], correct: readonly boolean[], doubt = DOUBT_PROBABILITY, bins = 10): CalibrationFigures {
  const N = scores.length;
  const count = new Float64Array(bins);
  const right = new Float64Array(bins);
  const sum = new Float64Array(bins);
  let misreads = 0, misDoubt = 0, rightDoubt = 0, total = 0, ok = 0;
  scores.forEach((s, i) => {
    const b = Math.min(bins - 1, Math.floor(s * bins));
    count[b]!++;
    sum[b]! += s;
    total += s;
    if (correct[i]) {
      right[b]!++;
      ok++;
      if (s < doubt) rightDoubt++;
    } else {
      misreads++;
      if (s < doubt) misDoubt++;
    }
  });
  let ece = 0;
  for (let b = 0; b < bins; b++) if (count[b]) ece += (count[b]! / N) * Math.abs(right[b]! / count[b]! - sum[b]! / count[b]!);
  return {
    tiles: N,
    ece: N ? ece : NaN,
    misreadsDoubtful: misreads ? misDoubt / misreads : NaN,
    rightDoubtful: ok ? rightDoubt / ok : NaN,
    misreads,
    meanScore: N ? total / N : NaN,
    accuracy: N ? ok / N : NaN,
  };
}
