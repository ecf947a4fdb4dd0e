// A problem of the hand (validate.ts) in the player's words. Its own module: the photo review shows the same
// problems, and importing this from HandEditor.tsx put the whole editor into the Photo screen's first load.
import type { MessageKey, TFunction } from '../i18n/index.ts';
import type { TileCode } from '../tiles/codes.ts';
import { tileName } from '../tiles/Tile.tsx';
import type { Problem } from './validate.ts';

export function problemText(p: Problem, t: TFunction): string {
  switch (p.code) {
    case 'too-many-tiles':
      return t('problem.too-many-tiles', p.params);
    case 'four-concealed':
      return t('problem.four-concealed', { tile: tileName(String(p.params.tile) as TileCode, t) });
    case 'wins-without':
      return t('problem.wins-without', { tile: tileName(String(p.params.tile) as TileCode, t) });
    case 'fifth-copy':
      return t('problem.fifth-copy', p.params);
    case 'red-five-twice':
      return t('problem.red-five-twice', p.params);
    case 'invalid-meld':
      return t(`problem.meld.${String(p.params.why)}` as MessageKey, p.params);
    case 'too-many-indicators':
      return t('problem.too-many-indicators', p.params);
    case 'ura-without-riichi':
      return t('problem.ura-without-riichi');
  }
}
