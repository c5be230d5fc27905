import type { CalendarEvent } from '../calendar-time';

/** A drawn-only event: the lunch break in each day (and dentist) column. */
export interface BackgroundBlock {
  readonly id: string;
  readonly title: string;
  readonly start: Date;
  readonly end: Date;
  readonly resourceId?: number;
}

export interface CalendarResource {
  readonly id: number;
  readonly name: string;
}

export type CalendarMode = 'week' | 'day';

/**
 * What the lazily loaded react-big-calendar wrapper draws. Every Date is a wall-clock Date
 * (calendar-time.ts); the wrapper imports nothing of the feature at run time, so its chunk holds
 * only react-big-calendar, date-fns and their styles.
 */
export interface BigCalendarProps {
  events: readonly CalendarEvent[];
  backgroundEvents: readonly BackgroundBlock[];
  /** One column per dentist in the day view; undefined in the week view. */
  resources: readonly CalendarResource[] | undefined;
  view: CalendarMode;
  onView: (view: CalendarMode) => void;
  date: Date;
  onNavigate: (date: Date) => void;
  now: Date;
  /** The day's first and last time (only the time of day counts). */
  min: Date;
  max: Date;
  stepMinutes: number;
  isLunch: (slot: Date) => boolean;
  onSelectSlot: (start: Date, resourceId: number | undefined) => void;
  onSelectEvent: (appointmentId: number) => void;
}
