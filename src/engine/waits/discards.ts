/**
 * A 14-tile hand (e.g. read from a photo before a discard): for each tile it could discard, what is left:
 * ready with its waits and their scores, or the shanten and the improving tiles.
 */
import type { RulesLike } from '../rules.ts';
import { formatTiles, KIND_CODES, tileKind, tryParseTiles } from '../tiles.ts';
import { readHand, seenCounts, type WaitingHandInput, type WaitsError } from './hand.ts';
import { rulesOrError, waitsOfHand, type WaitsOk, type WaitsSituation } from './find.ts';

export interface DiscardOption {
  /** The tile discarded, as written in the hand (`0p` for a red five). */
  discard: string;
  /** What the remaining 13 tiles wait on (or how far they are from ready); the tile discarded counts as seen. */
  left: WaitsOk;
  /** The 13 tiles wait on the tile discarded: furiten, so they win by tsumo only (every discard of a complete hand). */
  furiten: boolean;
}

export type DiscardsResult = { ok: true; options: DiscardOption[] } | WaitsError;

/** Every distinct discard of a 14-tile hand, best first (lowest shanten, then most unseen winning or improving copies). */
export function discardOptions(hand: WaitingHandInput, situation: WaitsSituation = {}, rules?: RulesLike): DiscardsResult {
  const read = readHand(hand);
  if ('error' in read) return read;
  if (read.count !== 14) {
    return { ok: false, error: { code: 'WRONG_TILE_COUNT', message: `Discards are shown for a hand of 14 tiles (each kan counts as 3); this one has ${read.count}.`, params: { count: read.count, expected: 14 } } };
  }
  const parsed = tryParseTiles(hand.closed);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const resolved = rulesOrError(rules ?? situation.rules);
  if ('error' in resolved) return resolved;
  const seen = seenCounts(situation.dora_indicators);
  const options: DiscardOption[] = [];
  const done = new Set<string>();
  for (let i = 0; i < parsed.tiles.length; i++) {
    const tile = parsed.tiles[i] as string;
    if (done.has(tile)) continue;
    done.add(tile);
    const rest = parsed.tiles.filter((_, j) => j !== i);
    const k = tileKind(tile);
    // the tile leaves the hand for the discards, where it is seen: its copies still unseen do not change
    read.concealed[k]!--;
    read.all[k]!--;
    seen[k]!++;
    const left = waitsOfHand({ ...read, closed: formatTiles(rest) }, situation, resolved, seen);
    read.concealed[k]!++;
    read.all[k]!++;
    seen[k]!--;
    const furiten = left.waits.some((w) => w.tile === KIND_CODES[k]);
    options.push({ discard: tile, left, furiten });
  }
  const value = (o: DiscardOption) => (o.left.shanten === 0 ? o.left.waits : o.left.improving).reduce((n, w) => n + w.unseen, 0);
  options.sort((a, b) => a.left.shanten - b.left.shanten || value(b) - value(a) || tileKind(a.discard) - tileKind(b.discard));
  return { ok: true, options };
}
