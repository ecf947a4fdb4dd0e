/** Texts of the waits view (waits of a 13-tile hand, shanten, improving tiles, discards), English and French. Data only. */

export interface WaitsTexts {
  /** Wait shapes by id; {tiles} is the partial set held. */
  shapes: Record<string, string>;
  /** Waits of the whole hand over several tiles; {tiles} held, {waits} the winning tiles. */
  patterns: Record<string, string>;
  or: string;
  ready: string;
  readyNone: string;
  notReady: string;
  shantenForms: string;
  improving: string;
  unseen: string;
  ron: string;
  tsumo: string;
  noYakuOnRon: string;
  noYaku: string;
  noYakuRiichi: string;
  impossible: string;
  furiten: string;
  complete: string;
  discard: string;
  discardReady: string;
  discardNotReady: string;
  discardReadyNone: string;
  discardFuriten: string;
  hanFu: string;
  /** A self-draw's shares: the dealer's and each other player's (the scoring tables' order is other / dealer). */
  tsumoShares: string;
  tsumoEach: string;
  extras: string;
  extraCounters: string;
  extraBets: string;
  and: string;
  limitScore: string;
  yakuman: string;
  wrongCount: string;
}

/** Japanese names of the wait shapes. */
export const WAIT_JAPANESE: Record<string, string> = {
  ryanmen: '両面',
  penchan: '辺張',
  kanchan: '嵌張',
  shanpon: '双碰',
  tanki: '単騎',
  kokushi: '国士無双 単騎',
  kokushi13: '国士無双 十三面',
  nobetan: '延べ単',
  sanmenchan: '三面張',
};

export const WAITS_EN: WaitsTexts = {
  shapes: {
    ryanmen: 'two-sided on {tiles} (ryanmen {ja})',
    penchan: 'edge on {tiles} (penchan {ja})',
    kanchan: 'closed on {tiles} (kanchan {ja})',
    shanpon: 'pair: {tiles} becomes a pung (shanpon {ja})',
    tanki: 'single tile: {tiles} becomes the pair (tanki {ja})',
    kokushi: 'thirteen orphans, the missing tile ({ja})',
    kokushi13: 'thirteen orphans on all thirteen ({ja})',
  },
  patterns: {
    nobetan: 'single tile on two sides: {tiles} waits on {waits} (nobetan {ja})',
    sanmenchan: 'three-sided: {tiles} waits on {waits} (sanmenchan {ja})',
  },
  or: ' or ',
  ready: 'Ready (tenpai): {kinds} winning tile{plural_kinds}, {unseen} unseen.',
  readyNone: 'Ready in form only: every tile that would complete the hand is one it already holds all four of, so it cannot win (not tenpai).',
  notReady: '{shanten} tile{plural_shanten} from ready ({shanten}-shanten).',
  shantenForms: 'By form: sets and a pair {standard}, seven pairs {sevenPairs}, thirteen orphans {orphans}.',
  improving: 'Tiles that bring it one step closer ({kinds} kinds, {unseen} unseen):',
  unseen: '{n} unseen',
  ron: 'ron {score}',
  tsumo: 'tsumo {score}',
  noYakuOnRon: 'no yaku on ron',
  noYaku: 'no yaku',
  noYakuRiichi: 'no yaku (riichi would give one)',
  impossible: 'Impossible: {tiles} (the hand already holds all four copies, or the others are dora indicators).',
  furiten:
    'Furiten cannot be seen from a hand: if you have discarded one of your winning tiles (or let one pass since your last draw, or after riichi), you cannot win by ron, only by tsumo; a ron declared anyway is an invalid win, a chombo under tournament rules (EMA RCR 3.4.6).',
  complete: 'This hand is already complete (14 tiles): score it instead.',
  discard: 'Discard {tile}:',
  discardReady: 'ready, waiting on {tiles} ({unseen} unseen)',
  discardNotReady: '{shanten}-shanten, {kinds} improving kinds ({unseen} unseen)',
  discardReadyNone: 'ready in form only: it would wait on tiles it holds all four of (not tenpai)',
  discardFuriten: '; furiten: it waits on the tile discarded, so it wins by tsumo only',
  hanFu: '{points} ({han} fan {fu} fu: {yaku})',
  tsumoShares: 'dealer {dealer}, others {each}',
  tsumoEach: '{each} each',
  extras: 'Scores as the tables give them; on top: {what}.',
  extraCounters: '{count} counter{plural_count} (+{ron} on a ron, +{each} from each payer by self-draw)',
  extraBets: 'riichi bet{plural_count} on the table ({amount}) to the winner',
  and: '; ',
  limitScore: '{points} ({limit}, {han} fan: {yaku})',
  yakuman: '{points} ({limit}: {yaku})',
  wrongCount: 'A waiting hand has 13 tiles (each kan counts as 3); this one has {count}.',
};

export const WAITS_FR: WaitsTexts = {
  shapes: {
    ryanmen: 'des deux côtés sur {tiles} (ryanmen {ja})',
    penchan: 'au bord sur {tiles} (penchan {ja})',
    kanchan: 'fermée sur {tiles} (kanchan {ja})',
    shanpon: 'sur paire\u00a0: {tiles} devient un brelan (shanpon {ja})',
    tanki: 'sur une tuile\u00a0: {tiles} devient la paire (tanki {ja})',
    kokushi: 'treize orphelins, la tuile qui manque ({ja})',
    kokushi13: 'treize orphelins sur les treize ({ja})',
  },
  patterns: {
    nobetan: 'sur une tuile des deux côtés\u00a0: {tiles} attend {waits} (nobetan {ja})',
    sanmenchan: 'trois côtés\u00a0: {tiles} attend {waits} (sanmenchan {ja})',
  },
  or: ' ou ',
  ready: 'Main prête (tenpai)\u00a0: {kinds} tuile{pluriel_kinds} gagnante{pluriel_kinds}, {unseen} exemplaire{pluriel_unseen} non vu{pluriel_unseen}.',
  readyNone:
    'Prête en apparence seulement\u00a0: chaque tuile qui la compléterait est une tuile dont la main a déjà les quatre exemplaires\u00a0; elle ne peut pas gagner (pas tenpai).',
  notReady: 'À {shanten} tuile{pluriel_shanten} d’être prête ({shanten}-shanten).',
  shantenForms: 'Par forme\u00a0: combinaisons et paire {standard}, sept paires {sevenPairs}, treize orphelins {orphans}.',
  improving: 'Tuiles qui la rapprochent d’un pas ({kinds} sorte{pluriel_kinds}, {unseen} exemplaire{pluriel_unseen} non vu{pluriel_unseen})\u00a0:',
  unseen: '{n} non vue{pluriel_n}',
  ron: 'ron {score}',
  tsumo: 'tsumo {score}',
  noYakuOnRon: 'pas de yaku sur ron',
  noYaku: 'pas de yaku',
  noYakuRiichi: 'pas de yaku (le riichi en donnerait un)',
  impossible: 'Impossible\u00a0: {tiles} (la main en a déjà les quatre exemplaires, ou les autres sont des indicateurs de dora).',
  furiten:
    'Le furiten ne se voit pas dans une main\u00a0: si vous avez défaussé une de vos tuiles gagnantes (ou en avez laissé passer une depuis votre dernière pioche, ou après riichi), vous ne pouvez pas gagner par ron, seulement par tsumo\u00a0; un ron annoncé quand même est une victoire invalide, un chombo selon les règles de tournoi (EMA RCR 3.4.6).',
  complete: 'Cette main est déjà complète (14 tuiles)\u00a0: calculez plutôt son score.',
  discard: 'Défausser {tile}\u00a0:',
  discardReady: 'prête, en attente de {tiles} ({unseen} non vues)',
  discardNotReady: '{shanten}-shanten, {kinds} sortes de tuiles utiles ({unseen} non vues)',
  discardReadyNone: 'prête en apparence seulement\u00a0: elle attendrait des tuiles dont elle a les quatre exemplaires (pas tenpai)',
  discardFuriten: '\u00a0; furiten\u00a0: elle attend la tuile défaussée, donc ne gagne que par tsumo',
  hanFu: '{points} ({han} han {fu} fu\u00a0: {yaku})',
  tsumoShares: 'donneur {dealer}, autres {each}',
  tsumoEach: '{each} chacun',
  extras: 'Scores tels que les tables les donnent\u00a0; en plus\u00a0: {what}.',
  extraCounters: '{count}\u00a0compteur{pluriel_count} (+{ron} sur ron, +{each} de chaque payeur en tsumo)',
  extraBets: 'mise{pluriel_count} de riichi sur la table ({amount}) pour le gagnant',
  and: '\u00a0; ',
  limitScore: '{points} ({limit}, {han} han\u00a0: {yaku})',
  yakuman: '{points} ({limit}\u00a0: {yaku})',
  wrongCount: 'Une main en attente a 13 tuiles (chaque kan compte pour 3)\u00a0; celle-ci en a {count}.',
};

export const WAITS_TEXTS: Record<'en' | 'fr', WaitsTexts> = { en: WAITS_EN, fr: WAITS_FR };
