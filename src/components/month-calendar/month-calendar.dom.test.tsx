// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { weekdayOf, type IsoDate, type IsoMonth } from '@common/clinic-calendar';
import { MonthCalendar, type MonthCalendarClassNames, type MonthCalendarProps } from './month-calendar';

// Wednesday 9 January 2030 is the clinic's today; the system clock stands years away from it.
const TODAY = '2030-01-09';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2035-07-01T12:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Today and later, Monday to Saturday: the rule both callers have today. */
const openFromToday = (date: IsoDate) => date >= TODAY && weekdayOf(date) !== 0;

/** The calendar with its month and chosen date held in state, as a form holds them. */
function Harness(props: Partial<MonthCalendarProps> & { onPick?: (date: IsoDate) => void }) {
  const [month, setMonth] = useState<IsoMonth>(props.month ?? '2030-01');
  const [selected, setSelected] = useState<IsoDate | null>(props.selected ?? null);
  return (
    <MonthCalendar
      today={TODAY}
      isSelectable={openFromToday}
      earliestMonth="2030-01"
      {...props}
      month={month}
      selected={selected}
      onMonthChange={setMonth}
      onSelect={(date) => {
        setSelected(date);
        props.onPick?.(date);
      }}
    />
  );
}

const day = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the month calendar', () => {
  it('shows the month as a table of Sunday-first weeks, one button per day named by its date', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'January 2030' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'January 2030' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(within(table).getAllByRole('columnheader')[0]!.getAttribute('abbr')).toBe('Sunday');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    // January 2030 starts on a Tuesday: the days of December are empty cells.
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '', '1', '2', '3', '4', '5']);
    expect(day('Wednesday, January 9, 2030').textContent).toBe('9');
    expect(within(table).getAllByRole('button')).toHaveLength(31);
  });

  it('disables the days the caller’s rule refuses, and marks today as the current date', () => {
    render(<Harness />);
    expect(day('Tuesday, January 8, 2030').disabled).toBe(true);
    expect(day('Sunday, January 13, 2030').disabled).toBe(true);
    expect(day('Saturday, January 12, 2030').disabled).toBe(false);
    expect(day('Wednesday, January 9, 2030').disabled).toBe(false);
    expect(day('Wednesday, January 9, 2030').getAttribute('aria-current')).toBe('date');
    expect(day('Thursday, January 10, 2030').getAttribute('aria-current')).toBeNull();
  });

  it('picks a day on click and shows it pressed; a disabled day cannot be picked', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<Harness onPick={onPick} />);
    await user.click(day('Thursday, January 10, 2030'));
    expect(onPick).toHaveBeenCalledWith('2030-01-10');
    expect(day('Thursday, January 10, 2030').getAttribute('aria-pressed')).toBe('true');
    expect(day('Wednesday, January 9, 2030').getAttribute('aria-pressed')).toBe('false');
    await user.click(day('Sunday, January 13, 2030'));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('picks a day from the keyboard', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<Harness onPick={onPick} />);
    day('Friday, January 11, 2030').focus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('2030-01-11');
  });

  it('keeps showing a chosen date that can no longer be picked', () => {
    render(<Harness selected="2030-01-07" />);
    const chosen = day('Monday, January 7, 2030');
    expect(chosen.disabled).toBe(true);
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(chosen.classList.contains('month-calendar-day-selected')).toBe(true);
  });

  it('pages by months across the year end, never back before the earliest month', async () => {
    const user = userEvent.setup();
    render(<Harness month="2030-12" earliestMonth="2030-11" />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'January 2031' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'November 2030' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages back without limit when no earliest month is given', () => {
    render(<Harness earliestMonth={undefined} />);
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('draws February’s weeks after paging, Sundays still refused', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'February 2030' })).toBeTruthy();
    expect(day('Sunday, February 3, 2030').disabled).toBe(true);
    expect(day('Friday, February 1, 2030').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Wednesday, January 9, 2030' })).toBeNull();
  });

  it('gives days the caller’s hover text, class and state', () => {
    render(
      <Harness
        dayTitle={(date) => (weekdayOf(date) === 0 ? 'Closed' : date < TODAY ? 'Past' : undefined)}
        dayClassName={(date) => (date === '2030-01-15' ? 'has-blocks' : undefined)}
        dayState={(date) => (date === '2030-01-15' ? 'blocked' : undefined)}
      />,
    );
    expect(day('Sunday, January 13, 2030').title).toBe('Closed');
    expect(day('Tuesday, January 8, 2030').title).toBe('Past');
    expect(day('Thursday, January 10, 2030').hasAttribute('title')).toBe(false);
    expect(day('Tuesday, January 15, 2030').classList.contains('has-blocks')).toBe(true);
    expect(day('Tuesday, January 15, 2030').dataset.state).toBe('blocked');
    expect(day('Monday, January 14, 2030').hasAttribute('data-state')).toBe(false);
  });

  it('is described by the text the caller names', () => {
    render(
      <>
        <p id="date-error">Date must not be in the past.</p>
        <Harness describedBy="date-error" />
      </>,
    );
    expect(screen.getByRole('table', { name: 'January 2030' }).getAttribute('aria-describedby')).toBe('date-error');
  });
});

describe('the class names the browser tests select on', () => {
  // The booking form's date picker: tests/e2e/appointments-booking and appointments-live.
  const BOOKING: MonthCalendarClassNames = {
    root: 'booking-calendar',
    header: 'booking-calendar-header',
    nav: 'booking-calendar-nav',
    title: 'booking-calendar-title',
    grid: 'booking-calendar-grid',
    day: 'booking-day',
    today: 'booking-day-today',
    selected: 'booking-day-selected',
  };
  // The Availability Manager's calendar: tests/e2e/dentists.
  const AVAILABILITY: MonthCalendarClassNames = {
    root: 'availability-calendar',
    header: 'calendar-header',
    nav: 'calendar-nav',
    title: 'calendar-title',
    grid: 'calendar-grid',
    day: 'calendar-day',
    today: 'calendar-day-today',
    selected: 'calendar-day-selected',
  };

  it('are the booking form’s: .booking-day by date, by title and as the current date', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Harness
        classNames={{ ...BOOKING, root: 'booking-calendar is-invalid' }}
        dayTitle={(date) => (weekdayOf(date) === 0 ? 'Closed' : date < TODAY ? 'Past' : undefined)}
      />,
    );
    const pick = container.querySelector<HTMLButtonElement>('.booking-day[data-date="2030-01-10"]')!;
    await user.click(pick);
    expect(pick.getAttribute('aria-pressed')).toBe('true');
    expect(pick.classList.contains('booking-day-selected')).toBe(true);
    expect(container.querySelector<HTMLButtonElement>('.booking-day[title="Closed"]')!.disabled).toBe(true);
    expect(container.querySelector('.booking-day[aria-current="date"]')!.getAttribute('data-date')).toBe(TODAY);
    expect(container.querySelector('.booking-day-today')!.getAttribute('data-date')).toBe(TODAY);
    expect(container.querySelector('.booking-calendar.is-invalid .booking-calendar-grid')).toBeTruthy();
    expect(container.querySelectorAll('.booking-calendar-header .booking-calendar-nav')).toHaveLength(2);
    expect(container.querySelector('.booking-calendar-title')!.textContent).toBe('January 2030');
  });

  it('are the Availability Manager’s: .calendar-day by date, today, and Sundays in the first column', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness classNames={AVAILABILITY} />);
    const pick = container.querySelector<HTMLButtonElement>('.calendar-day[data-date="2030-01-14"]')!;
    await user.click(pick);
    expect(pick.classList.contains('calendar-day-selected')).toBe(true);
    expect(container.querySelectorAll('.calendar-day-today')).toHaveLength(1);
    const sundays = container.querySelectorAll<HTMLButtonElement>(
      '.calendar-grid tbody tr td:first-child .calendar-day',
    );
    expect([...sundays].map((sunday) => sunday.dataset.date)).toEqual([
      '2030-01-06',
      '2030-01-13',
      '2030-01-20',
      '2030-01-27',
    ]);
    for (const sunday of sundays) expect(sunday.disabled).toBe(true);
    expect(container.querySelector('.availability-calendar .calendar-header .calendar-title')).toBeTruthy();
    expect(container.querySelectorAll('.calendar-nav')).toHaveLength(2);
  });
});
