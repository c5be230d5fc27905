import { describe, expect, it } from 'vitest';
import { QUICK_REPLY_PAYLOAD } from '../contracts';
import { decideReply, parseReplyPayload, replyText, type AppointmentForReply } from './reply-decision';

const NOW = new Date('2026-11-23T01:00:00.000Z'); // 09:00 in Manila
const IN_TWO_HOURS = new Date('2026-11-23T03:00:00.000Z');
const CLINIC = 4;

const appointment = (overrides: Partial<AppointmentForReply> = {}): AppointmentForReply => ({
  id: 42,
  clinicId: CLINIC,
  status: 'Scheduled',
  deleted: false,
  appointmentTime: IN_TWO_HOURS,
  patientMessengerId: 'psid-patient',
  guardianMessengerId: null,
  remindedMessengerIds: [],
  ...overrides,
});

const decide = (
  action: 'confirm' | 'cancel',
  overrides: Partial<AppointmentForReply> | null = {},
  sender = 'psid-patient',
) =>
  decideReply({
    action,
    appointment: overrides === null ? null : appointment(overrides),
    clinicId: CLINIC,
    senderPsid: sender,
    now: NOW,
  });

describe('parseReplyPayload', () => {
  it('when the payload is a reminder’s Confirm or Cancel, then the action and appointment are read', () => {
    expect(parseReplyPayload(QUICK_REPLY_PAYLOAD.confirm(42))).toEqual({ action: 'confirm', appointmentId: 42 });
    expect(parseReplyPayload(QUICK_REPLY_PAYLOAD.cancel(7))).toEqual({ action: 'cancel', appointmentId: 7 });
  });

  it('when the payload is anything else, then it is not a reply', () => {
    for (const payload of [
      null,
      '',
      'CONFIRM_APPOINTMENT:',
      'CONFIRM_APPOINTMENT:0',
      'DELETE_APPOINTMENT:1',
      'CONFIRM_APPOINTMENT:1 ',
    ]) {
      expect(parseReplyPayload(payload)).toBeNull();
    }
  });
});

describe('decideReply', () => {
  it('when the patient confirms a Scheduled future appointment, then it becomes Confirmed', () => {
    expect(decide('confirm')).toEqual({ outcome: 'confirmed', newStatus: 'Confirmed' });
  });

  it('when the appointment is already Confirmed, then confirming changes nothing but is answered', () => {
    expect(decide('confirm', { status: 'Confirmed' })).toEqual({ outcome: 'already_confirmed', newStatus: null });
  });

  it('when the guardian confirms, then it counts as the patient', () => {
    expect(decide('confirm', { guardianMessengerId: 'psid-guardian' }, 'psid-guardian').outcome).toBe('confirmed');
  });

  it('when the patient cancels more than an hour ahead, then it becomes Cancelled', () => {
    expect(decide('cancel')).toEqual({ outcome: 'cancelled', newStatus: 'Cancelled' });
    expect(decide('cancel', { status: 'Confirmed' }).outcome).toBe('cancelled');
  });

  it('when the patient cancels exactly one hour ahead, then it is still cancelled (as in the status select)', () => {
    expect(decide('cancel', { appointmentTime: new Date(NOW.getTime() + 3_600_000) }).outcome).toBe('cancelled');
  });

  it('when the patient cancels less than an hour ahead, then it is flagged for staff, not cancelled', () => {
    expect(decide('cancel', { appointmentTime: new Date(NOW.getTime() + 3_599_999) })).toMatchObject({
      outcome: 'flagged',
      newStatus: null,
    });
  });

  it('when staff sent the reminder to another Messenger ID, then that person’s tap is answered too', () => {
    const reminded = { remindedMessengerIds: ['psid-daughter'] };
    expect(decide('confirm', reminded, 'psid-daughter')).toEqual({ outcome: 'confirmed', newStatus: 'Confirmed' });
    expect(decide('cancel', reminded, 'psid-daughter')).toEqual({ outcome: 'cancelled', newStatus: 'Cancelled' });
    expect(decide('confirm', reminded, 'psid-stranger')).toMatchObject({ outcome: 'ignored', newStatus: null });
  });

  it('when the sender is neither the patient nor the guardian, then the reply is ignored', () => {
    expect(decide('confirm', {}, 'psid-stranger')).toMatchObject({ outcome: 'ignored', newStatus: null });
    expect(decide('cancel', { patientMessengerId: null }, 'psid-patient').outcome).toBe('ignored');
  });

  it('when the appointment is missing or of another clinic, then the reply is ignored', () => {
    expect(decide('confirm', null).outcome).toBe('ignored');
    expect(decide('confirm', { clinicId: CLINIC + 1 }).outcome).toBe('ignored');
  });

  it('when the appointment is past, deleted or closed, then it cannot be changed here', () => {
    expect(decide('confirm', { appointmentTime: NOW }).outcome).toBe('not_changeable');
    expect(decide('cancel', { deleted: true }).outcome).toBe('not_changeable');
    expect(decide('confirm', { status: 'Completed' }).outcome).toBe('not_changeable');
    expect(decide('confirm', { status: 'Cancelled' }).outcome).toBe('not_changeable');
    expect(decide('cancel', { status: 'No Show' }).outcome).toBe('not_changeable');
  });

  it('when a Cancelled future appointment is cancelled again, then it says it is cancelled', () => {
    expect(decide('cancel', { status: 'Cancelled' })).toEqual({ outcome: 'already_cancelled', newStatus: null });
  });
});

describe('replyText', () => {
  const facts = { appointmentTime: IN_TWO_HOURS, timeZone: 'Asia/Manila', clinicPhone: null };

  it('when confirmed, then the patient is thanked with the date and time in clinic time', () => {
    expect(replyText('confirmed', facts)).toBe(
      'Thank you! Your appointment on Monday, 23 November 2026 at 11:00 AM is confirmed.',
    );
  });

  it('when cancelled, then the patient is told so', () => {
    expect(replyText('cancelled', facts)).toBe(
      'Your appointment on Monday, 23 November 2026 at 11:00 AM has been cancelled.',
    );
  });

  it('when too late to cancel, then the patient is told to call the clinic (with its number when known)', () => {
    expect(replyText('flagged', facts)).toBe(
      'It is less than an hour before your appointment, so it cannot be cancelled here. Please call the clinic.',
    );
    expect(replyText('flagged', { ...facts, clinicPhone: '0917 123 4567' })).toBe(
      'It is less than an hour before your appointment, so it cannot be cancelled here. Please call the clinic at 0917 123 4567.',
    );
  });

  it('when the clinic is in another zone, then its own wall clock is used', () => {
    expect(replyText('confirmed', { ...facts, timeZone: 'America/New_York' })).toBe(
      'Thank you! Your appointment on Sunday, 22 November 2026 at 10:00 PM is confirmed.',
    );
  });

  it('when the reply is ignored, then nothing is sent', () => {
    expect(replyText('ignored', facts)).toBeNull();
  });
});
