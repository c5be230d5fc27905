import { useId, useState } from 'react';
import { formatClinicDateTime } from '@common/clinic-calendar';
import { NO_SHOW_TEXT } from '../../model/messages';
import type { MissedAppointment } from '../../model/report-shapes';

const TEXT = NO_SHOW_TEXT;
const COLUMNS = TEXT.columns;

/**
 * The no-shows and late cancellations behind the insight's numbers, opened on request. The
 * database sends the latest ones only; `total` is how many there are in the period.
 */
export function MissedAppointments({
  missed,
  total,
  timeZone,
}: {
  missed: readonly MissedAppointment[];
  total: number;
  timeZone: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="reports-missed">
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? TEXT.hideMissed : TEXT.showMissed(total)}
      </button>
      <div id={listId} hidden={!open}>
        {!open ? null : missed.length === 0 ? (
          <p className="reports-note">{TEXT.missedEmpty}</p>
        ) : (
          <>
            {missed.length < total ? <p className="reports-note">{TEXT.missedLatest(missed.length, total)}</p> : null}
            <div className="table-scroll reports-table-scroll" role="region" aria-label={TEXT.missedTitle} tabIndex={0}>
              <table className="data-table reports-table" data-testid="no-show-missed">
                <caption className="reports-table-caption">{TEXT.missedTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{COLUMNS.appointment}</th>
                    <th scope="col">{COLUMNS.patient}</th>
                    <th scope="col">{COLUMNS.dentist}</th>
                    <th scope="col">{COLUMNS.outcome}</th>
                    <th scope="col">{COLUMNS.cancelledAt}</th>
                    <th scope="col">{COLUMNS.cancelReason}</th>
                  </tr>
                </thead>
                <tbody>
                  {missed.map((row) => (
                    <tr key={row.appointment_id}>
                      <td>{formatClinicDateTime(row.appointment_time, timeZone)}</td>
                      <th scope="row">{row.patient_name}</th>
                      <td>{row.dentist_name}</td>
                      <td>{TEXT.outcomes[row.outcome]}</td>
                      <td>{row.cancelled_at === null ? '' : formatClinicDateTime(row.cancelled_at, timeZone)}</td>
                      <td className="reports-reason">{row.cancel_reason ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
