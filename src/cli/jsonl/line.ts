// One JSON line scored the plain way: JSON.parse, scoreHandBrief, JSON.stringify. This is the reference the fast
// path (./run.ts) follows byte for byte, and what it uses for a line its direct parser leaves alone.
import { scoreHandBrief, type HandInput, type RulesLike, type ScoreBrief } from '../../engine/index.ts';

/** The compact JSON line of a result (issue 2 shape plus the rules used). */
export function resultLine(r: ScoreBrief): string {
  if (!r.ok) return JSON.stringify({ ok: false, error: { code: r.error.code, message: r.error.message } });
  const line = { ok: true, han: r.han, fu: r.fu, yaku: r.yaku, limit: r.limit, payment: r.payment, total_gain: r.total_gain, rules: r.rules };
  // a red five scored as a plain five (rules without red fives) is said in the line too
  return JSON.stringify(r.red_fives_plain ? { ...line, red_fives_plain: r.red_fives_plain } : line);
}

/** Score one JSON line; a line that is not a JSON object gives an ok:false result, never an exception. */
export function scoreJsonLine(line: string, rules: RulesLike): string {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch (e) {
    return JSON.stringify({ ok: false, error: { code: 'INVALID_JSON', message: `Line is not valid JSON: ${(e as Error).message}` } });
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return JSON.stringify({ ok: false, error: { code: 'INVALID_INPUT', message: 'Each line must be a JSON object (a HandInput).' } });
  }
  const h = input as HandInput;
  return resultLine(scoreHandBrief(h, h.rules ?? rules));
}
