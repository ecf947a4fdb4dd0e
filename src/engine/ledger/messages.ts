// Messages of the ledger's errors, in English and French (data only). A LedgerError carries a code
// and parameters, so the app can show it in the player's language.
import { fillTemplate } from '../errors.ts';

export const LEDGER_ERROR_CODES = [
  'PLAYER_COUNT',
  'PLAYER_NO_NAME',
  'PLAYER_NAME_LONG',
  'NAMES_NOT_DIFFERENT',
  'BAD_RULES',
  'STARTING_POINTS',
  'CHOMBO_PENALTY',
  'GAME_OVER',
  'UNKNOWN_PLAYER',
  'RIICHI_TWICE',
  'RIICHI_NO_POINTS',
  'UNKNOWN_ENTRY',
  'NO_WINNER',
  'WINNER_TWICE',
  'TSUMO_ONE_WINNER',
  'OWN_DISCARD',
  'TOO_MANY_WINNERS',
  'HAND_VALUE',
  'HAND_NUMBER',
  'HAND_RECORD',
  'NO_PAYMENT',
  'NO_TENPAI_LIST',
  'TENPAI_TWICE',
  'NOTEN_RIICHI',
  'NAGASHI_LIST',
  'NAGASHI_NOT_ALLOWED',
  'NAGASHI_TWICE',
  'NO_SUCH_ENTRY',
  'THREE_RON_ABORTS',
  'PAO_NOT_IN_RULES',
  'PAO_NOT_YAKUMAN',
  'PAO_SELF',
  'PAO_SUUKANTSU_NOT_IN_RULES',
  'PAO_YAKUMAN_NOT_IN_HAND',
  'PAO_YAKUMAN_KIND',
  'ABORTIVE_NOT_ALLOWED',
  'ABORTIVE_KIND',
  'THREE_RON_PAID',
  'FOUR_RIICHI_NOT_DECLARED',
] as const;
export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];
export type LedgerLang = 'en' | 'fr';

export const LEDGER_MESSAGES: Readonly<Record<LedgerLang, Readonly<Record<LedgerErrorCode | 'entryPrefix', string>>>> = {
  en: {
    entryPrefix: 'Entry {n}: ',
    PLAYER_COUNT: 'A game needs exactly 4 players, got {count}.',
    PLAYER_NO_NAME: 'Player {n} has no name.',
    PLAYER_NAME_LONG: 'The name of player {n} is {length} characters long; at most {max}.',
    NAMES_NOT_DIFFERENT: 'The four player names must be different.',
    BAD_RULES: '{message}',
    STARTING_POINTS: 'Starting points must be a multiple of 100 from 100 to 1,000,000, got {value}.',
    CHOMBO_PENALTY: 'The chombo penalty must be a multiple of 100 from 0 to 1,000,000, got {value}.',
    GAME_OVER: 'the game is over; no more entries can be recorded.',
    UNKNOWN_PLAYER: '{what}: unknown player {value}.',
    RIICHI_TWICE: '{name} has already declared riichi in this hand.',
    RIICHI_NO_POINTS: '{name} has {points} points: under these rules (a player below zero ends the game) riichi needs the 1,000 of its bet.',
    UNKNOWN_ENTRY: 'unknown entry type "{type}".',
    NO_WINNER: 'a win needs at least one winner.',
    WINNER_TWICE: '{name} is listed twice as a winner.',
    TSUMO_ONE_WINNER: 'a win by self-draw has exactly one winner.',
    OWN_DISCARD: '{name} cannot win on their own discard.',
    TOO_MANY_WINNERS: 'at most three players can win on one discard.',
    HAND_VALUE: '{name}: {message}',
    HAND_NUMBER: '{name}: {field} must be a whole number from {min} to {max}, got {value}.',
    HAND_RECORD: '{name}: the yaku or the hand recorded with this win are not valid.',
    NO_PAYMENT: 'the scoring engine returned no payment for {what}.',
    NO_TENPAI_LIST: 'a draw needs the list of tenpai players (possibly empty).',
    TENPAI_TWICE: '{name} is listed twice as tenpai.',
    NOTEN_RIICHI: '{name} declared riichi in this hand and must be tenpai at the draw (a noten riichi is a chombo).',
    NAGASHI_LIST: 'draw: nagashi must be a list of players.',
    NAGASHI_NOT_ALLOWED: 'these rules do not allow nagashi mangan.',
    THREE_RON_ABORTS: 'three players won on one discard: under these rules that is an abortive draw (three ron), enter it as one.',
    PAO_NOT_IN_RULES: 'these rules have no liability (pao).',
    PAO_NOT_YAKUMAN: 'liability (pao) is only for a yakuman (Daisangen, Daisuushii); {name}\'s hand is not one.',
    PAO_SELF: 'the liable player cannot be the winner {name}.',
    PAO_SUUKANTSU_NOT_IN_RULES: 'these rules have no liability (pao) for Suukantsu.',
    PAO_YAKUMAN_NOT_IN_HAND: '{name}\'s hand has no {yakuman}, so nobody can be liable for it.',
    PAO_YAKUMAN_KIND: 'liability (pao) is for Daisangen, Daisuushii or Suukantsu, not "{value}".',
    ABORTIVE_NOT_ALLOWED: 'these rules have no abortive draws.',
    THREE_RON_PAID: 'under these rules three winners on one discard are all paid, not an abortive draw: enter it as a ron with three winners.',
    ABORTIVE_KIND: 'unknown abortive draw "{kind}" (known: {known}).',
    FOUR_RIICHI_NOT_DECLARED: 'an abortive draw for four riichi needs the four riichi recorded in this hand first (Riichi beside each player); recorded so far: {count}.',
    NAGASHI_TWICE: '{name} is listed twice for nagashi mangan.',
    NO_SUCH_ENTRY: 'There is no entry {n}.',
  },
  fr: {
    entryPrefix: 'Entrée {n}\u00a0: ',
    PLAYER_COUNT: 'Une partie se joue à 4 joueurs exactement, pas {count}.',
    PLAYER_NO_NAME: 'Le joueur {n} n’a pas de nom.',
    PLAYER_NAME_LONG: 'Le nom du joueur {n} fait {length} caractères\u00a0; {max} au plus.',
    NAMES_NOT_DIFFERENT: 'Les quatre noms doivent être différents.',
    BAD_RULES: '{message}',
    STARTING_POINTS: 'Les points de départ doivent être un multiple de 100 entre 100 et 1\u202f000\u202f000, pas {value}.',
    CHOMBO_PENALTY: 'La pénalité de chombo doit être un multiple de 100 entre 0 et 1\u202f000\u202f000, pas {value}.',
    GAME_OVER: 'la partie est terminée\u00a0; plus rien ne peut être noté.',
    UNKNOWN_PLAYER: '{what}\u00a0: joueur inconnu {value}.',
    RIICHI_TWICE: '{name} a déjà déclaré riichi dans cette main.',
    RIICHI_NO_POINTS: '{name} a {points}\u00a0points\u00a0: avec ces règles (un joueur sous zéro termine la partie), le riichi demande les 1\u202f000 de sa mise.',
    UNKNOWN_ENTRY: 'type d’entrée inconnu «\u00a0{type}\u00a0».',
    NO_WINNER: 'une victoire demande au moins un gagnant.',
    WINNER_TWICE: '{name} figure deux fois parmi les gagnants.',
    TSUMO_ONE_WINNER: 'une victoire sur pioche n’a qu’un seul gagnant.',
    OWN_DISCARD: '{name} ne peut pas gagner sur son propre écart.',
    TOO_MANY_WINNERS: 'trois joueurs au plus peuvent gagner sur un même écart.',
    HAND_VALUE: '{name}\u00a0: {message}',
    HAND_NUMBER: '{name}\u00a0: {field} doit être un nombre entier de {min} à {max}, pas {value}.',
    HAND_RECORD: '{name}\u00a0: les yaku ou la main enregistrés avec cette victoire ne sont pas valides.',
    NO_PAYMENT: 'le moteur de score n’a donné aucun paiement pour {what}.',
    NO_TENPAI_LIST: 'un mur épuisé demande la liste des joueurs tenpai (éventuellement vide).',
    TENPAI_TWICE: '{name} figure deux fois parmi les joueurs tenpai.',
    NOTEN_RIICHI: '{name} a déclaré riichi dans cette main et doit être tenpai quand le mur est épuisé (un riichi noten est un chombo).',
    NAGASHI_LIST: 'mur épuisé\u00a0: nagashi doit être une liste de joueurs.',
    NAGASHI_NOT_ALLOWED: 'ces règles n’admettent pas le nagashi mangan.',
    THREE_RON_ABORTS: 'trois joueurs gagnent sur le même écart\u00a0: avec ces règles la donne est annulée (trois ron), à saisir comme telle.',
    PAO_NOT_IN_RULES: 'ces règles n’ont pas de responsabilité (pao).',
    PAO_NOT_YAKUMAN: 'la responsabilité (pao) ne vaut que pour un yakuman (Daisangen, Daisuushii)\u00a0; la main de {name} n’en est pas un.',
    PAO_SELF: 'le joueur responsable ne peut pas être le gagnant {name}.',
    PAO_SUUKANTSU_NOT_IN_RULES: 'ces règles n’ont pas de responsabilité (pao) pour le Suukantsu.',
    PAO_YAKUMAN_NOT_IN_HAND: 'la main de {name} n’a pas de {yakuman}\u00a0: personne ne peut en être responsable.',
    PAO_YAKUMAN_KIND: 'la responsabilité (pao) vaut pour le Daisangen, le Daisuushii ou le Suukantsu, pas «\u00a0{value}\u00a0».',
    ABORTIVE_NOT_ALLOWED: 'ces règles n’ont pas de parties avortées.',
    THREE_RON_PAID: 'selon ces règles, trois gagnants sur un écart sont tous payés, la donne n’est pas annulée\u00a0: entrez un ron à trois gagnants.',
    ABORTIVE_KIND: 'donne annulée «\u00a0{kind}\u00a0» inconnue (connues\u00a0: {known}).',
    FOUR_RIICHI_NOT_DECLARED: 'une donne annulée pour quatre riichi demande d’abord les quatre riichi notés dans cette main (Riichi à côté de chaque joueur)\u00a0; notés jusqu’ici\u00a0: {count}.',
    NAGASHI_TWICE: '{name} figure deux fois pour le nagashi mangan.',
    NO_SUCH_ENTRY: 'Il n’y a pas d’entrée {n}.',
  },
};

/** The engine's template filler (its plurals, and French "de" elided before a vowel: "l’écart d’Aiko"). */
export function fillLedgerTemplate(template: string, params: Readonly<Record<string, string | number>>): string {
  return fillTemplate(template, params);
}

/**
 * Why a game file was refused (document.ts importJson / validateDocument), so that the app says it in the player's
 * language. `detail` is the technical part in English (the field and what it should hold, or the JSON parser's words).
 */
export type ImportRefusal =
  | { kind: 'empty' }
  | { kind: 'not_json'; detail: string }
  | { kind: 'not_a_game'; detail: string }
  | { kind: 'version'; detail: string; found: string; readable: readonly number[] }
  | { kind: 'damaged'; detail: string }
  | { kind: 'invalid_game'; entries: { text(lang: LedgerLang, engineMessage?: (code: string, params: Record<string, string | number>) => string): string } };

/** The refusal's sentence in each language; the English one is the `error` importJson returns. */
export const IMPORT_MESSAGES: Readonly<Record<LedgerLang, Readonly<Record<ImportRefusal['kind'] | 'and', string>>>> = {
  en: {
    empty: 'The file is empty.',
    not_json: 'This is not a game file made by "Export JSON" (not valid JSON: {detail}). A CSV export is for reading only: import the JSON export.',
    not_a_game: 'Not a valid game file: {detail}.',
    version: 'Not a valid game file: {detail}.',
    damaged: 'Not a valid game file: {detail}.',
    invalid_game: 'The entries do not make a valid game. {message}',
    and: ' and ',
  },
  fr: {
    empty: 'Le fichier est vide.',
    not_json: 'Ce n’est pas un fichier de partie fait par «\u00a0Exporter en JSON\u00a0» (JSON non valide\u00a0: tronqué, ou un autre fichier). Un export CSV sert à la lecture seulement\u00a0: importez l’export JSON.',
    not_a_game: 'Ce fichier n’est pas une partie de Riichi Lens.',
    version: 'Ce fichier de partie est en version {found}, que cette application ne lit pas (elle lit les versions {readable})\u00a0: mettez-la à jour.',
    damaged: 'Le fichier de partie est endommagé ou a été modifié à la main. Détail technique\u00a0: {detail}.',
    invalid_game: 'Les entrées ne forment pas une partie valide. {message}',
    and: ' et ',
  },
};

/** A refused import in words; `engineMessage` translates an engine error inside a refused entry (as LedgerError.text). */
export function importRefusalText(refusal: ImportRefusal, lang: LedgerLang, engineMessage?: (code: string, params: Record<string, string | number>) => string): string {
  const table = Object.hasOwn(IMPORT_MESSAGES, lang) ? IMPORT_MESSAGES[lang] : IMPORT_MESSAGES.en;
  const params: Record<string, string | number> =
    refusal.kind === 'empty' ? {}
    : refusal.kind === 'invalid_game' ? { message: refusal.entries.text(lang, engineMessage) }
    : refusal.kind === 'version' ? { detail: refusal.detail, found: refusal.found, readable: refusal.readable.join(table.and) }
    : { detail: refusal.detail };
  return fillLedgerTemplate(table[refusal.kind], params);
}
