import { useEffect, useRef, useState } from 'react';
import { useT, type MessageKey } from '../i18n/index.ts';
import { actions, useAppState, useCanUndoHand, useKeptFromBefore, useUnreadLinkParts } from '../state/store.ts';
import { sortTiles, type TileCode, kindOf } from '../tiles/codes.ts';
import { Tile } from '../tiles/Tile.tsx';
import { type HandDraft, type MeldType } from '../state/types.ts';
import { TilePalette } from './TilePalette.tsx';
import { HandTextInput } from './HandTextInput.tsx';
import {
  addTile,
  concealedToKan,
  removeConcealed,
  makeWinTile,
  meldFromTile,
  removeAt,
  removeWinTile,
  replaceAt,
  type PaletteTarget,
  type Selection,
} from './editing.ts';
import { countTiles, HAND_SIZE, winningReplacements, type HandCheck } from './validate.ts';
import { problemText } from './problemText.ts';
import { keepInPlace, scrollBehavior } from '../motion.ts';
import { useUndoShortcut } from '../undoShortcut.ts';

const TARGETS: PaletteTarget[] = ['hand', 'chi', 'pon', 'kan-open', 'kan-closed', 'kan-added', 'dora', 'ura'];

export const targetKey: Record<PaletteTarget, MessageKey> = {
  hand: 'editor.target.hand',
  chi: 'meld.chi',
  pon: 'meld.pon',
  'kan-open': 'meld.kan-open',
  'kan-closed': 'meld.kan-closed',
  'kan-added': 'meld.kan-added',
  dora: 'editor.target.dora',
  ura: 'editor.target.ura',
};

interface Props {
  check: HandCheck;
  target: PaletteTarget;
  setTarget: (t: PaletteTarget) => void;
  /** Asks to bring the palette into view (a control far from it, e.g. "add a dora indicator", was used). */
  paletteRequest?: number;
}

/** No tile at all: nothing in the hand, no meld, no winning tile. */
const isEmptyHand = (hand: HandDraft) => hand.closed.length === 0 && hand.melds.length === 0 && !hand.winTile;

export function HandEditor({ check, target, setTarget, paletteRequest = 0 }: Props) {
  const t = useT();
  const hand = useAppState((s) => s.hand);
  const situation = useAppState((s) => s.situation);
  const unreadLink = useUnreadLinkParts();
  const kept = useKeptFromBefore();
  const [selection, setSelection] = useState<Selection>(null);
  // worded when shown (a function of the translation), so that it follows a change of language
  const [noticeText, setNoticeText] = useState<((tr: typeof t) => string) | null>(null);
  const setNotice = (say: ((tr: typeof t) => string) | null) => setNoticeText(() => say);
  const notice = noticeText ? noticeText(t) : null;
  // "Clear hand" was just used: its own Undo is offered beside it while the hand stays empty (until the next tap on
  // the palette), besides the tools' Undo, which takes back any change.
  const [justCleared, setJustCleared] = useState(false);
  const can = useCanUndoHand();
  const paletteRef = useRef<HTMLElement>(null);
  const handRowRef = useRef<HTMLDivElement>(null);
  /** After a tile's action (remove, winning tile, replace, cancel) the focus goes back to the hand, where the player was. */
  const focusHand = (sel: Selection) => {
    requestAnimationFrame(() => {
      const row = handRowRef.current;
      if (!row) return;
      const tiles = [...row.querySelectorAll<HTMLButtonElement>('[data-testid=hand-closed] .hand-tile')];
      const target =
        sel?.zone === 'closed' ? (tiles[Math.min(sel.index, tiles.length - 1)] ?? null)
        : sel?.zone === 'win' ? row.querySelector<HTMLButtonElement>('[data-testid=hand-win] .hand-tile')
        : null;
      (target ?? row.querySelector<HTMLButtonElement>('.hand-tile'))?.focus({ preventScroll: true });
    });
  };
  // A request from afar (the dora / ura buttons of the situation): the palette comes into view. A tile picked
  // for replacing moves the palette right under the hand instead (hand.css, `.selecting`).
  useEffect(() => {
    if (paletteRequest > 0) paletteRef.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [paletteRequest]);

  const flagged = new Set(check.problems.flatMap((p) => p.tiles));
  const isFlagged = (code: TileCode) => flagged.has(code) || flagged.has(kindOf(code));
  const handProblems = check.problems.filter((p) => p.where === 'hand');
  // A concealed tile selected for replacing: the palette outlines the kinds that make the hand a winning one.
  const replacing = selection?.zone === 'closed' ? selection.index : selection?.zone === 'win' ? 'win' : null;
  const replacements = new Set<TileCode>(replacing === null ? [] : winningReplacements(hand, situation, replacing));

  function pick(code: TileCode) {
    setNotice(null);
    setJustCleared(false);
    if (selection) {
      if (selection.zone === 'closed') actions.setHand({ ...hand, closed: replaceAt(hand.closed, selection.index, code) });
      else if (selection.zone === 'win') actions.setHand({ ...hand, winTile: code });
      else {
        const meld = hand.melds[selection.meld];
        if (meld) {
          const melds = replaceAt(hand.melds, selection.meld, { ...meld, tiles: replaceAt(meld.tiles, selection.index, code) });
          actions.setHand({ ...hand, melds });
        }
      }
      setSelection(null);
      focusHand(selection);
      return;
    }
    if (target === 'hand') {
      const next = addTile(hand, code);
      // while the hand is being tapped in, the palette stays under the finger: the 13th tile brings the waits
      // panel in above it on a phone (the 14th brings the score, which the player then wants to see)
      if (countTiles(next) < HAND_SIZE) keepInPlace(paletteRef.current);
      actions.setHand(next);
    }
    else if (target === 'dora') actions.setSituation({ dora_indicators: [...situation.dora_indicators, code] });
    else if (target === 'ura') actions.setSituation({ ura_indicators: [...situation.ura_indicators, code] });
    else {
      const meld = meldFromTile(target, code);
      if ('error' in meld) setNotice((tr) => tr(`notice.${meld.error}`));
      else {
        actions.setHand({ ...hand, melds: [...hand.melds, meld] });
        setTarget('hand'); // most hands have one call at a time; the next taps are usually hand tiles
        setNotice((tr) => tr('notice.meldAdded', { meld: tr(`meld.${meld.type}` as MessageKey) }));
      }
    }
  }

  const undo = () => {
    setSelection(null);
    setJustCleared(false);
    if (actions.undoHand()) setNotice(null);
  };
  const redo = () => {
    setSelection(null);
    if (actions.redoHand()) setNotice(null);
  };
  useUndoShortcut({ undo, redo });

  const selectedIs = (s: Selection) => JSON.stringify(s) === JSON.stringify(selection);
  const toggle = (s: Selection) => setSelection(selectedIs(s) ? null : s);

  return (
    <>
    <section
      className={`panel editor${selection ? ' selecting' : ''}`}
      aria-labelledby="editor-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && selection) {
          setSelection(null);
          focusHand(selection);
        }
      }}
    >
      <h2 id="editor-title">{t('editor.title')}</h2>
      {unreadLink.length > 0 && (
        <p className="notice" role="status" data-testid="link-unread">
          {t('editor.linkUnread', { parts: unreadLink.map((part) => t(`editor.linkPart.${part}`)).join(', ') })}{' '}
          <button type="button" onClick={actions.dismissUnreadLink}>
            {t('editor.linkUnreadDismiss')}
          </button>
        </p>
      )}
      {kept.parts.length > 0 && (
        // a new photo's hand, or a cleared one, is another win: how the last one was won may still be set
        <p className="notice" role="status" data-testid="kept-from-before">
          {t(kept.since === 'clear' ? 'editor.keptFromCleared' : 'editor.keptFromBefore', { parts: kept.parts.map((part) => t(part === 'tsumo' ? 'situation.tsumo' : part === 'ura' ? 'situation.ura' : `flag.${part}`)).join(', ') })}{' '}
          <button type="button" onClick={actions.clearKeptFromBefore} data-testid="kept-clear">
            {t('editor.keptClear')}
          </button>{' '}
          <button type="button" onClick={actions.keepFromBefore} data-testid="kept-keep">
            {t('editor.keptKeep')}
          </button>
        </p>
      )}
      <div className="hand-row" data-testid="hand" ref={handRowRef}>
        <div className="hand-closed" role="group" aria-label={t('editor.closed')} data-testid="hand-closed">
          {hand.closed.length === 0 && !hand.winTile && hand.melds.length === 0 && (
            <p className="hint">{t('editor.empty')}</p>
          )}
          {hand.closed.map((code, index) => (
            <button
              key={`${index}-${code}`}
              type="button"
              className={`hand-tile${isFlagged(code) ? ' flagged' : ''}`}
              aria-pressed={selectedIs({ zone: 'closed', index })}
              onClick={() => toggle({ zone: 'closed', index })}
            >
              <Tile code={code} size="lg" />
            </button>
          ))}
        </div>
        {hand.winTile && (
          <div className="hand-win" role="group" aria-label={t('editor.winTile')} data-testid="hand-win">
            <span className="hand-win-label">{t('editor.winTileShort')}</span>
            <button
              type="button"
              className={`hand-tile${isFlagged(hand.winTile) ? ' flagged' : ''}`}
              aria-pressed={selectedIs({ zone: 'win' })}
              onClick={() => toggle({ zone: 'win' })}
            >
              <Tile code={hand.winTile} size="lg" />
            </button>
          </div>
        )}
        {hand.melds.length > 0 && (
          <div className="hand-melds" data-testid="hand-melds">
            {hand.melds.map((meld, m) => {
              const problem = check.problems.find((p) => p.where === 'meld' && p.meldIndex === m);
              return (
                <div
                  key={m}
                  className={`meld${problem ? ' meld-invalid' : ''}`}
                  role="group"
                  aria-label={t(`meld.${meld.type}` as MessageKey)}
                  data-meld={meld.type}
                >
                  <span className="meld-label">{t(`meld.${meld.type}` as MessageKey)}</span>
                  <span className="meld-tiles">
                    {meld.tiles.map((code, index) => (
                      <button
                        key={index}
                        type="button"
                        className={`hand-tile${isFlagged(code) ? ' flagged' : ''}${meld.type === 'kan-closed' && (index === 0 || index === 3) ? ' face-down' : ''}`}
                        aria-pressed={selectedIs({ zone: 'meld', meld: m, index })}
                        onClick={() => toggle({ zone: 'meld', meld: m, index })}
                      >
                        <Tile code={code} size="md" sideways={meld.calledIndex === index} />
                      </button>
                    ))}
                  </span>
                  {problem && (
                    <span className="problem" role="alert">
                      {problemText(problem, t)}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>

      <p className="tile-count" data-testid="tile-count" aria-live="polite">
        {t('editor.count', { count: check.count })}
        {check.count < 14 && ` — ${t('editor.countMissing', { missing: 14 - check.count })}`}
        {check.count === 14 && !hand.winTile && ` — ${t('editor.pickWin')}`}
      </p>
      {handProblems.length > 0 && (
        // the alert is the list as a whole: a list item may not carry a role of its own (axe: list, aria-allowed-role)
        <div role="alert">
          <ul className="problems" data-testid="hand-problems">
            {handProblems.map((p, i) => (
              <li key={i} className="problem" data-problem={p.code}>
                {problemText(p, t)}
                {p.code === 'four-concealed' && (
                  <>
                    {' '}
                    <button type="button" className="small" data-testid="make-kan" onClick={() => actions.setHand(concealedToKan(hand, p.params.tile as TileCode))}>
                      {t('editor.makeKan')}
                    </button>
                  </>
                )}
                {p.code === 'wins-without' && (
                  <>
                    {' '}
                    <button type="button" className="small" data-testid="remove-extra" data-tile={p.params.tile} onClick={() => {
                        actions.setHand(removeConcealed(hand, p.params.at === 'win' ? 'win' : Number(p.params.at)));
                        focusHand(null); // the button goes with the problem: the focus stays in the hand
                      }}>
                      {t('editor.removeOne')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {renderSelectionBar()}

      <div className="editor-tools">
        <button type="button" onClick={undo} disabled={!can.undo} title={t('editor.undoTitle')} aria-keyshortcuts="Control+Z" data-testid="hand-undo">
          {t('editor.undo')}
        </button>
        {/* only after an Undo: one too many is brought back in a tap */}
        {can.redo && (
          <button type="button" onClick={redo} title={t('editor.redoTitle')} aria-keyshortcuts="Control+Shift+Z Control+Y" data-testid="hand-redo">
            {t('editor.redo')}
          </button>
        )}
        <button type="button" onClick={() => actions.setHand({ ...hand, closed: sortTiles(hand.closed) })} disabled={hand.closed.length < 2}>
          {t('editor.sort')}
        </button>
        <button
          type="button"
          onClick={() => {
            setSelection(null);
            setJustCleared(!isEmptyHand(hand));
            actions.clearHand();
          }}
          disabled={isEmptyHand(hand)}
          data-testid="clear-hand"
        >
          {t('editor.clear')}
        </button>
        <button
          type="button"
          onClick={() => {
            const url = window.location.href;
            if (!navigator.clipboard) {
              setNotice((tr) => tr('editor.linkShown', { url }));
              return;
            }
            navigator.clipboard.writeText(url).then(
              () => setNotice((tr) => tr('editor.linkCopied')),
              () => setNotice((tr) => tr('editor.linkShown', { url })),
            );
          }}
        >
          {t('editor.copyLink')}
        </button>
      </div>
      {justCleared && isEmptyHand(hand) && (
        <p className="notice" role="status" data-testid="hand-cleared">
          {t('editor.cleared')}{' '}
          <button type="button" onClick={undo} data-testid="undo-clear">
            {t('editor.undo')}
          </button>
        </p>
      )}

    </section>
    <section className="panel editor-palette" aria-label={t('editor.palette')} ref={paletteRef} data-testid="palette-panel">
      <fieldset className="targets">
        <legend>{t('editor.target.legend')}</legend>
        {TARGETS.map((tg) => (
          <label key={tg} className={`target${target === tg ? ' active' : ''}`}>
            <input
              type="radio"
              name="palette-target"
              value={tg}
              checked={target === tg}
              onChange={() => {
                setSelection(null);
                setTarget(tg);
              }}
            />
            {t(targetKey[tg])}
          </label>
        ))}
      </fieldset>
      <p className="hint" aria-live="polite">
        {selection ? t('editor.replaceHint') : t(`editor.hint.${targetHintKey(target)}` as MessageKey)}
        {replacements.size > 0 && ` ${t('editor.replaceWins')}`}
      </p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <TilePalette onPick={pick} label={t('editor.palette')} marked={replacements} markedLabel={t('editor.makesWinning')} />
      {/* After the palette: on a phone the tiles come first, under "tap the tiles below"; the palette is one tab
          stop, so the text box stays among the first few for a keyboard */}
      <HandTextInput />
    </section>
    </>
  );

  function renderSelectionBar() {
    const sel = selection;
    if (!sel) return null;
    const props = {
      onDone: () => {
        setSelection(null);
        focusHand(sel);
      },
      t,
      canBeCalled: sel.zone === 'meld' && hand.melds[sel.meld]?.type !== 'kan-closed',
    };
    const remove = () => {
      if (sel.zone === 'closed') actions.setHand({ ...hand, closed: removeAt(hand.closed, sel.index) });
      else if (sel.zone === 'win') actions.setHand(removeWinTile(hand));
      else actions.setHand({ ...hand, melds: removeAt(hand.melds, sel.meld) });
      props.onDone();
    };
    return (
      <div className="selection-bar" role="toolbar" aria-label={props.t('editor.selected')} data-testid="selection-bar">
        <button type="button" onClick={remove} data-action="remove">
          {sel.zone === 'meld' ? props.t('editor.removeMeld') : props.t('editor.remove')}
        </button>
        {sel.zone === 'closed' && (
          <button
            type="button"
            data-action="make-win"
            onClick={() => {
              actions.setHand(makeWinTile(hand, sel.index));
              props.onDone();
            }}
          >
            {props.t('editor.makeWin')}
          </button>
        )}
        {sel.zone === 'meld' && props.canBeCalled && (
          <button
            type="button"
            data-action="called"
            onClick={() => {
              const meld = hand.melds[sel.meld];
              if (meld) actions.setHand({ ...hand, melds: replaceAt(hand.melds, sel.meld, { ...meld, calledIndex: sel.index }) });
              props.onDone();
            }}
          >
            {props.t('editor.called')}
          </button>
        )}
        <button type="button" onClick={props.onDone}>
          {props.t('editor.cancel')}
        </button>
      </div>
    );
  }
}

function targetHintKey(target: PaletteTarget): string {
  if (target === 'hand' || target === 'dora' || target === 'ura' || target === 'chi') return target;
  return (target as MeldType).startsWith('kan') ? 'kan' : 'pon';
}
