/**
 * Minipoints (fu), EMA 4.1.1:
 *   base 30 concealed ron / 25 seven pairs (nothing added, no rounding) / 20 otherwise;
 *   pungs 2/4 (simples open/concealed), 4/8 (terminals/honours); kongs 8/16, 16/32;
 *   a pung completed by a discard counts as open; +2 each for a pair of dragons, of the seat wind,
 *   of the round wind (double wind pair +4), an edge/closed/single wait, self-draw (not with pinfu),
 *   open pinfu (open hand with no other fu); round up to the next 10.
 * Fu amounts are data (FU_TABLE); `computeFu` fills the explanation items only when asked.
 */
import {
  FORM_CHIITOITSU, FORM_KOKUSHI, KONG, RUN, WAIT_KANCHAN, WAIT_PENCHAN, WAIT_RYANMEN, WAIT_TANKI, type HandContext,
} from './context.ts';
import type { FuItem } from './types.ts';
import { isDragon, isTerminalOrHonour, KIND_CODES } from './tiles.ts';

export const FU_TABLE = {
  base: 20,
  closed_ron: 10,
  chiitoitsu: 25,
  pung_open_simple: 2,
  pung_open_terminal: 4,
  pung_concealed_simple: 4,
  pung_concealed_terminal: 8,
  kong_open_simple: 8,
  kong_open_terminal: 16,
  kong_concealed_simple: 16,
  kong_concealed_terminal: 32,
  pair_dragon: 2,
  pair_seat_wind: 2,
  pair_round_wind: 2,
  wait_edge: 2,
  wait_closed: 2,
  wait_single: 2,
  tsumo: 2,
  open_pinfu: 2,
} as const;
export type FuId = keyof typeof FU_TABLE | 'rounding' | 'pung_ron_simple' | 'pung_ron_terminal';

/** Set notation without brackets, precomputed per set kind and lowest tile. */
const SET_CODE: string[][] = [RUN, 1, KONG].map((kind) =>
  KIND_CODES.map((code) => {
    const d = +code[0]!;
    if (kind === RUN) return d <= 7 && code[1] !== 'z' ? `${d}${d + 1}${d + 2}${code[1]}` : '';
    return `${String(d).repeat(kind === KONG ? 4 : 3)}${code[1]}`;
  }),
);
const PAIR_CODE: readonly string[] = KIND_CODES.map((code) => `${code[0]}${code}`);

/**
 * Fu items are immutable values shared between results (frozen), so explaining a hand allocates
 * almost nothing: one cache per item id, keyed by the tiles text.
 */
const itemCache = new Map<string, Map<string, FuItem>>();
const plainCache = new Map<string, FuItem[]>();
export function fuItem(id: FuId, fu: number, tiles?: string): FuItem {
  if (tiles === undefined) {
    let arr = plainCache.get(id);
    if (!arr) plainCache.set(id, (arr = []));
    return (arr[fu] ??= Object.freeze({ id, fu }));
  }
  let byTiles = itemCache.get(id);
  if (!byTiles) itemCache.set(id, (byTiles = new Map()));
  let item = byTiles.get(tiles);
  if (!item) {
    item = Object.freeze({ id, fu, tiles });
    byTiles.set(tiles, item);
  }
  return item;
}

/**
 * The pung and kong cases, indexed `(kong ? 4 : 0) + (concealed ? 2 : 0) + (terminal or honour ? 1 : 0)`, then
 * the pungs completed by a discard (8 + terminal): their ids, fu (from FU_TABLE) and items per lowest tile.
 */
const SET_FU_IDS: readonly FuId[] = [
  'pung_open_simple', 'pung_open_terminal', 'pung_concealed_simple', 'pung_concealed_terminal',
  'kong_open_simple', 'kong_open_terminal', 'kong_concealed_simple', 'kong_concealed_terminal',
  'pung_ron_simple', 'pung_ron_terminal',
];
/** A pung completed by a discard scores as an open pung. */
const SET_FU: Uint8Array = Uint8Array.from(SET_FU_IDS, (id, i) => FU_TABLE[(i >= 8 ? SET_FU_IDS[i - 8] : id) as keyof typeof FU_TABLE]);
const SET_FU_ITEMS: readonly (readonly FuItem[])[] = SET_FU_IDS.map((id, i) =>
  KIND_CODES.map((_, k) => fuItem(id, SET_FU[i] as number, (SET_CODE[i >= 4 && i < 8 ? KONG : 1] as string[])[k] as string)),
);
const TERMINAL_OR_HONOUR = Uint8Array.from(KIND_CODES, (_, k) => (isTerminalOrHonour(k) ? 1 : 0));
const perKind = (id: FuId, fu: number, text: readonly string[]): readonly FuItem[] => text.map((t) => fuItem(id, fu, t));
const PAIR_ITEMS = {
  dragon: perKind('pair_dragon', FU_TABLE.pair_dragon, PAIR_CODE),
  seat: perKind('pair_seat_wind', FU_TABLE.pair_seat_wind, PAIR_CODE),
  round: perKind('pair_round_wind', FU_TABLE.pair_round_wind, PAIR_CODE),
};
const WAIT_ITEMS = {
  closed: perKind('wait_closed', FU_TABLE.wait_closed, KIND_CODES),
  edge: perKind('wait_edge', FU_TABLE.wait_edge, KIND_CODES),
  single: perKind('wait_single', FU_TABLE.wait_single, KIND_CODES),
};
const PLAIN_ITEMS = {
  chiitoitsu: fuItem('chiitoitsu', FU_TABLE.chiitoitsu),
  base: fuItem('base', FU_TABLE.base),
  closed_ron: fuItem('closed_ron', FU_TABLE.closed_ron),
  tsumo: fuItem('tsumo', FU_TABLE.tsumo),
  open_pinfu: fuItem('open_pinfu', FU_TABLE.open_pinfu),
};
const ROUNDING_ITEMS: readonly FuItem[] = Array.from({ length: 10 }, (_, fu) => fuItem('rounding', fu));

/** The rounding item of `fu` (1..9) minipoints. */
export function roundingItem(fu: number): FuItem {
  return ROUNDING_ITEMS[fu] ?? fuItem('rounding', fu);
}

/**
 * Explanation items collected by computeFu into a reused list: `list[0..n)`, copied out with `list.slice(0, n)`
 * (an exact-size array: a result allocates no spare capacity).
 */
export interface FuItemList {
  list: FuItem[];
  n: number;
}

/**
 * Fu of the current reading, before rounding; sets `ctx.pinfu`. Appends explanation items to `items` when given
 * (the caller adds the rounding item).
 */
export function computeFu(ctx: HandContext, items: FuItemList | null): number {
  ctx.pinfu = false;
  if (ctx.form === FORM_CHIITOITSU) {
    if (items) items.list[items.n++] = PLAIN_ITEMS.chiitoitsu;
    return FU_TABLE.chiitoitsu;
  }
  let fu = FU_TABLE.base;
  if (items) items.list[items.n++] = PLAIN_ITEMS.base;
  const closedRon = ctx.closedHand && !ctx.tsumo;
  if (closedRon) {
    fu += FU_TABLE.closed_ron;
    if (items) items.list[items.n++] = PLAIN_ITEMS.closed_ron;
  }
  if (ctx.form === FORM_KOKUSHI) {
    if (ctx.tsumo) {
      fu += FU_TABLE.tsumo;
      if (items) items.list[items.n++] = PLAIN_ITEMS.tsumo;
    }
    return fu;
  }
  for (let i = 0; i < ctx.n; i++) {
    const kind = ctx.setKind[i];
    if (kind === RUN) continue;
    const t = ctx.setTile[i] as number;
    const th = TERMINAL_OR_HONOUR[t] as number;
    let c: number;
    if (ctx.setConcealed[i] === 1) c = (kind === KONG ? 6 : 2) + th;
    else if (kind === KONG) c = 4 + th;
    else c = ctx.setCalled[i] === 0 ? 8 + th : th;
    fu += SET_FU[c] as number;
    if (items) items.list[items.n++] = (SET_FU_ITEMS[c] as FuItem[])[t] as FuItem;
  }
  let pairFu = 0;
  const p = ctx.pair;
  if (isDragon(p)) {
    pairFu += FU_TABLE.pair_dragon;
    if (items) items.list[items.n++] = PAIR_ITEMS.dragon[p] as FuItem;
  }
  if (p === ctx.seatWind) {
    pairFu += FU_TABLE.pair_seat_wind;
    if (items) items.list[items.n++] = PAIR_ITEMS.seat[p] as FuItem;
  }
  // a double-wind pair: 2 + 2, or 2 in all where the rules count it once (doubleWindPairFu 2)
  if (p === ctx.roundWind && (p !== ctx.seatWind || ctx.rules.doubleWindPairFu === 4)) {
    pairFu += FU_TABLE.pair_round_wind;
    if (items) items.list[items.n++] = PAIR_ITEMS.round[p] as FuItem;
  }
  fu += pairFu;
  const w = ctx.wait;
  if (w === WAIT_KANCHAN || w === WAIT_PENCHAN || w === WAIT_TANKI) {
    const waitItems = w === WAIT_KANCHAN ? WAIT_ITEMS.closed : w === WAIT_PENCHAN ? WAIT_ITEMS.edge : WAIT_ITEMS.single;
    const item = waitItems[ctx.winKind] as FuItem;
    fu += item.fu;
    if (items) items.list[items.n++] = item;
  }
  ctx.pinfu = ctx.closedHand && ctx.runs === 4 && pairFu === 0 && w === WAIT_RYANMEN;
  if (ctx.tsumo && !ctx.pinfu) {
    fu += FU_TABLE.tsumo;
    if (items) items.list[items.n++] = PLAIN_ITEMS.tsumo;
  }
  if (!ctx.closedHand && fu === FU_TABLE.base) {
    fu += FU_TABLE.open_pinfu;
    if (items) items.list[items.n++] = PLAIN_ITEMS.open_pinfu;
  }
  return fu;
}

/** Round up to the next 10 (integer arithmetic: fu are whole numbers), except seven pairs (25). */
export function roundFu(raw: number, form: number): number {
  if (form === FORM_CHIITOITSU) return raw;
  return (((raw + 9) / 10) | 0) * 10;
}
