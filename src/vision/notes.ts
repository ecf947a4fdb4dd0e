// What the recognition says about a reading besides its tiles (a tile cut off by the edge, a row read upside down,
// why boxes were judged no row of tiles...), as codes with parameters, so that the app and the command line can say
// it in the player's language and tests can ask for a note without matching its English words. The texts are data
// (NOTE_TEXTS), one table per language, filled by the engine's template filler ({name}, {plural}, {pluriel}).

import { fillTemplate } from '../engine/errors.ts';

export type NoteLang = 'en' | 'fr';

/** A template, or one for a count of 1 and one for any other count (`params.count`). */
type NoteTemplate = string | { one: string; other: string };

const NOTE_TEXTS_EN = {
  TILE_CUT_OFF: "A tile at the photo's edge is cut off and was left out: take the photo with the whole hand in it, or add the tile.",
  OVERLAYS_PAINTED: 'Boxes drawn over the photo ({boxes} found, as a labelling tool draws them) were painted out before the tiles were read.',
  COLOURED_LIGHT: 'The light is {light}: the tiles were read with their colours corrected.',
  // The light COLOURED_LIGHT says (whiteBalance.ts lightOf).
  LIGHT_WARM: 'warm (yellow or orange)',
  LIGHT_GREEN: 'greenish',
  LIGHT_BLUE: 'bluish (cold)',
  LIGHT_PINK: 'pink or red',
  LIGHT_DIM: 'dim',
  PROFILE_OTHER_MODEL: 'The tile-set profile was made with another model; it was not used. Learn the set again.',
  NO_TILES: 'No mahjong tiles found: what the localiser found is not a row of tiles ({why}).',
  LONE_BACKS: {
    one: 'Left out a tile back standing alone in the hand row: a closed kan shows two backs, so it is no tile of the hand. Add a tile if one was misread there.',
    other: 'Left out {count} tile backs standing alone in the hand row: a closed kan shows two backs, so they are no tile of the hand. Add a tile if one was misread there.',
  },
  FACE_NOT_BACK: {
    one: 'A box read as a tile back has the face colour of the row\'s tiles, so it was kept as a tile, marked doubtful: check it (a blank white dragon is easy to take for a back).',
    other: '{count} boxes read as tile backs have the face colour of the row\'s tiles, so they were kept as tiles, marked doubtful: check them (a blank white dragon is easy to take for a back).',
  },
  EXTRA_BOXES: {
    one: 'Left out a doubtful box of the hand row: it had {kept} tiles, more than a hand holds (14, one more per kan). Add a tile if one was missed.',
    other: 'Left out {count} doubtful boxes of the hand row: it had {kept} tiles, more than a hand holds (14, one more per kan). Add a tile if one was missed.',
  },
  CONFIDENT_TILES_BREAK_RULES: 'Tiles read with confidence break the four-of-a-kind or red-five rule (a tile found twice, or a different set?): left as read.',
  NO_LEGAL_READING: 'No likely reading of the unsure tiles keeps four of a kind and one red five per suit: left as read.',
  NOT_A_COMPLETE_HAND: 'The row does not read as a complete hand, and no likely reading of its unsure tiles makes it one: a tile may be misread, missing or extra.',
  NOT_ONE_FROM_COMPLETE: 'The row does not read as a hand one tile from complete, and no likely reading of its unsure tiles makes it one: a tile may be misread, missing or extra.',
  TILE_COUNT: 'Found {count} tile{plural} in the hand row; a hand has {min} to {max}.',
  UPSIDE_DOWN: "The row is upside down in the photo (taken from across the table): its tiles are listed in the player's order, right to left in the photo.",
  QUARTER_TURNED: 'The row of tiles runs up and down the photo (taken from the side of the table, or the photo lost its orientation): it was read with the photo turned a quarter.',
  ROW_LEVELLED: 'The row of tiles runs at a slant of about {degrees} degrees in the photo: it was read with the photo turned to stand it level.',
  TILE_SIZED_GAP: {
    one: 'A gap the size of a tile after tile {tiles}: a tile may be missing there (a blank white dragon is easy to miss), unless it sets a meld apart.',
    other: 'Gaps the size of a tile after tiles {tiles}: a tile may be missing there (a blank white dragon is easy to miss), unless one sets a meld apart.',
  },
  NOT_MELDS: 'Tiles {tiles} ({readings}) do not form melds.',
  // Why boxes are no row of tiles (notTiles.ts), said inside NO_TILES.
  PATTERN: '{boxes} boxes in the photo: a pattern, not a table of tiles',
  FEW_BOXES: { one: 'only 1 tile-like box, and a hand shows at least 14 tiles', other: 'only {count} tile-like boxes, and a hand shows at least 14 tiles' },
  LOCALISER_UNSURE: 'the localiser is unsure of them (median {detection})',
  NEITHER_MODEL_SURE: 'neither model is sure of them (localiser {detection}, classifier {score})',
  FEW_UNSURE_BOXES: { one: 'only 1 unsure box', other: 'only {count} unsure boxes' },
  LONG_UNSURE_ROW: '{count} unsure boxes in a row, more than a hand holds',
  MOSTLY_DOUBTED: 'the localiser is unsure of them (median {detection}) and the classifier doubts {percent}% of them',
  TOO_MANY_COPIES: 'the localiser is unsure of them (median {detection}) and they read as {copies} of {kind}, more than a set holds',
  TOO_MANY_BACKS: 'the localiser is unsure of them (median {detection}) and {backs} of {count} read as tile backs, more than a hand shows',
  MOSTLY_WHITE_DRAGONS: '{whites} of {count} read as White dragons, as blank shapes do: a set holds four, and a hand shows at least 14 tiles',
  UNLIKE_ANY_TILE: 'they look like no kind of tile the classifier knows (likeness {likeness}, under {line}) and it doubts {percent}% of them',
} as const satisfies Record<string, NoteTemplate>;

export type NoteCode = keyof typeof NOTE_TEXTS_EN;

const NOTE_TEXTS_FR: Record<NoteCode, NoteTemplate> = {
  TILE_CUT_OFF: 'Une tuile au bord de la photo est coupée\u00a0; elle a été laissée de côté\u00a0: reprenez la photo avec toute la main, ou ajoutez la tuile.',
  OVERLAYS_PAINTED: 'Des cadres dessinés sur la photo ({boxes} trouvé{pluriel_boxes}, comme en trace un outil d’annotation) ont été effacés avant la lecture des tuiles.',
  COLOURED_LIGHT: 'La lumière est {light}\u00a0: les tuiles ont été lues avec leurs couleurs corrigées.',
  LIGHT_WARM: 'chaude (jaune ou orangée)',
  LIGHT_GREEN: 'verdâtre',
  LIGHT_BLUE: 'bleutée (froide)',
  LIGHT_PINK: 'rose ou rouge',
  LIGHT_DIM: 'faible',
  PROFILE_OTHER_MODEL: 'Le profil du jeu de tuiles a été fait avec un autre modèle\u00a0; il n’a pas servi. Faites apprendre le jeu à nouveau.',
  NO_TILES: 'Aucune tuile de mahjong trouvée\u00a0: ce que le localisateur a trouvé n’est pas une rangée de tuiles ({why}).',
  LONE_BACKS: {
    one: 'Un dos de tuile isolé dans la rangée de la main a été laissé de côté\u00a0: un kan fermé montre deux dos, ce n’est donc pas une tuile de la main. Ajoutez une tuile si l’une a été mal lue à cet endroit.',
    other: '{count} dos de tuile isolés dans la rangée de la main ont été laissés de côté\u00a0: un kan fermé montre deux dos, ce ne sont donc pas des tuiles de la main. Ajoutez une tuile si l’une a été mal lue à cet endroit.',
  },
  FACE_NOT_BACK: {
    one: 'Une case lue comme un dos de tuile a la couleur des faces de la rangée\u00a0; elle a été gardée comme tuile, marquée douteuse\u00a0: vérifiez-la (un dragon blanc vierge se prend facilement pour un dos).',
    other: '{count} cases lues comme des dos de tuile ont la couleur des faces de la rangée\u00a0; elles ont été gardées comme tuiles, marquées douteuses\u00a0: vérifiez-les (un dragon blanc vierge se prend facilement pour un dos).',
  },
  EXTRA_BOXES: {
    one: 'Une case douteuse de la rangée de la main a été laissée de côté\u00a0: la rangée avait {kept} tuiles, plus qu’une main n’en compte (14, une de plus par kan). Ajoutez une tuile si l’une a été manquée.',
    other: '{count} cases douteuses de la rangée de la main ont été laissées de côté\u00a0: la rangée avait {kept} tuiles, plus qu’une main n’en compte (14, une de plus par kan). Ajoutez une tuile si l’une a été manquée.',
  },
  CONFIDENT_TILES_BREAK_RULES: 'Des tuiles lues avec assurance enfreignent la règle des quatre exemplaires ou du cinq rouge (une tuile trouvée deux fois, ou un autre jeu\u00a0?)\u00a0: laissées telles que lues.',
  NO_LEGAL_READING: 'Aucune lecture probable des tuiles incertaines ne respecte quatre exemplaires par tuile et un cinq rouge par famille\u00a0: laissées telles que lues.',
  NOT_A_COMPLETE_HAND: 'La rangée ne se lit pas comme une main complète, et aucune lecture probable de ses tuiles incertaines n’en fait une\u00a0: une tuile est peut-être mal lue, manquante ou en trop.',
  NOT_ONE_FROM_COMPLETE: 'La rangée ne se lit pas comme une main à une tuile de la victoire, et aucune lecture probable de ses tuiles incertaines n’en fait une\u00a0: une tuile est peut-être mal lue, manquante ou en trop.',
  TILE_COUNT: '{count} tuile{pluriel} trouvée{pluriel} dans la rangée de la main\u00a0; une main en a de {min} à {max}.',
  UPSIDE_DOWN: 'La rangée est à l’envers sur la photo (prise depuis l’autre côté de la table)\u00a0: ses tuiles sont listées dans l’ordre du joueur, de droite à gauche sur la photo.',
  QUARTER_TURNED: 'La rangée de tuiles va de haut en bas sur la photo (prise depuis le côté de la table, ou la photo a perdu son orientation)\u00a0: elle a été lue avec la photo tournée d’un quart de tour.',
  ROW_LEVELLED: 'La rangée de tuiles est inclinée d’environ {degrees} degrés sur la photo\u00a0: elle a été lue avec la photo tournée pour la remettre à l’horizontale.',
  TILE_SIZED_GAP: {
    one: 'Un espace de la taille d’une tuile après la tuile {tiles}\u00a0: une tuile y manque peut-être (un dragon blanc vierge passe facilement inaperçu), sauf s’il sépare une combinaison exposée.',
    other: 'Des espaces de la taille d’une tuile après les tuiles {tiles}\u00a0: une tuile y manque peut-être (un dragon blanc vierge passe facilement inaperçu), sauf si l’un sépare une combinaison exposée.',
  },
  NOT_MELDS: 'Les tuiles {tiles} ({readings}) ne forment pas de combinaisons.',
  PATTERN: '{boxes} cases sur la photo\u00a0: un motif, pas une table de tuiles',
  FEW_BOXES: { one: 'une seule case semblable à une tuile, et une main montre au moins 14 tuiles', other: 'seulement {count} cases semblables à une tuile, et une main montre au moins 14 tuiles' },
  LOCALISER_UNSURE: 'le localisateur n’en est pas sûr (médiane {detection})',
  NEITHER_MODEL_SURE: 'aucun des deux modèles n’en est sûr (localisateur {detection}, classifieur {score})',
  FEW_UNSURE_BOXES: { one: 'une seule case incertaine', other: 'seulement {count} cases incertaines' },
  LONG_UNSURE_ROW: '{count} cases incertaines en rangée, plus qu’une main n’en compte',
  MOSTLY_DOUBTED: 'le localisateur n’en est pas sûr (médiane {detection}) et le classifieur doute de {percent}\u00a0% d’entre elles',
  TOO_MANY_COPIES: 'le localisateur n’en est pas sûr (médiane {detection}) et elles se lisent comme {copies} exemplaires de {kind}, plus qu’un jeu n’en contient',
  TOO_MANY_BACKS: 'le localisateur n’en est pas sûr (médiane {detection}) et {backs} sur {count} se lisent comme des dos de tuile, plus qu’une main n’en montre',
  MOSTLY_WHITE_DRAGONS: '{whites} sur {count} se lisent comme des dragons blancs, comme toute forme vide : un jeu en contient quatre, et une main montre au moins 14 tuiles',
  UNLIKE_ANY_TILE: 'elles ne ressemblent à aucune sorte de tuile que le classifieur connaît (ressemblance {likeness}, sous {line}) et il doute de {percent}\u00a0% d’entre elles',
};

export const NOTE_TEXTS: Record<NoteLang, Record<NoteCode, NoteTemplate>> = { en: NOTE_TEXTS_EN, fr: NOTE_TEXTS_FR };

/**
 * A parameter of a note: a whole number, a measure (a probability or a median, said with two decimals), a text
 * (tile codes, a list of positions), or a note of its own said inside this one (NO_TILES's `why`).
 */
export type NoteParam = number | string | RecognitionNote;

export interface RecognitionNote {
  code: NoteCode;
  params?: Readonly<Record<string, NoteParam>>;
}

/** A measure (a probability, a median) with two decimals, as the language writes it: 0.83, 0,83. */
export function measureText(value: number, lang: NoteLang = 'en'): string {
  const text = value.toFixed(2);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** The note in one language. Whole numbers are said as they are, other numbers with two decimals. */
export function noteText(note: RecognitionNote, lang: NoteLang = 'en'): string {
  const table = NOTE_TEXTS[lang];
  // own keys only: a code read back from stored data is not trusted to be one of ours
  if (!Object.hasOwn(table, note.code)) return String(note.code);
  const template = table[note.code];
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(note.params ?? {})) {
    if (typeof value === 'object') params[key] = noteText(value, lang);
    else if (typeof value === 'number' && !Number.isInteger(value)) params[key] = measureText(value, lang);
    else params[key] = value;
  }
  const text = typeof template === 'string' ? template : params.count === 1 ? template.one : template.other;
  return fillTemplate(text, params);
}

/** Whether a list of notes holds one of this code. */
export function hasNote(notes: readonly RecognitionNote[], code: NoteCode): boolean {
  return notes.some((n) => n.code === code);
}
