import { limitName, PRESET_INFO, PRESET_NAMES } from '../../engine/index.ts';
import { useLang, useStrings, useT, type MessageKey } from '../i18n/index.ts';
import { RulesOfPreset } from '../practice/RulesOfPreset.tsx';
import { practiceStrings } from '../practice/strings.ts';
import { presetSummaryIn } from '../i18n/ruleWords.ts';
import { actions, useAppState } from '../state/store.ts';
import { Tile } from '../tiles/Tile.tsx';
import { customOptionsOf, SITUATION_FLAGS, WINDS, type CustomRules, type Situation, type Wind } from '../state/types.ts';
import { removeAt, setFlag, type PaletteTarget } from './editing.ts';
import { problemText } from './problemText.ts';
import type { HandCheck } from './validate.ts';

interface Props {
  check: HandCheck;
  target: PaletteTarget;
  setTarget: (t: PaletteTarget) => void;
}

const windKey: Record<Wind, MessageKey> = { E: 'wind.E', S: 'wind.S', W: 'wind.W', N: 'wind.N' };
const BOOLEAN_OPTIONS = [
  'redFivesAreDora', 'openTanyao', 'kazoeYakuman', 'daisuushiiDouble', 'doubleYakumanWaits', 'yakumanStacking', 'kiriageMangan', 'minTwoFanWithFiveCounters', 'nagashiMangan',
] as const;

export function SituationForm({ check, target, setTarget }: Props) {
  const t = useT();
  const practiceWords = useStrings(practiceStrings);
  // a flag's name with a few words of what it is where the name alone is Japanese (the help is a tooltip, which a
  // phone never shows); the result's summary keeps the bare name
  const formLabel = (flag: string) => {
    const key = `flag.${flag}.label` as MessageKey;
    const label = t(key);
    return label !== key ? label : t(`flag.${flag}` as MessageKey);
  };
  const lang = useLang();
  const s = useAppState((st) => st.situation);
  const set = (patch: Partial<Situation>) => actions.setSituation(patch);
  const setCustom = (patch: Partial<CustomRules>) => set({ custom: { ...s.custom, ...patch } });

  return (
    <section className="panel situation" aria-labelledby="situation-title">
      <h2 id="situation-title">{t('situation.title')}</h2>

      <div className="inline">
        <label>
          {t('situation.seatWind')}{' '}
          <select value={s.seat_wind} onChange={(e) => set({ seat_wind: e.target.value as Wind })} data-testid="seat-wind">
            {WINDS.map((w) => (
              <option key={w} value={w}>
                {t(windKey[w])}
                {w === 'E' ? ` (${t('situation.dealer')})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('situation.roundWind')}{' '}
          <select value={s.round_wind} onChange={(e) => set({ round_wind: e.target.value as Wind })} data-testid="round-wind">
            {WINDS.map((w) => (
              <option key={w} value={w}>
                {t(windKey[w])}
              </option>
            ))}
          </select>
        </label>
      </div>

      <fieldset className="flags">
        <legend>{t('situation.special')}</legend>
        {SITUATION_FLAGS.map((flag) => (
          <label key={flag} title={t(`flag.${flag}.help` as MessageKey)}>
            <input
              type="checkbox"
              checked={s[flag]}
              onChange={(e) => set(setFlag(s, flag, e.target.checked))}
              data-flag={flag}
            />
            {formLabel(flag)}
          </label>
        ))}
      </fieldset>

      {(['dora', 'ura'] as const).map((kind) => {
        const list = s[`${kind}_indicators`];
        const problems = check.problems.filter((p) => p.where === kind);
        return (
          <div className="indicators" key={kind} data-testid={`${kind}-indicators`}>
            <span className="indicators-label">{t(`situation.${kind}` as MessageKey)}</span>
            <span className="indicator-tiles">
              {list.map((code, i) => (
                <button
                  key={`${i}-${code}`}
                  type="button"
                  className="hand-tile"
                  aria-label={t('situation.removeIndicator')}
                  onClick={() => set({ [`${kind}_indicators`]: removeAt(list, i) })}
                >
                  <Tile code={code} size="sm" />
                </button>
              ))}
            </span>
            <button type="button" aria-pressed={target === kind} onClick={() => setTarget(target === kind ? 'hand' : kind)}>
              {target === kind ? t('situation.pickingIndicator') : t('situation.pickIndicator')}
            </button>
            {problems.map((p, i) => (
              <span key={i} className="problem" role="alert">
                {problemText(p, t)}
              </span>
            ))}
          </div>
        );
      })}

      <div className="inline">
        <CountInput label={t('situation.honba')} value={s.honba} onChange={(n) => set({ honba: n })} testId="honba" />
        <CountInput label={t('situation.riichiSticks')} value={s.riichi_sticks} onChange={(n) => set({ riichi_sticks: n })} testId="riichi-sticks" />
      </div>

      <div className="inline">
        <label>
          {t('situation.rules')}{' '}
          <select
            value={s.rules}
            onChange={(e) => {
              const rules = e.target.value as Situation['rules'];
              // custom rules start from the rule book chosen before, not from EMA 2016 (a Mahjong Soul hand turned
              // "custom" to add kiriage lost its red fives and its name)
              if (rules === 'custom' && s.rules !== 'custom') set({ rules, customBase: s.rules, custom: customOptionsOf(s.rules) });
              else set({ rules });
            }}
            data-testid="rules"
          >
            {/* presets by the name of their rule book ("EMA 2016", "Mahjong Soul": proper names, the same in every language) */}
            {PRESET_NAMES.map((name) => (
              <option key={name} value={name} title={presetSummaryIn(name, lang)}>
                {PRESET_INFO[name].label}
              </option>
            ))}
            <option value="custom">{t('rules.custom')}</option>
          </select>
        </label>
      </div>
      {/* the rule book's options and where they come from, a tap away from the score they make */}
      <RulesOfPreset s={practiceWords} rules={s.rules === 'custom' ? s.customBase : s.rules} />
      {s.rules === 'custom' && (
        <fieldset className="custom-rules" data-testid="custom-rules">
          <legend>{t('rules.custom')}</legend>
          {BOOLEAN_OPTIONS.map((k) => (
            <label key={k}>
              <input type="checkbox" checked={s.custom[k]} onChange={(e) => setCustom({ [k]: e.target.checked })} data-option={k} />
              {t(`option.${k}` as MessageKey)}
            </label>
          ))}
          <label>
            {t('option.renhou')}{' '}
            <select value={s.custom.renhou} onChange={(e) => setCustom({ renhou: e.target.value as CustomRules['renhou'] })}>
              <option value="mangan">{limitName('mangan', lang)}</option>
              <option value="yakuman">{limitName('yakuman', lang)}</option>
              <option value="none">{t('option.renhou.none')}</option>
            </select>
          </label>
          <label>
            {t('option.redFivesInSet')}{' '}
            <select value={String(s.custom.redFivesInSet)} onChange={(e) => setCustom({ redFivesInSet: e.target.value === '4' ? 4 : 3 })} data-testid="red-fives-in-set">
              <option value="3">{t('option.redFivesInSet.3')}</option>
              <option value="4">{t('option.redFivesInSet.4')}</option>
            </select>
          </label>
          <label>
            {t('option.doubleWindPairFu')}{' '}
            <select value={String(s.custom.doubleWindPairFu)} onChange={(e) => setCustom({ doubleWindPairFu: e.target.value === '2' ? 2 : 4 })} data-testid="double-wind-fu">
              <option value="4">4</option>
              <option value="2">2</option>
            </select>
          </label>
          <label>
            {t('option.multipleRon')}{' '}
            <select
              value={s.custom.multipleRon}
              onChange={(e) => setCustom({ multipleRon: e.target.value as CustomRules['multipleRon'] })}
            >
              <option value="head-bump">{t('option.multipleRon.head-bump')}</option>
              <option value="each-winner">{t('option.multipleRon.each-winner')}</option>
              <option value="double-ron">{t('option.multipleRon.double-ron')}</option>
            </select>
          </label>
          <button type="button" onClick={() => set({ custom: customOptionsOf(s.customBase) })} data-testid="reset-custom">
            {t('rules.resetCustom', { rules: PRESET_INFO[s.customBase].label })}
          </button>
        </fieldset>
      )}
    </section>
  );
}

function clampCount(text: string): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) ? Math.min(99, Math.max(0, n)) : 0;
}

/** A small whole-number field (counters, riichi bets), clamped to 0..99. */
function CountInput({ label, value, onChange, testId }: { label: string; value: number; onChange: (n: number) => void; testId: string }) {
  return (
    <label>
      {label}{' '}
      <input
        type="number"
        min={0}
        max={99}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(clampCount(e.target.value))}
        data-testid={testId}
      />
    </label>
  );
}
