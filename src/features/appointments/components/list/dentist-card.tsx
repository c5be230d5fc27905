import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ListAppointment } from '../../api/list-columns';
import type { DentistGroup } from '../../grouping';
import { LIST_TEXT } from '../../list-messages';
import { rowWindow, sameWindow, type RowWindow } from '../../row-window';
import { APPOINTMENT_ROW_HEIGHT, AppointmentRow, type AppointmentRowActions } from './appointment-row';
import { ChevronIcon } from './icons';

/** Cards with more rows than this render only the rows near the screen. */
export const WINDOWING_THRESHOLD = 60;
const OVERSCAN = 4;

function initialWindow(count: number): RowWindow {
  const viewportHeight = typeof window === 'undefined' ? 800 : window.innerHeight;
  return rowWindow({ listTop: 0, viewportHeight, rowHeight: APPOINTMENT_ROW_HEIGHT, count, overscan: OVERSCAN });
}

/**
 * The rows of a long card that are near the screen, following the page's scroll: rows are
 * exactly APPOINTMENT_ROW_HEIGHT tall, so spacer rows stand in for the others and the page
 * scrolls as if every row were there.
 */
function useRowWindow(count: number, enabled: boolean) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [range, setRange] = useState<RowWindow>(() => initialWindow(count));
  useLayoutEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const body = bodyRef.current;
      if (!body) return;
      const next = rowWindow({
        listTop: body.getBoundingClientRect().top,
        viewportHeight: window.innerHeight,
        rowHeight: APPOINTMENT_ROW_HEIGHT,
        count,
        overscan: OVERSCAN,
      });
      setRange((current) => (sameWindow(current, next) ? current : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [count, enabled]);
  return { bodyRef, range: enabled ? range : { start: 0, end: count } };
}

/** One dentist's appointments in a collapsible card titled '{dentist} (n appointments)' (spec §2). */
export const DentistCard = memo(function DentistCard({
  group,
  expanded,
  onToggle,
  timeZone,
  now,
  pending,
  actions,
}: {
  group: DentistGroup<ListAppointment>;
  expanded: boolean;
  onToggle: (dentistId: number) => void;
  timeZone: string;
  now: Date;
  pending: ReadonlySet<number>;
  actions: AppointmentRowActions;
}) {
  const bodyId = useId();
  const count = group.appointments.length;
  const windowed = expanded && count > WINDOWING_THRESHOLD;
  const { bodyRef, range } = useRowWindow(count, windowed);
  const shown = group.appointments.slice(range.start, range.end);
  return (
    <section className="dentist-card" data-dentist-id={group.dentistId} aria-label={group.title}>
      <header className="dentist-card-header">
        <h2 className="dentist-card-title">{group.title}</h2>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${expanded ? LIST_TEXT.collapse : LIST_TEXT.expand} ${group.title}`}
          onClick={() => onToggle(group.dentistId)}
        >
          <ChevronIcon open={expanded} />
          {expanded ? LIST_TEXT.collapse : LIST_TEXT.expand}
        </button>
      </header>
      <div id={bodyId} className="dentist-card-body" hidden={!expanded}>
        {expanded ? (
          count === 0 ? (
            <p className="dentist-card-empty">{LIST_TEXT.noAppointments}</p>
          ) : (
            <div className="table-scroll appointments-table-scroll">
              <table className="data-table appointments-table" aria-rowcount={count + 1}>
                <caption className="visually-hidden">{group.title}</caption>
                <thead>
                  <tr aria-rowindex={1}>
                    <th scope="col" className="col-patient">
                      Patient / Date &amp; Time
                    </th>
                    <th scope="col" className="col-procedure">
                      Procedure
                    </th>
                    <th scope="col" className="col-origin">
                      Origin
                    </th>
                    <th scope="col" className="col-status">
                      Status
                    </th>
                    <th scope="col" className="col-actions">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody ref={bodyRef}>
                  {range.start > 0 ? (
                    <tr className="appointments-spacer" aria-hidden="true">
                      <td colSpan={5} style={{ height: range.start * APPOINTMENT_ROW_HEIGHT }} />
                    </tr>
                  ) : null}
                  {shown.map((appointment, index) => (
                    <AppointmentRow
                      key={appointment.id}
                      appointment={appointment}
                      timeZone={timeZone}
                      now={now}
                      busy={pending.has(appointment.id)}
                      actions={actions}
                      rowIndex={range.start + index + 2}
                    />
                  ))}
                  {range.end < count ? (
                    <tr className="appointments-spacer" aria-hidden="true">
                      <td colSpan={5} style={{ height: (count - range.end) * APPOINTMENT_ROW_HEIGHT }} />
                    </tr>
                  ) : null}
                </tbody>
              </table>
            </div>
          )
        ) : null}
      </div>
    </section>
  );
});
