import { useMemo } from 'react';
import {
  addMonths,
  dayLabel,
  monthGrid,
  monthTitle,
  weekdayNames,
  type IsoDate,
  type IsoMonth,
} from '@common/clinic-calendar';
import { joinClasses } from '@/lib/class-names';
import './month-calendar.css';

/**
 * Class names a caller adds to the calendar's parts, besides the calendar's own `month-calendar…`
 * ones: stable hooks for its styles and browser tests.
 */
export interface MonthCalendarClassNames {
  root?: string;
  header?: string;
  /** Both paging buttons. */
  nav?: string;
  title?: string;
  /** The table. */
  grid?: string;
  /** Every day button. */
  day?: string;
  /** The clinic's today. */
  today?: string;
  /** The chosen date. */
  selected?: string;
}

export interface MonthCalendarProps {
  /** The month shown, 'YYYY-MM'. */
  month: IsoMonth;
  /** The clinic's today (clinicToday(now, zone)): marked, and shown as the current date. */
  today: IsoDate;
  /** The chosen date, shown pressed even when it can no longer be picked; null for none. */
  selected: IsoDate | null;
  /** Whether a day of the month can be picked; the others are disabled. */
  isSelectable: (date: IsoDate) => boolean;
  /** Hover text of a day (the `title`, which assistive technology reads as its description). */
  dayTitle?: (date: IsoDate) => string | undefined;
  /** Extra class names of a day's button. */
  dayClassName?: (date: IsoDate) => string | undefined;
  /** A state word for a day (its `data-state`), for styles and tests. */
  dayState?: (date: IsoDate) => string | undefined;
  onSelect: (date: IsoDate) => void;
  onMonthChange: (month: IsoMonth) => void;
  /** Paging back stops at this month; no limit when omitted. */
  earliestMonth?: IsoMonth;
  /** The id of text that describes the calendar, e.g. a field's error message. */
  describedBy?: string;
  classNames?: MonthCalendarClassNames;
}

const SHORT_WEEKDAYS = weekdayNames('short');
const LONG_WEEKDAYS = weekdayNames('long');

/**
 * A month of clinic dates to pick one from: Sunday-first weeks, the month's title between
 * 'Previous month' and 'Next month', one button per day named by its date. Which days can be
 * picked, their hover text and decoration are the caller's; the dates come from
 * common/clinic-calendar, so the browser's zone never shifts a day.
 */
export function MonthCalendar({
  month,
  today,
  selected,
  isSelectable,
  dayTitle,
  dayClassName,
  dayState,
  onSelect,
  onMonthChange,
  earliestMonth,
  describedBy,
  classNames = {},
}: MonthCalendarProps) {
  const weeks = useMemo(() => monthGrid(month, today), [month, today]);
  const title = monthTitle(month);
  const canGoBack = earliestMonth === undefined || month > earliestMonth;
  return (
    <div className={joinClasses('month-calendar', classNames.root)}>
      <div className={joinClasses('month-calendar-header', classNames.header)}>
        <button
          type="button"
          className={joinClasses('month-calendar-nav', classNames.nav)}
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </button>
        <h3 className={joinClasses('month-calendar-title', classNames.title)} aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className={joinClasses('month-calendar-nav', classNames.nav)}
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <table
        className={joinClasses('month-calendar-grid', classNames.grid)}
        aria-label={title}
        aria-describedby={describedBy}
      >
        <thead>
          <tr>
            {SHORT_WEEKDAYS.map((short, index) => (
              <th key={short} scope="col" abbr={LONG_WEEKDAYS[index]}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) => {
                if (!cell.inMonth) return <td key={cell.date} />;
                const isSelected = cell.date === selected;
                return (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={joinClasses(
                        'month-calendar-day',
                        classNames.day,
                        cell.isToday && 'month-calendar-day-today',
                        cell.isToday && classNames.today,
                        isSelected && 'month-calendar-day-selected',
                        isSelected && classNames.selected,
                        dayClassName?.(cell.date),
                      )}
                      aria-label={dayLabel(cell.date)}
                      aria-pressed={isSelected}
                      aria-current={cell.isToday ? 'date' : undefined}
                      data-date={cell.date}
                      data-state={dayState?.(cell.date)}
                      disabled={!isSelectable(cell.date)}
                      title={dayTitle?.(cell.date)}
                      onClick={() => onSelect(cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
