import type { HourSlotCounts } from '../hour-slots';

export interface DayFooterProps {
  readonly counts: HourSlotCounts;
  readonly unsaved: boolean;
  /** A save or delete is under way. */
  readonly busy: boolean;
  readonly saving: boolean;
  readonly onDeleteAll: () => void;
  readonly onSave: () => void;
}

/** Below the day's grid: how many hours are available, blocked and booked, and its actions. */
export function DayFooter({ counts, unsaved, busy, saving, onDeleteAll, onSave }: DayFooterProps) {
  return (
    <>
      <p className="slot-counts">
        <span>
          Available: <strong data-testid="count-available">{counts.available}</strong>
        </span>
        <span>
          Blocked: <strong data-testid="count-blocked">{counts.blocked}</strong>
        </span>
        <span>
          Booked: <strong data-testid="count-booked">{counts.booked}</strong>
        </span>
      </p>
      <div className="availability-actions">
        {unsaved ? <span className="unsaved-note">Unsaved changes</span> : null}
        <button type="button" className="button button-danger-outline" disabled={busy} onClick={onDeleteAll}>
          Delete all blocks
        </button>
        <button type="button" className="button button-primary" disabled={busy} onClick={onSave}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </>
  );
}
