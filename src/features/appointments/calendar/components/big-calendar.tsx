import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { useCallback } from 'react';
import { Calendar, dateFnsLocalizer, Views, type Components, type HeaderProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { CalendarEvent } from '../calendar-time';
import type { BackgroundBlock, BigCalendarProps, CalendarResource } from './big-calendar-props';
import './appointments-calendar.css';

const localizer = dateFnsLocalizer({
  format,
  parse,
  // Weeks start on Monday, so the closed Sunday is the last column.
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { 'en-US': enUS },
});

const VIEWS = [Views.WEEK, Views.DAY];

type Item = CalendarEvent | BackgroundBlock;
const isAppointment = (item: Item): item is CalendarEvent => typeof item.id === 'number';

const FORMATS = {
  timeGutterFormat: 'h:mm a',
  eventTimeRangeFormat: ({ start }: { start: Date }) => format(start, 'h:mm a'),
  dayFormat: 'EEE d',
};

/**
 * A day's column title. react-big-calendar's own wraps it in role="columnheader" inside a button
 * and no row, which axe reports as a critical ARIA error; the button alone says it.
 */
function DayHeader({ label }: HeaderProps) {
  return <span>{label}</span>;
}

const COMPONENTS: Components<Item, CalendarResource> = { header: DayHeader };

/**
 * react-big-calendar's week and day views (the calendar chunk, loaded only when the calendar
 * opens): events coloured by status, lunch drawn as a background block, Sundays and past slots
 * hatched. Everything it shows is worked out by the panel around it.
 */
export default function BigCalendar({
  events,
  backgroundEvents,
  resources,
  view,
  onView,
  date,
  onNavigate,
  now,
  min,
  max,
  stepMinutes,
  isLunch,
  onSelectSlot,
  onSelectEvent,
}: BigCalendarProps) {
  const nowTime = now.getTime();
  const slotProps = useCallback(
    (slot: Date) => {
      if (isLunch(slot)) return { className: 'calendar-slot-lunch' };
      if (slot.getDay() === 0 || slot.getTime() < nowTime) return { className: 'calendar-slot-unavailable' };
      return {};
    },
    [isLunch, nowTime],
  );
  return (
    <Calendar<Item, CalendarResource>
      localizer={localizer}
      culture="en-US"
      events={events as Item[]}
      backgroundEvents={backgroundEvents as Item[]}
      view={view}
      views={VIEWS}
      onView={(next: View) => onView(next === Views.DAY ? 'day' : 'week')}
      date={date}
      onNavigate={onNavigate}
      getNow={() => now}
      min={min}
      max={max}
      step={stepMinutes}
      timeslots={60 / stepMinutes}
      selectable
      longPressThreshold={120}
      onSelectSlot={(slot) =>
        onSelectSlot(slot.start, typeof slot.resourceId === 'number' ? slot.resourceId : undefined)
      }
      onSelectEvent={(item) => {
        if (isAppointment(item)) onSelectEvent(item.id);
      }}
      eventPropGetter={(item) =>
        isAppointment(item)
          ? { className: `calendar-event calendar-event-${item.colour}` }
          : { className: 'calendar-lunch' }
      }
      slotPropGetter={slotProps}
      dayPropGetter={(day) => (day.getDay() === 0 ? { className: 'calendar-day-closed' } : {})}
      resources={resources as CalendarResource[] | undefined}
      resourceIdAccessor="id"
      resourceTitleAccessor="name"
      tooltipAccessor={(item) => (isAppointment(item) ? `${item.title} (${item.status})` : item.title)}
      formats={FORMATS}
      components={COMPONENTS}
    />
  );
}
