// The rules last chosen, kept on the device: the Hand screen's rules live in the address like the rest of the hand,
// so a launch from the home screen (its start address holds nothing) opened under EMA 2016 whatever the player plays.
// Only a bare address takes them: a link with a hand, or any other part, says what it means (EMA is written as no
// rules at all, so a friend's EMA hand must not open under the rules kept here).

/** The query parameters of an address that say the rules: the preset, and the options of custom rules. */
const RULES_PARAMS = ['rules', 'cb', 'o'] as const;

/** The rules part of an app address ("rules=mleague", "rules=custom&o=..."; "" for EMA 2016, the default). */
export function rulesQuery(hash: string): string {
  const params = new URLSearchParams(hash.split('?', 2)[1] ?? '');
  const kept = new URLSearchParams();
  for (const key of RULES_PARAMS) {
    const value = params.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept.toString();
}

/** `hash` with the kept rules, when it is a bare address (no query at all): "#/photo" -> "#/photo?rules=mleague". */
export function withKeptRules(hash: string, kept: string | null): string {
  const [path = '', query = ''] = hash.split('?', 2);
  if (query || !kept) return hash;
  // only the rules' own parameters, whatever was stored
  const rules = rulesQuery(`?${kept}`);
  return rules ? `${path || '#/photo'}?${rules}` : hash;
}
