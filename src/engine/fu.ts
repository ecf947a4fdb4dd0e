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

function setCode(ctx: HandContext, i: number): string {
  return (SET_CODE[ctx.setKind[i] as number] as string[])[ctx.setTile[i] as number] as string;
}

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

function push(items: FuItem[] | null, id: FuId, fu: number, tiles?: string): void {
  if (items) items.push(fuItem(id, fu, tiles));
}

/**
 * Fu of the current reading, before rounding; sets `ctx.pinfu`. Pushes explanation items to `items` when given
 * (the rounding item is added by `roundFu`).
 */
export function computeFu(ctx: HandContext, items: FuItem[] | null): number {
  ctx.pinfu = false;
  if (ctx.form === FORM_CHIITOITSU) {
    push(items, 'chiitoitsu', FU_TABLE.chiitoitsu);
    return FU_TABLE.chiitoitsu;
  }
  let fu = FU_TABLE.base;
  push(items, 'base', FU_TABLE.base);
  const closedRon = ctx.closedHand && !ctx.tsumo;
  if (closedRon) {
    fu += FU_TABLE.closed_ron;
    push(items, 'closed_ron', FU_TABLE.closed_ron);
  }
  if (ctx.form === FORM_KOKUSHI) {
    if (ctx.tsumo) {
      fu += FU_TABLE.tsumo;
      push(items, 'tsumo', FU_TABLE.tsumo);
    }
    return fu;
  }
  let setFu = 0;
  for (let i = 0; i < ctx.n; i++) {
    const kind = ctx.setKind[i];
    if (kind === RUN) continue;
    const t = ctx.setTile[i] as number;
    const th = isTerminalOrHonour(t);
    const concealed = ctx.setConcealed[i] === 1;
    let v: number;
    let id: FuId;
    if (kind === KONG) {
      id = concealed ? (th ? 'kong_concealed_terminal' : 'kong_concealed_simple') : th ? 'kong_open_terminal' : 'kong_open_simple';
      v = FU_TABLE[id as keyof typeof FU_TABLE];
    } else if (concealed) {
      id = th ? 'pung_concealed_terminal' : 'pung_concealed_simple';
      v = FU_TABLE[id];
    } else {
      const byRon = ctx.setCalled[i] === 0;
      v = th ? FU_TABLE.pung_open_terminal : FU_TABLE.pung_open_simple;
      id = byRon ? (th ? 'pung_ron_terminal' : 'pung_ron_simple') : th ? 'pung_open_terminal' : 'pung_open_simple';
    }
    setFu += v;
    if (items) push(items, id, v, setCode(ctx, i));
  }
  fu += setFu;
  let pairFu = 0;
  const p = ctx.pair;
  if (isDragon(p)) {
    pairFu += FU_TABLE.pair_dragon;
    push(items, 'pair_dragon', FU_TABLE.pair_dragon, items ? pairCode(p) : undefined);
  }
  if (p === ctx.seatWind) {
    pairFu += FU_TABLE.pair_seat_wind;
    push(items, 'pair_seat_wind', FU_TABLE.pair_seat_wind, items ? pairCode(p) : undefined);
  }
  if (p === ctx.roundWind) {
    pairFu += FU_TABLE.pair_round_wind;
    push(items, 'pair_round_wind', FU_TABLE.pair_round_wind, items ? pairCode(p) : undefined);
  }
  fu += pairFu;
  const w = ctx.wait;
  if (w === WAIT_KANCHAN || w === WAIT_PENCHAN || w === WAIT_TANKI) {
    fu += 2;
    const id = w === WAIT_KANCHAN ? 'wait_closed' : w === WAIT_PENCHAN ? 'wait_edge' : 'wait_single';
    push(items, id, 2, items ? (KIND_CODES[ctx.winKind] as string) : undefined);
  }
  ctx.pinfu = ctx.closedHand && ctx.runs === 4 && pairFu === 0 && w === WAIT_RYANMEN;
  if (ctx.tsumo && !ctx.pinfu) {
    fu += FU_TABLE.tsumo;
    push(items, 'tsumo', FU_TABLE.tsumo);
  }
  if (!ctx.closedHand && fu === FU_TABLE.base) {
    fu += FU_TABLE.open_pinfu;
    push(items, 'open_pinfu', FU_TABLE.open_pinfu);
  }
  return fu;
}

function pairCode(k: number): string {
  return PAIR_CODE[k] as string;
}

/** Round up to the next 10, except seven pairs (25). */
export function roundFu(raw: number, form: number): number {
  if (form === FORM_CHIITOITSU) return raw;
  return Math.ceil(raw / 10) * 10;
}
