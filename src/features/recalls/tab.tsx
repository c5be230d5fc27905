/** The Recalls tab's view (src/app/tabs.ts loads it as its own chunk). Built in issue 17. */
export default function RecallsTab() {
  return (
    <section aria-labelledby="recalls-title">
      <h1 id="recalls-title">Recalls</h1>
    </section>
  );
}
