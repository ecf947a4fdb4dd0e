/** English texts of the engine: error messages, yaku names and reasons, fu items, limits, payments. Data only. */
import type { ErrorCode } from '../errors.ts';

export const ERROR_MESSAGES_EN: Record<ErrorCode, string> = {
  INVALID_INPUT: 'Invalid input: {field} is {value}, expected {expected}.',
  UNKNOWN_TILE: 'Unknown tile text "{char}" at position {position} in "{text}" (tiles are digits followed by m, p, s or z; 0 is a red five; honours are 1z-7z).',
  WRONG_TILE_COUNT: 'Wrong number of tiles: {count} tiles counted (kans as 3), a winning hand has 14.',
  TOO_MANY_COPIES: 'Tile {tile} is used {count} times (hand, melds and dora indicators together); there are only 4.',
  TOO_MANY_RED_FIVES: 'Red five {tile} is used {count} times; the set has only one.',
  WIN_TILE_NOT_IN_HAND: 'The winning tile {tile} is not among the concealed tiles ("closed" must include the winning tile).',
  INVALID_MELD: 'Impossible meld {type} "{tiles}": {why}.',
  NOT_A_WINNING_HAND: 'These tiles do not form a winning hand (four sets and a pair, seven pairs or thirteen orphans).',
  NO_YAKU: 'The hand has no yaku: at least one yaku is needed to win (dora do not count).',
  NOT_ENOUGH_FAN: 'With {honba} counters on the table these rules need at least 2 fan from yaku; the hand has {han}.',
  CONTRADICTORY_FLAGS: 'Contradictory situation: {why}.',
  UNKNOWN_RULES: 'Unknown rules "{name}" (known presets: {known}).',
};
