// The words of the game asked for from another screen (the Hand screen's "How the points are counted"): the
// Practice screen opens its glossary once, in view.
let wanted = false;

export function requestWords(): void {
  wanted = true;
}

/** Whether the words were asked for; the request is used up. */
export function takeWordsRequest(): boolean {
  const was = wanted;
  wanted = false;
  return was;
}
