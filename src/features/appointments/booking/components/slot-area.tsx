import type { Slot } from '../../model/slots';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from '../messages';
import type { FieldKit } from './field-kit';
import { SlotGrid, SlotLegend } from './slot-grid';

export interface SlotAreaProps {
  readonly kit: FieldKit;
  readonly chosen: boolean;
  readonly closedDay: boolean;
  /** The day could not be read and nothing is shown yet. */
  readonly failed: boolean;
  readonly onRetry: () => void;
  readonly slots: readonly Slot[] | undefined;
  readonly selected: string | null;
  /** A started appointment's own time on this dentist's day. */
  readonly kept: string | null;
  /** The chosen slot is no longer free. */
  readonly slotDropped: boolean;
  readonly onSelect: (time: string) => void;
}

/** The Time fieldset: the dentist's free times for the date, or why there are none to show. */
export function SlotArea({
  kit,
  chosen,
  closedDay,
  failed,
  onRetry,
  slots,
  selected,
  kept,
  slotDropped,
  onSelect,
}: SlotAreaProps) {
  const { formId, invalid, describedBy, fieldError } = kit;
  const placeholderClass = `booking-hint booking-slot-placeholder${invalid('time') ? ' is-invalid' : ''}`;
  let slotArea;
  if (!chosen) {
    slotArea = <p className={placeholderClass}>Choose a dentist and a date to see the free times.</p>;
  } else if (closedDay) {
    slotArea = <p className={placeholderClass}>{BOOKING_MESSAGES.closedDay}</p>;
  } else if (failed) {
    slotArea = (
      <div className={`${placeholderClass} is-error`} role="alert">
        {BOOKING_EXTRA_TEXT.slotsFailed}{' '}
        <button type="button" className="button-link" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  } else if (!slots) {
    slotArea = (
      <p className={placeholderClass} role="status">
        Loading times…
      </p>
    );
  } else {
    slotArea = (
      <SlotGrid
        slots={slots}
        selected={selected}
        kept={kept}
        invalid={invalid('time')}
        describedBy={describedBy('time', slotDropped && `${formId}-slot-dropped`)}
        onSelect={onSelect}
      />
    );
  }
  return (
    <fieldset className="booking-fieldset">
      <legend className="field-label">Time</legend>
      {slotArea}
      {slotDropped ? (
        <p id={`${formId}-slot-dropped`} className="booking-hint" role="status">
          {BOOKING_EXTRA_TEXT.slotDropped}
        </p>
      ) : null}
      {fieldError('time')}
      {slots && slots.length > 0 ? <SlotLegend /> : null}
    </fieldset>
  );
}
