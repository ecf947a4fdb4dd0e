import { useMemo } from 'react';
import { scoreHand, type Payment, type ScoreResult } from '../../engine/index.ts';
import { useLang, useT, type MessageKey, type TFunction } from '../i18n/index.ts';
import { useAppState } from '../state/store.ts';
import type { HandDraft, Situation } from '../state/types.ts';
import { parseNotation } from '../tiles/codes.ts';
import { Tile } from '../tiles/Tile.tsx';
import { toHandInput } from './engineInput.ts';
import { engineTexts } from './engineText.ts';
import { blocksScoring, type HandCheck } from './validate.ts';

const fmt = (n: number, lang: string) => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');

export function ResultPanel({ check }: { check: HandCheck }) {
  const t = useT();
  const lang = useLang();
  const hand = useAppState((s) => s.hand);
  const situation = useAppState((s) => s.situation);
  const ready = check.complete && !check.problems.some(blocksScoring);
  const result = useMemo<ScoreResult | null>(
    () => (ready ? scoreHand(toHandInput(hand, situation)) : null),
    [ready, hand, situation],
  );

  return (
    <section className="panel result" aria-labelledby="result-title" aria-live="polite" data-testid="result">
      <h2 id="result-title">{t('result.title')}</h2>
      {!ready && <p className="hint">{check.complete ? t('result.fixFirst') : t('result.incomplete')}</p>}
      {result && !result.ok && <ErrorView error={result.error} hand={hand} situation={situation} />}
      {result && result.ok && <ScoreView result={result} t={t} lang={lang} />}
    </section>
  );
}

function ScoreView({ result, t, lang }: { result: Extract<ScoreResult, { ok: true }>; t: TFunction; lang: 'en' | 'fr' }) {
  const texts = engineTexts(lang);
  const ex = result.explanation;
  const isYakuman = result.limit === 'yakuman' || result.limit === 'double_yakuman';
  return (
    <div data-testid="score" data-han={result.han} data-fu={result.fu} data-total={result.total_gain}>
      <p className="total">
        <span data-testid="total">{fmt(result.total_gain, lang)}</span> {t('result.points')}
        {result.limit && (
          <span className="limit" data-testid="limit">
            {' '}
            · {t(`limit.${result.limit}` as MessageKey)}
          </span>
        )}
      </p>
      <p className="han-fu" data-testid="han-fu">
        {isYakuman ? t('result.yakumanHand') : t('result.hanFu', { han: result.han, fu: result.fu })}
      </p>
      <PaymentLines payment={result.payment} sticks={ex.riichi_sticks} honba={ex.honba} t={t} lang={lang} dealer={ex.dealer} />

      <h3>{t('result.yaku')}</h3>
      <ul className="yaku-list" data-testid="yaku-list">
        {ex.yaku.map((y) => {
          const ja = texts.yakuJapanese(y.id);
          const reason = texts.yakuReason(y);
          return (
            <li key={y.id} data-yaku={y.id}>
              <span className="yaku-name">{texts.yakuName(y.id)}</span>
              {ja && (
                <span className="yaku-ja" lang="ja">
                  {' '}
                  {ja}
                </span>
              )}
              <span className="yaku-han">
                {isYakuman ? t('result.yakuman') : t('result.han', { han: y.han })}
              </span>
              {reason && <span className="yaku-reason">{reason}</span>}
            </li>
          );
        })}
      </ul>

      {!isYakuman && ex.fu.length > 0 && (
        <>
          <h3>{t('result.fu')}</h3>
          <ul className="fu-list" data-testid="fu-list">
            {ex.fu.map((item, i) => (
              <li key={i} data-fu-item={item.id}>
                <span className="fu-name">{texts.fuItem(item)}</span>
                {item.tiles && <Tiles notation={item.tiles} />}
                <span className="fu-value">{t('result.fuValue', { fu: item.fu })}</span>
              </li>
            ))}
            {ex.fu_raw !== result.fu && !ex.fu.some((f) => f.id === 'rounding') && (
              <li className="fu-rounding">
                <span className="fu-name">{t('result.fuRounded', { raw: ex.fu_raw, fu: result.fu })}</span>
              </li>
            )}
          </ul>
        </>
      )}
      {ex.reading.sets.length > 0 && (
        <p className="reading">
          {t('result.reading')}{' '}
          {ex.reading.sets.map((set, i) => (
            <Tiles key={i} notation={set} />
          ))}
          {ex.reading.pair && <Tiles notation={ex.reading.pair} />}
          {ex.reading.wait && <span className="wait">{t('result.wait', { wait: texts.wait(ex.reading.wait) })}</span>}
        </p>
      )}
      {ex.red_fives_plain > 0 && (
        <p className="red-fives-plain" data-testid="red-fives-plain">
          {t('result.redFivesPlain', { count: ex.red_fives_plain })}
        </p>
      )}
      {/* the rules in player words ("EMA 2016"), not the id */}
      <p className="rules-used">{t('result.rules', { rules: ex.rules_label ?? result.rules })}</p>
    </div>
  );
}

function Tiles({ notation }: { notation: string }) {
  const tiles = parseNotation(notation.replace(/[^0-9mpsz]/g, '')) ?? [];
  return (
    <span className="tile-group">
      {tiles.map((code, i) => (
        <Tile key={i} code={code} size="sm" />
      ))}
    </span>
  );
}

function PaymentLines(props: { payment: Payment; sticks: number; honba: number; t: TFunction; lang: string; dealer: boolean }) {
  const { payment: p, t, lang } = props;
  const lines: string[] = [];
  if ('from_discarder' in p) lines.push(t('pay.ron', { amount: fmt(p.from_discarder, lang) }));
  else if (p.from_dealer !== undefined)
    lines.push(t('pay.tsumo', { dealer: fmt(p.from_dealer, lang), each: fmt(p.from_each_non_dealer, lang) }));
  else lines.push(t('pay.dealerTsumo', { each: fmt(p.from_each_non_dealer, lang) }));
  if (props.honba > 0) {
    const perPayer = 'from_discarder' in p ? 300 * props.honba : 100 * props.honba;
    lines.push(t('pay.counters', { honba: props.honba, amount: fmt(perPayer, lang) }));
  }
  if (props.sticks > 0) lines.push(t('pay.sticks', { amount: fmt(props.sticks * 1000, lang), count: props.sticks }));
  return (
    <ul className="payments" data-testid="payments">
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  );
}

function ErrorView({ error, hand, situation }: { error: { code: string; message: string; params?: Record<string, string | number> }; hand: HandDraft; situation: Situation }) {
  const t = useT();
  const lang = useLang();
  const texts = engineTexts(lang);
  const helpKey = `error.${error.code}` as MessageKey;
  const help = t(helpKey);
  const fixes = fixesFor(error.code, hand, situation);
  return (
    <div className="error-box" role="alert" data-testid="score-error" data-code={error.code}>
      <p className="error-message">{texts.errorMessage(error.code, error.message, error.params)}</p>
      {help !== helpKey && <p>{help}</p>}
      {fixes.length > 0 && (
        <ul className="fixes">
          {fixes.map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What might fix an error, when the hand says so. */
export function fixesFor(code: string, hand: HandDraft, situation: Situation): MessageKey[] {
  const closedHand = hand.melds.every((m) => m.type === 'kan-closed');
  const fixes: MessageKey[] = [];
  if (code === 'NO_YAKU') {
    if (closedHand && !situation.riichi) fixes.push('fix.riichi');
    if (closedHand && !situation.tsumo) fixes.push('fix.tsumo');
    if (!closedHand) fixes.push('fix.openYaku');
    if (situation.dora_indicators.length > 0) fixes.push('fix.doraNotYaku');
  }
  if (code === 'NOT_A_WINNING_HAND') fixes.push('fix.checkTiles');
  if (code === 'CONTRADICTORY_FLAGS') fixes.push('fix.flags');
  return fixes;
}
