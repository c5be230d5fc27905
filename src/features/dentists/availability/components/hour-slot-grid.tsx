import type { HourSlot, HourSlotState } from '../hour-slots';
import { AVAILABILITY_TEXT } from '../messages';

export const SLOT_STATE_LABELS: Record<HourSlotState, string> = {
  available: 'Available',
  blocked: 'Blocked',
  booked: 'Booked',
  lunch: AVAILABILITY_TEXT.lunch,
};

/**
 * The hour grid: nine slots in three columns. A click toggles available ↔ blocked; booked and lunch
 * slots say so and do nothing (toggleHourSlot leaves them alone).
 */
export function HourSlotGrid({
  slots,
  disabled,
  onToggle,
}: {
  slots: readonly HourSlot[];
  disabled?: boolean;
  onToggle: (hour: number) => void;
}) {
  return (
    <ul className="hour-grid" aria-label="Hours">
      {slots.map((slot) => {
        const fixed = slot.state === 'booked' || slot.state === 'lunch';
        return (
          <li key={slot.hour}>
            <button
              type="button"
              className={`hour-slot hour-slot-${slot.state}`}
              data-hour={slot.time}
              data-state={slot.state}
              aria-pressed={slot.state === 'blocked'}
              aria-disabled={fixed || disabled ? true : undefined}
              disabled={disabled}
              title={fixed ? `${SLOT_STATE_LABELS[slot.state]}: cannot be changed here` : undefined}
              onClick={() => onToggle(slot.hour)}
            >
              <span className="hour-slot-time">{slot.label}</span>
              <span className="hour-slot-state">{SLOT_STATE_LABELS[slot.state]}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** What the colours mean. */
export function SlotLegend() {
  return (
    <ul className="slot-legend" aria-label="Legend">
      {(['available', 'blocked', 'booked', 'lunch'] as const).map((state) => (
        <li key={state}>
          <span className={`slot-swatch hour-slot-${state}`} aria-hidden="true" />
          {SLOT_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}
