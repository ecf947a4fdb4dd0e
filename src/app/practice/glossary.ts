// The words of the game a beginner meets on every screen, each in a sentence or two (data only; the Practice
// screen shows them). A newcomer found "fan", "fu", "mangan", "shanten" and "2^(fan + 2)" used everywhere and
// explained nowhere, and the buttons saying chi / pon / kan where the explanations say chow / pung / kong.
import type { Lang } from '../i18n/index.ts';

export interface GlossaryEntry {
  id: string;
  /** The word, with the other names players use for it. */
  term: string;
  text: string;
}

const en: GlossaryEntry[] = [
  { id: 'yaku', term: 'Yaku', text: 'A pattern that makes a complete hand a winning one (riichi, all simples, a pung of dragons…). A hand needs at least one; dora are not yaku.' },
  { id: 'fan', term: 'Fan (han)', text: 'The units of a hand’s value: each yaku and each dora gives one or more. Every fan doubles the points, until the limit hands.' },
  { id: 'fu', term: 'Fu (minipoints)', text: 'Small points for how the hand is made and won: 20 to start, 10 for a concealed hand won on a discard, 2 by self-draw (not with pinfu), pungs and kongs (more for terminals and honours, twice as much concealed), a pair of dragons or of a wind that counts, a wait on one tile. They are rounded up to the next 10 (seven pairs: always 25).' },
  { id: 'base', term: 'Base points', text: 'fu × 2^(fan + 2): the “+ 2” is two doublings every hand gets. The discarder pays 4 times the base (6 times to the dealer), rounded up to the next 100; on a self-draw each player pays their share.' },
  { id: 'limits', term: 'Mangan, haneman, baiman, sanbaiman, yakuman', text: 'The limit hands: from 5 fan (or 4 fan with 40 fu or more, 3 fan with 70 fu or more) the fu no longer count, and the hand pays a fixed amount: 8,000 for a mangan to a non-dealer, then 12,000 (6–7 fan), 16,000 (8–10), 24,000 (11 and more) and 32,000 for a yakuman; the dealer gets half as much again. The points table gives them under each rule book.' },
  { id: 'dora', term: 'Dora, ura dora, red fives', text: 'Bonus tiles: each copy in the hand adds 1 fan but is no yaku. The dora is the tile after the indicator shown on the dead wall (9 is followed by 1, North by East, Red dragon by White). Ura dora lie under the indicators and count for a hand in riichi only. Red fives count as dora under some rules (not EMA 2016).' },
  { id: 'ron-tsumo', term: 'Ron, tsumo', text: 'Ron: winning on a tile another player discards; that player pays it all. Tsumo: winning on a tile one draws; every other player pays a share.' },
  { id: 'dealer', term: 'Dealer (East, oya)', text: 'The player in the East seat. A dealer’s win is worth half as much again (6 times the base instead of 4), and the deal stays with a dealer who wins.' },
  { id: 'calls', term: 'Chi, pon, kan (chow, pung, kong)', text: 'Three tiles in a row of one suit, three alike, four alike. Taken from another player’s discard they are called, or open (“melded”), and drawn with one tile sideways; a closed kan is four alike from one’s own tiles, drawn face up with no tile sideways. An open set is worth less fu than a concealed one (a kong of simples: 8 open, 16 closed).' },
  { id: 'closed', term: 'Closed hand (menzen)', text: 'A hand with no tile called from another player (a closed kan keeps it closed). Riichi, pinfu, menzen tsumo and some other yaku need it; many yaku are worth one fan less in an open hand.' },
  { id: 'riichi', term: 'Riichi', text: 'Declared with a closed, ready hand, by putting down a 1,000-point stick: 1 fan, and the hand may no longer change. The sticks on the table go to the next winner.' },
  { id: 'tenpai', term: 'Tenpai, shanten', text: 'Tenpai (ready): one tile from winning. Shanten: how many tiles a hand is from ready (1-shanten: one tile away from tenpai). The tiles that bring it closer are its improving tiles.' },
  { id: 'waits', term: 'Waits', text: 'The shapes a ready hand wins with: two-sided (ryanmen: 34 waiting on 2 or 5), edge (penchan: 12 on 3), closed (kanchan: 35 on 4), single (tanki: the pair’s tile) and double pair (shanpon: two pairs, either becoming a pung). Edge, closed and single waits are worth 2 fu.' },
  { id: 'furiten', term: 'Furiten', text: 'A ready player who has discarded one of their own winning tiles (or let one pass since their last draw, or after riichi) cannot win by ron, only by tsumo; a ron declared anyway is an invalid win, a chombo under tournament rules.' },
  { id: 'counters', term: 'Counters (honba)', text: 'Sticks put out after a dealer’s win or a drawn hand: each adds 300 to a ron and 100 from each player to a tsumo.' },
];

const fr: GlossaryEntry[] = [
  { id: 'yaku', term: 'Yaku', text: 'Une combinaison qui fait d’une main complète une main gagnante (riichi, tout simples, un brelan de dragons…). Une main en a besoin d’au moins un\u00a0; les dora ne sont pas des yaku.' },
  { id: 'fan', term: 'Han', text: 'Les unités de valeur d’une main\u00a0: chaque yaku et chaque dora en donnent un ou plusieurs. Chaque han double les points, jusqu’aux mains limites.' },
  { id: 'fu', term: 'Fu (minipoints)', text: 'De petits points pour la façon dont la main est faite et gagnée\u00a0: 20 au départ, 10 pour une main fermée gagnée sur une défausse, 2 en tsumo (pas avec pinfu), les brelans et les carrés (plus pour les terminales et les honneurs, le double cachés), une paire de dragons ou d’un vent qui compte, une attente sur une tuile. Ils sont arrondis à la dizaine supérieure (sept paires\u00a0: toujours 25).' },
  { id: 'base', term: 'Points de base', text: 'fu × 2^(han + 2)\u00a0: le «\u00a0+ 2\u00a0» est deux doublements que reçoit toute main. Le joueur qui a défaussé paie 4 fois la base (6 fois au donneur), arrondi à la centaine supérieure\u00a0; en tsumo chaque joueur paie sa part.' },
  { id: 'limits', term: 'Mangan, haneman, baiman, sanbaiman, yakuman', text: 'Les mains limites\u00a0: à partir de 5 han (ou 4 han avec 40 fu ou plus, 3 han avec 70 fu ou plus) les fu ne comptent plus et la main paie un montant fixe\u00a0: 8\u202f000 pour un mangan d’un non-donneur, puis 12\u202f000 (6–7 han), 16\u202f000 (8–10), 24\u202f000 (11 et plus) et 32\u202f000 pour un yakuman\u00a0; le donneur reçoit moitié plus. La table des points les donne selon chaque règlement.' },
  { id: 'dora', term: 'Dora, ura dora, cinq rouges', text: 'Des tuiles bonus\u00a0: chaque exemplaire dans la main ajoute 1 han, sans être un yaku. Le dora est la tuile qui suit l’indicateur retourné sur le mur mort (après 9 vient 1, après Nord Est, après dragon rouge dragon blanc). Les ura dora sont sous les indicateurs et ne comptent que pour une main en riichi. Les cinq rouges sont des dora selon certaines règles (pas EMA 2016).' },
  { id: 'ron-tsumo', term: 'Ron, tsumo', text: 'Ron\u00a0: gagner sur une tuile défaussée par un autre joueur, qui paie tout. Tsumo\u00a0: gagner sur une tuile que l’on pioche\u00a0; chacun des autres paie sa part.' },
  { id: 'dealer', term: 'Donneur (Est, oya)', text: 'Le joueur au siège Est. La main d’un donneur vaut moitié plus (6 fois la base au lieu de 4), et le donneur qui gagne garde la donne.' },
  { id: 'calls', term: 'Chi, pon, kan (suite, brelan, carré)', text: 'Trois tuiles qui se suivent dans une famille, trois identiques, quatre identiques. Prises sur la défausse d’un autre joueur, elles sont annoncées, ou ouvertes, et posées avec une tuile de travers\u00a0; un kan fermé est fait de quatre tuiles de sa propre main, posées sans tuile de travers. Une combinaison ouverte vaut moins de fu qu’une cachée (un carré de simples\u00a0: 8 ouvert, 16 fermé).' },
  { id: 'closed', term: 'Main fermée (menzen)', text: 'Une main sans tuile prise à un autre joueur (un kan fermé la garde fermée). Riichi, pinfu, menzen tsumo et d’autres yaku l’exigent\u00a0; beaucoup de yaku valent un han de moins dans une main ouverte.' },
  { id: 'riichi', term: 'Riichi', text: 'Annoncé avec une main fermée prête, en posant un bâton de 1\u202f000\u00a0points\u00a0: 1 han, et la main ne peut plus changer. Les bâtons sur la table vont au prochain gagnant.' },
  { id: 'tenpai', term: 'Tenpai, shanten', text: 'Tenpai (prête)\u00a0: à une tuile de gagner. Shanten\u00a0: le nombre de tuiles qui séparent une main de tenpai (1-shanten\u00a0: à une tuile de tenpai). Les tuiles qui la rapprochent sont ses tuiles utiles.' },
  { id: 'waits', term: 'Attentes', text: 'Les formes par lesquelles une main prête gagne\u00a0: des deux côtés (ryanmen\u00a0: 34 attend 2 ou 5), au bord (penchan\u00a0: 12 attend 3), fermée (kanchan\u00a0: 35 attend 4), sur une tuile (tanki\u00a0: la tuile de la paire) et sur deux paires (shanpon\u00a0: l’une ou l’autre devient un brelan). Les attentes au bord, fermée et sur une tuile valent 2 fu.' },
  { id: 'furiten', term: 'Furiten', text: 'Un joueur prêt qui a défaussé une de ses tuiles gagnantes (ou en a laissé passer une depuis sa dernière pioche, ou après riichi) ne peut pas gagner par ron, seulement par tsumo\u00a0; un ron annoncé quand même est une victoire invalide, un chombo selon les règles de tournoi.' },
  { id: 'counters', term: 'Compteurs (honba)', text: 'Bâtons posés après une victoire du donneur ou une main nulle\u00a0: chacun ajoute 300 à un ron et 100 de chaque joueur à un tsumo.' },
];

export const GLOSSARY: Record<Lang, GlossaryEntry[]> = { en, fr };
