import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATUSES,
  appointmentUpdatedPayloadSchema,
  type AppointmentUpdatedPayload,
} from '@common/contract';
import { isAlarmingStatus } from '../model/status-rules';
import {
  createToastThrottle,
  describeChange,
  isAlarmingChange,
  isUpdateForView,
  listRowFromUpdate,
  mergeAppointmentUpdate,
  noticeChannel,
  updateNoticeText,
  type PreviousRow,
} from './live-updates';
import { pendingUpdatesLabel } from './messages';

const MANILA = 'Asia/Manila';

const payload = (overrides: Record<string, unknown> = {}) => ({
  id: 41,
  clinic_id: 1,
  dentist_id: 3,
  patient_id: 9,
  status: 'Confirmed',
  appointment_time: '2026-11-23T01:20:00+00:00',
  deleted: false,
  patient_name: 'Maria Santos',
  dentist_name: 'Dr. Reyes',
  reason: 'Cleaning',
  ...overrides,
});

/** The payload as the realtime client hands it on: checked against the contract. */
const update = (overrides: Record<string, unknown> = {}): AppointmentUpdatedPayload =>
  appointmentUpdatedPayloadSchema.parse(payload(overrides));

describe('the service payload', () => {
  it('is read flat, names and every other column included', () => {
    const parsed = update();
    expect(parsed).toMatchObject({ id: 41, clinic_id: 1, dentist_id: 3, patient_id: 9, status: 'Confirmed' });
    expect(parsed.patient_name).toBe('Maria Santos');
    expect(parsed.reason).toBe('Cleaning');
  });
});

describe('isUpdateForView', () => {
  const november = { start: new Date('2026-10-31T16:00:00Z'), end: new Date('2026-11-30T16:00:00Z') };

  it('takes updates of the current clinic inside the viewed period', () => {
    expect(isUpdateForView(update(), 1, november)).toBe(true);
  });

  it('ignores another clinic', () => {
    expect(isUpdateForView(update(), 2, november)).toBe(false);
  });

  it('ignores times outside the period, by clinic time at the edges', () => {
    // 1 December 00:00 in Manila is still 30 November in UTC.
    expect(isUpdateForView(update({ appointment_time: '2026-11-30T16:00:00Z' }), 1, november)).toBe(false);
    expect(isUpdateForView(update({ appointment_time: '2026-10-31T16:00:00Z' }), 1, november)).toBe(true);
  });
});

describe('mergeAppointmentUpdate', () => {
  const toRow = (
    u: AppointmentUpdatedPayload,
    previous: { id: number; status: string; note?: string } | undefined,
  ) => ({
    ...previous,
    id: u.id,
    status: u.status,
  });

  it('replaces the row with the same id, keeping what the update does not carry', () => {
    const rows = [
      { id: 40, status: 'Scheduled' },
      { id: 41, status: 'Scheduled', note: 'kept' },
    ];
    const merged = mergeAppointmentUpdate(rows, update({ status: 'Cancelled' }), toRow);
    expect(merged).toEqual([
      { id: 40, status: 'Scheduled' },
      { id: 41, status: 'Cancelled', note: 'kept' },
    ]);
    expect(rows[1]!.status).toBe('Scheduled');
  });

  it('adds an appointment the list did not have', () => {
    expect(mergeAppointmentUpdate([{ id: 40, status: 'Scheduled' }], update(), toRow)).toHaveLength(2);
  });

  it('drops a deleted appointment', () => {
    const merged = mergeAppointmentUpdate([{ id: 41, status: 'Scheduled' }], update({ deleted: true }), toRow);
    expect(merged).toEqual([]);
  });
});

/** The row the list had for appointment 41 (`update()`'s), as the notice compares it. */
const listedAs = (status: 'Scheduled' | 'Confirmed'): PreviousRow => ({
  status,
  appointment_time: '2026-11-23T01:20:00+00:00',
  dentist_id: 3,
  patient_id: 9,
  reason: 'Cleaning',
  patient: { name: 'Maria Santos', messenger_id: null },
});

describe('notices', () => {
  it('are red for Cancelled and No Show only', () => {
    expect(APPOINTMENT_STATUSES.map(isAlarmingStatus)).toEqual([false, false, false, true, true]);
  });

  it('label the pill as the spec words it', () => {
    expect(pendingUpdatesLabel(1)).toBe('1 new update(s)');
    expect(pendingUpdatesLabel(3)).toBe('3 new update(s)');
  });

  it('say who, what and when in Philippine format and clinic time, whatever the process zone', () => {
    expect(updateNoticeText(update(), MANILA)).toBe('Maria Santos with Dr. Reyes: Confirmed · Nov 23, 2026, 9:20 AM');
    expect(updateNoticeText(update({ deleted: true, patient_name: null, dentist_name: null }), MANILA)).toBe(
      'Appointment #41: Deleted · Nov 23, 2026, 9:20 AM',
    );
  });

  it('say what changed from the row the list had: status from → to, a move in clinic time, both', () => {
    const before = listedAs('Scheduled');
    const confirmed = update({ status: 'Confirmed' });
    expect(updateNoticeText(confirmed, MANILA, describeChange(confirmed, before, null))).toBe(
      'Maria Santos with Dr. Reyes: Scheduled → Confirmed · Nov 23, 2026, 9:20 AM',
    );
    const moved = update({ status: 'Scheduled', appointment_time: '2026-11-24T02:00:00Z' });
    expect(updateNoticeText(moved, MANILA, describeChange(moved, before, null))).toBe(
      'Maria Santos with Dr. Reyes: moved Nov 23, 2026, 9:20 AM → Nov 24, 2026, 10:00 AM',
    );
    const cancelledAndMoved = update({ status: 'Cancelled', appointment_time: '2026-11-24T02:00:00Z' });
    const change = describeChange(cancelledAndMoved, before, null);
    expect(updateNoticeText(cancelledAndMoved, MANILA, change)).toBe(
      'Maria Santos with Dr. Reyes: Scheduled → Cancelled; moved Nov 23, 2026, 9:20 AM → Nov 24, 2026, 10:00 AM',
    );
    expect(isAlarmingChange(cancelledAndMoved, change)).toBe(true);
    const renamed = update({ status: 'Scheduled', reason: 'Extraction' });
    expect(updateNoticeText(renamed, MANILA, describeChange(renamed, before, null))).toBe(
      'Maria Santos with Dr. Reyes: Details changed (Scheduled) · Nov 23, 2026, 9:20 AM',
    );
    expect(updateNoticeText(confirmed, MANILA, describeChange(confirmed, undefined, null))).toBe(
      'Maria Santos with Dr. Reyes: New appointment (Confirmed) · Nov 23, 2026, 9:20 AM',
    );
  });

  it('are not raised for a patient renamed on the Patients tab, when nothing else of the row changed', () => {
    const before = listedAs('Confirmed');
    expect(describeChange(update({ patient_name: 'Maria Dela Cruz' }), before, null)).toEqual({
      kind: 'patient-renamed',
    });
    expect(describeChange(update(), before, null)).toEqual({ kind: 'changed' });
    expect(describeChange(update({ patient_name: 'Maria Dela Cruz', status: 'Cancelled' }), before, null)).toEqual({
      kind: 'changed',
      status: { from: 'Confirmed', to: 'Cancelled' },
    });
  });

  it('say a late cancellation as "Patient asked to cancel — call them", in red; a flag that only went away is no news', () => {
    const before = listedAs('Confirmed');
    const flag = {
      id: 7,
      kind: 'late_cancellation_request',
      note: 'Cancel tapped.',
      created_at: '2026-11-23T00:40:00Z',
    };
    const flagged = update({ open_flag: flag });
    const change = describeChange(flagged, before, null);
    expect(change).toEqual({ kind: 'flagged' });
    expect(isAlarmingChange(flagged, change)).toBe(true);
    expect(updateNoticeText(flagged, MANILA, change)).toBe(
      'Maria Santos with Dr. Reyes: Patient asked to cancel — call them · Nov 23, 2026, 9:20 AM',
    );
    // The same flag again (an unrelated change of the row) is not raised twice.
    expect(describeChange(update({ open_flag: flag, status: 'Scheduled' }), before, 7)).toEqual({
      kind: 'changed',
      status: { from: 'Confirmed', to: 'Scheduled' },
    });
    expect(describeChange(update({ open_flag: null }), before, 7)).toEqual({ kind: 'flag-resolved' });
    expect(describeChange(update({ open_flag: null, status: 'Cancelled' }), before, 7)).toMatchObject({
      kind: 'changed',
      status: { from: 'Confirmed', to: 'Cancelled' },
    });
  });

  it('clip names longer than 40 characters, so what changed still shows', () => {
    const dentist = `Dr. Maria ${'Comprehensive Family Dentistry '.repeat(6)}`.slice(0, 200);
    expect(updateNoticeText(update({ dentist_name: dentist }), MANILA)).toBe(
      'Maria Santos with Dr. Maria Comprehensive Family Dentistr…: Confirmed · Nov 23, 2026, 9:20 AM',
    );
  });

  it('pop up at most once per 1.5 s', () => {
    const allow = createToastThrottle();
    expect(allow(10_000)).toBe(true);
    expect(allow(10_500)).toBe(false);
    expect(allow(11_499)).toBe(false);
    expect(allow(11_500)).toBe(true);
    expect(allow(11_600)).toBe(false);
  });

  it('go to the desktop only when the tab is hidden and permission is granted', () => {
    expect(noticeChannel(true, 'granted')).toBe('desktop');
    expect(noticeChannel(true, 'default')).toBe('toast');
    expect(noticeChannel(true, 'unsupported')).toBe('toast');
    expect(noticeChannel(false, 'granted')).toBe('toast');
  });
});

describe('listRowFromUpdate', () => {
  const previous = {
    id: 41,
    clinic_id: 1,
    dentist_id: 2,
    patient_id: 9,
    appointment_time: '2026-11-22T01:20:00+00:00',
    reason: 'Old reason',
    status: 'Scheduled' as const,
    booking_origin: 'messenger',
    guardian_messenger_id: null,
    patient: { name: 'Maria Santos', messenger_id: '2400009' },
    startsAt: Date.parse('2026-11-22T01:20:00+00:00'),
  };

  it("takes the payload's columns and keeps the patient's Messenger id from the row it replaces", () => {
    const row = listRowFromUpdate(update({ booking_origin: null, guardian_messenger_id: '2500001' }), previous);
    expect(row).toEqual({
      id: 41,
      clinic_id: 1,
      dentist_id: 3,
      patient_id: 9,
      appointment_time: '2026-11-23T01:20:00+00:00',
      reason: 'Cleaning',
      status: 'Confirmed',
      booking_origin: null,
      guardian_messenger_id: '2500001',
      patient: { name: 'Maria Santos', messenger_id: '2400009' },
      startsAt: Date.parse('2026-11-23T01:20:00Z'),
    });
  });

  it('gives a new row, or one with another patient, the name only', () => {
    expect(listRowFromUpdate(update(), undefined).patient).toEqual({ name: 'Maria Santos', messenger_id: null });
    expect(listRowFromUpdate(update({ patient_id: 10, patient_name: 'Jose' }), previous).patient).toEqual({
      name: 'Jose',
      messenger_id: null,
    });
    expect(listRowFromUpdate(update({ patient_name: null }), undefined).patient).toBeNull();
  });
});
