// Hand notation (documented in src/engine/notation.ts and README.md) and the explained score in English and French.
import { describe, expect, it } from 'vitest';
import { errorMessage, explainScore, formatHand, fuNotes, normalizeHandText, parseHand, parseTiles, formatTiles, scoreHand, tryParseHand, yakuName, YAKU, YAKUMAN, MESSAGES, YAKU_JAPANESE } from '../../src/engine/index.ts';

describe('tile notation', () => {
  it('parses and prints the standard notation, 0 = red five', () => {
    expect(parseTiles('123m406p')).toEqual(['1m', '2m', '3m', '4p', '0p', '6p']);
    expect(formatTiles(['1m', '2m', '3m', '4p', '0p', '6p'])).toBe('123m406p');
    expect(parseTiles('1 2 3m 77z')).toEqual(['1m', '2m', '3m', '7z', '7z']);
    expect(() => parseTiles('8z')).toThrow(/Unknown tile/);
  });
});

describe('hand notation', () => {
  it('melds in brackets, winning tile after +', () => {
    expect(parseHand('234m067p11z55s [345s] +5s')).toEqual({
      closed: '234m067p11z555s', melds: [{ type: 'chi', tiles: '345s' }], win_tile: '5s',
    });
    expect(parseHand('123m (1111z) {5555s} [777p] [2222m] 9p +9p').melds).toEqual([
      { type: 'kan-closed', tiles: '1111z' }, { type: 'kan-added', tiles: '5555s' }, { type: 'pon', tiles: '777p' }, { type: 'kan-open', tiles: '2222m' },
    ]);
  });
  it('without +, the last concealed tile is the winning tile', () => {
    expect(parseHand('123m456p789s23s99m4s')).toMatchObject({ win_tile: '4s', closed: '123m456p78923s99m4s' });
  });
  it('prints back with the winning tile after +', () => {
    const h = parseHand('234m067p11z55s [345s] +5s');
    expect(formatHand(h)).toBe('234m067p11z55s [345s] +5s');
    expect(parseHand(formatHand(h))).toEqual(h);
  });
  it('syntax errors are results, not exceptions, in tryParseHand', () => {
    expect(tryParseHand('123m [456p')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(tryParseHand('123m +')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(tryParseHand('123m +5p +6p')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(tryParseHand('12x')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TILE' } });
  });
  it('says a syntax error in the message\'s language, the English message as before', () => {
    const cases: [string, string, string][] = [
      ['123m [456p', 'expected a closing "]" after "[".', 'attendu un «\u00a0]\u00a0» qui ferme le «\u00a0[\u00a0».'],
      ['123m 456p]', 'expected no "]" without its opening bracket.', 'attendu un crochet ouvrant avant «\u00a0]\u00a0».'],
      ['123m +', 'expected one tile after "+", e.g. +5p.', 'attendu une tuile après «\u00a0+\u00a0», par exemple +5p.'],
      ['123m +5p +6p', 'expected only one winning tile after "+".', 'attendu une seule tuile gagnante après «\u00a0+\u00a0».'],
      ['[123m]', 'expected at least the winning tile.', 'attendu au moins la tuile gagnante.'],
    ];
    for (const [text, en, fr] of cases) {
      const r = tryParseHand(text);
      if (r.ok) throw new Error(text);
      expect(r.error.message).toBe(`Invalid input: hand is ${JSON.stringify(text)}, ${en}`);
      expect(errorMessage(r.error.code, r.error.params, 'en')).toBe(r.error.message);
      expect(errorMessage(r.error.code, r.error.params, 'fr')).toBe(`Entrée invalide\u00a0: hand vaut ${JSON.stringify(text)}, ${fr}`);
    }
  });
  it('reads hand text as people type or paste it: full-width, capitals, the Unicode mahjong tiles', () => {
    expect(normalizeHandText('１２３ｍ４５６Ｐ７８９ｓ　１１ｚ　［２３４Ｓ］＋５ｓ')).toBe('123m456p789s 11z [234s]+5s');
    expect(normalizeHandText('123M456P789S11Z234S')).toBe('123m456p789s11z234s');
    // winds, Red, Green, White (an emoji's variation selector dropped), then man, sou, pin
    expect(normalizeHandText('🀀🀁🀂🀃🀄️🀅🀆')).toBe('1z2z3z4z7z6z5z');
    expect(normalizeHandText('🀇🀏🀐🀘🀙🀡')).toBe('1m9m1s9s1p9p');
    // the honours in kanji, as painted on the tiles (発 in today's script as well as 發)
    expect(normalizeHandText('東南西北白發中発')).toBe('1z2z3z4z5z6z7z6z');
    expect(parseHand(normalizeHandText('123m456p789s東東 中中中 +東'))).toEqual(parseHand('123m456p789s11z777z +1z'));
    expect(parseHand(normalizeHandText('🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀄🀄 +🀄'))).toEqual(parseHand('123m123p123s11z77z +7z'));
    // anything else is left for the parser, which names the whole character (not half of a surrogate pair)
    expect(normalizeHandText('123x 🀢')).toBe('123x 🀢');
    const flower = tryParseHand(normalizeHandText('🀢'));
    expect(!flower.ok && flower.error.message).toBe('Unknown tile text "🀢" at position 0 in "🀢" (tiles are digits followed by m, p, s or z; 0 is a red five; honours are 1z-7z).');
  });
});

describe('explanation', () => {
  // scored under EMA 2012, whose red fives count (EMA 2016 has none: see "a red five under ema" below)
  const r = scoreHand({ ...parseHand('222m 456p 789s 33s 0m5m +3s'), seat_wind: 'S', riichi: true, dora_indicators: '1m', honba: 1, riichi_sticks: 1 }, 'ema2012');
  it('structured: yaku with reasons, fu items with tiles, limit, who pays what', () => {
    if (!r.ok) throw new Error(r.error.message);
    expect(r.explanation.yaku.map((y) => y.id)).toEqual(['riichi', 'dora', 'aka_dora']);
    expect(r.explanation.fu).toEqual([
      { id: 'base', fu: 20 }, { id: 'closed_ron', fu: 10 }, { id: 'pung_concealed_simple', fu: 4, tiles: '222m' },
      { id: 'pung_ron_simple', fu: 2, tiles: '333s' }, { id: 'rounding', fu: 4 },
    ]);
    expect(r.explanation.limit).toBe('mangan');
    expect(r.payment).toEqual({ from_discarder: 8300 });
    expect(r.total_gain).toBe(9300);
  });
  it('English lines', () => {
    expect(explainScore(r, 'en')).toEqual([
      'Reading: 222m 456p 333s 789s + pair 55m, double pair wait',
      'Riichi (立直): 1 fan, riichi declared with a closed hand',
      'Dora (ドラ): 3 fan, 3 dora in the hand (indicators 1m, dora 2m)',
      'Red fives (赤ドラ): 1 fan, 1 red five in the hand (0m)',
      'Minipoints (fu):',
      '  20 base for winning',
      '  +10 concealed hand won on a discard',
      '  +4 concealed pung of simples 222m',
      '  +2 pung of simples 333s completed by a discard (counts as open)',
      '  +4 rounded up to the next 10',
      '  = 40 fu',
      'Total: 5 fan, Mangan (base 2000 points)',
      '  Base points: Mangan, 2000',
      '  The discarder: 4 × 2000 = 8000, + 300 for the counters',
      'Non-dealer on a discard: the discarder pays 8300 (including 1 counter)',
      'plus 1 riichi bet on the table: 1000',
      'The winner receives 9300 in all.',
      'Rules: EMA 2012',
    ]);
  });
  it('counts said with their plural: 2 counters, 2 riichi bets, 2 red fives (English and French)', () => {
    const two = scoreHand({ ...parseHand('222m 406p 789s 33s 0m5m +3s'), seat_wind: 'S', riichi: true, dora_indicators: '1m', honba: 2, riichi_sticks: 2 });
    if (!two.ok) throw new Error(two.error.message);
    expect(two.red_fives_plain).toBe(2);
    const en = explainScore(two, 'en');
    expect(en).toContain('Non-dealer on a discard: the discarder pays 8600 (including 2 counters)');
    expect(en).toContain('plus 2 riichi bets on the table: 2000');
    expect(en).toContain('2 red fives scored as plain fives: these rules have no red fives');
    const fr = explainScore(two, 'fr').join('\n');
    expect(fr).toContain('dont 2 compteurs');
    expect(fr).toContain('plus 2 mises de riichi sur la table');
    expect(fr).toContain('2 cinq rouges comptés comme cinq ordinaires');
  });
  it('a red five under ema (EMA 2016) is scored as a plain five, and the result says so', () => {
    const e = scoreHand({ ...parseHand('222m 456p 789s 33s 0m5m +3s'), seat_wind: 'S', riichi: true, dora_indicators: '1m', honba: 1, riichi_sticks: 1 });
    if (!e.ok) throw new Error(e.error.message);
    expect(e.explanation.yaku.map((y) => y.id)).toEqual(['riichi', 'dora']);
    expect(e.han).toBe(4);
    expect(e.payment).toEqual({ from_discarder: 8000 + 300 }); // 4 fan 40 fu: a mangan anyway
    expect(e.red_fives_plain).toBe(1);
    expect(e.explanation.red_fives_plain).toBe(1);
    expect(e.explanation.rules_label).toBe('EMA 2016');
    const lines = explainScore(e, 'en');
    expect(lines).toContain('1 red five scored as plain five: these rules have no red fives');
    expect(lines[lines.length - 1]).toBe('Rules: EMA 2016');
    expect(explainScore(e, 'fr')).toContain('1 cinq rouge compté comme cinq ordinaire\u00a0: ces règles n’ont pas de cinq rouges');
    // no red five in the hand: nothing said
    const plain = scoreHand({ ...parseHand('123m 456p 789s 23s 99m +4s'), riichi: true });
    expect(plain.ok && plain.red_fives_plain).toBeUndefined();
  });
  it('French lines', () => {
    const fr = explainScore(r, 'fr');
    expect(fr[1]).toBe('Riichi (立直)\u00a0: 1 han, riichi déclaré avec une main cachée');
    expect(fr).toContain('  +2 pung de simples 333s complété sur un écart (compte comme exposé)');
    expect(fr.at(-2)).toBe('Le gagnant reçoit 9300 au total.');
  });
  it('a yaku worth one fan less open says what it counts in a closed hand; other yaku and closed hands do not', () => {
    const open = explainScore(scoreHand({ ...parseHand('123s 456s 11z 22z [789s] +2z'), seat_wind: 'S' }));
    expect(open).toContain('Ittsu (一気通貫): 1 fan (2 in a closed hand), chows 123, 456 and 789 in bamboo (sou)');
    expect(open).toContain('Honitsu (混一色): 2 fan (3 in a closed hand), one suit (bamboo (sou)) plus honours');
    expect(explainScore(scoreHand({ ...parseHand('123s 456s 11z 22z [789s] +2z'), seat_wind: 'S' }), 'fr')).toContain(
      'Ittsu (一気通貫)\u00a0: 1 han (2 en main fermée), chows 123, 456 et 789 en bambous (sou)',
    );
    // the same hand closed: 2 and 3 fan, nothing added
    const closed = explainScore(scoreHand({ ...parseHand('123s 456s 789s 11z 22z +2z'), seat_wind: 'S', riichi: true }));
    expect(closed).toContain('Ittsu (一気通貫): 2 fan, chows 123, 456 and 789 in bamboo (sou)');
    expect(closed.join('\n')).not.toContain('closed hand)');
    // open sanshoku and chinitsu say it; toitoi and yakuhai, worth the same open, do not
    const sanshoku = explainScore(scoreHand({ ...parseHand('234m 234p 55z 99s [234s] +5z'), seat_wind: 'S' }));
    expect(sanshoku).toContain('Sanshoku doujun (三色同順): 1 fan (2 in a closed hand), the chow 234 in all three suits');
    expect(explainScore(scoreHand({ ...parseHand('1112345688m [789m] +7m'), seat_wind: 'S' })).filter((l) => l.startsWith('Chinitsu'))[0]).toMatch(/^Chinitsu \(清一色\): 5 fan \(6 in a closed hand\)/);
    const toitoi = explainScore(scoreHand({ ...parseHand('111m 999p 55s 77z [222z] +7z'), seat_wind: 'S' }));
    expect(toitoi.filter((l) => /closed hand\)/.test(l))).toEqual([]);
    expect(toitoi.some((l) => l.startsWith('Toitoi'))).toBe(true);
  });
  it('pinfu won by self-draw says why self-draw adds no 2 fu; by a discard, or self-draw without pinfu, nothing is added', () => {
    const hand = parseHand('234m 567p 345s 56s 88p +7s');
    const tsumo = scoreHand({ ...hand, seat_wind: 'S', riichi: true, tsumo: true });
    expect(tsumo.ok && tsumo.fu).toBe(20);
    expect(fuNotes(tsumo)).toEqual([{ id: 'pinfu_tsumo', fu: 0 }]);
    expect(explainScore(tsumo)).toContain('  +0 self-draw with pinfu: no 2 fu (a pinfu hand won by self-draw counts 20 fu)');
    expect(explainScore(tsumo, 'fr')).toContain('  +0 tsumo avec le pinfu\u00a0: pas de 2 minipoints (un pinfu gagné en tsumo compte 20 minipoints)');
    expect(fuNotes(scoreHand({ ...hand, seat_wind: 'S', riichi: true }))).toEqual([]);
    // self-draw on a closed wait: no pinfu, and the 2 fu for self-draw are there
    const closedWait = scoreHand({ ...parseHand('234m 567p 345s 57s 88p +6s'), seat_wind: 'S', riichi: true, tsumo: true });
    expect(fuNotes(closedWait)).toEqual([]);
    expect(closedWait.ok && closedWait.explanation.fu.map((f) => f.id)).toContain('tsumo');
  });
  it('a yakuman yaku is said as yakuman or double yakuman, not 13 or 26 fan; stacked ones too', () => {
    const hand = { ...parseHand('111z222z333z444z5z +5z'), tsumo: true, seat_wind: 'E' as const };
    const stacked = scoreHand({ ...hand, rules: 'mahjongsoul' });
    const en = explainScore(stacked);
    expect(en.slice(1, 4)).toEqual([
      'Suuankou (四暗刻): double yakuman, four concealed pungs or kongs',
      'Tsuuiisou (字一色): yakuman, only honours',
      'Daisuushii (大四喜): double yakuman, pungs of all four winds',
    ]);
    // counted in yakuman, not fan: "65 fan" means nothing for a yakuman hand
    expect(en).toContain('Total: Quintuple yakuman (base 40000 points)');
    expect(explainScore(scoreHand({ ...hand, rules: 'ema2012' }), 'fr')[1]).toBe('Daisuushii (大四喜)\u00a0: double yakuman, pungs des quatre vents');
    // a hand of ordinary yaku worth 13 fan or more (kazoe) keeps its fan
    const kazoe = explainScore(scoreHand({ ...parseHand('2233445566778m +8m'), riichi: true, tsumo: true, dora_indicators: '1m', ura_indicators: '1m', rules: 'ema2012' }));
    expect(kazoe).toContain('Chinitsu (清一色): 6 fan, only tiles of one suit (characters (man))');
    expect(kazoe).toContain('Total: 17 fan, Yakuman (base 8000 points)');
    expect(kazoe.filter((l) => /yakuman,/.test(l))).toEqual([]);
  });
  it('every yaku has an English and French name and reason and a Japanese name', () => {
    for (const y of [...YAKU, ...YAKUMAN]) {
      for (const lang of ['en', 'fr'] as const) {
        expect(MESSAGES[lang].yaku[y.id]?.name, `${lang} ${y.id}`).toBeTruthy();
        expect(MESSAGES[lang].yaku[y.id]?.reason, `${lang} ${y.id}`).toBeTruthy();
      }
      expect(YAKU_JAPANESE[y.id], y.id).toBeTruthy();
    }
    expect(yakuName('pinfu', 'fr')).toEqual({ name: 'Pinfu', japanese: '平和' });
  });
});
