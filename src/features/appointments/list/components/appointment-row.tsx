import { memo } from 'react';
import { formatClinicDate, formatClinicDateTimeShort, formatClinicTime } from '@common/clinic-calendar';
import type { AppointmentStatus } from '@common/contract';
import { IconButton } from '@/components/icon-button';
import { BellIcon, EditIcon, TrashIcon } from '@/components/icons';
import type { ListAppointment } from '../../model/api/list-columns';
import type { OpenFlag } from '../../model/api/open-flags';
import { messengerIdText } from '../../model/display';
import { appointmentRowId } from '../../model/display';
import { FLAG_TEXT } from '../../model/flag-messages';
import { LIST_TEXT } from '../../model/messages';
import { needsStatusUpdate } from '../../model/status-rules';
import { isAlarmingStatus } from '../../model/status-rules';
import { isBillable, REASON_NOTES_SEPARATOR } from '../bill';
import { ROW_TEXT } from '../messages';
import { originLabel } from '../origin';
import { BillAction, type BillAppointment } from './bill-action';
import { RowPopover } from './row-popover';
import { StatusSelect } from './status-select';

export interface AppointmentRowActions {
  edit(appointment: ListAppointment): void;
  remove(appointment: ListAppointment): void;
  reminders(appointment: ListAppointment): void;
  changeStatus(appointment: ListAppointment, status: AppointmentStatus): void;
}

/** 'Keep appointment' on a late-cancellation request: the flag is marked handled. */
export type KeepFlag = (flag: OpenFlag) => void;

const NOTES = REASON_NOTES_SEPARATOR;

/**
 * An appointment's date and time in the clinic's zone, formatted once per instant and zone: rows
 * mount again on each filter change, and the zone conversion is the costliest part of a row's
 * render on a slow tablet (bench/tablet.bench.ts). Dentists share time slots, so rows share entries.
 */
const whenCache = new Map<string, { date: string; time: string }>();
const WHEN_CACHE_LIMIT = 10_000;

function clinicWhen(instant: string, timeZone: string): { date: string; time: string } {
  const key = `${timeZone}|${instant}`;
  let when = whenCache.get(key);
  if (when === undefined) {
    if (whenCache.size >= WHEN_CACHE_LIMIT) whenCache.clear();
    when = { date: formatClinicDate(instant, timeZone), time: formatClinicTime(instant, timeZone) };
    whenCache.set(key, when);
  }
  return when;
}

function rowClassName(overdue: boolean, highlighted: boolean, flashing: boolean, focused: boolean, status: string) {
  const names: string[] = [];
  if (overdue) names.push('appointment-overdue');
  if (highlighted || flashing || focused) {
    names.push('appointment-live');
    if (isAlarmingStatus(status)) names.push('appointment-live-alarming');
  }
  if (highlighted) names.push('appointment-highlighted');
  if (flashing) names.push('appointment-flashing');
  if (focused) names.push('appointment-focused');
  return names.length > 0 ? names.join(' ') : undefined;
}

/**
 * One appointment: Patient / Date & Time, Procedure, Origin, Status, Actions. A row
 * changed live is highlighted until acknowledged, flashes for 60 s and, after 'View', is marked
 * for 4 s; in red for Cancelled and No Show.
 */
export const AppointmentRow = memo(function AppointmentRow({
  appointment,
  timeZone,
  now,
  busy,
  highlighted = false,
  flashing = false,
  focused = false,
  actions,
  rowIndex,
  flag,
  onKeep,
  invoiceId,
  onBill,
}: {
  appointment: ListAppointment;
  timeZone: string;
  now: Date;
  busy: boolean;
  /** Changed live and not yet acknowledged. */
  highlighted?: boolean;
  /** Changed live in the last 60 s. */
  flashing?: boolean;
  /** The row 'View' brought on screen, for 4 s. */
  focused?: boolean;
  actions: AppointmentRowActions;
  /** 1-based position in the card's table (aria-rowindex; the heading row is 1). */
  rowIndex: number;
  /** The appointment's open flag (a patient's late cancellation request), if any. */
  flag?: OpenFlag;
  onKeep?: KeepFlag;
  /** The appointment's invoice that is not void, if any. */
  invoiceId?: number;
  /** 'Bill': absent where billing is not offered. */
  onBill?: BillAppointment;
}) {
  const patient = appointment.patient?.name ?? LIST_TEXT.unknownPatient;
  const { date, time } = clinicWhen(appointment.appointment_time, timeZone);
  const reason = appointment.reason ?? '';
  const notesAt = reason.indexOf(NOTES);
  const procedure = notesAt === -1 ? reason : reason.slice(0, notesAt);
  const notes = notesAt === -1 ? '' : reason.slice(notesAt + NOTES.length);
  const overdue = needsStatusUpdate(appointment, now);
  const who = `${patient}, ${date} ${time}`;
  return (
    <tr
      id={appointmentRowId(appointment.id)}
      data-appointment-id={appointment.id}
      aria-rowindex={rowIndex}
      className={rowClassName(overdue, highlighted, flashing, focused, appointment.status)}
    >
      <td className="appointment-patient-cell">
        <span className="appointment-patient">
          {patient}
          {highlighted ? <span className="visually-hidden"> (updated)</span> : null}
        </span>
        <span className="appointment-meta">Appointment ID: {appointment.id}</span>
        <span className="appointment-meta">Messenger: {messengerIdText(appointment.patient?.messenger_id)}</span>
        <span className="appointment-meta">Guardian: {messengerIdText(appointment.guardian_messenger_id)}</span>
        <span className="appointment-when">
          {date} · {time}
        </span>
      </td>
      <td className="appointment-procedure-cell">
        {reason ? (
          <RowPopover
            className="row-details-button"
            label={ROW_TEXT.details(who)}
            trigger={
              <>
                <span className="appointment-procedure">{procedure || '—'}</span>
                {notes ? <span className="appointment-notes">Notes: {notes}</span> : null}
              </>
            }
          >
            {() => (
              <>
                <p className="row-popover-title">{ROW_TEXT.procedure}</p>
                <p className="row-popover-text">{procedure || '—'}</p>
                {notes ? (
                  <>
                    <p className="row-popover-title">{ROW_TEXT.notes}</p>
                    <p className="row-popover-text">{notes}</p>
                  </>
                ) : null}
              </>
            )}
          </RowPopover>
        ) : (
          <span className="appointment-procedure">—</span>
        )}
      </td>
      <td className="appointment-origin-cell">{originLabel(appointment.booking_origin)}</td>
      <td className="appointment-status-cell">
        <StatusSelect
          status={appointment.status}
          appointmentTime={appointment.appointment_time}
          now={now}
          busy={busy}
          label={`Status of ${who}`}
          onChange={(status) => actions.changeStatus(appointment, status)}
        />
        {overdue ? <span className="needs-update">{LIST_TEXT.needsUpdate}</span> : null}
        {flag ? (
          <RowPopover
            className="flag-badge"
            label={ROW_TEXT.flagOf(who)}
            buttonLabel={`${FLAG_TEXT.badge}: ${who}`}
            trigger={FLAG_TEXT.badge}
          >
            {(close) => (
              <>
                <p className="row-popover-title">{FLAG_TEXT.lateCancellation}</p>
                <p className="row-popover-text">{flag.note}</p>
                <p className="row-popover-text row-popover-muted">
                  {ROW_TEXT.flaggedAt(formatClinicDateTimeShort(flag.created_at, timeZone))}
                </p>
                <div className="row-popover-actions">
                  <button
                    type="button"
                    className="button button-danger button-small"
                    disabled={busy}
                    onClick={() => {
                      close();
                      actions.changeStatus(appointment, 'Cancelled');
                    }}
                  >
                    {FLAG_TEXT.cancelNow}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => {
                      close();
                      onKeep?.(flag);
                    }}
                  >
                    {FLAG_TEXT.keep}
                  </button>
                </div>
              </>
            )}
          </RowPopover>
        ) : null}
      </td>
      <td className="appointment-actions-cell">
        <div className="row-actions">
          <IconButton title="Edit" label={`Edit appointment of ${who}`} onClick={() => actions.edit(appointment)}>
            <EditIcon />
          </IconButton>
          <IconButton
            danger
            title="Delete"
            label={`Delete appointment of ${who}`}
            disabled={busy}
            onClick={() => actions.remove(appointment)}
          >
            <TrashIcon />
          </IconButton>
          <IconButton title="Reminders" label={`Reminders for ${who}`} onClick={() => actions.reminders(appointment)}>
            <BellIcon />
          </IconButton>
        </div>
        {onBill && (invoiceId !== undefined || isBillable(appointment.status)) ? (
          <BillAction appointment={appointment} who={who} invoiceId={invoiceId} onBill={onBill} />
        ) : null}
      </td>
    </tr>
  );
});
