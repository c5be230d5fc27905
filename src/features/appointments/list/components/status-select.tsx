import { memo } from 'react';
import type { AppointmentStatus } from '@common/contract';
import { isAppointmentStatus, statusColour, statusToneClass } from '@/entities/appointment';
import { statusOptionsFor } from '../../model/status-rules';

/**
 * The status of one appointment as a select in the status's colour: options that the
 * rules do not allow at `now` are disabled. An unknown stored status shows as itself, disabled.
 */
export const StatusSelect = memo(function StatusSelect({
  status,
  appointmentTime,
  now,
  busy,
  label,
  onChange,
}: {
  status: string;
  appointmentTime: string;
  now: Date;
  busy: boolean;
  /** Accessible name, e.g. 'Status of Maria Santos, 10:20 AM'. */
  label: string;
  onChange: (status: AppointmentStatus) => void;
}) {
  const colour = statusColour(status);
  return (
    <select
      className={`status-select ${statusToneClass(status)}`}
      data-colour={colour}
      value={status}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onChange={(event) => {
        const next = event.target.value;
        if (isAppointmentStatus(next)) onChange(next);
      }}
    >
      {isAppointmentStatus(status) ? null : (
        <option value={status} disabled>
          {status || 'Unknown'}
        </option>
      )}
      {statusOptionsFor(appointmentTime, now).map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
});
