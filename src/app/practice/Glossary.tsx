// The words of the game (glossary.ts), folded under the Practice screen's tables.
import { useEffect, useRef, useState } from 'react';
import { useLang } from '../i18n/index.ts';
import { scrollBehavior } from '../motion.ts';
import { GLOSSARY } from './glossary.ts';
import type { PracticeStrings } from './strings.ts';
import { takeWordsRequest } from './wordsRequest.ts';

export function Glossary({ s }: { s: PracticeStrings }) {
  const lang = useLang();
  const [asked] = useState(takeWordsRequest);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (asked) ref.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [asked]);
  return (
    <details className="glossary" id="words" data-testid="glossary" open={asked || undefined} ref={ref}>
      <summary>{s.glossary}</summary>
      <dl>
        {GLOSSARY[lang].map((entry) => (
          <div key={entry.id} data-term={entry.id}>
            <dt>{entry.term}</dt>
            <dd>{entry.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
