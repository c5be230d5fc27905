import { memo, useId } from 'react';
import { ChevronIcon } from '@/components/icons';
import type { ListAppointment } from '../../model/api/list-columns';
import type { OpenFlag } from '../../model/api/open-flags';
import type { DentistGroup } from '../../model/grouping';
import { LIST_TEXT } from '../../model/messages';
import { AppointmentRow, type AppointmentRowActions, type KeepFlag } from './appointment-row';
import type { BillAppointment } from './bill-action';
import { APPOINTMENT_ROW_HEIGHT } from './list-geometry';

/** The appointments table's columns; each header's class sets the column's width. */
const COLUMNS = [
  { className: 'col-patient', header: 'Patient / Date & Time' },
  { className: 'col-procedure', header: 'Procedure' },
  { className: 'col-origin', header: 'Origin' },
  { className: 'col-status', header: 'Status' },
  { className: 'col-actions', header: 'Actions' },
] as const;

/** What live updates do to the rows: the ids to highlight, to flash, and the one 'View' focused. */
export interface RowMarks {
  highlighted: ReadonlySet<number>;
  flashing: ReadonlySet<number>;
  focused: number | null;
}

/**
 * One dentist's appointments in a collapsible card titled '{dentist} (n appointments)'.
 * The list says which rows [windowStart, windowEnd) to render (long cards render the rows near the
 * screen); rows are exactly APPOINTMENT_ROW_HEIGHT tall, so spacer rows stand in for the others
 * and the page scrolls as if every row were there.
 */
export const DentistCard = memo(function DentistCard({
  group,
  expanded,
  onToggle,
  windowStart,
  windowEnd,
  timeZone,
  now,
  pending,
  marks,
  actions,
  flags,
  onKeep,
  billed,
  onBill,
}: {
  group: DentistGroup<ListAppointment>;
  expanded: boolean;
  onToggle: (dentistId: number) => void;
  windowStart: number;
  windowEnd: number;
  timeZone: string;
  now: Date;
  pending: ReadonlySet<number>;
  marks: RowMarks;
  actions: AppointmentRowActions;
  /** Open flags by appointment id. */
  flags?: ReadonlyMap<number, OpenFlag>;
  onKeep?: KeepFlag;
  /** Invoice ids (not void) by appointment id. */
  billed?: ReadonlyMap<number, number>;
  onBill?: BillAppointment;
}) {
  const bodyId = useId();
  const count = group.appointments.length;
  const shown = group.appointments.slice(windowStart, windowEnd);
  const windowed = windowStart > 0 || windowEnd < count;
  return (
    <section className="dentist-card" data-dentist-id={group.dentistId} aria-label={group.title}>
      <header className="dentist-card-header">
        <h2 className="dentist-card-title" title={group.title}>
          {group.title}
        </h2>
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
                    {COLUMNS.map((column) => (
                      <th key={column.className} scope="col" className={column.className}>
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody data-windowed={windowed || undefined}>
                  {windowStart > 0 ? (
                    <tr className="appointments-spacer" aria-hidden="true">
                      <td colSpan={5} style={{ height: windowStart * APPOINTMENT_ROW_HEIGHT }} />
                    </tr>
                  ) : null}
                  {shown.map((appointment, index) => (
                    <AppointmentRow
                      key={appointment.id}
                      appointment={appointment}
                      timeZone={timeZone}
                      now={now}
                      busy={pending.has(appointment.id)}
                      highlighted={marks.highlighted.has(appointment.id)}
                      flashing={marks.flashing.has(appointment.id)}
                      focused={marks.focused === appointment.id}
                      actions={actions}
                      rowIndex={windowStart + index + 2}
                      flag={flags?.get(appointment.id)}
                      onKeep={onKeep}
                      invoiceId={billed?.get(appointment.id)}
                      onBill={onBill}
                    />
                  ))}
                  {windowEnd < count ? (
                    <tr className="appointments-spacer" aria-hidden="true">
                      <td colSpan={5} style={{ height: (count - windowEnd) * APPOINTMENT_ROW_HEIGHT }} />
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
