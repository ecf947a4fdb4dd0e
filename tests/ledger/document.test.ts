import { describe, expect, it } from 'vitest';
import { createGame, exportCsv, exportJson, importJson, importRefusalText, newDocument, type GameDocument, type ImportRefusal, type LedgerEvent } from '../../src/engine/ledger/index.ts';

function sampleGame(): GameDocument {
  const doc = newDocument('game-1', createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri, Jr.'], rules: 'ema2012' }), new Date('2026-11-29T10:00:00Z'));
  const events: LedgerEvent[] = [
    { type: 'win', discarder: 1, winners: [{ player: 0, han: 2, fu: 30 }] },
    { type: 'riichi', player: 2 },
    { type: 'draw', tenpai: [0, 2] },
    { type: 'win', winners: [{ player: 3, han: 1, fu: 30, limit: 'mangan', yaku: [{ id: 'renhou', han: 0 }], hand: '123m456p789s11z' }] },
  ];
  return { ...doc, events };
}

describe('JSON export and import', () => {
  it('refuses a name longer than a game takes, saying the limit and the length found', () => {
    const doc = sampleGame();
    const long = JSON.parse(exportJson(doc)) as { setup: { players: string[] } };
    long.setup.players[0] = 'Z'.repeat(100);
    const result = importJson(JSON.stringify(long));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain('expected a name of 1 to 60 characters, found \\"ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ…\\" (100 characters)');
  });

  it('round-trips a game', () => {
    const doc = sampleGame();
    const result = importJson(exportJson(doc));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.game).toEqual(doc);
    // Dealer ron 2900; draw (Aiko, Chloé tenpai; Chloé's bet on the table); Dmitri's mangan tsumo
    // with 2 counters: 4200 from the dealer, 2200 from each other player, plus the bet.
    expect(result.state.points).toEqual([30200, 23400, 28300, 38100]);
  });

  it('keeps players named like JavaScript built-ins (constructor, __proto__...) as plain names', () => {
    const players = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const doc: GameDocument = {
      ...newDocument('built-ins', createGame({ players, rules: 'ema' }), new Date('2026-11-29T10:00:00Z')),
      events: [{ type: 'win', discarder: 1, winners: [{ player: 0, han: 3, fu: 30 }] }],
    };
    const result = importJson(exportJson(doc));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.game.setup.players).toEqual(players);
    expect(Object.getPrototypeOf(result.game.setup)).toBe(Object.prototype); // "__proto__" did not become a prototype
    // the dealer's 3 fan 30 fu ron: 5,800 from __proto__
    expect(result.state.points).toEqual([35800, 24200, 30000, 30000]);
    expect(exportCsv(doc, 'en')).toContain("ron on __proto__'s discard: constructor 3 fan 30 fu");
  });

  // what was wrong, the English message, and the French one the app shows (importRefusalText)
  const refusals: [string, (doc: Record<string, unknown>) => unknown, ImportRefusal['kind'], RegExp, RegExp][] = [
    ['not JSON at all', () => '{"format": "riichi-lens-ledger", "version": 1,', 'not_json', /not valid JSON/, /^Ce n’est pas un fichier de partie fait par «\u00a0Exporter en JSON\u00a0» \(JSON non valide/],
    ['the CSV export', () => 'Riichi Lens ledger,EMA 2016\r\nPlayers,Aiko,Bruno', 'not_json', /A CSV export is for reading only: import the JSON export\.$/, /Un export CSV sert à la lecture seulement/],
    ['another kind of file', () => ({ hello: 'world' }), 'not_a_game', /format.*not a Riichi Lens game file/, /^Ce fichier n’est pas une partie de Riichi Lens\.$/],
    ['a JSON list', () => [1, 2], 'not_a_game', /expected a Riichi Lens game \(a JSON object\)/, /^Ce fichier n’est pas une partie de Riichi Lens\.$/],
    ['a newer version', (d) => ({ ...d, version: 7 }), 'version', /versions 1 and 2, the file has 7/, /^Ce fichier de partie est en version 7, .*les versions 1 et 2\)\u00a0: mettez-la à jour\.$/],
    ['a missing player', (d) => ({ ...d, setup: { ...(d.setup as object), players: ['a', 'b', 'c'] } }), 'damaged', /setup\.players: expected a list of 4 names/, /^Le fichier de partie est endommagé .* Détail technique\u00a0: setup\.players: expected a list of 4 names/],
    ['an unknown rule option', (d) => ({ ...d, setup: { ...(d.setup as object), rules: { ...((d.setup as { rules: object }).rules), kiriage: true } } }), 'damaged', /setup\.rules\.kiriage: is not a known rule option/, /setup\.rules\.kiriage/],
    ['a bad option value', (d) => ({ ...d, setup: { ...(d.setup as object), rules: { ...((d.setup as { rules: object }).rules), multipleRon: 'double' } } }), 'damaged', /multipleRon/, /multipleRon/],
    ['fan as text', (d) => ({ ...d, events: [{ type: 'win', discarder: 1, winners: [{ player: 0, han: '2', fu: 30 }] }] }), 'damaged', /events\[0\]\.winners\[0\]\.han: expected a whole number/, /events\[0\]\.winners\[0\]\.han/],
    ['a fifth player', (d) => ({ ...d, events: [{ type: 'riichi', player: 4 }] }), 'damaged', /events\[0\]\.player: expected a player number 0-3, found 4/, /events\[0\]\.player/],
    ['an unknown entry type', (d) => ({ ...d, events: [{ type: 'abort' }] }), 'damaged', /events\[0\]\.type: expected "riichi", "win", "draw", "chombo" or "abortive"/, /events\[0\]\.type/],
    ['fu that the table does not have', (d) => ({ ...d, events: [{ type: 'win', discarder: 1, winners: [{ player: 0, han: 2, fu: 35 }] }] }), 'invalid_game', /Entry 1: Aiko: .*fu/, /^Les entrées ne forment pas une partie valide\. Entrée 1\u00a0: /],
    ['an entry after the end of the game', (d) => ({ ...d, events: [...Array.from({ length: 8 }, () => ({ type: 'draw', tenpai: [] })), { type: 'riichi', player: 0 }] }), 'invalid_game', /Entry 9: the game is over/, /Entrée 9\u00a0: la partie est terminée/],
    ['a noten riichi', (d) => ({ ...d, events: [{ type: 'riichi', player: 1 }, { type: 'draw', tenpai: [] }] }), 'invalid_game', /Entry 2: Bruno declared riichi/, /Entrée 2\u00a0: Bruno/],
    ['a bad date', (d) => ({ ...d, createdAt: 'yesterday' }), 'damaged', /createdAt: expected a date/, /createdAt/],
    ['an unexpected field', (d) => ({ ...d, owner: 'me' }), 'damaged', /file\.owner: is not a field/, /file\.owner/],
  ];
  for (const [what, corrupt, kind, message, french] of refusals) {
    it(`refuses ${what} with a clear message, in English and in French`, () => {
      const base = JSON.parse(exportJson(sampleGame())) as Record<string, unknown>;
      const bad = corrupt(base);
      const result = importJson(typeof bad === 'string' ? bad : JSON.stringify(bad));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toMatch(message);
      expect(result.refusal.kind).toBe(kind);
      // the English sentence is the error itself; the French one says the same for a player
      expect(importRefusalText(result.refusal, 'en')).toBe(result.error);
      expect(importRefusalText(result.refusal, 'fr')).toMatch(french);
    });
  }

  it('refuses empty and truncated files', () => {
    expect(importJson('')).toEqual({ ok: false, error: 'The file is empty.', refusal: { kind: 'empty' } });
    expect(importRefusalText({ kind: 'empty' }, 'fr')).toBe('Le fichier est vide.');
    const text = exportJson(sampleGame());
    expect(importJson(text.slice(0, text.length / 2)).ok).toBe(false);
  });
});

/** Cells of a CSV sheet (quotes removed) that a spreadsheet would take for a formula: text after = + @, or - not a number. */
function csvCellsStartingWithFormula(csv: string): string[] {
  const cells = csv.split('\r\n').flatMap((line) => line.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g) ?? []);
  return cells.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')).filter((c) => /^[=+@]/.test(c) || (/^-/.test(c) && !/^-\d+(\.\d+)?$/.test(c)));
}

describe('CSV score sheet', () => {
  it('lists every hand with the deltas and the running points, quoting names with commas', () => {
    const csv = exportCsv(sampleGame());
    const lines = csv.trimEnd().split('\r\n');
    // the sheet says its rules in player words first
    expect(lines.shift()).toBe('Rules,EMA 2012');
    expect(lines[0]).toBe('Hand,Round,Dealer,Result,Aiko +/-,Bruno +/-,Chloé +/-,"Dmitri, Jr. +/-",Aiko points,Bruno points,Chloé points,"Dmitri, Jr. points"');
    expect(lines[2]).toBe("1,East 1,Aiko,ron on Bruno's discard: Aiko 2 fan 30 fu,2900,-2900,0,0,32900,27100,30000,30000");
    expect(lines[3]).toBe('2,"East 1, 1 counter",Aiko,"exhaustive draw, tenpai: Aiko, Chloé (riichi: Chloé)",1500,-1500,500,-1500,34400,25600,30500,28500');
    expect(lines[4]).toContain('3,"East 1, 2 counters",Aiko,"Dmitri, Jr. tsumo, mangan"');
    expect(csv).toContain('Game in progress,East 2');
  });

  it('names abortive draws in words and says why the game ended', () => {
    const setup = createGame({ players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], rules: 'tenhou' });
    // a four-winds abortive draw, then Bruno's dealer yakuman on Aiko puts her below zero
    const events: LedgerEvent[] = [{ type: 'abortive', kind: 'four-winds' }, { type: 'draw', tenpai: [] }, { type: 'win', discarder: 0, winners: [{ player: 1, han: 13, fu: 30, limit: 'yakuman' }] }];
    const csv = exportCsv({ ...newDocument('t', setup, new Date(Date.UTC(2026, 11, 7))), events });
    expect(csv).toContain('abortive draw (four same winds)');
    expect(csv).not.toContain('four-winds');
    expect(csv).toContain('\r\nGame over,a player below zero\r\n');
    expect(exportCsv({ ...newDocument('t', setup, new Date(Date.UTC(2026, 11, 7))), events }, 'fr')).toContain('donne annulée (quatre vents identiques)');
  });

  it('writes a name that a spreadsheet would read as a formula as text (leading apostrophe), numbers as numbers', () => {
    const setup = createGame({ players: ['=HYPERLINK("http://x","y")', '+Bruno', '@Chloé', '-Dmitri'], rules: 'ema' });
    const doc = { ...newDocument('f', setup, new Date(Date.UTC(2026, 11, 5))), events: [{ type: 'win', discarder: 1, winners: [{ player: 0, han: 2, fu: 30 }] }] as LedgerEvent[] };
    const lines = exportCsv(doc).trimEnd().split('\r\n');
    expect(lines[1]).toBe(`Hand,Round,Dealer,Result,"'=HYPERLINK(""http://x"",""y"") +/-",'+Bruno +/-,'@Chloé +/-,'-Dmitri +/-,"'=HYPERLINK(""http://x"",""y"") points",'+Bruno points,'@Chloé points,'-Dmitri points`);
    // the dealer's name and the result start with the name too; the deltas stay numbers (-2900, not '-2900)
    expect(lines[3]).toMatch(/^1,East 1,"'=HYPERLINK\(""http:\/\/x"",""y""\)","ron on \+Bruno's discard: .*",2900,-2900,0,0,32900,27100,30000,30000$/);
    expect(csvCellsStartingWithFormula(exportCsv(doc))).toEqual([]);
  });

  it('can be written in French, as French spreadsheets read it (semicolons, a decimal comma)', () => {
    const lines = exportCsv(sampleGame(), 'fr').trimEnd().split('\r\n');
    expect(lines.shift()).toBe('Règles;EMA 2012');
    expect(lines[0]!.startsWith('Main;Tour;Donneur;Résultat;Aiko +/-')).toBe(true);
    expect(lines[3]).toBe('2;Est 1, 1 compteur;Aiko;mur épuisé, tenpai\u00a0: Aiko, Chloé (riichi\u00a0: Chloé);1500;-1500;500;-1500;34400;25600;30500;28500');
    expect(lines.at(-1)).toBe('Partie en cours;Est 2');
    // "de" elided before Aiko (it read "l’écart de Aiko"); the final table's words are the screen's
    const game = createGame({ players: ['Bruno', 'Aiko', 'Chloé', 'Dmitri'], rules: 'ema' });
    const doc = { ...newDocument('game-2', game, new Date('2026-11-29T10:00:00Z')), events: [{ type: 'win', discarder: 1, winners: [{ player: 0, han: 2, fu: 30 }] }] as LedgerEvent[] };
    expect(exportCsv(doc, 'fr')).toContain('ron sur l’écart d’Aiko');
    const finished = exportCsv({ ...doc, events: [...doc.events, ...Array.from({ length: 8 }, (): LedgerEvent => ({ type: 'draw', tenpai: [] }))] }, 'fr');
    expect(finished).toContain('Classement final;Rang;Joueur');
    // a hanchan score with a decimal written with a comma, unquoted (a number to the spreadsheet)
    expect(finished).toMatch(/\n;1;Bruno;32900;15;0;17,9\r/);
  });
});

describe('games saved before the presets were named after their rule books (version 1)', () => {
  // A version 1 file as the old program wrote it: the old `ema` options (red fives, head bump, bets stay), no newer option.
  const v1 = {
    format: 'riichi-lens-ledger', version: 1, id: 'game-old', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T11:00:00.000Z',
    setup: {
      players: ['Aiko', 'Bruno', 'Chloé', 'Dmitri'], startingPoints: 30000, preset: 'ema', chomboPenalty: 20000,
      rules: {
        redFivesAreDora: true, openTanyao: true, kazoeYakuman: false, renhou: 'mangan', daisuushiiDouble: false, multipleRon: 'head-bump', riichiBetsAtEnd: 'stay',
        minTwoFanWithFiveCounters: false, nagashiMangan: false, uma: [15, 5, -5, -15], startingPoints: 30000, notenPaymentTotal: 3000, name: 'ema', preset: 'ema',
      },
    },
    events: [
      { type: 'riichi', player: 2 }, { type: 'draw', tenpai: [2] },
      { type: 'win', discarder: 2, winners: [{ player: 1, han: 2, fu: 30 }, { player: 3, han: 3, fu: 30 }] },
    ],
  };
  it('loads with the options it was played under and a note; the double ron stays a head bump, not rescored', () => {
    const r = importJson(JSON.stringify(v1));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.game.setup.rules).toMatchObject({ redFivesAreDora: true, multipleRon: 'head-bump', riichiBetsAtEnd: 'stay', pao: false, kiriageMangan: false, returnPoints: 30000 });
    expect(r.game.setup.note).toMatch(/Saved before the rule presets were named after their rule books/);
    expect(r.state.hands.at(-1)!.paidWinners).toEqual([3]);
    // Dmitri (nearest Chloé's right) alone paid: 3/30 = 3,900 + 300 and Chloé's bet; Bruno is not paid
    expect(r.state.points).toEqual([29000, 29000, 27800, 34200]);
    // exported again: version 2, same options, the note kept; a new program run reads it the same way
    const again = importJson(exportJson(r.game));
    expect(again.ok && again.game.version).toBe(2);
    expect(again.ok && again.game.setup.rules).toEqual(r.game.setup.rules);
    expect(again.ok && again.game.setup.note).toBe(r.game.setup.note);
    expect(exportCsv(r.game).split('\r\n')[0]).toMatch(/^Rules,"EMA 2016 \(red fives count as dora: on, .*several winners on one discard: head-bump/);
  });
});
