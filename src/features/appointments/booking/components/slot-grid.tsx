import type { Slot } from '../../model/slots';
import { BOOKING_EXTRA_TEXT, SLOT_STATE_LABELS } from '../messages';

/**
 * The time slot grid: every 20 minutes from 9:00 AM to 5:40 PM in clinic time. Booked, blocked,
 * lunch and past slots say so and cannot be picked; they stay focusable (aria-disabled) so a
 * keyboard or screen-reader user hears why. `kept` is the own time of a started appointment being
 * edited: past, yet it can be chosen (it is where the appointment is).
 */
export function SlotGrid({
  slots,
  selected,
  kept,
  invalid,
  describedBy,
  onSelect,
}: {
  slots: readonly Slot[];
  selected: string | null;
  kept?: string | null;
  invalid: boolean;
  describedBy?: string;
  onSelect: (time: string) => void;
}) {
  return (
    <div
      className={invalid ? 'booking-slot-grid is-invalid' : 'booking-slot-grid'}
      role="group"
      aria-label="Time slots"
      aria-describedby={describedBy}
    >
      {slots.map((slot) => {
        const isKept = slot.time === kept;
        const available = isKept || slot.state === 'available';
        const isSelected = available && slot.time === selected;
        const stateLabel = isKept ? BOOKING_EXTRA_TEXT.keptSlot : SLOT_STATE_LABELS[slot.state];
        const showState = isKept || slot.state !== 'available';
        return (
          <button
            key={slot.time}
            type="button"
            className={`booking-slot booking-slot-${isSelected ? 'selected' : isKept ? 'kept' : slot.state}`}
            data-time={slot.time}
            data-state={slot.state}
            data-kept={isKept || undefined}
            aria-pressed={isSelected}
            aria-disabled={available ? undefined : true}
            aria-label={showState ? `${slot.label}, ${stateLabel}` : slot.label}
            onClick={() => {
              if (available) onSelect(slot.time);
            }}
          >
            <span className="booking-slot-time">{slot.label}</span>
            {showState ? <span className="booking-slot-state">{stateLabel}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

/** What the colours mean. */
export function SlotLegend() {
  return (
    <ul className="booking-slot-legend" aria-label="Legend">
      {(['available', 'selected', 'booked', 'blocked', 'past', 'lunch'] as const).map((state) => (
        <li key={state}>
          <span className={`booking-slot-swatch booking-slot-${state}`} aria-hidden="true" />
          {state === 'selected' ? 'Selected' : SLOT_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}
