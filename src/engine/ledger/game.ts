// The hanchan ledger as a pure reducer: replay(setup, events) recomputes the whole game, so undoing
// or correcting any entry is just replaying a different event list.
// Game flow per the EMA rule texts (002 5.7.6-5.9.2, 000 4.1) and RULES.md "Hand and game flow".
import { EngineError } from '../errors.ts';
import { COUNTER_RON, COUNTER_TSUMO_EACH, YAKUMAN_LIMITS } from '../payment.ts';
import { PRESETS, resolveRules, type ResolvedRules, type RuleOptions } from '../rules.ts';
import { fillLedgerTemplate, LEDGER_MESSAGES, type LedgerErrorCode, type LedgerLang } from './messages.ts';
import { handPayment, yakumanCount, type PaymentLine } from './payments.ts';
import {
  ABORTIVE_KINDS,
  abortiveKindsOf,
  PAO_YAKUMAN,
  PLAYER_INDICES,
  RECORD_BOUNDS,
  withinBound,
  WINDS,
  type AbortiveEvent,
  type DrawEvent,
  type GameSetup,
  type GameState,
  type HandRecord,
  type LedgerEvent,
  type PlayerIndex,
  type Transfer,
  type WinEvent,
  type Wind,
  type WinningHand,
} from './types.ts';

export const RIICHI_BET = 1000;
/** A reverse mangan (RCR 2012 3.4.6): 4,000 to or from East, 2,000 between two other players. */
export const REVERSE_MANGAN_DEALER = 4000;
export const REVERSE_MANGAN_OTHER = 2000;
export const DEFAULT_CHOMBO_PENALTY = 20000;
/** 8 dealer rotations (East 1-4, South 1-4) make a hanchan. */
export const ROTATIONS_PER_GAME = 8;
/** With a West round (rules.westRound), at most 4 more (West 1-4); there is no North round. */
export const ROTATIONS_PER_GAME_WITH_WEST = 12;

/** A ledger event that cannot be applied, with the reason in plain words (English message; `text(lang)` for others). */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  readonly params: Readonly<Record<string, string | number>>;
  readonly eventIndex: number | null;
  /** The engine's error behind a HAND_VALUE error (to show it in another language). */
  readonly engineError: { code: string; params: Record<string, string | number> } | null;
  constructor(
    code: LedgerErrorCode,
    params: Readonly<Record<string, string | number>> = {},
    eventIndex: number | null = null,
    engineError: { code: string; params: Record<string, string | number> } | null = null,
  ) {
    super(ledgerErrorText(code, params, eventIndex, 'en'));
    this.name = 'LedgerError';
    this.code = code;
    this.params = params;
    this.eventIndex = eventIndex;
    this.engineError = engineError;
  }
  /** The message in a language; `engineMessage` translates an engine error (the engine's errorMessage). */
  text(lang: LedgerLang, engineMessage?: (code: string, params: Record<string, string | number>) => string): string {
    const params = this.engineError && engineMessage ? { ...this.params, message: engineMessage(this.engineError.code, this.engineError.params) } : this.params;
    return ledgerErrorText(this.code, params, this.eventIndex, lang);
  }
}

function ledgerErrorText(code: LedgerErrorCode, params: Readonly<Record<string, string | number>>, eventIndex: number | null, lang: LedgerLang): string {
  const table = Object.hasOwn(LEDGER_MESSAGES, lang) ? LEDGER_MESSAGES[lang] : LEDGER_MESSAGES.en;
  const body = fillLedgerTemplate(table[code], params);
  return eventIndex === null ? body : fillLedgerTemplate(table.entryPrefix, { n: eventIndex + 1 }) + body;
}

function engineErrorOf(e: unknown): { code: string; params: Record<string, string | number> } | null {
  return e instanceof EngineError ? { code: e.code, params: { ...e.params } } : null;
}

type Fail = (code: LedgerErrorCode, params?: Record<string, string | number>, engineError?: LedgerError['engineError']) => never;

export interface NewGameOptions {
  players: readonly string[];
  startingPoints?: number;
  /** A preset name ("ema", "tenhou", ...) or partial options, as resolveRules accepts. */
  rules?: string | (Partial<RuleOptions> & { preset?: string });
  chomboPenalty?: number;
}

/** The points that end a game in the West round (sudden death) and that agari-yame there needs. */
export function westRoundTarget(rules: RuleOptions): number {
  return rules.targetPoints ?? rules.returnPoints;
}

export function createGame(options: NewGameOptions): GameSetup {
  const players: unknown = options?.players;
  if (!Array.isArray(players)) throw new LedgerError('PLAYER_COUNT', { count: shown(players) });
  const names = players.map((name) => shown(name).trim());
  if (names.length !== 4) throw new LedgerError('PLAYER_COUNT', { count: names.length });
  names.forEach((name, i) => {
    if (!name) throw new LedgerError('PLAYER_NO_NAME', { n: i + 1 });
    if (name.length > RECORD_BOUNDS.nameLength) throw new LedgerError('PLAYER_NAME_LONG', { n: i + 1, length: name.length, max: RECORD_BOUNDS.nameLength });
  });
  if (new Set(names.map((n) => n.toLowerCase())).size !== 4) throw new LedgerError('NAMES_NOT_DIFFERENT');
  let rules: ResolvedRules;
  try {
    rules = resolveRules((options.rules ?? 'ema') as Parameters<typeof resolveRules>[0]);
  } catch (e) {
    throw new LedgerError('BAD_RULES', { message: e instanceof Error ? e.message : String(e) });
  }
  const startingPoints = options.startingPoints ?? rules.startingPoints;
  // the bounds a saved game is read back with (document.ts), so every game created can be exported and imported
  if (!withinBound(startingPoints, RECORD_BOUNDS.startingPoints)) throw new LedgerError('STARTING_POINTS', { value: shown(startingPoints) });
  const chomboPenalty = options.chomboPenalty ?? DEFAULT_CHOMBO_PENALTY;
  if (!withinBound(chomboPenalty, RECORD_BOUNDS.chomboPenalty)) throw new LedgerError('CHOMBO_PENALTY', { value: shown(chomboPenalty) });
  if (startingPoints !== rules.startingPoints) {
    // a start changed under rules that count from the start (no oka) keeps counting from it
    const countsFromStart = PRESETS[rules.preset].returnPoints === PRESETS[rules.preset].startingPoints && rules.returnPoints === rules.startingPoints;
    rules = resolveRules({ ...rules, name: undefined, startingPoints, ...(countsFromStart ? { returnPoints: startingPoints } : {}) });
  }
  return {
    players: names as GameSetup['players'],
    startingPoints,
    preset: rules.preset,
    rules,
    chomboPenalty,
  };
}

export function initialState(setup: GameSetup): GameState {
  const p = setup.startingPoints;
  return {
    setup,
    rotations: 0,
    round: 'E',
    handNumber: 1,
    counters: 0,
    riichiBets: 0,
    dealer: 0,
    seatWinds: seatWindsFor(0),
    points: [p, p, p, p],
    riichiThisHand: [],
    chombos: [0, 0, 0, 0],
    finished: false,
    endReason: null,
    hands: [],
    eventCount: 0,
  };
}

export function seatWindsFor(dealer: PlayerIndex): [Wind, Wind, Wind, Wind] {
  return PLAYER_INDICES.map((p) => WINDS[(p - dealer + 4) % 4] as Wind) as [Wind, Wind, Wind, Wind];
}

/** Players in turn order after `from`: the player at its right first. */
export function turnOrderAfter(from: PlayerIndex): PlayerIndex[] {
  return [1, 2, 3].map((k) => ((from + k) % 4) as PlayerIndex);
}

/**
 * Yakuman the liable player answers for: the liability's own yakuman (`liableFor`, or the Daisangen / Daisuushii the
 * yaku list names), Daisuushii counting 2 where it is a double yakuman; undefined when the hand does not say.
 */
function paoYakumanCount(w: WinningHand, rules: ResolvedRules | RuleOptions): number | undefined {
  const kind = w.liableFor ?? (Array.isArray(w.yaku) ? w.yaku.find((y) => y.id === 'daisangen' || y.id === 'daisuushii')?.id : undefined);
  if (kind === undefined) return undefined;
  return kind === 'daisuushii' && rules.daisuushiiDouble ? 2 : 1;
}

/** A value for a message, whatever it is (String() throws on an object without a prototype). */
function shown(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return typeof v;
  }
}

/** A player number 0-3 (a value read from a file or from storage may be anything). */
export function isPlayerIndex(x: unknown): x is PlayerIndex {
  return x === 0 || x === 1 || x === 2 || x === 3;
}

function name(state: GameState, p: PlayerIndex): string {
  return state.setup.players[p];
}

/** Applies one event; returns a new state (the input is not modified). Throws LedgerError. */
export function applyEvent(state: GameState, event: LedgerEvent, eventIndex: number = state.eventCount): GameState {
  const fail = (code: LedgerErrorCode, params: Record<string, string | number> = {}, engineError: LedgerError['engineError'] = null): never => {
    throw new LedgerError(code, params, eventIndex, engineError);
  };
  if (state.finished) fail('GAME_OVER');
  // an entry from a file or a caller may be anything: never a TypeError, always a ledger error
  if (!event || typeof event !== 'object') return fail('UNKNOWN_ENTRY', { type: event === null ? 'null' : typeof event });
  const next: GameState = {
    ...state,
    points: [...state.points],
    riichiThisHand: [...state.riichiThisHand],
    chombos: [...state.chombos],
    hands: [...state.hands],
    eventCount: eventIndex + 1,
  };
  switch (event.type) {
    case 'riichi': {
      if (!isPlayerIndex(event.player)) fail('UNKNOWN_PLAYER', { what: 'riichi', value: shown(event.player) });
      if (next.riichiThisHand.includes(event.player)) fail('RIICHI_TWICE', { name: name(state, event.player) });
      // where a player below zero ends the game, the bet must be paid from points the player has (riichi.wiki,
      // "Riichi": at least 1,000 points unless negative points are allowed; Tenhou and Mahjong Soul refuse it)
      if (state.setup.rules.bust && state.points[event.player] < RIICHI_BET) {
        fail('RIICHI_NO_POINTS', { name: name(state, event.player), points: state.points[event.player] });
      }
      next.points[event.player] -= RIICHI_BET;
      next.riichiBets += 1;
      next.riichiThisHand.push(event.player);
      return next;
    }
    case 'win':
      return applyWin(state, next, event, fail);
    case 'draw':
      return applyDraw(state, next, event, fail);
    case 'chombo': {
      if (!isPlayerIndex(event.player)) fail('UNKNOWN_PLAYER', { what: 'chombo', value: shown(event.player) });
      // The hand is void: bets declared in it go back to their owners; no rotation (002 5.7.8),
      // counters unchanged. The penalty is either taken from the final score (rules.chombo 'deduction',
      // RCR 2016 / WRC 2015) or a reverse mangan paid at the table now (RCR 2012 3.4.6).
      const transfers: Transfer[] = [];
      for (const p of next.riichiThisHand) {
        next.points[p] += RIICHI_BET;
        next.riichiBets -= 1;
        transfers.push({ from: 'table', to: p, amount: RIICHI_BET, reason: 'riichi-bet-returned' });
      }
      if (state.setup.rules.chombo === 'reverse-mangan') {
        for (const p of PLAYER_INDICES) {
          if (p === event.player) continue;
          const amount = event.player === state.dealer || p === state.dealer ? REVERSE_MANGAN_DEALER : REVERSE_MANGAN_OTHER;
          next.points[event.player] -= amount;
          next.points[p] += amount;
          transfers.push({ from: event.player, to: p, amount, reason: 'chombo' });
        }
      }
      next.chombos[event.player] += 1;
      return finishHand(state, next, event, eventIndex, [], transfers, { dealerStays: true, counter: 'keep' });
    }
    case 'abortive':
      return applyAbortive(state, next, event, eventIndex, fail);
    default:
      return fail('UNKNOWN_ENTRY', { type: shown((event as { type?: unknown }).type) });
  }
}

/**
 * Fan and fu as typed (a typo such as 200 fan for 20), and the yaku and hand kept from a scored hand, within the
 * bounds a saved game is read back with (RECORD_BOUNDS): an entry beyond them would be taken now and make the game
 * unreadable after a reload or an export.
 */
function checkRecordedHand(state: GameState, w: WinningHand, fail: Fail): void {
  for (const field of ['han', 'fu'] as const) {
    const { min, max } = RECORD_BOUNDS[field];
    if (!withinBound(w[field], RECORD_BOUNDS[field])) fail('HAND_NUMBER', { name: name(state, w.player), field: field === 'han' ? 'fan' : 'fu', min, max, value: shown(w[field]) });
  }
  const yakuOk =
    w.yaku === undefined ||
    (Array.isArray(w.yaku) && w.yaku.every((y) => y !== null && typeof y === 'object' && typeof y.id === 'string' && y.id.length > 0 && withinBound(y.han, RECORD_BOUNDS.yakuHan)));
  const handOk = w.hand === undefined || (typeof w.hand === 'string' && w.hand.length <= RECORD_BOUNDS.handLength);
  if (!yakuOk || !handOk) fail('HAND_RECORD', { name: name(state, w.player) });
}

function applyWin(state: GameState, next: GameState, event: WinEvent, fail: Fail): GameState {
  const rules = state.setup.rules;
  const winners = event.winners;
  if (!Array.isArray(winners) || winners.length === 0) fail('NO_WINNER');
  const seen = new Set<PlayerIndex>();
  for (const w of winners) {
    if (!w || typeof w !== 'object') fail('UNKNOWN_PLAYER', { what: 'win', value: w === null ? 'null' : typeof w });
    if (!isPlayerIndex(w.player)) fail('UNKNOWN_PLAYER', { what: 'win', value: shown(w.player) });
    if (seen.has(w.player)) fail('WINNER_TWICE', { name: name(state, w.player) });
    seen.add(w.player);
    checkRecordedHand(state, w, fail);
  }
  const tsumo = event.discarder === undefined;
  if (!tsumo && !isPlayerIndex(event.discarder)) fail('UNKNOWN_PLAYER', { what: 'discarder', value: shown(event.discarder) });
  if (tsumo && winners.length > 1) fail('TSUMO_ONE_WINNER');
  if (!tsumo && seen.has(event.discarder as PlayerIndex)) fail('OWN_DISCARD', { name: name(state, event.discarder as PlayerIndex) });
  if (winners.length > 3) fail('TOO_MANY_WINNERS');
  if (winners.length === 3 && rules.multipleRon === 'double-ron') fail('THREE_RON_ABORTS');
  for (const w of winners) {
    if (w.liable === undefined) continue;
    if (!rules.pao) fail('PAO_NOT_IN_RULES');
    if (!isPlayerIndex(w.liable)) fail('UNKNOWN_PLAYER', { what: 'pao', value: String(w.liable) });
    if (w.liable === w.player) fail('PAO_SELF', { name: name(state, w.player) });
    if (yakumanCount(w.limit) === 0) fail('PAO_NOT_YAKUMAN', { name: name(state, w.player) });
    if (w.liableFor !== undefined) {
      if (!PAO_YAKUMAN.includes(w.liableFor)) fail('PAO_YAKUMAN_KIND', { value: shown(w.liableFor) });
      if (w.liableFor === 'suukantsu' && !rules.paoSuukantsu) fail('PAO_SUUKANTSU_NOT_IN_RULES');
      if (Array.isArray(w.yaku) && !w.yaku.some((y) => y.id === w.liableFor)) fail('PAO_YAKUMAN_NOT_IN_HAND', { name: name(state, w.player), yakuman: w.liableFor });
    }
  }

  const transfers: Transfer[] = [];
  const honba = state.counters;
  // Winners in turn order from the discarder: the first one is "the winner nearest the discarder's right".
  const ordered = tsumo
    ? winners
    : turnOrderAfter(event.discarder as PlayerIndex)
        .map((p) => winners.find((w) => w.player === p))
        .filter((w): w is (typeof winners)[number] => w !== undefined);
  const headBump = !tsumo && ordered.length > 1 && rules.multipleRon === 'head-bump';
  const paid = headBump ? ordered.slice(0, 1) : ordered;
  // Several winners paid: each gets the counters (RCR 4.1), or only the nearest one (rules.multipleRonExtras).
  const extrasToNearest = paid.length > 1 && rules.multipleRonExtras === 'nearest-winner';

  for (const w of paid) {
    const isDealer = w.player === state.dealer;
    const counters = extrasToNearest && w !== paid[0] ? 0 : honba;
    let lines: PaymentLine[];
    const pao = w.liable !== undefined && (tsumo || w.liable !== event.discarder);
    // Under pao, the hand as two parts: the yakuman the liable player answers for, and the rest (none unless
    // rules.paoStackedYakuman splits a hand of several yakuman), each priced as a yakuman limit of its own.
    let paoLines: PaymentLine[] = [];
    let restLines: PaymentLine[] = [];
    try {
      lines = handPayment(w, { dealer: isDealer, tsumo, honba: counters }, rules);
      if (pao) {
        const total = yakumanCount(w.limit);
        const covered = rules.paoStackedYakuman === 'pao-yakuman' ? Math.min(total, paoYakumanCount(w, rules) ?? total) : total;
        const part = (n: number) => ({ han: w.han, fu: w.fu, limit: YAKUMAN_LIMITS[n - 1]! });
        paoLines = handPayment(part(covered), { dealer: isDealer, tsumo, honba: 0 }, rules);
        if (covered < total) restLines = handPayment(part(total - covered), { dealer: isDealer, tsumo, honba: 0 }, rules);
      }
    } catch (e) {
      return fail('HAND_VALUE', { name: name(state, w.player), message: e instanceof Error ? e.message : String(e) }, engineErrorOf(e));
    }
    if (pao) {
      // Pao (RCR 2016 3.3.9, RCR 2012 3.3.6): on a self-draw the liable player pays the whole hand; on another
      // player's discard the liable player and the discarder share the value equally and the discarder (or, by
      // rules.paoCounters, the liable player) pays the counters. With rules.paoStackedYakuman 'pao-yakuman' that is
      // only the pao yakuman's part: the rest is paid as if there were no liability (counters with the pao part).
      const liable = w.liable as PlayerIndex;
      const lineFor = (ls: PaymentLine[], p: PlayerIndex) => ls.find((l) => l.payer === (p === state.dealer ? 'dealer' : 'non-dealer'))?.amount ?? 0;
      if (tsumo) {
        const others = PLAYER_INDICES.filter((p) => p !== w.player);
        const covered = others.reduce<number>((sum, p) => sum + lineFor(paoLines, p), 0) + others.length * COUNTER_TSUMO_EACH * counters;
        transfers.push({ from: liable, to: w.player, amount: covered, reason: 'pao' });
        if (restLines.length) for (const p of others) transfers.push({ from: p, to: w.player, amount: lineFor(restLines, p), reason: 'tsumo' });
      } else {
        const discarder = event.discarder as PlayerIndex;
        const half = paoLines[0]!.amount / 2;
        const rest = restLines[0]?.amount ?? 0;
        const counterPoints = COUNTER_RON * counters;
        transfers.push({ from: discarder, to: w.player, amount: half + rest + (rules.paoCounters === 'discarder' ? counterPoints : 0), reason: 'ron' });
        transfers.push({ from: liable, to: w.player, amount: half + (rules.paoCounters === 'liable' ? counterPoints : 0), reason: 'pao' });
      }
      continue;
    }
    if (tsumo) {
      for (const p of PLAYER_INDICES) {
        if (p === w.player) continue;
        const line = lines.find((l) => l.payer === (p === state.dealer ? 'dealer' : 'non-dealer'));
        if (!line) fail('NO_PAYMENT', { what: 'tsumo' });
        transfers.push({ from: p, to: w.player, amount: line!.amount, reason: 'tsumo' });
      }
    } else {
      const line = lines.find((l) => l.payer === 'discarder');
      if (!line) fail('NO_PAYMENT', { what: 'ron' });
      transfers.push({ from: event.discarder as PlayerIndex, to: w.player, amount: line!.amount, reason: 'ron' });
    }
  }

  // Riichi bets. Head bump / single winner: the paid winner takes every bet on the table.
  // Each winner paid (000 4.1): winners who declared riichi get their own bet back; the other bets
  // (non-winners' and those left from earlier hands) go to the winner nearest the discarder's right.
  let bets = state.riichiBets;
  const first = paid[0]!.player;
  if (paid.length > 1 && !extrasToNearest) {
    for (const w of paid) {
      if (state.riichiThisHand.includes(w.player)) {
        transfers.push({ from: 'table', to: w.player, amount: RIICHI_BET, reason: 'riichi-bet-returned' });
        bets -= 1;
      }
    }
  }
  if (bets > 0) transfers.push({ from: 'table', to: first, amount: bets * RIICHI_BET, reason: 'riichi-bets-collected' });
  next.riichiBets = 0;
  for (const t of transfers) {
    if (t.from !== 'table') next.points[t.from] -= t.amount;
    if (t.to !== 'table') next.points[t.to] += t.amount;
  }
  const dealerWon = paid.some((w) => w.player === state.dealer);
  return finishHand(
    state,
    next,
    event,
    next.eventCount - 1,
    paid.map((w) => w.player),
    transfers,
    dealerWon ? { dealerStays: true, counter: 'add', dealerKeptDeal: true } : { dealerStays: false, counter: 'clear' },
  );
}

function applyAbortive(state: GameState, next: GameState, event: AbortiveEvent, eventIndex: number, fail: Fail): GameState {
  if (!state.setup.rules.abortiveDraws) fail('ABORTIVE_NOT_ALLOWED');
  if (!ABORTIVE_KINDS.includes(event.kind)) fail('ABORTIVE_KIND', { kind: String(event.kind), known: ABORTIVE_KINDS.join(', ') });
  if (!abortiveKindsOf(state.setup.rules).includes(event.kind)) fail('THREE_RON_PAID');
  // four riichi: the four bets lie on the table, so the four declarations are entries of this hand
  if (event.kind === 'four-riichi' && state.riichiThisHand.length < 4) fail('FOUR_RIICHI_NOT_DECLARED', { count: state.riichiThisHand.length });
  // Nothing is paid; riichi bets declared in the hand stay on the table; a counter is added and East stays
  // (the convention of the rule sets that have abortive draws, e.g. Tenhou: "all count as renchan").
  return finishHand(state, next, event, eventIndex, [], [], { dealerStays: true, counter: 'add' });
}

function applyDraw(state: GameState, next: GameState, event: DrawEvent, fail: Fail): GameState {
  const rules = state.setup.rules;
  if (!Array.isArray(event.tenpai)) fail('NO_TENPAI_LIST');
  const tenpai = new Set<PlayerIndex>();
  for (const p of event.tenpai) {
    if (!isPlayerIndex(p)) fail('UNKNOWN_PLAYER', { what: 'draw', value: shown(p) });
    if (tenpai.has(p)) fail('TENPAI_TWICE', { name: name(state, p) });
    tenpai.add(p);
  }
  for (const p of state.riichiThisHand) {
    if (!tenpai.has(p)) {
      fail('NOTEN_RIICHI', { name: name(state, p) });
    }
  }
  const nagashi = event.nagashi ?? [];
  if (!Array.isArray(nagashi)) fail('NAGASHI_LIST');
  if (nagashi.length > 0 && !rules.nagashiMangan) fail('NAGASHI_NOT_ALLOWED');
  const nagashiSet = new Set<PlayerIndex>();
  for (const p of nagashi) {
    if (!isPlayerIndex(p)) fail('UNKNOWN_PLAYER', { what: 'draw', value: shown(p) });
    if (nagashiSet.has(p)) fail('NAGASHI_TWICE', { name: name(state, p) });
    nagashiSet.add(p);
  }
  const transfers: Transfer[] = [];
  if (nagashiSet.size > 0) {
    // Nagashi mangan is paid as a mangan by self-draw, instead of the noten payments; counters are not
    // paid, riichi bets stay on the table, and the hand otherwise counts as an exhaustive draw.
    for (const w of nagashiSet) {
      const lines = handPayment({ han: 5, fu: 30, limit: 'mangan' }, { dealer: w === state.dealer, tsumo: true, honba: 0 }, rules);
      for (const p of PLAYER_INDICES) {
        if (p === w) continue;
        const line = lines.find((l) => l.payer === (p === state.dealer ? 'dealer' : 'non-dealer'));
        if (!line) fail('NO_PAYMENT', { what: 'nagashi mangan' });
        transfers.push({ from: p, to: w, amount: line!.amount, reason: 'nagashi' });
      }
    }
  } else if (tenpai.size > 0 && tenpai.size < 4) {
    // Noten players pay 3,000 in total to the tenpai players (RULES.md, EMA convention).
    const payEach = (rules.notenPaymentTotal ?? 3000) / (4 - tenpai.size);
    const noten = PLAYER_INDICES.filter((p) => !tenpai.has(p));
    // Describe the flows as noten -> tenpai pairs that add up exactly.
    for (const p of noten) {
      for (const q of tenpai) transfers.push({ from: p, to: q, amount: payEach / tenpai.size, reason: 'noten' });
    }
  }
  for (const t of transfers) {
    if (t.from !== 'table') next.points[t.from] -= t.amount;
    if (t.to !== 'table') next.points[t.to] += t.amount;
  }
  return finishHand(state, next, event, next.eventCount - 1, [...nagashiSet], transfers, {
    dealerStays: tenpai.has(state.dealer),
    counter: 'add',
    dealerKeptDeal: tenpai.has(state.dealer),
  });
}

function finishHand(
  before: GameState,
  next: GameState,
  event: HandRecord['event'],
  eventIndex: number,
  paidWinners: PlayerIndex[],
  transfers: Transfer[],
  flow: { dealerStays: boolean; counter: 'add' | 'clear' | 'keep'; dealerKeptDeal?: boolean },
): GameState {
  // Deltas of the hand include the riichi bets declared during it.
  const handStart = pointsAtHandStart(before);
  const deltas = PLAYER_INDICES.map((p) => next.points[p] - handStart[p]) as HandRecord['deltas'];
  const riichiTransfers: Transfer[] = before.riichiThisHand.map((p) => ({ from: p, to: 'table', amount: RIICHI_BET, reason: 'riichi-bet' }));
  const record: HandRecord = {
    eventIndex,
    round: before.round,
    handNumber: before.handNumber,
    counters: before.counters,
    dealer: before.dealer,
    riichiBetsBefore: before.riichiBets,
    event,
    paidWinners,
    deltas,
    pointsAfter: [...next.points],
    transfers: [...riichiTransfers, ...transfers],
  };
  next.hands.push(record);
  next.riichiThisHand = [];
  next.counters = flow.counter === 'add' ? before.counters + 1 : flow.counter === 'clear' ? 0 : before.counters;
  if (!flow.dealerStays) next.rotations = before.rotations + 1;
  const rules = before.setup.rules;
  if (rules.bust && next.points.some((p) => p < 0)) {
    next.finished = true;
    next.endReason = 'bust';
    return next;
  }
  // Sudden death (rules.westRound): the West round is played only while nobody has the target points;
  // a hand of it that ends with a player at the target ends the game.
  const target = westRoundTarget(rules);
  const targetReached = rules.westRound && next.points.some((p) => p >= target);
  const inWestRound = before.rotations >= ROTATIONS_PER_GAME;
  if (inWestRound && targetReached) {
    next.finished = true;
    next.endReason = 'target-reached';
    return next;
  }
  // Agari-yame: East of the last hand (South 4, or any hand of the West round) keeps the deal by winning or being
  // tenpai while first, and, where a West round follows, at the target: the game ends.
  const dealer = before.dealer;
  const lastHand = before.rotations === ROTATIONS_PER_GAME - 1 || inWestRound;
  const dealerFirst = PLAYER_INDICES.every((p) => p === dealer || next.points[dealer] > next.points[p]);
  if (rules.agariYame && lastHand && flow.dealerKeptDeal && dealerFirst && (!rules.westRound || next.points[dealer] >= target)) {
    next.finished = true;
    next.endReason = 'agari-yame';
    return next;
  }
  const lastRotation = rules.westRound && !targetReached ? ROTATIONS_PER_GAME_WITH_WEST : ROTATIONS_PER_GAME;
  if (next.rotations >= lastRotation) {
    next.finished = true;
    next.endReason = 'last-hand';
    next.rotations = lastRotation;
    return next;
  }
  next.dealer = (next.rotations % 4) as PlayerIndex;
  next.round = next.rotations < 4 ? 'E' : next.rotations < 8 ? 'S' : 'W';
  next.handNumber = (next.rotations % 4) + 1;
  next.seatWinds = seatWindsFor(next.dealer);
  return next;
}

/** Points before the riichi bets of the current hand were paid. */
function pointsAtHandStart(state: GameState): [number, number, number, number] {
  const pts = [...state.points] as [number, number, number, number];
  for (const p of state.riichiThisHand) pts[p] += RIICHI_BET;
  return pts;
}

export interface ReplayResult {
  state: GameState;
  /** The first event that could not be applied (the state is the one just before it). */
  error: LedgerError | null;
}

/** Recomputes the game from its events, stopping at the first invalid one. */
export function replay(setup: GameSetup, events: readonly LedgerEvent[]): ReplayResult {
  let state = initialState(setup);
  for (let i = 0; i < events.length; i++) {
    try {
      state = applyEvent(state, events[i]!, i);
    } catch (e) {
      if (e instanceof LedgerError) return { state, error: e };
      return { state, error: new LedgerError('HAND_VALUE', { name: '?', message: e instanceof Error ? e.message : String(e) }, i) };
    }
  }
  return { state, error: null };
}

/** Replays and throws on the first invalid event. */
export function replayOrThrow(setup: GameSetup, events: readonly LedgerEvent[]): GameState {
  const { state, error } = replay(setup, events);
  if (error) throw error;
  return state;
}

/** Events without the last hand entry (or the last riichi declaration): the "undo" of the ledger. */
export function undoLast(events: readonly LedgerEvent[]): LedgerEvent[] {
  return events.slice(0, Math.max(0, events.length - 1));
}

/**
 * Replaces the event at `index` (null removes it) and replays everything after it.
 * Throws a LedgerError (and changes nothing) when the corrected list is no longer a valid game.
 */
export function correctEvent(
  setup: GameSetup,
  events: readonly LedgerEvent[],
  index: number,
  replacement: LedgerEvent | null,
): { events: LedgerEvent[]; state: GameState } {
  if (!Number.isInteger(index) || index < 0 || index >= events.length) throw new LedgerError('NO_SUCH_ENTRY', { n: index + 1 });
  const edited = [...events];
  if (replacement === null) edited.splice(index, 1);
  else edited[index] = replacement;
  const state = replayOrThrow(setup, edited);
  return { events: edited, state };
}

/** differences[a][b] = points of a minus points of b. */
export function pointDifferences(points: readonly number[]): number[][] {
  return points.map((a) => points.map((b) => a - b));
}


