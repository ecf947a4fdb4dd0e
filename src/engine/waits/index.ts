// Waits of a 13-tile hand, shanten, improving tiles, and what each discard of a 14-tile hand leaves.
export { findWaits, waitsOfHand, shantenOfHand, type WaitsResult, type WaitsOk, type WaitEntry, type WaitScoring, type WaitsSituation, type ImprovingEntry } from './find.ts';
export { discardOptions, type DiscardOption, type DiscardsResult } from './discards.ts';
export { waitShapes, waitPatterns, type WaitShape, type WaitShapeId, type WaitPattern } from './shapes.ts';
export { readHand, seenCounts, type WaitingHand, type WaitingHandInput, type WaitsError } from './hand.ts';
export { explainWaits, explainDiscards, shapeText, shapesText, patternText, scoreText, waitScoresText, waitsExtrasText } from './explain.ts';
