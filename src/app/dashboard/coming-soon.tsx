/** The panel of a tab whose feature has not been built yet. */
export function ComingSoon({ label }: { label: string }) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="coming-soon-title">
        {label}
      </h1>
      <p className="coming-soon-text">Coming soon</p>
    </section>
  );
}
