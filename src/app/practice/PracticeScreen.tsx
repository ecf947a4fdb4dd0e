// Placeholder — owned by the LEDGER agent (issue 6: practice mode). Replace freely.
import { useT } from '../i18n/index.ts';

export default function PracticeScreen() {
  const t = useT();
  return (
    <section aria-labelledby="practice-title">
      <h2 id="practice-title">{t('nav.practice')}</h2>
      <p>Practice mode is coming soon.</p>
    </section>
  );
}
