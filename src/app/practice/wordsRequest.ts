// A section of the Practice screen asked for from another screen (the Hand screen's "How the points are counted"):
// the Practice screen opens it once, in view.
export type PracticeSection = 'words';

let wanted: PracticeSection | null = null;

export function requestPracticeSection(section: PracticeSection): void {
  wanted = section;
}

/** Whether `section` was asked for; the request is used up. */
export function takeSectionRequest(section: PracticeSection): boolean {
  if (wanted !== section) return false;
  wanted = null;
  return true;
}
