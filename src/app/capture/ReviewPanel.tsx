// Review of a recognised photo: the photo with a labelled box on every tile, the hand strip in order
// (melds grouped, winning tile marked), the correction menu, dora indicators, live checks, and the
// hand-off to the hand editor. Confirming teaches the player's tile set and keeps the labelled photo.
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { format, useLang, useStrings, useT } from '../i18n/index.ts';
import { problemText } from '../hand/problemText.ts';
import { TilePalette } from '../hand/TilePalette.tsx';
import { checkHand } from '../hand/validate.ts';
import { actions, useAppState } from '../state/store.ts';
import { recognitionClient } from '../../worker/client.ts';
import { photoId, storePhoto, uprightJpeg } from './dataset.ts';
import { MENDS_SHOWN } from '../../vision/oneTileFixes.ts';
import { learntKinds, learntTiles } from '../../vision/prototypes.ts';
import { learnTiles, loadProfile, SET_KINDS } from './profile.ts';
import {
  boxAround,
  confirmedExamples,
  addTile,
  gatherKan,
  readerCalls,
  applyMend,
  handMends,
  insertionIndex,
  labelledBoxes,
  listedRightToLeft,
  makeMeld,
  moveTile,
  removeMeld,
  removeTile,
  reverseRow,
  setDoraIndicators,
  setTile,
  setTiles,
  lookAlikes,
  setWinner,
  tileOutline,
  toHandDraft,
  toRecognisedHand,
  unreadBacks,
  winningKindsFor,
  winsWithoutTile,
  type ReviewMend,
  type ReviewState,
  type ReviewTile,
} from './review.ts';
import { redFivesInSetOf } from '../state/types.ts';
import { capture, mark, type CapturedPhoto } from './session.ts';
import { tables } from './strings.ts';
import { TileFace, TileMenu } from './TileMenu.tsx';
import { isTileCode, type TileCode } from '../tiles/codes.ts';
import { tileName } from '../tiles/Tile.tsx';
import { scrollBehavior } from '../motion.ts';
import { noteText } from '../../vision/notes.ts';
import { useUndoShortcut } from '../undoShortcut.ts';

const KEEP_PHOTOS_KEY = 'riichi-lens.keep-photos';

function keepPhotos(): boolean {
  try {
    // Off unless the player asked for it: photos take room (1-3 MB each).
    return globalThis.localStorage?.getItem(KEEP_PHOTOS_KEY) === 'yes';
  } catch {
    return false;
  }
}

/** The part of the photo worth showing: the tiles found, with room above for their labels. */
function viewRegion(review: ReviewState): { x0: number; y0: number; x1: number; y1: number } {
  const boxes = review.tiles.flatMap((t) => (t.box ? [t.box] : []));
  const { width, height } = review.photo;
  if (boxes.length === 0) return { x0: 0, y0: 0, x1: width, y1: height };
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[2]));
  const y1 = Math.max(...boxes.map((b) => b[3]));
  const unit = Math.max(y1 - y0, (x1 - x0) / 14);
  const region = { x0: Math.max(0, x0 - unit), y0: Math.max(0, y0 - 1.2 * unit), x1: Math.min(width, x1 + unit), y1: Math.min(height, y1 + 1.2 * unit) };
  // Not thinner than 4:1, so the row stays tall enough to tap.
  const minHeight = (region.x1 - region.x0) / 4;
  if (region.y1 - region.y0 < minHeight) {
    const grow = (minHeight - (region.y1 - region.y0)) / 2;
    region.y0 = Math.max(0, region.y0 - grow);
    region.y1 = Math.min(height, region.y1 + grow);
  }
  return region;
}

type TileMend = Exclude<ReviewMend, { kind: 'kan' }>;
type KanMend = Extract<ReviewMend, { kind: 'kan' }>;

/** A mend's identity for keys and tests: "t3:6s>9s", "+5z", "-t7:1p", "kan:t4". */
function mendKey(m: ReviewMend): string {
  if (m.kind === 'kan') return `kan:${m.ids[0]}`;
  return m.kind === 'change' ? `${m.id}:${m.from}>${m.to}` : m.kind === 'add' ? `+${m.to}` : `-${m.id}:${m.from}`;
}

/** The tiles of the row a mend changes (none for a tile added). */
function mendTiles(m: ReviewMend): readonly string[] {
  return m.kind === 'kan' ? m.ids : m.kind === 'add' ? [] : [m.id];
}

function MendLabel({ mend, label, s }: { mend: TileMend; label: (code: string) => string; s: (typeof tables)['en'] }) {
  if (mend.kind === 'add') return <><TileFace code={mend.to} size="sm" /> {format(s['mend.addOne'], { tile: label(mend.to) })}</>;
  if (mend.kind === 'remove') return <><TileFace code={mend.from} size="sm" /> {format(s['mend.removeOne'], { tile: label(mend.from) })}</>;
  return (
    <>
      <TileFace code={mend.from} size="sm" /> {label(mend.from)} → <TileFace code={mend.to} size="sm" /> {label(mend.to)}
      {mend.evidence >= 0.01 && <span className="muted small"> ({format(s['mend.reader'], { percent: Math.round(100 * mend.evidence) })})</span>}
    </>
  );
}

export interface ReviewPanelProps {
  review: ReviewState;
  photo: CapturedPhoto;
  readingDora: boolean;
  onDoraPhoto: () => void;
  /** The player has changed the review: Undo is offered. */
  canUndo: boolean;
}

/** A tile's name in words: a tile code's, or "tile back". */
function tileLabel(code: string, s: (typeof tables)['en'], t: ReturnType<typeof useT>): string {
  return isTileCode(code) ? tileName(code, t) : s.backTile;
}

/** What the recognition noticed about tiles it may have missed (while the hand is short of tiles). */
function missingTileHints(review: ReviewState, s: (typeof tables)['en'], t: ReturnType<typeof useT>): string[] {
  const name = (id: string) => tileLabel(review.tiles.find((x) => x.id === id)?.tile ?? '', s, t);
  const present = (id: string) => review.tiles.some((x) => x.id === id);
  return [
    ...review.hints.cutOff.map((side) => format(s['hint.cut-off'], { side: s[`side.${side}`] })),
    ...review.hints.gaps.filter(([a, b]) => present(a) && present(b)).map(([a, b]) => format(s['hint.gap'], { left: name(a), right: name(b) })),
  ];
}

export function ReviewPanel({ review, photo, readingDora, onDoraPhoto, canUndo }: ReviewPanelProps) {
  const s = useStrings(tables);
  const t = useT();
  const lang = useLang();
  const situation = useAppState((st) => st.situation);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [paletteFor, setPaletteFor] = useState<'add' | 'dora' | null>(null);
  const [keep, setKeep] = useState(keepPhotos);
  const [wholePhoto, setWholePhoto] = useState(false);
  // After a correction: the other tiles that look like the corrected one and still read as it did (review.ts lookAlikes).
  const [alike, setAlike] = useState<{ ids: string[]; from: string; to: string } | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLDivElement>(null);
  const update = capture.updateReview;
  const undo = () => {
    capture.undoReview();
    setSelected(null);
    setAlike(null);
  };
  useUndoShortcut({ undo }, canUndo);

  // Back on a photo whose hand was handed over: the Hand screen's dora indicators are that hand's, and may have been
  // changed there; the review takes them, so that "Use this hand" again does not set them back.
  useEffect(() => {
    if (capture.wasHandedOver(photo)) capture.takeHandDora(situation.dora_indicators);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per photo shown: later changes are the review's own
  }, [photo.url]);

  // Tiles are on screen: the end of "shutter to tiles shown" (browser benchmark).
  useEffect(() => {
    requestAnimationFrame(() => mark('tiles-shown'));
  }, [photo.url]);

  // Keyboard focus: on the review once it replaces the camera (the shutter is gone), and back on the tile
  // whose menu just closed (or its neighbour, when the tile was deleted).
  const rootRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) rootRef.current?.querySelector<HTMLElement>('#review-title')?.focus({ preventScroll: true });
  }, [photo.url]);
  const lastMenu = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    if (selected) {
      lastMenu.current = { id: selected, index: review.tiles.findIndex((x) => x.id === selected) };
      return;
    }
    const last = lastMenu.current;
    lastMenu.current = null;
    if (!last || !rootRef.current) return;
    const tiles = [...rootRef.current.querySelectorAll<HTMLElement>('[data-testid=review-strip] [data-testid=review-tile]')];
    const back = tiles.find((el) => el.dataset.tileId === last.id) ?? tiles[Math.min(last.index, tiles.length - 1)];
    back?.focus({ preventScroll: true });
    // Only the tile's own change matters here: review.tiles is read when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  const selectedTile = review.tiles.find((x) => x.id === selected) ?? null;
  useEffect(() => {
    if (selected) menuRef.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [selected]);
  const close = useCallback(() => setSelected(null), []);
  // A palette opened by a button brings itself into view (on a phone it opens below the fold).
  const paletteRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (paletteFor) paletteRef.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [paletteFor]);
  const doubtful = review.tiles.filter((x) => x.doubtful).length;
  // Tiles the player's tile set (the profile taught by confirmed photos) read otherwise than the classifier alone, as
  // still shown: "Green dragon → 1 Bamboo ×2".
  const fromSet = review.tiles.filter((x) => x.fromProfile && x.tile === x.modelTile);
  const changes = new Map<string, number>(); // "Green dragon → 1 Bamboo" -> how many tiles
  for (const x of fromSet) {
    const change = `${tileLabel(x.fromProfile!, s, t)} → ${tileLabel(x.tile, s, t)}`;
    changes.set(change, (changes.get(change) ?? 0) + 1);
  }
  const fromSetList = [...changes].map(([change, n]) => (n > 1 ? `${change} ×${n}` : change)).join(', ');

  const alikeIds = alike ? alike.ids.filter((id) => review.tiles.some((x) => x.id === id && x.tile === alike.from)) : [];

  const draft = useMemo(() => toHandDraft(review), [review]);
  const check = useMemo(() => checkHand(draft, { ...situation, dora_indicators: review.doraIndicators }), [draft, situation, review.doraIndicators]);
  const backs = unreadBacks(review).length;
  const redFivesInSet = redFivesInSetOf(situation);
  const mends = useMemo(() => handMends(review, redFivesInSet), [review, redFivesInSet]);
  // The tiles a mend would change, marked in the row while its button is pointed at or focused.
  const [mendTarget, setMendTarget] = useState<readonly string[]>([]);
  const pointAt = (m: ReviewMend) => ({
    onMouseEnter: () => setMendTarget(mendTiles(m)),
    onMouseLeave: () => setMendTarget([]),
    onFocus: () => setMendTarget(mendTiles(m)),
    onBlur: () => setMendTarget([]),
  });
  const mend = (m: ReviewMend) => {
    setMendTarget([]);
    update((r) => applyMend(r, m));
  };
  const kanMends = mends.status === 'incomplete' ? mends.mends.filter((m): m is KanMend => m.kind === 'kan') : [];
  const tileMends = mends.status === 'incomplete' ? mends.mends.filter((m): m is TileMend => m.kind !== 'kan') : [];
  const fourKinds = check.problems
    .filter((p) => p.code === 'four-concealed')
    .map((p) => String(p.params.tile) as TileCode)
    .filter((kind) => !kanMends.some((k) => k.tile === kind));
  const calls = readerCalls(review);
  const problems: string[] = [
    ...(check.count !== 14 ? [format(s['problem.count'], { count: check.count })] : []),
    ...(check.count < 14 ? missingTileHints(review, s, t) : []),
    // Said whatever the count now: the box left out may have been a tile of the hand after all.
    ...(review.hints.extraLeftOut ? [format(s[review.hints.extraLeftOut === 1 ? 'hint.extra-one' : 'hint.extra-many'], { n: String(review.hints.extraLeftOut) })] : []),
    ...(review.hints.loneBacksLeftOut ? [format(s[review.hints.loneBacksLeftOut === 1 ? 'hint.lone-back-one' : 'hint.lone-back-many'], { n: String(review.hints.loneBacksLeftOut) })] : []),
    // Said so the player checks the tiles the lines covered most (red fives, backs).
    ...(review.hints.overlaysPainted ? [s['hint.overlays']] : []),
    // A call read where there was none opens the hand: said, with the meld's tiles, until the player touches it.
    ...(calls.length ? [format(s['hint.calls'], { melds: calls.map((m) => `${s.meldLabel[m.type]} (${tileLabel(review.tiles.find((x) => x.id === m.tileIds[0])!.tile, s, t)})`).join(', ') })] : []),
    ...check.problems.filter((p) => p.code !== 'too-many-tiles').map((p) => problemText(p, t)),
    ...(backs > 0 ? [format(s['problem.back'], { count: backs })] : []),
    ...(review.winId === null ? [s['problem.no-win']] : []),
  ];

  const onPhotoClick = async (e: MouseEvent<HTMLDivElement>) => {
    if (!adding || !figureRef.current) return;
    const rect = figureRef.current.getBoundingClientRect();
    const x = view.x0 + ((e.clientX - rect.left) / rect.width) * vw;
    const y = view.y0 + ((e.clientY - rect.top) / rect.height) * vh;
    const box = boxAround(review, x, y);
    setAdding(false);
    const index = insertionIndex(review, box);
    let read: Partial<ReviewTile> = { tile: '5z', guesses: [], score: 0 };
    try {
      await capture.photoReady();
      const [tile] = await recognitionClient().classifyBoxes([box], loadProfile());
      if (tile) {
        read = {
          tile: tile.tile,
          guesses: [{ tile: tile.tile, score: tile.score }, ...tile.alternatives],
          score: tile.score,
          ...(tile.embedding ? { embedding: tile.embedding } : {}),
        };
      }
    } catch {
      /* the player picks it from the palette */
    }
    const base = { box, modelTile: null, doubtful: true, rotated: false, edited: true, tile: '5z', guesses: [], score: 0 };
    const added = { ...base, ...read, id: `add${Date.now()}` } as ReviewTile;
    update((r) => addTile(r, index, added));
    setSelected(added.id);
  };

  const confirm = () => {
    const hand = toRecognisedHand(review);
    // this photo's hand handed over for the first time: another win than the one the Hand screen may still show
    const newPhoto = !capture.wasHandedOver(photo);
    // Teach the tile set (once per photo), keep the labelled photo (replaced if confirmed again), then hand over.
    // Both stay on this device.
    if (newPhoto) {
      const learnt = learnTiles(review.modelId, confirmedExamples(review));
      if (learnt) capture.setNotice(format(s.learnt, { count: confirmedExamples(review).length, total: learntTiles(learnt), kinds: learntKinds(learnt), setKinds: SET_KINDS }));
    }
    capture.handOver(photo);
    if (keep) {
      // Kept once per photo: its id is its content, so the same photo confirmed again replaces its copy.
      const labels = labelledBoxes(review);
      void photoId(photo.blob)
        .then(async (id) => {
          const image = await uprightJpeg(photo.blob, review.photo.width, review.photo.height);
          await storePhoto({ id, createdAt: Date.now(), image, width: review.photo.width, height: review.photo.height, labels });
        })
        .catch(() => undefined);
    }
    actions.setHandFromRecognition(hand, { newPhoto });
  };

  const winner = review.tiles.find((x) => x.id === review.winId) ?? null;
  const meldIds = new Map(review.melds.flatMap((m) => m.tileIds.map((id) => [id, m] as const)));
  const view = wholePhoto ? { x0: 0, y0: 0, x1: review.photo.width, y1: review.photo.height } : viewRegion(review);
  const vw = view.x1 - view.x0;
  const vh = view.y1 - view.y0;
  const pct = (v: number) => `${v * 100}%`;

  return (
    <section className="review" aria-labelledby="review-title" data-testid="review" ref={rootRef}>
      <h3 id="review-title" tabIndex={-1}>
        {s.reviewTitle}
      </h3>
      <p className="muted small">
        {s.reviewHelp} {format(s.found, { count: review.tiles.length })}
        {doubtful > 0 && (
          <>
            {' · '}
            <strong data-testid="doubtful-count">{format(s.doubtfulCount, { count: doubtful })}</strong>
          </>
        )}
        {fromSet.length > 0 && (
          <>
            {' · '}
            <span data-testid="from-set">{format(s.fromSet, { count: fromSet.length, list: fromSetList })}</span>
          </>
        )}
      </p>

      <div className="review-photo-frame">
      <div
        className={`review-photo${adding ? ' adding' : ''}`}
        ref={figureRef}
        onClick={onPhotoClick}
        style={{ aspectRatio: `${vw} / ${vh}`, '--photo-ratio': vw / vh } as CSSProperties}
        data-testid="review-photo"
        data-view={[view.x0, view.y0, view.x1, view.y1].map(Math.round).join(',')}
      >
        <div className="review-photo-clip">
          <img
            src={photo.url}
            alt={s.photoAlt}
            draggable={false}
            style={{ left: pct(-view.x0 / vw), top: pct(-view.y0 / vh), width: pct(review.photo.width / vw), height: pct(review.photo.height / vh) }}
          />
        </div>
        {review.tiles.map((tile, index) => {
          if (!tile.box) return null;
          // A tilted row's tiles are drawn as their own rectangles turned (their boxes overlap); the label stays upright.
          const o = tileOutline(tile.box, review.photo.tilt);
          return (
            <button
              key={tile.id}
              type="button"
              className={`review-box${index % 2 ? ' label-below' : ''}${tile.doubtful ? ' doubtful' : ''}${tile.edited ? ' edited' : ''}${selected === tile.id ? ' selected' : ''}`}
              style={{
                left: pct((o.cx - o.width / 2 - view.x0) / vw),
                top: pct((o.cy - o.height / 2 - view.y0) / vh),
                width: pct(o.width / vw),
                height: pct(o.height / vh),
                ...(o.angle ? { rotate: `${o.angle}rad`, '--tilt': `${o.angle}rad` } : {}),
              }}
              onClick={(e) => {
                e.stopPropagation();
                setSelected(tile.id);
              }}
              tabIndex={-1}
              // the row of tiles under the photo offers the same tiles to the keyboard and to screen readers
              aria-hidden="true"
              data-testid="review-box"
              data-tile-id={tile.id}
              data-box={tile.box.map(Math.round).join(',')}
              data-doubtful={tile.doubtful || undefined}
            >
              <TileFace code={tile.tile} size="sm" />
            </button>
          );
        })}
        {adding && <div className="add-hint">{s.addModeOn}</div>}
      </div>
      </div>
      <button type="button" className="link small" onClick={() => setWholePhoto((w) => !w)} aria-pressed={wholePhoto} data-testid="whole-photo">
        {wholePhoto ? s.zoomRow : s.wholePhoto}
      </button>


      <div className="review-strip" role="group" aria-label={s.handRow} data-testid="review-strip">
        {review.tiles.map((tile, i) => {
          const meld = meldIds.get(tile.id);
          const startsMeld = meld && meld.tileIds[0] === tile.id;
          const endsMeld = meld && meld.tileIds[meld.tileIds.length - 1] === tile.id;
          const prevMeld = i > 0 ? meldIds.get(review.tiles[i - 1]!.id) : undefined;
          return (
            <span key={tile.id} className={`strip-item${meld ? ' in-meld' : ''}${startsMeld ? ' meld-start' : ''}${endsMeld ? ' meld-end' : ''}${!meld && prevMeld ? ' after-meld' : ''}`}>
              {startsMeld && (
                <span className="cap-meld-label">
                  {s.meldLabel[meld.type]}
                  <button type="button" className="link small" onClick={() => update((r) => removeMeld(r, meld.id))} aria-label={`${s.unmeld} (${s.meldLabel[meld.type]})`}>
                    ✕
                  </button>
                </span>
              )}
              <button
                type="button"
                className={`strip-tile${tile.doubtful ? ' doubtful' : ''}${selected === tile.id ? ' selected' : ''}${review.winId === tile.id ? ' winner' : ''}${alikeIds.includes(tile.id) ? ' look-alike' : ''}${mendTarget.includes(tile.id) ? ' mend-target' : ''}`}
                onClick={() => setSelected(tile.id)}
                data-testid="review-tile"
                data-tile-id={tile.id}
                data-doubtful={tile.doubtful || undefined}
                data-winner={review.winId === tile.id || undefined}
                data-look-alike={alikeIds.includes(tile.id) || undefined}
                data-mend-target={mendTarget.includes(tile.id) || undefined}
                aria-haspopup="dialog"
              >
                <TileFace code={tile.tile} size="md" sideways={meld ? meld.calledId === tile.id : false} />
                {review.winId === tile.id && <span className="win-badge">{s.winBadge}</span>}
                {/* the dashed outline, in words for a screen reader */}
                {tile.doubtful && <span className="visually-hidden">, {s.doubtfulMark}</span>}
              </button>
            </span>
          );
        })}
      </div>

      {alike && alikeIds.length > 0 && (
        <div className="look-alikes" role="status" data-testid="look-alikes">
          <span>{format(alikeIds.length === 1 ? s.lookAlikes.one : s.lookAlikes.other, { count: alikeIds.length, from: tileLabel(alike.from, s, t) })}</span>
          <button
            type="button"
            data-testid="look-alikes-change"
            onClick={() => {
              update((r) => setTiles(r, alikeIds, alike.from, alike.to));
              setAlike(null);
            }}
          >
            {format(alikeIds.length === 1 ? s.lookAlikesChange.one : s.lookAlikesChange.other, { to: tileLabel(alike.to, s, t) })}
          </button>
          <button type="button" className="link" data-testid="look-alikes-keep" onClick={() => setAlike(null)}>
            {alikeIds.length === 1 ? s.lookAlikesKeep.one : s.lookAlikesKeep.other}
          </button>
        </div>
      )}
      {/* A row of 13 or 15 tiles with no one-tile mend: the tile count's problem line says enough. */}
      {mends.status === 'incomplete' && (mends.mends.length > 0 || mends.count === 14) && (
        <div className="mends" role="status" data-testid="review-mends" data-count={mends.count}>
          {kanMends.map((k) => (
            <p key={mendKey(k)}>
              {format(s['mend.kan'], { tile: tileLabel(k.tile, s, t) })}{' '}
              <button type="button" data-testid="mend" data-mend={mendKey(k)} onClick={() => mend(k)} {...pointAt(k)}>
                {s['mend.kanDo'][k.type]}
              </button>
            </p>
          ))}
          {(tileMends.length > 0 || kanMends.length === 0) && (
            <p>{tileMends.length === 0 ? s['mend.none'] : s[mends.count === 13 ? 'mend.add' : mends.count === 15 ? 'mend.remove' : 'mend.change']}</p>
          )}
          {tileMends.length > 0 && (
            <div className="actions">
              {tileMends.slice(0, MENDS_SHOWN).map((m) => (
                <button key={mendKey(m)} type="button" data-testid="mend" data-mend={mendKey(m)} onClick={() => mend(m)} {...pointAt(m)}>
                  <MendLabel mend={m} label={(code) => tileLabel(code, s, t)} s={s} />
                </button>
              ))}
            </div>
          )}
          {tileMends.length > MENDS_SHOWN && <p className="muted small">{format(doubtful > 0 ? s['mend.more'] : s['mend.moreNoDoubt'], { count: tileMends.length - MENDS_SHOWN })}</p>}
        </div>
      )}
      {selectedTile && (
        <div ref={menuRef}>
        <TileMenu
          review={review}
          tile={selectedTile}
          winningKinds={winningKindsFor(review, selectedTile.id, redFivesInSet)}
          winsWithout={winsWithoutTile(review, selectedTile.id, redFivesInSet)}
          onClose={close}
          onSet={(code) => {
            const ids = lookAlikes(review, selectedTile.id, selectedTile.tile, code);
            update((r) => setTile(r, selectedTile.id, code));
            setAlike(ids.length ? { ids, from: selectedTile.tile, to: code } : null);
            setSelected(null);
          }}
          onDelete={() => {
            update((r) => removeTile(r, selectedTile.id));
            setSelected(null);
          }}
          onMove={(delta) => update((r) => moveTile(r, selectedTile.id, delta))}
          onWinner={() => {
            update((r) => setWinner(r, selectedTile.id));
            setSelected(null);
          }}
          onMeld={(type) => {
            update((r) => makeMeld(r, selectedTile.id, type));
            setSelected(null);
          }}
        />
        </div>
      )}
      {listedRightToLeft(review) && <p className="muted small" data-testid="upside-down-note">{s.upsideDownNote}</p>}
      {review.readingNotes?.length ? (
        <ul className="muted small reading-notes" data-testid="reading-notes" aria-label={s.readingNotes}>
          {review.readingNotes.map((note, i) => (
            <li key={i} data-note={note.code}>
              {noteText(note, lang)}
            </li>
          ))}
        </ul>
      ) : null}
      {/* the way on comes first, under the row: on a phone the tools to mend the row, the dora indicators and the
          photo-keeping choice would otherwise push it a screen and more down */}
      {problems.length > 0 && (
        <ul className="problems" data-testid="review-problems" aria-live="polite">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {/* Four of a kind in a row with a tile too many: made a closed kan in one tap, wherever they lie (the kan
          mends above cover four side by side only; the problem line said "make them one" with no way to) */}
      {fourKinds.length > 0 && (
        <div className="actions">
          {fourKinds.map((kind) => (
            <button key={kind} type="button" data-testid="review-make-kan" data-tile={kind} onClick={() => update((r) => gatherKan(r, kind))}>
              {t('editor.makeKanOf', { tile: tileName(kind, t) })}
            </button>
          ))}
        </div>
      )}

      {winner && (
        <p className="review-winner" data-testid="review-winner" data-tile-code={winner.tile}>
          {s.winnerIs} <TileFace code={winner.tile} size="sm" /> <strong>{tileLabel(winner.tile, s, t)}</strong>
          <span className="muted small"> {s.winnerChange}</span>
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={confirm} data-testid="confirm-hand">
          {s.confirm}
        </button>
        <button type="button" onClick={capture.restart} data-testid="retake">
          {s.retake}
        </button>
      </div>
      <p className="muted small">{s.confirmHelp}</p>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            // the photo, where the next tap adds the tile, may be far above the buttons on a phone: bring it in view
            if (!adding) figureRef.current?.scrollIntoView?.({ block: 'center', behavior: scrollBehavior() });
            setAdding((a) => !a);
          }}
          aria-pressed={adding}
          data-testid="add-mode"
        >
          {s.addMode}
        </button>
        <button type="button" onClick={() => setPaletteFor(paletteFor === 'add' ? null : 'add')} aria-expanded={paletteFor === 'add'}>
          {s.addFromPalette}
        </button>
        <button type="button" onClick={() => update(reverseRow)} disabled={review.tiles.length < 2} data-testid="turn-row">
          {s.turnRow}
        </button>
        {canUndo && (
          <button type="button" onClick={undo} title={s.undoTitle} aria-keyshortcuts="Control+Z" data-testid="review-undo">
            {s.undo}
          </button>
        )}
      </div>
      {paletteFor === 'add' && (
        <div ref={paletteRef}>
        <TilePalette
          label={s.addFromPalette}
          onPick={(code) => {
            update((r) => addTile(r, r.tiles.length, { tile: code, box: null, modelTile: null, score: 1, guesses: [], doubtful: false, rotated: false, edited: true }));
          }}
        />
        </div>
      )}

      <section className="dora" aria-labelledby="dora-title" data-testid="review-dora">
        <h4 id="dora-title">{s.doraTitle}</h4>
        <div className="dora-row">
          {review.doraIndicators.length === 0 ? <span className="muted small">{s.doraNone}</span> : review.doraIndicators.map((code, i) => <TileFace key={i} code={code} size="sm" />)}
        </div>
        <div className="actions">
          <button type="button" onClick={() => setPaletteFor(paletteFor === 'dora' ? null : 'dora')} aria-expanded={paletteFor === 'dora'} data-testid="dora-pick">
            {s.doraAdd}
          </button>
          <button type="button" onClick={onDoraPhoto} disabled={readingDora} data-testid="dora-photo">
            {readingDora ? s.doraReading : s.doraPhoto}
          </button>
          {review.doraIndicators.length > 0 && (
            <button type="button" onClick={() => update((r) => setDoraIndicators(r, []))}>
              {s.doraClear}
            </button>
          )}
        </div>
        {paletteFor === 'dora' && (
          <div ref={paletteRef}>
            <TilePalette label={s.doraTitle} onPick={(code) => update((r) => setDoraIndicators(r, [...r.doraIndicators, code]))} />
          </div>
        )}
      </section>

      <label className="small">
        <input
          type="checkbox"
          data-testid="keep-photos"
          checked={keep}
          onChange={(e) => {
            setKeep(e.target.checked);
            try {
              localStorage.setItem(KEEP_PHOTOS_KEY, e.target.checked ? 'yes' : 'no');
            } catch {
              /* not remembered */
            }
          }}
        />{' '}
        {s.keepPhotos}
      </label>
    </section>
  );
}
