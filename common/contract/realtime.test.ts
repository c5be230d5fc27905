import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_UPDATED,
  appointmentUpdatedPayloadSchema,
  BILLING_UPDATED,
  billingUpdatedPayloadSchema,
} from './realtime';

/** A row as the change feed loads it: every column, the names joined in. */
const row = {
  id: 41,
  clinic_id: 3,
  patient_id: 8,
  dentist_id: 5,
  appointment_time: '2031-03-11T02:00:00+00:00',
  reason: 'Cleaning',
  status: 'Confirmed',
  deleted: false,
  booking_origin: null,
  guardian_messenger_id: null,
  reminder_enabled: true,
  reminder_days: [1, 3],
  reminder_message: null,
  reminder_recipient_type: 'patient',
  created_at: '2026-11-21T01:00:00.123456+00:00',
  updated_at: '2026-11-21T01:05:00.654321+00:00',
  patient_name: 'Maria Santos',
  dentist_name: 'Dr. Reyes',
};

/** A row removed outright: what the trigger's notice knew, marked deleted. */
const removed = {
  id: 41,
  clinic_id: 3,
  dentist_id: 5,
  patient_id: 8,
  status: 'Scheduled',
  appointment_time: '2031-03-11T10:00:00+08:00',
  deleted: true,
  patient_name: null,
  dentist_name: null,
};

describe('appointment-updated', () => {
  it('is the event name the SPA listens to', () => {
    expect(APPOINTMENT_UPDATED).toBe('appointment-updated');
  });

  it('when the payload is a full row, then it is read with every column', () => {
    expect(appointmentUpdatedPayloadSchema.parse(row)).toEqual(row);
  });

  it('when the payload is a removed row, then it is read', () => {
    expect(appointmentUpdatedPayloadSchema.parse(removed)).toEqual(removed);
  });

  it('when the row carries its open flag, then the flag is read; none is null', () => {
    const flag = {
      id: 7,
      kind: 'late_cancellation_request',
      note: 'Patient tapped Cancel 40 minutes before.',
      created_at: '2031-03-11T01:20:00.5+00:00',
    };
    expect(appointmentUpdatedPayloadSchema.parse({ ...row, open_flag: flag })).toMatchObject({ open_flag: flag });
    expect(appointmentUpdatedPayloadSchema.parse({ ...row, open_flag: null })).toMatchObject({ open_flag: null });
  });

  it('when the row has a column added later, then it passes through', () => {
    expect(appointmentUpdatedPayloadSchema.parse({ ...row, chair: 2 })).toMatchObject({ chair: 2 });
  });

  it.each([
    ['a missing id', { id: undefined }],
    ['a text id', { id: '41' }],
    ['a clinic id of 0', { clinic_id: 0 }],
    ['a fractional dentist id', { dentist_id: 5.5 }],
    ['no patient id', { patient_id: null }],
    ['a status that is not one of the five', { status: 'Rescheduled' }],
    ['an appointment time without an offset', { appointment_time: '2031-03-11T10:00:00' }],
    ['an appointment time that is not a time', { appointment_time: 'tomorrow' }],
    ['deleted as text', { deleted: 'false' }],
    ['a missing patient name', { patient_name: undefined }],
    ['a dentist name that is not text', { dentist_name: 5 }],
    ['reminder days that are not whole numbers', { reminder_days: ['1'] }],
    ['an unknown recipient type', { reminder_recipient_type: 'parent' }],
    [
      'an open flag without an id',
      { open_flag: { kind: 'late_cancellation_request', note: 'x', created_at: '2031-03-11T01:20:00Z' } },
    ],
  ])('when the payload has %s, then it is refused', (_case, change) => {
    expect(appointmentUpdatedPayloadSchema.safeParse({ ...row, ...change }).success).toBe(false);
  });
});

describe('billing-updated', () => {
  /** What the billing_changes trigger announces for a payment. */
  const change = { table: 'payments', op: 'INSERT', id: 12, clinic_id: 3, invoice_id: 7 };

  it('is the event name the SPA listens to', () => {
    expect(BILLING_UPDATED).toBe('billing-updated');
  });

  it('when the payload names a payment or an invoice, then it is read', () => {
    expect(billingUpdatedPayloadSchema.parse(change)).toEqual(change);
    const voided = { table: 'invoices', op: 'UPDATE', id: 7, clinic_id: 3, invoice_id: 7 };
    expect(billingUpdatedPayloadSchema.parse(voided)).toEqual(voided);
  });

  it('when the payload names a renamed patient, then it is read, touching no one invoice', () => {
    const renamed = { table: 'patients', op: 'UPDATE', id: 41, clinic_id: 3, invoice_id: null };
    expect(billingUpdatedPayloadSchema.parse(renamed)).toEqual(renamed);
  });

  it.each([
    ['another table', { table: 'appointments' }],
    ['an unknown operation', { op: 'TRUNCATE' }],
    ['a text id', { id: '12' }],
    ['a clinic id of 0', { clinic_id: 0 }],
    ['no invoice id', { invoice_id: undefined }],
  ])('when the payload has %s, then it is refused', (_case, override) => {
    expect(billingUpdatedPayloadSchema.safeParse({ ...change, ...override }).success).toBe(false);
  });
});
