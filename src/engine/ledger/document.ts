// A saved game as a JSON document (export/import, IndexedDB records) and as a CSV score sheet.
// Import validates everything (shape, rules, then a full replay) and refuses with a message that
// names the offending field, so a corrupt or hand-edited file never becomes a stored game.
import {
  isOptionKey, isPresetName, OPTIONS_BEFORE_PRESETS_BY_BOOK, optionValuesText, resolveRules, validOption, type RuleOptions,
} from '../rules.ts';
import { finalTable } from './final.ts';
import { LedgerError, replay } from './game.ts';
import { fillLedgerTemplate, importRefusalText, type ImportRefusal } from './messages.ts';
import {
  ABORTIVE_KINDS,
  LIMIT_NAMES,
  PAO_YAKUMAN,
  RECORD_BOUNDS,
  withinBound,
  type GameSetup,
  type GameState,
  type HandRecord,
  type LedgerEvent,
  type PlayerIndex,
  type WinningHand,
} from './types.ts';

export const DOCUMENT_FORMAT = 'riichi-lens-ledger';
/**
 * Version 2: rule presets named after their rule books (`ema` became RCR 2016); `setup.rules` holds every option.
 * Version 1 files (and stored games) load with the options they were played under: the old `ema` preset's
 * values plus each later option off, and a `setup.note` that says so. They are never rescored by today's presets.
 */
export const DOCUMENT_VERSION = 2;
export const READABLE_VERSIONS: readonly number[] = [1, 2];

/** The `ema` preset of version 1 documents (RCR 2016 scoring with red fives, WRC 2015 head bump and leftover bets). */
export const EMA_BEFORE_PRESETS_BY_BOOK: Readonly<Partial<RuleOptions>> = Object.freeze({
  redFivesAreDora: true,
  openTanyao: true,
  kazoeYakuman: false,
  renhou: 'mangan',
  daisuushiiDouble: false,
  multipleRon: 'head-bump',
  riichiBetsAtEnd: 'stay',
  minTwoFanWithFiveCounters: false,
  nagashiMangan: false,
  uma: [15, 5, -5, -15],
  startingPoints: 30000,
  notenPaymentTotal: 3000,
} satisfies Partial<RuleOptions>);

export const LEGACY_RULES_NOTE =
  'Saved before the rule presets were named after their rule books: this game keeps the options it was played under (the old "ema" preset counted red fives and paid only the nearest of several winners); it is not rescored.';

export interface GameDocument {
  format: typeof DOCUMENT_FORMAT;
  version: typeof DOCUMENT_VERSION;
  id: string;
  /** ISO 8601 dates. */
  createdAt: string;
  updatedAt: string;
  setup: GameSetup;
  events: LedgerEvent[];
}

/** A refusal carries its reason, to be said in the player's language (importRefusalText); `error` is its English. */
export type ImportResult = { ok: true; game: GameDocument; state: GameState } | { ok: false; error: string; refusal: ImportRefusal };

function refused(refusal: ImportRefusal): ImportResult {
  return { ok: false, error: importRefusalText(refusal, 'en'), refusal };
}

export function newDocument(id: string, setup: GameSetup, now: Date): GameDocument {
  const iso = now.toISOString();
  return { format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, id, createdAt: iso, updatedAt: iso, setup, events: [] };
}

export function exportJson(doc: GameDocument): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

class ShapeError extends Error {}

type Json = unknown;

function isObject(x: Json): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function need(cond: boolean, path: string, what: string): void {
  if (!cond) throw new ShapeError(`${path}: ${what}`);
}

function describe(x: Json): string {
  if (x === undefined) return 'missing';
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'a list';
  if (typeof x === 'string') return `"${x.length > 40 ? x.slice(0, 40) + '…' : x}"`;
  if (typeof x === 'object') return 'an object';
  return String(x);
}

function onlyKeys(obj: Record<string, Json>, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(obj)) need(allowed.includes(key), `${path}.${key}`, 'is not a field of this format');
}

function player(x: Json, path: string): PlayerIndex {
  need(x === 0 || x === 1 || x === 2 || x === 3, path, `expected a player number 0-3, found ${describe(x)}`);
  return x as PlayerIndex;
}

function playerList(x: Json, path: string): PlayerIndex[] {
  need(Array.isArray(x), path, `expected a list of player numbers, found ${describe(x)}`);
  return (x as Json[]).map((p, i) => player(p, `${path}[${i}]`));
}

function integer(x: Json, path: string, min: number, max: number): number {
  need(typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max, path, `expected a whole number from ${min} to ${max}, found ${describe(x)}`);
  return x as number;
}

function winningHand(x: Json, path: string): WinningHand {
  need(isObject(x), path, `expected a winning hand object, found ${describe(x)}`);
  const o = x as Record<string, Json>;
  onlyKeys(o, ['player', 'han', 'fu', 'limit', 'yaku', 'hand', 'liable', 'liableFor'], path);
  const hand: WinningHand = { player: player(o.player, `${path}.player`), han: integer(o.han, `${path}.han`, RECORD_BOUNDS.han.min, RECORD_BOUNDS.han.max), fu: integer(o.fu, `${path}.fu`, RECORD_BOUNDS.fu.min, RECORD_BOUNDS.fu.max) };
  if (o.limit !== undefined && o.limit !== null) {
    need(typeof o.limit === 'string' && (LIMIT_NAMES as readonly string[]).includes(o.limit), `${path}.limit`, `expected one of ${LIMIT_NAMES.join(', ')}, found ${describe(o.limit)}`);
    hand.limit = o.limit as WinningHand['limit'];
  }
  if (o.yaku !== undefined) {
    need(Array.isArray(o.yaku), `${path}.yaku`, `expected a list, found ${describe(o.yaku)}`);
    hand.yaku = (o.yaku as Json[]).map((y, i) => {
      const yp = `${path}.yaku[${i}]`;
      need(isObject(y), yp, `expected {id, han}, found ${describe(y)}`);
      const yo = y as Record<string, Json>;
      need(typeof yo.id === 'string' && yo.id.length > 0, `${yp}.id`, `expected a yaku id, found ${describe(yo.id)}`);
      return { id: yo.id as string, han: integer(yo.han, `${yp}.han`, RECORD_BOUNDS.yakuHan.min, RECORD_BOUNDS.yakuHan.max) };
    });
  }
  if (o.hand !== undefined) {
    need(typeof o.hand === 'string' && o.hand.length <= RECORD_BOUNDS.handLength, `${path}.hand`, `expected the hand as text, found ${describe(o.hand)}`);
    hand.hand = o.hand as string;
  }
  if (o.liable !== undefined && o.liable !== null) hand.liable = player(o.liable, `${path}.liable`);
  if (o.liableFor !== undefined && o.liableFor !== null) {
    need(typeof o.liableFor === 'string' && (PAO_YAKUMAN as readonly string[]).includes(o.liableFor), `${path}.liableFor`, `expected one of ${PAO_YAKUMAN.join(', ')}, found ${describe(o.liableFor)}`);
    hand.liableFor = o.liableFor as WinningHand['liableFor'];
  }
  return hand;
}

function ledgerEvent(x: Json, path: string): LedgerEvent {
  need(isObject(x), path, `expected an entry object, found ${describe(x)}`);
  const o = x as Record<string, Json>;
  switch (o.type) {
    case 'riichi':
      onlyKeys(o, ['type', 'player'], path);
      return { type: 'riichi', player: player(o.player, `${path}.player`) };
    case 'chombo':
      onlyKeys(o, ['type', 'player'], path);
      return { type: 'chombo', player: player(o.player, `${path}.player`) };
    case 'abortive':
      onlyKeys(o, ['type', 'kind'], path);
      need(typeof o.kind === 'string' && (ABORTIVE_KINDS as readonly string[]).includes(o.kind), `${path}.kind`, `expected one of ${ABORTIVE_KINDS.join(', ')}, found ${describe(o.kind)}`);
      return { type: 'abortive', kind: o.kind as (typeof ABORTIVE_KINDS)[number] };
    case 'draw': {
      onlyKeys(o, ['type', 'tenpai', 'nagashi'], path);
      const ev: LedgerEvent = { type: 'draw', tenpai: playerList(o.tenpai, `${path}.tenpai`) };
      if (o.nagashi !== undefined) ev.nagashi = playerList(o.nagashi, `${path}.nagashi`);
      return ev;
    }
    case 'win': {
      onlyKeys(o, ['type', 'discarder', 'winners'], path);
      need(Array.isArray(o.winners) && (o.winners as Json[]).length >= 1, `${path}.winners`, `expected a list of 1 to 3 winning hands, found ${describe(o.winners)}`);
      const ev: LedgerEvent = { type: 'win', winners: (o.winners as Json[]).map((w, i) => winningHand(w, `${path}.winners[${i}]`)) };
      if (o.discarder !== undefined && o.discarder !== null) ev.discarder = player(o.discarder, `${path}.discarder`);
      return ev;
    }
    default:
      throw new ShapeError(`${path}.type: expected "riichi", "win", "draw", "chombo" or "abortive", found ${describe(o.type)}`);
  }
}

/** Keys a stored rules object may carry besides the options (a resolved rules object's names). */
const RULES_NAME_KEYS = ['name', 'preset', 'label'];

/**
 * The rule options of a stored game. Options the file does not name are the ones it was played under: for a
 * version 1 file the old `ema` values and each later option off; for version 2, each option added after the file
 * was written is off (OPTIONS_BEFORE_PRESETS_BY_BOOK).
 */
function rulesOf(x: Json, path: string, version: number, preset: string, startingPoints: number): RuleOptions {
  need(isObject(x), path, `expected the rule options object, found ${describe(x)}`);
  const o = x as Record<string, Json>;
  const stored: Record<string, Json> = {};
  for (const key of Object.keys(o)) {
    if (RULES_NAME_KEYS.includes(key)) continue;
    need(isOptionKey(key), `${path}.${key}`, 'is not a known rule option');
    need(validOption(key as keyof RuleOptions, o[key]), `${path}.${key}`, `expected ${optionValuesText(key as keyof RuleOptions)}, found ${describe(o[key])}`);
    stored[key] = o[key];
  }
  const before = version === 1 ? EMA_BEFORE_PRESETS_BY_BOOK : {};
  const presetName = isPresetName(preset) ? preset : 'ema';
  let rules: RuleOptions;
  try {
    rules = resolveRules({ preset: presetName, ...before, ...OPTIONS_BEFORE_PRESETS_BY_BOOK, returnPoints: startingPoints, ...(stored as Partial<RuleOptions>) });
  } catch (e) {
    throw new ShapeError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return rules;
}

function setupOf(x: Json, version: number): GameSetup {
  need(isObject(x), 'setup', `expected an object, found ${describe(x)}`);
  const o = x as Record<string, Json>;
  onlyKeys(o, ['players', 'startingPoints', 'preset', 'rules', 'chomboPenalty', 'note'], 'setup');
  need(Array.isArray(o.players) && (o.players as Json[]).length === 4, 'setup.players', `expected a list of 4 names, found ${describe(o.players)}`);
  const players = (o.players as Json[]).map((n, i) => {
    need(typeof n === 'string' && n.trim().length > 0 && n.length <= RECORD_BOUNDS.nameLength, `setup.players[${i}]`, `expected a name of 1 to ${RECORD_BOUNDS.nameLength} characters, found ${describe(n)}${typeof n === 'string' && n.length > RECORD_BOUNDS.nameLength ? ` (${n.length} characters)` : ''}`);
    return (n as string).trim();
  });
  need(new Set(players.map((n) => n.toLowerCase())).size === 4, 'setup.players', 'the four names must be different');
  const startingPoints = integer(o.startingPoints, 'setup.startingPoints', RECORD_BOUNDS.startingPoints.min, RECORD_BOUNDS.startingPoints.max);
  need(withinBound(startingPoints, RECORD_BOUNDS.startingPoints), 'setup.startingPoints', 'expected a multiple of 100');
  need(typeof o.preset === 'string' && o.preset.length <= 40, 'setup.preset', `expected a preset name, found ${describe(o.preset)}`);
  const chomboPenalty = integer(o.chomboPenalty, 'setup.chomboPenalty', RECORD_BOUNDS.chomboPenalty.min, RECORD_BOUNDS.chomboPenalty.max);
  need(withinBound(chomboPenalty, RECORD_BOUNDS.chomboPenalty), 'setup.chomboPenalty', 'expected a multiple of 100');
  need(o.note === undefined || (typeof o.note === 'string' && o.note.length <= 500), 'setup.note', `expected a short text, found ${describe(o.note)}`);
  const rules = rulesOf(o.rules, 'setup.rules', version, o.preset as string, startingPoints);
  const setup: GameSetup = { players: players as GameSetup['players'], startingPoints, preset: o.preset as string, rules: { ...rules, startingPoints }, chomboPenalty };
  const note = version === 1 ? LEGACY_RULES_NOTE : (o.note as string | undefined);
  if (note) setup.note = note;
  return setup;
}

/** The rules of a game in player words, e.g. "EMA 2016" or "EMA 2016 (red fives count as dora: on, ...)". */
export function setupRulesLabel(setup: GameSetup): string {
  const preset = isPresetName(setup.preset) ? setup.preset : 'ema';
  return resolveRules({ ...setup.rules, preset }).label;
}

function isoDate(x: Json, path: string): string {
  need(typeof x === 'string' && !Number.isNaN(Date.parse(x)), path, `expected a date, found ${describe(x)}`);
  return x as string;
}

/** Checks a parsed document completely. Never throws. */
export function validateDocument(data: Json): ImportResult {
  try {
    if (!isObject(data)) return refused({ kind: 'not_a_game', detail: 'file: expected a Riichi Lens game (a JSON object)' });
    const o = data as Record<string, Json>;
    if (o.format !== DOCUMENT_FORMAT) return refused({ kind: 'not_a_game', detail: `format: expected "${DOCUMENT_FORMAT}", found ${describe(o.format)} — this is not a Riichi Lens game file` });
    if (!(typeof o.version === 'number' && READABLE_VERSIONS.includes(o.version))) {
      return refused({ kind: 'version', detail: `version: this program reads versions ${READABLE_VERSIONS.join(' and ')}, the file has ${describe(o.version)}`, found: describe(o.version), readable: READABLE_VERSIONS });
    }
    onlyKeys(o, ['format', 'version', 'id', 'createdAt', 'updatedAt', 'setup', 'events'], 'file');
    need(typeof o.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(o.id), 'id', `expected a game id (letters, digits, - and _), found ${describe(o.id)}`);
    const createdAt = isoDate(o.createdAt, 'createdAt');
    const updatedAt = isoDate(o.updatedAt, 'updatedAt');
    const setup = setupOf(o.setup, o.version as number);
    need(Array.isArray(o.events), 'events', `expected a list of entries, found ${describe(o.events)}`);
    const events = (o.events as Json[]).map((e, i) => ledgerEvent(e, `events[${i}]`));
    const { state, error } = replay(setup, events);
    if (error) return refused({ kind: 'invalid_game', entries: error });
    const game: GameDocument = { format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, id: o.id as string, createdAt, updatedAt, setup, events };
    return { ok: true, game, state };
  } catch (e) {
    if (e instanceof LedgerError) return refused({ kind: 'invalid_game', entries: e });
    return refused({ kind: 'damaged', detail: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * The largest game file read: an exported game is a few kilobytes (about 150 bytes an entry), so 5 MB holds tens of
 * thousands of entries. A larger file is another file picked by mistake (a photo, a video), refused from its size
 * before it is read into memory.
 */
export const MAX_DOCUMENT_BYTES = 5_000_000;

/** Parses and validates an exported game. Never throws. */
export function importJson(text: string): ImportResult {
  if (typeof text !== 'string' || text.trim() === '') return refused({ kind: 'empty' });
  let data: Json;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return refused({ kind: 'not_json', detail: e instanceof Error ? e.message : String(e) });
  }
  return validateDocument(data);
}

// ---------------------------------------------------------------- CSV score sheet

/**
 * A text beginning with = + - @ (a player named "=HYPERLINK(...)", say) is read as a formula by spreadsheets that
 * open the sheet; it is written with a leading apostrophe, which they show as text (OWASP, CSV injection). Numbers
 * are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * How each language's spreadsheets read a CSV file: English ones a comma between cells and a decimal point; French
 * ones (Excel in France and Belgium) a semicolon and a decimal comma, and they put a comma-separated line into one
 * cell.
 */
const CSV_FORMAT = {
  en: { separator: ',', decimal: '.', quoted: /[",;\n\r]/ },
  // a decimal comma is no separator here: 23,6 is left unquoted, a number to the spreadsheet
  fr: { separator: ';', decimal: ',', quoted: /[";\n\r]/ },
} as const;

function csvCell(value: string | number, lang: SheetLang): string {
  const { decimal, quoted } = CSV_FORMAT[lang];
  const s = typeof value === 'string' ? (FORMULA_START.test(value) ? `'${value}` : value) : String(value).replace('.', decimal);
  return quoted.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvRow(cells: (string | number)[], lang: SheetLang): string {
  return cells.map((c) => csvCell(c, lang)).join(CSV_FORMAT[lang].separator);
}

/** Words of the CSV score sheet (data only). */
export const SHEET_WORDS = {
  en: {
    wind: { E: 'East', S: 'South', W: 'West', N: 'North' },
    counterOne: '1 counter',
    counterMany: '{n} counters',
    hand: 'Hand',
    round: 'Round',
    dealer: 'Dealer',
    result: 'Result',
    change: '{name} +/-',
    points: '{name} points',
    start: 'Start',
    hanFu: '{han} fan {fu} fu',
    tsumo: '{name} tsumo, {value}',
    ron: "ron on {name}'s discard: {winners}",
    notPaid: ' (not paid: head bump)',
    draw: 'exhaustive draw, tenpai: {names}',
    nobody: 'nobody',
    nagashi: '; nagashi mangan: {names}',
    chombo: 'chombo by {name}',
    abortive: 'abortive draw ({kind})',
    abortiveKinds: { 'nine-terminals': 'nine terminals and honours', 'four-winds': 'four same winds', 'four-riichi': 'four riichi', 'four-kongs': 'four kongs', 'three-ron': 'three ron' },
    ended: 'Game over',
    endReasons: { 'last-hand': 'after the last hand', bust: 'a player below zero', 'agari-yame': 'the last dealer, first, stopped (agari-yame)', 'target-reached': 'a player reached the target in the West round' },
    pao: ' (pao: {name} liable)',
    rules: 'Rules',
    oka: 'Oka',
    betsToFirst: 'Riichi bets left on the table, to first place: {n}',
    riichi: ' (riichi: {names})',
    currentHand: 'Current hand',
    currentRiichi: 'riichi: {names}',
    betsOnTable: 'Riichi bets on the table',
    final: 'Final',
    place: 'Place',
    player: 'Player',
    uma: 'Uma',
    chomboCol: 'Chombo',
    score: 'Hanchan score',
    betsLeft: 'Riichi bets left on the table: {n}; nobody collects them',
    inProgress: 'Game in progress',
  },
  fr: {
    wind: { E: 'Est', S: 'Sud', W: 'Ouest', N: 'Nord' },
    counterOne: '1 compteur',
    counterMany: '{n} compteurs',
    hand: 'Main',
    round: 'Tour',
    dealer: 'Donneur',
    result: 'Résultat',
    change: '{name} +/-',
    points: '{name} points',
    start: 'Départ',
    hanFu: '{han} han {fu} fu',
    tsumo: '{name} tsumo, {value}',
    ron: 'ron sur l’écart de {name}\u00a0: {winners}',
    notPaid: ' (non payé\u00a0: seul le plus proche gagne)',
    draw: 'mur épuisé, tenpai\u00a0: {names}',
    nobody: 'personne',
    nagashi: '\u00a0; nagashi mangan\u00a0: {names}',
    chombo: 'chombo de {name}',
    abortive: 'donne annulée ({kind})',
    abortiveKinds: { 'nine-terminals': 'neuf terminales et honneurs', 'four-winds': 'quatre vents identiques', 'four-riichi': 'quatre riichi', 'four-kongs': 'quatre kongs', 'three-ron': 'trois ron' },
    ended: 'Partie terminée',
    endReasons: { 'last-hand': 'après la dernière main', bust: 'un joueur sous zéro', 'agari-yame': 'le dernier donneur, premier, s’est arrêté (agari-yame)', 'target-reached': 'un joueur a atteint l’objectif en tour de l’Ouest' },
    pao: ' (pao\u00a0: {name} responsable)',
    rules: 'Règles',
    oka: 'Oka',
    betsToFirst: 'Mises de riichi restées sur la table, à la première place\u00a0: {n}',
    riichi: ' (riichi\u00a0: {names})',
    currentHand: 'Main en cours',
    currentRiichi: 'riichi\u00a0: {names}',
    betsOnTable: 'Mises de riichi sur la table',
    final: 'Classement final',
    place: 'Rang',
    player: 'Joueur',
    uma: 'Uma',
    chomboCol: 'Chombo',
    score: 'Score du hanchan',
    betsLeft: 'Mises de riichi restées sur la table\u00a0: {n}\u00a0; personne ne les récupère',
    inProgress: 'Partie en cours',
  },
} as const;
export type SheetLang = keyof typeof SHEET_WORDS;

const fill = fillLedgerTemplate;

export function roundLabel(round: 'E' | 'S' | 'W' | 'N', handNumber: number, counters: number, lang: SheetLang = 'en'): string {
  const w = SHEET_WORDS[lang];
  const c = counters === 0 ? '' : `, ${counters === 1 ? w.counterOne : fill(w.counterMany, { n: counters })}`;
  return `${w.wind[round]} ${handNumber}${c}`;
}

function handText(h: WinningHand, lang: SheetLang): string {
  if (h.limit) return h.limit;
  return fill(SHEET_WORDS[lang].hanFu, { han: h.han, fu: h.fu });
}

/** One line describing a hand result (for the CSV sheet). */
export function describeHand(setup: GameSetup, record: HandRecord, lang: SheetLang = 'en'): string {
  const w = SHEET_WORDS[lang];
  const n = (p: PlayerIndex) => setup.players[p];
  const e = record.event;
  const riichi = record.transfers.filter((t) => t.reason === 'riichi-bet').map((t) => n(t.from as PlayerIndex));
  const riichiText = riichi.length ? fill(w.riichi, { names: riichi.join(', ') }) : '';
  switch (e.type) {
    case 'win': {
      if (e.discarder === undefined) {
        const x = e.winners[0]!;
        return fill(w.tsumo, { name: n(x.player), value: handText(x, lang) }) + (x.liable !== undefined ? fill(w.pao, { name: n(x.liable) }) : '') + riichiText;
      }
      const parts = e.winners.map(
        (x) => `${n(x.player)} ${handText(x, lang)}${x.liable !== undefined ? fill(w.pao, { name: n(x.liable) }) : ''}${record.paidWinners.includes(x.player) ? '' : w.notPaid}`,
      );
      return fill(w.ron, { name: n(e.discarder), winners: parts.join('; ') }) + riichiText;
    }
    case 'draw': {
      const tenpai = e.tenpai.length ? e.tenpai.map(n).join(', ') : w.nobody;
      const nagashi = e.nagashi?.length ? fill(w.nagashi, { names: e.nagashi.map(n).join(', ') }) : '';
      return fill(w.draw, { names: tenpai }) + nagashi + riichiText;
    }
    case 'chombo':
      return fill(w.chombo, { name: n(e.player) }) + riichiText;
    case 'abortive':
      return fill(w.abortive, { kind: w.abortiveKinds[e.kind] }) + riichiText;
  }
}

export function exportCsv(doc: GameDocument, lang: SheetLang = 'en'): string {
  const w = SHEET_WORDS[lang];
  const { state } = replay(doc.setup, doc.events);
  const names = doc.setup.players;
  const lines: string[] = [];
  lines.push(csvRow([w.rules, setupRulesLabel(doc.setup)], lang));
  if (doc.setup.note) lines.push(csvRow([doc.setup.note], lang));
  lines.push(csvRow([w.hand, w.round, w.dealer, w.result, ...names.map((x) => fill(w.change, { name: x })), ...names.map((x) => fill(w.points, { name: x }))], lang));
  lines.push(csvRow(['', w.start, '', '', '', '', '', '', ...names.map(() => doc.setup.startingPoints)], lang));
  state.hands.forEach((h, i) => {
    lines.push(csvRow([i + 1, roundLabel(h.round, h.handNumber, h.counters, lang), names[h.dealer], describeHand(doc.setup, h, lang), ...h.deltas, ...h.pointsAfter], lang));
  });
  if (state.riichiThisHand.length) {
    lines.push(csvRow(['', w.currentHand, '', fill(w.currentRiichi, { names: state.riichiThisHand.map((p) => names[p]).join(', ') }), '', '', '', '', ...state.points], lang));
  }
  lines.push('');
  lines.push(csvRow([w.betsOnTable, state.riichiBets], lang));
  if (state.finished) {
    const table = finalTable(state);
    if (state.endReason) lines.push(csvRow([w.ended, w.endReasons[state.endReason]], lang));
    const withOka = table.rows.some((r) => r.oka !== 0);
    lines.push(csvRow([w.final, w.place, w.player, 'Points', w.uma, ...(withOka ? [w.oka] : []), w.chomboCol, w.score], lang));
    for (const r of table.rows) lines.push(csvRow(['', r.place + (r.tied ? '=' : ''), r.name, r.points, r.uma, ...(withOka ? [r.oka] : []), -r.chomboPenalty, r.score], lang));
    if (table.riichiBetsLeft > 0) lines.push(csvRow([fill(table.riichiBetsFate === 'to-first-place' ? w.betsToFirst : w.betsLeft, { n: table.riichiBetsLeft })], lang));
  } else {
    lines.push(csvRow([w.inProgress, roundLabel(state.round, state.handNumber, state.counters, lang)], lang));
  }
  return lines.join('\r\n') + '\r\n';
}
