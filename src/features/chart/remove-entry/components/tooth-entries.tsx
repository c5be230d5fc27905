import { formatClinicDateTime } from '@common/clinic-calendar';
import { describeMark, type ChartMark } from '../../model/chart-summary';
import { CHART_TEXT } from '../../model/messages';
import { PLAN_TEXT } from '../../model/plan-messages';

/**
 * What is charted on one tooth, oldest first: each finding with who charted it and when, and,
 * for someone who charts and on today's chart, a Remove button (the entry stays in earlier days).
 */
export function ToothEntries({
  tooth,
  marks,
  timeZone,
  removingId,
  onRemove,
  onPlan,
}: {
  tooth: number;
  marks: readonly ChartMark[];
  timeZone: string;
  removingId: number | null;
  /** Left out when the entries are read only (a past day, or a role that does not chart). */
  onRemove?: (mark: ChartMark) => void;
  /** 'Plan' on an existing finding (a caries to fill): opens Plan treatment with its tooth and surfaces. */
  onPlan?: (mark: ChartMark) => void;
}) {
  if (marks.length === 0) return <p className="chart-entries-empty">{CHART_TEXT.noEntries}</p>;
  return (
    <ul className="chart-entries" aria-label={CHART_TEXT.entriesOf(tooth)}>
      {marks.map((mark) => {
        const description = describeMark(mark);
        return (
          <li key={mark.id} className="chart-entry" data-entry-id={mark.id}>
            <span className={`chart-entry-swatch chart-c-${mark.condition} chart-s-${mark.state}`} aria-hidden="true" />
            <span className="chart-entry-text">
              <strong>{description}</strong>
              <span className="chart-entry-meta">
                {CHART_TEXT.recorded(
                  mark.recorded_by_name ?? CHART_TEXT.someone,
                  formatClinicDateTime(mark.recorded_at, timeZone),
                )}
              </span>
              {mark.appointment ? (
                <span className="chart-entry-meta">
                  {CHART_TEXT.atAppointment(formatClinicDateTime(mark.appointment.appointment_time, timeZone))}
                </span>
              ) : null}
              {mark.note ? <span className="chart-entry-note">{mark.note}</span> : null}
            </span>
            {onPlan && mark.state === 'existing' ? (
              <button
                type="button"
                className="button button-secondary button-small chart-no-print"
                aria-label={PLAN_TEXT.planFromEntryLabel(`${CHART_TEXT.tooth(tooth)} ${description}`)}
                onClick={() => onPlan(mark)}
              >
                {PLAN_TEXT.planFromEntry}
              </button>
            ) : null}
            {onRemove ? (
              <button
                type="button"
                className="button button-danger-outline button-small chart-no-print"
                aria-label={CHART_TEXT.removeLabel(`${CHART_TEXT.tooth(tooth)} ${description}`)}
                disabled={removingId === mark.id}
                onClick={() => onRemove(mark)}
              >
                {CHART_TEXT.remove}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
