// The tile palette is one tab stop (a roving tabindex, as a toolbar is): Tab passes the 37 tiles in one step, and
// the arrow keys move between them the way the rows are drawn. Pure, so that the moves are tested without a DOM.

/** Where each row starts in the count over all rows in order. */
export function rowStarts(rowLengths: readonly number[]): number[] {
  return rowLengths.map((_, i) => rowLengths.slice(0, i).reduce((sum, n) => sum + n, 0));
}

/**
 * Where the focus goes from tile `index` (counted over all rows in order) on `key`, for rows of the given lengths:
 * Left / Right the previous / next tile, on to the next row and round from the last tile to the first; Up / Down the
 * tile of the row above / below in the same place, or that row's last tile when it is shorter, and nowhere past the
 * first or last row; Home / End the first / last tile. `undefined` for a key the palette does not answer or a move
 * that goes nowhere.
 */
export function nextPaletteIndex(rowLengths: readonly number[], index: number, key: string): number | undefined {
  const total = rowLengths.reduce((sum, n) => sum + n, 0);
  if (total === 0 || index < 0 || index >= total) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % total;
    case 'ArrowLeft':
      return (index - 1 + total) % total;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    case 'ArrowUp':
    case 'ArrowDown': {
      const starts = rowStarts(rowLengths);
      const row = starts.findLastIndex((start) => start <= index);
      const to = key === 'ArrowUp' ? row - 1 : row + 1;
      const toLength = rowLengths[to] ?? 0;
      if (toLength === 0) return undefined; // past the first or last row
      return (starts[to] ?? 0) + Math.min(index - (starts[row] ?? 0), toLength - 1);
    }
    default:
      return undefined;
  }
}
