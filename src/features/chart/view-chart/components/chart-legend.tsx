import { CHART_TEXT, CONDITION_LABELS, STATE_LABELS } from '../../model/messages';

/** What the colours and styles of the chart mean: a swatch per condition and per state. */
export function ChartLegend() {
  return (
    <section className="chart-legend" aria-labelledby="chart-legend-title">
      <h2 id="chart-legend-title" className="chart-legend-title">
        {CHART_TEXT.legend}
      </h2>
      <ul className="chart-legend-list">
        {Object.entries(CONDITION_LABELS).map(([condition, label]) => (
          <li key={condition}>
            <svg className="chart-legend-swatch" viewBox="0 0 16 16" aria-hidden="true">
              <rect className={`chart-mark chart-c-${condition} chart-s-existing`} width="16" height="16" />
            </svg>
            {label}
          </li>
        ))}
      </ul>
      <ul className="chart-legend-list" aria-label={CHART_TEXT.states}>
        {Object.entries(STATE_LABELS).map(([state, label]) => (
          <li key={state}>
            <svg className="chart-legend-swatch" viewBox="0 0 16 16" aria-hidden="true">
              <rect className={`chart-mark chart-c-caries chart-s-${state}`} width="16" height="16" />
            </svg>
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
