import {
  addMonths,
  bookingMonthGrid,
  canShowPreviousMonth,
  longDayLabel,
  monthTitle,
  type IsoMonth,
} from '../calendar';
import type { IsoDate } from '../../model/dates';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/**
 * The Date calendar of the booking form (spec part 2 §2): clinic dates, past dates and Sundays
 * disabled, no paging back before the clinic's current month. A chosen date that cannot be
 * picked any more (editing a past appointment) still shows as chosen.
 */
export function BookingCalendarView({
  month,
  today,
  selected,
  invalid,
  describedBy,
  onMonthChange,
  onSelect,
}: {
  month: IsoMonth;
  today: IsoDate;
  selected: IsoDate | null;
  invalid: boolean;
  describedBy?: string;
  onMonthChange: (month: IsoMonth) => void;
  onSelect: (date: IsoDate) => void;
}) {
  const title = monthTitle(month);
  return (
    <div className={invalid ? 'booking-calendar is-invalid' : 'booking-calendar'}>
      <div className="booking-calendar-header">
        <button
          type="button"
          className="booking-calendar-nav"
          aria-label="Previous month"
          disabled={!canShowPreviousMonth(month, today)}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </button>
        <h3 className="booking-calendar-title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="booking-calendar-nav"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <table className="booking-calendar-grid" aria-label={title} aria-describedby={describedBy}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bookingMonthGrid(month, today).map((week) => (
            <tr key={week.find((cell) => cell)?.date}>
              {week.map((cell, index) =>
                cell ? (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={[
                        'booking-day',
                        cell.isToday ? 'booking-day-today' : '',
                        cell.date === selected ? 'booking-day-selected' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={longDayLabel(cell.date)}
                      aria-pressed={cell.date === selected}
                      aria-current={cell.isToday ? 'date' : undefined}
                      data-date={cell.date}
                      disabled={!cell.bookable}
                      title={cell.isClosed ? 'Closed' : cell.isPast ? 'Past' : undefined}
                      onClick={() => onSelect(cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                ) : (
                  <td key={`empty-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
