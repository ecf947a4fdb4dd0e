// Dora indicators read live in the camera view's dora mode (issue 17), kept until the next photo of the hand is read:
// the review of that photo starts with them (src/app/capture/session.ts takes them).
let pending: string[] = [];

export function setLiveDora(tiles: readonly string[]): void {
  pending = [...tiles];
}

export function peekLiveDora(): readonly string[] {
  return pending;
}

/** The indicators read live, once: the next call returns none. */
export function takeLiveDora(): string[] {
  const out = pending;
  pending = [];
  return out;
}
