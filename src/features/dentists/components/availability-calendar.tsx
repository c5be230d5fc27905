import { addMonths, canShowPreviousMonth, monthGrid, type IsoMonth } from '../availability/calendar-days';
import type { IsoDate } from '@/lib/clinic-time';
import { formatLongDate, formatMonthTitle } from '../format';

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
 * The month calendar in clinic time (spec part 1 §5, §9): Sunday-first weeks, Sundays and days
 * before the clinic's today disabled, no paging back before today's month.
 */
export function AvailabilityCalendar({
  month,
  today,
  selected,
  onMonthChange,
  onSelect,
}: {
  month: IsoMonth;
  today: IsoDate;
  selected: IsoDate | null;
  onMonthChange: (month: IsoMonth) => void;
  onSelect: (date: IsoDate) => void;
}) {
  const weeks = monthGrid(month, today);
  const title = formatMonthTitle(month);
  return (
    <div className="availability-calendar">
      <div className="calendar-header">
        <button
          type="button"
          className="calendar-nav"
          aria-label="Previous month"
          disabled={!canShowPreviousMonth(month, today)}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </button>
        <h3 className="calendar-title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="calendar-nav"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <table className="calendar-grid" aria-label={title}>
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
          {weeks.map((week) => (
            <tr key={week.find((cell) => cell)?.date}>
              {week.map((cell, index) =>
                cell ? (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={[
                        'calendar-day',
                        cell.isToday ? 'calendar-day-today' : '',
                        cell.date === selected ? 'calendar-day-selected' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={formatLongDate(cell.date)}
                      aria-pressed={cell.date === selected}
                      aria-current={cell.isToday ? 'date' : undefined}
                      data-date={cell.date}
                      disabled={!cell.selectable}
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
