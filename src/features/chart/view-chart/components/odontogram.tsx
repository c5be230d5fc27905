import { useRef, type KeyboardEvent } from 'react';
import { summaryOf, toothLabel, type ToothSummary } from '../../model/chart-summary';
import { CHART_KEYS, toothAfterKey, type ChartKey, type ToothRow } from '../../model/fdi-layout';
import { CHART_TEXT } from '../../model/messages';
import { ToothDiagram } from './tooth-diagram';

/**
 * The odontogram: one button per tooth, in the rows of the chosen dentition. One tooth is in the
 * tab order at a time (the selected one); the arrow keys, Home and End move the selection, which
 * the tooth's panel follows, so the chart reads and works by keyboard alone.
 */
export function Odontogram({
  rows,
  summaries,
  selectedTooth,
  onSelect,
}: {
  rows: readonly ToothRow[];
  summaries: ReadonlyMap<number, ToothSummary>;
  selectedTooth: number;
  onSelect: (tooth: number) => void;
}) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const inTabOrder = rows.some((row) => row.teeth.includes(selectedTooth)) ? selectedTooth : rows[0]?.teeth[0];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, tooth: number) {
    if (!CHART_KEYS.includes(event.key)) return;
    event.preventDefault();
    const next = toothAfterKey(rows, tooth, event.key as ChartKey);
    onSelect(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div className="chart-odontogram" role="group" aria-label={CHART_TEXT.chartLabel}>
      {rows.map((row) => (
        <div
          key={`${row.arch}-${row.set}`}
          className={`chart-row chart-row-${row.arch} chart-row-${row.set}`}
          role="group"
          aria-label={`${row.arch === 'upper' ? CHART_TEXT.upper : CHART_TEXT.lower} ${row.set}`}
        >
          {row.teeth.map((tooth) => {
            const summary = summaryOf(summaries, tooth);
            return (
              <button
                key={tooth}
                ref={(element) => {
                  if (element) buttons.current.set(tooth, element);
                  else buttons.current.delete(tooth);
                }}
                type="button"
                className="chart-tooth"
                data-tooth={tooth}
                aria-label={toothLabel(tooth, summary, CHART_TEXT.noFindings)}
                aria-pressed={tooth === selectedTooth}
                tabIndex={tooth === inTabOrder ? 0 : -1}
                onClick={() => onSelect(tooth)}
                onKeyDown={(event) => onKeyDown(event, tooth)}
              >
                {row.arch === 'upper' ? <span className="chart-tooth-number">{tooth}</span> : null}
                <ToothDiagram tooth={tooth} upper={row.arch === 'upper'} summary={summary} />
                {row.arch === 'lower' ? <span className="chart-tooth-number">{tooth}</span> : null}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
