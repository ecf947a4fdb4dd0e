// The review of a recognised photo rendered to HTML (no browser): what the player's tile set changed is said.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReviewPanel } from '../../src/app/capture/ReviewPanel.tsx';
import { TileMenu } from '../../src/app/capture/TileMenu.tsx';
import { reviewFromRecognition, setTile } from '../../src/app/capture/review.ts';
import { setLang } from '../../src/app/i18n/index.ts';
import type { PhotoRecognition, RecognizedTile } from '../../src/worker/protocol.ts';

/** A row of 14 tiles; the tiles at `fromSet` were read so by the player's tile set, the classifier alone saying 6z. */
function recognition(codes: string[], fromSet: number[]): PhotoRecognition {
  const tiles: RecognizedTile[] = codes.map((tile, i) => ({
    tile,
    score: 0.95,
    alternatives: [{ tile: '6z', score: 0.03 }],
    box: [10 + 100 * i, 100, 110 + 100 * i, 240],
    rotated: false,
    doubtful: false,
    group: 0,
    ...(fromSet.includes(i) ? { fromProfile: '6z' } : {}),
  }));
  return { width: 1500, height: 400, scale: 1, tiles, notes: [], hints: { cutOff: [], gapsAfter: [] }, modelId: 'm', timings: { decodeMs: 0, recognizeMs: 0 } } as unknown as PhotoRecognition;
}

const render = (review: ReturnType<typeof reviewFromRecognition>, canUndo = false) =>
  renderToStaticMarkup(createElement(ReviewPanel, { review, photo: { url: 'blob:x', blob: new Blob(), name: 'x.jpg' }, readingDora: false, onDoraPhoto: () => undefined, canUndo }));
const fromSetNote = (html: string) => /data-testid="from-set"[^>]*>([^<]*)</.exec(html)?.[1];

describe('review of a recognised photo', () => {
  const codes = ['1s', '1s', '2m', '3m', '4m', '5p', '6p', '7p', '3s', '4s', '5s', '7z', '7z', '7z'];

  it('asks to check a call the reader made from a tile lying sideways (a call opens the hand); not once the player takes it away', () => {
    setLang('en');
    const rec = recognition(codes, []);
    // 777z set apart, its middle tile sideways: read as a pon
    rec.tiles.forEach((t, i) => Object.assign(t, { group: i >= 11 ? 1 : 0, rotated: i === 12 }));
    const review = reviewFromRecognition(rec);
    expect(review.melds.map((m) => m.type)).toEqual(['pon']);
    const said = (html: string) => /Read as called from the photo[^<]*/.exec(html.replace(/&#x27;/g, "'"))?.[0];
    expect(said(render(review))).toBe('Read as called from the photo (a tile lies sideways): Pon (Red dragon). A called meld opens the hand (no riichi, menzen tsumo or pinfu): if the tiles were your own, tap ✕ beside it.');
    expect(said(render({ ...review, melds: [] }))).toBeUndefined();
  });

  it('says which tiles the player\'s tile set changed, in English and French', () => {
    setLang('en');
    const review = reviewFromRecognition(recognition(codes, [0, 1]));
    expect(fromSetNote(render(review))).toBe('your tile set changed 2 tiles: Green dragon → 1 Bamboo ×2');
    setLang('fr');
    expect(fromSetNote(render(review))).toMatch(/^votre jeu de tuiles a changé 2 tuiles\u00a0: .+ ×2$/);
    setLang('en');
  });

  it('offers the one-tile mends of a row that is not a winning hand, the reader\'s guess first, in English and French', () => {
    const rec = recognition(codes, []);
    rec.tiles[6] = { ...rec.tiles[6]!, tile: '8p', score: 0.6, alternatives: [{ tile: '6p', score: 0.35 }] };
    const review = reviewFromRecognition(rec);
    setLang('en');
    const html = render(review);
    expect(html).toContain('data-testid="review-mends" data-count="14"');
    expect(html).toContain('Not a winning hand as read. If only one tile is misread, it is one of these');
    const first = /data-testid="mend" data-mend="([^"]+)"/.exec(html)?.[1];
    expect(first).toBe(`${review.tiles[6]!.id}:8p&gt;6p`); // ">" escaped in the attribute
    expect(html).toMatch(/8 Circles → .*6 Circles.*\(reader: 35%\)/);
    // four mends, three shown: with no doubtful tile, no word of dashed outlines (there are none)
    const four = recognition(['1s', '1s', '2m', '3m', '4m', '5p', '6p', '7p', '3s', '4s', '5s', '7z', '7z', '1m'], []);
    const more = (r: PhotoRecognition) => /<p class="muted small">(\d+ other [^<]*)<\/p>/.exec(render(reviewFromRecognition(r)))?.[1];
    expect(more(four)).toBe('1 other change would also do: check the tiles against the photo.');
    four.tiles[13] = { ...four.tiles[13]!, doubtful: true };
    expect(more(four)).toBe('1 other change would also do: check the tiles with a dashed outline first.');
    setLang('fr');
    expect(render(review)).toContain('Si une seule tuile est mal lue');
    setLang('en');
    // a winning hand: no mends box
    expect(render(reviewFromRecognition(recognition(codes, [])))).not.toContain('review-mends');
  });

  it('offers Undo once the player has changed the review, in English and French', () => {
    const review = reviewFromRecognition(recognition(codes, []));
    setLang('en');
    expect(render(review)).not.toContain('review-undo');
    expect(render(review, true)).toMatch(/data-testid="review-undo"[^>]*>Undo the last change</);
    setLang('fr');
    expect(render(review, true)).toContain('Annuler la dernière modification');
    setLang('en');
  });

  it('says nothing when the set changed nothing, or the player changed the tile since', () => {
    expect(fromSetNote(render(reviewFromRecognition(recognition(codes, []))))).toBeUndefined();
    const review = reviewFromRecognition(recognition(codes, [0]));
    expect(fromSetNote(render(setTile(review, review.tiles[0]!.id, '6z')))).toBeUndefined();
  });

  it('names a doubtful tile as doubtful for a screen reader, and hides the photo\'s boxes that repeat the row', () => {
    setLang('en');
    const rec = recognition(codes, []);
    rec.tiles[6] = { ...rec.tiles[6]!, doubtful: true, score: 0.4 };
    const html = render(reviewFromRecognition(rec));
    const strip = [...html.matchAll(/data-testid="review-tile"[^>]*>(.*?)<\/button>/g)].map((m) => m[1]!);
    expect(strip[6]).toContain('<span class="visually-hidden">, doubtful</span>');
    expect(strip.filter((t) => t.includes('doubtful'))).toHaveLength(1);
    const boxes = [...html.matchAll(/<button[^>]*data-testid="review-box"/g)].map((m) => m[0]);
    expect(boxes).toHaveLength(14);
    expect(boxes.every((b) => b.includes('aria-hidden="true"'))).toBe(true);
  });

  it('never offers a guess at 0% or a sure one at 100% in the tile menu', () => {
    const rec = recognition(codes, []);
    rec.tiles[6] = { ...rec.tiles[6]!, tile: '7p', score: 0.996, alternatives: [{ tile: '1p', score: 0.003 }, { tile: '9p', score: 0.001 }] };
    const review = reviewFromRecognition(rec);
    setLang('en');
    const html = renderToStaticMarkup(
      createElement(TileMenu, { review, tile: review.tiles[6]!, onSet: () => undefined, onDelete: () => undefined, onMove: () => undefined, onWinner: () => undefined, onMeld: () => undefined, onClose: () => undefined }),
    );
    expect([...html.matchAll(/class="guess-score">([^<]*)</g)].map((m) => m[1])).toEqual(['&gt;99%', '&lt;1%', '&lt;1%']);
    expect(html).toMatch(/data-guess="1p"[^>]*aria-label="1 Circles &lt;1%"/);
  });

  it('offers in the tile menu the kinds that make the hand win, and marks the guesses that do', () => {
    const rec = recognition(codes, []);
    rec.tiles[6] = { ...rec.tiles[6]!, tile: '8p', score: 0.6, alternatives: [{ tile: '9p', score: 0.3 }, { tile: '4p', score: 0.05 }] };
    const review = reviewFromRecognition(rec);
    const menu = (winningKinds: string[]) =>
      renderToStaticMarkup(
        createElement(TileMenu, { review, tile: review.tiles[6]!, winningKinds, onSet: () => undefined, onDelete: () => undefined, onMove: () => undefined, onWinner: () => undefined, onMeld: () => undefined, onClose: () => undefined }),
      );
    setLang('en');
    // 56p + 4p or 7p makes a run: 4p is a guess (marked), 7p is offered beyond the guesses
    const html = menu(['4p', '7p']);
    expect(html).toContain('Also makes a winning hand:');
    expect([...html.matchAll(/data-testid="win-guess" data-guess="([^"]+)"/g)].map((m) => m[1])).toEqual(['7p']);
    expect(html).toMatch(/data-guess="4p"[^>]*aria-label="4 Circles 5%, makes a winning hand" data-wins="true"/);
    expect(html).not.toMatch(/data-guess="9p"[^>]*data-wins/);
    setLang('fr');
    expect(menu(['4p', '7p'])).toContain('Fait aussi une main gagnante\u00a0:');
    setLang('en');
    // nothing to add: no such group
    expect(menu([])).not.toContain('wins-with');
    // a plain five wins wherever its red five does; a red five only as listed
    const fives = reviewFromRecognition(recognition(codes, []));
    fives.tiles[6] = { ...fives.tiles[6]!, tile: '6p', guesses: [{ tile: '6p', score: 0.5 }, { tile: '0p', score: 0.3 }, { tile: '5p', score: 0.1 }] };
    const fiveMenu = (winningKinds: string[]) =>
      renderToStaticMarkup(
        createElement(TileMenu, { review: fives, tile: fives.tiles[6]!, winningKinds, onSet: () => undefined, onDelete: () => undefined, onMove: () => undefined, onWinner: () => undefined, onMeld: () => undefined, onClose: () => undefined }),
      );
    const marked = (html: string) => [...html.matchAll(/data-guess="(\w+)"[^>]*data-wins="true"/g)].map((m) => m[1]);
    expect(marked(fiveMenu(['0p']))).toEqual(['0p', '5p']);
    expect(marked(fiveMenu(['5p']))).toEqual(['5p']); // the set's red 5p is elsewhere: only the plain one
    // Delete marked when the hand wins without the tile
    const del = (winsWithout: boolean) =>
      /<button[^>]*data-testid="delete-tile"[^>]*>/.exec(
        renderToStaticMarkup(
          createElement(TileMenu, { review, tile: review.tiles[6]!, winsWithout, onSet: () => undefined, onDelete: () => undefined, onMove: () => undefined, onWinner: () => undefined, onMeld: () => undefined, onClose: () => undefined }),
        ),
      )?.[0];
    expect(del(true)).toContain('aria-label="Delete, the hand is a winning hand without it"');
    expect(del(false)).not.toContain('data-wins');
  });
});

