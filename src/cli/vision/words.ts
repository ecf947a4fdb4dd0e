// The words of the photo commands (recognize, score-photo) in each language of --lang, as data. The recognition's
// own remarks are src/vision/notes.ts; these are the lines around them and the one-tile mends of a row that is not
// a winning hand (mendsNote in runPhoto.ts). Templates are filled by the engine's template filler ({name}).

import type { NoteLang } from '../../vision/notes.ts';

/** A template for one item and one for several (`{list}` then holds them all). */
interface OneOrMany {
  one: string;
  many: string;
}

export interface PhotoWords {
  recognised: string;
  doubtfulTiles: string;
  doubtfulTile: string;
  /** between the doubtful tiles */
  doubtfulSeparator: string;
  note: string;
  noTilesIn: string;
  noTilesWhy: string;
  takeAgain: string;
  noProfileYet: string;
  profileOtherModel: string;
  /** recognize's text output */
  noTilesFound: string;
  next: string;
  /** between the next guesses (a French decimal comma would make ', ' ambiguous) */
  nextSeparator: string;
  sideways: string;
  reranked: string;
  fromProfile: string;
  doubtful: string;
  /** the one-tile mends */
  mends: {
    add: string;
    remove: string;
    change: string;
    reader: string;
    kan: string;
    kanComplete: string;
    kanOneAway: string;
    kanSeparator: string;
    otherwise: string;
    more: string;
    short: OneOrMany;
    shortNone: string;
    over: OneOrMany;
    overNone: string;
    misread: OneOrMany;
    misreadNone: string;
  };
}

export const PHOTO_WORDS: Record<NoteLang, PhotoWords> = {
  en: {
    recognised: 'recognised: {hand}',
    doubtfulTiles: 'doubtful tiles: {list}',
    doubtfulTile: '{n}: {tile} ({score}; next {next})',
    doubtfulSeparator: '; ',
    note: 'note: {text}',
    noTilesIn: 'no tiles found in {photo}',
    noTilesWhy: ': what the localiser found is not a row of tiles ({why}); --anyway prints it',
    takeAgain: 'Take the photo with the row of tiles filling the frame.',
    noProfileYet: 'no profile in {dir} yet (run "riichi-lens learn --profile {dir} ..." first); using the trained model only.',
    profileOtherModel: 'the profile in {dir} was made with another model; it was not used (learn the set again, or "riichi-lens learn --profile {dir} --reset").',
    noTilesFound: '(no tiles found)',
    next: 'next: {alts}',
    nextSeparator: ', ',
    sideways: 'sideways',
    reranked: 're-ranked by hand rules',
    fromProfile: 'your set (the classifier alone: {tile})',
    doubtful: 'DOUBTFUL',
    mends: {
      add: '{to}',
      remove: 'tile {n} ({from})',
      change: 'tile {n} {from} -> {to}',
      reader: ' (reader {evidence})',
      kan: 'tiles {first}-{last} (four {tile}) may be a kan: counted as 3, the hand {then}',
      kanComplete: 'is a winning hand',
      kanOneAway: 'is a tile from one',
      kanSeparator: '; ',
      otherwise: '{kans}; otherwise {text}',
      more: ', and {count} more',
      short: { one: 'one tile short of a winning hand; a missed tile would be {list}', many: 'one tile short of a winning hand; a missed tile would be one of {list}' },
      shortNone: 'one tile short of a winning hand, and no tile added would make it one',
      over: { one: 'one tile too many for a winning hand; without {list} it would be one', many: 'one tile too many for a winning hand; without one of {list} it would be one' },
      overNone: 'one tile too many for a winning hand, and no tile removed would make it one',
      misread: { one: 'not a winning hand as read; if only one tile is misread, it is {list}', many: 'not a winning hand as read; if only one tile is misread, it is one of {list}' },
      misreadNone: 'not a winning hand as read, and no single tile changed makes it one',
    },
  },
  fr: {
    recognised: 'reconnu\u00a0: {hand}',
    doubtfulTiles: 'tuiles douteuses\u00a0: {list}',
    doubtfulTile: '{n}\u00a0: {tile} ({score}\u00a0; ensuite {next})',
    doubtfulSeparator: '\u00a0; ',
    note: 'remarque\u00a0: {text}',
    noTilesIn: 'aucune tuile trouvée dans {photo}',
    noTilesWhy: '\u00a0: ce que le localisateur a trouvé n’est pas une rangée de tuiles ({why})\u00a0; --anyway l’affiche',
    takeAgain: 'Prenez la photo avec la rangée de tuiles dans le cadre.',
    noProfileYet: 'pas encore de profil dans {dir} (lancez d’abord «\u00a0riichi-lens learn --profile {dir} ...\u00a0»)\u00a0; lecture par le modèle entraîné seul.',
    profileOtherModel: 'le profil de {dir} a été fait avec un autre modèle\u00a0; il n’a pas servi (faites apprendre le jeu à nouveau, ou «\u00a0riichi-lens learn --profile {dir} --reset\u00a0»).',
    noTilesFound: '(aucune tuile trouvée)',
    next: 'ensuite\u00a0: {alts}',
    nextSeparator: '\u00a0; ',
    sideways: 'couchée',
    reranked: 'reclassée par les règles de la main',
    fromProfile: 'votre jeu (le classifieur seul\u00a0: {tile})',
    doubtful: 'DOUTEUSE',
    mends: {
      add: '{to}',
      remove: 'tuile {n} ({from})',
      change: 'tuile {n} {from} -> {to}',
      reader: ' (lecteur {evidence})',
      kan: 'les tuiles {first} à {last} (quatre {tile}) sont peut-être un kan\u00a0: comptées pour 3, la main {then}',
      kanComplete: 'est gagnante',
      kanOneAway: 'est à une tuile de la victoire',
      kanSeparator: '\u00a0; ',
      otherwise: '{kans}\u00a0; sinon {text}',
      more: ', et {count} de plus',
      short: { one: 'il manque une tuile pour une main gagnante\u00a0; la tuile manquée serait {list}', many: 'il manque une tuile pour une main gagnante\u00a0; la tuile manquée serait l’une de\u00a0: {list}' },
      shortNone: 'il manque une tuile pour une main gagnante, et aucune tuile ajoutée n’en ferait une',
      over: { one: 'une tuile de trop pour une main gagnante\u00a0; sans la {list}, elle le serait', many: 'une tuile de trop pour une main gagnante\u00a0; sans l’une de\u00a0: {list}, elle le serait' },
      overNone: 'une tuile de trop pour une main gagnante, et aucune tuile retirée n’en ferait une',
      misread: { one: 'pas une main gagnante telle que lue\u00a0; si une seule tuile est mal lue, c’est la {list}', many: 'pas une main gagnante telle que lue\u00a0; si une seule tuile est mal lue, c’est l’une de\u00a0: {list}' },
      misreadNone: 'pas une main gagnante telle que lue, et aucun changement d’une seule tuile n’en fait une',
    },
  },
};
