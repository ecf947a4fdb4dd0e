import { NEED_THREE_CONCEALED_PUNGS, WAIT_TANKI } from '../context.ts';
import type { YakuDef } from './def.ts';
/**
 * Suuankou (yakuman, closed): four concealed pungs/kongs (on a discard only when it completes the pair). Won on the
 * pair (single wait, tanki) a double yakuman where the rules say so.
 */
export const suuankou: YakuDef = {
  id: 'suuankou',
  needs: NEED_THREE_CONCEALED_PUNGS,
  closed: 1,
  open: 0,
  yakuman: true,
  check: (c) => c.concealedPungs === 4,
  doubleForm: (c) => c.wait === WAIT_TANKI,
};
