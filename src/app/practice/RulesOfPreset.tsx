// The rule book chosen, option by option, and where its values come from: a player who doubts a figure can see
// what the app counts by and check it (the sources lived only in the repository's docs/rules.md).
import { PRESET_INFO, type PresetName } from '../../engine/index.ts';
import { format, useLang } from '../i18n/index.ts';
import { RULE_SOURCES } from '../i18n/ruleSources.ts';
import { ruleLinesIn } from '../i18n/ruleWords.ts';
import type { PracticeStrings } from './strings.ts';
import './rules-of-preset.css';

export function RulesOfPreset({ s, rules }: { s: PracticeStrings; rules: PresetName }) {
  const lang = useLang();
  return (
    <details className="rules-of-preset" data-testid="rules-of-preset">
      <summary>{format(s.rulesOfPreset, { rules: PRESET_INFO[rules].label })}</summary>
      <ul className="rules-options">
        {ruleLinesIn(rules, lang).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h4>{s.rulesSources}</h4>
      <ul className="rules-sources" data-testid="rules-sources">
        {RULE_SOURCES[lang][rules].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
