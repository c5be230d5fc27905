import { describe, expect, it } from 'vitest';
import { fixSystemClock } from '@common/clinic-calendar/testing/browser-zone';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@common/contract';
import { statusColour } from '@/entities/appointment';
import {
  CANCEL_LOCK_MS,
  hasStarted,
  isStatusSelectable,
  needsStatusUpdate,
  STATUS_AFTER_EDIT,
  STATUS_OPTIONS,
  statusChangeKind,
  statusOptionsFor,
} from './status-rules';

fixSystemClock();

// Monday 23 November 2026, 10:20 in Manila.
const APPOINTMENT = '2026-11-23T10:20:00+08:00';
const at = (iso: string) => new Date(iso);

function selectable(now: Date): AppointmentStatus[] {
  return statusOptionsFor(APPOINTMENT, now)
    .filter((option) => !option.disabled)
    .map((option) => option.value);
}

describe('status options', () => {
  it('are the five statuses with the spec’s colours', () => {
    expect(STATUS_OPTIONS).toEqual([
      { value: 'Scheduled', label: 'Scheduled', colour: 'grey' },
      { value: 'Confirmed', label: 'Confirmed', colour: 'green' },
      { value: 'Completed', label: 'Completed', colour: 'blue' },
      { value: 'No Show', label: 'No Show', colour: 'orange' },
      { value: 'Cancelled', label: 'Cancelled', colour: 'red' },
    ]);
    expect(APPOINTMENT_STATUSES).toHaveLength(5);
  });

  it('colour anything unknown grey', () => {
    expect(statusColour('Cancelled')).toBe('red');
    expect(statusColour('cancelled')).toBe('grey');
    expect(statusColour(null)).toBe('grey');
    expect(statusColour('Rescheduled')).toBe('grey');
  });
});

describe('which statuses the select offers', () => {
  it('offers Scheduled, Confirmed and Cancelled more than an hour before the appointment', () => {
    expect(selectable(at('2026-11-23T09:00:00+08:00'))).toEqual(['Scheduled', 'Confirmed', 'Cancelled']);
  });

  it('still offers Cancelled exactly one hour before, and no longer a millisecond later', () => {
    expect(CANCEL_LOCK_MS).toBe(3_600_000);
    expect(selectable(at('2026-11-23T09:20:00+08:00'))).toEqual(['Scheduled', 'Confirmed', 'Cancelled']);
    expect(selectable(at('2026-11-23T09:20:00.001+08:00'))).toEqual(['Scheduled', 'Confirmed']);
  });

  it('offers only Scheduled and Confirmed within the last hour', () => {
    expect(selectable(at('2026-11-23T10:19:59.999+08:00'))).toEqual(['Scheduled', 'Confirmed']);
  });

  it('offers only Completed and No Show from the appointment’s time on', () => {
    expect(selectable(at('2026-11-23T10:20:00+08:00'))).toEqual(['Completed', 'No Show']);
    expect(selectable(at('2026-12-25T00:00:00+08:00'))).toEqual(['Completed', 'No Show']);
  });

  it('marks each option disabled or not, keeping the spec’s order and colours', () => {
    expect(statusOptionsFor(APPOINTMENT, at('2026-11-23T10:30:00+08:00'))).toEqual([
      { value: 'Scheduled', label: 'Scheduled', colour: 'grey', disabled: true },
      { value: 'Confirmed', label: 'Confirmed', colour: 'green', disabled: true },
      { value: 'Completed', label: 'Completed', colour: 'blue', disabled: false },
      { value: 'No Show', label: 'No Show', colour: 'orange', disabled: false },
      { value: 'Cancelled', label: 'Cancelled', colour: 'red', disabled: true },
    ]);
  });

  it('judges instants, so the offset the time is written with does not matter', () => {
    const now = at('2026-11-23T01:00:00Z'); // 09:00 in Manila
    expect(isStatusSelectable('Cancelled', '2026-11-23T02:20:00Z', now)).toBe(true);
    expect(isStatusSelectable('Cancelled', '2026-11-22T21:20:00-05:00', now)).toBe(true);
    expect(isStatusSelectable('Completed', new Date('2026-11-23T02:20:00Z'), now)).toBe(false);
  });
});

describe('changing the status', () => {
  it('updates Scheduled and Confirmed directly, and asks and notifies for the others', () => {
    expect(statusChangeKind('Scheduled', 'Confirmed')).toBe('direct');
    expect(statusChangeKind('Confirmed', 'Scheduled')).toBe('direct');
    expect(statusChangeKind('Confirmed', 'Completed')).toBe('confirm-and-notify');
    expect(statusChangeKind('Scheduled', 'No Show')).toBe('confirm-and-notify');
    expect(statusChangeKind('Scheduled', 'Cancelled')).toBe('confirm-and-notify');
  });

  it('does nothing when the status stays the same', () => {
    expect(statusChangeKind('Completed', 'Completed')).toBe('none');
  });

  it('goes back to Scheduled when an appointment is edited', () => {
    expect(STATUS_AFTER_EDIT).toBe('Scheduled');
  });
});

describe('the overdue rule', () => {
  const now = at('2026-11-23T10:20:00+08:00');

  it('flags Scheduled and Confirmed appointments whose time has come', () => {
    expect(needsStatusUpdate({ status: 'Scheduled', appointment_time: '2026-11-23T10:20:00+08:00' }, now)).toBe(true);
    expect(needsStatusUpdate({ status: 'Confirmed', appointment_time: '2026-11-20T09:00:00+08:00' }, now)).toBe(true);
    expect(hasStarted('2026-11-23T10:20:00+08:00', now)).toBe(true);
  });

  it('leaves future appointments and settled statuses alone', () => {
    expect(needsStatusUpdate({ status: 'Scheduled', appointment_time: '2026-11-23T10:20:00.001+08:00' }, now)).toBe(
      false,
    );
    for (const status of ['Completed', 'No Show', 'Cancelled']) {
      expect(needsStatusUpdate({ status, appointment_time: '2026-11-20T09:00:00+08:00' }, now), status).toBe(false);
    }
  });
});
