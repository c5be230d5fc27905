/** The Reports tab's view (src/app/tabs.ts loads it as its own chunk). Built in issue 17. */
export default function ReportsTab() {
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
    </section>
  );
}
