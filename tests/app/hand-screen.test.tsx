// The Hand screen rendered to HTML (no browser): tiles carry data-tile, the score and its explanation show.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HandScreen from '../../src/app/hand/HandScreen.tsx';
import { actions, getState } from '../../src/app/state/store.ts';
import { setLang } from '../../src/app/i18n/index.ts';
import { engineTexts } from '../../src/app/hand/engineText.ts';
import { YAKUMAN_LIMITS } from '../../src/engine/index.ts';
import { withTileCodes } from './tileText.ts';

const LIMIT_NAMES = ['mangan', 'haneman', 'baiman', 'sanbaiman'];

// the engine's sentences with their tile groups as notation (TileText.tsx draws them as tiles)
const render = () => withTileCodes(renderToStaticMarkup(createElement(HandScreen)));
const dataTiles = (html: string, testid: string) => {
  const start = html.indexOf(`data-testid="${testid}"`);
  const section = html.slice(start, html.indexOf('</div>', start));
  return [...section.matchAll(/data-tile="(\w+)"/g)].map((m) => m[1]);
};

/** A closed hand (the winning tile last) in a situation on the Hand screen, in English. */
function showClosedHand(closed: string, winTile: string, situation: Parameters<typeof actions.setSituation>[0]) {
  setLang('en');
  actions.setHandFromRecognition({ closed, melds: [], winTile });
  actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: false, dora_indicators: [], ...situation });
}

describe('Hand screen', () => {
  it('14 tiles without a winning tile (a pon made of the tile that was): the hint says to choose it, not "needs 14 tiles"', () => {
    setLang('en');
    actions.setHand({ closed: ['2', '3', '4'].map((n) => `${n}m`).concat(['5p', '6p', '7p', '3s', '4s', '5s', '6s', '6s']) as never, melds: [{ type: 'pon', tiles: ['7z', '7z', '7z'], calledIndex: 0 }], winTile: null });
    const hint = /data-testid="result-hint">([^<]*)</.exec(render())?.[1];
    expect(hint).toBe('The hand has its 14 tiles: choose the winning tile (tap it, then “Winning tile”) to see the score.');
    actions.setHand({ closed: ['2m', '3m'] as never, melds: [], winTile: null });
    expect(/data-testid="result-hint">([^<]*)</.exec(render())?.[1]).toBe('The score appears when the hand has 14 tiles and a winning tile.');
  });

  it('shows a recognised hand with its explained score', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '234m067p345s5688s7s', winTile: '7s', melds: [] });
    actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: true, dora_indicators: ['4s'] });
    const html = render();
    expect(dataTiles(html, 'hand-closed')).toEqual(['2m', '3m', '4m', '0p', '6p', '7p', '3s', '4s', '5s', '5s', '6s', '8s', '8s']);
    expect(dataTiles(html, 'hand-win')).toEqual(['7s']);
    // riichi, pinfu, tanyao, dora 5s twice: 5 fan = mangan 8,000 under EMA 2016, whose red five is a plain five
    expect(html).toContain('data-total="8000"');
    expect(html).toContain('Mangan');
    expect(html).toContain('平和');
    expect(html).not.toMatch(/data-yaku="aka_dora"/);
    expect(html).toContain('EMA 2016');
    expect(html).toContain('A red five scored as a plain five');
    // under EMA 2012 the red five is a dora: 6 fan = haneman 12,000
    actions.setSituation({ rules: 'ema2012' });
    const old = render();
    expect(old).toContain('data-total="12000"');
    expect(old).toMatch(/data-yaku="aka_dora"/);
    actions.setSituation({ rules: 'ema' });
    // 37 palette tiles, each with data-tile
    const from = html.indexOf('data-testid="palette"');
    const palette = html.slice(from, html.indexOf('</section>', from));
    expect([...palette.matchAll(/data-tile="/g)].length).toBe(37);
  });

  it('an open hand\'s yaku worth one fan less says what it counts closed, in English and French', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '123s456s11z22z2z', melds: [{ type: 'chi', tiles: '789s' }], winTile: '2z' });
    actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: false, dora_indicators: [] });
    const html = render();
    expect(html).toMatch(/data-yaku="ittsu">.*?1 fan<span class="muted closed-fan" data-testid="closed-fan"> \(2 in a closed hand\)<\/span>/);
    expect(html).toMatch(/data-yaku="honitsu">.*?2 fan<span[^>]*> \(3 in a closed hand\)/);
    setLang('fr');
    expect(render()).toContain('(2 en main fermée)');
    setLang('en');
    // the same hand closed (riichi): nothing added
    actions.setHandFromRecognition({ closed: '123s456s789s11z22z2z', melds: [], winTile: '2z' });
    actions.setSituation({ riichi: true });
    expect(render()).not.toContain('data-testid="closed-fan"');
    actions.setSituation({ riichi: false });
  });

  it('says why the reading\'s wait is a closed one where the winning tile also finishes a two-sided wait', () => {
    showClosedHand('234m567p345s56s77z4s', '4s', { riichi: true });
    const html = render();
    expect(html).toMatch(/data-testid="reading-note" data-reason="wait_also_two_sided">4s also finishes 56s as a two-sided wait, but no reading of the hand is worth more than this one, with its closed wait</);
    // the reading's wait is its own span, not a row of the waits panel (whose class once drew it as one)
    expect(html).toContain('<span class="reading-wait">· closed wait</span>');
    expect(html).not.toContain('class="wait"');
    // a two-sided wait shown: no note
    showClosedHand('234m567p345s56s88p7s', '7s', { riichi: true });
    expect(render()).not.toContain('data-testid="reading-note"');
    actions.setSituation({ riichi: false });
  });

  it('a pinfu hand won by self-draw lists why self-draw adds no fu', () => {
    showClosedHand('234m567p345s56s88p7s', '7s', { tsumo: true, riichi: true });
    expect(render()).toMatch(/data-fu-item="pinfu_tsumo"><span class="fu-name">self-draw with pinfu: no 2 fu \(a pinfu hand won by self-draw counts 20 fu\)<\/span>/);
    actions.setSituation({ tsumo: false });
    expect(render()).not.toContain('data-fu-item="pinfu_tsumo"');
    actions.setSituation({ riichi: false });
  });

  it('an open hand won on a discard says why it has no 10 fu, before the rounding, and the list ends with the total', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '234m567p5588s5s', winTile: '5s', melds: [{ type: 'chi', tiles: '678p' }] });
    actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: false, dora_indicators: [] });
    const list = /data-testid="fu-list">(.*?)<\/ul>/.exec(render())![1]!;
    expect([...list.matchAll(/data-fu-item="(\w+)"/g)].map((m) => m[1])).toEqual(['base', 'pung_ron_simple', 'open_ron', 'rounding']);
    expect(list).toContain('open hand won on a discard: no 10 fu (they are for a concealed hand)');
    expect(list.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toMatch(/In all 30 fu $/);
    // a concealed hand won on a discard has its 10: no such note
    showClosedHand('234m567p345s57s88p6s', '6s', { riichi: true });
    expect(render()).not.toContain('data-fu-item="open_ron"');
    actions.setSituation({ riichi: false });
  });

  it('folds how the points are counted under the payments, numbers written as the page writes them', () => {
    showClosedHand('234m567p345s57s88p6s', '6s', { riichi: true, honba: 0 });
    const html = render();
    expect(html).toContain('<details class="points-steps" data-testid="points-steps"><summary>How the points are counted</summary>');
    expect(html).toContain('<li>Base points: 40 fu × 2^(2 + 2) = 640</li><li>The discarder: 4 × 640 = 2,560, rounded up to 2,600</li>');
    setLang('fr');
    expect(render()).toContain('<li>Le jeteur\u00a0: 4 × 640 = 2\u202f560, arrondi à la centaine\u00a0: 2\u202f600</li>');
    setLang('en');
    actions.setSituation({ riichi: false });
  });

  it('says what each payer hands over, counters included, beside the table’s value (a referee read 1,300 and had to add the counters)', () => {
    // a non-dealer's pinfu tanyao tsumo (3 fan 20 fu) under 2 counters and a riichi bet
    showClosedHand('234m567p34s678s55m5s', '5s', { tsumo: true, seat_wind: 'S', honba: 2, riichi_sticks: 1 });
    const payments = () => /data-testid="payments">(.*?)<\/ul>/.exec(render())?.[1]?.replace(/<[^>]+>/g, '');
    expect(payments()).toBe('The dealer pays 1,500 (1,300 + 200); each other player pays 900 (700 + 200).');
    expect(render()).toMatch(/data-testid="extras">\+600 for 2 counters, \+1,000 riichi stick: 4,300 in all/);
    setLang('fr');
    expect(payments()).toBe('Le donneur paie 1\u202f500 (1\u202f300 + 200)\u00a0; chaque autre joueur paie 900 (700 + 200).');
    setLang('en');
    actions.setSituation({ tsumo: false });
    expect(payments()).toBe('The discarder pays 2,600 (2,000 + 600).');
    actions.setSituation({ honba: 0, riichi_sticks: 0 });
    expect(payments()).toBe('The discarder pays 2,000.');
  });

  it('says in the result that ura dora without riichi and renhou worth less than the hand were set aside', () => {
    showClosedHand('345m567m234p22p67s8s', '8s', { tsumo: true, dora_indicators: ['4m'], ura_indicators: ['7s'] } as never);
    expect(render()).toMatch(/data-not-counted="ura_dora" data-reason="ura_dora_without_riichi">.*ura dora count only for a hand in riichi/);
    actions.setSituation({ riichi: true });
    expect(render()).not.toContain('data-not-counted="ura_dora"');
    showClosedHand('12323567789m55m4m', '4m', { renhou: true, ura_indicators: [] } as never);
    expect(render()).toMatch(/data-not-counted="renhou" data-reason="renhou_worth_more_without">/);
    actions.setSituation({ renhou: false });
  });

  it('names the special wins with a few words where the name alone is Japanese (the help was a tooltip a phone never shows)', () => {
    showClosedHand('234m567p345s57s88p6s', '6s', { riichi: true, ippatsu: true });
    const html = render();
    for (const [flag, label] of [['tenhou', 'Tenhou (dealer, on the deal)'], ['chiihou', 'Chiihou (first draw)'], ['renhou', 'Renhou (before the first draw)'], ['ippatsu', 'Ippatsu (within a turn of riichi)'], ['haitei', 'Haitei (last tile drawn)']] as const) {
      expect(html).toMatch(new RegExp(`data-flag="${flag}"[^>]*/>${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    // the result's summary keeps the bare names
    expect(/data-testid="situation-summary">([^<]*)</.exec(html)?.[1]).toContain('Riichi, Ippatsu; EMA 2016.');
    actions.setSituation({ riichi: false, ippatsu: false });
  });

  it('explains "no yaku" with fixes, in French', () => {
    setLang('fr');
    actions.setHandFromRecognition({ closed: '456p789s234s9m9m', melds: [{ type: 'chi', tiles: '123m' }], winTile: '9m' });
    actions.setSituation({ riichi: false, dora_indicators: [] });
    const html = render();
    expect(html).toContain('data-code="NO_YAKU"');
    expect(html).toContain('yaku');
    expect(html).toContain('Une main ouverte a besoin d’un yaku');
    setLang('en');
  });

  it('says which yaku the hand came close to and what kept each out, in English and French', () => {
    // riichi tanyao on a closed wait (57s waiting on 6s): pinfu is one thing away
    actions.setHandFromRecognition({ closed: '234m567p345s5788s6s', winTile: '6s', melds: [] });
    actions.setSituation({ tsumo: false, seat_wind: 'S', riichi: true, dora_indicators: [] });
    const html = render();
    expect(html).toContain('data-total="2600"');
    expect(html).toContain('Not counted, and why');
    expect(html).toMatch(/data-not-counted="pinfu" data-reason="pinfu_wait">.*the wait on 6s is not two-sided \(closed wait\), and pinfu takes a two-sided wait/);
    setLang('fr');
    expect(render()).toContain('l’attente sur 6s n’est pas des deux côtés (attente fermée)');
    setLang('en');
    // the same hand won on a two-sided wait (56s on 7s) has pinfu: nothing to say
    actions.setHandFromRecognition({ closed: '234m567p345s5688s7s', winTile: '7s', melds: [] });
    expect(render()).not.toContain('data-testid="not-counted"');
    actions.setSituation({ riichi: false });
  });

  it('shows the 15-tile problem next to the hand and no score', () => {
    actions.setHandFromRecognition({ closed: '234m567p345s5688s7s9m', winTile: '7s' });
    const html = render();
    expect(html).toContain('data-problem="too-many-tiles"');
    expect(html).not.toContain('data-testid="score"');
    expect(html).not.toContain('data-problem="four-concealed"');
    // without the 9m it wins (234m 567p 345s 567s 88s): said, with a button that removes it
    expect(html).toContain('Without one 9 Characters it is a winning hand.');
    expect(html).toContain('data-testid="remove-extra" data-tile="9m"');
  });

  it('offers to make four tiles of the hand a kan when they make it a tile too many', () => {
    actions.setHandFromRecognition({ closed: '1111m234p567s789s55z', winTile: '5z' });
    const html = render();
    expect(html).toContain('data-problem="four-concealed"');
    expect(html).toContain('Four 1 Characters in the hand: if they are a kan, make them one');
    expect(html).toContain('data-testid="make-kan"');
  });

  it('says a hand that does not win may hold a kan not declared, with a way to declare it', () => {
    // the riichi-val case: 10 concealed tiles and an added kan of 9m photographed in the row, the winning 0p not found
    actions.setHandFromRecognition({ closed: '456s55p44z555z9999m', winTile: '9m' });
    const html = render();
    expect(html).toContain('data-code="NOT_A_WINNING_HAND"');
    expect(html).toContain('Four identical tiles in the hand: if they are a kan, make them one.');
    expect(html).toContain('Make the four 9 Characters a closed kan');
    actions.setHandFromRecognition({ closed: '234m567p345s5688s7s', winTile: '7s' });
    expect(render()).not.toContain('make-kan');
  });

  it('lists the one-tile changes that make a hand that does not win a winning one, in English and French', () => {
    setLang('en');
    actions.setHandFromRecognition({ closed: '123m456m789m969s55z', winTile: '9s' }); // the 14 tiles, the winning one among them
    const html = render();
    expect(html).toContain('data-code="NOT_A_WINNING_HAND"');
    expect(html).toContain('One tile changed makes it a winning hand');
    expect([...html.matchAll(/data-testid="change-tile" data-change="([^"]+)"/g)].map((m) => m[1])).toEqual(['6s&gt;9s', '6s&gt;5z']);
    expect(html).toContain('6 Bamboo → 9 Bamboo');
    setLang('fr');
    expect(render()).toContain('Une tuile changée en fait une main gagnante');
    setLang('en');
    // no single change: no such line (two tiles wrong)
    actions.setHandFromRecognition({ closed: '123m456m789m969s54z', winTile: '9s' });
    const two = render();
    expect(two).toContain('data-code="NOT_A_WINNING_HAND"');
    expect(two).not.toContain('one-tile-changes');
  });

  it('shows stacked yakuman by name (a quintuple under Mahjong Soul, a double daisuushii under EMA 2012); a kazoe hand keeps its fan', () => {
    // 111z 222z 333z 444z 5z tanki, self-drawn by the dealer: suuankou tanki (2) + tsuuiisou (1) + daisuushii (2)
    actions.setHandFromRecognition({ closed: '111z222z333z444z5z5z', winTile: '5z', melds: [] });
    actions.setSituation({ tsumo: true, riichi: false, seat_wind: 'E', round_wind: 'E', dora_indicators: [], rules: 'mahjongsoul' });
    const stacked = render();
    expect(stacked).toContain('data-total="240000"');
    expect(stacked).toContain('data-testid="limit"> · Quintuple yakuman<');
    expect(stacked).toMatch(/data-testid="han-fu">Yakuman added up: fan and fu no longer count</);
    expect(stacked).toMatch(/data-yaku="suuankou".*?<span class="yaku-han">double yakuman</);
    expect(stacked).toMatch(/data-yaku="tsuuiisou".*?<span class="yaku-han">yakuman</);
    setLang('fr');
    expect(render()).toContain('Quintuple yakuman');
    setLang('en');
    actions.setSituation({ rules: 'ema2012' });
    const double = render();
    expect(double).toContain('data-testid="limit"> · Double yakuman<');
    expect(double).toMatch(/data-yaku="daisuushii".*?<span class="yaku-han">double yakuman</);
    actions.setSituation({ tsumo: false, seat_wind: 'S', rules: 'ema' });
    // a hand counted up to a yakuman (kazoe, EMA 2012): its ordinary yaku keep their fan
    actions.setHandFromRecognition({ closed: '2233445566778m8m', winTile: '8m', melds: [] });
    actions.setSituation({ tsumo: true, riichi: true, seat_wind: 'S', dora_indicators: ['1m'], ura_indicators: ['1m'], rules: 'ema2012' });
    const kazoe = render();
    expect(kazoe).toContain('data-testid="limit"> · Yakuman<');
    // and its fan count is the reason it is one, said on the line below (it repeated "Yakuman")
    expect(kazoe).toMatch(/data-testid="han-fu">\d+ fan, counted as a yakuman \(kazoe\)</);
    expect(kazoe).toMatch(/data-yaku="chinitsu".*?<span class="yaku-han">6 fan</);
    expect(kazoe).toMatch(/data-yaku="riichi".*?<span class="yaku-han">1 fan</);
    actions.setSituation({ tsumo: false, riichi: false, dora_indicators: [], ura_indicators: [], rules: 'ema' });
    // every limit the engine can return has a name in both languages
    for (const lang of ['en', 'fr'] as const) for (const limit of [...LIMIT_NAMES, ...YAKUMAN_LIMITS]) expect(engineTexts(lang).limitName(limit)).not.toBe(limit);
  });

  it('says under ron / tsumo what the score takes for granted: seat and round winds and riichi', () => {
    setLang('en');
    actions.openLink('#/hand?c=234m567p345s5688s&w=7s');
    const summary = (html: string) => /data-testid="situation-summary">([^<]*)</.exec(html)?.[1]?.trim();
    expect(summary(render())).toBe('Seat South, round East; no riichi; EMA 2016.');
    actions.setSituation({ seat_wind: 'E', riichi: true, ippatsu: true });
    expect(summary(render())).toBe('Seat East (dealer), round East; Riichi, Ippatsu; EMA 2016.');
    setLang('fr');
    expect(summary(render())).toBe('Siège Est (donneur), tour Est\u00a0; Riichi, Ippatsu\u00a0; EMA 2016.');
    setLang('en');
    // the rule book, which can turn 7,700 into 8,000, is named where the score is
    actions.setSituation({ rules: 'mleague' });
    expect(summary(render())).toBe('Seat East (dealer), round East; Riichi, Ippatsu; M-League.');
    actions.setSituation({ seat_wind: 'S', riichi: false, ippatsu: false, rules: 'ema' });
  });

  it('says in the result what keeps a complete hand from its score, an indicator problem included', () => {
    setLang('en');
    // two indicators, no kan in the hand (another player's kan): scored
    actions.openLink('#/hand?c=234m567p678s22s34p&w=5p&f=riichi&d=1m4z');
    expect(render()).toContain('data-testid="score"');
    actions.openLink('#/hand?c=234m567p678s22s34p&w=5p&f=riichi&d=1m4z1p9s9p8p');
    const html = render();
    const result = html.slice(html.indexOf('data-testid="result"'));
    expect(result).toContain('To see the score, first fix:');
    expect(result).toMatch(/data-testid="result-problems"><li class="problem" data-problem="too-many-indicators">6 indicators: there are at most 5/);
  });

  it('suggests tanyao for an open hand without a yaku only where the rules count open tanyao', () => {
    setLang('en');
    actions.openLink('#/hand?c=567p234s67s55p&w=8s&m=chi:234m:0&rules=ema2012');
    const kuitanNashi = render();
    expect(kuitanNashi).toContain('These rules count tanyao (only tiles 2 to 8) only in a closed hand.');
    expect(kuitanNashi).not.toContain('only tiles 2 to 8 (tanyao)');
    // under EMA 2016 that hand is an open tanyao; one with a terminal pair has no yaku, and gets the advice
    actions.openLink('#/hand?c=567p234s67s99p&w=8s&m=chi:234m:0&rules=ema');
    expect(render()).toContain('only tiles 2 to 8 (tanyao)');
  });

  it('says renhou is a mangan only where it is one (a yakuman under EMA 2012), and that Tenhou has none', () => {
    setLang('en');
    actions.openLink('#/hand?c=23m567p789s22s666z&w=4m&f=renhou&rules=ema2012');
    const yakuman = render();
    expect(yakuman).toMatch(/data-yaku="renhou"/);
    expect(yakuman).toContain('won on a discard before the first draw, no call made');
    expect(yakuman).not.toContain('(a mangan, not added to other yaku)');
    actions.openLink('#/hand?c=23m567p789s22s666z&w=4m&f=renhou&rules=ema');
    expect(render()).toContain('(a mangan, not added to other yaku)');
    actions.openLink('#/hand?c=23m567p789s22s666z&w=4m&f=renhou&rules=tenhou');
    expect(render()).toContain('these rules have no renhou (the hand counts only its other yaku)');
  });

  it('names the parts of a link it could not read, until the player dismisses it; a good link says nothing', () => {
    setLang('en');
    actions.openLink('#/hand?c=toString&w=8s&d=constructor');
    const html = render();
    expect(html).toContain('data-testid="link-unread"');
    expect(html).toContain('Part of this link could not be read and was set back to its default: the tiles of the hand, the dora indicators.');
    expect(dataTiles(html, 'hand-win')).toEqual(['8s']);
    setLang('fr');
    expect(render()).toContain('les tuiles de la main, les indicateurs de dora');
    setLang('en');
    actions.dismissUnreadLink();
    expect(render()).not.toContain('link-unread');
    actions.openLink('#/hand?c=234567m234p5688s&w=8s');
    expect(render()).not.toContain('link-unread');
    actions.setHand({ closed: [], melds: [], winTile: null });
  });
  it('names how the last win was won when a new photo\'s hand arrives, and clears or keeps it at the player\'s word', () => {
    setLang('en');
    const hand = { closed: '234m067p345s5688s7s', winTile: '7s' as const, melds: [] };
    actions.setSituation({ tsumo: true, riichi: true, ippatsu: true, seat_wind: 'E', honba: 2, dora_indicators: ['4s'], ura_indicators: ['1m'] });
    actions.setHandFromRecognition(hand, { newPhoto: true });
    const html = render();
    expect(html).toContain('data-testid="kept-from-before"');
    expect(html).toContain('Set before this photo, and kept for its hand: Tsumo (self-drawn), Riichi, Ippatsu, Ura dora indicators.');
    // kept until the player answers: the score counts them
    expect(getState().situation).toMatchObject({ tsumo: true, riichi: true, ippatsu: true, ura_indicators: ['1m'] });
    // a part the player clears by hand leaves the notice
    actions.setSituation({ ippatsu: false });
    expect(render()).toContain('kept for its hand: Tsumo (self-drawn), Riichi, Ura dora indicators.');
    setLang('fr');
    expect(render()).toContain('Réglé avant cette photo, et gardé pour sa main');
    setLang('en');
    actions.clearKeptFromBefore();
    expect(render()).not.toContain('kept-from-before');
    // cleared: the win parts only; the winds, counters and dora of the table stay
    expect(getState().situation).toMatchObject({ tsumo: false, riichi: false, ippatsu: false, ura_indicators: [], seat_wind: 'E', honba: 2, dora_indicators: ['4s'] });

    // the same photo handed over again after a fix: the flags are this hand's, nothing is said
    actions.setSituation({ riichi: true });
    actions.setHandFromRecognition(hand);
    expect(render()).not.toContain('kept-from-before');
    // "Keep them": the notice goes, the flags stay
    actions.setHandFromRecognition(hand, { newPhoto: true });
    expect(render()).toContain('kept for its hand: Riichi.');
    actions.keepFromBefore();
    expect(render()).not.toContain('kept-from-before');
    expect(getState().situation.riichi).toBe(true);
    // "Clear hand" starts another hand too: what is still set is named the same way
    actions.setSituation({ tsumo: true });
    actions.clearHand();
    expect(getState().hand.closed).toEqual([]);
    expect(render()).toContain('Still set from the hand you cleared: Tsumo (self-drawn), Riichi.');
    actions.clearKeptFromBefore();
    expect(getState().situation).toMatchObject({ tsumo: false, riichi: false });
    // nothing set before: nothing said
    actions.setSituation({ riichi: false, seat_wind: 'S', honba: 0, dora_indicators: [] });
    actions.setHandFromRecognition(hand, { newPhoto: true });
    expect(render()).not.toContain('kept-from-before');
  });
});
