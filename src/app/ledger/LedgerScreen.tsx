// Placeholder — owned by the LEDGER agent (issue 6: hanchan ledger). Replace freely.
import { useT } from '../i18n/index.ts';

export default function LedgerScreen() {
  const t = useT();
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('nav.ledger')}</h2>
      <p>The hanchan ledger is coming soon.</p>
    </section>
  );
}
