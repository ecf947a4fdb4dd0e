// Words for what the engine returns (yaku, fu items, limits, errors), in the UI language.
// The engine owns these texts (src/engine/i18n); this adapter falls back to readable ids where a text is missing.
import type { FuItem, YakuExplanation } from '../../engine/index.ts';
import type { Lang } from '../i18n/index.ts';

export interface EngineTexts {
  yakuName(id: string): string;
  yakuJapanese(id: string): string | null;
  yakuReason(y: YakuExplanation): string | null;
  fuItem(item: FuItem): string;
  errorMessage(code: string, fallback: string, params?: Record<string, string | number>): string;
}

const humanize = (id: string) => id.replace(/[-_]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export function engineTexts(_lang: Lang): EngineTexts {
  return {
    yakuName: humanize,
    yakuJapanese: () => null,
    yakuReason: () => null,
    fuItem: (item) => humanize(item.id),
    errorMessage: (_code, fallback) => fallback,
  };
}
