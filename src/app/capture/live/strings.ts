// Strings of the live camera view (issue 17), in English and French. Data only.
export const en = {
  'hint.aim': 'Point the camera at your hand',
  'hint.move-closer': 'Move closer',
  'hint.hold-steady': 'Hold steady',
  'hint.thirteen': '13 tiles: is the winning tile in view?',
  'hint.two-rows': 'Two rows: aim at your hand',
  'hint.too-many': 'More than 14 tiles: aim at your hand only',
  'hint.complete': 'Hand read: hold still…',
  'hint.complete-off': 'Hand read: take the photo',
  'hint.dora-aim': 'Point the camera at the dora indicators',
  'hint.dora-complete': 'Indicators read: hold still…',
  'paused.hidden': 'Live reading paused',
  'paused.battery': 'Battery low: live reading paused (the shutter still works)',
  autoCapture: 'Take the photo by itself',
  modeLabel: 'What to read',
  modeHand: 'Hand',
  modeDora: 'Dora indicators',
  doraTaken: 'Dora indicators read: {tiles}. Now the hand.',
  liveLabel: 'Tiles read live',
};

export type LiveStrings = typeof en;

export const fr: LiveStrings = {
  'hint.aim': 'Visez votre main',
  'hint.move-closer': 'Approchez-vous',
  'hint.hold-steady': 'Ne bougez plus',
  'hint.thirteen': '13 tuiles\u00a0: la tuile gagnante est-elle visible\u00a0?',
  'hint.two-rows': 'Deux rangées\u00a0: visez votre main',
  'hint.too-many': 'Plus de 14 tuiles\u00a0: visez seulement votre main',
  'hint.complete': 'Main lue\u00a0: ne bougez plus…',
  'hint.complete-off': 'Main lue\u00a0: prenez la photo',
  'hint.dora-aim': 'Visez les indicateurs de dora',
  'hint.dora-complete': 'Indicateurs lus\u00a0: ne bougez plus…',
  'paused.hidden': 'Lecture en direct en pause',
  'paused.battery': 'Batterie faible\u00a0: lecture en direct en pause (le déclencheur fonctionne toujours)',
  autoCapture: 'Prendre la photo tout seul',
  modeLabel: 'Que lire',
  modeHand: 'Main',
  modeDora: 'Indicateurs de dora',
  doraTaken: 'Indicateurs de dora lus\u00a0: {tiles}. Maintenant la main.',
  liveLabel: 'Tuiles lues en direct',
};

export const liveTables = { en, fr };
