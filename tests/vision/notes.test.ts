// The recognition's remarks as codes (src/vision/notes.ts): every code said in English and in French with the same
// parameters, measures with the language's decimal mark, a count choosing one form or the other, and a reason said
// inside the no-tiles note in the same language.
import { describe, expect, it } from 'vitest';
import { NOTE_TEXTS, noteText, type NoteCode, type RecognitionNote } from '../../src/vision/notes.ts';

/** The placeholders of a template (plural endings aside), sorted. */
const placeholders = (template: string | { one: string; other: string }) =>
  [...new Set((typeof template === 'string' ? [template] : [template.one, template.other]).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))]
    .filter((name) => !/^(plural|pluriel)/.test(name))
    .sort();

describe('recognition notes', () => {
  it('says every code in both languages, with the same parameters', () => {
    const codes = Object.keys(NOTE_TEXTS.en) as NoteCode[];
    expect(Object.keys(NOTE_TEXTS.fr).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      // a form for one may say "1" or "une seule" in words instead of {count}
      const names = (t: (typeof NOTE_TEXTS.en)[NoteCode]) => placeholders(typeof t === 'string' ? t : { one: t.other, other: t.other });
      expect(names(NOTE_TEXTS.fr[code]), code).toEqual(names(NOTE_TEXTS.en[code]));
    }
  });

  it('keeps the English the command line printed before the notes were codes', () => {
    expect(noteText({ code: 'LONE_BACKS', params: { count: 1 } })).toBe(
      'Left out a tile back standing alone in the hand row: a closed kan shows two backs, so it is no tile of the hand. Add a tile if one was misread there.',
    );
    expect(noteText({ code: 'EXTRA_BOXES', params: { count: 2, kept: 16 } })).toBe(
      'Left out 2 doubtful boxes of the hand row: it had 16 tiles, more than a hand holds (14, one more per kan). Add a tile if one was missed.',
    );
    expect(noteText({ code: 'TILE_COUNT', params: { count: 1, min: 13, max: 18 } })).toBe('Found 1 tile in the hand row; a hand has 13 to 18.');
    expect(noteText({ code: 'TILE_SIZED_GAP', params: { count: 1, tiles: '6' } })).toMatch(/^A gap the size of a tile after tile 6: a tile may be missing there/);
  });

  it('says a measure with the decimal mark of the language, and the reason in the same language', () => {
    const why: RecognitionNote = { code: 'NEITHER_MODEL_SURE', params: { detection: 0.6, score: 0.4537 } };
    expect(noteText({ code: 'NO_TILES', params: { why } })).toBe(
      'No mahjong tiles found: what the localiser found is not a row of tiles (neither model is sure of them (localiser 0.60, classifier 0.45)).',
    );
    expect(noteText({ code: 'NO_TILES', params: { why } }, 'fr')).toBe(
      'Aucune tuile de mahjong trouvée\u00a0: ce que le localisateur a trouvé n’est pas une rangée de tuiles (aucun des deux modèles n’en est sûr (localisateur 0,60, classifieur 0,45)).',
    );
  });

  it('chooses the form for one or for several by the count, in French too', () => {
    expect(noteText({ code: 'FEW_BOXES', params: { count: 1 } }, 'fr')).toBe('une seule case semblable à une tuile, et une main montre au moins 14 tuiles');
    expect(noteText({ code: 'FEW_BOXES', params: { count: 3 } }, 'fr')).toBe('seulement 3 cases semblables à une tuile, et une main montre au moins 14 tuiles');
    expect(noteText({ code: 'TILE_COUNT', params: { count: 1, min: 13, max: 18 } }, 'fr')).toBe('1 tuile trouvée dans la rangée de la main\u00a0; une main en a de 13 à 18.');
    expect(noteText({ code: 'TILE_COUNT', params: { count: 5, min: 13, max: 18 } }, 'fr')).toBe('5 tuiles trouvées dans la rangée de la main\u00a0; une main en a de 13 à 18.');
    expect(noteText({ code: 'OVERLAYS_PAINTED', params: { boxes: 3 } }, 'fr')).toMatch(/\(3 trouvés, comme/);
  });

  it('says a code it does not know (read back from stored data) as the code, never a built-in', () => {
    expect(noteText({ code: 'constructor' as NoteCode })).toBe('constructor');
    expect(noteText({ code: 'toString' as NoteCode }, 'fr')).toBe('toString');
  });
});
