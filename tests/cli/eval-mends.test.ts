// `npm run eval -- --only hand`'s figures for the one-tile mends (src/cli/evalHand.ts fixFigures) on rows made by
// hand, so that what it counts is what its printout says.
import { describe, expect, it } from 'vitest';
import { fixFigures } from '../../src/cli/evalHand.ts';
import type { FixTile } from '../../src/vision/oneTileFixes.ts';
import { parseHandString } from '../../src/vision/tiles.ts';

const TRUTH = parseHandString('123m456m789m999s55z')!;

/** A row read from `hand`, every tile sure but those given (reading, score, guesses). */
function row(hand: string, reads: Record<number, Omit<FixTile, 'tile'>> = {}) {
  const codes = parseHandString(hand)!;
  const tiles: FixTile[] = codes.map((tile, i) => ({ tile, score: 0.99, guesses: [{ tile, score: 0.99 }], ...reads[i] }));
  return { codes, tiles, truth: TRUTH };
}

describe('the mends figures of npm run eval', () => {
  it('counts a row read right, a row one misread off with its mend first, and a row two misreads off', () => {
    const right = row('123m456m789m999s55z');
    // the 9s at index 10 read as 6s, 9s its second guess: the mend is listed first
    const oneOff = row('123m456m789m969s55z', { 10: { score: 0.6, guesses: [{ tile: '6s', score: 0.6 }, { tile: '9s', score: 0.3 }] } });
    // two misreads (6s and 4z); the player fixes one by hand, the other is then mended, either way round
    const twoOff = row('123m456m789m969s54z', {
      10: { score: 0.6, guesses: [{ tile: '6s', score: 0.6 }, { tile: '9s', score: 0.3 }] },
      13: { score: 0.5, guesses: [{ tile: '4z', score: 0.5 }, { tile: '5z', score: 0.4 }] },
    });
    const f = fixFigures([right, oneOff, twoOff]);
    expect(f).toMatchObject({ rows: 3, complete: 1, completeWrong: 0, incomplete: 2, oneOff: 1, rightFirst: 1, rightInThree: 1, rightListed: 1 });
    // as read, the two-off row has no single mend
    expect(f).toMatchObject({ wrongFirst: 0, noneListed: 1 });
    // the player's trials: one in the one-off row, two in the two-off row, each last misread mended from the first three
    expect(f).toMatchObject({ lastTrials: 3, lastInThree: 3, misreads: 3, savedCorrections: 2 });
    // each misread tile's menu holds its right tile among its three guesses already
    expect(f).toMatchObject({ menuTop3: 3, menuWinsFirst: 3, menuWinsLast: 3 });
  });

  it('leaves out rows whose true tiles are not a winning hand, and counts a winning hand read wrong', () => {
    const tenpai = { ...row('123m456m789m99s55z'), truth: parseHandString('123m456m789m99s55z')! };
    // 5z read as 6z twice: another winning hand, wrong, with nothing to mend as read; once the player has fixed one
    // 6z, the other is offered
    const wrongWin = row('123m456m789m999s66z');
    expect(fixFigures([tenpai, wrongWin])).toMatchObject({ rows: 1, complete: 1, completeWrong: 1, incomplete: 0, lastTrials: 2, lastInThree: 2, savedCorrections: 1 });
    // the tile menu: 5z is no guess of either 6z; tapped first (the other 6z as read) no kind but 6z makes the row
    // win, tapped last (the other fixed to 5z) 5z does, the row's only winning kind there
    expect(fixFigures([tenpai, wrongWin])).toMatchObject({ menuTop3: 0, menuWinsFirst: 0, menuWinsLast: 2, menuExtraKinds: 0 });
  });
});
