/** The Waitlist tab's view (src/app/tabs.ts loads it as its own chunk). Built in issue 17. */
export default function WaitlistTab() {
  return (
    <section aria-labelledby="waitlist-title">
      <h1 id="waitlist-title">Waitlist</h1>
    </section>
  );
}
