// The app state <-> the URL hash, so a hand is a shareable link, the back button works and reload keeps it.
// Format: #/<screen>?c=<closed>&w=<win>&m=<melds>&... (tiles in compact notation, e.g. 234m06p).
//   m: melds separated by `,`, each `<type>:<tiles>[:<called index>]`, e.g. `pon:777z:2,kan-closed:1111m`
//   t=1 tsumo; f: situation flags separated by `,`; sw / rw: seat / round wind (E S W N);
//   d / u: dora / ura dora indicators; h: counters; r: riichi bets on the table;
//   rules: a preset (ema, ema2012, wrc2015, mahjongsoul, tenhou, mleague) or custom, and for custom `o=<option>:<value>,...`.
import { isPresetName } from '../../engine/index.ts';
import { formatNotation, parseNotation, type TileCode } from '../tiles/codes.ts';
import {
  customOptionsOf,
  DEFAULT_SITUATION,
  EMA_OPTIONS,
  EMPTY_HAND,
  MELD_TYPES,
  SCREENS,
  SITUATION_FLAGS,
  WINDS,
  type AppState,
  type CustomRules,
  type EditorMeld,
  type HandDraft,
  type MeldType,
  type Screen,
  type Situation,
  type Wind,
} from './types.ts';

export function stateToHash(state: AppState): string {
  const p = new URLSearchParams();
  const { hand, situation: s } = state;
  if (state.screen === 'hand' || hand.closed.length || hand.melds.length || hand.winTile) {
    if (hand.closed.length) p.set('c', formatNotation(hand.closed));
    if (hand.winTile) p.set('w', hand.winTile);
    if (hand.melds.length) p.set('m', hand.melds.map(meldToText).join(','));
  }
  if (s.tsumo) p.set('t', '1');
  const flags = SITUATION_FLAGS.filter((f) => s[f]);
  if (flags.length) p.set('f', flags.join(','));
  if (s.seat_wind !== DEFAULT_SITUATION.seat_wind) p.set('sw', s.seat_wind);
  if (s.round_wind !== DEFAULT_SITUATION.round_wind) p.set('rw', s.round_wind);
  if (s.dora_indicators.length) p.set('d', formatNotation(s.dora_indicators));
  if (s.ura_indicators.length) p.set('u', formatNotation(s.ura_indicators));
  if (s.honba) p.set('h', String(s.honba));
  if (s.riichi_sticks) p.set('r', String(s.riichi_sticks));
  if (s.rules !== 'ema') p.set('rules', s.rules);
  if (s.rules === 'custom') {
    if (s.customBase !== 'ema') p.set('cb', s.customBase);
    p.set(
      'o',
      (Object.keys(EMA_OPTIONS) as (keyof CustomRules)[]).map((k) => `${k}:${String(s.custom[k])}`).join(','),
    );
  }
  const query = p.toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
  return `#/${state.screen}${query ? `?${query}` : ''}`;
}

function meldToText(m: EditorMeld): string {
  const base = `${m.type}:${formatNotation(m.tiles)}`;
  return m.calledIndex === null ? base : `${base}:${m.calledIndex}`;
}

function parseMeld(text: string): EditorMeld | null {
  const [type, tilesText, called] = text.split(':');
  if (!type || !MELD_TYPES.includes(type as MeldType) || !tilesText) return null;
  const tiles = tilesPart(tilesText);
  if (!tiles) return null;
  const calledIndex = called === undefined || called === '' ? null : Number(called);
  if (calledIndex !== null && !(Number.isInteger(calledIndex) && calledIndex >= 0 && calledIndex < tiles.length)) return null;
  return { type: type as MeldType, tiles, calledIndex: type === 'kan-closed' ? null : calledIndex };
}

/**
 * The most tiles one part of a link may carry: a whole set (136). No hand comes near it, yet the editor still shows a
 * hand of 15 or 23 tiles with the error that says what to remove; a link of thousands of tiles (a garbled or hostile
 * link) would take seconds to draw, so that part is malformed and left empty.
 */
export const MAX_LINK_TILES = 136;

/** Tiles of one part of a link, or null when malformed or beyond MAX_LINK_TILES. */
function tilesPart(text: string | null): TileCode[] | null {
  // the cheap check first: a part within the bound takes at most 4 characters a tile (`1m` and a separator), so a
  // longer text is not parsed at all
  if (!text || text.length > 4 * MAX_LINK_TILES) return null;
  const tiles = parseNotation(text);
  return tiles && tiles.length <= MAX_LINK_TILES ? tiles : null;
}

function count(text: string | null, max: number): number {
  const n = Number(text ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : 0;
}

function wind(text: string | null, fallback: Wind): Wind {
  return text && WINDS.includes(text as Wind) ? (text as Wind) : fallback;
}

/**
 * The parts of a link that could not be read and were set back to their default (an empty hand, no dora, EMA rules...),
 * in the order the Hand screen names them. A link the app wrote never has one; a garbled or hand-edited one may, and
 * the player should hear of it rather than find an empty hand without a word.
 */
export const LINK_PARTS = ['hand', 'winTile', 'melds', 'dora', 'ura', 'counters', 'riichiBets', 'winds', 'situation', 'rules'] as const;
export type LinkPart = (typeof LINK_PARTS)[number];

/** Parse a location hash. Anything malformed falls back to the default for that part only. */
export function hashToState(hash: string): AppState {
  return readLink(hash).state;
}

/** The parts of a link that could not be read (see LINK_PARTS). */
export function unreadLinkParts(hash: string): LinkPart[] {
  return readLink(hash).unread;
}

/** A link's state and the parts of it that fell back to their default, from one parse. */
export function readLink(hash: string): { state: AppState; unread: LinkPart[] } {
  const raw = hash.replace(/^#\/?/, '');
  const [screenText = '', query = ''] = raw.split('?', 2) as [string?, string?];
  const p = new URLSearchParams(query);
  const given = (key: string) => (p.get(key) ?? '') !== '';
  const unread = new Set<LinkPart>();
  /** A part's tiles, or [] (and the part unread when it was given) when malformed. */
  const tilesOf = (key: string, part: LinkPart): TileCode[] => {
    const tiles = tilesPart(p.get(key));
    if (!tiles && given(key)) unread.add(part);
    return tiles ?? [];
  };
  /** A counter 0-99, or 0 (and the part unread) when malformed. */
  const counterOf = (key: string, part: LinkPart): number => {
    const n = count(p.get(key), 99);
    if (given(key) && n !== Number(p.get(key))) unread.add(part);
    return n;
  };
  // The app opens ready to photograph; a link that carries a hand opens it in the editor.
  const carriesHand = p.has('c') || p.has('w') || p.has('m');
  const screen: Screen = SCREENS.includes(screenText as Screen) ? (screenText as Screen) : carriesHand ? 'hand' : 'photo';

  const hand: HandDraft = { ...EMPTY_HAND };
  hand.closed = tilesOf('c', 'hand');
  const win = tilesPart(p.get('w'));
  hand.winTile = win && win.length === 1 ? win[0]! : null;
  if (given('w') && !hand.winTile) unread.add('winTile');
  const meldTexts = (p.get('m') ?? '').split(',').filter(Boolean);
  const melds = meldTexts.length > MAX_LINK_TILES / 3 ? null : meldTexts.map(parseMeld);
  hand.melds = melds ? melds.filter((m): m is EditorMeld => m !== null) : [];
  if (!melds || melds.includes(null)) unread.add('melds');

  const flags = new Set((p.get('f') ?? '').split(','));
  const t = p.get('t');
  if ([...flags].some((f) => f && !(SITUATION_FLAGS as readonly string[]).includes(f)) || (given('t') && t !== '1' && t !== '0')) unread.add('situation');
  for (const key of ['sw', 'rw']) if (given(key) && !WINDS.includes(p.get(key) as Wind)) unread.add('winds');
  const situation: Situation = {
    ...DEFAULT_SITUATION,
    tsumo: t === '1',
    seat_wind: wind(p.get('sw'), DEFAULT_SITUATION.seat_wind),
    round_wind: wind(p.get('rw'), DEFAULT_SITUATION.round_wind),
    dora_indicators: tilesOf('d', 'dora'),
    ura_indicators: tilesOf('u', 'ura'),
    honba: counterOf('h', 'counters'),
    riichi_sticks: counterOf('r', 'riichiBets'),
  };
  for (const f of SITUATION_FLAGS) situation[f] = flags.has(f);
  const rules = p.get('rules');
  situation.rules = rules === 'custom' || isPresetName(rules) ? rules : 'ema';
  if (given('rules') && situation.rules !== rules) unread.add('rules');
  // custom rules: the rule book they start from (EMA 2016 unless said), then each option the link sets
  const base = p.get('cb');
  situation.customBase = isPresetName(base) ? base : 'ema';
  if (given('cb') && situation.customBase !== base) unread.add('rules');
  const custom: CustomRules = customOptionsOf(situation.customBase);
  const pairs = (p.get('o') ?? '').split(',').filter(Boolean);
  for (const pair of pairs) {
    const [key, value] = pair.split(':');
    if (!key || value === undefined || !Object.hasOwn(EMA_OPTIONS, key)) continue;
    const k = key as keyof CustomRules;
    if (typeof EMA_OPTIONS[k] === 'boolean') {
      if (value === 'true' || value === 'false') (custom as unknown as Record<string, unknown>)[k] = value === 'true';
    }
    else if (k === 'renhou' && (value === 'mangan' || value === 'yakuman' || value === 'none')) custom.renhou = value;
    else if (k === 'multipleRon' && (value === 'head-bump' || value === 'each-winner' || value === 'double-ron')) custom.multipleRon = value;
    else if (k === 'doubleWindPairFu' && (value === '4' || value === '2')) custom.doubleWindPairFu = value === '2' ? 2 : 4;
    else if (k === 'redFivesInSet' && (value === '3' || value === '4')) custom.redFivesInSet = value === '4' ? 4 : 3;
  }
  situation.custom = custom;
  // An option pair is read when the rules now hold the value it names.
  for (const pair of pairs) {
    const [key, value] = pair.split(':');
    if (!key || !Object.hasOwn(EMA_OPTIONS, key) || String(custom[key as keyof CustomRules]) !== value) unread.add('rules');
  }
  return { state: { screen, hand, situation }, unread: LINK_PARTS.filter((part) => unread.has(part)) };
}

