// Hand screen: editor, situation and explained result (APP agent).
export default function HandScreen() {
  return <section aria-label="Hand">Hand editor</section>;
}
