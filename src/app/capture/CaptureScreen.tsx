// Placeholder — owned by the VISION agent (issue 5: camera, recognition, review). Replace freely.
// Hand a reviewed hand to the editor with actions.setHandFromRecognition (see src/app/README.md).
import { useT } from '../i18n/index.ts';

export default function CaptureScreen() {
  const t = useT();
  return (
    <section aria-labelledby="photo-title">
      <h2 id="photo-title">{t('nav.photo')}</h2>
      <p>Photo recognition is coming soon. Enter the hand on the Hand screen meanwhile.</p>
    </section>
  );
}
