import { statusBadge } from '../status';
import { statusToneClass } from './status-tone';
import './status-badge.css';

/** An appointment status in the spec's colours, wherever a status is shown as text. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const badge = statusBadge(status);
  return (
    <span className={`status-badge ${statusToneClass(status)}`} data-tone={badge.tone}>
      {badge.label}
    </span>
  );
}
