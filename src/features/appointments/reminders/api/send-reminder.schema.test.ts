import { describe, expect, it } from 'vitest';
import { sendReminderSchema } from './send-reminder.schema';

const MANILA = 'Asia/Manila';
// Friday 20 November 2026, 23:30 in Manila (15:30Z).
const LATE_FRIDAY = new Date('2026-11-20T15:30:00Z');
const MONDAY_NINE = '2026-11-23T09:00:00+08:00';
const blank = { message: '', recipientOverride: '' };

const schemaFor = (appointmentTime: string) =>
  sendReminderSchema({ appointmentTime, timeZone: MANILA, now: () => LATE_FRIDAY });

/** The refusal's field and message, or null when the form may be sent. */
function refusalOf(appointmentTime: string, values: typeof blank) {
  const result = schemaFor(appointmentTime).safeParse(values);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return { field: issue!.path.join('.'), message: issue!.message };
}

describe('the Send Reminder Now form', () => {
  it('passes the request body when the overrides are within the limits', () => {
    expect(schemaFor(MONDAY_NINE).parse({ message: ' Hi ', recipientOverride: '' })).toEqual({
      days_ahead: 3,
      message_override: 'Hi',
    });
  });

  it('marks the custom message when it is too long', () => {
    expect(refusalOf(MONDAY_NINE, { ...blank, message: 'y'.repeat(1001) })).toEqual({
      field: 'message',
      message: 'The custom message must be at most 1000 characters.',
    });
  });

  it('marks the Messenger ID override when it is malformed', () => {
    expect(refusalOf(MONDAY_NINE, { ...blank, recipientOverride: '123 456' })).toEqual({
      field: 'recipientOverride',
      message: 'The Messenger ID may contain only letters, digits and the characters . _ : -',
    });
  });

  it('marks no field when the appointment is too far ahead', () => {
    expect(refusalOf('2027-12-01T09:00:00+08:00', blank)).toEqual({
      field: 'root',
      message: 'A reminder can be sent at most 365 days before the appointment.',
    });
  });

  it('reads the clock when the form is sent, not when the schema is built', () => {
    let now = LATE_FRIDAY;
    const schema = sendReminderSchema({ appointmentTime: MONDAY_NINE, timeZone: MANILA, now: () => now });
    now = new Date('2026-11-21T15:30:00Z');
    expect(schema.parse(blank)).toEqual({ days_ahead: 2 });
  });
});
