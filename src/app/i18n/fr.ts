// Chaînes de l'interface en français (données seulement). Mêmes clés que en.ts.
import type { MessageKey } from './en.ts';

export const fr: Record<MessageKey, string> = {
  'app.title': 'Riichi Lens',
  'app.tagline': 'Compter une main de riichi mahjong, chaque han et chaque fu expliqués',
  'app.language': 'Langue',
  'app.loading': 'Chargement…',
  'app.offlineReady': 'Prêt à fonctionner hors ligne.',
  'app.screenError': 'Cet écran n’a pas pu se charger : {message}',
  'app.retry': 'Réessayer',
  'nav.label': 'Écrans',
  'nav.photo': 'Photo',
  'nav.hand': 'Main',
  'nav.ledger': 'Partie',
  'nav.practice': 'Entraînement',

  'tile.suit.m': 'Caractères',
  'tile.suit.p': 'Cercles',
  'tile.suit.s': 'Bambous',
  'tile.red': '5 rouge {suit}',
  'tile.z1': 'Vent d’Est',
  'tile.z2': 'Vent du Sud',
  'tile.z3': 'Vent d’Ouest',
  'tile.z4': 'Vent du Nord',
  'tile.z5': 'Dragon blanc',
  'tile.z6': 'Dragon vert',
  'tile.z7': 'Dragon rouge',
};
