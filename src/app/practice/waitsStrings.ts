// UI strings of the practice "waits" questions (issue 19), data only; fr must have every key of en.
const en = {
  askWaits: 'Waits: pick every winning tile',
  title: 'Question {n} — topic: waits',
  prompt: 'This hand is ready. Pick every tile that would complete it (tap again to unpick).',
  picked: '{n} picked',
  check: 'Check my answer',
  right: 'Right! You found every winning tile.',
  wrong: 'Not quite.',
  expected: 'Winning tiles:',
  missed: 'Missed:',
  extra: 'Not winning tiles:',
  none: '—',
  newQuestion: 'New question',
  palette: 'Winning tiles',
  'meld.chi': 'Chi (called)',
  'meld.pon': 'Pon (called)',
  'meld.kan-open': 'Open kan',
  'meld.kan-added': 'Added kan',
  'meld.kan-closed': 'Closed kan',
};

export type WaitsPracticeStrings = typeof en;

const fr: WaitsPracticeStrings = {
  askWaits: 'Attentes\u00a0: trouver toutes les tuiles gagnantes',
  title: 'Question {n} — thème\u00a0: attentes',
  prompt: 'Cette main est prête. Choisissez toutes les tuiles qui la compléteraient (touchez de nouveau pour retirer).',
  picked: '{n} choisie{pluriel_n}',
  check: 'Vérifier ma réponse',
  right: 'Exact\u00a0! Vous avez trouvé toutes les tuiles gagnantes.',
  wrong: 'Pas tout à fait.',
  expected: 'Tuiles gagnantes\u00a0:',
  missed: 'Oubliées\u00a0:',
  extra: 'Pas gagnantes\u00a0:',
  none: '—',
  newQuestion: 'Nouvelle question',
  palette: 'Tuiles gagnantes',
  'meld.chi': 'Chi (annoncé)',
  'meld.pon': 'Pon (annoncé)',
  'meld.kan-open': 'Kan ouvert',
  'meld.kan-added': 'Kan ajouté',
  'meld.kan-closed': 'Kan fermé',
};

export const waitsPracticeStrings = { en, fr };
