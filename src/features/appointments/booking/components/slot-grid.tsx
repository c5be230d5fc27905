import type { Slot } from '../../model/slots';
import { SLOT_STATE_LABELS } from '../messages';

/**
 * The time slot grid (spec part 2 §2, §9): every 20 minutes from 9:00 AM to 5:40 PM in clinic
 * time. Booked, blocked, lunch and past slots say so and cannot be picked; they stay focusable
 * (aria-disabled) so a keyboard or screen-reader user hears why.
 */
export function SlotGrid({
  slots,
  selected,
  invalid,
  describedBy,
  onSelect,
}: {
  slots: readonly Slot[];
  selected: string | null;
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
        const available = slot.state === 'available';
        const isSelected = available && slot.time === selected;
        return (
          <button
            key={slot.time}
            type="button"
            className={`booking-slot booking-slot-${isSelected ? 'selected' : slot.state}`}
            data-time={slot.time}
            data-state={slot.state}
            aria-pressed={isSelected}
            aria-disabled={available ? undefined : true}
            aria-label={available ? slot.label : `${slot.label}, ${SLOT_STATE_LABELS[slot.state]}`}
            onClick={() => {
              if (available) onSelect(slot.time);
            }}
          >
            <span className="booking-slot-time">{slot.label}</span>
            {available ? null : <span className="booking-slot-state">{SLOT_STATE_LABELS[slot.state]}</span>}
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
