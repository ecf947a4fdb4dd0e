// English UI strings (data only). fr.ts must have the same keys (checked by the type system).
export const en = {
  'app.title': 'Riichi Lens',
  'app.tagline': 'Score a riichi mahjong hand, every fan and fu explained',
  'app.language': 'Language',
  'app.loading': 'Loading…',
  'app.offlineReady': 'Ready to work offline.',
  'app.screenError': 'This screen failed to load: {message}',
  'app.retry': 'Try again',
  'nav.label': 'Screens',
  'nav.photo': 'Photo',
  'nav.hand': 'Hand',
  'nav.ledger': 'Ledger',
  'nav.practice': 'Practice',

  'tile.suit.m': 'Characters',
  'tile.suit.p': 'Circles',
  'tile.suit.s': 'Bamboo',
  'tile.red': 'Red 5 {suit}',
  'tile.z1': 'East wind',
  'tile.z2': 'South wind',
  'tile.z3': 'West wind',
  'tile.z4': 'North wind',
  'tile.z5': 'White dragon',
  'tile.z6': 'Green dragon',
  'tile.z7': 'Red dragon',
} as const;

export type MessageKey = keyof typeof en;
