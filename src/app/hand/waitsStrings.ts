// UI strings of the waits view (issue 19), data only. The wait shapes, scores and furiten note are the engine's
// texts (src/engine/i18n/waits.ts); fr must have every key of en (checked by the type).
const en = {
  title: 'Waits',
  titleJa: '待ち',
  intro: 'Thirteen tiles: the tiles that would complete this hand, and what each would score.',
  ready: 'Ready (tenpai): {kinds} winning tile{plural_kinds}, {unseen} unseen.',
  readyNone: 'Ready in form only: every tile that would complete it is one the hand already holds all four of. It cannot win.',
  notReady: '{shanten} tile{plural_shanten} from ready ({shanten}-shanten, 向聴).',
  forms: 'Sets and a pair: {standard} · seven pairs: {sevenPairs} · thirteen orphans: {orphans}',
  improving: 'Tiles that bring it one step closer: {kinds} kinds, {unseen} unseen',
  unseen: '{n} unseen',
  ron: 'Ron',
  tsumo: 'Tsumo',
  tryTile: 'Score with this tile',
  impossible: 'Impossible (all four copies already in the hand or on the indicators):',
  error: 'Waits cannot be shown: {message}',
  discardsTitle: 'What each discard leaves',
  discardsIntro: 'Fourteen tiles: for each tile you could discard, what the other thirteen would wait on.',
  discard: 'Discard',
  leaves: 'Leaves',
  readyWaits: 'ready, waits on',
  discardReadyNone: 'ready in form only: it would wait on tiles it holds all four of (not tenpai)',
  discardFuriten: '; furiten: it waits on the tile discarded, so it wins by tsumo only',
  shantenLeft: '{shanten}-shanten, {kinds} improving kinds ({unseen} unseen)',
  best: 'best',
};

export type WaitsStrings = typeof en;

const fr: WaitsStrings = {
  title: 'Attentes',
  titleJa: '待ち',
  intro: 'Treize tuiles\u00a0: les tuiles qui compléteraient cette main, et ce que chacune rapporterait.',
  ready: 'Main prête (tenpai)\u00a0: {kinds} tuile{pluriel_kinds} gagnante{pluriel_kinds}, {unseen} exemplaire{pluriel_unseen} non vu{pluriel_unseen}.',
  readyNone: 'Prête en apparence seulement\u00a0: chaque tuile qui la compléterait est une tuile dont la main a déjà les quatre exemplaires. Elle ne peut pas gagner.',
  notReady: 'À {shanten} tuile{pluriel_shanten} d’être prête ({shanten}-shanten, 向聴).',
  forms: 'Combinaisons et paire\u00a0: {standard} · sept paires\u00a0: {sevenPairs} · treize orphelins\u00a0: {orphans}',
  improving: 'Tuiles qui la rapprochent d’un pas\u00a0: {kinds} sorte{pluriel_kinds}, {unseen} exemplaire{pluriel_unseen} non vu{pluriel_unseen}',
  unseen: '{n} non vue{pluriel_n}',
  ron: 'Ron',
  tsumo: 'Tsumo',
  tryTile: 'Calculer avec cette tuile',
  impossible: 'Impossibles (les quatre exemplaires sont déjà dans la main ou sur les indicateurs)\u00a0:',
  error: 'Impossible d’afficher les attentes\u00a0: {message}',
  discardsTitle: 'Ce que laisse chaque défausse',
  discardsIntro: 'Quatorze tuiles\u00a0: pour chaque tuile que vous pourriez défausser, ce qu’attendraient les treize autres.',
  discard: 'Défausse',
  leaves: 'Reste',
  readyWaits: 'prête, attend',
  discardReadyNone: 'prête en apparence seulement\u00a0: elle attendrait des tuiles dont elle a les quatre exemplaires (pas tenpai)',
  discardFuriten: '\u00a0; furiten\u00a0: elle attend la tuile défaussée, donc ne gagne que par tsumo',
  shantenLeft: '{shanten}-shanten, {kinds} sorte{pluriel_kinds} utile{pluriel_kinds} ({unseen} non vue{pluriel_unseen})',
  best: 'meilleure',
};

export const waitsStrings = { en, fr };
